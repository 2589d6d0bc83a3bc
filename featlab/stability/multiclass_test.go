package stability_test

import (
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"gonum.org/v1/gonum/mat"
)

// TestMultinomialStability: stability selection of the multinomial lasso
// on wine's three classes (features some class uses) keeps a non-empty,
// proper subset at threshold 0.9.
func TestMultinomialStability(t *testing.T) {
	ds := datasets.Wine()
	sel := featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) {
		r, err := linear.Multinomial(X, y, linear.MultinomialConfig{Lambda: 0.05})
		if err != nil {
			return nil, err
		}
		return r.Selection(), nil
	})
	res, err := stability.Select(ds.X, ds.Y, stability.Config{Selector: sel, Rounds: 20, Seed: 3, Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	n := len(res.Selection().Chosen)
	if n == 0 || n == len(ds.Names) {
		t.Errorf("stable set of %d of %d features", n, len(ds.Names))
	}
}
