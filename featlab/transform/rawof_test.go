package transform

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The Workers setting of a transformer reaches the passes over the data.
func TestRawOfCarriesWorkers(t *testing.T) {
	X := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	for _, w := range []int{0, 1, 3} {
		x, err := rawOf(X, w)
		if err != nil {
			t.Fatal(err)
		}
		if x.workers != w {
			t.Errorf("rawOf(X, %d).workers = %d", w, x.workers)
		}
	}
	var f fitted
	f.d = 2
	x, err := f.check(mat.DenseCopyOf(X), "test", 2)
	if err != nil || x.workers != 2 {
		t.Errorf("check(..., 2) gave workers %d, err %v", x.workers, err)
	}
}
