package linear

import "gonum.org/v1/gonum/mat"

// directNewtonMax is the largest number of coordinates whose Newton
// system newtonDirect solves by Cholesky; larger ridge problems use the
// coordinate-descent inner solver.
const directNewtonMax = 500

// newtonDirect solves the quadratic model of a pure ridge penalty (lam1 =
// 0) exactly instead of by coordinate descent: with V the curvature
// weights of quadraticModel, G = X_S^T V X_S / m (activeGram), c = X_S^T v
// / m and hb = mean(v), the Newton step (delta, delta_b) solves
//
//	[G + lam2 I  c ] [delta  ]   [-(g_S + lam2 w_S)]
//	[c^T         hb] [delta_b] = [-g_b             ]
//
// (the intercept row only with an intercept), the minimiser of the model
// that coordinate descent approaches pass by pass. It costs one weighted
// Gram matrix, O(m |S|^2), and one Cholesky factorisation, O(|S|^3): on
// the correlated designs where coordinate descent needs hundreds of
// passes it is much faster, and the line search and the stopping rule are
// unchanged, so the fit stops at the same optimum to its tolerance. It
// sets st.wn, nt.bn and q = [X 1](candidate - current) as solveQuadratic
// does, and returns false (leaving q zero) when the system is not
// positive definite, e.g. an all-zero column with lam2 = 0.
func (st *logState) newtonDirect(set []int, nt *newtonStep) bool {
	n := len(set)
	G, c, _, dA := st.activeGram(set, nt.inv)
	if st.mon.stop() {
		return false // cancelled while G was built; q stays zero
	}
	k := n
	if st.intercept {
		k++
	}
	A := mat.NewSymDense(k, nil)
	rhs := make([]float64, k)
	for a, j := range set {
		for b := a; b < n; b++ {
			A.SetSym(a, b, G[a*n+b])
		}
		A.SetSym(a, a, G[a*n+a]+nt.lam2)
		rhs[a] = -(st.g[j] + nt.lam2*st.w[j])
		if st.intercept {
			A.SetSym(a, n, c[a])
		}
	}
	if st.intercept {
		A.SetSym(n, n, nt.hb)
		rhs[n] = -st.gb
	}
	var ch mat.Cholesky
	if !ch.Factorize(A) {
		return false
	}
	var x mat.VecDense
	if err := ch.SolveVecTo(&x, mat.NewVecDense(k, rhs)); err != nil {
		return false
	}
	for a, j := range set {
		dA[a] = x.AtVec(a)
		st.wn[j] = st.w[j] + dA[a]
	}
	db := 0.0
	if st.intercept {
		db = x.AtVec(n)
		nt.bn = st.b + db
	}
	st.applyActiveDelta(set, dA, db)
	return true
}
