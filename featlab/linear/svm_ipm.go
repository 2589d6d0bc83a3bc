package linear

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// solveIPM solves the sparse SVM through its dual LP with a primal-dual
// interior-point method (Mehrotra's predictor-corrector, Nocedal and Wright
// 2006, Algorithm 14.3, with upper bounds as in Vanderbei's LOQO). The LP,
// scaled by m, is
//
//	minimise -sum_i alpha_i
//	s.t.      B alpha + e1 = m lambda 1,   -B alpha + e2 = m lambda 1,
//	          s^T alpha = 0 (with an intercept),
//	          0 <= alpha <= 1, e1, e2 >= 0,
//
// with B = X^T diag(s) (d x m). Its multipliers y = (y1, y2, y3) give the
// SVM solution w = y2 - y1, b = -y3. The normal equations have size 2d+1
// and are formed in O(m d^2): the method suits m >> d and any conditioning.
// It sets sv.w, sv.b, sv.alpha, sv.primal, sv.dual, sv.gap and sv.iter, and
// returns false if it failed to reach the tolerance (the best point is
// still stored).
func (sv *svmState) solveIPM(tol float64, maxIter int) bool {
	p := newIPM(sv)
	sv.gap = math.Inf(1)
	ok := false
	var it int
	for it = 1; it <= maxIter; it++ {
		mu := p.residuals()
		p.track()
		sv.progress(tol, it, maxIter)
		if sv.gap <= tol*sv.primal || sv.gap <= 1e-15 {
			ok = true
			break
		}
		if sv.mon.stop() || !p.factor() {
			break
		}
		p.step(mu)
	}
	if it > maxIter {
		it = maxIter
	}
	sv.iter = it
	return ok
}

// ipm is the state of the interior-point method of solveIPM on the dual
// LP: primal alpha (m), beta = 1 - alpha (m), e (2d); dual y (nc), za
// (m), zb (m), ze (2d); the Newton directions, the affine-scaling
// directions and the work space of the normal equations.
type ipm struct {
	sv       *svmState
	m, d, nc int
	ml       float64 // m lambda

	// iterate: primal alpha, beta (m), e (2d); dual y (nc), za, zb (m), ze (2d)
	alpha, beta, e, y, za, zb, ze []float64
	// residuals and the diagonal scalings of the normal equations
	rp, rda, rde, rua, theta, thetaE []float64
	// Newton right-hand sides and directions, and the affine-scaling ones
	fa, fe, rxa, rxb, rxe                 []float64
	dAlpha, dBeta, dE, dY, dZa, dZb, dZe  []float64
	affA, affB, affE, affZa, affZb, affZe []float64
	rhs, ba, tmp, Mraw, wrow, w, feas     []float64
	chol                                  mat.Cholesky
}

// newIPM allocates the state and sets the starting point: alpha = beta =
// 1/2, slacks e at least 1, unit dual slacks.
func newIPM(sv *svmState) *ipm {
	m, d := sv.m, sv.d
	nc := 2 * d
	if sv.intercept {
		nc++
	}
	p := &ipm{sv: sv, m: m, d: d, nc: nc, ml: float64(m) * sv.lambda}
	for _, v := range []*[]float64{&p.alpha, &p.beta, &p.za, &p.zb, &p.rda, &p.rua, &p.theta, &p.fa, &p.rxa, &p.rxb, &p.dAlpha, &p.dBeta, &p.dZa, &p.dZb, &p.affA, &p.affB, &p.affZa, &p.affZb, &p.feas} {
		*v = make([]float64, m)
	}
	for _, v := range []*[]float64{&p.e, &p.ze, &p.rde, &p.thetaE, &p.fe, &p.rxe, &p.dE, &p.dZe, &p.affE, &p.affZe} {
		*v = make([]float64, 2*d)
	}
	for _, v := range []*[]float64{&p.y, &p.rp, &p.dY, &p.rhs} {
		*v = make([]float64, nc)
	}
	p.ba, p.tmp, p.w = make([]float64, d), make([]float64, d), make([]float64, d)
	p.Mraw, p.wrow = make([]float64, nc*nc), make([]float64, m*(d+1))
	for i := range p.alpha {
		p.alpha[i], p.beta[i], p.za[i], p.zb[i] = 0.5, 0.5, 1, 1
	}
	sv.bmul(p.ba, p.alpha) // B alpha
	for j := 0; j < d; j++ {
		p.e[j] = math.Max(p.ml-p.ba[j], 1)
		p.e[d+j] = math.Max(p.ml+p.ba[j], 1)
		p.ze[j], p.ze[d+j] = 1, 1
	}
	return p
}

// aMul sets dst (nc) = A_alpha va + A_e ve, the constraint matrix times
// the (alpha, e) blocks.
func (p *ipm) aMul(dst, va, ve []float64) {
	d := p.d
	tmp := p.tmp
	p.sv.bmul(tmp, va)
	for j := 0; j < d; j++ {
		dst[j] = tmp[j] + ve[j]
		dst[d+j] = -tmp[j] + ve[d+j]
	}
	if p.sv.intercept {
		s := 0.0
		for i, v := range va {
			s += p.sv.s[i] * v
		}
		dst[2*d] = s
	}
}

// atMul sets dst (m) = A_alpha^T yy = B^T (y1 - y2) + s y3.
func (p *ipm) atMul(dst, yy []float64) {
	m, d := p.m, p.d
	tmp := p.tmp
	for j := 0; j < d; j++ {
		tmp[j] = yy[j] - yy[d+j]
	}
	y3 := 0.0
	if p.sv.intercept {
		y3 = yy[2*d]
	}
	for i := 0; i < m; i++ {
		row := p.sv.x[i*d : (i+1)*d]
		t := 0.0
		for j, v := range row {
			t += v * tmp[j]
		}
		dst[i] = p.sv.s[i] * (t + y3)
	}
}

// newton solves the Newton system for the complementarity right-hand
// sides (rxa, rxb, rxe), with theta formed and M factorised.
func (p *ipm) newton() {
	m, d, nc := p.m, p.d, p.nc
	alpha, beta, za, zb, rda, rua, theta, fa, rxa, rxb, dAlpha, dBeta, dZa, dZb, e, ze, rde, thetaE, fe, rxe, dE, dZe, rp, dY, rhs := p.alpha, p.beta, p.za, p.zb, p.rda, p.rua, p.theta, p.fa, p.rxa, p.rxb, p.dAlpha, p.dBeta, p.dZa, p.dZb, p.e, p.ze, p.rde, p.thetaE, p.fe, p.rxe, p.dE, p.dZe, p.rp, p.dY, p.rhs
	// f = -r_d - X^{-1} r_x + Bb^{-1}(r_b + Zb r_u)
	for i := 0; i < m; i++ {
		fa[i] = -rda[i] - rxa[i]/alpha[i] + (rxb[i]+zb[i]*rua[i])/beta[i]
	}
	for k := range fe {
		fe[k] = -rde[k] - rxe[k]/e[k]
	}
	// rhs = -r_p + A Theta f
	for i := range fa {
		dAlpha[i] = theta[i] * fa[i]
	}
	for k := range fe {
		dE[k] = thetaE[k] * fe[k]
	}
	p.aMul(rhs, dAlpha, dE)
	for k := range rhs {
		rhs[k] -= rp[k]
	}
	var rv mat.VecDense
	if err := p.chol.SolveVecTo(&rv, mat.NewVecDense(nc, rhs)); err != nil {
		for k := range dY {
			dY[k] = 0
		}
	} else {
		copy(dY, rv.RawVector().Data)
	}
	// dx = Theta (A^T dy - f)
	p.atMul(dAlpha, dY)
	for i := range dAlpha {
		dAlpha[i] = theta[i] * (dAlpha[i] - fa[i])
	}
	for j := 0; j < d; j++ {
		dE[j] = thetaE[j] * (dY[j] - fe[j])
		dE[d+j] = thetaE[d+j] * (dY[d+j] - fe[d+j])
	}
	for i := range dBeta {
		dBeta[i] = -rua[i] - dAlpha[i]
		dZa[i] = (rxa[i] - za[i]*dAlpha[i]) / alpha[i]
		dZb[i] = (rxb[i] - zb[i]*dBeta[i]) / beta[i]
	}
	for k := range dZe {
		dZe[k] = (rxe[k] - ze[k]*dE[k]) / e[k]
	}
}

// residuals sets the primal and dual residuals and returns the mean
// complementarity mu.
func (p *ipm) residuals() float64 {
	m, d, ml := p.m, p.d, p.ml
	alpha, beta, za, zb, rda, rua, e, ze, rde, y, rp := p.alpha, p.beta, p.za, p.zb, p.rda, p.rua, p.e, p.ze, p.rde, p.y, p.rp
	// residuals
	p.aMul(rp, alpha, e)
	for j := 0; j < 2*d; j++ {
		rp[j] -= ml
	}
	p.atMul(rda, y)
	for i := range rda {
		rda[i] += za[i] - zb[i] + 1 // c_alpha = -1
	}
	for j := 0; j < 2*d; j++ {
		rde[j] = y[j] + ze[j]
	}
	for i := range rua {
		rua[i] = alpha[i] + beta[i] - 1
	}
	mu := 0.0
	for i := range alpha {
		mu += alpha[i]*za[i] + beta[i]*zb[i]
	}
	for k := range e {
		mu += e[k] * ze[k]
	}
	mu /= float64(2*m + 2*d)
	return mu
}

// track reads the SVM point from the multipliers (w = y2 - y1, b = -y3),
// measures its true gap at a dual-feasible alpha and keeps it when best.
func (p *ipm) track() {
	d := p.d
	alpha, feas, y, w := p.alpha, p.feas, p.y, p.w
	// current SVM point from the multipliers, and its true gap
	for j := 0; j < d; j++ {
		w[j] = y[d+j] - y[j]
	}
	b := 0.0
	if p.sv.intercept {
		b = -y[2*d]
	}
	sv := p.sv
	pv := sv.primalAt(w, b)
	dv := sv.dualAt(feas, alpha)
	if g := pv - dv; g < sv.gap {
		sv.gap, sv.primal, sv.dual = g, pv, dv
		copy(sv.w, w)
		sv.b = b
		copy(sv.alpha, feas)
	}
}

// factor forms and factorises the normal matrix M = A Theta A^T (with a
// 1e-14 relative diagonal regularisation); false when it is not
// numerically positive definite.
func (p *ipm) factor() bool {
	nc := p.nc
	alpha, beta, za, zb, theta, e, ze, thetaE, Mraw, wrow := p.alpha, p.beta, p.za, p.zb, p.theta, p.e, p.ze, p.thetaE, p.Mraw, p.wrow
	// normal matrix M = A Theta A^T
	for i := range theta {
		theta[i] = 1 / (za[i]/alpha[i] + zb[i]/beta[i])
	}
	for k := range thetaE {
		thetaE[k] = e[k] / ze[k]
	}
	p.sv.formNormal(Mraw, wrow, theta, thetaE, nc)
	reg := 0.0
	for k := 0; k < nc; k++ {
		reg = math.Max(reg, Mraw[k*nc+k])
	}
	reg *= 1e-14
	for k := 0; k < nc; k++ {
		Mraw[k*nc+k] += reg
	}
	if !p.chol.Factorize(mat.NewSymDense(nc, Mraw)) {
		return false
	}
	return true
}

// step takes one Mehrotra predictor-corrector step from mean
// complementarity mu.
func (p *ipm) step(mu float64) {
	m, d := p.m, p.d
	alpha, beta, za, zb, rxa, rxb, dAlpha, dBeta, dZa, dZb, affA, affB, affZa, affZb, e, ze, rxe, dE, dZe, affE, affZe, y, dY := p.alpha, p.beta, p.za, p.zb, p.rxa, p.rxb, p.dAlpha, p.dBeta, p.dZa, p.dZb, p.affA, p.affB, p.affZa, p.affZb, p.e, p.ze, p.rxe, p.dE, p.dZe, p.affE, p.affZe, p.y, p.dY
	// predictor
	for i := range alpha {
		rxa[i] = -alpha[i] * za[i]
		rxb[i] = -beta[i] * zb[i]
	}
	for k := range e {
		rxe[k] = -e[k] * ze[k]
	}
	p.newton()
	ap := ipmStepLen(beta, dBeta, ipmStepLen(e, dE, ipmStepLen(alpha, dAlpha, 1)))
	ad := ipmStepLen(zb, dZb, ipmStepLen(ze, dZe, ipmStepLen(za, dZa, 1)))
	muAff := 0.0
	for i := range alpha {
		muAff += (alpha[i]+ap*dAlpha[i])*(za[i]+ad*dZa[i]) + (beta[i]+ap*dBeta[i])*(zb[i]+ad*dZb[i])
	}
	for k := range e {
		muAff += (e[k] + ap*dE[k]) * (ze[k] + ad*dZe[k])
	}
	muAff /= float64(2*m + 2*d)
	sigma := math.Pow(muAff/mu, 3)
	copy(affA, dAlpha)
	copy(affB, dBeta)
	copy(affE, dE)
	copy(affZa, dZa)
	copy(affZb, dZb)
	copy(affZe, dZe)
	// corrector
	for i := range alpha {
		rxa[i] = -alpha[i]*za[i] - affA[i]*affZa[i] + sigma*mu
		rxb[i] = -beta[i]*zb[i] - affB[i]*affZb[i] + sigma*mu
	}
	for k := range e {
		rxe[k] = -e[k]*ze[k] - affE[k]*affZe[k] + sigma*mu
	}
	p.newton()
	eta := math.Max(0.9, 1-mu)
	ap = math.Min(1, eta*ipmStepLen(beta, dBeta, ipmStepLen(e, dE, ipmStepLen(alpha, dAlpha, math.Inf(1)))))
	ad = math.Min(1, eta*ipmStepLen(zb, dZb, ipmStepLen(ze, dZe, ipmStepLen(za, dZa, math.Inf(1)))))
	for i := range alpha {
		alpha[i] += ap * dAlpha[i]
		beta[i] += ap * dBeta[i]
		za[i] += ad * dZa[i]
		zb[i] += ad * dZb[i]
	}
	for k := range e {
		e[k] += ap * dE[k]
		ze[k] += ad * dZe[k]
	}
	for k := range y {
		y[k] += ad * dY[k]
	}
}

// ipmStepLen returns the largest t <= cur with v + t dv >= 0.
func ipmStepLen(v, dv []float64, cur float64) float64 {
	for k, dk := range dv {
		if dk < 0 {
			cur = math.Min(cur, -v[k]/dk)
		}
	}
	return cur
}

// bmul sets dst = B v = X^T diag(s) v.
func (sv *svmState) bmul(dst, v []float64) {
	d := sv.d
	for j := range dst {
		dst[j] = 0
	}
	for i, vi := range v {
		c := vi * sv.s[i]
		if c == 0 {
			continue
		}
		row := sv.x[i*d : (i+1)*d]
		for j, x := range row {
			dst[j] += c * x
		}
	}
}

// formNormal fills M (nc x nc, row-major, full) = A Theta A^T + diag(thetaE, 0):
// with C = X^T diag(theta) X and v = X^T theta (signs cancel: s_i^2 = 1),
//
//	M = [C + Te1, -C, v; -C, C + Te2, -v; v^T, -v^T, sum theta].
func (sv *svmState) formNormal(M, wrow, theta, thetaE []float64, nc int) {
	m, d := sv.m, sv.d
	n := d + 1
	// W = diag(sqrt(theta)) [X 1], then W^T W by a rank-k update
	for i := 0; i < m; i++ {
		st := math.Sqrt(theta[i])
		row := sv.x[i*d : (i+1)*d]
		dst := wrow[i*n : (i+1)*n]
		for j, x := range row {
			dst[j] = st * x
		}
		dst[d] = st
	}
	G := blas64.Symmetric{N: n, Stride: n, Uplo: blas.Upper, Data: make([]float64, n*n)}
	blas64.Syrk(blas.Trans, 1, blas64.General{Rows: m, Cols: n, Stride: n, Data: wrow[:m*n]}, 0, G)
	at := func(a, b int) float64 {
		if a > b {
			a, b = b, a
		}
		return G.Data[a*n+b]
	}
	for k := range M {
		M[k] = 0
	}
	for a := 0; a < d; a++ {
		for b := 0; b < d; b++ {
			c := at(a, b)
			M[a*nc+b] = c
			M[(d+a)*nc+(d+b)] = c
			M[a*nc+(d+b)] = -c
			M[(d+a)*nc+b] = -c
		}
		M[a*nc+a] += thetaE[a]
		M[(d+a)*nc+(d+a)] += thetaE[d+a]
	}
	if nc == 2*d+1 {
		for a := 0; a < d; a++ {
			v := at(a, d)
			M[a*nc+2*d] = v
			M[2*d*nc+a] = v
			M[(d+a)*nc+2*d] = -v
			M[2*d*nc+d+a] = -v
		}
		M[2*d*nc+2*d] = at(d, d)
	}
}
