package linear

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestLipschitzExtremeScale: L(c X) = c^2 L(X) at c = 1e-150 (it
// panicked inside LAPACK) and an L beyond float64 at c = 1e300 is
// ErrNotFinite (issue 20).
func TestLipschitzExtremeScale(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{1, 2, -1, 0.5, 3, 1})
	L, err := Lipschitz(X)
	if err != nil {
		t.Fatal(err)
	}
	var Xs mat.Dense
	Xs.Scale(1e-150, X)
	Ls, err := Lipschitz(&Xs)
	if err != nil {
		t.Fatal(err)
	}
	if want := L * 1e-300; math.Abs(Ls-want) > 1e-9*want {
		t.Errorf("L(1e-150 X) = %g, want %g", Ls, want)
	}
	Xs.Scale(1e300, X)
	if _, err := Lipschitz(&Xs); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("L(1e300 X): err = %v, want ErrNotFinite", err)
	}
}
