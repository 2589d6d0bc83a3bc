package search

import (
	"context"
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
)

// MaxL0Features bounds the number of columns L0Penalized accepts. The
// solution comes from BestSubsets' branch and bound, which has no limit of
// its own but is exponential in d in the worst case; 30 is the largest d
// its benchmarks and the peerbench problems run (well under a second at
// m = 1000). Above it, Select returns an error wrapping featlab.ErrTooLarge.
const MaxL0Features = 30

// L0Penalized is the exact l0-penalised least-squares problem (the
// penalised form of the l0 budget, Aalto CS-E4710 lecture 10)
//
//	min_{w, b} (1/2m) ||X w + b - y||^2 + Lambda ||w||_0,
//
// ||w||_0 the number of nonzero weights; b is fitted (unpenalised) when
// Intercept is set, else 0. The zero value is Lambda = 0 without an
// intercept: least squares on every column.
//
// The penalty sees a support S only through its size, so the minimiser is
// the best subset of the size k that minimises
//
//	RSS_k/(2m) + Lambda k,   RSS_k = min_{|S| = k} ||y - X_S w_S - b||^2,
//
// and Select takes RSS_k for every k from BestSubsets (branch and bound on
// one Gram matrix; RSS_0 is the intercept-only or zero model), then fits
// least squares on the winner. Ties go to the smaller size. As Lambda
// decreases the solution visits the best subsets whose (k, RSS_k) are
// corners of the lower convex hull of these points. The columns must be
// linearly independent (an error wrapping featlab.ErrConstant otherwise)
// and d <= MaxL0Features.
type L0Penalized struct {
	// Lambda >= 0 is the price of one nonzero weight. Default 0.
	Lambda float64
	// Intercept fits an unpenalised intercept. Default false.
	Intercept bool
	// Names are the feature names (nil: x1, ..., xd).
	Names []string
}

// L0Result is the solution of the l0-penalised problem.
type L0Result struct {
	linear.Model
	// Support lists the nonzero weights' columns, in increasing order.
	Support []int
	// RSS is ||y - X w - b||^2 at the solution; Objective is
	// RSS/(2m) + Lambda |Support|.
	RSS, Objective, Lambda float64
	// RSSBySize[k] is RSS_k, the least RSS over supports of size k,
	// k = 0..d.
	RSSBySize []float64
	// BySize[k] is the best subset of size k (sorted; BySize[0] empty),
	// from BestSubsets.
	BySize [][]int
	// Nodes is the number of branch-and-bound nodes BestSubsets expanded.
	Nodes int
	// Names are the names of all d features.
	Names []string
}

// Selection returns the support as a selection, with the names of the
// config.
func (r *L0Result) Selection() *featlab.Selection {
	return featlab.NewSelection("l0-penalised least squares (best subsets)", r.Names,
		append([]int(nil), r.Support...))
}

// Select solves the problem on X and y.
func (c L0Penalized) Select(X mat.Matrix, y []float64) (*L0Result, error) {
	return c.SelectContext(context.Background(), X, y)
}

// Fit makes L0Penalized a featlab.Learner: the fitted *L0Result predicts
// X w + b.
func (c L0Penalized) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	r, err := c.Select(X, y)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// SelectContext is Select with a context, passed to BestSubsetsContext:
// cancelled, it returns the solution among the best subsets found so far
// with an error wrapping context.Canceled.
func (c L0Penalized) SelectContext(ctx context.Context, X mat.Matrix, y []float64) (*L0Result, error) {
	m, d, err := featlab.CheckXY(X, y, c.Names)
	if err != nil {
		return nil, err
	}
	if !(c.Lambda >= 0) || math.IsInf(c.Lambda, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "search: L0Penalized: lambda = %v must be finite and >= 0", c.Lambda)
	}
	if d > MaxL0Features {
		return nil, featlab.Errorf(featlab.ErrTooLarge,
			"search: L0Penalized: %d features, at most MaxL0Features = %d (best subsets by branch and bound)", d, MaxL0Features)
	}
	best, cerr := BestSubsetsContext(ctx, X, y, BestSubsetsConfig{NoIntercept: !c.Intercept, Names: c.Names})
	if best == nil {
		return nil, cerr
	}
	res := &L0Result{Lambda: c.Lambda, Names: best.Names, RSSBySize: make([]float64, d+1),
		BySize: make([][]int, d+1), Nodes: best.Nodes}
	ybar := 0.0
	if c.Intercept {
		ybar = stat.Mean(y, nil)
	}
	for _, v := range y {
		res.RSSBySize[0] += (v - ybar) * (v - ybar)
	}
	for k := 1; k <= d; k++ {
		res.RSSBySize[k] = math.NaN()
	}
	res.BySize[0] = []int{}
	for _, st := range best.Sizes {
		res.RSSBySize[len(st.Subset)], res.BySize[len(st.Subset)] = st.RSS, st.Subset
	}
	k, obj := 0, math.Inf(1)
	for s, rss := range res.RSSBySize {
		if o := rss/(2*float64(m)) + c.Lambda*float64(s); o < obj { // NaN (size not reached) never wins
			k, obj = s, o
		}
	}
	res.Support, res.Coef, res.Intercept = []int{}, make([]float64, d), ybar
	res.RSS, res.Objective = res.RSSBySize[0], res.RSSBySize[0]/(2*float64(m))
	if k > 0 {
		res.Support = append(res.Support, res.BySize[k]...)
		fit, err := linear.LeastSquares(matx.Cols(X, res.Support), y, linear.LeastSquaresConfig{Intercept: c.Intercept})
		if err != nil {
			return nil, errors.Join(err, cerr)
		}
		for i, j := range res.Support {
			res.Coef[j] = fit.Coef[i]
		}
		res.Intercept, res.RSS = fit.Intercept, fit.RSS
		res.Objective = fit.RSS/(2*float64(m)) + c.Lambda*float64(k)
	}
	return res, cerr
}
