package importance

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/validate"
)

// TestPermutationStdLargeScale: importances near 1e302 (a fixed model's
// MSE on X and y x 1e150) have a finite standard deviation; the plain sum of
// squared deviations overflowed to +Inf with a nil error (the badinput
// suite's "large values (x 1e150)" input). The result is c^2 times the
// one at scale 1 up to rounding.
func TestPermutationStdLargeScale(t *testing.T) {
	rowSums := featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
		m, d := X.Dims()
		out := make([]float64, m)
		for i := range out {
			for j := 0; j < d; j++ {
				out[i] += X.At(i, j)
			}
		}
		return out, nil
	})
	X, y := planted(40, 3, 7)
	cfg := PermutationConfig{Predictor: rowSums, Metric: validate.MSE, LowerIsBetter: true, Repeats: 4}
	base, err := Permutation(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	const c = 1e150
	Xs := mat.DenseCopyOf(X)
	Xs.Scale(c, Xs)
	ys := make([]float64, len(y))
	for i, v := range y {
		ys[i] = c * v
	}
	big, err := Permutation(Xs, ys, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j, s := range big.Std {
		if math.IsInf(s, 0) || math.IsNaN(s) {
			t.Fatalf("Std[%d] = %g at X x 1e150", j, s)
		}
		want := base.Std[j] * c * c
		if math.Abs(s-want) > 1e-6*want {
			t.Errorf("Std[%d] = %g at X x 1e150, want about %g (c^2 times %g)", j, s, want, base.Std[j])
		}
	}
	if got := popStd([]float64{1, 3}, 2); got != 1 {
		t.Errorf("popStd({1, 3}, 2) = %g, want 1", got)
	}
}
