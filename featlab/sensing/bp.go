package sensing

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// BasisPursuitConfig configures BasisPursuit.
type BasisPursuitConfig struct {
	// Tol is the accuracy asked of the certificate: the result is
	// Converged when ||A s - y|| <= Tol max(1, ||y||), DualInfeas <= Tol
	// and DualGap <= Tol. Default 1e-9.
	Tol float64
	// MaxIter bounds the homotopy steps (each adds or drops one index).
	// Default 20 max(n, 10) + 100.
	MaxIter int
	// Names are the names of the m unknowns (nil: x1..xm).
	Names []string
}

// BasisPursuit solves eq. 11.23,
//
//	min ||s||_1  s.t.  A s = y,
//
// exactly, by the lasso homotopy (Osborne, Presnell and Turlach 2000; LARS
// with the lasso modification, Efron et al. 2004) followed to lambda = 0:
// the solution path of min (1/2)||A s - y||^2 + lambda ||s||_1 is piecewise
// linear in lambda, and each breakpoint (an index entering or leaving the
// active set S) is computed in closed form; as lambda -> 0 the path ends at
// the basis pursuit solution. The coefficients are then recomputed from the
// final S by least squares with one step of iterative refinement, and the
// dual certificate v = A_S (A_S^T A_S)^{-1} sign(s_S), the limit of the
// scaled residual (y - A s)/lambda, is returned with its checks (Dual,
// DualInfeas, DualGap): with A s = y, ||A^T v||_inf <= 1 and y.v = ||s||_1,
// s is optimal for the LP
//
//	min 1^T (u + w) s.t. A (u - w) = y, u, w >= 0
//
// (scipy's linprog form) whatever method produced it.
//
// Feasibility is checked exactly: when y is not in the range of A the
// homotopy ends at a least-squares solution with A^T (A s - y) = 0 and a
// residual that does not vanish, and BasisPursuit returns that result with
// an error wrapping ErrInfeasible. With n >= m (not compressed sensing)
// the problem is solved anyway and Result.Note says so.
//
// Each step costs two products with A (O(nm)) plus O(n |S|) for the
// Cholesky update; a k-sparse solution that l1 recovers is typically
// reached in about k steps. Paths in degenerate position (ties between
// entering indices) are handled by skipping an index whose column is
// linearly dependent on the active columns; if the certificate then fails,
// Converged is false and Gap reports by how much.
func BasisPursuit(A mat.Matrix, y []float64, cfg BasisPursuitConfig) (*BasisPursuitResult, error) {
	return BasisPursuitContext(context.Background(), A, y, cfg)
}

// BasisPursuitContext is BasisPursuit with cancellation: cancelled, it
// returns the homotopy's current point and an error wrapping ctx.Err().
func BasisPursuitContext(ctx context.Context, A mat.Matrix, y []float64, cfg BasisPursuitConfig) (*BasisPursuitResult, error) {
	p, err := newProblemContext(ctx, A, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	if cfg.Tol < 0 || math.IsNaN(cfg.Tol) || cfg.MaxIter < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Tol = %g and MaxIter = %d must be >= 0", cfg.Tol, cfg.MaxIter)
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-9
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 20*max(p.n, 10) + 100
	}
	h := newHomotopy(p)
	iters, herr := h.run(ctx, maxIter)
	res := bpResult(p, h, cfg.Names, tol)
	res.Iterations = iters
	if herr != nil {
		res.Converged = false
		return res, herr
	}
	relRes := res.Residual / math.Max(1, p.ynrm)
	if relRes > 1e-7 && h.infeasible() {
		res.Converged = false
		return res, p.bpInfeasible(res.Residual)
	}
	// Degenerate position (ties between correlations, as with +-1
	// matrices and integer signals) can derail the path. Then the l1
	// weights are perturbed, w_j = 1 + eps u_j (u_j uniform, seeded), which
	// breaks the ties; the path of the weighted problem (columns a_j / w_j)
	// gives a support and signs, and the coefficients and the certificate
	// are recomputed on the original problem from them and checked there.
	for _, eps := range []float64{1e-9, 1e-7, 1e-5} {
		if res.Converged {
			break
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		hw := newHomotopy(p.weighted(eps))
		it, err := hw.run(ctx, maxIter)
		iters += it
		if err != nil {
			continue
		}
		h2 := newHomotopy(p)
		for t, j := range hw.act {
			h2.act = append(h2.act, j)
			h2.inAct[j] = t
			h2.sign = append(h2.sign, hw.sign[t])
			h2.coef = append(h2.coef, 0)
		}
		if r2 := bpResult(p, h2, cfg.Names, tol); r2.Gap < res.Gap {
			res = r2
		}
		res.Iterations = iters
	}
	if !res.Converged {
		// The path failed to certify an answer: decide feasibility
		// exactly from the least-squares residual of y on the range of A.
		if lr := p.lsResidual(); lr > 1e-7*math.Max(1, p.ynrm) {
			return res, p.bpInfeasible(lr)
		}
	}
	if err := p.finite(res); err != nil {
		return nil, err
	}
	return res, nil
}

// bpSpreadMax is the largest ratio of two column norms of A under which
// basis pursuit trusts its finding that A s = y has no solution: the range
// of A is decided up to 1e-12 of its largest singular value (lsResidual),
// so columns more than 1e12 times shorter than the longest are lost in
// rounding.
const bpSpreadMax = 1e12

// bpInfeasible is the error of a basis pursuit that found no s with A s =
// y (least-squares residual r): ErrInfeasible, or ErrNotFinite when the
// column norms of A span more than bpSpreadMax, where the finding is a
// rounding artefact ([c X | I] with c = 1e150 is feasible, yet the
// identity's columns vanish next to c X's).
func (p *problem) bpInfeasible(r float64) error {
	lo, hi := math.Inf(1), 0.0
	for j := 0; j < p.m; j++ {
		c := p.col(j)
		big := 0.0
		for _, v := range c {
			big = math.Max(big, math.Abs(v))
		}
		if big == 0 {
			continue
		}
		nrm := big * norm2Scaled(c, big)
		lo, hi = math.Min(lo, nrm), math.Max(hi, nrm)
	}
	if hi > bpSpreadMax*lo {
		return featlab.Errorf(featlab.ErrNotFinite, "sensing: basis pursuit: the column norms of A span a factor %.3g (%.3g to %.3g), beyond the %g float64 arithmetic resolves in one system, so whether A s = y has a solution cannot be decided; rescale the columns of A", hi/lo, lo/p.scale, hi/p.scale, bpSpreadMax)
	}
	return infeasible("basis pursuit: A s = y has no solution (least-squares residual %.3g, ||y|| = %.3g); for inconsistent or noisy measurements use BPDN", r, p.ynrm)
}

// norm2Scaled returns ||c / big||_2 (big > 0: no overflow or underflow
// of the squares).
func norm2Scaled(c []float64, big float64) float64 {
	var t float64
	for _, v := range c {
		t += (v / big) * (v / big)
	}
	return math.Sqrt(t)
}

// lsResidual returns the norm of the part of y outside the range of A
// (through a thin SVD of A).
func (p *problem) lsResidual() float64 {
	var svd mat.SVD
	if !svd.Factorize(p.a, mat.SVDThin) {
		return math.NaN()
	}
	sv := svd.Values(nil)
	var U mat.Dense
	svd.UTo(&U)
	r := append([]float64(nil), p.y...)
	for q, v := range sv {
		if v <= 1e-12*sv[0] {
			break
		}
		u := mat.Col(nil, q, &U)
		c := dot(u, p.y)
		for i := range r {
			r[i] -= c * u[i]
		}
	}
	return norm2(r)
}

// bpResult polishes the homotopy's final active set on p and checks the
// certificate.
func bpResult(p *problem, h *homotopy, names []string, tol float64) *Result {
	s, v := h.polish()
	res := p.finish("basis pursuit", s, names)
	res.Dual = v
	res.Tol = tol
	atv := make([]float64, p.m)
	mulAT(p, v, atv)
	var mx, yv float64
	for _, x := range atv {
		mx = math.Max(mx, math.Abs(x))
	}
	for i := range v {
		yv += p.y[i] * v[i]
	}
	l1 := res.L1 / p.scale // ||s||_1 on the scaled problem, where v lives
	res.DualInfeas = math.Max(0, mx-1)
	res.DualGap = math.Abs(yv-l1) / math.Max(1, l1)
	if p.scale != 1 {
		res.Dual = make([]float64, len(v)) // the certificate of A: scale v
		for i, x := range v {
			res.Dual[i] = x * p.scale
		}
	}
	relRes := res.Residual / math.Max(1, p.ynrm)
	res.Gap = math.Max(relRes, math.Max(res.DualInfeas, res.DualGap))
	res.Converged = res.Gap <= tol
	return res
}

// weighted returns the problem with columns a_j / w_j, w_j = 1 + eps u_j,
// u_j uniform on [0, 1) from a fixed seed.
func (p *problem) weighted(eps float64) *problem {
	q := *p
	q.at = append([]float64(nil), p.at...)
	r := rand.New(rand.NewPCG(0x1123, uint64(p.m)))
	for j := 0; j < p.m; j++ {
		w := 1 + eps*r.Float64()
		c := q.at[j*p.n : (j+1)*p.n]
		for i := range c {
			c[i] /= w
		}
	}
	return &q
}

// mulAT computes dst = A^T v.
func mulAT(p *problem, v, dst []float64) {
	for j := 0; j < p.m; j++ {
		c := p.col(j)
		var t float64
		for i, x := range c {
			t += x * v[i]
		}
		dst[j] = t
	}
}

// homotopy is the state of the lasso path algorithm.
type homotopy struct {
	p          *problem
	act        []int     // active set, in order of entry
	sign       []float64 // sign of each active coefficient (of its correlation)
	coef       []float64 // active coefficients
	L          []float64 // Cholesky factor of A_S^T A_S, lower, stride n
	inAct      []int     // position in act, -1 if inactive
	c          []float64 // correlations A^T r
	lambda     float64
	lambda0    float64
	d, u, a, r []float64
	work       []float64
	last       int // index added or dropped at the previous step
	nochol     bool
}

func newHomotopy(p *problem) *homotopy {
	h := &homotopy{p: p, L: make([]float64, p.n*p.n), inAct: make([]int, p.m),
		c: make([]float64, p.m), d: make([]float64, p.n), u: make([]float64, p.n),
		a: make([]float64, p.m), r: make([]float64, p.n), work: make([]float64, p.n), last: -1}
	for j := range h.inAct {
		h.inAct[j] = -1
	}
	return h
}

// addChol extends the Cholesky factor with column j; false if the column
// is (numerically) in the span of the active columns.
func (h *homotopy) addChol(j int) bool {
	n := h.p.n
	k := len(h.act)
	if k >= n {
		return false
	}
	aj := h.p.col(j)
	w := h.work[:k]
	for t, i := range h.act {
		w[t] = dot(h.p.col(i), aj)
	}
	// solve L w' = w
	for t := 0; t < k; t++ {
		s := w[t]
		row := h.L[t*n : t*n+t]
		for q, l := range row {
			s -= l * w[q]
		}
		w[t] = s / h.L[t*n+t]
	}
	jj := dot(aj, aj)
	diag := jj - dot(w, w)
	if diag <= 1e-10*jj {
		return false
	}
	copy(h.L[k*n:k*n+k], w)
	h.L[k*n+k] = math.Sqrt(diag)
	return true
}

// refactor recomputes the Cholesky factor of the active set from scratch.
func (h *homotopy) refactor() bool {
	act := h.act
	h.act = h.act[:0:0]
	ok := true
	for _, j := range act {
		if !h.addChol(j) {
			ok = false
		}
		h.act = append(h.act, j)
	}
	return ok
}

// solveG solves (A_S^T A_S) x = b in place.
func (h *homotopy) solveG(b []float64) {
	n := h.p.n
	k := len(h.act)
	for t := 0; t < k; t++ {
		s := b[t]
		row := h.L[t*n : t*n+t]
		for q, l := range row {
			s -= l * b[q]
		}
		b[t] = s / h.L[t*n+t]
	}
	for t := k - 1; t >= 0; t-- {
		s := b[t]
		for q := t + 1; q < k; q++ {
			s -= h.L[q*n+t] * b[q]
		}
		b[t] = s / h.L[t*n+t]
	}
}

func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// correlations recomputes r = y - A_S s_S and c = A^T r exactly.
func (h *homotopy) correlations() {
	copy(h.r, h.p.y)
	for t, j := range h.act {
		v := h.coef[t]
		cj := h.p.col(j)
		for i := range h.r {
			h.r[i] -= v * cj[i]
		}
	}
	mulAT(h.p, h.r, h.c)
}

func (h *homotopy) run(ctx context.Context, maxIter int) (int, error) {
	p := h.p
	h.correlations()
	j0, cmax := -1, 0.0
	for j, v := range h.c {
		if a := math.Abs(v); a > cmax {
			j0, cmax = j, a
		}
	}
	h.lambda, h.lambda0 = cmax, cmax
	if j0 < 0 {
		return 0, nil // y = 0 or A^T y = 0: s = 0
	}
	if !h.addChol(j0) {
		return 0, nil // zero column: cannot happen with cmax > 0
	}
	h.act = append(h.act, j0)
	h.inAct[j0] = 0
	h.sign = append(h.sign, math.Copysign(1, h.c[j0]))
	h.coef = append(h.coef, 0)
	h.last = j0
	blocked := map[int]bool{}
	eps := 1e-13 * cmax
	for it := 1; it <= maxIter; it++ {
		if err := ctx.Err(); err != nil {
			return it - 1, err
		}
		k := len(h.act)
		d := h.d[:k]
		copy(d, h.sign)
		h.solveG(d)
		for i := range h.u {
			h.u[i] = 0
		}
		for t, j := range h.act {
			cj := p.col(j)
			dt := d[t]
			for i := range h.u {
				h.u[i] += dt * cj[i]
			}
		}
		mulAT(p, h.u, h.a)
		gamma := h.lambda
		enter, drop := -1, -1
		for j := 0; j < p.m; j++ {
			if h.inAct[j] >= 0 || j == h.last || blocked[j] {
				continue
			}
			cj, aj := h.c[j], h.a[j]
			if aj < 1 {
				if g := (h.lambda - cj) / (1 - aj); g > eps && g < gamma {
					gamma, enter, drop = g, j, -1
				}
			}
			if aj > -1 {
				if g := (h.lambda + cj) / (1 + aj); g > eps && g < gamma {
					gamma, enter, drop = g, j, -1
				}
			}
		}
		for t := range h.act {
			if d[t] == 0 {
				continue
			}
			if g := -h.coef[t] / d[t]; g > eps && g < gamma {
				gamma, enter, drop = g, -1, t
			}
		}
		if h.lambda-gamma <= 1e-11*h.lambda0 {
			// the event falls at lambda = 0 up to rounding: the path ends
			gamma, enter, drop = h.lambda, -1, -1
		}
		for t := range h.coef {
			h.coef[t] += gamma * d[t]
		}
		h.lambda -= gamma
		for j := range h.c {
			h.c[j] -= gamma * h.a[j]
		}
		if enter < 0 && drop < 0 {
			h.lambda = 0
			return it, nil
		}
		if drop >= 0 {
			j := h.act[drop]
			h.act = append(h.act[:drop], h.act[drop+1:]...)
			h.sign = append(h.sign[:drop], h.sign[drop+1:]...)
			h.coef = append(h.coef[:drop], h.coef[drop+1:]...)
			h.inAct[j] = -1
			for t, i := range h.act {
				h.inAct[i] = t
			}
			h.refactor()
			h.last = j
		} else {
			if !h.addChol(enter) {
				blocked[enter] = true
				h.last = -1
				continue
			}
			h.act = append(h.act, enter)
			h.inAct[enter] = len(h.act) - 1
			h.sign = append(h.sign, math.Copysign(1, h.c[enter]))
			h.coef = append(h.coef, 0)
			h.last = enter
			clear(blocked)
		}
		if it%16 == 0 {
			h.correlations()
		}
	}
	return maxIter, featlab.Errorf(featlab.ErrNotConverged, "sensing: basis pursuit homotopy did not reach lambda = 0 in %d steps (lambda = %.3g)", maxIter, h.lambda)
}

// polish recomputes the active coefficients by least squares on the final
// active set (with one refinement step) and returns the full s and the
// certificate v = A_S G^{-1} sign.
func (h *homotopy) polish() ([]float64, []float64) {
	p := h.p
	s := make([]float64, p.m)
	k := len(h.act)
	if k == 0 {
		return s, make([]float64, p.n)
	}
	h.refactor()
	b := make([]float64, k)
	for t, j := range h.act {
		b[t] = dot(p.col(j), p.y)
	}
	h.solveG(b)
	copy(h.coef, b)
	for rep := 0; rep < 2; rep++ { // iterative refinement
		h.correlations()
		for t, j := range h.act {
			b[t] = h.c[j]
		}
		h.solveG(b)
		for t := range h.coef {
			h.coef[t] += b[t]
		}
	}
	var big float64
	for _, c := range h.coef {
		big = math.Max(big, math.Abs(c))
	}
	for t, j := range h.act {
		if math.Abs(h.coef[t]) > 1e-12*big {
			s[j] = h.coef[t]
		}
	}
	v := make([]float64, p.n)
	copy(b, h.sign)
	h.solveG(b)
	for t, j := range h.act {
		cj := p.col(j)
		for i := range v {
			v[i] += b[t] * cj[i]
		}
	}
	return s, v
}

// infeasible reports whether the residual at the end is orthogonal to the
// range of A (A^T r = 0 relative to ||A|| ||r||): y has no exact solution.
func (h *homotopy) infeasible() bool {
	h.correlations()
	var rn, cm float64
	for _, v := range h.r {
		rn += v * v
	}
	rn = math.Sqrt(rn)
	for _, v := range h.c {
		cm = math.Max(cm, math.Abs(v))
	}
	var an float64
	for _, v := range h.p.at {
		an = math.Max(an, math.Abs(v))
	}
	return rn > 0 && cm <= 1e-8*rn*an*math.Sqrt(float64(h.p.n))
}
