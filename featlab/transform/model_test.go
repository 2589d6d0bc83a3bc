package transform_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// centroid is the nearest-centroid classifier for labels 0/1: a learner
// with no tuning, so that any gap between two error estimates comes from
// the selection alone.
type centroid struct{}

func (centroid) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	m, d := X.Dims()
	mu := [2][]float64{make([]float64, d), make([]float64, d)}
	n := [2]float64{}
	for i := 0; i < m; i++ {
		c := int(y[i])
		n[c]++
		for j := 0; j < d; j++ {
			mu[c][j] += X.At(i, j)
		}
	}
	for c := range mu {
		for j := range mu[c] {
			mu[c][j] /= max(n[c], 1)
		}
	}
	return featlab.PredictorFunc(func(Z mat.Matrix) ([]float64, error) {
		r, _ := Z.Dims()
		out := make([]float64, r)
		for i := range out {
			var d0, d1 float64
			for j := 0; j < d; j++ {
				v := Z.At(i, j)
				d0 += (v - mu[0][j]) * (v - mu[0][j])
				d1 += (v - mu[1][j]) * (v - mu[1][j])
			}
			if d1 < d0 {
				out[i] = 1
			}
		}
		return out, nil
	}), nil
}

// noise returns m x d standard normal features and random 0/1 labels: no
// feature says anything about the label, so the true error of any
// classifier is 1/2.
func noise(m, d int, seed uint64) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = float64(r.IntN(2))
	}
	return X, y
}

// Selecting inside each fold gives an honest (chance-level) error on pure
// noise; selecting on all rows first and cross-validating afterwards gives
// a much lower, wrong one (ESL 7.10.2, "the wrong and the right way").
func TestSelectionInsideCVIsHonestOnNoise(t *testing.T) {
	const m, d, k = 50, 2000, 20
	var honest, leaky float64
	seeds := []uint64{1, 2, 3}
	for _, seed := range seeds {
		X, y := noise(m, d, seed)
		folds, err := validate.KFold(m, 5, seed)
		if err != nil {
			t.Fatal(err)
		}
		pick := filter.TopKSelector(filter.FClassif, filter.Config{}, k)
		model := transform.Model{
			Steps:   []featlab.Transformer{&transform.Standardize{}, &transform.Select{Selector: pick}},
			Learner: centroid{},
		}
		right, err := validate.CrossValidate(X, y, validate.CVConfig{Learner: model, Folds: folds, Metric: validate.ZeroOneLoss})
		if err != nil {
			t.Fatal(err)
		}
		sel, err := pick.Select(X, y) // the wrong way: the test rows vote
		if err != nil {
			t.Fatal(err)
		}
		Xs, _ := sel.Apply(X)
		wrong, err := validate.CrossValidate(Xs, y, validate.CVConfig{Learner: centroid{}, Folds: folds, Metric: validate.ZeroOneLoss})
		if err != nil {
			t.Fatal(err)
		}
		honest += right.Mean / float64(len(seeds))
		leaky += wrong.Mean / float64(len(seeds))
	}
	t.Logf("pure noise, m=%d d=%d, top %d by F: CV error %.3f selecting inside the folds, %.3f selecting first", m, d, k, honest, leaky)
	if honest < 0.35 || honest > 0.65 {
		t.Errorf("selection inside the folds: error %.3f, want chance level (about 0.5)", honest)
	}
	if leaky > 0.2 || leaky > honest-0.25 {
		t.Errorf("selection on all rows first: error %.3f, want much lower than %.3f", leaky, honest)
	}
}

func TestModelAndSelectErrors(t *testing.T) {
	X, y := noise(30, 8, 4)
	top := &transform.Select{Selector: filter.TopKSelector(filter.FClassif, filter.Config{}, 3)}
	if err := (&transform.Pipeline{Steps: []featlab.Transformer{&transform.Standardize{}, top}}).Fit(X); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Fit without targets: %v", err)
	}
	p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Standardize{}, top}}
	if err := p.FitXY(X, y); err != nil {
		t.Fatal(err)
	}
	out, err := p.Transform(X)
	if err != nil {
		t.Fatal(err)
	}
	if _, c := out.Dims(); c != 3 {
		t.Errorf("pipeline keeps %d columns, want 3", c)
	}
	names, _ := p.OutputNames(nil)
	if strings.Join(names, ",") != strings.Join(top.Selection().ChosenNames, ",") {
		t.Errorf("names %v, selection %v", names, top.Selection().ChosenNames)
	}
	if err := p.FitXY(X, y[:5]); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	folds, _ := validate.KFold(30, 3, 1)
	boom := featlab.SelectorFunc(func(mat.Matrix, []float64) (*featlab.Selection, error) { panic("student bug") })
	for _, c := range []struct {
		name  string
		model transform.Model
		want  error
	}{
		{"no learner", transform.Model{}, featlab.ErrParam},
		{"selector panics", transform.Model{Steps: []featlab.Transformer{&transform.Select{Selector: boom}}, Learner: centroid{}}, featlab.ErrPanic},
		{"nil selection", transform.Model{Steps: []featlab.Transformer{&transform.Select{Selector: featlab.SelectorFunc(func(mat.Matrix, []float64) (*featlab.Selection, error) { return nil, nil })}}, Learner: centroid{}}, featlab.ErrParam},
		{"nil predictor", transform.Model{Learner: featlab.LearnerFunc(func(mat.Matrix, []float64) (featlab.Predictor, error) { return nil, nil })}, featlab.ErrParam},
		{"no selector", transform.Model{Steps: []featlab.Transformer{&transform.Select{}}, Learner: centroid{}}, featlab.ErrParam},
		{"nil step", transform.Model{Steps: []featlab.Transformer{nil}, Learner: centroid{}}, featlab.ErrParam},
	} {
		_, err := validate.CrossValidate(X, y, validate.CVConfig{Learner: c.model, Folds: folds, Metric: validate.ZeroOneLoss, Workers: 2})
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), "fold 0") {
			t.Errorf("%s: %v, want %v naming fold 0", c.name, err, c.want)
		}
	}
}

// One Model value is fitted by every fold at once (run with -race): Fit
// copies the steps, so the template is never fitted and the folds do not
// share state; the result does not depend on the number of workers.
func TestModelFitsCopiesConcurrently(t *testing.T) {
	X, y := noise(60, 12, 5)
	for i := 0; i < 60; i++ {
		X.Set(i, 0, X.At(i, 0)+2*y[i]) // one informative feature
	}
	std := &transform.Standardize{}
	model := transform.Model{
		Steps: []featlab.Transformer{
			&transform.Pipeline{Steps: []featlab.Transformer{&transform.Clip{B: 3}, std}},
			&transform.Select{Selector: filter.TopKSelector(filter.Pearson, filter.Config{}, 2)},
			&transform.Polynomial{Degree: 2},
		},
		Learner: centroid{},
	}
	folds, _ := validate.KFold(60, 6, 2)
	var ref []float64
	for _, w := range []int{1, 4} {
		res, err := validate.CrossValidate(X, y, validate.CVConfig{Learner: model, Folds: folds, Metric: validate.ZeroOneLoss, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = res.Scores
		} else {
			for f := range ref {
				if ref[f] != res.Scores[f] {
					t.Errorf("fold %d: %v with 1 worker, %v with 4", f, ref[f], res.Scores[f])
				}
			}
		}
	}
	if std.Mean() != nil {
		t.Error("Model.Fit fitted the template step instead of a copy")
	}
	pred, err := model.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if sel := pred.(*transform.FittedModel).Selection(); sel == nil || sel.Chosen[0] != 0 {
		t.Errorf("fitted selection %v, want the informative feature first", sel)
	}
}

// A Select inside a nested Pipeline still receives the training targets.
func TestNestedPipelinePassesTargets(t *testing.T) {
	X, y := noise(40, 10, 6)
	for i := 0; i < 40; i++ {
		X.Set(i, 7, X.At(i, 7)+3*y[i])
	}
	inner := &transform.Pipeline{Steps: []featlab.Transformer{
		&transform.Standardize{},
		&transform.Select{Selector: filter.TopKSelector(filter.FClassif, filter.Config{}, 1)},
	}}
	pred, err := transform.Model{Steps: []featlab.Transformer{&transform.Clip{B: 10}, inner}, Learner: centroid{}}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	fitted := pred.(*transform.FittedModel).Pipeline.Steps[1].(*transform.Pipeline)
	if got := fitted.Steps[1].(*transform.Select).Selection().Chosen; len(got) != 1 || got[0] != 7 {
		t.Errorf("nested selection %v, want [7]", got)
	}
	if sel := pred.(*transform.FittedModel).Selection(); sel == nil || sel.Chosen[0] != 7 {
		t.Errorf("FittedModel.Selection() = %v, want the nested step's", sel)
	}
	if inner.Steps[1].(*transform.Select).Selection() != nil {
		t.Error("the template's nested step was fitted")
	}
	yhat, err := pred.Predict(X)
	if err != nil || len(yhat) != 40 {
		t.Fatalf("predict: %v %v", yhat, err)
	}
}
