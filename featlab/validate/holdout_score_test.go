package validate_test

import (
	"errors"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// TestHoldoutScore compares HoldoutScore with the fit, predict and metric
// done by hand on a diabetes split, and counts the fits of CountFits.
func TestHoldoutScore(t *testing.T) {
	ds := datasets.Diabetes()
	tr, te, err := validate.Holdout(442, 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	train, test := ds.Rows(tr), ds.Rows(te)
	cols := []int{2, 8}
	var n atomic.Int64
	ls := validate.CountFits(linear.LeastSquaresConfig{Intercept: true}, &n)
	got, err := validate.HoldoutScore(train, test, validate.HoldoutConfig{Learner: ls, Columns: cols,
		Metric: validate.MSE})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := train.Columns(cols)
	b, _ := test.Columns(cols)
	p, _ := linear.LeastSquaresConfig{Intercept: true}.Fit(a.X, a.Y)
	yhat, _ := p.Predict(b.X)
	want, _ := validate.MSE(b.Y, yhat)
	if got != want || n.Load() != 1 {
		t.Errorf("HoldoutScore %v, by hand %v; %d fits counted", got, want, n.Load())
	}
	all, _ := validate.HoldoutScore(train, test, validate.HoldoutConfig{Learner: ls, Metric: validate.MSE})
	if all == got || n.Load() != 2 {
		t.Errorf("all columns: %v (two columns %v), %d fits", all, got, n.Load())
	}
	panics := featlab.LearnerFunc(func(mat.Matrix, []float64) (featlab.Predictor, error) { panic("boom") })
	for _, c := range []struct {
		train, test *featlab.Dataset
		cfg         validate.HoldoutConfig
		want        error
	}{
		{nil, test, validate.HoldoutConfig{Learner: ls, Metric: validate.MSE}, featlab.ErrEmpty},
		{train, test, validate.HoldoutConfig{Metric: validate.MSE}, featlab.ErrParam},
		{train, test, validate.HoldoutConfig{Learner: ls}, featlab.ErrParam},
		{train, a, validate.HoldoutConfig{Learner: ls, Metric: validate.MSE}, featlab.ErrShape},
		{train, test, validate.HoldoutConfig{Learner: panics, Metric: validate.MSE}, featlab.ErrPanic},
	} {
		if _, err := validate.HoldoutScore(c.train, c.test, c.cfg); !errors.Is(err, c.want) {
			t.Errorf("%+v: %v, want %v", c.cfg, err, c.want)
		}
	}
}
