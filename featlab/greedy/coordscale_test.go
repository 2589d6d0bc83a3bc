package greedy

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCoordinateGreedyTinyScale: X x 1e-300 selects the features X does,
// with coefficients 1e300 times larger (issue 20: the squared norms
// underflowed and the selection came back empty).
func TestCoordinateGreedyTinyScale(t *testing.T) {
	x := []float64{1, 0.5, -1, 2, 0.3, -0.7, 2, 1, -1.5, 0.2, 0.9, -0.4}
	X := mat.NewDense(6, 2, x)
	for _, cfg := range []CoordinateConfig{
		{T: 2, Loss: Squared},
		{T: 2, Loss: Logistic},
		{T: 2, Loss: Squared, Criterion: Gradient},
	} {
		y := []float64{1, 2, -1, 3, 0.5, -2}
		if cfg.Loss == Logistic {
			y = []float64{1, 1, -1, 1, -1, -1}
		}
		ref, err := CoordinateGreedy(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		var Xs mat.Dense
		Xs.Scale(1e-300, X)
		got, err := CoordinateGreedy(&Xs, y, cfg)
		if err != nil {
			t.Fatalf("%+v at 1e-300: %v", cfg, err)
		}
		if !slices.Equal(got.Support, ref.Support) {
			t.Errorf("%+v: support %v at 1e-300, %v unscaled", cfg, got.Support, ref.Support)
			continue
		}
		for j := range ref.Coef {
			if w := got.Coef[j] * 1e-300; math.Abs(w-ref.Coef[j]) > 1e-6*(1+math.Abs(ref.Coef[j])) {
				t.Errorf("%+v: coef %d = %g x 1e-300, want %g", cfg, j, w, ref.Coef[j])
			}
		}
	}
}
