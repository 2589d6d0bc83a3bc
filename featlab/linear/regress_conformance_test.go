package linear

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Regressions for the conformance suite's findings in the single steps:
// an overflowing step returned +Inf or NaN with no error, and a bad y
// was named y[i] rather than by its row.
func TestStepsOverflowAndRows(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 7})
	X.Scale(1e300, X)
	y := []float64{1, 2, 3}
	w := []float64{0.5, -0.25}
	if _, err := ProximalGradientStep(X, y, w, 0.1, 10); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("ProximalGradientStep at 1e300: %v", err)
	}
	if _, err := CoordinateStep(X, y, w, 0.1, 1); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("CoordinateStep at 1e300: %v", err)
	}
	if _, err := Maurey([]float64{1e308, -1e308, 1e308}, 4, 1); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("Maurey with ||w||_1 > MaxFloat64: %v", err)
	}
	Xs := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 7})
	_, err := CoordinateStep(Xs, []float64{1, 2, nan()}, w, 0.1, 0)
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "row 2") {
		t.Errorf("NaN in y at row 2: %v", err)
	}
}

func nan() float64 { var z float64; return z / z }

// The standard errors summed squares of R^{-1}, which overflow to +Inf
// when X ~ 1e-300 (R ~ 1e-300); they now scale exactly with X.
func TestLeastSquaresStdErrTinyX(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{1, 2, 2, 1, 3, 5, 4, 3, 5, 8, 6, 1})
	y := []float64{1, 3, 2, 5, 4, 7}
	base, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: true})
	if err != nil || base.Stats == nil {
		t.Fatalf("unscaled: %v", err)
	}
	Xs := mat.DenseCopyOf(X)
	Xs.Scale(1e-300, Xs)
	res, err := LeastSquares(Xs, y, LeastSquaresConfig{Intercept: true})
	if err != nil || res.Stats == nil {
		t.Fatalf("X x 1e-300: %v (Stats %v)", err, res)
	}
	for j, se := range res.Stats.StdErr {
		want := base.Stats.StdErr[j] * 1e300
		if d := (se - want) / want; d > 1e-9 || d < -1e-9 {
			t.Errorf("StdErr[%d] = %v, want %v", j, se, want)
		}
	}
}
