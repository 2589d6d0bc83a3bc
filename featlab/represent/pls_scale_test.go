package represent

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
)

// PCR and PLS standardize by the columns' standard deviations: at X times
// 2^-1000 (about 1e-301) the squares underflowed to 0 and every column was
// refused as constant. Scaled by an exact power of two, the predictions
// must be those of the unscaled fit.
func TestPCRPLSTinyScale(t *testing.T) {
	ds := datasets.Diabetes()
	m, d := ds.X.Dims()
	tiny := mat.NewDense(m, d, nil)
	tiny.Scale(math.Ldexp(1, -1000), ds.X)
	fits := map[string]func(X mat.Matrix) (*ComponentPath, error){
		"PCR": func(X mat.Matrix) (*ComponentPath, error) {
			r, err := FitPCR(X, ds.Y, PCRConfig{Components: 4})
			if err != nil {
				return nil, err
			}
			return &r.ComponentPath, nil
		},
		"PLS": func(X mat.Matrix) (*ComponentPath, error) {
			r, err := FitPLS(X, ds.Y, PLSConfig{Components: 4})
			if err != nil {
				return nil, err
			}
			return &r.ComponentPath, nil
		},
	}
	for name, fit := range fits {
		p, err := fit(ds.X)
		if err != nil {
			t.Fatal(err)
		}
		q, err := fit(tiny)
		if err != nil {
			t.Fatalf("%s at X x 2^-1000: %v", name, err)
		}
		a, err := p.Predict(ds.X, 4)
		if err != nil {
			t.Fatal(err)
		}
		b, err := q.Predict(tiny, 4)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(a, b, 1e-9) {
			t.Errorf("%s: predictions at X x 2^-1000 differ from the unscaled fit's", name)
		}
	}
}
