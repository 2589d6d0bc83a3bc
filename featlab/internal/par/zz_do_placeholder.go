package par

import (
	"context"
	"fmt"
	"sync"

	"github.com/featlab/course/featlab"
)

// Do is a placeholder for the lead's par.Do (deleted when main is merged).
func Do(ctx context.Context, n, workers int, progress func(done, total int), fn func(i int) error) error {
	errs := make([]error, n)
	done := make(chan int, n)
	var mu sync.Mutex
	stop := false
	go func() {
		For(n, workers, func(i int) {
			mu.Lock()
			s := stop
			mu.Unlock()
			if s || ctx.Err() != nil {
				errs[i] = ctx.Err()
				done <- i
				return
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						errs[i] = featlab.Errorf(featlab.ErrPanic, "piece %d: %v", i, r)
					}
				}()
				errs[i] = fn(i)
			}()
			done <- i
		})
		close(done)
	}()
	k := 0
	var perr error
	for range done {
		k++
		if progress != nil && perr == nil {
			func() {
				defer func() {
					if r := recover(); r != nil {
						perr = featlab.Errorf(featlab.ErrPanic, "progress callback: %v", r)
						mu.Lock()
						stop = true
						mu.Unlock()
					}
				}()
				progress(k, n)
			}()
		}
	}
	if perr != nil {
		return perr
	}
	for i, e := range errs {
		if e != nil {
			if e == ctx.Err() {
				return fmt.Errorf("piece %d: %w", i, e)
			}
			return e
		}
	}
	return nil
}
