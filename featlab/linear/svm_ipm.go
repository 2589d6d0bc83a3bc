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
	m, d := sv.m, sv.d
	nc := 2 * d
	if sv.intercept {
		nc++
	}
	ml := float64(m) * sv.lambda
	// primal: alpha (m), beta = 1 - alpha (m), e (2d); dual: y (nc),
	// za (m), zb (m), ze (2d)
	alpha := make([]float64, m)
	beta := make([]float64, m)
	e := make([]float64, 2*d)
	y := make([]float64, nc)
	za := make([]float64, m)
	zb := make([]float64, m)
	ze := make([]float64, 2*d)
	for i := range alpha {
		alpha[i], beta[i], za[i], zb[i] = 0.5, 0.5, 1, 1
	}
	ba := make([]float64, d) // B alpha
	sv.bmul(ba, alpha)
	for j := 0; j < d; j++ {
		e[j] = math.Max(ml-ba[j], 1)
		e[d+j] = math.Max(ml+ba[j], 1)
		ze[j], ze[d+j] = 1, 1
	}
	// work
	rp := make([]float64, nc)
	rda := make([]float64, m) // dual residual, alpha block
	rde := make([]float64, 2*d)
	rua := make([]float64, m) // alpha + beta - 1
	theta := make([]float64, m)
	thetaE := make([]float64, 2*d)
	fa := make([]float64, m)
	fe := make([]float64, 2*d)
	rxa := make([]float64, m)
	rxb := make([]float64, m)
	rxe := make([]float64, 2*d)
	dAlpha := make([]float64, m)
	dBeta := make([]float64, m)
	dE := make([]float64, 2*d)
	dY := make([]float64, nc)
	dZa := make([]float64, m)
	dZb := make([]float64, m)
	dZe := make([]float64, 2*d)
	affA := make([]float64, m)
	affB := make([]float64, m)
	affE := make([]float64, 2*d)
	affZa := make([]float64, m)
	affZb := make([]float64, m)
	affZe := make([]float64, 2*d)
	rhs := make([]float64, nc)
	tmp := make([]float64, d)
	Mraw := make([]float64, nc*nc)
	wrow := make([]float64, m*(d+1))
	var chol mat.Cholesky
	sv.gap = math.Inf(1)
	feas := make([]float64, m)
	w := make([]float64, d)

	// A alpha-block product: (A_alpha v) into dst (nc)
	aMul := func(dst, va, ve []float64) {
		sv.bmul(tmp, va)
		for j := 0; j < d; j++ {
			dst[j] = tmp[j] + ve[j]
			dst[d+j] = -tmp[j] + ve[d+j]
		}
		if sv.intercept {
			s := 0.0
			for i, v := range va {
				s += sv.s[i] * v
			}
			dst[2*d] = s
		}
	}
	// A^T y, alpha block: B^T (y1 - y2) + s y3
	atMul := func(dst, yy []float64) {
		for j := 0; j < d; j++ {
			tmp[j] = yy[j] - yy[d+j]
		}
		y3 := 0.0
		if sv.intercept {
			y3 = yy[2*d]
		}
		for i := 0; i < m; i++ {
			row := sv.x[i*d : (i+1)*d]
			t := 0.0
			for j, v := range row {
				t += v * tmp[j]
			}
			dst[i] = sv.s[i] * (t + y3)
		}
	}
	// solve the Newton system for given complementarity right-hand sides
	// (rxa, rxb, rxe), with theta already formed and M factorised.
	newton := func() {
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
		aMul(rhs, dAlpha, dE)
		for k := range rhs {
			rhs[k] -= rp[k]
		}
		var rv mat.VecDense
		if err := chol.SolveVecTo(&rv, mat.NewVecDense(nc, rhs)); err != nil {
			for k := range dY {
				dY[k] = 0
			}
		} else {
			copy(dY, rv.RawVector().Data)
		}
		// dx = Theta (A^T dy - f)
		atMul(dAlpha, dY)
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
	stepLen := func(v, dv []float64, cur float64) float64 {
		for k, dk := range dv {
			if dk < 0 {
				cur = math.Min(cur, -v[k]/dk)
			}
		}
		return cur
	}
	ok := false
	var it int
	for it = 1; it <= maxIter; it++ {
		// residuals
		aMul(rp, alpha, e)
		for j := 0; j < 2*d; j++ {
			rp[j] -= ml
		}
		atMul(rda, y)
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
		// current SVM point from the multipliers, and its true gap
		for j := 0; j < d; j++ {
			w[j] = y[d+j] - y[j]
		}
		b := 0.0
		if sv.intercept {
			b = -y[2*d]
		}
		p := sv.primalAt(w, b)
		dv := sv.dualAt(feas, alpha)
		if g := p - dv; g < sv.gap {
			sv.gap, sv.primal, sv.dual = g, p, dv
			copy(sv.w, w)
			sv.b = b
			copy(sv.alpha, feas)
		}
		sv.progress(tol, it, maxIter)
		if sv.gap <= tol*sv.primal || sv.gap <= 1e-15 {
			ok = true
			break
		}
		if sv.mon.stop() {
			break
		}
		// normal matrix M = A Theta A^T
		for i := range theta {
			theta[i] = 1 / (za[i]/alpha[i] + zb[i]/beta[i])
		}
		for k := range thetaE {
			thetaE[k] = e[k] / ze[k]
		}
		sv.formNormal(Mraw, wrow, theta, thetaE, nc)
		reg := 0.0
		for k := 0; k < nc; k++ {
			reg = math.Max(reg, Mraw[k*nc+k])
		}
		reg *= 1e-14
		for k := 0; k < nc; k++ {
			Mraw[k*nc+k] += reg
		}
		if !chol.Factorize(mat.NewSymDense(nc, Mraw)) {
			break
		}
		// predictor
		for i := range alpha {
			rxa[i] = -alpha[i] * za[i]
			rxb[i] = -beta[i] * zb[i]
		}
		for k := range e {
			rxe[k] = -e[k] * ze[k]
		}
		newton()
		ap := stepLen(beta, dBeta, stepLen(e, dE, stepLen(alpha, dAlpha, 1)))
		ad := stepLen(zb, dZb, stepLen(ze, dZe, stepLen(za, dZa, 1)))
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
		newton()
		eta := math.Max(0.9, 1-mu)
		ap = math.Min(1, eta*stepLen(beta, dBeta, stepLen(e, dE, stepLen(alpha, dAlpha, math.Inf(1)))))
		ad = math.Min(1, eta*stepLen(zb, dZb, stepLen(ze, dZe, stepLen(za, dZa, math.Inf(1)))))
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
	if it > maxIter {
		it = maxIter
	}
	sv.iter = it
	return ok
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
