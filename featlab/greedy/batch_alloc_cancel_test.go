package greedy

import (
	"context"
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestOMPBatchCancelDuringAllocation: the codes and the correlation table
// (n x K each, 410 MB at 10^5 x 512) are allocated where the context can
// still be seen: on a loaded machine one such allocation waited 6-7 s
// behind the garbage collector, and OMPBatchContext returned 3-9 s after
// its cancel (issue 20's harness). The allocation is stalled here until
// the test ends; a cancel during it must return at once.
func TestOMPBatchCancelDuringAllocation(t *testing.T) {
	D, Y := batchAllocProblem()
	for _, stall := range []int{1, 2} { // the codes, then the correlations
		ctx, cancel := context.WithCancel(context.Background())
		release := make(chan struct{})
		calls := 0
		newDense = func(n, K int) *mat.Dense {
			calls++
			if calls == stall {
				cancel()
				<-release
			}
			return mat.NewDense(n, K, nil)
		}
		_, err := OMPBatchContext(ctx, D, Y, OMPConfig{T: 2})
		newDenseDone := calls
		close(release)
		newDense = func(n, K int) *mat.Dense { return mat.NewDense(n, K, nil) }
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stalled allocation %d: err = %v, want context.Canceled", stall, err)
		}
		if newDenseDone != stall {
			t.Fatalf("stalled allocation %d: %d allocations started, want %d", stall, newDenseDone, stall)
		}
	}
	// not cancelled: the same codes as OMPBatch
	a, err := OMPBatchContext(context.Background(), D, Y, OMPConfig{T: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, err := OMPBatch(D, Y, OMPConfig{T: 2})
	if err != nil || !mat.Equal(a, b) {
		t.Fatalf("codes differ with a context: %v", err)
	}
}

// batchAllocProblem: 2048 signals of length 16 on 512 atoms, so that the
// codes (2^20 cells) are allocated by allocContext's goroutine.
func batchAllocProblem() (D, Y *mat.Dense) {
	D = mat.NewDense(16, 512, nil)
	for i := 0; i < 16; i++ {
		for j := 0; j < 512; j++ {
			D.Set(i, j, float64((i*31+j*17)%23)-11)
		}
	}
	Y = mat.NewDense(2048, 16, nil)
	for i := 0; i < 2048; i++ {
		for j := 0; j < 16; j++ {
			Y.Set(i, j, float64((i*7+j*13)%19)-9)
		}
	}
	return D, Y
}
