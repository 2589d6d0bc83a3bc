package sensing

import (
	"errors"
	"runtime"
	"testing"

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

// TestGaussianOverMaxCellsRefused: 2^14 x 2^14 = 2^28 values is over
// featlab.DefaultMaxCells and refused with ErrTooLarge before allocating
// (issue 20).
func TestGaussianOverMaxCellsRefused(t *testing.T) {
	var err error
	n := allocDuring(func() { _, err = Gaussian(1<<14, 1<<14, 1) })
	if !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if n > 1<<20 {
		t.Errorf("allocated %d bytes before refusing", n)
	}
	if _, err := Gaussian(20, 200, 1); err != nil {
		t.Errorf("20 x 200: %v", err)
	}
}

// TestSoftImputeHugeNLambdaRefused: a grid of NLambda > DefaultMaxCells
// values is refused with ErrTooLarge before allocating (issue 20).
func TestSoftImputeHugeNLambdaRefused(t *testing.T) {
	o, err := ObserveEntries(3, 3, []int{0, 1, 2}, []int{0, 1, 2}, []float64{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	n := allocDuring(func() { _, err = SoftImpute(o, SoftImputeConfig{NLambda: featlab.DefaultMaxCells + 1}) })
	if !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if n > 1<<20 {
		t.Errorf("allocated %d bytes before refusing", n)
	}
}
