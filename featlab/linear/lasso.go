package linear

import (
	"context"
	"math"
	"strconv"

	"github.com/featlab/course/featlab/internal/design"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// Solver selects the algorithm of Lasso and ElasticNet.
type Solver int

const (
	// CoordinateDescent cycles through the coordinates with exact
	// one-dimensional minimisations (soft thresholding), using covariance
	// updates, working sets and active-set cycling. The default, and the
	// fast one.
	CoordinateDescent Solver = iota
	// ProximalGradient is Zhou's proximal gradient descent, eq. 11.8-11.14:
	// a gradient step of length 1/L on the smooth part followed by soft
	// thresholding at lambda/L, where L is the largest eigenvalue of
	// Xc^T Xc / m (plus the ridge part of an elastic net): the Lipschitz
	// constant of the gradient.
	ProximalGradient
	// FISTA is proximal gradient with Nesterov's momentum (Beck and
	// Teboulle 2009), same step 1/L.
	FISTA
)

// String returns the solver's name.
func (s Solver) String() string {
	switch s {
	case CoordinateDescent:
		return "coordinate descent"
	case ProximalGradient:
		return "proximal gradient"
	case FISTA:
		return "FISTA"
	}
	return "Solver(" + strconv.Itoa(int(s)) + ")"
}

// Default tolerance and iteration limits.
const (
	// DefaultTol is scikit-learn's default tolerance (duality gap relative
	// to ||y||^2/m).
	DefaultTol = 1e-4
	// DefaultMaxIterCD is the default limit on coordinate-descent sweeps
	// (scikit-learn's max_iter).
	DefaultMaxIterCD = 1000
	// DefaultMaxIterProx is the default limit on proximal-gradient and
	// FISTA iterations.
	DefaultMaxIterProx = 10000
)

// LassoConfig configures Lasso. Only Lambda is needed; the zero value of
// the other fields gives coordinate descent without intercept at
// scikit-learn's default tolerance. LassoConfig is a featlab.Learner.
type LassoConfig struct {
	// Lambda >= 0 weights the l1 penalty in
	// (1/2m)||Xw - y||^2 + lambda ||w||_1 (eq. 25.8; scikit-learn's Lasso
	// alpha; Zhou's eq. 11.7, with sums and no 1/2, has 2m lambda).
	Lambda float64
	// Intercept fits an unpenalised intercept by centring X and y.
	// Default false (the texts' form).
	Intercept bool
	// Solver selects the algorithm. Default CoordinateDescent.
	Solver Solver
	// Tol > 0 is the stopping tolerance: the fit stops when the duality gap
	// is at most Tol * ||y||^2 / m (y centred with an intercept), which is
	// scikit-learn's rule. Default DefaultTol (1e-4).
	Tol float64
	// MaxIter bounds the number of coordinate-descent sweeps or
	// proximal-gradient/FISTA iterations. Default DefaultMaxIterCD (1000)
	// for coordinate descent, DefaultMaxIterProx (10000) otherwise.
	MaxIter int
	// Init, when non-nil, is the starting point (a warm start); it must
	// have one entry per feature. Default: zero.
	Init []float64
	// Cyclic makes coordinate descent textbook cyclic coordinate descent:
	// every feature in every sweep, in index order, with no continuation,
	// working sets or active-set cycling (for teaching and checking; same
	// solution, much slower on large d). A warm start (Init) then sweeps
	// exactly as a continued run would: 5 sweeps from 0 followed by 5
	// sweeps from their result equal 10 sweeps from 0, bit for bit. Ignored
	// by the other solvers. Default false.
	Cyclic bool
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, receives (done, 1000) as the fit advances
	// (the share of the way, on a log scale, from the first duality gap to
	// the tolerance, or of MaxIter if that is larger). A panic in it stops
	// the fit with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// ElasticNetConfig configures ElasticNet, in scikit-learn's
// parametrisation:
//
//	(1/2m)||Xw - y||^2 + Alpha*rho ||w||_1 + (Alpha*(1-rho)/2) ||w||^2,
//
// rho the l1 share (L1Ratio, or 0 with Ridge). glmnet's (lambda, alpha)
// are (Alpha, rho) here. ElasticNetConfig is a featlab.Learner.
type ElasticNetConfig struct {
	// Alpha >= 0 is the overall strength of the penalty. Default 0 (least
	// squares, solved iteratively).
	Alpha float64
	// L1Ratio in (0, 1] is the l1 share rho of the penalty: 1 is the
	// lasso. It has the same meaning in LassoPathConfig. Its zero value
	// means 1 (the lasso); scikit-learn's default is 0.5, so set it.
	L1Ratio float64
	// Ridge sets the l1 share to exactly 0: pure ridge with
	// (Alpha/2)||w||^2 (L1Ratio must then be left 0). Default false.
	Ridge bool
	// Intercept, Solver, Tol, MaxIter, Init, Cyclic, Names and Progress
	// are as in LassoConfig.
	Intercept bool
	Solver    Solver
	Tol       float64
	MaxIter   int
	Init      []float64
	Cyclic    bool
	Names     []string
	Progress  featlab.Progress
}

// l1Share returns the l1 share rho of a penalty given as (L1Ratio, Ridge):
// 1 for a zero L1Ratio, 0 with Ridge.
func l1Share(ratio float64, ridge bool) (float64, error) {
	if ridge {
		if ratio != 0 {
			return 0, featlab.Errorf(featlab.ErrParam, "L1Ratio = %v with Ridge set: Ridge means an l1 share of 0, leave L1Ratio 0", ratio)
		}
		return 0, nil
	}
	if ratio == 0 {
		return 1, nil
	}
	if !(ratio > 0 && ratio <= 1) {
		return 0, featlab.Errorf(featlab.ErrParam, "L1Ratio = %v must be in (0, 1] (set Ridge for an l1 share of 0)", ratio)
	}
	return ratio, nil
}

// LassoResult is a lasso or elastic-net fit with its convergence record
// (Iterations: coordinate-descent sweeps, including those of the
// continuation stages, or proximal-gradient/FISTA iterations; Gap: the
// duality gap at Coef in the (1/2m) scaling, an upper bound on Objective
// minus the optimum; Converged: Gap <= Tol*||y||^2/m within MaxIter).
// Non-convergence is never silent.
type LassoResult struct {
	Model
	featlab.Convergence
	// Lambda1 and Lambda2 are the penalty weights that were fitted:
	// (1/2m)||Xw - y||^2 + Lambda1 ||w||_1 + (Lambda2/2) ||w||^2.
	Lambda1, Lambda2 float64
	// Solver is the algorithm that produced the fit.
	Solver Solver
	// Objective is the value of the objective at Coef (in the scaling
	// above, with the intercept when one was fitted).
	Objective float64
	// Constant lists the features with no spread (all equal, or all zero
	// without an intercept, up to rounding): their weight is 0.
	Constant []int
	// History holds the objective after each iteration, History[0] at the
	// starting point: every iteration of proximal gradient and FISTA, every
	// sweep of coordinate descent at the final lambda (after its
	// continuation stages; use Cyclic for plain sweeps from the start).
	History []float64

	names []string
}

// ElasticNetResult is the result of ElasticNet: a LassoResult whose
// Lambda2 may be non-zero.
type ElasticNetResult = LassoResult

// Lasso minimises the lasso objective of Shalev-Shwartz eq. 25.8,
//
//	(1/2m) ||Xw - y||^2 + lambda ||w||_1,
//
// with the solver chosen in cfg. This is scikit-learn's
// Lasso(alpha=lambda, fit_intercept=cfg.Intercept) and glmnet's gaussian
// lasso at lambda with standardize=FALSE; Zhou's eq. 11.7, written with
// sums and without the 1/2, has lambda_Zhou = 2 m lambda.
//
// Errors: negative or non-finite lambda or Tol, negative MaxIter, an Init
// or Names of the wrong length (ErrParam, ErrShape); empty or non-finite
// data (ErrEmpty, ErrNotFinite). A constant (or all-zero) column gets
// coefficient 0.
func Lasso(X mat.Matrix, y []float64, cfg LassoConfig) (*LassoResult, error) {
	return LassoContext(context.Background(), X, y, cfg)
}

// LassoContext is Lasso with a context: once ctx is done the fit stops
// and returns the current point with an error wrapping ctx.Err().
func LassoContext(ctx context.Context, X mat.Matrix, y []float64, cfg LassoConfig) (*LassoResult, error) {
	if err := checkLambda("lasso lambda", cfg.Lambda); err != nil {
		return nil, err
	}
	return fitPenalised(X, y, cfg.Lambda, 0, solveOpts{
		intercept: cfg.Intercept, solver: cfg.Solver, tol: cfg.Tol, maxIter: cfg.MaxIter, init: cfg.Init, cyclic: cfg.Cyclic,
		names: cfg.Names, mon: newMonitor(ctx, cfg.Progress, "lasso"),
	})
}

// ElasticNet minimises
//
//	(1/2m) ||Xw - y||^2 + alpha*rho ||w||_1 + (alpha*(1-rho)/2) ||w||^2,
//
// rho the l1 share (cfg.L1Ratio, 1 when zero, 0 with cfg.Ridge), which is
// scikit-learn's ElasticNet(alpha, l1_ratio) and glmnet's (lambda =
// alpha, alpha = rho). The solvers are those of Lasso; for proximal
// gradient and FISTA the ridge part is in the smooth term.
func ElasticNet(X mat.Matrix, y []float64, cfg ElasticNetConfig) (*ElasticNetResult, error) {
	return ElasticNetContext(context.Background(), X, y, cfg)
}

// ElasticNetContext is ElasticNet with a context, as LassoContext.
func ElasticNetContext(ctx context.Context, X mat.Matrix, y []float64, cfg ElasticNetConfig) (*ElasticNetResult, error) {
	if err := checkLambda("elastic-net alpha", cfg.Alpha); err != nil {
		return nil, err
	}
	rho, err := l1Share(cfg.L1Ratio, cfg.Ridge)
	if err != nil {
		return nil, err
	}
	return fitPenalised(X, y, cfg.Alpha*rho, cfg.Alpha*(1-rho), solveOpts{
		intercept: cfg.Intercept, solver: cfg.Solver, tol: cfg.Tol, maxIter: cfg.MaxIter, init: cfg.Init, cyclic: cfg.Cyclic,
		names: cfg.Names, mon: newMonitor(ctx, cfg.Progress, "elastic net"),
	})
}

// Fit makes LassoConfig a featlab.Learner: the predictor is the fitted
// *LassoResult.
func (cfg LassoConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return Lasso(X, y, cfg)
}

// Fit makes ElasticNetConfig a featlab.Learner.
func (cfg ElasticNetConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return ElasticNet(X, y, cfg)
}

// Fit makes RidgeConfig a featlab.Learner.
func (cfg RidgeConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return Ridge(X, y, cfg)
}

// Fit makes LeastSquaresConfig a featlab.Learner.
func (cfg LeastSquaresConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return LeastSquares(X, y, cfg)
}

func checkLambda(what string, v float64) error {
	if !(v >= 0) || math.IsInf(v, 0) {
		return featlab.Errorf(featlab.ErrParam, "%s = %v must be finite and >= 0", what, v)
	}
	return nil
}

type solveOpts struct {
	intercept bool
	solver    Solver
	tol       float64
	maxIter   int
	init      []float64
	cyclic    bool
	names     []string
	mon       *monitor
}

func (o *solveOpts) defaults() error {
	if o.solver < CoordinateDescent || o.solver > FISTA {
		return featlab.Errorf(featlab.ErrParam, "unknown solver %d", int(o.solver))
	}
	if o.tol == 0 {
		o.tol = DefaultTol
	}
	if !(o.tol > 0) || math.IsInf(o.tol, 0) {
		return featlab.Errorf(featlab.ErrParam, "tolerance = %v must be finite and > 0", o.tol)
	}
	if o.maxIter < 0 {
		return featlab.Errorf(featlab.ErrParam, "max iterations = %d must be >= 0", o.maxIter)
	}
	if o.maxIter == 0 {
		if o.solver == CoordinateDescent {
			o.maxIter = DefaultMaxIterCD
		} else {
			o.maxIter = DefaultMaxIterProx
		}
	}
	return nil
}

func fitPenalised(X mat.Matrix, y []float64, l1, l2 float64, o solveOpts) (*LassoResult, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	ds, err := design.New(X, y, o.intercept)
	if err != nil {
		return nil, err
	}
	if err := checkNames(o.names, ds.D); err != nil {
		return nil, err
	}
	w := make([]float64, ds.D)
	if o.init != nil {
		if len(o.init) != ds.D {
			return nil, featlab.Errorf(featlab.ErrShape, "Init has %d values for %d features", len(o.init), ds.D)
		}
		if err := featlab.CheckVector(o.init, "Init"); err != nil {
			return nil, err
		}
		copy(w, o.init)
	}
	res := &LassoResult{Lambda1: l1, Lambda2: l2, Solver: o.solver, names: o.names}
	res.Tol = o.tol
	switch o.solver {
	case CoordinateDescent:
		solveCD(ds, w, l1, l2, o.tol, o.maxIter, o.cyclic, o.mon, res)
	default:
		solveProx(ds, w, l1, l2, o.tol, o.maxIter, o.solver == FISTA, o.mon, res)
	}
	res.Coef = w
	res.Intercept = ds.Intercept(w)
	res.Constant = ds.Constant()
	if err := finiteModel(&res.Model, o.solver.String()); err != nil {
		return nil, err
	}
	if err := o.mon.finish(); err != nil {
		return res, err
	}
	return res, nil
}

// objective returns (1/2m) rr + l1 ||w||_1 + (l2/2)||w||^2.
func objective(m int, rr float64, w []float64, l1, l2 float64) float64 {
	var a, q float64
	for _, v := range w {
		a += math.Abs(v)
		if l2 != 0 {
			q += v * v
		}
	}
	return rr/(2*float64(m)) + l1*a + 0.5*l2*q
}

// dualityGap returns the duality gap of the unscaled problem
// (1/2)||r||^2 + L1 ||w||_1 + (L2/2)||w||^2 (L1 = m l1, L2 = m l2) at w,
// given rr = ||r||^2, ry = r^T y and g = Xc^T r; it follows scikit-learn's
// enet_coordinate_descent (dual point r scaled into the feasible set).
// Divide by m for the (1/2m) scaling.
func dualityGap(w, g []float64, rr, ry, L1, L2 float64) float64 {
	var dn float64
	for j, v := range w {
		if a := math.Abs(g[j] - L2*v); a > dn {
			dn = a
		}
	}
	return dualityGapDn(w, dn, rr, ry, L1, L2)
}

// dualityGapDn is dualityGap given dn = max_j |g_j - L2 w_j| (or an upper
// bound on it, which gives an upper bound on the gap).
func dualityGapDn(w []float64, dn, rr, ry, L1, L2 float64) float64 {
	var l1n, w2 float64
	for _, v := range w {
		l1n += math.Abs(v)
		if L2 != 0 {
			w2 += v * v
		}
	}
	var c, gap float64
	if dn > L1 {
		c = L1 / dn
		gap = 0.5 * (rr + rr*c*c)
	} else {
		c = 1
		gap = rr
	}
	gap += L1*l1n - c*ry + 0.5*L2*(1+c*c)*w2
	return gap
}
