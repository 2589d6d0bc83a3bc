package transform

import (
	"fmt"
	"reflect"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// SupervisedTransformer is a Transformer that needs the targets to fit,
// such as a feature selector (scikit-learn's SelectorMixin). Fit without
// targets returns an error wrapping featlab.ErrParam; FitXY learns from X
// and y. Pipeline.FitXY and Model pass the training targets to every such
// step, so the step sees only training rows.
type SupervisedTransformer interface {
	featlab.Transformer
	FitXY(X mat.Matrix, y []float64) error
}

// Select is a pipeline step that keeps the features a featlab.Selector
// chooses on the training data: FitXY runs Selector.Select(X, y) and
// remembers the Selection; Transform keeps the chosen columns of any data
// with the fitted number of columns, in the Selection's Chosen order
// (Selection.Apply). Any selector works: a filter rule on a score
// (filter.TopKSelector, PercentileSelector, ThresholdSelector), the
// support of a lasso, a subset search.
//
// Inside a Model cross-validated with validate.CrossValidate the selector
// runs on the training rows of each fold only, so the estimate is honest:
// selecting on all rows first and cross-validating afterwards lets the
// test rows choose the features and gives an optimistic error (ESL
// section 7.10.2, "the wrong and the right way to do cross-validation").
type Select struct {
	// Selector chooses the features; required.
	Selector featlab.Selector

	fitted
	sel *featlab.Selection
}

// Fit returns an error: a selector needs the targets. Use FitXY, or put
// the step in a Pipeline fitted with FitXY or in a Model.
func (s *Select) Fit(X mat.Matrix) error {
	return featlab.Errorf(featlab.ErrParam, "transform: Select needs the targets to fit: call FitXY (Pipeline.FitXY, or a Model)")
}

// FitXY runs the selector on X and y and keeps its Selection. A selection
// with no feature, indices outside the columns of X, a nil selection
// without an error, and a panic of the selector are errors (the last
// wrapping featlab.ErrPanic).
func (s *Select) FitXY(X mat.Matrix, y []float64) (err error) {
	if s.Selector == nil {
		return featlab.Errorf(featlab.ErrParam, "transform: Select has no Selector")
	}
	x, err := rawOf(X, 0)
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = featlab.Wrap(featlab.ErrPanic, "transform: Select: the selector panicked: %v", r)
		}
	}()
	sel, err := s.Selector.Select(X, y)
	if err != nil {
		return featlab.Wrap(err, "transform: Select")
	}
	if sel == nil {
		return featlab.Errorf(featlab.ErrParam, "transform: Select: the selector returned a nil Selection and no error")
	}
	if len(sel.Chosen) == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "transform: Select: %q chose no feature", sel.Method)
	}
	for _, j := range sel.Chosen {
		if j < 0 || j >= x.cols {
			return featlab.Errorf(featlab.ErrParam, "transform: Select: %q chose column %d outside [0, %d)", sel.Method, j, x.cols)
		}
	}
	if len(sel.Names) != x.cols {
		// Apply checks the width against Names: name the columns x1..xd
		// when the selector did not say.
		c := *sel
		c.Names = featlab.DefaultNames(x.cols)
		c.ChosenNames = make([]string, len(c.Chosen))
		for k, j := range c.Chosen {
			c.ChosenNames[k] = c.Names[j]
		}
		sel = &c
	}
	s.sel, s.d = sel, x.cols
	return nil
}

// Transform returns the chosen columns of X.
func (s *Select) Transform(X mat.Matrix) (*mat.Dense, error) {
	if _, err := s.check(X, "Select", 0); err != nil {
		return nil, err
	}
	return s.sel.Apply(X)
}

// Selection returns the fitted selection (nil before FitXY).
func (s *Select) Selection() *featlab.Selection { return s.sel }

// OutputNames returns the names of the chosen columns; a nil input means
// x1, ..., xd.
func (s *Select) OutputNames(input []string) ([]string, error) {
	if s.sel == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Select: OutputNames called before FitXY")
	}
	if input == nil {
		input = featlab.DefaultNames(s.d)
	}
	if len(input) != s.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Select was fitted on %d columns, got %d names", s.d, len(input))
	}
	out := make([]string, len(s.sel.Chosen))
	for k, j := range s.sel.Chosen {
		out[k] = input[j]
	}
	return out, nil
}

// Model is a pipeline of transformers followed by a learner, and is itself
// a featlab.Learner: Fit fits fresh copies of the steps on the training
// data (supervised steps such as Select with the training targets), then
// the learner on their output; the returned predictor applies the fitted
// steps to new data before predicting. "Standardize, keep the 5 best
// features by F, fit a lasso" is
//
//	transform.Model{
//		Steps: []featlab.Transformer{
//			&transform.Standardize{},
//			&transform.Select{Selector: filter.TopKSelector(filter.FRegression, filter.Config{}, 5)},
//		},
//		Learner: linear.LassoConfig{Lambda: 0.1},
//	}
//
// and validate.CrossValidate on it standardizes and selects inside each
// fold, as scikit-learn's Pipeline does.
//
// Fit never changes Steps: each call fits its own copies (a step that
// implements Clone() featlab.Transformer is copied with it, a *Pipeline
// step by copying its steps, any other pointer to a struct by copying the
// struct, which holds only parameters before Fit), so one Model can be fitted
// by several goroutines at once when its Learner can.
type Model struct {
	// Steps are the transformers, applied in order; may be empty.
	Steps []featlab.Transformer
	// Learner is fitted on the output of the last step; required.
	Learner featlab.Learner
}

// FittedModel is what Model.Fit returns: the fitted steps and the fitted
// learner's predictor.
type FittedModel struct {
	// Pipeline holds the fitted copies of the steps (nil when there are
	// none).
	Pipeline *Pipeline
	// Predictor is the learner's fitted model.
	Predictor featlab.Predictor
	// D is the number of columns the model was fitted on; Predict refuses
	// a matrix of another width (featlab.ErrShape).
	D int
	// Features, Target and Levels are the feature names, target name and
	// feature levels of the Dataset or frame given to Model.FitDataset or
	// Model.FitFrame (nil after Model.Fit on a matrix), by which
	// PredictFrame and PredictDataset find the columns.
	Features []string
	Target   string
	Levels   [][]string
	// RefuseExtra makes PredictFrame and PredictDataset refuse a column
	// that is neither a fitted feature nor the target (default false:
	// such columns are ignored).
	RefuseExtra bool
}

// Fit fits the steps and the learner on X and y.
func (m Model) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	if m.Learner == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "transform: Model has no Learner")
	}
	if featlab.IsNil(X) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "transform: Model.Fit: nil matrix")
	}
	_, d := X.Dims()
	out := &FittedModel{D: d}
	Z := X
	if len(m.Steps) > 0 {
		steps := make([]featlab.Transformer, len(m.Steps))
		for k, s := range m.Steps {
			c, err := copyStep(s)
			if err != nil {
				return nil, featlab.Wrap(err, "transform: Model step %d (%T)", k+1, s)
			}
			steps[k] = c
		}
		p := &Pipeline{Steps: steps}
		var err error
		if Z, err = p.fitTransformXY(X, y); err != nil {
			return nil, err
		}
		out.Pipeline = p
	}
	pred, err := m.Learner.Fit(Z, y)
	if err != nil {
		return nil, featlab.Wrap(err, "transform: Model learner (%T)", m.Learner)
	}
	if featlab.IsNilValue(pred) {
		return nil, featlab.Errorf(featlab.ErrParam, "transform: Model learner (%T) returned a nil Predictor and no error", m.Learner)
	}
	out.Predictor = pred
	return out, nil
}

// Predict applies the fitted steps to X and predicts with the learner. X
// must have the fitted number of columns, in the fitted order (an error
// wrapping featlab.ErrShape otherwise); to match columns by name use
// PredictFrame or PredictDataset.
func (f *FittedModel) Predict(X mat.Matrix) ([]float64, error) {
	if f == nil || featlab.IsNilValue(f.Predictor) {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Predict on an unfitted model")
	}
	if featlab.IsNil(X) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "transform: Predict: nil matrix")
	}
	if _, d := X.Dims(); f.D > 0 && d != f.D {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: the model was fitted on %d columns, X has %d (match columns by name with PredictFrame or PredictDataset)", f.D, d)
	}
	Z := X
	if f.Pipeline != nil {
		var err error
		if Z, err = f.Pipeline.Transform(X); err != nil {
			return nil, err
		}
	}
	return f.Predictor.Predict(Z)
}

// Selection returns the Selection of the last Select step, looking inside
// nested Pipelines too (nil when there is none). Its indices refer to the
// columns that step saw.
func (f *FittedModel) Selection() *featlab.Selection {
	if f.Pipeline == nil {
		return nil
	}
	return lastSelection(f.Pipeline)
}

func lastSelection(p *Pipeline) *featlab.Selection {
	for k := len(p.Steps) - 1; k >= 0; k-- {
		switch s := p.Steps[k].(type) {
		case *Select:
			return s.Selection()
		case *Pipeline:
			if sel := lastSelection(s); sel != nil {
				return sel
			}
		}
	}
	return nil
}

// copyStep returns an unfitted copy of a step for one Fit.
func copyStep(t featlab.Transformer) (featlab.Transformer, error) {
	if t == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "nil step")
	}
	if c, ok := t.(interface{ Clone() featlab.Transformer }); ok {
		return c.Clone(), nil
	}
	if p, ok := t.(*Pipeline); ok {
		if p == nil {
			return nil, featlab.Errorf(featlab.ErrParam, "nil *Pipeline step")
		}
		steps := make([]featlab.Transformer, len(p.Steps))
		for k, s := range p.Steps {
			c, err := copyStep(s)
			if err != nil {
				return nil, fmt.Errorf("pipeline step %d: %w", k+1, err)
			}
			steps[k] = c
		}
		return &Pipeline{Steps: steps}, nil
	}
	v := reflect.ValueOf(t)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil, featlab.Errorf(featlab.ErrParam, "nil %T step", t)
		}
		if v.Elem().Kind() == reflect.Struct {
			c := reflect.New(v.Elem().Type())
			c.Elem().Set(v.Elem())
			return c.Interface().(featlab.Transformer), nil
		}
		return nil, featlab.Errorf(featlab.ErrParam, "cannot copy a %T step: give it a Clone() featlab.Transformer method", t)
	}
	return t, nil // a value: it cannot keep fitted state
}
