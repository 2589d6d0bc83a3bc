package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// randProblem is a regression with d features, three of them informative.
func randProblem(m, d int, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()+0.3*float64(j%3))
		}
		y[i] = 2*X.At(i, 0) - X.At(i, d/2) + 0.5*X.At(i, d-1) + rng.NormFloat64()
	}
	return X, y
}

func close(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestLeastSquaresMatchesRefit: the Gram-matrix criteria equal the same
// quantities from an independent fit (linear.LeastSquares / the CV
// wrapper around linear.LeastSquaresConfig) on random subsets, in random
// index orders.
func TestLeastSquaresMatchesRefit(t *testing.T) {
	X, y := randProblem(60, 7, 3)
	m, d := X.Dims()
	rng := rand.New(rand.NewPCG(9, 9))
	folds, _ := validate.KFoldUnshuffled(m, 5)
	cvEv, err := CV{Learner: linear.LeastSquaresConfig{Intercept: true}, Folds: folds}.Evaluator(X, y)
	if err != nil {
		t.Fatal(err)
	}
	evs := map[LSScore]*Evaluator{}
	for sc := RSS; sc <= CVMSE; sc++ {
		if evs[sc], err = (LeastSquares{Score: sc}).Evaluator(X, y); err != nil {
			t.Fatal(err)
		}
	}
	ybar := 0.0
	for _, v := range y {
		ybar += v
	}
	ybar /= float64(m)
	tss := 0.0
	for _, v := range y {
		tss += (v - ybar) * (v - ybar)
	}
	full := make([]int, d)
	for j := range full {
		full[j] = j
	}
	fullFit, _ := linear.LeastSquares(X, y, linear.LeastSquaresConfig{Intercept: true})
	rssOf := func(fit *linear.LeastSquaresResult, s []int) float64 {
		r := 0.0
		for i := 0; i < m; i++ {
			p := fit.Intercept
			for k, j := range s {
				p += fit.Coef[k] * X.At(i, j)
			}
			r += (y[i] - p) * (y[i] - p)
		}
		return r
	}
	sigma2 := rssOf(fullFit, full) / float64(m-d-1)
	for trial := 0; trial < 40; trial++ {
		s := rng.Perm(d)[:1+rng.IntN(d)]
		fit, err := linear.LeastSquares(matx.Cols(X, s), y, linear.LeastSquaresConfig{Intercept: true})
		if err != nil {
			t.Fatal(err)
		}
		rss := rssOf(fit, s)
		p := float64(len(s) + 1)
		fm := float64(m)
		want := map[LSScore]float64{
			RSS: rss, R2: 1 - rss/tss, AdjR2: 1 - (rss/(fm-p))/(tss/(fm-1)),
			Cp: rss/sigma2 + 2*p - fm, AIC: fm*math.Log(rss/fm) + 2*p, BIC: fm*math.Log(rss/fm) + p*math.Log(fm),
		}
		want[CVMSE], _ = cvEv.Eval(s)
		for sc, w := range want {
			got, err := evs[sc].Eval(s)
			if err != nil || !close(got, w, 1e-9) {
				t.Errorf("%v of %v: got %v (%v), want %v", sc, s, got, err, w)
			}
		}
	}
}

// TestRidgeCVMatchesRefit: CV MSE and training RSS with Ridge > 0 equal the
// CV wrapper around linear.RidgeConfig with the same objective
// (||y - b - Xw||^2 + lambda ||w||^2, scikit-learn's Ridge(alpha)).
func TestRidgeCVMatchesRefit(t *testing.T) {
	X, y := randProblem(50, 6, 11)
	lam := 3.5
	folds, _ := validate.KFoldUnshuffled(50, 5)
	ref, _ := CV{Learner: linear.RidgeConfig{Lambda: lam, Objective: linear.RidgeSum, Intercept: true}, Folds: folds}.Evaluator(X, y)
	ev, err := LeastSquares{Score: CVMSE, Ridge: lam}.Evaluator(X, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range [][]int{{0}, {3, 1}, {5, 0, 2, 4}, {0, 1, 2, 3, 4, 5}} {
		a, _ := ev.Eval(s)
		b, _ := ref.Eval(s)
		if !close(a, b, 1e-10) {
			t.Errorf("%v: Gram CV MSE %v, refitted %v", s, a, b)
		}
	}
}

// TestCollinearColumn: a column that is a combination of others leaves the
// RSS unchanged (the minimum-norm fit's).
func TestCollinearColumn(t *testing.T) {
	X, y := randProblem(40, 4, 5)
	Xc := mat.NewDense(40, 5, nil)
	for i := 0; i < 40; i++ {
		for j := 0; j < 4; j++ {
			Xc.Set(i, j, X.At(i, j))
		}
		Xc.Set(i, 4, X.At(i, 0)+2*X.At(i, 1))
	}
	ev, _ := LeastSquares{}.Evaluator(Xc, y)
	a, _ := ev.Eval([]int{0, 1})
	b, err := ev.Eval([]int{0, 1, 4})
	if err != nil || !close(a, b, 1e-8) {
		t.Errorf("RSS{0,1} = %v, RSS{0,1,4} = %v (%v): a collinear column must not change RSS", a, b, err)
	}
}

// bruteBest is the best subset of every size by plain enumeration.
func bruteBest(ev *Evaluator) []Scored {
	d := ev.D
	best := make([]Scored, d)
	for mask := 1; mask < 1<<d; mask++ {
		var s []int
		for j := 0; j < d; j++ {
			if mask>>j&1 == 1 {
				s = append(s, j)
			}
		}
		v, _ := ev.Eval(s)
		b := &best[len(s)-1]
		if b.Subset == nil || ev.Better(v, b.Score) {
			b.Subset, b.Score = s, v
		}
	}
	return best
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[int]bool{}
	for _, v := range a {
		m[v] = true
	}
	for _, v := range b {
		if !m[v] {
			return false
		}
	}
	return true
}

// TestExhaustiveBruteForce: Exhaustive's best subset of every size is the
// brute-force one, for several criteria and worker counts.
func TestExhaustiveBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		X, y := randProblem(50, 8, seed)
		for _, sc := range []LSScore{RSS, BIC, CVMSE, AdjR2} {
			ev, _ := LeastSquares{Score: sc}.Evaluator(X, y)
			want := bruteBest(ev)
			for _, w := range []int{1, 3} {
				res, err := Run(context.Background(), ev, Config{Strategy: Exhaustive{}, Workers: w})
				if err != nil {
					t.Fatal(err)
				}
				if res.Evaluations != 255 {
					t.Errorf("evaluations %d, want 255", res.Evaluations)
				}
				for s := range want {
					if !sameSet(res.BySize[s].Subset, want[s].Subset) {
						t.Errorf("seed %d %v size %d: %v, brute force %v", seed, sc, s+1, res.BySize[s].Subset, want[s].Subset)
					}
				}
			}
		}
	}
}

// TestFloatingNotWorseThanForward: at every size, floating search's best
// subset scores at least as well as plain forward selection's. Pudil's
// algorithm alone (PudilOnly) is worse on some of these problems (seeds
// 185, 204, 353, 381 with d = 12, m = 30), which is why Floating walks the
// plain path too.
func TestFloatingNotWorseThanForward(t *testing.T) {
	pudilWorse := 0
	for _, seed := range []uint64{1, 2, 3, 4, 5, 6, 7, 8, 185, 204, 353, 381} {
		X, y := randProblem(30, 12, seed)
		for _, sc := range []LSScore{RSS, CVMSE} {
			ev, _ := LeastSquares{Score: sc}.Evaluator(X, y)
			fw, err := Run(context.Background(), ev, Config{Strategy: Forward{Rule: ExactK}})
			if err != nil {
				t.Fatal(err)
			}
			fl, err := Run(context.Background(), ev, Config{Strategy: Floating{}})
			if err != nil {
				t.Fatal(err)
			}
			fp, _ := Run(context.Background(), ev, Config{Strategy: Floating{PudilOnly: true}})
			for s := range fw.BySize {
				worse := func(b Scored) bool {
					return ev.Better(fw.BySize[s].Score, b.Score) && !close(fw.BySize[s].Score, b.Score, 1e-12)
				}
				if worse(fl.BySize[s]) {
					t.Errorf("seed %d %v size %d: forward %v beats floating %v", seed, sc, s+1, fw.BySize[s].Score, fl.BySize[s].Score)
				}
				if worse(fp.BySize[s]) {
					pudilWorse++
				}
			}
		}
	}
	if pudilWorse == 0 {
		t.Errorf("Pudil's SFFS alone was never worse than forward: update the Floating doc")
	}
}

func TestStrategiesSerialEqualsParallel(t *testing.T) {
	X, y := randProblem(80, 9, 7)
	ev, _ := LeastSquares{Score: CVMSE}.Evaluator(X, y)
	for _, st := range []Strategy{Forward{}, Forward{K: 4, Rule: ExactK}, Backward{}, Backward{Rule: BestVisited}, Bidirectional{}, Floating{}, Floating{Backward: true}, LVW{T: 20, Seed: 3}} {
		a, err := Run(context.Background(), ev, Config{Strategy: st, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Run(context.Background(), ev, Config{Strategy: st, Workers: 4})
		if err != nil {
			t.Fatal(err)
		}
		if a.String() != b.String() || a.Evaluations != b.Evaluations {
			t.Errorf("%s: serial and parallel differ:\n%s\n%s", st.name(), a, b)
		}
	}
}

func TestBadInput(t *testing.T) {
	X, y := randProblem(30, 4, 1)
	ev, _ := LeastSquares{}.Evaluator(X, y)
	ctx := context.Background()
	for _, st := range []Strategy{Forward{K: 5}, Forward{K: -1}, Backward{K: 9}, Floating{K: 5}, LVW{}, Exhaustive{MaxSize: 7}, Forward{MinImprove: math.NaN()}} {
		if _, err := Run(ctx, ev, Config{Strategy: st}); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%#v: err %v, want ErrParam", st, err)
		}
	}
	big := Func("x", 30, false, func(s []int) (float64, error) { return 0, nil })
	if _, err := Run(ctx, big, Config{Strategy: Exhaustive{}}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("exhaustive above the limit: %v", err)
	}
	nan := Func("nan", 4, false, func(s []int) (float64, error) {
		if len(s) == 2 {
			return math.NaN(), nil
		}
		return float64(10 - len(s)), nil
	})
	for _, st := range []Strategy{Forward{}, Backward{Rule: ExactK}, Floating{}, Bidirectional{}, Exhaustive{}} {
		if _, err := Run(ctx, nan, Config{Strategy: st}); !errors.Is(err, featlab.ErrNotFinite) {
			t.Errorf("%T with a NaN evaluator: %v", st, err)
		}
	}
	boom := errors.New("learner failed")
	bad := Func("bad", 4, false, func(s []int) (float64, error) {
		if contains(s, 2) {
			return 0, boom
		}
		return 1, nil
	})
	_, err := Run(ctx, bad, Config{Strategy: Forward{}})
	if !errors.Is(err, boom) || !contains([]int{0}, 0) {
		t.Errorf("failing evaluator: %v", err)
	}
	if err != nil && !containsStr(err.Error(), "{x3}") {
		t.Errorf("error does not name the subset: %v", err)
	}
	// a learner that fails on some subsets, through the CV wrapper
	lrn := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		if _, c := X.Dims(); c == 3 {
			return nil, boom
		}
		return linear.LeastSquaresConfig{Intercept: true}.Fit(X, y)
	})
	if _, err := Select(X, y, Config{Criterion: CV{Learner: lrn}, Strategy: Forward{K: 4, Rule: ExactK}}); !errors.Is(err, boom) {
		t.Errorf("failing learner: %v", err)
	}
	if _, err := Select(X, y, Config{}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil criterion: %v", err)
	}
	if _, err := Select(nil, y, Config{Criterion: LeastSquares{}}); err == nil {
		t.Errorf("nil X accepted")
	}
	if _, err := Run(ctx, bad, Config{Strategy: LVW{T: 50, Seed: 1}}); !errors.Is(err, boom) {
		t.Errorf("LVW with a failing evaluator: %v", err)
	}
	if _, err := BestSubsets(X, y, BestSubsetsConfig{MaxSize: 9}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("BestSubsets MaxSize 9 of 4: %v", err)
	}
	if _, err := BestSubsets(X, y, BestSubsetsConfig{Choose: CVMSE}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("BestSubsets choosing by CV MSE: %v", err)
	}
	if _, err := Count(0, 0); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Count(0, 0): %v", err)
	}
	if _, err := Count(200, 0); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Count(200, 0) fits no int: %v", err)
	}
	if _, err := (LeastSquares{Ridge: -1}).Evaluator(X, y); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("negative ridge: %v", err)
	}
	// a panicking Progress is an error, not a crash
	for _, st := range []Strategy{Exhaustive{}, Forward{}} {
		if _, err := Run(ctx, ev, Config{Strategy: st, Progress: func(int, int) { panic("bar") }}); !errors.Is(err, featlab.ErrPanic) {
			t.Errorf("%T with a panicking Progress: %v", st, err)
		}
	}
	// a panicking evaluator is an error, not a crash
	pan := Func("panic", 4, false, func(s []int) (float64, error) { panic("boom") })
	if _, err := Run(ctx, pan, Config{Strategy: Forward{}}); !errors.Is(err, featlab.ErrPanic) || !containsStr(err.Error(), "{x1}") {
		t.Errorf("panicking evaluator: no error")
	}
	_ = validate.MSE
}

var _ featlab.Selector = Config{}

func containsStr(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestCancel(t *testing.T) {
	X, y := randProblem(50, 8, 2)
	ev, _ := LeastSquares{}.Evaluator(X, y)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	wrapped := Func(ev.Name, ev.D, ev.Higher, func(s []int) (float64, error) {
		return ev.Eval(s)
	})
	res, err := Run(ctx, wrapped, Config{Strategy: Forward{K: 5, Rule: ExactK}, Workers: 1, Progress: func(done, total int) {
		calls++
		if done >= 20 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || res == nil || len(res.Subset) == 0 {
		t.Errorf("cancelled: res %v err %v", res, err)
	}
}

func TestLVWReproducible(t *testing.T) {
	X, y := randProblem(60, 8, 4)
	ev, _ := LeastSquares{Score: CVMSE}.Evaluator(X, y)
	a, _ := Run(context.Background(), ev, Config{Strategy: LVW{T: 30, Seed: 11}, Workers: 1})
	b, _ := Run(context.Background(), ev, Config{Strategy: LVW{T: 30, Seed: 11}, Workers: 3})
	c, _ := Run(context.Background(), ev, Config{Strategy: LVW{T: 30, Seed: 12}, Workers: 3})
	if a.String() != b.String() || a.Rounds != b.Rounds {
		t.Errorf("LVW not reproducible:\n%v\n%v", a, b)
	}
	if a.Rounds == c.Rounds && a.String() == c.String() {
		t.Errorf("two seeds gave the same run")
	}
	// the trace: every accepted subset is better, or equal and smaller
	for k := 1; k < len(a.History); k++ {
		p, q := a.History[k-1], a.History[k]
		if !Accept(q.Score, len(q.Subset), p.Score, len(p.Subset), 0) {
			t.Errorf("accepted %v after %v", q, p)
		}
	}
	// Las Vegas under a budget returns nothing; Monte Carlo the best so far
	lv, err := Run(context.Background(), ev, Config{Strategy: LVW{T: 1000, Seed: 1, MaxEvals: 10}})
	if err != nil || lv.Found || lv.Subset != nil {
		t.Errorf("Las Vegas under a budget: found %v %v %v", lv.Found, lv.Subset, err)
	}
	mc, err := Run(context.Background(), ev, Config{Strategy: LVW{T: 1000, Seed: 1, MaxEvals: 10, MonteCarlo: true}})
	if err != nil || !mc.Found || mc.Subset == nil || mc.Rounds != 10 {
		t.Errorf("Monte Carlo under a budget: %v %v %v", mc.Found, mc.Subset, err)
	}
}

// TestCancelExhaustiveAndBestSubsets: a cancelled context stops both and
// returns what was found so far with an error wrapping context.Canceled.
func TestCancelExhaustiveAndBestSubsets(t *testing.T) {
	X, y := randProblem(200, 16, 3)
	ev, _ := LeastSquares{}.Evaluator(X, y)
	ctx, cancel := context.WithCancel(context.Background())
	res, err := Run(ctx, ev, Config{Strategy: Exhaustive{}, Workers: 1, Progress: func(done, total int) {
		if done >= 3000 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || res == nil || res.BySize[0].Subset == nil {
		t.Errorf("exhaustive cancelled: %v %v", err, res)
	}
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	r2, err := BestSubsetsContext(ctx2, X, y, BestSubsetsConfig{})
	if !errors.Is(err, context.Canceled) || r2 == nil || r2.Sizes == nil {
		t.Errorf("BestSubsets cancelled: %v", err)
	}
}

// TestCVHoldoutAndLogLoss: a single hold-out fold and a log-loss metric
// (the Learner's predictions being probabilities) give the score computed
// by hand.
func TestCVHoldoutAndLogLoss(t *testing.T) {
	X, y := randProblem(80, 4, 8)
	lab := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			lab[i] = 1
		}
	}
	tr, te, _ := validate.Holdout(80, 0.25, 3)
	lrn := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		m, err := linear.Logistic(X, y, linear.LogisticConfig{Lambda: 0.01, Penalty: linear.L2Penalty, Intercept: true})
		if err != nil {
			return nil, err
		}
		return featlab.PredictorFunc(m.Proba), nil
	})
	ev, err := CV{Learner: lrn, Folds: []validate.Fold{{Train: tr, Test: te}}, Metric: validate.LogLoss}.Evaluator(X, lab)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ev.Eval([]int{0, 2})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := lrn.Fit(matx.Rows(matx.Cols(X, []int{0, 2}), tr), matx.Take(lab, tr))
	pr, _ := p.Predict(matx.Rows(matx.Cols(X, []int{0, 2}), te))
	want, _ := validate.LogLoss(matx.Take(lab, te), pr)
	if got != want {
		t.Errorf("hold-out log-loss %v, by hand %v", got, want)
	}
}

// TestSBFSNotWorseThanBackward: the mirror of the SFFS property.
func TestSBFSNotWorseThanBackward(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		X, y := randProblem(40, 10, seed)
		ev, _ := LeastSquares{Score: CVMSE}.Evaluator(X, y)
		bw, err := Run(context.Background(), ev, Config{Strategy: Backward{Rule: ExactK}})
		if err != nil {
			t.Fatal(err)
		}
		fl, err := Run(context.Background(), ev, Config{Strategy: Floating{Backward: true}})
		if err != nil {
			t.Fatal(err)
		}
		for s := range bw.BySize {
			if ev.Better(bw.BySize[s].Score, fl.BySize[s].Score) && !close(bw.BySize[s].Score, fl.BySize[s].Score, 1e-12) {
				t.Errorf("seed %d size %d: backward %v beats SBFS %v", seed, s+1, bw.BySize[s].Score, fl.BySize[s].Score)
			}
		}
	}
}
