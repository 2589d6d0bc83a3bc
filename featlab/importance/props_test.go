package importance

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// planted returns m rows of d standard normal features and a target that
// depends on the first few with decreasing weights.
func planted(m, d int, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = 4*X.At(i, 0) - 3*X.At(i, 1) + 2*X.At(i, 2) + 0.1*rng.NormFloat64()
	}
	return X, y
}

var ridge = linear.RidgeConfig{Lambda: 1e-3, Intercept: true}

func TestRFEStepsAndRanking(t *testing.T) {
	X, y := planted(200, 10, 1)
	for _, step := range []float64{0, 1, 3, 0.25, 0.01} {
		r, err := RFE(X, y, RFEConfig{Learner: ridge, NFeatures: 3, Step: step})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Support, []int{0, 1, 2}) {
			t.Errorf("step %v: support %v", step, r.Support)
		}
		// Ranking: 1 for the support, every step a rank of its own.
		maxRank := slices.Max(r.Ranking)
		if maxRank != len(r.Steps)+1 {
			t.Errorf("step %v: max rank %d after %d steps", step, maxRank, len(r.Steps))
		}
		cnt, _ := stepCount(step, 10)
		for s, st := range r.Steps {
			want := min(cnt, len(st.Features)-3)
			if len(st.Removed) != want {
				t.Errorf("step %v: step %d removed %d, want %d", step, s, len(st.Removed), want)
			}
		}
		sel := r.Selection()
		if len(sel.Ranking) != 10 || sel.Ranking[0] != 0 || len(sel.History) != 7 {
			t.Errorf("step %v: selection ranking %v, %d history steps", step, sel.Ranking, len(sel.History))
		}
	}
}

func TestRFECustomImportanceAndSelector(t *testing.T) {
	X, y := planted(150, 6, 2)
	// Importance: minus the index, so the highest indices survive.
	get := func(p featlab.Predictor, _ []int) ([]float64, error) {
		w := p.(*linear.RidgeResult).Coef
		out := make([]float64, len(w))
		for j := range out {
			out[j] = float64(j)
		}
		return out, nil
	}
	s, err := RFEConfig{Learner: ridge, NFeatures: 2, Importance: get}.Select(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(slices.Values(s.Chosen)); !slices.Equal(got, []int{4, 5}) {
		t.Errorf("chose %v", s.Chosen)
	}
}

func TestRFEErrors(t *testing.T) {
	X, y := planted(50, 4, 3)
	for name, cfg := range map[string]RFEConfig{
		"no learner": {},
		"k=5":        {Learner: ridge, NFeatures: 5},
		"step=-1":    {Learner: ridge, Step: -1},
		"step=1.5":   {Learner: ridge, Step: 1.5},
	} {
		if _, err := RFE(X, y, cfg); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: %v", name, err)
		}
	}
	noCoef := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		return featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) { return nil, nil }), nil
	})
	if _, err := RFE(X, y, RFEConfig{Learner: noCoef}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("no coefficients: %v", err)
	}
	panics := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) { panic("boom") })
	if _, err := RFE(X, y, RFEConfig{Learner: panics}); !errors.Is(err, featlab.ErrPanic) {
		t.Errorf("panicking learner: %v", err)
	}
}

func TestRFEContextCancelled(t *testing.T) {
	X, y := planted(80, 8, 4)
	ctx, cancel := context.WithCancel(context.Background())
	fits := 0
	l := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		fits++
		if fits == 3 {
			cancel()
		}
		return ridge.Fit(X, y)
	})
	r, err := RFEContext(ctx, X, y, RFEConfig{Learner: l, NFeatures: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if r == nil || len(r.Steps) != 3 || len(r.Support) != 5 || r.Model != nil {
		t.Errorf("partial result %+v", r)
	}
	if _, err := RFECVContext(ctx, X, y, RFECVConfig{Learner: ridge, Metric: validate.MSE, LowerIsBetter: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("RFECV: %v", err)
	}
}

func TestRFECVRegressionWorkers(t *testing.T) {
	X, y := planted(120, 8, 5)
	cfg := RFECVConfig{Learner: ridge, Metric: validate.MSE, LowerIsBetter: true, Step: 2, Seed: 9}
	var first *RFECVResult
	for _, w := range []int{1, 3} {
		cfg.Workers = w
		r, err := RFECV(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Sizes, []int{1, 2, 4, 6, 8}) {
			t.Errorf("sizes %v", r.Sizes)
		}
		if r.NFeatures < 3 {
			t.Errorf("chose %d features", r.NFeatures)
		}
		if first == nil {
			first = r
		} else if !slices.Equal(first.Mean, r.Mean) || !slices.Equal(first.Ranking, r.Ranking) {
			t.Errorf("workers %d: mean %v vs %v", w, r.Mean, first.Mean)
		}
	}
	s, err := cfg.Select(X, y)
	if err != nil || len(s.Chosen) != first.NFeatures {
		t.Errorf("Select: %v %v", s, err)
	}
}

func TestFromModelRules(t *testing.T) {
	imp := []float64{4, 1, 3, 2, 0}
	for _, c := range []struct {
		thr  string
		max  int
		want []int
	}{
		{"", 0, []int{0, 2, 3}}, // the mean, 2; ties pass
		{"mean", 0, []int{0, 2, 3}},
		{"median", 0, []int{0, 2, 3}},
		{"0.5*mean", 0, []int{0, 1, 2, 3}},
		{"3", 0, []int{0, 2}},
		{"-inf", 2, []int{0, 2}},
		{"", 4, []int{0, 2, 3}},
		{"mean", 1, []int{0}},
	} {
		r, err := SelectImportances(imp, FromModelConfig{Threshold: c.thr, MaxFeatures: c.max})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Chosen, c.want) {
			t.Errorf("%q max %d: %v, want %v", c.thr, c.max, r.Chosen, c.want)
		}
	}
	for _, thr := range []string{"mode", "x*mean", "2*max", "NaN", "1e999"} {
		if _, err := SelectImportances(imp, FromModelConfig{Threshold: thr}); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%q: %v", thr, err)
		}
	}
}

func TestPermutationSeededAndUnused(t *testing.T) {
	X, y := planted(300, 5, 6)
	p, err := ridge.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	// A model that ignores x4: zero coefficient there.
	model := p.(*linear.RidgeResult)
	model.Coef[4] = 0
	neg := func(y, yhat []float64) (float64, error) { v, err := validate.MSE(y, yhat); return -v, err }
	var first *PermutationResult
	for _, w := range []int{1, 2, 5} {
		r, err := Permutation(X, y, PermutationConfig{Predictor: model, Metric: neg, Seed: 3, Repeats: 4, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if r.Mean[4] != 0 || r.Std[4] != 0 {
			t.Errorf("unused feature: %v %v", r.Mean[4], r.Std[4])
		}
		if !(r.Mean[0] > r.Mean[1] && r.Mean[1] > r.Mean[2] && r.Mean[2] > r.Mean[3]) {
			t.Errorf("means %v not in the planted order", r.Mean)
		}
		if first == nil {
			first = r
		} else {
			for j := range r.Importances {
				if !slices.Equal(r.Importances[j], first.Importances[j]) {
					t.Errorf("workers %d feature %d differ", w, j)
				}
			}
		}
	}
	// LowerIsBetter with MSE gives the same numbers as -MSE.
	r, err := Permutation(X, y, PermutationConfig{Predictor: model, Metric: validate.MSE, LowerIsBetter: true, Seed: 3, Repeats: 4})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Mean, first.Mean) {
		t.Errorf("LowerIsBetter: %v vs %v", r.Mean, first.Mean)
	}
	s := r.Selection()
	if !slices.Equal(s.Chosen[:4], []int{0, 1, 2, 3}) || slices.Contains(s.Chosen, 4) {
		t.Errorf("selection %v", s.Chosen)
	}
	if _, err := Permutation(X, y, PermutationConfig{Predictor: model, Metric: validate.MSE, Permutations: [][]int{{0, 0, 1}}}); err == nil {
		t.Error("bad permutation accepted")
	}
}

// TestRFEWithHeldOutPermutation: RFE driven by permutation importance on
// held-out rows (scikit-learn issue #32201) finds the planted features.
func TestRFEWithHeldOutPermutation(t *testing.T) {
	X, y := planted(300, 8, 7)
	Xfit, yfit := mat.DenseCopyOf(X.Slice(0, 200, 0, 8)), y[:200]
	Xval, yval := mat.DenseCopyOf(X.Slice(200, 300, 0, 8)), y[200:]
	get := PermutationGetter(Xval, yval, PermutationConfig{Metric: validate.MSE, LowerIsBetter: true, Repeats: 3, Seed: 1})
	r, err := RFE(Xfit, yfit, RFEConfig{Learner: ridge, NFeatures: 3, Step: 2, Importance: get})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Support, []int{0, 1, 2}) {
		t.Errorf("support %v", r.Support)
	}
	bad := PermutationGetter(mat.NewDense(5, 2, nil), make([]float64, 5), PermutationConfig{Metric: validate.MSE})
	if _, err := RFE(Xfit, yfit, RFEConfig{Learner: ridge, Importance: bad}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("narrow held-out X: %v", err)
	}
}

// TestRFEWarmStartSameRanking: a linear.LogisticConfig learner is
// warm-started from step to step; the ranking is the cold one's.
func TestRFEWarmStartSameRanking(t *testing.T) {
	X, y := planted(300, 12, 8)
	yc := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			yc[i] = 1
		}
	}
	lc := linear.LogisticConfig{Lambda: 0.01, Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-10}
	warm, err := RFE(X, yc, RFEConfig{Learner: lc, NFeatures: 2})
	if err != nil {
		t.Fatal(err)
	}
	cold, err := RFE(X, yc, RFEConfig{Learner: featlab.LearnerFunc(lc.Fit), NFeatures: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(warm.Ranking, cold.Ranking) {
		t.Errorf("warm %v, cold %v", warm.Ranking, cold.Ranking)
	}
	cv, err := RFECV(X, yc, RFECVConfig{Learner: lc, Seed: 2, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	cv1, err := RFECV(X, yc, RFECVConfig{Learner: lc, Seed: 2, Workers: 1})
	if err != nil || !slices.Equal(cv.Mean, cv1.Mean) {
		t.Errorf("RFECV workers 2 vs 1: %v vs %v (%v)", cv.Mean, cv1.Mean, err)
	}
}
