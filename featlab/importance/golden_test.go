package importance

import (
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// golden is testdata/golden_importance.json (see golden_importance.py).
type golden struct {
	BreastColsum   []float64 `json:"breast_colsum"`
	DiabetesColsum []float64 `json:"diabetes_colsum"`
	RFE            []struct {
		N       int     `json:"n"`
		Step    float64 `json:"step"`
		Ranking []int   `json:"ranking"`
		Support []int   `json:"support"`
	} `json:"rfe"`
	Folds []struct {
		Train []int `json:"train"`
		Test  []int `json:"test"`
	} `json:"folds"`
	RFECV []struct {
		Step      float64   `json:"step"`
		Min       int       `json:"min"`
		NFeatures int       `json:"n_features"`
		Ranking   []int     `json:"ranking"`
		Mean      []float64 `json:"mean"`
		Std       []float64 `json:"std"`
	} `json:"rfecv"`
	Coef      []float64 `json:"coef"`
	Intercept float64   `json:"intercept"`
	SFM       []struct {
		Threshold string  `json:"threshold"`
		Max       int     `json:"max"`
		Value     float64 `json:"value"`
		Support   []int   `json:"support"`
	} `json:"sfm"`
	Perm []struct {
		Data        string    `json:"data"`
		RowsFrom    int       `json:"rows_from"`
		Metric      string    `json:"metric"`
		Coef        []float64 `json:"coef"`
		Intercept   float64   `json:"intercept"`
		Perms       [][]int   `json:"perms"`
		Baseline    float64   `json:"baseline"`
		Mean        []float64 `json:"mean"`
		Std         []float64 `json:"std"`
		Importances []float64 `json:"importances"`
	} `json:"perm"`
}

func readGolden(t testing.TB) *golden {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_importance.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// standardized returns the data set's X standardized column by column
// (transform.Standardize: mean and standard deviation with divisor m, as
// StandardScaler), and y; the column sums must be the script's.
func standardized(t testing.TB, ds *featlab.Dataset, colsum []float64) (*mat.Dense, []float64) {
	t.Helper()
	X, err := transform.FitTransform(&transform.Standardize{}, ds.X)
	if err != nil {
		t.Fatal(err)
	}
	m, d := X.Dims()
	for j := 0; colsum != nil && j < d; j++ {
		s := 0.0
		for i := 0; i < m; i++ {
			s += X.At(i, j)
		}
		if math.Abs(s-colsum[j]) > 1e-9 {
			t.Fatalf("column %d sums to %v, the script's to %v: not the same data", j, s, colsum[j])
		}
	}
	return X, append([]float64(nil), ds.Y...)
}

// sklearnLR is scikit-learn's LogisticRegression(C=1): l2 logistic
// regression with lambda = 1/(C m) on the m rows it is fitted on.
var sklearnLR = featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	m, _ := X.Dims()
	return linear.Logistic(X, y, linear.LogisticConfig{Lambda: 1 / float64(m), Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-10})
})

func TestRFEGolden(t *testing.T) {
	g := readGolden(t)
	X, y := standardized(t, datasets.BreastCancer(), g.BreastColsum)
	for _, c := range g.RFE {
		r, err := RFE(X, y, RFEConfig{Learner: sklearnLR, NFeatures: c.N, Step: c.Step})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Ranking, c.Ranking) {
			t.Errorf("n %d step %v: ranking\n got %v\nwant %v", c.N, c.Step, r.Ranking, c.Ranking)
		}
		if !slices.Equal(r.Support, c.Support) {
			t.Errorf("n %d step %v: support %v, want %v", c.N, c.Step, r.Support, c.Support)
		}
	}
}

func TestRFECVGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("RFECV golden fits 150+ models")
	}
	g := readGolden(t)
	X, y := standardized(t, datasets.BreastCancer(), g.BreastColsum)
	folds := make([]validate.Fold, len(g.Folds))
	for f, fo := range g.Folds {
		folds[f] = validate.Fold{Train: fo.Train, Test: fo.Test}
	}
	for _, c := range g.RFECV {
		r, err := RFECV(X, y, RFECVConfig{Learner: sklearnLR, Step: c.Step, MinFeatures: c.Min, Folds: folds})
		if err != nil {
			t.Fatal(err)
		}
		if r.NFeatures != c.NFeatures {
			t.Errorf("step %v: n_features %d, want %d", c.Step, r.NFeatures, c.NFeatures)
		}
		if !slices.Equal(r.Ranking, c.Ranking) {
			t.Errorf("step %v: ranking\n got %v\nwant %v", c.Step, r.Ranking, c.Ranking)
		}
		if len(r.Mean) != len(c.Mean) {
			t.Fatalf("step %v: %d sizes, want %d", c.Step, len(r.Mean), len(c.Mean))
		}
		for k := range c.Mean {
			if math.Abs(r.Mean[k]-c.Mean[k]) > 1e-12 || math.Abs(r.Std[k]-c.Std[k]) > 1e-12 {
				t.Errorf("step %v size %d: mean %v std %v, want %v %v", c.Step, r.Sizes[k], r.Mean[k], r.Std[k], c.Mean[k], c.Std[k])
			}
		}
	}
}

func TestFromModelGolden(t *testing.T) {
	g := readGolden(t)
	X, y := standardized(t, datasets.BreastCancer(), g.BreastColsum)
	p, err := sklearnLR.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	coef := p.(*linear.LogisticResult).Coef
	for j := range coef {
		if math.Abs(coef[j]-g.Coef[j]) > 1e-6 {
			t.Errorf("coef %d: %v, sklearn %v", j, coef[j], g.Coef[j])
		}
	}
	for _, c := range g.SFM {
		r, err := FromModel(X, y, FromModelConfig{Learner: sklearnLR, Threshold: c.Threshold, MaxFeatures: c.Max})
		if err != nil {
			t.Fatal(err)
		}
		if c.Threshold == "-inf" { // JSON has no -Inf: the script writes null
			if !math.IsInf(r.Threshold, -1) {
				t.Errorf("-inf: threshold %v", r.Threshold)
			}
		} else if math.Abs(r.Threshold-c.Value) > 1e-6 {
			t.Errorf("%q max %d: threshold %v, want %v", c.Threshold, c.Max, r.Threshold, c.Value)
		}
		if !slices.Equal(r.Chosen, c.Support) {
			t.Errorf("%q max %d: chose %v, want %v", c.Threshold, c.Max, r.Chosen, c.Support)
		}
		// The rule on sklearn's own coefficients gives the same.
		abs := make([]float64, len(g.Coef))
		for j, w := range g.Coef {
			abs[j] = math.Abs(w)
		}
		r2, err := SelectImportances(abs, FromModelConfig{Threshold: c.Threshold, MaxFeatures: c.Max})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r2.Chosen, c.Support) {
			t.Errorf("%q max %d on sklearn's coefficients: chose %v, want %v", c.Threshold, c.Max, r2.Chosen, c.Support)
		}
	}
}

func TestPermutationGolden(t *testing.T) {
	g := readGolden(t)
	for _, c := range g.Perm {
		var X *mat.Dense
		var y []float64
		var metric validate.Metric
		var pred featlab.Predictor
		model := &linear.Model{Coef: c.Coef, Intercept: c.Intercept}
		switch c.Data {
		case "breast_cancer":
			X, y = standardized(t, datasets.BreastCancer(), g.BreastColsum)
			metric = validate.Accuracy
			pred = featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
				z, err := model.Predict(X)
				for i, v := range z {
					z[i] = 0
					if v > 0 {
						z[i] = 1
					}
				}
				return z, err
			})
		case "diabetes":
			X, y = standardized(t, datasets.Diabetes(), g.DiabetesColsum)
			metric = func(y, yhat []float64) (float64, error) {
				v, err := validate.MSE(y, yhat)
				return -v, err
			}
			pred = model
		}
		m, d := X.Dims()
		Xt := mat.DenseCopyOf(X.Slice(c.RowsFrom, m, 0, d))
		yt := y[c.RowsFrom:]
		for _, w := range []int{1, 3} {
			r, err := Permutation(Xt, yt, PermutationConfig{Predictor: pred, Metric: metric, Permutations: c.Perms, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			tol := 1e-12 * math.Max(1, math.Abs(c.Baseline))
			if math.Abs(r.Baseline-c.Baseline) > tol {
				t.Errorf("%s: baseline %v, want %v", c.Data, r.Baseline, c.Baseline)
			}
			R := len(c.Perms)
			for j := 0; j < d; j++ {
				if math.Abs(r.Mean[j]-c.Mean[j]) > tol || math.Abs(r.Std[j]-c.Std[j]) > tol {
					t.Errorf("%s workers %d feature %d: mean %v std %v, want %v %v", c.Data, w, j, r.Mean[j], r.Std[j], c.Mean[j], c.Std[j])
				}
				for k := 0; k < R; k++ {
					if math.Abs(r.Importances[j][k]-c.Importances[j*R+k]) > tol {
						t.Errorf("%s feature %d repeat %d: %v, want %v", c.Data, j, k, r.Importances[j][k], c.Importances[j*R+k])
					}
				}
			}
		}
	}
}
