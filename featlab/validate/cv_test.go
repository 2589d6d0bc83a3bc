package validate

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// leastSquares is a Learner fitting y ~ X w by QR (no intercept).
var leastSquares = featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	var w mat.VecDense
	if err := w.SolveVec(X, mat.NewVecDense(len(y), y)); err != nil {
		return nil, featlab.Errorf(featlab.ErrConstant, "singular design: %v", err)
	}
	return featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
		r, _ := X.Dims()
		var p mat.VecDense
		p.MulVec(X, &w)
		return mat.Col(nil, 0, &p)[:r], nil
	}), nil
})

func linearData(m int, seed uint64) (*mat.Dense, []float64) {
	r := newRand(seed)
	X := mat.NewDense(m, 3, nil)
	y := make([]float64, m)
	for i := range m {
		a, b, c := r.NormFloat64(), r.NormFloat64(), r.NormFloat64()
		X.SetRow(i, []float64{a, b, c})
		y[i] = 2*a - b + 0.5*c + 0.1*r.NormFloat64()
	}
	return X, y
}

func TestCrossValidateMatchesSerialLoop(t *testing.T) {
	X, y := linearData(60, 1)
	folds, _ := KFold(60, 5, 2)
	res, err := CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: folds, Metric: MSE})
	if err != nil {
		t.Fatal(err)
	}
	// The same computation by hand, fold after fold.
	want := make([]float64, len(folds))
	for f, fold := range folds {
		tr := mat.NewDense(len(fold.Train), 3, nil)
		ytr := make([]float64, len(fold.Train))
		for k, i := range fold.Train {
			tr.SetRow(k, X.RawRowView(i))
			ytr[k] = y[i]
		}
		te := mat.NewDense(len(fold.Test), 3, nil)
		yte := make([]float64, len(fold.Test))
		for k, i := range fold.Test {
			te.SetRow(k, X.RawRowView(i))
			yte[k] = y[i]
		}
		p, _ := leastSquares.Fit(tr, ytr)
		yhat, _ := p.Predict(te)
		want[f], _ = MSE(yte, yhat)
	}
	if !reflect.DeepEqual(res.Scores, want) {
		t.Errorf("scores %v, serial loop %v", res.Scores, want)
	}
	// Noise variance 0.01: each fold's test MSE is near it.
	for f, s := range res.Scores {
		if s > 0.05 {
			t.Errorf("fold %d MSE %v, want about 0.01", f, s)
		}
	}
	// Same result for every number of workers.
	for _, w := range []int{1, 2, 3, 16} {
		r2, err := CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: folds, Metric: MSE, Workers: w})
		if err != nil || !reflect.DeepEqual(r2, res) {
			t.Errorf("workers %d: %v (%v), want %v", w, r2, err, res)
		}
	}
}

func TestCVResultSummary(t *testing.T) {
	mean, se, _ := MeanStdErr([]float64{1, 2, 3, 4})
	// mean 2.5; sample variance 5/3; standard error sqrt(5/3)/2.
	if mean != 2.5 || math.Abs(se-math.Sqrt(5.0/3)/2) > 1e-15 {
		t.Errorf("mean %v se %v", mean, se)
	}
	if m, s, err := MeanStdErr([]float64{7}); m != 7 || s != 0 || err != nil {
		t.Errorf("single fold: %v %v %v", m, s, err)
	}
	if _, _, err := MeanStdErr(nil); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no scores: %v, want featlab.ErrEmpty", err)
	}
}

func TestCrossValidateProgress(t *testing.T) {
	X, y := linearData(40, 3)
	folds, _ := Bootstrap(40, 7, 4)
	var calls [][2]int
	res, err := CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: folds, Metric: MSE,
		Workers: 4, Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Scores) != 7 || len(calls) != 7 {
		t.Fatalf("%d scores, %d progress calls", len(res.Scores), len(calls))
	}
	for k, c := range calls {
		if c != [2]int{k + 1, 7} {
			t.Errorf("progress call %d = %v", k, c)
		}
	}
}

func TestCrossValidateErrors(t *testing.T) {
	X, y := linearData(20, 5)
	folds, _ := KFold(20, 4, 6)
	failing := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		return nil, featlab.Errorf(featlab.ErrConstant, "always fails")
	})
	_, err := CrossValidate(X, y, CVConfig{Learner: failing, Folds: folds, Metric: MSE})
	if !errors.Is(err, featlab.ErrConstant) {
		t.Errorf("learner error: %v", err)
	}
	_, err = CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: []Fold{{Train: []int{0, 1, 2, 3}, Test: []int{20}}}, Metric: MSE})
	if !errors.Is(err, featlab.ErrParam) {
		t.Errorf("index out of range: %v", err)
	}
	_, err = CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: []Fold{{Train: []int{0, 1, 2}}}, Metric: MSE})
	if !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("empty test set: %v", err)
	}
	_, err = CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: nil, Metric: MSE})
	if !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no folds: %v", err)
	}
	_, err = CrossValidate(X, y[:5], CVConfig{Learner: leastSquares, Folds: folds, Metric: MSE})
	if !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	_, err = CrossValidate(X, y, CVConfig{Learner: nil, Folds: folds, Metric: MSE})
	if !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil learner: %v", err)
	}
	// A metric error (one class in a test fold for AUC) names its fold.
	yc := make([]float64, 20)
	yc[19] = 1
	_, err = CrossValidate(X, yc, CVConfig{Learner: leastSquares, Folds: folds, Metric: ROCAUC})
	if !errors.Is(err, featlab.ErrLabels) {
		t.Errorf("AUC on a one-class fold: %v", err)
	}
}

func TestCrossValidateUserPanicsAndNilPredictor(t *testing.T) {
	X, y := linearData(30, 2)
	folds, _ := KFold(30, 5, 1)
	for _, w := range []int{1, 2} {
		panicky := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
			if len(y) == 24 && X.At(0, 0) == X.At(0, 0) {
				panic("student bug")
			}
			return nil, nil
		})
		_, err := CrossValidate(X, y, CVConfig{Learner: panicky, Folds: folds, Metric: MSE, Workers: w})
		if !errors.Is(err, featlab.ErrPanic) || !strings.Contains(err.Error(), "fold 0") || !strings.Contains(err.Error(), "student bug") {
			t.Fatalf("workers %d: panicking learner: %v", w, err)
		}
		nilPred := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) { return nil, nil })
		_, err = CrossValidate(X, y, CVConfig{Learner: nilPred, Folds: folds, Metric: MSE, Workers: w})
		if !errors.Is(err, featlab.ErrParam) || !strings.Contains(err.Error(), "nil Predictor") {
			t.Fatalf("workers %d: nil predictor: %v", w, err)
		}
		var typedNil featlab.PredictorFunc
		typed := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) { return typedNil, nil })
		if _, err = CrossValidate(X, y, CVConfig{Learner: typed, Folds: folds, Metric: MSE, Workers: w}); !errors.Is(err, featlab.ErrParam) {
			t.Fatalf("workers %d: typed nil predictor: %v", w, err)
		}
	}
}

func TestCrossValidateContextCancel(t *testing.T) {
	X, y := linearData(40, 2)
	folds, _ := KFold(40, 10, 1)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	res, err := CrossValidateContext(ctx, X, y, CVConfig{Learner: leastSquares, Folds: folds, Metric: MSE, Workers: 1,
		Progress: func(done, total int) {
			n = done
			if done == 3 {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) || res == nil {
		t.Fatalf("err = %v, res = %v", err, res)
	}
	finished := 0
	for _, s := range res.Scores {
		if !math.IsNaN(s) {
			finished++
		}
	}
	if finished != n || finished >= 10 || math.IsNaN(res.Mean) {
		t.Fatalf("%d folds finished (progress said %d), mean %v", finished, n, res.Mean)
	}
}

// TestKFoldUnshuffledMatchesSklearn compares KFoldUnshuffled with the fold
// indices of scikit-learn's KFold(n_splits=k) (testdata/kfold_unshuffled.py
// says how to regenerate testdata/kfold_unshuffled.json).
func TestKFoldUnshuffledMatchesSklearn(t *testing.T) {
	b, err := os.ReadFile("testdata/kfold_unshuffled.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		M, K  int
		Folds []struct{ Train, Test []int }
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		folds, err := KFoldUnshuffled(c.M, c.K)
		if err != nil {
			t.Fatal(err)
		}
		if len(folds) != len(c.Folds) {
			t.Fatalf("m=%d k=%d: %d folds, sklearn %d", c.M, c.K, len(folds), len(c.Folds))
		}
		for f, want := range c.Folds {
			if !slices.Equal(folds[f].Train, want.Train) || !slices.Equal(folds[f].Test, want.Test) {
				t.Errorf("m=%d k=%d fold %d: test %v, sklearn %v", c.M, c.K, f, folds[f].Test, want.Test)
			}
		}
	}
	for _, bad := range [][2]int{{10, 1}, {10, 11}, {0, 2}} {
		if _, err := KFoldUnshuffled(bad[0], bad[1]); err == nil {
			t.Errorf("KFoldUnshuffled(%d, %d): no error", bad[0], bad[1])
		}
	}
}
