package greedy

import (
	"errors"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// allocDuring returns the bytes f allocates.
func allocDuring(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestOMPHugeBudgetAllocatesNothing: a budget T far beyond d (issue 20)
// must not size any buffer; the support stops at d.
func TestOMPHugeBudgetAllocatesNothing(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, 0, 0, 1, 1, 1, 2, -1})
	y := []float64{1, 2, 3, 0}
	for _, cfg := range []OMPConfig{
		{T: featlab.DefaultMaxCells + 1},
		{T: featlab.DefaultMaxCells + 1, Normalize: true, Rule: Correlation},
	} {
		var err error
		n := allocDuring(func() { _, err = OMP(X, y, cfg) })
		if err != nil && !errors.Is(err, featlab.ErrTooLarge) && !errors.Is(err, featlab.ErrParam) {
			t.Fatalf("%+v: %v", cfg, err)
		}
		if n > 1<<20 {
			t.Errorf("%+v: allocated %d bytes", cfg, n)
		}
	}
}

// TestAdaBoostHugeTRefused: T rounds x m examples over the limit is
// refused with ErrTooLarge before any round runs (issue 20).
func TestAdaBoostHugeTRefused(t *testing.T) {
	X := mat.NewDense(4, 1, []float64{1, 2, 3, 4})
	y := []float64{-1, -1, 1, 1}
	var err error
	n := allocDuring(func() { _, err = AdaBoostGreedy(X, y, AdaBoostConfig{T: featlab.DefaultMaxCells + 1}) })
	if !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if n > 1<<20 {
		t.Errorf("allocated %d bytes before refusing", n)
	}
}
