package matx

import (
	"context"
	"errors"
	"testing"
)

// TestMakeContextCancelDuringAllocation: a cancel while a large
// allocation is stalled returns at once with ctx's error; a small one is
// made in place; an uncancelled large one is returned.
func TestMakeContextCancelDuringAllocation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	makeFloats = func(n int) []float64 {
		cancel()
		<-release
		return make([]float64, n)
	}
	s, err := MakeContext(ctx, makeAsync)
	close(release)
	makeFloats = func(n int) []float64 { return make([]float64, n) }
	if !errors.Is(err, context.Canceled) || s != nil {
		t.Fatalf("stalled allocation, cancelled: %d values, err %v; want nil, context.Canceled", len(s), err)
	}
	if s, err := MakeContext(ctx, 10); err != nil || len(s) != 10 {
		t.Fatalf("small allocation: %d values, %v", len(s), err)
	}
	if s, err := MakeContext(context.Background(), makeAsync); err != nil || len(s) != makeAsync {
		t.Fatalf("large allocation: %d values, %v", len(s), err)
	}
}
