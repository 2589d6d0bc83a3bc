package linear

import (
	"context"
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"gonum.org/v1/gonum/mat"
)

// SVMSolver selects the algorithm of SparseSVM.
type SVMSolver int

const (
	// SVMInteriorPoint solves the dual linear program by a primal-dual
	// interior-point method (Mehrotra's predictor-corrector). Its normal
	// equations have size 2d+1, formed in O(m d^2) per iteration; it needs
	// some 20-40 iterations whatever the conditioning. The default.
	SVMInteriorPoint SVMSolver = iota
	// SVMPrimalDual is the restarted primal-dual hybrid gradient method
	// (Chambolle-Pock with PDLP's restarts): two products with X per
	// iteration and no factorisation, for d too large to factor a 2d x 2d
	// matrix; it may need 10^4-10^5 iterations on ill-conditioned data.
	SVMPrimalDual
)

// String returns the solver's name.
func (s SVMSolver) String() string {
	switch s {
	case SVMInteriorPoint:
		return "interior-point"
	case SVMPrimalDual:
		return "primal-dual"
	}
	return fmt.Sprintf("SVMSolver(%d)", int(s))
}

// SparseSVMConfig holds the parameters of SparseSVM. Lambda must be set;
// the zero value of every other field is the default. SparseSVMConfig is
// a featlab.Learner.
type SparseSVMConfig struct {
	// Lambda > 0 weights the l1 penalty (see SparseSVM). There is no
	// default: lambda = 0 leaves the hinge loss alone, whose minimisers
	// are not sparse and not unique, and is an error. Lambda is per
	// average loss; C is the alternative on the sum of the losses.
	Lambda float64
	// C weights the sum of the hinge losses instead: minimise
	// ||w||_1 + C sum_i max(0, 1 - s_i (w.x_i + b)), which is SparseSVM's
	// objective with lambda = 1/(C m) for the m rows of the fit, so that
	// one C means the same model in folds of different sizes. C > 0
	// replaces Lambda (setting both is an error wrapping
	// featlab.ErrParam); 0 (default): use Lambda. The result's Lambda is
	// the lambda actually used.
	C float64
	// Intercept fits an unpenalised intercept b. Default false: b = 0, the
	// form of the Aalto lecture.
	Intercept bool
	// Solver is SVMInteriorPoint (default) or SVMPrimalDual.
	Solver SVMSolver
	// Tol is the relative duality gap at which the solver stops:
	// Gap <= Tol * Objective. Default 1e-9.
	Tol float64
	// MaxIter caps the iterations: default 200 for SVMInteriorPoint,
	// 200000 for SVMPrimalDual (two products with X each).
	MaxIter int
	// NoPolish skips the final exact vertex solve (see SparseSVM); for
	// checking the iterative solver alone.
	NoPolish bool
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, receives (done, 1000) as the fit advances
	// (the share of the way, on a log scale, from the first relative
	// duality gap to Tol, or of MaxIter if larger). A panic in it stops
	// the fit with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// SparseSVMResult is a fitted l1-regularised hinge-loss SVM. It
// implements featlab.Predictor (Predict returns class labels). Its
// convergence record: Iterations of the solver (interior-point steps or
// primal-dual iterations); Gap = Objective - Dual >= 0, which bounds the
// suboptimality; Converged: Gap <= Tol * Objective.
type SparseSVMResult struct {
	featlab.Convergence
	Coef      []float64  // coefficients w, one per feature
	Intercept float64    // intercept b (0 unless fitted)
	Lambda    float64    // the penalty weight it was fitted with
	Labels    [2]float64 // the negative and the positive class label, in the caller's coding
	// Objective is the primal objective at (Coef, Intercept).
	Objective float64
	// Dual is the value of the dual LP at Alpha, a lower bound on the
	// minimum.
	Dual float64
	// Alpha holds the dual variables alpha_i in [0, 1], one per example:
	// 1 for examples inside the margin or misclassified, 0 for examples
	// beyond it, in between on the margin (the support vectors). At the
	// optimum (1/m) sum_i alpha_i s_i x_ij = lambda sign(w_j) where w_j != 0
	// and lies in [-lambda, lambda] where w_j = 0.
	Alpha  []float64
	Solver SVMSolver
	// Polished reports that the exact vertex solve succeeded for both the
	// primal and the dual point and was kept (Gap is then at rounding
	// level). At a degenerate vertex the primal point may be polished
	// alone; Polished is then false and Gap that of the solver's dual.
	Polished bool

	names []string
}

// SparseSVM fits the sparse (l1-regularised) support vector machine of the
// Aalto lecture (Rousu, "Sparse learning problems"),
//
//	minimise over w, b   (1/m) sum_i max(0, 1 - s_i (w.x_i + b)) + lambda ||w||_1,
//
// with s_i in {-1, +1} the labels ({0, 1} is accepted and read as
// {-1, +1}, as in Logistic) and the intercept b unpenalised (only with
// cfg.Intercept). This is a linear program. Its dual is
//
//	maximise (1/m) sum_i alpha_i  s.t.  0 <= alpha_i <= 1,
//	         ||(1/m) sum_i alpha_i s_i x_i||_inf <= lambda,
//	         sum_i alpha_i s_i = 0 (with an intercept).
//
// Solvers (SVMSolver): an interior-point method on the dual LP (default),
// or the primal-dual hybrid gradient method of Chambolle and Pock (2011)
// on the saddle-point form, with adaptive restarts to the averaged iterate
// and primal-weight updates as in PDLP (Applegate et al. 2021). Either
// way, the gap is measured at a dual-feasible point made from the iterate
// (the two classes' alpha sums equalised, then alpha scaled into the
// l_inf ball), so Gap is a true bound. Once the gap is small the solution
// is polished: the support S = {j : w_j != 0} and the margin set
// M = {i : s_i (w.x_i + b) = 1} are read off, w_S and b solved from the
// margin equations and alpha_M from the stationarity equations, and the
// vertex kept if it is primal-dual feasible with a smaller gap. The result
// is then exact to rounding.
//
// Scaling: lambda is per average loss; SparseSVMConfig.C, the weight of
// the sum of the losses (||w||_1 + C sum_i hinge_i), gives
// lambda = 1/(C m) for the m rows of each fit.
//
// Mapping to other software: scikit-learn's LinearSVC(penalty='l1') uses
// the squared hinge loss (and penalises the intercept), so it solves a
// different problem; the tests compare with a generic LP solver instead
// (HiGHS through scipy.optimize.linprog, and gonum's simplex).
func SparseSVM(X mat.Matrix, y []float64, cfg SparseSVMConfig) (*SparseSVMResult, error) {
	return SparseSVMContext(context.Background(), X, y, cfg)
}

// SparseSVMContext is SparseSVM with a context: once ctx is done the
// solver stops and returns its best point so far (unpolished) with an
// error wrapping ctx.Err().
func SparseSVMContext(ctx context.Context, X mat.Matrix, y []float64, cfg SparseSVMConfig) (*SparseSVMResult, error) {
	_, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	if err := checkLambda("lambda", cfg.Lambda); err != nil {
		return nil, err
	}
	if err := checkC("sparse SVM", cfg.Lambda, cfg.C); err != nil {
		return nil, err
	}
	if cfg.Lambda, err = lambdaOfC("sparse SVM", cfg.Lambda, cfg.C, len(y)); err != nil {
		return nil, err
	}
	if cfg.Lambda == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sparse SVM lambda = 0: the l1 penalty weight must be > 0")
	}
	if err := checkTolIter(cfg.Tol, cfg.MaxIter); err != nil {
		return nil, err
	}
	s, _, labels, err := binaryLabels(y)
	if err != nil {
		return nil, err
	}
	if cfg.Solver != SVMInteriorPoint && cfg.Solver != SVMPrimalDual {
		return nil, featlab.Errorf(featlab.ErrParam, "unknown SVM solver %d", int(cfg.Solver))
	}
	tol, maxIter := cfg.Tol, cfg.MaxIter
	if tol == 0 {
		tol = 1e-9
	}
	if maxIter == 0 {
		maxIter = 200
		if cfg.Solver == SVMPrimalDual {
			maxIter = 200000
		}
	}
	ds, err := design.New(X, s, false)
	if err != nil {
		return nil, err
	}
	sv := newSVMState(ds, s, cfg.Lambda, cfg.Intercept)
	sv.mon = newMonitor(ctx, cfg.Progress, "sparse SVM")
	if cfg.Solver == SVMPrimalDual {
		sv.solve(tol, maxIter, !cfg.NoPolish)
	} else {
		sv.solveIPM(tol, maxIter)
	}
	polished := false
	if !cfg.NoPolish && sv.mon.err == nil {
		polished = sv.polish() || sv.polished
	}
	res := &SparseSVMResult{
		Coef: append([]float64(nil), sv.w...), Intercept: sv.b, Lambda: cfg.Lambda, Labels: labels,
		Objective: sv.primal, Dual: sv.dual, Alpha: append([]float64(nil), sv.alpha...),
		Solver: cfg.Solver, Polished: polished, names: cfg.Names,
		Convergence: featlab.Convergence{Iterations: sv.iter, Converged: sv.gap <= tol*sv.primal || sv.gap <= 1e-15, Gap: math.Max(sv.gap, 0), Tol: tol},
	}
	if err := sv.mon.finish(); err != nil {
		return res, err
	}
	return res, nil
}

// Fit makes SparseSVMConfig a featlab.Learner: the predictor is the
// fitted *SparseSVMResult.
func (cfg SparseSVMConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return SparseSVM(X, y, cfg)
}

// Decision returns the scores w.x_i + b, one per row of X.
func (sm *SparseSVMResult) Decision(X mat.Matrix) ([]float64, error) {
	return (&Model{Coef: sm.Coef, Intercept: sm.Intercept}).Predict(X)
}

// Predict returns the predicted class of each row of X in the labels'
// coding: the positive label where w.x + b >= 0.
func (sm *SparseSVMResult) Predict(X mat.Matrix) ([]float64, error) {
	z, err := sm.Decision(X)
	if err != nil {
		return nil, err
	}
	for i, v := range z {
		if v >= 0 {
			z[i] = sm.Labels[1]
		} else {
			z[i] = sm.Labels[0]
		}
	}
	return z, nil
}

// Support returns the indices of the nonzero coefficients.
func (sm *SparseSVMResult) Support() []int { return support(sm.Coef) }

// Selection returns the features with nonzero coefficients as a
// featlab.Selection (names from the config's Names), scored and ranked by
// |w_j|.
func (sm *SparseSVMResult) Selection() *featlab.Selection {
	return weightSelection(fmt.Sprintf("l1 hinge-loss SVM, lambda %s", featlab.FormatFloat(sm.Lambda)), sm.Coef, sm.names)
}

// svmState is the working state of the sparse SVM solver. The operator is
// A = diag(s) [X 1]: (A x)_i = s_i (w.x_i + b).
type svmState struct {
	x         []float64 // X row-major, m x d
	m, d      int
	s         []float64
	lambda    float64
	intercept bool

	w     []float64
	b     float64
	alpha []float64

	primal, dual, gap float64
	iter              int
	polished          bool // a polish during solve succeeded

	mon  *monitor
	gap0 float64 // first relative gap, for progress

	// scratch
	az, atw []float64
}

// newSVMState makes the solver state on the design core's raw view of X
// (ds = design.New(X, s, false): the SVM's intercept is explicit, X is not
// centred), read in place unless it is a view into a wider matrix.
func newSVMState(ds *design.Design, s []float64, lambda float64, intercept bool) *svmState {
	m, d := ds.M, ds.D
	x := ds.X
	if ds.Stride != d { // a view into a wider matrix: compact copy
		x = make([]float64, m*d)
		for i := 0; i < m; i++ {
			copy(x[i*d:(i+1)*d], ds.Row(i))
		}
	}
	return &svmState{
		x: x, m: m, d: d, s: s, lambda: lambda, intercept: intercept,
		w: make([]float64, d), alpha: make([]float64, m),
		az: make([]float64, m), atw: make([]float64, d),
	}
}

// progress reports the fit's progress from the relative duality gap.
func (sv *svmState) progress(tol float64, it, maxIter int) {
	g := sv.gap / math.Max(sv.primal, 1e-300)
	if sv.gap0 == 0 {
		sv.gap0 = g
	}
	sv.mon.fitProgress(sv.gap0, g, tol, it, maxIter)
}

// margins fills dst_i = s_i (w.x_i + b).
func (sv *svmState) margins(dst, w []float64, b float64) {
	d := sv.d
	for i := range dst {
		row := sv.x[i*d : (i+1)*d]
		z := b
		for j, v := range row {
			z += v * w[j]
		}
		dst[i] = sv.s[i] * z
	}
}

// corr fills dst_j = (1/m) sum_i alpha_i s_i x_ij and returns
// (1/m) sum_i alpha_i s_i.
func (sv *svmState) corr(dst, alpha []float64) float64 {
	d := sv.d
	for j := range dst {
		dst[j] = 0
	}
	sb := 0.0
	for i, a := range alpha {
		if a == 0 {
			continue
		}
		c := a * sv.s[i]
		sb += c
		row := sv.x[i*d : (i+1)*d]
		for j, v := range row {
			dst[j] += c * v
		}
	}
	inv := 1 / float64(sv.m)
	for j := range dst {
		dst[j] *= inv
	}
	return sb * inv
}

// primalAt returns (1/m) sum hinge + lambda ||w||_1.
func (sv *svmState) primalAt(w []float64, b float64) float64 {
	sv.margins(sv.az, w, b)
	h := 0.0
	for _, z := range sv.az {
		if z < 1 {
			h += 1 - z
		}
	}
	l1 := 0.0
	for _, v := range w {
		l1 += math.Abs(v)
	}
	return h/float64(sv.m) + sv.lambda*l1
}

// dualAt makes alpha dual feasible (into dst) and returns its dual value.
func (sv *svmState) dualAt(dst, alpha []float64) float64 {
	for i, a := range alpha {
		dst[i] = math.Min(1, math.Max(0, a))
	}
	if sv.intercept {
		sp, sn := 0.0, 0.0
		for i, a := range dst {
			if sv.s[i] > 0 {
				sp += a
			} else {
				sn += a
			}
		}
		switch {
		case sp > sn && sp > 0:
			r := sn / sp
			for i := range dst {
				if sv.s[i] > 0 {
					dst[i] *= r
				}
			}
		case sn > sp && sn > 0:
			r := sp / sn
			for i := range dst {
				if sv.s[i] < 0 {
					dst[i] *= r
				}
			}
		}
	}
	sv.corr(sv.atw, dst)
	c := supNorm(sv.atw)
	if c > sv.lambda {
		r := sv.lambda / c
		for i := range dst {
			dst[i] *= r
		}
	}
	sum := 0.0
	for _, a := range dst {
		sum += a
	}
	return sum / float64(sv.m)
}

// evaluate computes primal, dual and gap at (w, b, alpha); alphaFeas
// receives the repaired dual point.
func (sv *svmState) evaluate(w []float64, b float64, alpha, alphaFeas []float64) (p, dv float64) {
	p = sv.primalAt(w, b)
	dv = sv.dualAt(alphaFeas, alpha)
	return p, dv
}

// solve runs restarted PDHG on the saddle-point form
//
//	min_x max_{alpha in [0,1]^m}  lambda ||w||_1 + (1/m) alpha^T (1 - A x),
//
// A = diag(s)[X 1], whose coupling operator is K = -A/m, with the
// diagonal step sizes of Pock and Chambolle (2011, alpha = 1):
//
//	x+     = soft(x + T A^T alpha / m, T lambda)   (b: no threshold)
//	alpha+ = clip(alpha + S (1 - A (2 x+ - x)) / m, 0, 1)
//
// T_j = m / (omega sum_i |A_ij|), S_i = m omega / sum_j |A_ij|, which
// guarantees convergence for any primal weight omega > 0. With polish set,
// every check with a relative gap below 1e-3 also tries the exact vertex
// solve, and stops as soon as that closes the gap.
func (sv *svmState) solve(tol float64, maxIter int, polish bool) {
	p := newPDHG(sv)
	sv.gap = math.Inf(1)
	done := func() bool { return sv.gap <= tol*sv.primal || sv.gap <= 1e-15 }
	var it int
	for it = 1; it <= maxIter; it++ {
		if it%64 != 1 && sv.mon.stop() {
			// every iteration (two passes over X: 64 of them took
			// seconds at 20000 x 300 on a loaded machine); the check
			// below looks at the others
			break
		}
		p.iterate()
		if it%64 != 0 && it != maxIter {
			continue
		}
		gCur := p.consider(p.x, p.al)
		p.average()
		gAvg := p.consider(p.xa, p.aa)
		sv.progress(tol, it, maxIter)
		if done() || sv.mon.stop() {
			break
		}
		if polish && sv.gap <= 1e-3*sv.primal {
			if sv.polish() && done() {
				break
			}
		}
		p.maybeRestart(gCur, gAvg, it)
	}
	if it > maxIter {
		it = maxIter
	}
	sv.iter = it
}

// pdhg is the state of solve's restarted primal-dual hybrid gradient: the
// iterate (x = (w, b), al = alpha), the diagonal step sizes T and S (without
// the primal weight omega), the running sums for the averaged iterate and
// the restart bookkeeping.
type pdhg struct {
	sv                 *svmState
	n                  int
	T, S               []float64
	omega              float64 // primal weight
	x, xn, xbar, x0    []float64
	al, ax, atal, a0   []float64
	xs, as, xa, aa     []float64
	navg, sinceRestart int
	lastRestart, prev  float64 // gap at the last restart, previous candidate gap
	feas, candW        []float64
}

// newPDHG sets the Pock-Chambolle diagonal preconditioners T_j = 0.99 m /
// sum_i |A_ij| and S_i = 0.99 / sum_j |A_ij| (S already divided by m) and
// the zero starting point.
func newPDHG(sv *svmState) *pdhg {
	m, d := sv.m, sv.d
	n := d
	if sv.intercept {
		n++
	}
	colAbs := make([]float64, n)
	rowAbs := make([]float64, m)
	for i := 0; i < m; i++ {
		row := sv.x[i*d : (i+1)*d]
		r := 0.0
		for j, v := range row {
			a := math.Abs(v)
			r += a
			colAbs[j] += a
		}
		if sv.intercept {
			r++
			colAbs[d]++
		}
		rowAbs[i] = r
	}
	p := &pdhg{sv: sv, n: n, omega: 1, lastRestart: math.Inf(1), prev: math.Inf(1),
		T: make([]float64, n), S: make([]float64, m), feas: make([]float64, m), candW: make([]float64, d)}
	for j, c := range colAbs {
		if c > 0 {
			p.T[j] = 0.99 * float64(m) / c
		}
	}
	for i, r := range rowAbs {
		if r > 0 {
			p.S[i] = 0.99 / r
		}
	}
	for _, v := range []*[]float64{&p.x, &p.xn, &p.xbar, &p.x0, &p.atal, &p.xs, &p.xa} {
		*v = make([]float64, n)
	}
	for _, v := range []*[]float64{&p.al, &p.ax, &p.a0, &p.as, &p.aa} {
		*v = make([]float64, m)
	}
	return p
}

// applyA sets dst = A v.
func (p *pdhg) applyA(dst, v []float64) {
	d := p.sv.d
	b := 0.0
	if p.sv.intercept {
		b = v[d]
	}
	p.sv.margins(dst, v[:d], b)
}

// applyAT sets dst = A^T a / m.
func (p *pdhg) applyAT(dst, a []float64) {
	d := p.sv.d
	sb := p.sv.corr(dst[:d], a)
	if p.sv.intercept {
		dst[d] = sb
	}
}

// iterate makes one PDHG step (see solve) and adds the iterate to the
// running sums.
func (p *pdhg) iterate() {
	sv, d := p.sv, p.sv.d
	x, xn, al := p.x, p.xn, p.al
	p.applyAT(p.atal, al)
	for j := 0; j < d; j++ {
		tj := p.T[j] / p.omega
		u := x[j] + tj*p.atal[j]
		thr := tj * sv.lambda
		switch {
		case u > thr:
			xn[j] = u - thr
		case u < -thr:
			xn[j] = u + thr
		default:
			xn[j] = 0
		}
	}
	if sv.intercept {
		xn[d] = x[d] + p.T[d]/p.omega*p.atal[d]
	}
	for j := range p.xbar {
		p.xbar[j] = 2*xn[j] - x[j]
	}
	p.applyA(p.ax, p.xbar)
	for i := range al {
		al[i] = math.Min(1, math.Max(0, al[i]+p.S[i]*p.omega*(1-p.ax[i])))
	}
	copy(x, xn)
	for j := range p.xs {
		p.xs[j] += x[j]
	}
	for i := range p.as {
		p.as[i] += al[i]
	}
	p.navg++
	p.sinceRestart++
}

// average sets (xa, aa) to the average of the iterates since the last
// restart.
func (p *pdhg) average() {
	for j := range p.xa {
		p.xa[j] = p.xs[j] / float64(p.navg)
	}
	for i := range p.aa {
		p.aa[i] = p.as[i] / float64(p.navg)
	}
}

// consider evaluates the gap at (xc, ac), keeps the point in sv if it is
// the best so far, and returns the gap.
func (p *pdhg) consider(xc, ac []float64) float64 {
	sv, d := p.sv, p.sv.d
	copy(p.candW, xc[:d])
	b := 0.0
	if sv.intercept {
		b = xc[d]
	}
	pv, dv := sv.evaluate(p.candW, b, ac, p.feas)
	g := pv - dv
	if g < sv.gap {
		sv.gap, sv.primal, sv.dual = g, pv, dv
		copy(sv.w, p.candW)
		sv.b = b
		copy(sv.alpha, p.feas)
	}
	return g
}

// maybeRestart restarts from the better of the current and the averaged
// iterate when its gap fell enough since the last restart (by 0.2, or by
// 0.8 and no longer falling) or after 36% of the iterations, and updates
// the primal weight from the movement since the last restart (PDLP).
func (p *pdhg) maybeRestart(gCur, gAvg float64, it int) {
	cand, cx, ca := gCur, p.x, p.al
	if gAvg < gCur {
		cand, cx, ca = gAvg, p.xa, p.aa
	}
	if !(cand <= 0.2*p.lastRestart || (cand <= 0.8*p.lastRestart && cand > p.prev) || p.sinceRestart >= it*36/100) {
		p.prev = cand
		return
	}
	dx, da := 0.0, 0.0
	for j := range cx {
		dx += (cx[j] - p.x0[j]) * (cx[j] - p.x0[j])
	}
	for i := range ca {
		da += (ca[i] - p.a0[i]) * (ca[i] - p.a0[i])
	}
	dx, da = math.Sqrt(dx), math.Sqrt(da)
	if dx > 1e-10 && da > 1e-10 {
		p.omega = math.Exp(0.5*math.Log(da/dx) + 0.5*math.Log(p.omega))
	}
	copy(p.x, cx)
	copy(p.al, ca)
	copy(p.x0, p.x)
	copy(p.a0, p.al)
	for j := range p.xs {
		p.xs[j] = 0
	}
	for i := range p.as {
		p.as[i] = 0
	}
	p.navg, p.sinceRestart = 0, 0
	p.lastRestart, p.prev = cand, math.Inf(1)
}

// polish tries to turn the current (w, b) into the exact vertex of the LP
// for a few choices of the thresholds that identify the support and the
// margin set; it keeps a result only if it is primal-dual feasible with a
// smaller gap than the current one.
func (sv *svmState) polish() bool {
	w0 := append([]float64(nil), sv.w...)
	b0 := sv.b
	// first the full vertex (primal and dual), then, for a degenerate
	// vertex whose dual the minimum-norm solve misses, the primal alone
	for _, requireDual := range []bool{true, false} {
		ok := false
		// wthr = +Inf tries w = 0 (only the intercept), the solution for
		// large lambda, which relative thresholds never produce
		for _, band := range []float64{1e-7, 1e-5, 1e-3} {
			for _, wthr := range []float64{1e-8, 1e-5, 1e-3, math.Inf(1)} {
				if sv.mon.stop() { // per attempt: each is a linear solve on the support
					return false
				}
				if sv.polishWith(w0, b0, band, wthr, requireDual) {
					ok = true
					if requireDual && sv.gap <= 1e-15*math.Max(1, sv.primal) {
						return true
					}
				}
			}
		}
		if ok {
			return requireDual
		}
	}
	return false
}

func (sv *svmState) polishWith(w0 []float64, b0, band, wthr float64, requireDual bool) bool {
	m, d := sv.m, sv.d
	scale := 0.0
	for _, v := range w0 {
		scale = math.Max(scale, math.Abs(v))
	}
	var S []int
	for j, v := range w0 {
		if math.Abs(v) > wthr*math.Max(scale, 1e-12) {
			S = append(S, j)
		}
	}
	ns := len(S)
	if sv.intercept {
		ns++
	}
	sv.margins(sv.az, w0, b0)
	var M []int
	if ns > 0 {
		for i, z := range sv.az {
			if math.Abs(z-1) <= band {
				M = append(M, i)
			}
		}
		if len(M) < ns {
			return false
		}
	}
	// primal: solve A_{M,S(+b)} x = 1 in least squares
	var A *mat.Dense
	var rhs *mat.VecDense
	if ns > 0 {
		A = mat.NewDense(len(M), ns, nil)
		rhs = mat.NewVecDense(len(M), nil)
	}
	for r, i := range M {
		row := sv.x[i*d : (i+1)*d]
		for c, j := range S {
			A.Set(r, c, sv.s[i]*row[j])
		}
		if sv.intercept {
			A.Set(r, ns-1, sv.s[i])
		}
		rhs.SetVec(r, 1)
	}
	w := make([]float64, d)
	b := 0.0
	if ns > 0 {
		var sol mat.VecDense
		if err := sol.SolveVec(A, rhs); err != nil {
			return false
		}
		for c, j := range S {
			w[j] = sol.AtVec(c)
		}
		if sv.intercept {
			b = sol.AtVec(ns - 1)
		}
	}
	// dual: alpha fixed off the margin, alpha_M from
	// (1/m) sum_i alpha_i s_i x_ij = lambda sign(w_j), j in S, and
	// sum_i alpha_i s_i = 0.
	sv.margins(sv.az, w, b)
	alpha := make([]float64, m)
	inM := make([]bool, m)
	for _, i := range M {
		inM[i] = true
	}
	for i, z := range sv.az {
		if !inM[i] && z < 1 {
			alpha[i] = 1
		}
	}
	fixed := make([]float64, d)
	fb := sv.corr(fixed, alpha)
	var B *mat.Dense
	var rb *mat.VecDense
	if ns > 0 {
		B = mat.NewDense(ns, len(M), nil)
		rb = mat.NewVecDense(ns, nil)
	}
	inv := 1 / float64(m)
	for c, j := range S {
		for r, i := range M {
			B.Set(c, r, inv*sv.s[i]*sv.x[i*d+j])
		}
		rb.SetVec(c, sv.lambda*math.Copysign(1, w[j])-fixed[j])
	}
	if sv.intercept {
		for r, i := range M {
			B.Set(ns-1, r, inv*sv.s[i])
		}
		rb.SetVec(ns-1, -fb)
	}
	// the polished primal point is kept with the polished dual point when
	// that is feasible, otherwise with the best dual point found so far
	// (a degenerate vertex, with more margin points than unknowns, has
	// many dual solutions and the minimum-norm one may leave [0, 1])
	p := sv.primalAt(w, b)
	dualOK := true
	var asol mat.VecDense
	if ns > 0 {
		if err := asol.SolveVec(B, rb); err != nil {
			dualOK = false
		}
	}
	if dualOK {
		for r, i := range M {
			a := asol.AtVec(r)
			if a < -1e-9 || a > 1+1e-9 {
				dualOK = false
				break
			}
			alpha[i] = a
		}
	}
	if requireDual && !dualOK {
		return false
	}
	feas := make([]float64, m)
	dv := math.Inf(-1)
	if dualOK {
		dv = sv.dualAt(feas, alpha)
	}
	if !requireDual && sv.dual > dv {
		dv = sv.dual
		copy(feas, sv.alpha)
	}
	g := p - dv
	if g < -1e-12*math.Max(1, p) {
		return false // not a primal-dual pair: rounding gone wrong
	}
	better := g < sv.gap || (g <= sv.gap && p < sv.primal)
	if !better {
		return false
	}
	copy(sv.w, w)
	sv.b = b
	copy(sv.alpha, feas)
	sv.primal, sv.dual, sv.gap = p, dv, math.Max(g, 0)
	if requireDual {
		sv.polished = true
	}
	return true
}
