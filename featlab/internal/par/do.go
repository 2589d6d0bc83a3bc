package par

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/featlab/course/featlab"
)

// PanicError is returned by Do when a piece of work (or the progress
// callback) panicked. It wraps featlab.ErrPanic; Value is what was passed
// to panic and Stack the panicking goroutine's stack.
type PanicError struct {
	Index int    // the piece that panicked, -1 for the progress callback
	Value any    // the panic value
	Stack []byte // stack of the panicking goroutine
}

func (e *PanicError) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("progress callback panicked: %v", e.Value)
	}
	return fmt.Sprintf("piece %d panicked: %v", e.Index, e.Value)
}

// Unwrap makes errors.Is(err, featlab.ErrPanic) true.
func (e *PanicError) Unwrap() error { return featlab.ErrPanic }

// Do calls fn(i) for i in [0, n) on up to workers goroutines (workers <= 0
// means all cores) and waits for them.
//
//   - Each piece writes only its own output slot, so results are identical
//     to the serial order for any number of workers.
//   - A panic in fn(i) is recovered and returned as a *PanicError (wrapping
//     featlab.ErrPanic) naming i; it never kills the process.
//   - progress, when not nil, is called as progress(done, n) from the
//     calling goroutine, once per piece that finished without error, in
//     order of completion count. A panic in progress stops the work (no new piece starts) and is
//     returned as a *PanicError with Index -1.
//   - Once ctx is done, or any piece has failed, no new piece starts; pieces
//     already running finish.
//
// The error returned is that of the failing piece with the lowest index;
// failing that, the progress panic; failing that, ctx.Err() if ctx was
// cancelled before every piece ran. Callers wrap it with their own context
// ("fold 3", "subset {x1, x4}"). With one worker and no progress callback
// the pieces run in the calling goroutine, in order.
func Do(ctx context.Context, n, workers int, progress func(done, total int), fn func(i int) error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	errs := make([]error, n)
	ran := make([]bool, n)
	call := func(i int) {
		defer func() {
			if r := recover(); r != nil {
				errs[i] = &PanicError{Index: i, Value: r, Stack: debug.Stack()}
			}
		}()
		ran[i] = true
		errs[i] = fn(i)
	}
	w := Workers(workers, n)
	var progErr error
	if w == 1 && progress == nil {
		for i := 0; i < n; i++ {
			if ctx.Err() != nil {
				break
			}
			call(i)
			if errs[i] != nil {
				break
			}
		}
	} else {
		var (
			mu      sync.Mutex
			next    int
			stopped bool
		)
		take := func() (int, bool) {
			mu.Lock()
			defer mu.Unlock()
			if stopped || next >= n || ctx.Err() != nil {
				return 0, false
			}
			i := next
			next++
			return i, true
		}
		stop := func() {
			mu.Lock()
			stopped = true
			mu.Unlock()
		}
		// Unbuffered: a worker hands over each finished piece before it takes
		// the next, so a stop (failure, progress panic) takes effect at once.
		done := make(chan int)
		var wg sync.WaitGroup
		wg.Add(w)
		for k := 0; k < w; k++ {
			go func() {
				defer wg.Done()
				for {
					i, ok := take()
					if !ok {
						return
					}
					call(i)
					if errs[i] != nil {
						// A failed piece stops the others and is not reported
						// as done to progress.
						stop()
						continue
					}
					if progress != nil {
						done <- i
					}
				}
			}()
		}
		go func() {
			wg.Wait()
			close(done)
		}()
		count := 0
		// Without a progress callback nothing is sent: this only waits.
		for range done {
			count++
			if progress != nil && progErr == nil {
				if err := callProgress(progress, count, n); err != nil {
					progErr = err
					stop()
				}
			}
		}
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	if progErr != nil {
		return progErr
	}
	for i := range ran {
		if !ran[i] {
			if err := ctx.Err(); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

func callProgress(progress func(done, total int), done, total int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Index: -1, Value: r, Stack: debug.Stack()}
		}
	}()
	progress(done, total)
	return nil
}

// CallProgress calls a user Progress callback outside Do (nil: nothing)
// and returns its panic as a *PanicError (Index -1, wrapping
// featlab.ErrPanic), so every package recovers callbacks the same way.
func CallProgress(progress func(done, total int), done, total int) error {
	if progress == nil {
		return nil
	}
	return callProgress(progress, done, total)
}
