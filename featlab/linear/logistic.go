package linear

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/prox"
	"gonum.org/v1/gonum/floats"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// LogisticSolver selects the algorithm that fits a regularised logistic
// regression.
type LogisticSolver int

const (
	// LogisticNewtonCD is a proximal Newton method whose inner problem, a
	// weighted lasso (or ridge) on the quadratic model of the loss, is
	// solved by cyclic coordinate descent with active-set passes; a
	// backtracking line search on the true objective guarantees descent.
	// This is glmnet's algorithm for the binomial family (Friedman, Hastie
	// and Tibshirani 2010) with the line search of newGLMNET (Yuan, Ho and
	// Lin 2012). With the pure l2 penalty and at most 500 coordinates the
	// inner ridge problem is instead solved exactly (one weighted Gram
	// matrix and a Cholesky factorisation: a full Newton step). One
	// iteration is one Newton step. It is the zero value and the default.
	LogisticNewtonCD LogisticSolver = iota
	// LogisticFISTA is accelerated proximal gradient (Beck and Teboulle
	// 2009) with step 1/L, L = ||[X 1]||_2^2 / (4m) the Lipschitz constant
	// of the gradient of the average log-loss, and gradient-based adaptive
	// restart (O'Donoghue and Candes 2015). Simple and robust, but slower
	// on ill-conditioned data; one iteration is one gradient step.
	LogisticFISTA
)

// String returns the solver's name.
func (s LogisticSolver) String() string {
	switch s {
	case LogisticNewtonCD:
		return "newton-cd"
	case LogisticFISTA:
		return "fista"
	}
	return fmt.Sprintf("LogisticSolver(%d)", int(s))
}

// LogisticConfig holds the parameters of Logistic. The zero value is an
// l1-penalised fit with lambda = 0 (set Lambda), no intercept, the proximal
// Newton solver and default tolerances. LogisticConfig is a
// featlab.Learner.
type LogisticConfig struct {
	// Lambda is the penalty weight lambda >= 0 of the objective (see
	// Logistic). Zero gives plain maximum likelihood, whose solution does
	// not exist on separable data (the fit then stops at MaxIter with
	// Converged false). Default 0. Lambda is per average loss: the same
	// Lambda means a relatively stronger penalty on fewer rows; set C
	// instead to keep the penalty's meaning across folds of different
	// sizes.
	Lambda float64
	// C is the alternative, scikit-learn's parameterisation, a weight on
	// the sum of the losses: minimise R(w) + C sum_i loss_i, which is the
	// objective of Logistic with lambda = 1/(C m) for the m rows of the
	// fit (scikit-learn's LogisticRegression(C=C)). C > 0 replaces Lambda
	// (setting both is an error wrapping featlab.ErrParam); 0 (default):
	// use Lambda. The result's Lambda is the lambda actually used.
	C float64
	// Penalty is L1Penalty (default) or L2Penalty.
	Penalty Penalty
	// Intercept fits an unpenalised intercept b. Default false: b = 0, the
	// texts' form (Rousu's sparse logistic regression has no intercept).
	Intercept bool
	// Solver is LogisticNewtonCD (default) or LogisticFISTA.
	Solver LogisticSolver
	// Tol is the tolerance on the optimality measure KKT (the largest
	// violation of the optimality conditions, in units of the gradient of
	// the average loss). Default 1e-7.
	Tol float64
	// MaxIter caps the iterations: Newton steps for LogisticNewtonCD
	// (default 1000), gradient steps for LogisticFISTA (default 100000).
	MaxIter int
	// Init and InitIntercept warm-start the solver (nil Init: start from
	// w = 0 and the intercept that fits the class frequency; InitIntercept
	// is used only with Init and Intercept).
	Init          []float64
	InitIntercept float64
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, receives (done, 1000) as the fit advances
	// (the share of the way, on a log scale, from the first KKT measure to
	// Tol, or of MaxIter if larger). A panic in it stops the fit with an
	// error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// LogisticResult is a fitted (regularised) logistic regression: the
// probability of the positive class is sigma(w.x + b), sigma(t) =
// 1/(1+exp(-t)). It implements featlab.Predictor (Predict returns class
// labels). Its convergence record: Iterations are Newton steps
// (LogisticNewtonCD) or gradient steps (LogisticFISTA); Gap is the
// optimality measure KKT, the sup norm of the minimum-norm subgradient of
// the objective: max over features of |g_j + lambda sign(w_j)| (w_j != 0)
// or max(|g_j| - lambda, 0) (w_j = 0) for l1, |g_j + lambda w_j| for l2,
// and |g_b| for the intercept, where g is the gradient of the average
// log-loss (0 exactly at the minimiser); Converged is Gap <= Tol.
type LogisticResult struct {
	featlab.Convergence
	Coef      []float64  // coefficients w, one per feature
	Intercept float64    // intercept b (0 unless fitted)
	Lambda    float64    // the penalty weight it was fitted with
	Penalty   Penalty    // the penalty it was fitted with
	Labels    [2]float64 // the negative and the positive class label, in the caller's coding
	Objective float64    // objective value at (Coef, Intercept)
	Solver    LogisticSolver

	names []string
}

// Logistic fits a regularised logistic regression,
//
//	minimise over w, b   (1/m) sum_i log(1 + exp(-s_i (w.x_i + b))) + lambda R(w)
//
// with s_i in {-1, +1} the label of example i, R(w) = ||w||_1 for
// L1Penalty (the sparse logistic regression of the Aalto lecture,
// Rousu slide "Sparse learning problems") and R(w) = ||w||_2^2 / 2 for
// L2Penalty. The loss is the average logistic loss of Shalev-Shwartz 9.3.
// The intercept b is not penalised.
//
// Labels: y may be coded {0, 1} or {-1, +1}; the larger label is the
// positive class. Any other coding, or a target with a single class, is an
// error wrapping featlab.ErrLabels.
//
// Mapping to other software: scikit-learn's LogisticRegression(penalty,
// C) minimises R'(w) + C sum_i log-loss with R' = ||w||_1 or ||w||^2/2,
// which is m C times this objective: C = 1/(m lambda), or set
// LogisticConfig.C and the conversion is made for the rows of each fit.
// Scaling: Lambda is per average loss (glmnet's), C per sum of losses
// (scikit-learn's). glmnet's binomial
// family with alpha = 1 (l1) or alpha = 0 (l2), standardize = FALSE,
// minimises exactly this objective with the same lambda. (liblinear also
// penalises the intercept; use sklearn's saga or lbfgs to compare.)
//
// Non-convergence is never silent: see the result's Convergence.
func Logistic(X mat.Matrix, y []float64, cfg LogisticConfig) (*LogisticResult, error) {
	return LogisticContext(context.Background(), X, y, cfg)
}

// LogisticContext is Logistic with a context: once ctx is done the fit
// stops and returns the current point with an error wrapping ctx.Err().
func LogisticContext(ctx context.Context, X mat.Matrix, y []float64, cfg LogisticConfig) (*LogisticResult, error) {
	ds, s, y01, labels, err := logDesign(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	if err := cfg.check(ds.D); err != nil {
		return nil, err
	}
	st, err := newLogState(ctx, ds, s, y01, cfg.Intercept, cfg.Penalty.share())
	if err != nil {
		return nil, err
	}
	if st.lambda, err = lambdaOfC("logistic", cfg.Lambda, cfg.C, len(y)); err != nil {
		return nil, err
	}
	st.mon, st.fitProg = newMonitor(ctx, cfg.Progress, "logistic"), true
	if cfg.Init != nil {
		copy(st.w, cfg.Init)
		if st.intercept {
			st.setOrigB(cfg.InitIntercept)
		}
	} else {
		st.b = st.nullIntercept()
	}
	tol, maxIter := cfg.defaults()
	var it int
	var conv bool
	switch cfg.Solver {
	case LogisticFISTA:
		it, conv = st.solveFISTA(tol, maxIter)
	default:
		it, conv = st.solveNewtonCD(nil, tol, maxIter)
	}
	res := st.model(cfg.Penalty, labels, it, conv, cfg.Solver, tol)
	res.names = cfg.Names
	if err := st.mon.finish(); err != nil {
		return res, err
	}
	return res, nil
}

// Fit makes LogisticConfig a featlab.Learner: the predictor is the fitted
// *LogisticResult.
func (cfg LogisticConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return Logistic(X, y, cfg)
}

func (cfg *LogisticConfig) check(d int) error {
	if err := checkLambda("lambda", cfg.Lambda); err != nil {
		return err
	}
	if err := checkC("logistic", cfg.Lambda, cfg.C); err != nil {
		return err
	}
	if err := cfg.Penalty.check(); err != nil {
		return err
	}
	if cfg.Solver != LogisticNewtonCD && cfg.Solver != LogisticFISTA {
		return featlab.Errorf(featlab.ErrParam, "unknown logistic solver %d", int(cfg.Solver))
	}
	if err := checkTolIter(cfg.Tol, cfg.MaxIter); err != nil {
		return err
	}
	if cfg.Init != nil {
		if len(cfg.Init) != d {
			return featlab.Errorf(featlab.ErrShape, "Init has %d values for %d features", len(cfg.Init), d)
		}
		if err := featlab.CheckVector(cfg.Init, "Init"); err != nil {
			return err
		}
		if math.IsNaN(cfg.InitIntercept) || math.IsInf(cfg.InitIntercept, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "InitIntercept = %v", cfg.InitIntercept)
		}
	}
	return checkNames(cfg.Names, d)
}

func (cfg *LogisticConfig) defaults() (tol float64, maxIter int) {
	tol, maxIter = cfg.Tol, cfg.MaxIter
	if tol == 0 {
		tol = 1e-7
	}
	if maxIter == 0 {
		maxIter = 1000
		if cfg.Solver == LogisticFISTA {
			maxIter = 100000
		}
	}
	return tol, maxIter
}

// Decision returns the scores w.x_i + b, one per row of X.
func (lm *LogisticResult) Decision(X mat.Matrix) ([]float64, error) {
	return (&Model{Coef: lm.Coef, Intercept: lm.Intercept}).Predict(X)
}

// Proba returns the probabilities P(y = positive | x_i) = sigma(w.x_i + b),
// one per row of X.
func (lm *LogisticResult) Proba(X mat.Matrix) ([]float64, error) {
	z, err := lm.Decision(X)
	if err != nil {
		return nil, err
	}
	for i, v := range z {
		z[i] = logSigmoid(v)
	}
	return z, nil
}

// Predict returns the predicted class of each row of X in the labels'
// coding: the positive label where w.x + b >= 0 (probability >= 1/2), the
// negative one elsewhere.
func (lm *LogisticResult) Predict(X mat.Matrix) ([]float64, error) {
	z, err := lm.Decision(X)
	if err != nil {
		return nil, err
	}
	for i, v := range z {
		if v >= 0 {
			z[i] = lm.Labels[1]
		} else {
			z[i] = lm.Labels[0]
		}
	}
	return z, nil
}

// Support returns the indices of the nonzero coefficients.
func (lm *LogisticResult) Support() []int { return support(lm.Coef) }

// Selection returns the features with nonzero coefficients as a
// featlab.Selection (names from the config's Names), scored and ranked by
// |w_j|.
func (lm *LogisticResult) Selection() *featlab.Selection {
	return weightSelection(fmt.Sprintf("%s logistic regression, lambda %s", lm.Penalty, featlab.FormatFloat(lm.Lambda)), lm.Coef, lm.names)
}

// LogisticLambdaMax returns the smallest lambda at which the l1-penalised
// logistic regression has w = 0:
//
//	lambda_max = ||X^T (y01 - p0)||_inf / m
//
// with y01 the labels in {0, 1} and p0 = mean(y01) with an intercept (the
// intercept alone then fits the class frequency), p0 = 1/2 without.
func LogisticLambdaMax(X mat.Matrix, y []float64, intercept bool) (float64, error) {
	ds, s, y01, _, err := logDesign(X, y, intercept)
	if err != nil {
		return 0, err
	}
	st, err := newLogState(context.Background(), ds, s, y01, intercept, 1)
	if err != nil {
		return 0, err
	}
	st.b = st.nullIntercept()
	st.refresh()
	st.gradient(nil)
	return supNorm(st.g), nil
}

func supNorm(v []float64) float64 {
	r := 0.0
	for _, x := range v {
		r = math.Max(r, math.Abs(x))
	}
	return r
}

// logState is the working state of the logistic solvers, on raw slices.
type logState struct {
	cols      *design.Columns // columns of X (centred with an intercept)
	m, d      int
	s, y01    []float64
	intercept bool
	lambda    float64
	alpha     float64 // 1: l1, 0: l2

	w  []float64
	b  float64
	z  []float64 // X w + b
	p  []float64 // sigma(z)
	g  []float64 // gradient of the average loss w.r.t. w
	gb float64   // ... and w.r.t. b

	xmean []float64 // column means removed from the columns (nil without intercept)

	mon     *monitor // stop checks; progress too when fitProg
	fitProg bool
	kkt0    float64

	// scratch
	r, v, q, wn, w0            []float64
	gram, cvec, uvec, dvec, vx []float64
}

// newLogState makes the solver state on the design core: ds =
// design.New(X, y01, intercept). With an intercept the solvers read the
// centred columns Xc_j (w.x + b = w.(x - xbar) + (b + w.xbar): the same
// model, the same penalty), which decouples the intercept from the
// coefficients and makes coordinate descent converge on uncentred data;
// st.b is then the intercept of the centred problem and origB converts.
//
// With a ctx that is done while the columns are copied (about a second at
// 10^5 x 300), it returns nil and ctx's error.
func newLogState(ctx context.Context, ds *design.Design, s, y01 []float64, intercept bool, alpha float64) (*logState, error) {
	m, d := ds.M, ds.D
	cols := ds.Columns()
	// the solvers read every column
	if !cols.FillStop(func() bool { return ctx.Err() != nil }) {
		return nil, fmt.Errorf("linear: logistic stopped while copying X: %w", ctx.Err())
	}
	return &logState{xmean: ds.XMean, cols: cols,
		m: m, d: d, s: s, y01: y01, intercept: intercept, alpha: alpha,
		w: make([]float64, d), z: make([]float64, m), p: make([]float64, m),
		g: make([]float64, d), r: make([]float64, m), v: make([]float64, m), q: make([]float64, m), wn: make([]float64, d), w0: make([]float64, d),
	}, nil
}

// logDesign checks X and y and returns the design core of a logistic fit,
// the labels as signs and in {0, 1}, and the caller's two labels.
func logDesign(X mat.Matrix, y []float64, intercept bool) (ds *design.Design, s, y01 []float64, labels [2]float64, err error) {
	if _, _, err = featlab.CheckXY(X, y, nil); err != nil {
		return nil, nil, nil, labels, err
	}
	if s, y01, labels, err = binaryLabels(y); err != nil {
		return nil, nil, nil, labels, err
	}
	ds, err = design.New(X, y01, intercept)
	return ds, s, y01, labels, err
}

// col returns the (centred, with an intercept) column j.
func (st *logState) col(j int) []float64 { return st.cols.Col(j) }

// origB returns the intercept of the model on the original (uncentred)
// columns: b - w.xbar.
func (st *logState) origB() float64 {
	b := st.b
	for j, mu := range st.xmean {
		b -= st.w[j] * mu
	}
	return b
}

// setOrigB sets the centred intercept from one on the original columns.
func (st *logState) setOrigB(b float64) {
	for j, mu := range st.xmean {
		b += st.w[j] * mu
	}
	st.b = b
}

// nullIntercept is the intercept of the model with w = 0: logit(mean y01),
// or 0 without an intercept.
func (st *logState) nullIntercept() float64 {
	if !st.intercept {
		return 0
	}
	k := 0.0
	for _, v := range st.y01 {
		k += v
	}
	pbar := k / float64(st.m)
	return math.Log(pbar / (1 - pbar))
}

// progress reports a single fit's progress from its KKT measure.
func (st *logState) progress(kkt, tol float64, it, maxIter int) {
	if !st.fitProg {
		return
	}
	if st.kkt0 == 0 {
		st.kkt0 = kkt
	}
	st.mon.fitProgress(st.kkt0, kkt, tol, it, maxIter)
}

// logSigmoid is sigma(t) = 1/(1+exp(-t)), evaluated without overflow.
func logSigmoid(t float64) float64 {
	if t >= 0 {
		return 1 / (1 + math.Exp(-t))
	}
	e := math.Exp(t)
	return e / (1 + e)
}

// logLoss is log(1 + exp(-t)), evaluated without overflow or cancellation.
func logLoss(t float64) float64 {
	if t > 0 {
		return math.Log1p(math.Exp(-t))
	}
	return -t + math.Log1p(math.Exp(t))
}

// refresh recomputes z = X w + b and p = sigma(z) from w and b.
func (st *logState) refresh() {
	for i := range st.z {
		st.z[i] = st.b
	}
	for j, wj := range st.w {
		if wj == 0 {
			continue
		}
		col := st.col(j)
		for i, x := range col {
			st.z[i] += wj * x
		}
	}
	for i, t := range st.z {
		st.p[i] = logSigmoid(t)
	}
}

// gradient fills g_j = (1/m) sum_i (p_i - y01_i) x_ij for j in set (all
// features when set is nil) and gb, from the current p.
func (st *logState) gradient(set []int) {
	m := st.m
	r := st.r
	gb := 0.0
	for i, pi := range st.p {
		r[i] = pi - st.y01[i]
		gb += r[i]
	}
	inv := 1 / float64(m)
	if st.intercept {
		st.gb = gb * inv
	} else {
		st.gb = 0
	}
	one := func(j int) {
		col := st.col(j)
		sum := 0.0
		for i, x := range col {
			sum += x * r[i]
		}
		st.g[j] = sum * inv
	}
	if set == nil {
		for j := 0; j < st.d; j++ {
			one(j)
		}
		return
	}
	for _, j := range set {
		one(j)
	}
}

// lossAt returns the average log-loss at scores z.
func (st *logState) lossAt(z []float64) float64 {
	sum := 0.0
	for i, t := range z {
		sum += logLoss(st.s[i] * t)
	}
	return sum / float64(st.m)
}

// penalty returns lambda R(w).
func (st *logState) penalty(w []float64) float64 {
	l1, l2 := 0.0, 0.0
	for _, v := range w {
		l1 += math.Abs(v)
		l2 += v * v
	}
	return st.lambda * (st.alpha*l1 + (1-st.alpha)*l2/2)
}

// kkt returns the optimality measure over the features in set (all when
// nil), using the current gradient.
func (st *logState) kkt(set []int) float64 {
	viol := math.Abs(st.gb)
	one := func(j int) {
		gj, wj := st.g[j], st.w[j]
		var v float64
		switch {
		case st.alpha == 0:
			v = math.Abs(gj + st.lambda*wj)
		case wj > 0:
			v = math.Abs(gj + st.lambda)
		case wj < 0:
			v = math.Abs(gj - st.lambda)
		default:
			v = math.Max(math.Abs(gj)-st.lambda, 0)
		}
		if v > viol || math.IsNaN(v) {
			viol = v
		}
	}
	if set == nil {
		for j := 0; j < st.d; j++ {
			one(j)
		}
	} else {
		for _, j := range set {
			one(j)
		}
	}
	return viol
}

func (st *logState) model(pen Penalty, labels [2]float64, it int, conv bool, solver LogisticSolver, tol float64) *LogisticResult {
	st.refresh()
	st.gradient(nil)
	kkt := st.kkt(nil)
	return &LogisticResult{
		Coef: append([]float64(nil), st.w...), Intercept: st.origB(), Lambda: st.lambda, Penalty: pen, Labels: labels,
		Objective: st.lossAt(st.z) + st.penalty(st.w), Solver: solver,
		Convergence: featlab.Convergence{Iterations: it, Converged: conv, Gap: kkt, Tol: tol},
	}
}

// solveNewtonCD minimises the objective over the features in set (all when
// nil; the others stay at their current value, 0 on a path) by proximal
// Newton steps with coordinate descent on the quadratic model. It returns
// the number of Newton steps and whether KKT <= tol on set was reached.
func (st *logState) solveNewtonCD(set []int, tol float64, maxIter int) (int, bool) {
	if set == nil {
		set = make([]int, st.d)
		for j := range set {
			set[j] = j
		}
	}
	nt := &newtonStep{
		inv:  1 / float64(st.m),
		lam1: st.lambda * st.alpha, lam2: st.lambda * (1 - st.alpha),
		hjj: make([]float64, st.d), zt: make([]float64, st.m),
		active: make([]int, 0, len(set)),
	}
	st.refresh()
	fcur := math.NaN() // objective at the current point, once known
	for it := 0; it < maxIter; it++ {
		st.gradient(set)
		kkt := st.kkt(set)
		st.progress(kkt, tol, it, maxIter)
		if kkt <= tol {
			return it, true
		}
		if st.mon.stop() {
			return it, false
		}
		st.quadraticModel(set, nt)
		st.solveQuadratic(set, nt, math.Max(0.01*tol, 0.05*kkt))
		if math.IsNaN(fcur) {
			fcur = st.lossAt(st.z) + st.penalty(st.w)
		}
		descent := st.predictedDecrease(set, nt)
		if descent >= 0 {
			// no descent direction left at machine precision
			return it + 1, kkt <= tol
		}
		var ok bool
		if fcur, ok = st.lineSearch(set, nt, fcur, descent); !ok {
			st.refresh()
			st.gradient(set)
			return it + 1, st.kkt(set) <= tol
		}
		st.refresh() // recompute z from w, b: no drift from the q updates
	}
	st.gradient(set)
	return maxIter, st.kkt(set) <= tol
}

// newtonStep is the state of one proximal Newton step: the quadratic
// model's diagonal (hjj, hb), the candidate point (st.wn, bn) and
// q = [X 1] (candidate - current), in st.q.
type newtonStep struct {
	inv, lam1, lam2 float64
	hjj             []float64
	hb, bn          float64
	zt              []float64
	active          []int
}

// quadraticModel forms the quadratic model of the loss at the current
// point: weights v_i = p_i (1 - p_i), floored at 1e-5 as glmnet does so
// that a saturated example keeps a tiny curvature, the diagonal
// hjj = (1/m) sum_i v_i x_ij^2 over set and hb = mean(v); the candidate
// starts at the current point (q = 0).
func (st *logState) quadraticModel(set []int, nt *newtonStep) {
	v := st.v
	vb := 0.0
	for i, pi := range st.p {
		vi := pi * (1 - pi)
		if vi < 1e-5 {
			vi = 1e-5
		}
		v[i] = vi
		vb += vi
	}
	nt.hb = vb * nt.inv
	for _, j := range set {
		col := st.col(j)
		h := 0.0
		for i, x := range col {
			h += v[i] * x * x
		}
		nt.hjj[j] = h * nt.inv
		st.wn[j] = st.w[j]
	}
	for i := range st.q {
		st.q[i] = 0
	}
	nt.bn = st.b
}

// newtonPass is one coordinate-descent pass of the quadratic model over
// cs (then the intercept); it returns the largest gradient-scale change
// hjj |delta|.
func (st *logState) newtonPass(cs []int, nt *newtonStep) float64 {
	v, q, wn, inv, lam1, lam2 := st.v, st.q, st.wn, nt.inv, nt.lam1, nt.lam2
	big := 0.0
	for _, j := range cs {
		h := nt.hjj[j]
		if h == 0 {
			continue // a zero column: its coefficient stays 0
		}
		col := st.col(j)
		gq := 0.0
		for i, x := range col {
			gq += v[i] * x * q[i]
		}
		gq = st.g[j] + gq*inv
		cur := wn[j]
		c := h*cur - gq
		var nw float64
		if lam1 > 0 {
			switch {
			case c > lam1:
				nw = (c - lam1) / (h + lam2)
			case c < -lam1:
				nw = (c + lam1) / (h + lam2)
			}
		} else {
			nw = c / (h + lam2)
		}
		delta := nw - cur
		if delta == 0 {
			continue
		}
		wn[j] = nw
		for i, x := range col {
			q[i] += delta * x
		}
		big = math.Max(big, h*math.Abs(delta))
	}
	if st.intercept {
		gq := 0.0
		for i, vi := range v {
			gq += vi * q[i]
		}
		gq = st.gb + gq*inv
		delta := -gq / nt.hb
		nt.bn += delta
		for i := range q {
			q[i] += delta
		}
		big = math.Max(big, nt.hb*math.Abs(delta))
	}
	return big
}

// solveQuadratic minimises the quadratic model approximately: full passes
// over set, each followed by cheap passes over the active coordinates
// (activeCD), until a full pass changes less than innerTol. The inner
// work is capped (100 full passes); the line search keeps an inexact
// Newton step a descent step.
func (st *logState) solveQuadratic(set []int, nt *newtonStep, innerTol float64) {
	if nt.lam1 == 0 && len(set) <= directNewtonMax {
		if st.newtonDirect(set, nt) || st.mon.stop() {
			return // solved, or cancelled: the step stays zero
		}
	}
	for outer := 0; outer < 100; outer++ {
		// a pass is m |set| multiply-adds (30 ms at 10^5 x 300) and there
		// may be 100: look at the context before each
		if outer > 0 && st.mon.stop() {
			return
		}
		if st.newtonPass(set, nt) <= innerTol {
			break
		}
		nt.active = nt.active[:0]
		for _, j := range set {
			if st.wn[j] != 0 {
				nt.active = append(nt.active, j)
			}
		}
		st.activeCD(nt.active, nt.hjj, nt.hb, innerTol, nt.lam1, nt.lam2, &nt.bn)
	}
}

// predictedDecrease returns D = g.delta + R(w_new) - R(w) for the step to
// the candidate, the penalty difference summed per coordinate so that it
// stays accurate when D is far below the rounding error of the objective
// itself; it saves the current w in st.w0.
func (st *logState) predictedDecrease(set []int, nt *newtonStep) float64 {
	descent := st.gb * (nt.bn - st.b)
	for _, j := range set {
		a, c := st.w[j], st.wn[j]
		st.w0[j] = a
		descent += st.g[j]*(c-a) + nt.lam1*(math.Abs(c)-math.Abs(a)) + nt.lam2/2*(c-a)*(c+a)
	}
	return descent
}

// lineSearch moves to w + t (candidate - w) by backtracking on the true
// objective (Armijo rule with the l1 decrease of Tseng and Yun 2009) from
// f0 with predicted decrease descent < 0. It returns the new objective
// (NaN when not computed) and false, with w restored, when no step was
// accepted.
func (st *logState) lineSearch(set []int, nt *newtonStep, f0, descent float64) (float64, bool) {
	db := nt.bn - st.b
	if -descent <= 1e-13*math.Max(1, math.Abs(f0)) {
		// the predicted decrease is below the rounding error of the
		// objective: close to the minimiser, where the full Newton step
		// is safe and a comparison of f values is meaningless.
		for _, j := range set {
			st.w[j] = st.wn[j]
		}
		st.b = nt.bn
		return math.NaN(), true
	}
	t := 1.0
	for ls := 0; ls < 40; ls++ {
		for i := range nt.zt {
			nt.zt[i] = st.z[i] + t*st.q[i]
		}
		for _, j := range set {
			if t == 1 {
				st.w[j] = st.wn[j] // exact zeros stay exact
			} else {
				st.w[j] = st.w0[j] + t*(st.wn[j]-st.w0[j])
			}
		}
		fnew := st.lossAt(nt.zt) + st.penalty(st.w)
		if fnew <= f0+1e-4*t*descent {
			if t == 1 {
				st.b = nt.bn
			} else {
				st.b += t * db
			}
			return fnew, true
		}
		t /= 2
	}
	for _, j := range set {
		st.w[j] = st.w0[j]
	}
	return f0, false
}

// activeCD runs coordinate-descent passes of the Newton subproblem on the
// active features only, with covariance updates: the weighted Gram matrix
// G = X_A^T V X_A / m of the active columns is formed once (O(m |A|^2)),
// after which a pass costs O(|A|^2) instead of O(m |A|) — the win on
// correlated designs, where CD needs many passes. On return st.wn, *bn
// and q = [X 1](w_new - w) are updated.
func (st *logState) activeCD(active []int, hjj []float64, hb, innerTol, lam1, lam2 float64, bn *float64) {
	m := st.m
	na := len(active)
	if na == 0 && !st.intercept {
		return
	}
	inv := 1 / float64(m)
	v, q, wn := st.v, st.q, st.wn
	G, c, u, dA := st.activeGram(active, inv)
	if st.mon.stop() {
		return // cancelled while the Gram was built: no change
	}
	ub := 0.0
	if st.intercept {
		for i, vi := range v {
			ub += vi * q[i]
		}
		ub *= inv
	}
	dB := 0.0
	for pass := 0; pass < 1000; pass++ {
		big := 0.0
		for a, j := range active {
			h := hjj[j]
			if h == 0 {
				continue
			}
			gq := st.g[j] + u[a]
			cur := wn[j]
			cc := h*cur - gq
			var nw float64
			if lam1 > 0 {
				switch {
				case cc > lam1:
					nw = (cc - lam1) / (h + lam2)
				case cc < -lam1:
					nw = (cc + lam1) / (h + lam2)
				}
			} else {
				nw = cc / (h + lam2)
			}
			delta := nw - cur
			if delta == 0 {
				continue
			}
			wn[j] = nw
			dA[a] += delta
			row := G[a*na : (a+1)*na]
			for b, gab := range row {
				u[b] += gab * delta
			}
			ub += c[a] * delta
			big = math.Max(big, h*math.Abs(delta))
		}
		if st.intercept {
			delta := -(st.gb + ub) / hb
			*bn += delta
			dB += delta
			for b := range u {
				u[b] += c[b] * delta
			}
			ub += hb * delta
			big = math.Max(big, hb*math.Abs(delta))
		}
		if big <= innerTol {
			break
		}
	}
	st.applyActiveDelta(active, dA, dB)
}

// activeGram forms, for the active coordinates, the weighted Gram matrix
// G_ab = (1/m) sum_i v_i x_ia x_ib (four columns per sweep over v x_a),
// the intercept coupling c_a = (1/m) sum_i v_i x_ia and u_a = (1/m)
// sum_i v_i x_ia q_i, and zeroes dA (the change of each active
// coefficient).
func (st *logState) activeGram(active []int, inv float64) (G, c, u, dA []float64) {
	m, na := st.m, len(active)
	v, q := st.v, st.q
	if cap(st.gram) < na*na {
		st.gram = make([]float64, na*na)
	}
	G = st.gram[:na*na]
	c = growFloats(&st.cvec, na)  // c_a = (1/m) sum_i v_i x_ia (intercept coupling)
	u = growFloats(&st.uvec, na)  // u_a = (1/m) sum_i v_i x_ia q_i
	dA = growFloats(&st.dvec, na) // change of each active coefficient in this call
	vx := growFloats(&st.vx, m)
	for a, j := range active {
		// one row of G is m (na - a) multiply-adds: at 10^5 x 300 the whole
		// matrix takes seconds, so the context is looked at every 16 rows
		// (callers check st.mon.stop() and discard a partial G)
		if a%16 == 15 && st.mon.stop() {
			break
		}
		colj := st.col(j)
		cs, us := 0.0, 0.0
		for i, x := range colj {
			t := v[i] * x
			vx[i] = t
			cs += t
			us += t * q[i]
		}
		c[a], u[a], dA[a] = cs*inv, us*inv, 0
		// G[a][b] for b >= a, four columns per sweep over vx
		b := a
		for ; b+3 < na; b += 4 {
			c0 := st.col(active[b])
			c1 := st.col(active[b+1])
			c2 := st.col(active[b+2])
			c3 := st.col(active[b+3])
			var s0, s1, s2, s3 float64
			for i, t := range vx[:m] {
				s0 += t * c0[i]
				s1 += t * c1[i]
				s2 += t * c2[i]
				s3 += t * c3[i]
			}
			G[a*na+b], G[b*na+a] = s0*inv, s0*inv
			G[a*na+b+1], G[(b+1)*na+a] = s1*inv, s1*inv
			G[a*na+b+2], G[(b+2)*na+a] = s2*inv, s2*inv
			G[a*na+b+3], G[(b+3)*na+a] = s3*inv, s3*inv
		}
		for ; b < na; b++ {
			colk := st.col(active[b])
			sum := 0.0
			for i, t := range vx[:m] {
				sum += t * colk[i]
			}
			G[a*na+b], G[b*na+a] = sum*inv, sum*inv
		}
	}
	return G, c, u, dA
}

// applyActiveDelta brings q = [X 1] delta up to date after activeCD
// changed the active coefficients by dA and the intercept by dB.
func (st *logState) applyActiveDelta(active []int, dA []float64, dB float64) {
	q := st.q
	for a, j := range active {
		if dA[a] == 0 {
			continue
		}
		col := st.col(j)
		da := dA[a]
		for i, x := range col {
			q[i] += da * x
		}
	}
	if dB != 0 {
		for i := range q {
			q[i] += dB
		}
	}
}

func growFloats(buf *[]float64, n int) []float64 {
	if cap(*buf) < n {
		*buf = make([]float64, n)
	}
	return (*buf)[:n]
}

// solveFISTA minimises the objective over all features by FISTA with
// adaptive restart (prox.Minimize on x = (w, b), z = Xc w + b). It returns
// the iterations and whether KKT <= tol.
func (st *logState) solveFISTA(tol float64, maxIter int) (int, bool) {
	m, d := st.m, st.d
	L := st.spectral() / 4
	if st.mon.stop() {
		return 0, false // cancelled during the power iteration
	}
	if L == 0 {
		L = 1
	}
	lam1, lam2 := st.lambda*st.alpha, st.lambda*(1-st.alpha)
	n := d
	if st.intercept {
		n++
	}
	x := make([]float64, n)
	copy(x, st.w)
	if st.intercept {
		x[d] = st.b
	}
	// load copies x into the state and sets p = sigma(z), g and gb.
	load := func(x, z []float64) {
		copy(st.w, x[:d])
		if st.intercept {
			st.b = x[d]
		}
		copy(st.z, z)
		for i, t := range z {
			st.p[i] = logSigmoid(t)
		}
		st.gradient(nil)
	}
	pr := prox.Problem{N: n, M: m,
		Apply: func(z, x []float64) {
			b := 0.0
			if st.intercept {
				b = x[d]
			}
			for i := range z {
				z[i] = b
			}
			for j, wj := range x[:d] {
				if wj != 0 {
					floats.AddScaled(z, wj, st.col(j))
				}
			}
		},
		Grad: func(g, x, z []float64) {
			load(x, z)
			copy(g, st.g)
			if st.intercept {
				g[d] = st.gb
			}
		},
		Prox: func(x []float64, L float64) {
			step := 1 / L
			for j, u := range x[:d] {
				x[j] = SoftThreshold(u, step*lam1) / (1 + step*lam2)
			}
		},
		Done: func(x, z, g []float64) (float64, bool) {
			load(x, z)
			k := st.kkt(nil)
			return k, k <= tol
		},
	}
	out := prox.Minimize(pr, x, prox.Options{L: L, MaxIter: maxIter, Accelerate: true, Restart: true, CheckEvery: 10,
		Stop:     st.mon.stop,
		Progress: func(it int, kkt float64) { st.progress(kkt, tol, it, maxIter) }})
	copy(st.w, x[:d])
	if st.intercept {
		st.b = x[d]
	}
	return out.Iter, out.Converged
}

// spectral returns an upper estimate of the largest eigenvalue of
// A^T A / m, A = [Xc 1] (the column of ones only with an intercept): power
// iteration to a relative change of 1e-10, times 1.01 as a margin for the
// remaining underestimate. Each pass (one sweep over X) first checks the
// monitor: stopped (a cancelled context), it returns 0 at once.
func (st *logState) spectral() float64 {
	m, d := st.m, st.d
	n := d
	if st.intercept {
		n++
	}
	u := make([]float64, m)
	lam := design.PowerIteration(n, func(dst, v []float64) {
		if st.mon.stop() {
			clear(dst) // a zero image ends the iteration, which returns 0
			return
		}
		for i := range u {
			u[i] = 0
		}
		if st.intercept {
			for i := range u {
				u[i] = v[d]
			}
		}
		for j := 0; j < d; j++ {
			if v[j] != 0 {
				floats.AddScaled(u, v[j], st.col(j))
			}
		}
		for j := 0; j < d; j++ {
			dst[j] = floats.Dot(st.col(j), u)
		}
		if st.intercept {
			dst[d] = floats.Sum(u)
		}
	}, 1e-10, 1000)
	return 1.01 * lam / float64(m)
}

// LogisticPathConfig holds the parameters of LogisticPath. The zero value
// gives an l1 path of 100 lambdas from lambda_max down to 1e-3 lambda_max
// without intercept.
type LogisticPathConfig struct {
	// Penalty is L1Penalty (default) or L2Penalty.
	Penalty Penalty
	// Intercept fits an unpenalised intercept (default false).
	Intercept bool
	// Lambdas, when non-nil, is the grid used (copied and sorted in
	// decreasing order; all >= 0). Otherwise a geometric grid of NLambdas
	// values from lambda_max (LogisticLambdaMax) down to Eps lambda_max.
	Lambdas []float64
	// NLambdas is the number of grid points (default 100).
	NLambdas int
	// Eps is lambda_min / lambda_max of the default grid, in (0, 1)
	// (default 1e-3).
	Eps float64
	// Tol and MaxIter are as in LogisticConfig (defaults 1e-7 and 1000
	// Newton steps per lambda).
	Tol     float64
	MaxIter int
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, if non-nil, is called after each lambda with (k+1, n). A
	// panic in it stops the path with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// LogisticPathResult holds a regularisation path of logistic regression:
// the shared Path record (LambdaMax = ||X^T (y01 - p0)||_inf / m, see
// LogisticLambdaMax; Fits[k].Iterations are Newton steps, Fits[k].Gap the
// KKT measure of fit k over all features, see LogisticResult) and what is
// particular to logistic regression.
type LogisticPathResult struct {
	Path
	// Objectives[k] is the objective value of fit k.
	Objectives []float64
	// Penalty and Labels are those of the fits.
	Penalty Penalty
	Labels  [2]float64
}

// LogisticPath fits Logistic along a decreasing grid of lambdas with warm
// starts. For the l1 penalty it uses sequential strong rules (Tibshirani et
// al. 2012): at lambda_k a feature enters the working set only if it is
// already nonzero or |g_j(lambda_{k-1})| >= 2 lambda_k - lambda_{k-1};
// after the working-set fit every discarded feature is checked against
// its KKT condition |g_j| <= lambda_k and violators are added and the fit
// repeated, so that no feature is wrongly left out. The l2 path fits all
// features at every lambda. Objective, labels and scaling as in Logistic.
func LogisticPath(X mat.Matrix, y []float64, cfg LogisticPathConfig) (*LogisticPathResult, error) {
	return LogisticPathContext(context.Background(), X, y, cfg)
}

// LogisticPathContext is LogisticPath with a context: once ctx is done the
// path stops and the fits completed so far are returned with an error
// wrapping ctx.Err().
func LogisticPathContext(ctx context.Context, X mat.Matrix, y []float64, cfg LogisticPathConfig) (*LogisticPathResult, error) {
	if !featlab.IsNil(X) && cfg.Penalty == L1Penalty {
		// X far outside the ordinary range (at 1e-150 its squares
		// underflow) is multiplied by an exact power of two c: the l1 path
		// on c X at lambdas c lambda has the same objectives with
		// coefficients w / c, so it is solved there and mapped back
		// exactly (issue 20, as LassoPath). (An l2 path would need c^2
		// lambda, and its default grid, from the gradient, scales as c.)
		if Xs, c := matx.Prescale(X); c != 1 {
			cl := c
			cs := cfg
			if cfg.Lambdas != nil {
				cs.Lambdas = make([]float64, len(cfg.Lambdas))
				for k, l := range cfg.Lambdas {
					cs.Lambdas[k] = l * cl
					if math.IsInf(cs.Lambdas[k], 0) {
						return nil, featlab.Errorf(featlab.ErrNotFinite, "linear: logistic path: Lambdas[%d] = %v overflows on X of scale %g", k, l, 1/c)
					}
				}
			}
			p, err := LogisticPathContext(ctx, Xs, y, cs)
			if p != nil {
				if uerr := p.Path.unscale(c, cl); uerr != nil {
					return nil, uerr
				}
			}
			return p, err
		}
	}
	ds, s, y01, labels, err := logDesign(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	d := ds.D
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	if err := cfg.Penalty.check(); err != nil {
		return nil, err
	}
	if err := checkTolIter(cfg.Tol, cfg.MaxIter); err != nil {
		return nil, err
	}
	if cfg.NLambdas < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "NLambdas = %d must be >= 0", cfg.NLambdas)
	}
	// The grid alone holds NLambdas values (and the path d per lambda):
	// refuse one that cannot be stored before it is allocated.
	if err := featlab.CheckCells("linear: lambda grid", "NLambdas", cfg.NLambdas, 1, 0); err != nil {
		return nil, err
	}
	if cfg.Eps != 0 && !(cfg.Eps > 0 && cfg.Eps < 1) {
		return nil, featlab.Errorf(featlab.ErrParam, "Eps = %v must be in (0, 1)", cfg.Eps)
	}
	for k, l := range cfg.Lambdas {
		if err := checkLambda("lambda", l); err != nil {
			return nil, featlab.Errorf(featlab.ErrParam, "Lambdas[%d] = %v must be finite and >= 0", k, l)
		}
	}
	if cfg.Lambdas != nil && len(cfg.Lambdas) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "Lambdas is empty")
	}
	lc := LogisticConfig{Tol: cfg.Tol, MaxIter: cfg.MaxIter}
	tol, maxIter := lc.defaults()
	st, err := newLogState(ctx, ds, s, y01, cfg.Intercept, cfg.Penalty.share())
	if err != nil {
		return nil, err
	}
	st.b = st.nullIntercept()
	st.refresh()
	st.gradient(nil)
	lmax := supNorm(st.g)

	lambdas := append([]float64(nil), cfg.Lambdas...)
	if cfg.Lambdas == nil {
		n, eps := cfg.NLambdas, cfg.Eps
		if n == 0 {
			n = 100
		}
		if eps == 0 {
			eps = 1e-3
		}
		lambdas = geomGrid(lmax, n, eps) // the lasso path's grid (path.go)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(lambdas)))
	n := len(lambdas)
	res := &LogisticPathResult{
		Path:       newPath(d, lambdas, lmax, tol, cfg.Names, fmt.Sprintf("%s logistic path", cfg.Penalty)),
		Objectives: make([]float64, n), Penalty: cfg.Penalty, Labels: labels,
	}
	mon := newMonitor(ctx, cfg.Progress, "logistic path")
	st.mon = mon
	prevLam := lmax
	inSet := make([]bool, d)
	var set []int
	done := drivePath(&res.Path, mon, func(k int, lam float64) ([]float64, float64, featlab.Convergence) {
		st.lambda = lam
		var iters int
		var conv bool
		if st.alpha == 1 {
			set = st.strongSet(set, inSet, 2*lam-prevLam)
			iters, conv, set = st.solveWorkingSet(set, inSet, tol, maxIter)
		} else {
			iters, conv = st.solveNewtonCD(nil, tol, maxIter)
			st.gradient(nil)
		}
		kkt := st.kkt(nil)
		res.Objectives[k] = st.lossAt(st.z) + st.penalty(st.w)
		prevLam = lam
		return st.w, st.origB(), featlab.Convergence{Iterations: iters, Converged: conv && kkt <= tol, Gap: kkt, Tol: tol}
	})
	res.Objectives = res.Objectives[:done]
	if mon.err != nil {
		return res, mon.err
	}
	return res, nil
}

// strongSet returns the working set of the sequential strong rule at
// threshold thr, from the gradient at the previous solution (st.g holds
// the full gradient there): the non-zero features and those with
// |g_j| >= thr. inSet marks its members.
func (st *logState) strongSet(set []int, inSet []bool, thr float64) []int {
	set = set[:0]
	for j := 0; j < st.d; j++ {
		inSet[j] = st.w[j] != 0 || math.Abs(st.g[j]) >= thr
		if inSet[j] {
			set = append(set, j)
		}
	}
	return set
}

// solveWorkingSet fits over set, then checks every discarded feature
// against its KKT condition |g_j| <= lambda, adds violators and fits
// again, until none is left (or maxIter Newton steps in all).
func (st *logState) solveWorkingSet(set []int, inSet []bool, tol float64, maxIter int) (iters int, conv bool, _ []int) {
	for {
		it, c := st.solveNewtonCD(set, tol, maxIter-min(iters, maxIter-1))
		iters += it
		conv = c
		st.gradient(nil)
		added := false
		for j := 0; j < st.d; j++ {
			if !inSet[j] && math.Abs(st.g[j]) > st.lambda {
				inSet[j] = true
				set = append(set, j)
				added = true
			}
		}
		if !added || iters >= maxIter || st.mon.stop() {
			return iters, conv, set
		}
		sort.Ints(set)
	}
}

// Model returns the fit at Lambdas[k] as a LogisticResult. An index
// outside [0, len(Lambdas)) is a programmer error: Model panics with a
// message naming it.
func (r *LogisticPathResult) Model(k int) *LogisticResult {
	r.checkIndex("LogisticPathResult.Model", k)
	return &LogisticResult{
		Coef: r.Coef(k), Intercept: r.Intercepts[k], Lambda: r.Lambdas[k], Penalty: r.Penalty,
		Labels: r.Labels, Objective: r.Objectives[k], Convergence: r.Fits[k], names: r.names,
	}
}

// Accuracy returns, for each lambda of the path, the fraction of rows of
// X whose class the model predicts correctly; y is coded as at fit time.
func (r *LogisticPathResult) Accuracy(X mat.Matrix, y []float64) ([]float64, error) {
	m, _, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	acc := make([]float64, len(r.Lambdas))
	for k := range r.Lambdas {
		pred, err := r.Model(k).Predict(X)
		if err != nil {
			return nil, err
		}
		ok := 0
		for i, v := range pred {
			if v == y[i] {
				ok++
			}
		}
		acc[k] = float64(ok) / float64(m)
	}
	return acc, nil
}
