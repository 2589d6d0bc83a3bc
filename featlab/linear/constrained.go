package linear

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab/internal/prox"

	"github.com/featlab/course/featlab/internal/design"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// ConstrainedLassoConfig configures ConstrainedLasso. Radius must be set.
type ConstrainedLassoConfig struct {
	// Radius is k1 > 0 in the constraint ||w||_1 <= k1 of eq. 25.4.
	Radius float64
	// Intercept fits an unpenalised, unconstrained intercept by centring
	// X and y. Default false.
	Intercept bool
	// Tol > 0: stop when the Frank-Wolfe duality gap
	// <grad, w> + k1 ||grad||_inf (an upper bound on the distance to the
	// optimum) is at most Tol ||y||^2/m. Default DefaultTol (1e-4).
	Tol float64
	// MaxIter bounds the iterations. Default DefaultMaxIterProx (10000).
	MaxIter int
	// NoAcceleration uses plain projected gradient; by default Nesterov
	// momentum (FISTA with the projection as its prox) is added.
	NoAcceleration bool
	// Init, when non-nil, is the starting point (projected onto the ball
	// first).
	Init []float64
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
}

// ConstrainedLassoResult is a fit of the l1-constrained least-squares
// problem with its convergence record (Iterations: projected-gradient
// iterations; Gap: the Frank-Wolfe duality gap at Coef, >= Objective minus
// the optimum; Converged: Gap <= Tol ||y||^2/m within MaxIter).
type ConstrainedLassoResult struct {
	Model
	featlab.Convergence
	// Radius is k1.
	Radius float64
	// Objective is L_S(w) = (1/2m)||Xw - y||^2 at Coef.
	Objective float64
	// Multiplier is ||grad L_S(w)||_inf = ||Xc^T (y - Xc w)||_inf/m when the
	// constraint is active (||w||_1 = k1) and 0 when it is not: the lambda of
	// eq. 25.5 whose lasso solution is this w (the Lagrange multiplier of
	// the constraint).
	Multiplier float64
	// History holds L_S after each iteration, History[0] at the start.
	History []float64

	names []string
}

// Selection returns the features with non-zero weights, as
// LassoResult.Selection.
func (r *ConstrainedLassoResult) Selection() *featlab.Selection {
	return weightSelection(fmt.Sprintf("l1-constrained least squares, k1 = %s", featlab.FormatFloat(r.Radius)), r.Coef, r.names)
}

// ConstrainedLasso solves Shalev-Shwartz eq. 25.4 with the squared loss,
//
//	min_w L_S(w) = (1/2m) ||Xw - y||^2   subject to   ||w||_1 <= k1,
//
// by projected gradient: a step of length 1/L (L the largest eigenvalue of
// Xc^T Xc / m) followed by the exact Euclidean projection onto the l1 ball
// (ProjectL1Ball, Duchi et al. 2008), with Nesterov momentum unless
// NoAcceleration is set. For every k1 there is a lambda (Multiplier in the
// result) at which the lasso of eq. 25.5/25.8 has the same solution, and
// conversely k1 = ||w_lambda||_1.
//
// Errors: k1 <= 0 or not finite (ErrParam), bad data as in Lasso.
func ConstrainedLasso(X mat.Matrix, y []float64, cfg ConstrainedLassoConfig) (*ConstrainedLassoResult, error) {
	if !(cfg.Radius > 0) || math.IsInf(cfg.Radius, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "l1-ball radius k1 = %v must be finite and > 0", cfg.Radius)
	}
	o := solveOpts{solver: ProximalGradient, tol: cfg.Tol, maxIter: cfg.MaxIter}
	if err := o.defaults(); err != nil {
		return nil, err
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	m, d := ds.M, ds.D
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	fm := float64(m)
	k1 := cfg.Radius
	w := make([]float64, d)
	if cfg.Init != nil {
		if len(cfg.Init) != d {
			return nil, featlab.Errorf(featlab.ErrShape, "Init has %d values for %d features", len(cfg.Init), d)
		}
		if err := featlab.CheckVector(cfg.Init, "Init"); err != nil {
			return nil, err
		}
		copy(w, cfg.Init)
	}
	buf := make([]float64, 0, d)
	project := func(x []float64) {
		th := l1BallTheta(x, k1, buf)
		if th > 0 {
			for j, v := range x {
				x[j] = SoftThreshold(v, th)
			}
		}
	}
	project(w)
	L := ds.Lipschitz() / fm
	tolAbs := o.tol * ds.YY
	r := make([]float64, m)
	g := make([]float64, d) // Xc^T r
	// The image is the residual z = y - Xc w.
	resid := func(z []float64) (rr float64) {
		for _, v := range z {
			rr += v * v
		}
		return rr
	}
	fwGap := func(x []float64) float64 { // unscaled: -g.w + k1 ||g||_inf
		var gw, gi float64
		for j, v := range g {
			gw += v * x[j]
			gi = math.Max(gi, math.Abs(v))
		}
		return math.Max(k1*gi-gw, 0)
	}
	pr := prox.Problem{N: d, M: m,
		Apply: func(z, x []float64) { ds.Residual(z, x) },
		Grad: func(gr, x, z []float64) {
			ds.MulTVec(g, z)
			for j := range gr {
				gr[j] = -g[j] / fm
			}
		},
		Prox:  func(x []float64, _ float64) { project(x) },
		Value: func(x, z []float64) float64 { return resid(z) / (2 * fm) },
		Done: func(x, z, gr []float64) (float64, bool) {
			if L == 0 {
				return 0, true
			}
			if gr == nil { // else Grad has just left Xc^T r in g
				ds.MulTVec(g, z)
			}
			gap := fwGap(x)
			return gap, gap <= tolAbs
		},
	}
	out := prox.Minimize(pr, w, prox.Options{L: L, MaxIter: o.maxIter, Accelerate: !cfg.NoAcceleration, CheckEvery: 10})
	// Final state at w: residual, gradient and gap.
	rr := ds.Residual(r, w)
	ds.MulTVec(g, r)
	gap := fwGap(w)
	if L == 0 {
		gap = 0
	}
	conv := gap <= tolAbs
	res := &ConstrainedLassoResult{Radius: k1, Objective: rr / (2 * fm), History: out.History, names: cfg.Names,
		Convergence: featlab.Convergence{Iterations: out.Iter, Converged: conv, Gap: gap / fm, Tol: o.tol}}
	var l1n, gi float64
	for j, x := range w {
		l1n += math.Abs(x)
		gi = math.Max(gi, math.Abs(g[j]))
	}
	if l1n >= k1*(1-1e-9) {
		res.Multiplier = gi / fm
	}
	res.Coef = w
	res.Intercept = ds.Intercept(w)
	return res, nil
}

// ConstrainedRidgeConfig configures ConstrainedRidge. Radius must be set.
type ConstrainedRidgeConfig struct {
	// Radius is k2 > 0 in the constraint ||w||_2 <= k2.
	Radius float64
	// Intercept fits an unpenalised, unconstrained intercept by centring
	// X and y. Default false.
	Intercept bool
	// Names names the features (nil: x1, ..., xd).
	Names []string
}

// ConstrainedRidgeResult is a fit of the l2-constrained least-squares
// problem.
type ConstrainedRidgeResult struct {
	Model
	// Radius is k2.
	Radius float64
	// Objective is L_S(w) = (1/2m)||Xw - y||^2 at Coef.
	Objective float64
	// Multiplier is mu >= 0, the Lagrange multiplier of the constraint:
	// Coef minimises (1/2m)||Xw - y||^2 + (mu/2)||w||^2 (Ridge with
	// RidgeSum and Lambda = m mu, Zhou eq. 11.6), 0 when the
	// least-squares solution is inside the ball.
	Multiplier float64
}

// ConstrainedRidge solves the l2-constrained form of ridge regression
// (the right-hand ball of Zhou's Fig. 11.1),
//
//	min_w L_S(w) = (1/2m) ||Xw - y||^2   subject to   ||w||_2 <= k2,
//
// through its Lagrangian form: w(c) = (Xc^T Xc + c I)^{-1} Xc^T y, whose
// norm decreases in c, with c = 0 (least squares, minimum norm) when that
// is inside the ball and otherwise the c with ||w(c)||_2 = k2, found by
// bisection on the eigendecomposition Xc^T Xc = V diag(s) V^T, where
// ||w(c)||^2 = sum_k (v_k^T Xc^T y)^2 / (s_k + c)^2. It is exact to
// rounding; cost O(m d^2 + d^3).
//
// Errors: k2 <= 0 or not finite (ErrParam), bad data as in Lasso.
func ConstrainedRidge(X mat.Matrix, y []float64, cfg ConstrainedRidgeConfig) (*ConstrainedRidgeResult, error) {
	if !(cfg.Radius > 0) || math.IsInf(cfg.Radius, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "l2-ball radius k2 = %v must be finite and > 0", cfg.Radius)
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, ds.D); err != nil {
		return nil, err
	}
	m, d := ds.M, ds.D
	k2 := cfg.Radius
	ls, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: cfg.Intercept})
	if err != nil {
		return nil, err
	}
	res := &ConstrainedRidgeResult{Radius: k2}
	w := ls.Coef
	c := 0.0
	if floats.Norm(w, 2) > k2 {
		A := ds.DenseCentred()
		var G mat.SymDense
		G.SymOuterK(1, A.T())
		var es mat.EigenSym
		if !es.Factorize(&G, true) {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "eigendecomposition of the %dx%d Gram matrix", d, d)
		}
		s := es.Values(nil)
		var V mat.Dense
		es.VectorsTo(&V)
		b := make([]float64, d) // V^T Xc^T y
		mat.NewVecDense(d, b).MulVec(V.T(), mat.NewVecDense(d, ds.XtY))
		norm2 := func(c float64) float64 {
			var q float64
			for k, sk := range s {
				t := b[k] / (math.Max(sk, 0) + c)
				q += t * t
			}
			return q
		}
		lo, hi := 0.0, 1.0
		for norm2(hi) > k2*k2 && hi < 1e300 {
			lo, hi = hi, 2*hi
		}
		for it := 0; it < 200 && lo < hi; it++ {
			mid := lo + (hi-lo)/2
			if mid == lo || mid == hi {
				break
			}
			if norm2(mid) > k2*k2 {
				lo = mid
			} else {
				hi = mid
			}
		}
		c = hi
		z := make([]float64, d)
		for k, sk := range s {
			z[k] = b[k] / (math.Max(sk, 0) + c)
		}
		w = make([]float64, d)
		mat.NewVecDense(d, w).MulVec(&V, mat.NewVecDense(d, z))
	}
	res.Coef = w
	res.Intercept = ds.Intercept(w)
	r := make([]float64, m)
	res.Objective = ds.Residual(r, w) / (2 * float64(m))
	res.Multiplier = c / float64(m)
	if err := finiteModel(&res.Model, "l2-constrained"); err != nil {
		return nil, err
	}
	return res, nil
}
