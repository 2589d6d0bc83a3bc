// Package par runs independent pieces of work on a bounded pool of
// goroutines. Each piece writes only its own output slot, so results are
// identical to the serial order whatever the scheduling.
package par

import (
	"runtime"
	"sync"
)

// Workers returns the number of workers to use for n pieces of work when
// the caller asked for want workers: want <= 0 means all cores
// (GOMAXPROCS); the result is in [1, max(n, 1)].
func Workers(want, n int) int {
	if want <= 0 {
		want = runtime.GOMAXPROCS(0)
	}
	if want > n {
		want = n
	}
	if want < 1 {
		want = 1
	}
	return want
}

// For calls fn(i) for i in [0, n) on up to workers goroutines (workers <= 0
// means all cores). Indices are handed out one at a time, so uneven work
// balances itself.
// With one worker it runs in the calling goroutine, in order.
func For(n, workers int, fn func(i int)) {
	w := Workers(workers, n)
	if w == 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int, n)
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Add(w)
	for k := 0; k < w; k++ {
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// Blocks splits [0, n) into up to workers contiguous blocks and calls
// fn(lo, hi) for each on its own goroutine; for work whose per-index cost is
// tiny (a column of a fused pass) this beats handing out single indices.
func Blocks(n, workers int, fn func(lo, hi int)) {
	w := Workers(workers, n)
	if w == 1 {
		if n > 0 {
			fn(0, n)
		}
		return
	}
	var wg sync.WaitGroup
	wg.Add(w)
	for k := 0; k < w; k++ {
		lo, hi := k*n/w, (k+1)*n/w
		go func() {
			defer wg.Done()
			fn(lo, hi)
		}()
	}
	wg.Wait()
}
