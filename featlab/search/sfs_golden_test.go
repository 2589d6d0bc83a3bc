package search

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

type sfsGolden struct {
	Sklearn string `json:"sklearn"`
	Cases   []struct {
		Data, Learner, Scoring, Direction string
		Steps                             []sfsStep
	}
}

// sfsStep is one step of scikit-learn's SequentialFeatureSelector: the
// feature added or removed, the support after it and its CV score.
type sfsStep struct {
	Size, Feature int
	Support       []int
	Score         float64
}

// checkSequential runs Forward or Backward with Rule ExactK for as many
// steps as the golden has and compares feature, support and score (times
// sign) at every step.
func checkSequential(t *testing.T, label string, X *mat.Dense, y []float64, crit Criterion, direction string, steps []sfsStep, sign float64) {
	t.Helper()
	_, d := X.Dims()
	n := len(steps)
	var st Strategy = Forward{K: n, Rule: ExactK}
	if direction == "backward" {
		st = Backward{K: d - n, Rule: ExactK}
	}
	res, err := Select(X, y, Config{Strategy: st, Criterion: crit})
	if err != nil {
		t.Fatal(err)
	}
	hist := res.History
	if direction == "backward" {
		hist = hist[1:] // the full set
	}
	if len(hist) != n {
		t.Fatalf("%s %s: %d steps, want %d", label, direction, len(hist), n)
	}
	for k, s := range steps {
		h := hist[k]
		if h.Feature != s.Feature || !sameSet(h.Subset, s.Support) || !close(sign*h.Score, s.Score, 1e-10) {
			t.Errorf("%s %s %T step %d: feature %d score %v, sklearn %d %v", label, direction, crit, k+1, h.Feature, sign*h.Score, s.Feature, s.Score)
		}
	}
}

// standardize is StandardScaler on all rows (population standard deviation).
func standardize(X mat.Matrix) *mat.Dense {
	m, d := X.Dims()
	out := mat.DenseCopyOf(X)
	for j := 0; j < d; j++ {
		mu, ss := 0.0, 0.0
		for i := 0; i < m; i++ {
			mu += out.At(i, j)
		}
		mu /= float64(m)
		for i := 0; i < m; i++ {
			ss += (out.At(i, j) - mu) * (out.At(i, j) - mu)
		}
		sd := math.Sqrt(ss / float64(m))
		for i := 0; i < m; i++ {
			out.Set(i, j, (out.At(i, j)-mu)/sd)
		}
	}
	return out
}

// sklearnLogistic is LogisticRegression(C): featlab's l2 logistic
// regression minimises (1/m) sum loss + lambda ||w||^2/2, which is
// sklearn's objective divided by m C, so lambda = 1/(C m) with m the
// training size of each fold.
func sklearnLogistic(C float64) featlab.Learner {
	return featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		m, _ := X.Dims()
		return linear.Logistic(X, y, linear.LogisticConfig{Lambda: 1 / (C * float64(m)), Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-10})
	})
}

// TestSequentialFeatureSelectorGolden: forward and backward search with
// Rule ExactK reproduce scikit-learn 1.2's SequentialFeatureSelector
// (testdata/sfs.py): the same feature at every step and the same CV score
// to 1e-10 (relative). Diabetes with LinearRegression is checked with both
// the generic CV wrapper and the Gram-matrix CVMSE criterion.
func TestSequentialFeatureSelectorGolden(t *testing.T) {
	raw, err := os.ReadFile("testdata/sfs.json")
	if err != nil {
		t.Fatal(err)
	}
	var g sfsGolden
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	for _, c := range g.Cases {
		var X *mat.Dense
		var y []float64
		var crits []Criterion
		sign := 1.0
		switch c.Data {
		case "diabetes":
			ds := datasets.Diabetes()
			X, y = mat.DenseCopyOf(ds.X), ds.Y
			crits = []Criterion{LeastSquares{Score: CVMSE}, CV{Learner: linear.LeastSquaresConfig{Intercept: true}}}
			sign = -1 // neg_mean_squared_error
		case "breast_cancer":
			ds := datasets.BreastCancer()
			X, y = standardize(ds.X), ds.Y
			crits = []Criterion{CV{Learner: sklearnLogistic(1), Metric: validate.Accuracy, Higher: true}}
		}
		for _, crit := range crits {
			checkSequential(t, c.Data, X, y, crit, c.Direction, c.Steps, sign)
		}
	}
}
