package par

import (
	"sync/atomic"
	"testing"
)

func TestForVisitsEachIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 3, 64} {
		for _, n := range []int{0, 1, 2, 7, 100} {
			counts := make([]int32, n)
			For(n, workers, func(i int) { atomic.AddInt32(&counts[i], 1) })
			for i, c := range counts {
				if c != 1 {
					t.Fatalf("workers=%d n=%d: index %d visited %d times", workers, n, i, c)
				}
			}
		}
	}
}

func TestBlocksCoverRangeExactly(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 5} {
		for _, n := range []int{0, 1, 3, 10, 101} {
			counts := make([]int32, n)
			Blocks(n, workers, func(lo, hi int) {
				if lo > hi {
					t.Errorf("block [%d, %d) is reversed", lo, hi)
				}
				for i := lo; i < hi; i++ {
					atomic.AddInt32(&counts[i], 1)
				}
			})
			for i, c := range counts {
				if c != 1 {
					t.Fatalf("workers=%d n=%d: index %d covered %d times", workers, n, i, c)
				}
			}
		}
	}
}

func TestResultsIndependentOfWorkers(t *testing.T) {
	f := func(workers int) []float64 {
		out := make([]float64, 50)
		For(50, workers, func(i int) {
			s := 0.0
			for k := 0; k <= i; k++ {
				s += 1 / float64(k+1)
			}
			out[i] = s
		})
		return out
	}
	a, b := f(1), f(4)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("index %d: serial %v, parallel %v", i, a[i], b[i])
		}
	}
}

func TestWorkers(t *testing.T) {
	if w := Workers(8, 3); w != 3 {
		t.Errorf("Workers(8, 3) = %d, want 3 (no more workers than work)", w)
	}
	if w := Workers(2, 0); w != 1 {
		t.Errorf("Workers(2, 0) = %d, want 1", w)
	}
	if w := Workers(0, 1000); w < 1 {
		t.Errorf("Workers(0, 1000) = %d, want all cores >= 1", w)
	}
}
