package search_test

import (
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/validate"
)

// TestForwardMultinomial: forward selection with a multinomial learner
// and 5-fold CV accuracy on wine's three classes finds a small subset
// that classifies well.
func TestForwardMultinomial(t *testing.T) {
	ds := datasets.Wine()
	m, _ := ds.X.Dims()
	folds, err := validate.KFold(m, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	res, err := search.Select(ds.X, ds.Y, search.Config{
		Strategy:  search.Forward{K: 3},
		Criterion: search.CV{Learner: linear.MultinomialConfig{Lambda: 0.01}, Folds: folds, Metric: validate.Accuracy, Higher: true},
		Names:     ds.Names,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Subset) == 0 || len(res.Subset) > 3 || res.Score < 0.9 {
		t.Errorf("forward selection chose %v with CV accuracy %v", res.Subset, res.Score)
	}
}
