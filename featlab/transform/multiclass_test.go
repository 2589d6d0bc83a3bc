package transform_test

import (
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/mat"
)

// TestModelThreeClasses: a model (standardise, keep the 5 best features
// by F-classif, multinomial learner) cross-validated on wine's three
// classes predicts held-out rows in their labels, accurately.
func TestModelThreeClasses(t *testing.T) {
	ds := datasets.Wine()
	m, _ := ds.X.Dims()
	folds, err := validate.KFold(m, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	md := transform.Model{
		Steps:   []featlab.Transformer{&transform.Standardize{}, &transform.Select{Selector: filter.TopKSelector(filter.FClassif, filter.Config{}, 5)}},
		Learner: linear.MultinomialConfig{Lambda: 0.01},
	}
	for f, fold := range folds {
		Xtr, ytr := rowsOf(ds, fold.Train)
		Xte, yte := rowsOf(ds, fold.Test)
		p, err := md.Fit(Xtr, ytr)
		if err != nil {
			t.Fatal(err)
		}
		pred, err := p.Predict(Xte)
		if err != nil {
			t.Fatal(err)
		}
		acc, _ := validate.Accuracy(yte, pred)
		if acc < 0.85 {
			t.Errorf("fold %d: held-out accuracy %v", f, acc)
		}
	}
}

func rowsOf(ds *featlab.Dataset, idx []int) (*mat.Dense, []float64) {
	_, d := ds.X.Dims()
	X := mat.NewDense(len(idx), d, nil)
	y := make([]float64, len(idx))
	for r, i := range idx {
		X.SetRow(r, ds.X.RawRowView(i))
		y[r] = ds.Y[i]
	}
	return X, y
}
