package knockoff

import (
	"context"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// FilterConfig is what the fixed-X and model-X filters share. The zero
// value is knockoff+ at q = 0.1 with the lasso coefficient difference at
// the cross-validated lambda.
type FilterConfig struct {
	// Q in (0, 1] is the target false discovery rate. Default 0.1.
	Q float64
	// Plain uses the knockoff threshold (offset 0, which controls a
	// modified FDR) instead of knockoff+ (offset 1, which controls the
	// FDR). Default false: knockoff+.
	Plain bool
	// Statistic chooses W. Default CoefDiff.
	Statistic Statistic
	// Lambda > 0 is the lasso penalty of CoefDiff; 0 chooses it by
	// 5-fold cross-validation (lambda_min). Ignored by SignedMax.
	Lambda float64
	// NLambdas is the grid size of SignedMax's path. Default 200.
	NLambdas int
	// S chooses s. Default Equicorrelated.
	S SMethod
	// Seed fixes the knockoffs' randomness and the CV folds.
	Seed uint64
	// Names names the features (nil: x1, ..., xd).
	Names []string
}

func (c *FilterConfig) check() error {
	if c.Q == 0 {
		c.Q = 0.1
	}
	if !(c.Q > 0 && c.Q <= 1) {
		return featlab.Errorf(featlab.ErrParam, "Q = %v must be in (0, 1]", c.Q)
	}
	if c.Lambda < 0 || math.IsNaN(c.Lambda) || math.IsInf(c.Lambda, 0) {
		return featlab.Errorf(featlab.ErrParam, "Lambda = %v must be finite and >= 0", c.Lambda)
	}
	if c.NLambdas < 0 {
		return featlab.Errorf(featlab.ErrParam, "NLambdas = %d must be >= 0", c.NLambdas)
	}
	if c.NLambdas > 0 {
		// SignedMax's path over [X X~] stores 2d coefficients per lambda;
		// refuse a grid that cannot be stored for any d.
		if err := featlab.CheckCells("knockoff", "NLambdas", c.NLambdas, 2, 0); err != nil {
			return err
		}
	}
	if c.Statistic != CoefDiff && c.Statistic != SignedMax {
		return featlab.Errorf(featlab.ErrParam, "Statistic = %d is not CoefDiff or SignedMax", int(c.Statistic))
	}
	return c.S.check()
}

// FixedXSelector is the fixed-X knockoff filter as a featlab.Selector
// (and the config of FilterFixedX). X and y are centred (an intercept) and
// the columns scaled to unit norm; it needs m >= 2d + 1.
type FixedXSelector struct {
	FilterConfig
}

// ModelXSelector is the model-X Gaussian knockoff filter as a
// featlab.Selector (and the config of FilterModelX). Mu and Sigma are the
// rows' distribution (nil: estimated from X, m > d); the lasso fits an
// intercept.
type ModelXSelector struct {
	FilterConfig
	Mu    []float64
	Sigma *mat.SymDense
}

// FilterResult is the outcome of a knockoff filter.
type FilterResult struct {
	// W holds the statistic of each feature.
	W []float64
	// Threshold is T: +Inf (the one non-finite value a result holds)
	// when no t reaches Q and nothing is selected.
	Threshold float64
	// Chosen are the features with W_j >= T, by decreasing W_j.
	Chosen []int
	// S is the s of the knockoffs; Lambda the lasso penalty of CoefDiff
	// (0 for SignedMax).
	S      []float64
	Lambda float64
	// Q, Plus (knockoff+) and Statistic say what was run.
	Q         float64
	Plus      bool
	Statistic Statistic
	// Knockoffs is X~ (for the fixed-X filter, in FixedXResult.X's
	// scaling).
	Knockoffs *mat.Dense

	names  []string
	method string
}

// Selection returns the chosen features with W as their scores and the
// ranking by decreasing W.
func (r *FilterResult) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.method, r.names, r.Chosen)
	s.Scores = r.W
	s.Ranking = byDecreasing(r.W)
	return s
}

func byDecreasing(w []float64) []int {
	idx := make([]int, len(w))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return w[idx[a]] > w[idx[b]] })
	return idx
}

// finish computes the threshold and the selection.
func (c FilterConfig) finish(W, s []float64, lam float64, Xk *mat.Dense, names []string, kind string) (*FilterResult, error) {
	T, err := Threshold(W, c.Q, !c.Plain)
	if err != nil {
		return nil, err
	}
	var chosen []int
	for _, j := range byDecreasing(W) {
		if W[j] >= T {
			chosen = append(chosen, j)
		}
	}
	name := "knockoff+"
	if c.Plain {
		name = "knockoff"
	}
	return &FilterResult{
		W: W, Threshold: T, Chosen: chosen, S: s, Lambda: lam, Q: c.Q, Plus: !c.Plain,
		Statistic: c.Statistic, Knockoffs: Xk, names: names,
		method: fmt.Sprintf("%s %s, %s, q = %s", kind, name, c.Statistic, featlab.FormatFloat(c.Q)),
	}, nil
}

func (c FilterConfig) stats(ctx context.Context, X, Xk mat.Matrix, y []float64) (W []float64, lam float64, err error) {
	if c.Statistic == SignedMax {
		W, err = signedMaxW(ctx, X, Xk, y, c.NLambdas, true)
		return W, 0, err
	}
	return coefDiffW(ctx, X, Xk, y, c.Lambda, true, c.Seed)
}

// FilterFixedX runs the fixed-X knockoff filter (Barber and Candès
// 2015): knockoffs by FixedX (Center set), the statistic, and the
// knockoff(+) threshold at Q. Errors: those of FixedX, a y of another
// length or not finite, a constant y (ErrConstant), parameters out of
// range (ErrParam).
func FilterFixedX(X mat.Matrix, y []float64, cfg FixedXSelector) (*FilterResult, error) {
	return FilterFixedXContext(context.Background(), X, y, cfg)
}

// FilterFixedXContext is FilterFixedX with a context, checked between the
// matrix products that build the knockoffs and inside the lasso fits of
// the statistic: once ctx is done it returns nil and an error wrapping
// ctx.Err().
func FilterFixedXContext(ctx context.Context, X mat.Matrix, y []float64, cfg FixedXSelector) (*FilterResult, error) {
	if err := cfg.check(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	if _, _, err := featlab.CheckXY(X, y, cfg.Names); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	if err := checkSpread(y); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	kn, err := fixedX(ctx, X, FixedXConfig{S: cfg.S, Center: true, Seed: cfg.Seed, Names: cfg.Names})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	W, lam, err := cfg.stats(ctx, kn.X, kn.Knockoffs, y)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterFixedX")
	}
	return cfg.finish(W, kn.S, lam, kn.Knockoffs, kn.Names, "fixed-X")
}

// Select runs FilterFixedX and returns its Selection.
func (cfg FixedXSelector) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := FilterFixedX(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// FilterModelX runs the model-X Gaussian knockoff filter (Candès, Fan,
// Janson and Lv 2018): knockoffs by ModelX, the statistic on the data in
// their own units, and the knockoff(+) threshold at Q. The statistics are
// not scale-free across features: standardise X first if its columns
// have very different scales. Errors: those of ModelX and as
// FilterFixedX.
func FilterModelX(X mat.Matrix, y []float64, cfg ModelXSelector) (*FilterResult, error) {
	return FilterModelXContext(context.Background(), X, y, cfg)
}

// FilterModelXContext is FilterModelX with a context, checked between the
// matrix products that build the knockoffs and inside the lasso fits of
// the statistic: once ctx is done it returns nil and an error wrapping
// ctx.Err().
func FilterModelXContext(ctx context.Context, X mat.Matrix, y []float64, cfg ModelXSelector) (*FilterResult, error) {
	if err := cfg.check(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	if _, _, err := featlab.CheckXY(X, y, cfg.Names); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	if err := checkSpread(y); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	kn, err := modelX(ctx, X, ModelXConfig{Mu: cfg.Mu, Sigma: cfg.Sigma, S: cfg.S, Seed: cfg.Seed, Names: cfg.Names})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	W, lam, err := cfg.stats(ctx, X, kn.Knockoffs, y)
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.FilterModelX")
	}
	return cfg.finish(W, kn.S, lam, kn.Knockoffs, kn.Names, "model-X")
}

// Select runs FilterModelX and returns its Selection.
func (cfg ModelXSelector) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := FilterModelX(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

func checkSpread(y []float64) error {
	for _, v := range y[1:] {
		if v != y[0] {
			return nil
		}
	}
	return featlab.Errorf(featlab.ErrConstant, "target is constant (%v)", y[0])
}
