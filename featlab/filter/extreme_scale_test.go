package filter

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCorrelationScoresAtExtremeScale: Pearson, RSquared and FRegression
// prescale X by an exact power of two, so X x 2^+-996 gives the unscaled
// scores bit for bit, and at X x 1e+300 the exact tie of features 1 and 2
// is still broken towards the lower index (the overflow fallback used to
// pick feature 2: issue 20's suite, filter.PercentileSelector).
func TestCorrelationScoresAtExtremeScale(t *testing.T) {
	data := []float64{
		0.1, 2, 5, 0.4, 1, 3, 0.2, 7, 1, 0.9, 3, 2,
		0.5, 4, 8, 0.7, 6, 4, 0.3, 5, 6, 0.8, 8, 7,
	}
	y := []float64{0, 1, 0, 1, 0, 1, 1, 0}
	base := mat.NewDense(8, 3, data)
	for name, f := range map[string]ScoreFunc[Config]{"Pearson": Pearson, "RSquared": RSquared, "FRegression": FRegression} {
		want, err := f(base, y, Config{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []float64{0x1p996, 0x1p-996} {
			X := mat.NewDense(8, 3, nil)
			X.Scale(c, base)
			got, err := f(X, y, Config{})
			if err != nil {
				t.Fatal(err)
			}
			for j := range want.Values {
				if got.Values[j] != want.Values[j] {
					t.Errorf("%s at X x %g: score %d is %v, unscaled %v", name, c, j, got.Values[j], want.Values[j])
				}
			}
		}
		for _, c := range []float64{1e300, 1e-300} {
			X := mat.NewDense(8, 3, nil)
			X.Scale(c, base)
			sel, err := PercentileSelector(f, Config{}, 50).Select(X, y)
			if err != nil {
				t.Fatal(err)
			}
			if len(sel.Chosen) != 1 || sel.Chosen[0] != 1 {
				t.Errorf("%s at X x %g: chose %v, unscaled [1]", name, c, sel.Chosen)
			}
		}
	}
}
