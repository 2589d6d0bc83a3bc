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
