package transform_test

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/transform"
)

// Every estimator that meets a missing value (NaN) without an imputer
// fails with an error wrapping featlab.ErrNotFinite that names the row
// and points to the imputer (featlab.MissingHint); in a pipeline after an
// Imputer the same call succeeds. Airquality's rows with Ozone observed:
// Solar.R (column 0) is missing at row 4 of them (R: airquality[5, ]).
func TestEstimatorsPointToTheImputer(t *testing.T) {
	ds, err := datasets.Airquality().Where("Ozone", func(v float64) bool { return v == v })
	if err != nil {
		t.Fatal(err)
	}
	X, y := ds.X, ds.Y
	calls := map[string]func(X mat.Matrix) error{
		"linear.Lasso":          func(X mat.Matrix) error { _, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: 1}); return err },
		"linear.LeastSquares":   func(X mat.Matrix) error { _, err := linear.LeastSquares(X, y, linear.LeastSquaresConfig{}); return err },
		"filter.FRegression":    func(X mat.Matrix) error { _, err := filter.FRegression(X, y, filter.Config{}); return err },
		"greedy.OMP":            func(X mat.Matrix) error { _, err := greedy.OMP(X, y, greedy.OMPConfig{T: 2}); return err },
		"represent.PCA":         func(X mat.Matrix) error { return (&represent.PCA{PCAConfig: represent.PCAConfig{K: 2}}).Fit(X) },
		"transform.Standardize": func(X mat.Matrix) error { return (&transform.Standardize{}).Fit(X) },
	}
	im := &transform.Imputer{Strategy: transform.ImputeMedian}
	filled, err := transform.FitTransform(im, X)
	if err != nil {
		t.Fatal(err)
	}
	for name, call := range calls {
		err := call(X)
		if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "row 4") || !strings.Contains(err.Error(), "transform.Imputer") {
			t.Errorf("%s on NaN: %v", name, err)
		}
		if err := call(filled); err != nil {
			t.Errorf("%s after the imputer: %v", name, err)
		}
	}
}
