package search_test

// The claims notebook 03 gained in issue 23 (best-first search; a wrapper
// that beats a filter with its fits counted; selection as model
// selection), computed as the notebook computes them.

import (
	"math"
	"slices"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// Section "Best-first search": with Stale 5 and 10 best-first stops at
// forward's six features; with Stale 20 it finds the exhaustive optimum
// after 101 evaluations, its 19th expansion being {bmi, s5, bp, s3} after
// 13 idle ones.
func TestNotebook03BestFirst(t *testing.T) {
	ds := datasets.Diabetes()
	crit := search.LeastSquares{Score: search.BIC}
	run := func(st search.Strategy) *search.Result {
		r, err := search.Select(ds.X, ds.Y, search.Config{Strategy: st, Criterion: crit})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	sorted := func(s []int) []int { return slices.Sorted(slices.Values(s)) }
	ex, fw := run(search.Exhaustive{}), run(search.Forward{})
	for _, stale := range []int{5, 10} {
		if r := run(search.BestFirst{Stale: stale}); !slices.Equal(sorted(r.Subset), sorted(fw.Subset)) || len(fw.Subset) != 6 {
			t.Errorf("Stale %d: %v, forward %v", stale, r.Subset, fw.Subset)
		}
	}
	r := run(search.BestFirst{Stale: 20})
	if !slices.Equal(sorted(r.Subset), sorted(ex.Subset)) || r.Score != ex.Score || r.Evaluations != 101 {
		t.Errorf("Stale 20: %v (%v, %d evaluations), exhaustive %v (%v)", r.Subset, r.Score, r.Evaluations, ex.Subset, ex.Score)
	}
	for i := range fw.History {
		if !slices.Equal(r.History[i].Subset, fw.History[i].Subset) {
			t.Errorf("expansion %d: %v, forward's path %v", i+1, r.History[i].Subset, fw.History[i].Subset)
		}
	}
	if !slices.Equal(r.History[18].Subset, []int{2, 8, 3, 6}) || r.History[19].Score != ex.Score {
		t.Errorf("expansions 19, 20: %v, %v", r.History[18].Subset, r.History[19].Subset)
	}
}

// Section "Exhaustive search scored by cross-validation": CV, Cp and BIC
// choose 7, 6 and 5 features; the CV curve is flat at its minimum.
func TestNotebook03ModelSelection(t *testing.T) {
	ds := datasets.Diabetes()
	cv, err := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Exhaustive{},
		Criterion: search.LeastSquares{Score: search.CVMSE, K: 10}})
	if err != nil {
		t.Fatal(err)
	}
	gap := cv.BySize[5].Score - cv.BySize[6].Score
	if len(cv.Subset) != 7 || gap <= 0 || gap >= 1 || cv.BySize[9].Score <= cv.Score+50 {
		t.Errorf("CV chooses %v; 6 vs 7 gap %v; at 10 %v", cv.Subset, gap, cv.BySize[9].Score)
	}
}

// Section "When the wrapper wins, and what it pays": on three 70/30
// splits of breast cancer the wrapper's 4 features (forward search by
// 5-fold CV accuracy) beat the ANOVA-F filter's top 4 on the test set; the
// filter pays 1 fit, the wrapper 5 x 114 + 1; on split 1 the filter's
// features are pairwise correlated, the wrapper's are not.
func TestNotebook03WrapperBeatsFilter(t *testing.T) {
	if testing.Short() {
		t.Skip("1700 logistic fits")
	}
	ds := datasets.BreastCancer()
	lrn := transform.Model{Steps: []featlab.Transformer{&transform.Standardize{}},
		Learner: linear.LogisticConfig{Lambda: 1e-2, Penalty: linear.L2Penalty, Intercept: true}}
	counted := func(fits *atomic.Int64) featlab.Learner {
		return featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
			fits.Add(1)
			return lrn.Fit(X, y)
		})
	}
	acc := func(l featlab.Learner, train, test *featlab.Dataset, cols []int) float64 {
		a, _ := train.Columns(cols)
		b, _ := test.Columns(cols)
		p, err := l.Fit(a.X, train.Y)
		if err != nil {
			t.Fatal(err)
		}
		yh, _ := p.Predict(b.X)
		v, _ := validate.Accuracy(test.Y, yh)
		return v
	}
	for seed := uint64(1); seed <= 3; seed++ {
		tr, te, _ := validate.Holdout(len(ds.Y), 0.3, seed)
		train, test := ds.Rows(tr), ds.Rows(te)
		var ff, wf atomic.Int64
		f, _ := filter.FClassif(train.X, train.Y, filter.Config{})
		fAcc := acc(counted(&ff), train, test, f.Ranking()[:4])
		folds, _ := validate.StratifiedKFold(train.Y, 5, 1)
		fw, err := search.Select(train.X, train.Y, search.Config{Strategy: search.Forward{K: 4, Rule: search.ExactK},
			Criterion: search.CV{Learner: counted(&wf), Folds: folds, Metric: validate.Accuracy, Higher: true}})
		if err != nil {
			t.Fatal(err)
		}
		wAcc := acc(counted(&wf), train, test, fw.Subset)
		if seed == 1 {
			if lo, _ := absR(ds.X, f.Ranking()[:4]); lo <= 0.75 {
				t.Errorf("split 1: the filter's features correlate at |r| >= %.2f only", lo)
			}
			if _, hi := absR(ds.X, fw.Subset); hi >= 0.4 {
				t.Errorf("split 1: two of the wrapper's features correlate at |r| = %.2f", hi)
			}
		}
		if wAcc <= fAcc || ff.Load() != 1 || fw.Evaluations != 114 || wf.Load() != 5*114+1 {
			t.Errorf("split %d: filter %.4f (%d fits), wrapper %.4f (%d fits, %d evaluations)", seed, fAcc, ff.Load(), wAcc, wf.Load(), fw.Evaluations)
		}
	}
}

// absR is the smallest and largest |r| between two columns of sub.
func absR(X mat.Matrix, sub []int) (lo, hi float64) {
	lo, hi = 1, 0
	for k, a := range sub {
		for _, b := range sub[k+1:] {
			r := math.Abs(stat.Correlation(mat.Col(nil, a, X), mat.Col(nil, b, X), nil))
			lo, hi = math.Min(lo, r), math.Max(hi, r)
		}
	}
	return lo, hi
}
