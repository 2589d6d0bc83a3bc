package transform_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// "Standardize, keep the 5 best features by F, fit a lasso" is one
// learner; cross-validating it standardizes and selects inside each fold.
func ExampleModel() {
	ds := datasets.Diabetes()
	model := transform.Model{
		Steps: []featlab.Transformer{
			&transform.Standardize{},
			&transform.Select{Selector: filter.TopKSelector(filter.FRegression, filter.Config{}, 5)},
		},
		Learner: linear.LassoConfig{Lambda: 1, Intercept: true},
	}
	folds, _ := validate.KFoldUnshuffled(len(ds.Y), 5)
	cv, err := validate.CrossValidate(ds.X, ds.Y, validate.CVConfig{Learner: model, Folds: folds, Metric: validate.MSE})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("5-fold CV mean squared error: %.0f\n", cv.Mean)
	fit, _ := model.Fit(ds.X, ds.Y)
	sel := fit.(*transform.FittedModel).Selection()
	names := make([]string, len(sel.Chosen))
	for k, j := range sel.Chosen {
		names[k] = ds.Names[j]
	}
	fmt.Println("kept on all rows:", names)
	// Output:
	// 5-fold CV mean squared error: 3087
	// kept on all rows: [bmi s5 bp s4 s3]
}

// The same pipeline, cross-validated with the same unshuffled folds, gives
// scikit-learn's fold scores (testdata/golden_pipeline_cv.py).
func TestModelCVMatchesSklearnPipeline(t *testing.T) {
	b, err := os.ReadFile("testdata/golden_pipeline_cv.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		K     int
		Alpha float64
		Folds int
		MSE   []float64
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	ds := datasets.Diabetes()
	model := transform.Model{
		Steps: []featlab.Transformer{
			&transform.Standardize{},
			&transform.Select{Selector: filter.TopKSelector(filter.FRegression, filter.Config{}, g.K)},
		},
		Learner: linear.LassoConfig{Lambda: g.Alpha, Intercept: true, Tol: 1e-12, MaxIter: 1000000},
	}
	folds, _ := validate.KFoldUnshuffled(len(ds.Y), g.Folds)
	cv, err := validate.CrossValidate(ds.X, ds.Y, validate.CVConfig{Learner: model, Folds: folds, Metric: validate.MSE})
	if err != nil {
		t.Fatal(err)
	}
	for f, want := range g.MSE {
		if math.Abs(cv.Scores[f]-want) > 1e-6*want {
			t.Errorf("fold %d: MSE %.10g, scikit-learn %.10g", f, cv.Scores[f], want)
		}
	}
}
