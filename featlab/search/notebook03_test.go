package search_test

// The claims of notebooks/03-search.ipynb, computed the way the notebook
// computes them, so that a change that breaks the notebook's story breaks
// the build. Each test names the notebook section it backs.

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

func all(d int) []int {
	s := make([]int, d)
	for j := range s {
		s[j] = j
	}
	return s
}

// r2Poly2 is the R^2 of least squares on the degree-2 monomials of the
// given columns (the notebook's cuboid cell).
func r2Poly2(t *testing.T, X mat.Matrix, y []float64, cols []int) float64 {
	P, err := transform.FitTransform(&transform.Polynomial{Degree: 2, NoBias: true}, matx.Cols(X, cols))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := search.LeastSquares{Score: search.R2}.Evaluator(P, y)
	if err != nil {
		t.Fatal(err)
	}
	_, d := P.Dims()
	v, err := ev.Eval(all(d))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestNotebook03Cuboid: a degree-2 model of (height, base_area) predicts the
// volume exactly (R^2 = 1 to 1e-12); of (length, width, height) it cannot
// (R^2 < 0.999).
func TestNotebook03Cuboid(t *testing.T) {
	ds, err := synth.Cuboid(200, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r := r2Poly2(t, ds.X, ds.Y, []int{2, 3}); math.Abs(r-1) > 1e-12 {
		t.Errorf("R^2 on (height, base_area) = %v, want 1", r)
	}
	if r := r2Poly2(t, ds.X, ds.Y, []int{0, 1, 2}); r >= 0.999 {
		t.Errorf("R^2 on (length, width, height) = %v, want < 0.999", r)
	}
}

// TestNotebook03Pitfall: forward search by RSS picks a2, a4, a5; in round 3
// a5 beats a6; {a2, a4, a6, a8} beats every {a2, a4, a5, a_i}.
func TestNotebook03Pitfall(t *testing.T) {
	ds, _ := synth.GreedyPitfall(200, 1)
	res, err := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Forward{K: 4}, Criterion: search.LeastSquares{}, Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, h := range res.History {
		order = append(order, h.Name)
	}
	if !slices.Equal(order[:3], []string{"a2", "a4", "a5"}) {
		t.Errorf("forward order %v", order)
	}
	ev, _ := search.LeastSquares{}.Evaluator(ds.X, ds.Y)
	e := func(s ...int) float64 { v, _ := ev.Eval(s); return v }
	if !(e(1, 3, 4) < e(1, 3, 5)) {
		t.Errorf("round 3: a5 %v, a6 %v", e(1, 3, 4), e(1, 3, 5))
	}
	target := e(1, 3, 5, 7)
	for i := 0; i < 8; i++ {
		if i == 1 || i == 3 || i == 4 {
			continue
		}
		if v := e(1, 3, 4, i); v <= target {
			t.Errorf("{a2, a4, a5, a%d} = %v <= {a2, a4, a6, a8} = %v", i+1, v, target)
		}
	}
	// the best 4-subset overall is {a2, a4, a6, a8}
	best, _ := search.BestSubsets(ds.X, ds.Y, search.BestSubsetsConfig{})
	if !slices.Equal(best.Sizes[3].Subset, []int{1, 3, 5, 7}) {
		t.Errorf("best 4-subset %v", best.Sizes[3].Subset)
	}
}

func pairCriterion() search.CV {
	folds, _ := validate.KFold(200, 5, 1)
	lrn := linear.LogisticConfig{Lambda: 1e-3, Penalty: linear.L2Penalty, Intercept: true}
	return search.CV{Learner: lrn, Folds: folds, Metric: validate.Accuracy, Higher: true, Name: "5-fold CV accuracy"}
}

// TestNotebook03MissedPair: forward search picks x3 first and, with a
// budget of two, ends with a pair below 0.85 accuracy; backward search
// removes x3 first and keeps {x1, x2} at accuracy 1. Evaluation counts:
// forward to 3 features 3 + 2 + 1 = 6 <= K d = 9; backward to 1 feature
// 1 + 3 + 2 = 6 = d(d+1)/2.
func TestNotebook03MissedPair(t *testing.T) {
	ds, _ := synth.MissedPair(200, 1)
	crit := pairCriterion()
	fw, err := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Forward{K: 3, Rule: search.ExactK}, Criterion: crit, Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	bw, err := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Backward{Rule: search.ExactK}, Criterion: crit, Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	if fw.History[0].Name != "x3" || fw.History[1].Score >= 0.85 || fw.History[2].Score != 1 {
		t.Errorf("forward: %v", fw.History)
	}
	if bw.History[1].Name != "x3" || bw.History[1].Score != 1 || bw.History[0].Score != 1 {
		t.Errorf("backward: %v", bw.History)
	}
	if fw.Evaluations != 6 || bw.Evaluations != 6 {
		t.Errorf("evaluations: forward %d, backward %d", fw.Evaluations, bw.Evaluations)
	}
	// alone: x3 beats 0.8, x1 and x2 stay below 0.6
	ev, _ := crit.Evaluator(ds.X, ds.Y)
	for j, lo := range []float64{0, 0, 0.8} {
		v, _ := ev.Eval([]int{j})
		if (j < 2 && v >= 0.6) || (j == 2 && v <= lo) {
			t.Errorf("x%d alone: %v", j+1, v)
		}
	}
	// Zhou's stop rule: forward stops at {x3}; backward at {x1, x2}
	fs, _ := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Forward{}, Criterion: crit})
	bs, _ := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Backward{}, Criterion: crit})
	if !slices.Equal(fs.Subset, []int{2}) || !slices.Equal(bs.Subset, []int{0, 1}) {
		t.Errorf("stop rule: forward %v, backward %v", fs.Subset, bs.Subset)
	}
}

func watermelonCriterion(ds *featlab.Dataset) search.InfoGain {
	cat := make([]bool, len(ds.Names))
	for j := range cat {
		cat[j] = ds.IsCategorical(j)
	}
	return search.InfoGain{Categorical: cat}
}

// TestNotebook03Watermelon: with information gain, forward, backward and
// bidirectional search all choose {texture, surface, density}, whose gain
// is Ent(D) = 0.998 (the groups are pure); forward's first pick is
// texture with Gain 0.381, the root of Zhou's decision tree (4.2.1).
func TestNotebook03Watermelon(t *testing.T) {
	ds := datasets.Watermelon()
	crit := watermelonCriterion(ds)
	want := []string{"density", "surface", "texture"}
	for _, st := range []search.Strategy{search.Forward{}, search.Backward{}, search.Bidirectional{}} {
		r, err := search.Select(ds.X, ds.Y, search.Config{Strategy: st, Criterion: crit, Names: ds.Names})
		if err != nil {
			t.Fatal(err)
		}
		got := r.SubsetNames(r.Subset)
		slices.Sort(got)
		if !slices.Equal(got, want) || math.Abs(r.Score-0.998) > 5e-4 {
			t.Errorf("%T: %v, gain %v", st, got, r.Score)
		}
	}
	r, _ := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Forward{}, Criterion: crit, Names: ds.Names})
	if r.History[0].Name != "texture" || math.Abs(r.History[0].Score-0.381) > 5e-4 {
		t.Errorf("first pick %s %v", r.History[0].Name, r.History[0].Score)
	}
	ent, _ := filter.Entropy(ds.Y)
	if math.Abs(ent-r.Score) > 1e-12 {
		t.Errorf("gain %v, entropy %v", r.Score, ent)
	}
}

// TestNotebook03Diabetes: 1023 subsets; exhaustive search and branch and
// bound agree on the best subset of every size; forward, backward and
// floating search (RSS) find it at every size but 5, where all three
// return {bmi, s5, bp, s1, sex} instead of {sex, bmi, bp, s3, s5}; Cp is
// lowest at 6 features and BIC at 5.
func TestNotebook03Diabetes(t *testing.T) {
	ds := datasets.Diabetes()
	if n, _ := search.Count(10, 0); n != 1023 {
		t.Errorf("count %d", n)
	}
	ev, _ := search.LeastSquares{}.Evaluator(ds.X, ds.Y)
	ex, err := search.Run(t.Context(), ev, search.Config{Strategy: search.Exhaustive{}})
	if err != nil || ex.Evaluations != 1023 {
		t.Fatal(err, ex.Evaluations)
	}
	best, _ := search.BestSubsets(ds.X, ds.Y, search.BestSubsetsConfig{Names: ds.Names})
	argmin := func(f func(search.SubsetStats) float64) int {
		k := 0
		for i, s := range best.Sizes {
			if f(s) < f(best.Sizes[k]) {
				k = i
			}
		}
		return k + 1
	}
	if argmin(func(s search.SubsetStats) float64 { return s.Cp }) != 6 || argmin(func(s search.SubsetStats) float64 { return s.BIC }) != 5 {
		t.Errorf("Cp and BIC minima")
	}
	for _, st := range []search.Strategy{search.Forward{Rule: search.ExactK}, search.Backward{Rule: search.ExactK}, search.Floating{}} {
		r, _ := search.Select(ds.X, ds.Y, search.Config{Strategy: st, Criterion: search.LeastSquares{}, Names: ds.Names})
		if _, fl := st.(search.Floating); !fl && r.Evaluations != 55 {
			t.Errorf("%T: %d evaluations, the notebook says 55", st, r.Evaluations)
		}
		for s := 0; s < 10; s++ {
			got := slices.Sorted(slices.Values(r.BySize[s].Subset))
			same := slices.Equal(got, best.Sizes[s].Subset) && slices.Equal(got, slices.Sorted(slices.Values(ex.BySize[s].Subset)))
			if same == (s == 4) {
				t.Errorf("%T size %d: %v, best %v", st, s+1, got, best.Sizes[s].Subset)
			}
		}
	}
}

func lvwProblem(t *testing.T) (*mat.Dense, []float64, search.CV) {
	ds := datasets.BreastCancer()
	Z, err := transform.FitTransform(&transform.Standardize{}, ds.X)
	if err != nil {
		t.Fatal(err)
	}
	folds, _ := validate.StratifiedKFold(ds.Y, 5, 1)
	lrn := linear.LogisticConfig{Lambda: 1e-2, Penalty: linear.L2Penalty, Intercept: true}
	return Z, ds.Y, search.CV{Learner: lrn, Folds: folds, Metric: validate.ZeroOneLoss, Name: "5-fold CV error"}
}

// TestNotebook03LVW: seeds 1 and 2 both end at CV error 0.0193 with 15 and
// 16 features after 54 and 113 rounds; every accepted subset is better, or
// as good and smaller; under a budget of 20 evaluations Las Vegas returns
// nothing and Monte Carlo its best so far.
func TestNotebook03LVW(t *testing.T) {
	if testing.Short() {
		t.Skip("LVW runs about 170 cross-validations")
	}
	X, y, crit := lvwProblem(t)
	for _, c := range []struct {
		seed         uint64
		rounds, size int
	}{{1, 54, 15}, {2, 113, 16}} {
		r, err := search.Select(X, y, search.Config{Strategy: search.LVW{T: 50, Seed: c.seed}, Criterion: crit})
		if err != nil {
			t.Fatal(err)
		}
		if r.Rounds != c.rounds || len(r.Subset) != c.size || math.Abs(r.Score-0.019329) > 1e-6 {
			t.Errorf("seed %d: %d rounds, %d features, error %v", c.seed, r.Rounds, len(r.Subset), r.Score)
		}
		for k := 1; k < len(r.History); k++ {
			p, q := r.History[k-1], r.History[k]
			if !search.Accept(q.Score, len(q.Subset), p.Score, len(p.Subset), 0) {
				t.Errorf("seed %d: accepted %v after %v", c.seed, q, p)
			}
		}
	}
	lv, _ := search.Select(X, y, search.Config{Strategy: search.LVW{T: 50, Seed: 1, MaxEvals: 20}, Criterion: crit})
	mc, _ := search.Select(X, y, search.Config{Strategy: search.LVW{T: 50, Seed: 1, MaxEvals: 20, MonteCarlo: true}, Criterion: crit})
	if lv.Found || lv.Subset != nil || !mc.Found || mc.Subset == nil || mc.Rounds != 20 {
		t.Errorf("budget: Las Vegas %v %v, Monte Carlo %v %v", lv.Found, lv.Subset, mc.Found, mc.Subset)
	}
}

// TestNotebook03Bootstrap: over 50 bootstrap samples of diabetes, forward
// search with BIC always chooses bmi and s5; age never; s4 and s6 in fewer
// than a fifth of the rounds.
func TestNotebook03Bootstrap(t *testing.T) {
	ds := datasets.Diabetes()
	bs, _ := validate.Bootstrap(442, 50, 1)
	cnt := make([]int, 10)
	for _, f := range bs {
		r, err := search.Select(matx.Rows(ds.X, f.Train), matx.Take(ds.Y, f.Train), search.Config{Strategy: search.Forward{}, Criterion: search.LeastSquares{Score: search.BIC}})
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range r.Subset {
			cnt[j]++
		}
	}
	if cnt[2] != 50 || cnt[8] != 50 || cnt[0] != 0 || cnt[7] >= 10 || cnt[9] >= 10 {
		t.Errorf("counts %v", cnt)
	}
}

// TestNotebook03WrapperFilterEmbedded: on a 70/30 split of diabetes, the
// |r| ranking, forward search with 5-fold CV MSE and the lasso path agree
// on the first three features (bmi, s5, bp); with each, the test MSE with
// 2 features is below that with all 10.
func TestNotebook03WrapperFilterEmbedded(t *testing.T) {
	ds := datasets.Diabetes()
	orders, mse := wrapperFilterEmbedded(t, ds)
	for name, o := range orders {
		if !slices.Equal(o[:3], []int{2, 8, 3}) {
			t.Errorf("%s order %v", name, o)
		}
		if !(mse[name][1] < mse[name][9]) {
			t.Errorf("%s test MSE %v", name, mse[name])
		}
	}
}

func wrapperFilterEmbedded(t *testing.T, ds *featlab.Dataset) (map[string][]int, map[string][]float64) {
	tr, te, _ := validate.Holdout(442, 0.3, 1)
	Xtr, ytr, Xte, yte := matx.Rows(ds.X, tr), matx.Take(ds.Y, tr), matx.Rows(ds.X, te), matx.Take(ds.Y, te)
	pe, err := filter.Pearson(Xtr, ytr, filter.Config{})
	if err != nil {
		t.Fatal(err)
	}
	fw, _ := search.Select(Xtr, ytr, search.Config{Strategy: search.Forward{Rule: search.ExactK}, Criterion: search.LeastSquares{Score: search.CVMSE}})
	Z, _ := transform.FitTransform(&transform.Standardize{}, Xtr)
	path, _ := linear.LassoPath(Z, ytr, linear.LassoPathConfig{Intercept: true})
	orders := map[string][]int{"filter": pe.Ranking(), "wrapper": fw.Subset, "embedded": path.Order}
	mse := map[string][]float64{}
	for name, o := range orders {
		for k := 1; k <= len(o); k++ {
			fit, _ := linear.LeastSquaresConfig{Intercept: true}.Fit(matx.Cols(Xtr, o[:k]), ytr)
			p, _ := fit.Predict(matx.Cols(Xte, o[:k]))
			v, _ := validate.MSE(yte, p)
			mse[name] = append(mse[name], v)
		}
	}
	return orders, mse
}

// TestNotebook03SelectionBias: on 60 examples of 500 noise features,
// choosing 10 features by forward search on all the data and then
// cross-validating reports an error below 0.1; selecting inside each fold
// reports 0.5 +- 0.1 (chance), and so does search.Config as a selector in a
// transform.Model cross-validated in one call.
func TestNotebook03SelectionBias(t *testing.T) {
	biased, nested := selectionBias(t)
	if biased[9] >= 0.1 || math.Abs(nested[9]-0.5) > 0.1 {
		t.Errorf("biased %v nested %v", biased, nested)
	}
}

func selectionBias(t *testing.T) (biased, nested []float64) {
	ds, _ := synth.NoiseClassification(60, 500, 1)
	folds, _ := validate.KFold(60, 5, 2)
	lrn := linear.LogisticConfig{Lambda: 1e-2, Penalty: linear.L2Penalty, Intercept: true}
	fw := search.Config{Strategy: search.Forward{K: 10, Rule: search.ExactK}, Criterion: search.LeastSquares{Score: search.CVMSE}}
	all, err := search.Select(ds.X, ds.Y, fw)
	if err != nil {
		t.Fatal(err)
	}
	nested = make([]float64, 10)
	for _, f := range folds {
		Xa, ya := matx.Rows(ds.X, f.Train), matx.Take(ds.Y, f.Train)
		in, _ := search.Select(Xa, ya, fw)
		for k := 1; k <= 10; k++ {
			p, _ := lrn.Fit(matx.Cols(Xa, in.Subset[:k]), ya)
			yh, _ := p.Predict(matx.Cols(matx.Rows(ds.X, f.Test), in.Subset[:k]))
			e, _ := validate.ZeroOneLoss(matx.Take(ds.Y, f.Test), yh)
			nested[k-1] += e / float64(len(folds))
		}
	}
	for k := 1; k <= 10; k++ {
		cv, _ := validate.CrossValidate(matx.Cols(ds.X, all.Subset[:k]), ds.Y, validate.CVConfig{Learner: lrn, Folds: folds, Metric: validate.ZeroOneLoss})
		biased = append(biased, cv.Mean)
	}
	// search.Config as a featlab.Selector inside a transform.Model: the
	// same nested estimate in one cross-validation call.
	model := transform.Model{Steps: []featlab.Transformer{&transform.Select{Selector: fw}}, Learner: lrn}
	cv, err := validate.CrossValidate(ds.X, ds.Y, validate.CVConfig{Learner: model, Folds: folds, Metric: validate.ZeroOneLoss})
	if err != nil || math.Abs(cv.Mean-nested[9]) > 1e-12 {
		t.Errorf("pipeline estimate %v (%v), nested loop %v", cv, err, nested[9])
	}
	return biased, nested
}

// treeSplits is the notebook's C4.5-style tree: each node splits on the
// attribute of highest information gain; it counts the splits.
func treeSplits(t *testing.T, ds *featlab.Dataset, cat []bool, used map[string]int) {
	g, err := filter.NewInfoGain(ds.X, ds.Y, filter.InfoGainConfig{Names: ds.Names, Categorical: cat})
	if err != nil {
		t.Fatal(err)
	}
	sc := g.Scores()
	if j := sc.Ranking()[0]; sc.Values[j] > 1e-12 {
		used[ds.Names[j]]++
		th, cont := g.Threshold(j)
		child := map[float64][]int{}
		for i := range ds.Y {
			v := ds.X.At(i, j)
			if cont {
				v = map[bool]float64{true: 1}[v <= th]
			}
			child[v] = append(child[v], i)
		}
		for _, rows := range child {
			treeSplits(t, ds.Rows(rows), cat, used)
		}
	}
}

// TestNotebook03WatermelonTree: the tree grown with information gain splits
// on texture, surface and density, once each: the set the searches chose.
func TestNotebook03WatermelonTree(t *testing.T) {
	ds := datasets.Watermelon()
	used := map[string]int{}
	treeSplits(t, ds, watermelonCriterion(ds).Categorical, used)
	if len(used) != 3 || used["texture"] != 1 || used["surface"] != 1 || used["density"] != 1 {
		t.Errorf("tree splits %v", used)
	}
}

// TestNotebook03Refine: forward search to 5 attributes on watermelon 3.0
// with information gain, replayed with filter.Partition.Refine: the
// melons fall into 3, 6, 8, 13 and 15 groups, the refined gains are the
// search's bit for bit and equal Ent(D) from round 3 on, and the 30
// candidates cost 80 passes over the data regrouped, 34 refined.
func TestNotebook03Refine(t *testing.T) {
	ds := datasets.Watermelon()
	g, err := filter.NewInfoGainDataset(ds, filter.InfoGainConfig{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Forward{K: 5, Rule: search.ExactK}, Criterion: watermelonCriterion(ds), Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Root()
	var sizes []int
	regroup, refine := 0, 0
	for k, h := range r.History {
		if k > 0 {
			refine++
		}
		for j := range ds.Names {
			if !slices.Contains(h.Subset[:k], j) {
				regroup += k + 1
				refine++
			}
		}
		if p, err = p.Refine(h.Feature); err != nil {
			t.Fatal(err)
		}
		if math.Float64bits(p.Gain()) != math.Float64bits(h.Score) || (k >= 2 && math.Abs(h.Score-g.Entropy()) > 1e-12) {
			t.Errorf("round %d: refined %v, search %v, Ent %v", k+1, p.Gain(), h.Score, g.Entropy())
		}
		sizes = append(sizes, p.Groups())
	}
	if !slices.Equal(sizes, []int{3, 6, 8, 13, 15}) || r.Evaluations != 30 || regroup != 80 || refine != 34 {
		t.Errorf("groups %v, %d evaluations, %d passes regrouped, %d refined", sizes, r.Evaluations, regroup, refine)
	}
}
