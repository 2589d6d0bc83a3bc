package linear

import (
	"math"
	"sort"

	"github.com/featlab/course/featlab/internal/design"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// PathConfig configures LassoPath. The zero value computes scikit-learn's
// default lasso path: 100 values of lambda, geometrically spaced from
// lambda_max down to 1e-3 lambda_max, no intercept, tolerance 1e-4.
type PathConfig struct {
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
	// L1Ratio in (0, 1] makes it an elastic-net path in scikit-learn's
	// parametrisation (the lambdas are then ElasticNet alphas). The zero
	// value means 1, the lasso.
	L1Ratio float64
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
	// Progress, when non-nil, is called after each lambda.
	Progress featlab.Progress
}

// Path is a regularization path: one fit per lambda, with warm starts.
// The coefficients are stored once, as a d x len(Lambdas) matrix; X is
// never copied per lambda.
type Path struct {
	// Lambdas, in decreasing order. For an elastic-net path they are the
	// alphas.
	Lambdas []float64
	// L1Ratio is 1 for the lasso.
	L1Ratio float64
	// LambdaMax is ||Xc^T y||_inf/(m L1Ratio), the smallest lambda at which
	// w = 0 (y centred with an intercept).
	LambdaMax float64
	// Coefs holds w(lambda_k) in column k (d x len(Lambdas)).
	Coefs *mat.Dense
	// Intercepts[k] is b(lambda_k) (0 without intercept).
	Intercepts []float64
	// Gaps[k] is the duality gap of fit k in the (1/2m) scaling.
	Gaps []float64
	// Iters[k] is the number of coordinate-descent sweeps of fit k.
	Iters []int
	// NonZeros[k] is the number of non-zero coefficients of fit k.
	NonZeros []int
	// Converged[k] reports that fit k reached its tolerance.
	Converged []bool
	// Order lists the features in the order in which they first became
	// non-zero along the path (features entering at the same lambda are
	// ordered by decreasing |w_j|).
	Order []int
	// Entry[j] is the index of the first lambda at which feature j is
	// non-zero, or -1 if it never is.
	Entry []int
	// GramColumns is the number of Gram columns Xc^T Xc_j computed: the
	// features that were ever active plus those computed ahead in the
	// same pass over X because they were about to enter (see LassoPath).
	GramColumns int
	// GramPasses is the number of passes over X made for them.
	GramPasses int
	// Constant lists the features with no spread; their weight is 0.
	Constant []int
}

// Coef returns a copy of w(lambda_k).
func (p *Path) Coef(k int) []float64 {
	return mat.Col(nil, k, p.Coefs)
}

// Model returns the fitted model at lambda_k.
func (p *Path) Model(k int) *Model {
	return &Model{Coef: p.Coef(k), Intercept: p.Intercepts[k]}
}

// AllConverged reports whether every fit of the path converged.
func (p *Path) AllConverged() bool {
	for _, c := range p.Converged {
		if !c {
			return false
		}
	}
	return true
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

func lambdaMax(ds *design.Design, rho float64) float64 {
	var mx float64
	for _, v := range ds.XtY {
		mx = math.Max(mx, math.Abs(v))
	}
	return mx / (float64(ds.M) * rho)
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

func (cfg *PathConfig) check() error {
	if cfg.NLambdas < 0 {
		return featlab.Errorf(featlab.ErrParam, "NLambdas = %d must be >= 0", cfg.NLambdas)
	}
	if cfg.Eps != 0 && !(cfg.Eps > 0 && cfg.Eps < 1) {
		return featlab.Errorf(featlab.ErrParam, "Eps = %v must be in (0, 1)", cfg.Eps)
	}
	if cfg.L1Ratio != 0 && !(cfg.L1Ratio > 0 && cfg.L1Ratio <= 1) {
		return featlab.Errorf(featlab.ErrParam, "path l1 ratio = %v must be in (0, 1]", cfg.L1Ratio)
	}
	for k, l := range cfg.Lambdas {
		if err := checkLambda("lambda", l); err != nil {
			return featlab.Errorf(featlab.ErrParam, "Lambdas[%d] = %v must be finite and >= 0", k, l)
		}
	}
	if cfg.Lambdas != nil && len(cfg.Lambdas) == 0 {
		return featlab.Errorf(featlab.ErrParam, "Lambdas is empty")
	}
	o := solveOpts{tol: cfg.Tol, maxIter: cfg.MaxIter}
	return o.defaults()
}

// LassoPath computes the lasso (or, with L1Ratio < 1, elastic-net)
// regularization path of (1/2m)||Xw - y||^2 + lambda ||w||_1 over a
// decreasing sequence of lambdas: scikit-learn's lasso_path/enet_path and
// glmnet's path (standardize = FALSE).
//
// Each fit is coordinate descent with covariance updates, warm-started at
// the previous solution. The sequential strong rule (Tibshirani et al.
// 2012) discards feature j at lambda_k when
// |X_j^T r(lambda_{k-1})|/m < rho (2 lambda_k - lambda_{k-1}); a KKT check
// after convergence brings back any discarded feature that violates
// |X_j^T r|/m <= rho lambda_k, so the path is exact to Tol.
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
func LassoPath(X mat.Matrix, y []float64, cfg PathConfig) (*Path, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	return pathOn(ds, cfg, nil), nil
}

// pathOn runs the path on a prepared design; lambdas, when non-nil,
// overrides cfg's grid (already sorted descending).
func pathOn(ds *design.Design, cfg PathConfig, lambdas []float64) *Path {
	o := solveOpts{tol: cfg.Tol, maxIter: cfg.MaxIter}
	o.defaults()
	rho := cfg.L1Ratio
	if rho == 0 {
		rho = 1
	}
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
	d, nl := ds.D, len(lambdas)
	p := &Path{
		Lambdas:    lambdas,
		L1Ratio:    rho,
		LambdaMax:  lmax,
		Coefs:      mat.NewDense(d, nl, nil),
		Intercepts: make([]float64, nl),
		Gaps:       make([]float64, nl),
		Iters:      make([]int, nl),
		NonZeros:   make([]int, nl),
		Converged:  make([]bool, nl),
		Entry:      make([]int, d),
	}
	for j := range p.Entry {
		p.Entry[j] = -1
	}
	w := make([]float64, d)
	s := newCovCD(ds, w)
	m := float64(ds.M)
	if cfg.NoStrongRules {
		for j := 0; j < d; j++ {
			if ds.Norm2[j] > 0 {
				s.addWork(j)
			}
		}
	}
	L1prev := m * rho * lmax
	coefs := p.Coefs.RawMatrix()
	var entered []int
	for k, lam := range lambdas {
		s.L1, s.L2 = m*lam*rho, m*lam*(1-rho)
		if !cfg.NoStrongRules {
			s.strong(math.Max(L1prev, s.L1))
		}
		iter, gap, conv := s.solve(o.tol, o.maxIter, nil)
		p.Iters[k], p.Gaps[k], p.Converged[k] = iter, gap/m, conv
		entered = entered[:0]
		nnz := 0
		for j, v := range w {
			if v != 0 {
				nnz++
				coefs.Data[j*coefs.Stride+k] = v
				if p.Entry[j] < 0 {
					p.Entry[j] = k
					entered = append(entered, j)
				}
			}
		}
		sort.SliceStable(entered, func(a, b int) bool {
			return math.Abs(w[entered[a]]) > math.Abs(w[entered[b]])
		})
		p.Order = append(p.Order, entered...)
		p.NonZeros[k] = nnz
		p.Intercepts[k] = ds.Intercept(w)
		L1prev = s.L1
		if cfg.Progress != nil {
			cfg.Progress(k+1, nl)
		}
	}
	p.GramColumns, p.GramPasses = s.ngram, s.npass
	p.Constant = ds.Constant()
	return p
}
