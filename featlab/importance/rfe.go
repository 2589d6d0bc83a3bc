package importance

import (
	"context"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/linear"
)

// RFEConfig configures RFE. Learner is required; every other field's zero
// value is the documented default. RFEConfig is a featlab.Selector.
type RFEConfig struct {
	// Learner is fitted on the surviving features at every step. Its
	// Predictor must expose coefficients (see AbsCoef) unless Importance
	// is set.
	Learner featlab.Learner
	// Importance reads one importance per surviving feature from the
	// fitted predictor (default nil: SquaredCoef, scikit-learn's RFE).
	Importance Getter
	// NFeatures is the number of features to keep, in [1, d]; default 0:
	// d/2 rounded down (at least 1), scikit-learn's default.
	NFeatures int
	// Step is how many features each step removes: a whole number >= 1 is
	// a count; a fraction in (0, 1) removes max(1, floor(Step*d)) features
	// per step, d the number of features at the start (scikit-learn's
	// semantics). Default 0: 1. The last step removes only what is needed
	// to reach NFeatures.
	Step float64
	// Names names the features (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, is told after each fit: done fits of the
	// total, which is known in advance.
	Progress featlab.Progress
}

// RFEResult is the outcome of recursive feature elimination.
type RFEResult struct {
	// Support lists the kept features in increasing index order.
	Support []int
	// Ranking is scikit-learn's ranking_: 1 for every kept feature, 2 for
	// those removed at the last step, and so on; a feature removed at
	// step s (counted from 1) of S has rank S - s + 2.
	Ranking []int
	// Eliminated lists the removed features in the order they were
	// removed (within a step, least important first).
	Eliminated []int
	// Steps records each elimination step.
	Steps []RFEStep
	// Importances are those of the kept features (in Support order) in
	// the final model.
	Importances []float64
	// Model is the Learner fitted on the kept features (columns in
	// Support order); nil when the elimination was cancelled.
	Model featlab.Predictor

	names []string
}

// RFEStep is one step of the elimination: the features that were fitted,
// their importances in that fit, and the ones removed.
type RFEStep struct {
	Features    []int     // the features the model was fitted on, increasing
	Importances []float64 // their importances, in Features order
	Removed     []int     // the features removed after this fit, least important first
}

// stepCount returns the count of features removed per step.
func stepCount(step float64, d int) (int, error) {
	switch {
	case step == 0:
		return 1, nil
	case math.IsNaN(step) || math.IsInf(step, 0) || step < 0:
		return 0, featlab.Errorf(featlab.ErrParam, "importance: Step = %v must be a fraction in (0, 1) or a whole number >= 1", step)
	case step < 1:
		return max(1, int(step*float64(d))), nil
	case step != math.Trunc(step) || step > 1<<30:
		return 0, featlab.Errorf(featlab.ErrParam, "importance: Step = %v must be a fraction in (0, 1) or a whole number >= 1", step)
	}
	return int(step), nil
}

// RFE is recursive feature elimination (Guyon, Weston, Barnhill and
// Vapnik 2002), as scikit-learn's RFE:
//
//	S = {0, ..., d-1}
//	while |S| > k:
//	    fit the learner on the columns S; a_j = importance of j in S
//	    remove the min(step, |S| - k) features of S with the smallest a_j
//	fit the learner on S (the returned Model)
//
// With SquaredCoef (the default) a_j = w_j^2, the squared weight of the
// fitted linear model (Guyon et al.'s criterion for the linear SVM: the
// change of the objective ||w||^2/2 when w_j is removed). Ties in a_j are
// removed in increasing feature index order (scikit-learn's argsort leaves
// their order unspecified). The ranking is scikit-learn's ranking_.
//
// The learner is fitted (d - k)/step + 1 times, rounded up; each fit sees
// only the surviving columns. X and y must be finite with one y per row.
func RFE(X mat.Matrix, y []float64, cfg RFEConfig) (*RFEResult, error) {
	return RFEContext(context.Background(), X, y, cfg)
}

// RFEContext is RFE with a context, checked before every fit and passed
// to the fit itself when the Learner is a featlab.ContextLearner (every
// learner of package linear is; a plain Learner's fit, once begun, runs
// to its end): once ctx is done the elimination stops and returns the result so far (Support holds
// the survivors, Model is nil) with an error wrapping ctx.Err().
func RFEContext(ctx context.Context, X mat.Matrix, y []float64, cfg RFEConfig) (*RFEResult, error) {
	if cfg.Learner == nil || featlab.IsNilValue(cfg.Learner) {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: RFEConfig needs a Learner")
	}
	_, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, featlab.Wrap(err, "importance: RFE")
	}
	k := cfg.NFeatures
	if k == 0 {
		k = max(1, d/2)
	}
	if k < 1 || k > d {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: NFeatures = %d must be in [1, %d]", cfg.NFeatures, d)
	}
	step, err := stepCount(cfg.Step, d)
	if err != nil {
		return nil, err
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	Xd := dense(X)
	e := &eliminator{learner: cfg.Learner, get: cfg.Importance, step: step, keep: k, progress: cfg.Progress}
	res, err := e.run(ctx, Xd, y, nil)
	if res != nil {
		res.names = append([]string(nil), names...)
	}
	return res, err
}

// dense returns X as a *mat.Dense without copying when it already is one.
func dense(X mat.Matrix) *mat.Dense {
	g := matx.RowMajor(X)
	var out mat.Dense
	out.SetRawMatrix(g)
	return &out
}

// eliminator runs one elimination; RFE and every fold of RFECV use it.
type eliminator struct {
	learner  featlab.Learner
	get      Getter
	step     int
	keep     int
	progress featlab.Progress
	prevW    map[int]float64 // warm start: last logistic coefficients by feature
	prevB    float64
}

// warm returns the learner for the next fit on the features alive: a
// linear.LogisticConfig without Init is warm-started from the previous
// fit's coefficients of the survivors (the fit converges to the same
// optimum, to its tolerance, in fewer Newton steps); other learners are
// returned as they are.
func (e *eliminator) warm(alive []int) featlab.Learner {
	lc, ok := e.learner.(linear.LogisticConfig)
	if !ok || lc.Init != nil || e.prevW == nil {
		return e.learner
	}
	lc.Init = make([]float64, len(alive))
	for t, j := range alive {
		lc.Init[t] = e.prevW[j]
	}
	lc.InitIntercept = e.prevB
	return lc
}

// remember keeps the coefficients of a fitted logistic model by feature.
func (e *eliminator) remember(p featlab.Predictor, alive []int) {
	lr, ok := p.(*linear.LogisticResult)
	if _, isLC := e.learner.(linear.LogisticConfig); !ok || !isLC || len(lr.Coef) != len(alive) {
		return
	}
	if e.prevW == nil {
		e.prevW = make(map[int]float64, len(alive))
	}
	for t, j := range alive {
		e.prevW[j] = lr.Coef[t]
	}
	e.prevB = lr.Intercept
}

// fits returns the number of fits of an elimination from d features.
func (e *eliminator) fits(d int) int {
	return (d-e.keep+e.step-1)/e.step + 1
}

// run eliminates on X; onFit, when non-nil, is called after every fit
// (including the final one) with the model and its features.
func (e *eliminator) run(ctx context.Context, X *mat.Dense, y []float64, onFit func(p featlab.Predictor, feats []int) error) (*RFEResult, error) {
	_, d := X.Dims()
	total := e.fits(d)
	done := 0
	alive := make([]int, d)
	for j := range alive {
		alive[j] = j
	}
	res := &RFEResult{}
	fit := func() (featlab.Predictor, []float64, error) {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		Xs := X
		if len(alive) < d {
			Xs = matx.Cols(X, alive)
		}
		p, err := fitSafe(ctx, e.warm(alive), Xs, y)
		if err != nil {
			return nil, nil, featlab.Wrap(err, "importance: fit on %d features", len(alive))
		}
		imp, err := importancesSafe(e.get, SquaredCoef, p, alive)
		if err != nil {
			return nil, nil, featlab.Wrap(err, "importance: fit on %d features", len(alive))
		}
		if onFit != nil {
			if err := onFit(p, alive); err != nil {
				return nil, nil, err
			}
		}
		done++
		if e.progress != nil {
			if err := par.Report(e.progress, done, total); err != nil {
				return nil, nil, featlab.Wrap(err, "importance")
			}
		}
		e.remember(p, alive)
		return p, imp, nil
	}
	finish := func(p featlab.Predictor, imp []float64) {
		res.Support = append([]int(nil), alive...)
		res.Ranking = make([]int, d)
		for j := range res.Ranking {
			res.Ranking[j] = 1
		}
		for s, st := range res.Steps {
			for _, j := range st.Removed {
				res.Ranking[j] = len(res.Steps) - s + 1
			}
		}
		res.Model, res.Importances = p, imp
	}
	for len(alive) > e.keep {
		p, imp, err := fit()
		if err != nil {
			finish(nil, nil)
			return res, err
		}
		_ = p
		order := make([]int, len(alive))
		for t := range order {
			order[t] = t
		}
		sort.SliceStable(order, func(a, b int) bool { return imp[order[a]] < imp[order[b]] })
		n := min(e.step, len(alive)-e.keep)
		st := RFEStep{Features: append([]int(nil), alive...), Importances: imp}
		drop := make([]bool, len(alive))
		for _, t := range order[:n] {
			st.Removed = append(st.Removed, alive[t])
			drop[t] = true
		}
		res.Steps = append(res.Steps, st)
		res.Eliminated = append(res.Eliminated, st.Removed...)
		next := alive[:0:0]
		for t, j := range alive {
			if !drop[t] {
				next = append(next, j)
			}
		}
		alive = next
	}
	p, imp, err := fit()
	if err != nil {
		finish(nil, nil)
		return res, err
	}
	finish(p, imp)
	return res, nil
}

// fitSafe fits the learner (through FitContext when it is a
// featlab.ContextLearner, so that a cancelled run stops inside a fit),
// turning a panic or a nil predictor into an error.
func fitSafe(ctx context.Context, l featlab.Learner, X mat.Matrix, y []float64) (p featlab.Predictor, err error) {
	err = par.Call(0, func() error {
		var e error
		p, e = featlab.FitContext(ctx, l, X, y)
		return e
	})
	if err == nil && featlab.IsNilValue(p) {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: the Learner returned a nil Predictor and no error")
	}
	return p, err
}

// importancesSafe is importances with a panicking getter turned into an
// error.
func importancesSafe(get, def Getter, p featlab.Predictor, features []int) (imp []float64, err error) {
	err = par.Call(0, func() error {
		var e error
		imp, e = importances(get, def, p, features)
		return e
	})
	return imp, err
}

// Select makes RFEConfig a featlab.Selector: RFE(X, y, cfg).Selection().
func (cfg RFEConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := RFE(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Selection returns the kept features as a featlab.Selection: Chosen is
// the Support ordered by importance in the final model (largest first),
// Ranking every feature best first (the kept ones, then those removed at
// the last step, most important first, and so on back to the first
// step), Scores minus scikit-learn's rank (so that higher is better), and
// History one "remove" step per eliminated feature.
func (r *RFEResult) Selection() *featlab.Selection {
	d := len(r.Ranking)
	names := r.names
	if len(names) != d {
		names = featlab.DefaultNames(d)
	}
	chosen := append([]int(nil), r.Support...)
	if len(r.Importances) == len(chosen) {
		pos := make(map[int]float64, len(chosen))
		for t, j := range r.Support {
			pos[j] = r.Importances[t]
		}
		sort.SliceStable(chosen, func(a, b int) bool { return pos[chosen[a]] > pos[chosen[b]] })
	}
	s := featlab.NewSelection(fmt.Sprintf("RFE, %d of %d features", len(chosen), d), append([]string(nil), names...), chosen)
	s.Ranking = append([]int(nil), chosen...)
	for k := len(r.Eliminated) - 1; k >= 0; k-- {
		s.Ranking = append(s.Ranking, r.Eliminated[k])
	}
	s.Scores = make([]float64, d)
	for j, rk := range r.Ranking {
		s.Scores[j] = -float64(rk)
	}
	alive := make(map[int]bool, d)
	for j := 0; j < d; j++ {
		alive[j] = true
	}
	for _, st := range r.Steps {
		imp := make(map[int]float64, len(st.Features))
		for t, j := range st.Features {
			imp[j] = st.Importances[t]
		}
		for _, j := range st.Removed {
			delete(alive, j)
			sub := make([]int, 0, len(alive))
			for i := 0; i < d; i++ {
				if alive[i] {
					sub = append(sub, i)
				}
			}
			s.History = append(s.History, featlab.Step{Action: "remove", Feature: j, Name: names[j], Score: imp[j], Subset: sub})
		}
	}
	return s
}
