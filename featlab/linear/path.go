package linear

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab/internal/design"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// LassoPathConfig configures LassoPath. The zero value computes
// scikit-learn's default lasso path: 100 values of lambda, geometrically
// spaced from lambda_max down to 1e-3 lambda_max, no intercept, tolerance
// 1e-4.
type LassoPathConfig struct {
	// NLambdas is the number of grid values when Lambdas is nil.
	// Default 100.
	NLambdas int
	// Eps = lambda_min/lambda_max of the geometric grid, in (0, 1).
	// Default 1e-3.
	Eps float64
	// Lambdas, when non-nil, are the values to fit instead of the grid
	// (each >= 0); they are fitted in decreasing order and reported
	// sorted descending.
	Lambdas []float64
	// L1Ratio in (0, 1] is the l1 share rho, as in ElasticNetConfig: below
	// 1 the path is an elastic-net path in scikit-learn's parametrisation
	// (the lambdas are then ElasticNet alphas). The zero value means 1,
	// the lasso.
	L1Ratio float64
	// Ridge sets the l1 share to exactly 0 (a ridge path; L1Ratio must
	// then be 0). lambda_max is then infinite; the default grid starts, as
	// glmnet's does, at the lambda_max of rho = 1e-3.
	Ridge bool
	// Intercept fits an unpenalised intercept at each lambda by centring X
	// and y. Default false.
	Intercept bool
	// Tol is the duality-gap tolerance of each fit, as in LassoConfig.
	// Default DefaultTol (1e-4).
	Tol float64
	// MaxIter bounds the coordinate-descent sweeps of each fit.
	// Default DefaultMaxIterCD (1000).
	MaxIter int
	// NoStrongRules turns the sequential strong rules off: every feature
	// is then in the working set from the start (for checking; the result
	// is the same up to Tol).
	NoStrongRules bool
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, is called after each lambda with (k+1,
	// len(Lambdas)). A panic in it stops the path with an error wrapping
	// featlab.ErrPanic.
	Progress featlab.Progress
}

// LassoPathResult is a lasso (or elastic-net) regularization path: the
// shared Path record (Fits[k].Iterations are coordinate-descent sweeps,
// Fits[k].Gap the duality gap in the (1/2m) scaling; LambdaMax =
// ||Xc^T y||_inf/(m rho), the smallest lambda at which w = 0, y centred
// with an intercept; for an elastic-net path the lambdas are the alphas)
// and what is particular to the lasso.
type LassoPathResult struct {
	Path
	// L1Ratio is the l1 share rho of the penalty (1 for the lasso, 0 for
	// a ridge path).
	L1Ratio float64
	// GramColumns is the number of Gram columns Xc^T Xc_j computed: the
	// features that were ever active plus those computed ahead in the
	// same pass over X because they were about to enter (see LassoPath).
	GramColumns int
	// GramPasses is the number of passes over X made for them.
	GramPasses int
	// Constant lists the features with no spread; their weight is 0.
	Constant []int
}

// Model returns the fitted model at lambda_k. An index outside
// [0, len(Lambdas)) is a programmer error: Model panics with a message
// naming it.
func (p *LassoPathResult) Model(k int) *Model {
	p.checkIndex("LassoPathResult.Model", k)
	return &Model{Coef: p.Coef(k), Intercept: p.Intercepts[k]}
}

// Selection is Path.Selection with the constant features listed.
func (p *LassoPathResult) Selection() *featlab.Selection {
	s := p.Path.Selection()
	s.Constant = p.Constant
	return s
}

// LassoGrid returns the default lambda grid of a lasso path on (X, y):
// n values from lambda_max = ||Xc^T y||_inf/m down to eps lambda_max,
// geometrically spaced (scikit-learn's _alpha_grid, glmnet's default
// sequence). lambda_max is the smallest lambda with w = 0.
func LassoGrid(X mat.Matrix, y []float64, n int, eps float64, intercept bool) ([]float64, error) {
	ds, err := design.New(X, y, intercept)
	if err != nil {
		return nil, err
	}
	if n <= 0 || !(eps > 0 && eps < 1) {
		return nil, featlab.Errorf(featlab.ErrParam, "grid of %d values with eps = %v: need n >= 1 and 0 < eps < 1", n, eps)
	}
	return geomGrid(lambdaMax(ds, 1), n, eps), nil
}

// geomGrid returns n values from hi down to eps*hi, geometrically spaced.
// A zero hi (X^T y = 0, where every lambda gives w = 0) uses hi = 1.
func geomGrid(hi float64, n int, eps float64) []float64 {
	if hi == 0 {
		hi = 1
	}
	out := make([]float64, n)
	if n == 1 {
		out[0] = hi
		return out
	}
	lh, le := math.Log10(hi), math.Log10(eps)
	for k := range out {
		out[k] = math.Pow(10, lh+le*float64(k)/float64(n-1))
	}
	out[0] = hi
	return out
}

func (cfg *LassoPathConfig) check() (rho float64, err error) {
	if cfg.NLambdas < 0 {
		return 0, featlab.Errorf(featlab.ErrParam, "NLambdas = %d must be >= 0", cfg.NLambdas)
	}
	// The grid alone holds NLambdas values (and the path d per lambda):
	// refuse one that cannot be stored before it is allocated.
	if err := featlab.CheckCells("linear: lambda grid", "NLambdas", cfg.NLambdas, 1, 0); err != nil {
		return 0, err
	}
	if cfg.Eps != 0 && !(cfg.Eps > 0 && cfg.Eps < 1) {
		return 0, featlab.Errorf(featlab.ErrParam, "Eps = %v must be in (0, 1)", cfg.Eps)
	}
	if rho, err = l1Share(cfg.L1Ratio, cfg.Ridge); err != nil {
		return 0, err
	}
	for k, l := range cfg.Lambdas {
		if err := checkLambda("lambda", l); err != nil {
			return 0, featlab.Errorf(featlab.ErrParam, "Lambdas[%d] = %v must be finite and >= 0", k, l)
		}
	}
	if cfg.Lambdas != nil && len(cfg.Lambdas) == 0 {
		return 0, featlab.Errorf(featlab.ErrParam, "Lambdas is empty")
	}
	o := solveOpts{tol: cfg.Tol, maxIter: cfg.MaxIter}
	return rho, o.defaults()
}

// LassoPath computes the lasso (or, with L1Ratio < 1, elastic-net)
// regularization path of (1/2m)||Xw - y||^2 + lambda ||w||_1 over a
// decreasing sequence of lambdas: scikit-learn's lasso_path/enet_path and
// glmnet's path (standardize = FALSE).
//
// Each fit is coordinate descent, warm-started at the previous solution.
// The sequential strong rule (Tibshirani et al. 2012) discards feature j
// at lambda_k when |X_j^T r(lambda_{k-1})|/m < rho (2 lambda_k -
// lambda_{k-1}); a KKT check after convergence brings back any discarded
// feature that violates |X_j^T r|/m <= rho lambda_k, so the path is exact
// to Tol.
//
// Cost: the Gram column Xc^T Xc_j of a feature is computed when w_j first
// becomes non-zero, together, in the same pass over X, with those of up to
// 15 other features likely to enter soon (no column yet, |Xc_k^T r|/m at
// least half the current rho lambda). The work is one pass over X for the
// data's statistics plus about one pass per batch of entering features,
// instead of the d passes of a full Gram matrix; X is never copied (except
// once, centred, when a column's mean exceeds 1000 standard deviations).
// Memory: the coefficients (d x len(Lambdas)) and GramColumns x d cached
// products.
func LassoPath(X mat.Matrix, y []float64, cfg LassoPathConfig) (*LassoPathResult, error) {
	return LassoPathContext(context.Background(), X, y, cfg)
}

// LassoPathContext is LassoPath with a context: once ctx is done the path
// stops (between lambdas, or between sweeps of a long fit) and the fits
// completed so far are returned with an error wrapping ctx.Err().
func LassoPathContext(ctx context.Context, X mat.Matrix, y []float64, cfg LassoPathConfig) (*LassoPathResult, error) {
	rho, err := cfg.check()
	if err != nil {
		return nil, err
	}
	if !featlab.IsNil(X) {
		// X far outside the ordinary range (at 1e-300 its squares
		// underflow and every feature looked constant) is multiplied by an
		// exact power of two c: the path on (c X, y) at lambdas c lambda
		// has the same objectives with coefficients w / c, so it is solved
		// there and mapped back exactly (issue 20).
		if Xs, c := matx.Prescale(X); c != 1 {
			cs := cfg
			if cfg.Lambdas != nil {
				cs.Lambdas = make([]float64, len(cfg.Lambdas))
				for k, l := range cfg.Lambdas {
					cs.Lambdas[k] = l * c
				}
			}
			p, err := LassoPathContext(ctx, Xs, y, cs)
			if p != nil {
				if uerr := p.Path.unscale(c, c); uerr != nil {
					return nil, uerr
				}
			}
			return p, err
		}
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, ds.D); err != nil {
		return nil, err
	}
	mon := newMonitor(ctx, cfg.Progress, "lasso path")
	p := pathOn(ds, cfg, rho, nil, mon)
	if mon.err != nil {
		return p, mon.err
	}
	return p, nil
}

// lambdaMax returns ||Xc^T y||_inf/(m rho); for rho = 0 (ridge) that of
// rho = 1e-3, glmnet's rule.
func lambdaMax(ds *design.Design, rho float64) float64 {
	var mx float64
	for _, v := range ds.XtY {
		mx = math.Max(mx, math.Abs(v))
	}
	return mx / (float64(ds.M) * math.Max(rho, 1e-3))
}

// pathOn runs the path on a prepared design; lambdas, when non-nil,
// overrides cfg's grid (already sorted descending). A stopped monitor
// truncates the path to the fits completed.
func pathOn(ds *design.Design, cfg LassoPathConfig, rho float64, lambdas []float64, mon *monitor) *LassoPathResult {
	o := solveOpts{tol: cfg.Tol, maxIter: cfg.MaxIter}
	o.defaults()
	lmax := lambdaMax(ds, rho)
	if lambdas == nil {
		if cfg.Lambdas != nil {
			lambdas = append([]float64(nil), cfg.Lambdas...)
			sort.Sort(sort.Reverse(sort.Float64Slice(lambdas)))
		} else {
			n, eps := cfg.NLambdas, cfg.Eps
			if n == 0 {
				n = 100
			}
			if eps == 0 {
				eps = 1e-3
			}
			lambdas = geomGrid(lmax, n, eps)
		}
	}
	d := ds.D
	method := "lasso path"
	if rho < 1 {
		method = fmt.Sprintf("elastic-net path (l1 ratio %s)", featlab.FormatFloat(rho))
	}
	p := &LassoPathResult{Path: newPath(d, lambdas, lmax, o.tol, cfg.Names, method), L1Ratio: rho}
	if rho == 0 {
		p.LambdaMax = math.Inf(1)
	}
	w := make([]float64, d)
	s := newCD(ds, w, useNaive(ds.M, ds.D))
	s.mon = mon
	m := float64(ds.M)
	if cfg.NoStrongRules {
		for j := 0; j < d; j++ {
			if ds.Norm2[j] > 0 {
				s.addWork(j)
			}
		}
	}
	L1prev := m * rho * lmax
	drivePath(&p.Path, mon, func(k int, lam float64) ([]float64, float64, featlab.Convergence) {
		s.L1, s.L2 = m*lam*rho, m*lam*(1-rho)
		if !cfg.NoStrongRules {
			s.strong(math.Max(L1prev, s.L1))
		}
		iter, gap, conv := s.solve(o.tol, o.maxIter, nil)
		L1prev = s.L1
		return w, ds.Intercept(w), featlab.Convergence{Iterations: iter, Converged: conv, Gap: gap / m, Tol: o.tol}
	})
	p.GramColumns, p.GramPasses = s.ngram, s.npass
	p.Constant = ds.Constant()
	return p
}
