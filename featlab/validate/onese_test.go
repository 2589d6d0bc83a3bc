package validate_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/validate"
)

// TestOneSEHandExample: the best mean is model 4 (0.57, se 0.06), so the
// threshold is 0.63 and the simplest model at or below it is model 2.
func TestOneSEHandExample(t *testing.T) {
	c := validate.Curve{
		Mean:   []float64{1.5, 0.9, 0.62, 0.58, 0.57, 0.60},
		StdErr: []float64{0.2, 0.1, 0.08, 0.07, 0.06, 0.06},
	}
	r, err := validate.OneSE(c)
	if err != nil {
		t.Fatal(err)
	}
	if r.Best != 4 || r.Chosen != 2 || math.Abs(r.Threshold-0.63) > 1e-15 {
		t.Errorf("got %+v, want Best 4, Chosen 2, Threshold 0.63", r)
	}
	// Complexity reversed (a penalty path: model 5 the simplest): the
	// simplest within 0.63 is then model 5.
	c.Complexity = []float64{5, 4, 3, 2, 1, 0}
	if r, _ = validate.OneSE(c); r.Best != 4 || r.Chosen != 5 {
		t.Errorf("reversed complexity: %+v, want Best 4, Chosen 5", r)
	}
	// Equal means: the simplest of them is the best.
	r, _ = validate.OneSE(validate.Curve{Mean: []float64{2, 1, 1}, StdErr: []float64{0, 0, 0}})
	if r.Best != 1 || r.Chosen != 1 {
		t.Errorf("ties: %+v, want 1, 1", r)
	}
}

// TestOneSEProperties checks on random curves: the chosen model is within
// one standard error of the best, no simpler model is, and it is never
// more complex than the best; with zero standard errors it is the best.
func TestOneSEProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 500; trial++ {
		n := 1 + rng.IntN(12)
		c := validate.Curve{Mean: make([]float64, n), StdErr: make([]float64, n), Complexity: make([]float64, n)}
		for i := range c.Mean {
			c.Mean[i] = float64(rng.IntN(20)) / 10
			c.StdErr[i] = rng.Float64() / 2
			c.Complexity[i] = float64(rng.IntN(6))
		}
		r, err := validate.OneSE(c)
		if err != nil {
			t.Fatal(err)
		}
		for i := range c.Mean {
			if c.Mean[i] < c.Mean[r.Best] {
				t.Fatalf("trial %d: model %d beats Best", trial, i)
			}
			if c.Mean[i] <= r.Threshold && c.Complexity[i] < c.Complexity[r.Chosen] {
				t.Fatalf("trial %d: model %d is simpler and within one SE", trial, i)
			}
		}
		if c.Mean[r.Chosen] > r.Threshold || c.Complexity[r.Chosen] > c.Complexity[r.Best] {
			t.Fatalf("trial %d: chosen %d: %+v", trial, r.Chosen, c)
		}
		for i := range c.StdErr {
			c.StdErr[i] = 0
		}
		if r0, _ := validate.OneSE(c); c.Mean[r0.Chosen] != c.Mean[r0.Best] {
			t.Fatalf("trial %d: zero SE chose %d, best %d", trial, r0.Chosen, r0.Best)
		}
	}
}

func TestOneSEErrors(t *testing.T) {
	for _, tc := range []struct {
		c    validate.Curve
		want error
	}{
		{validate.Curve{}, featlab.ErrEmpty},
		{validate.Curve{Mean: []float64{1, 2}, StdErr: []float64{1}}, featlab.ErrShape},
		{validate.Curve{Mean: []float64{1}, StdErr: []float64{1}, Complexity: []float64{1, 2}}, featlab.ErrShape},
		{validate.Curve{Mean: []float64{math.NaN()}, StdErr: []float64{1}}, featlab.ErrNotFinite},
		{validate.Curve{Mean: []float64{1}, StdErr: []float64{math.Inf(1)}}, featlab.ErrNotFinite},
		{validate.Curve{Mean: []float64{1}, StdErr: []float64{-1}}, featlab.ErrParam},
	} {
		if _, err := validate.OneSE(tc.c); !errors.Is(err, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.c, err, tc.want)
		}
	}
}

// TestCrossValidatePathPCRProstate: 10-fold CV of PCR with 0..8
// components on ESL's prostate training rows. The curve's entries equal
// CrossValidate of each fixed model on the same folds, the result is the
// same for 1 and 4 workers, and full least squares (8 components) is not
// worse than the intercept alone.
func TestCrossValidatePathPCRProstate(t *testing.T) {
	ds := datasets.Prostate()
	train, _ := datasets.ProstateSplit()
	X, y := matx.Rows(ds.X, train), matx.Take(ds.Y, train)
	folds, err := validate.KFold(len(y), 10, 7)
	if err != nil {
		t.Fatal(err)
	}
	cfg := validate.PathCVConfig{
		Fit: func(X mat.Matrix, y []float64) (validate.PathPredictor, error) {
			return represent.FitPCR(X, y, represent.PCRConfig{Components: 8})
		},
		Folds: folds, Metric: validate.MSE, Workers: 1,
	}
	r1, err := validate.CrossValidatePath(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 4
	r4, err := validate.CrossValidatePath(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(r1.Scores, r4.Scores) || *r1.OneSE != *r4.OneSE {
		t.Error("workers change the result")
	}
	if n := len(r1.Curve.Mean); n != 9 {
		t.Fatalf("%d models, want 9 (0..8 components)", n)
	}
	for k := 0; k <= 8; k += 4 {
		cv, err := validate.CrossValidate(X, y, validate.CVConfig{
			Learner: featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
				p, err := represent.FitPCR(X, y, represent.PCRConfig{Components: 8})
				if err != nil {
					return nil, err
				}
				return p.Model(k), nil
			}),
			Folds: folds, Metric: validate.MSE,
		})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(cv.Mean-r1.Curve.Mean[k]) > 1e-12 || math.Abs(cv.StdErr-r1.Curve.StdErr[k]) > 1e-12 {
			t.Errorf("k=%d: path %v (%v), CrossValidate %v (%v)", k, r1.Curve.Mean[k], r1.Curve.StdErr[k], cv.Mean, cv.StdErr)
		}
	}
	if r1.Curve.Mean[8] >= r1.Curve.Mean[0] {
		t.Errorf("least squares CV error %v not below the intercept's %v", r1.Curve.Mean[8], r1.Curve.Mean[0])
	}
	t.Logf("PCR CV curve %.3f, best %d, one-SE choice %d", r1.Curve.Mean, r1.OneSE.Best, r1.OneSE.Chosen)
}

type badPath struct{ n int }

func (b badPath) PredictPath(X mat.Matrix) ([][]float64, error) {
	m, _ := X.Dims()
	out := make([][]float64, b.n)
	for i := range out {
		out[i] = make([]float64, m)
	}
	return out, nil
}

func TestCrossValidatePathErrors(t *testing.T) {
	X := mat.NewDense(6, 1, []float64{1, 2, 3, 4, 5, 6})
	y := []float64{1, 2, 3, 4, 5, 6}
	folds, _ := validate.KFold(6, 3, 1)
	calls := 0
	cfg := validate.PathCVConfig{Folds: folds, Metric: validate.MSE, Workers: 1,
		Fit: func(mat.Matrix, []float64) (validate.PathPredictor, error) { calls++; return badPath{n: calls}, nil }}
	if _, err := validate.CrossValidatePath(X, y, cfg); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("families of different sizes: %v, want ErrShape", err)
	}
	cfg.Fit = nil
	if _, err := validate.CrossValidatePath(X, y, cfg); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("no Fit: %v, want ErrParam", err)
	}
	cfg.Fit = func(mat.Matrix, []float64) (validate.PathPredictor, error) { return nil, nil }
	if _, err := validate.CrossValidatePath(X, y, cfg); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil predictor: %v, want ErrParam", err)
	}
	cfg.Fit = func(mat.Matrix, []float64) (validate.PathPredictor, error) { return badPath{n: 0}, nil }
	if _, err := validate.CrossValidatePath(X, y, cfg); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no models: %v, want ErrEmpty", err)
	}
}
