package linear

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// eigMax returns the largest eigenvalue of G, or false if the
// decomposition failed (or gonum panicked).
func eigMax(G *mat.SymDense) (v float64, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	var es mat.EigenSym
	if !es.Factorize(G, false) {
		return 0, false
	}
	vals := es.Values(nil)
	return math.Max(vals[len(vals)-1], 0), true
}

// lipschitz returns the largest eigenvalue of Xc^T Xc (the squared
// largest singular value of Xc): exactly from the smaller of the two Gram
// matrices when min(m, d) <= 500, by power iteration otherwise.
func (ds *design) lipschitz() float64 {
	m, d := ds.m, ds.d
	if min(m, d) <= 500 {
		A := ds.denseCentred()
		var G mat.SymDense
		if d <= m {
			G.SymOuterK(1, A.T())
		} else {
			G.SymOuterK(1, A)
		}
		// Scale to a unit diagonal maximum and add 1e-12 I: gonum's
		// Dsterf panics on its rescaling path for tridiagonal blocks of
		// tiny norm, which the shift rules out. The result overestimates
		// lambda_max by 1e-12 relative, the safe side for a step 1/L.
		n, _ := G.Dims()
		var s float64
		for i := 0; i < n; i++ {
			s = math.Max(s, G.At(i, i))
		}
		if s == 0 {
			return 0
		}
		G.ScaleSym(1/s, &G)
		for i := 0; i < n; i++ {
			G.SetSym(i, i, G.At(i, i)+1e-12)
		}
		if v, ok := eigMax(&G); ok {
			return s * v
		}
	}
	// Power iteration on Xc^T Xc.
	v := make([]float64, d)
	u := make([]float64, m)
	for j := range v {
		v[j] = 1 / math.Sqrt(float64(d)) * (1 + 0.01*float64(j%7))
	}
	var lam float64
	for it := 0; it < 10000; it++ {
		ds.mulVec(u, v)
		ds.mulTVec(v, u)
		var n float64
		for _, x := range v {
			n += x * x
		}
		n = math.Sqrt(n)
		if n == 0 {
			return 0
		}
		for j := range v {
			v[j] /= n
		}
		if math.Abs(n-lam) <= 1e-13*n {
			lam = n
			break
		}
		lam = n
	}
	return lam
}

// solveProx runs proximal gradient descent (Zhou eq. 11.8-11.14) or FISTA
// on (1/2m)||y - Xc w||^2 + (l2/2)||w||^2 + l1 ||w||_1 from w, step 1/L
// with L = lambda_max(Xc^T Xc)/m + l2, until the duality gap is at most
// tol ||y||^2/m.
func solveProx(ds *design, w []float64, l1, l2, tol float64, maxIter int, fista bool, res *Result) {
	m, d := ds.m, ds.d
	fm := float64(m)
	L := ds.lipschitz()/fm + l2
	tolAbs := tol * ds.yy // unscaled gap threshold
	r := make([]float64, m)
	g := make([]float64, d)
	// state at w
	evalAt := func(x []float64) (rr, ry float64) {
		rr = ds.residual(r, x)
		for i, v := range ds.y {
			ry += r[i] * v
		}
		return rr, ry
	}
	rr, ry := evalAt(w)
	hist := []float64{objective(m, rr, w, l1, l2)}
	if L == 0 {
		// X is zero (or constant columns with an intercept): w = 0 is optimal.
		for j := range w {
			w[j] = 0
		}
		rr, _ = evalAt(w)
		res.Objective, res.Gap, res.Converged, res.History = objective(m, rr, w, l1, l2), 0, true, hist
		return
	}
	ds.mulTVec(g, r)
	gap := dualityGap(w, g, rr, ry, fm*l1, fm*l2)
	conv := gap <= tolAbs
	iter := 0
	if !fista {
		for iter < maxIter && !conv {
			// z = w - (1/L) grad f(w), grad f(w) = -g/m + l2 w   (eq. 11.11)
			for j := range w {
				z := w[j] + (g[j]/fm-l2*w[j])/L
				w[j] = SoftThreshold(z, l1/L) // eq. 11.14
			}
			iter++
			rr, ry = evalAt(w)
			hist = append(hist, objective(m, rr, w, l1, l2))
			ds.mulTVec(g, r)
			gap = dualityGap(w, g, rr, ry, fm*l1, fm*l2)
			conv = gap <= tolAbs
		}
	} else {
		// FISTA (Beck and Teboulle 2009): prox step at the extrapolated
		// point v = w_k + ((t_{k-1} - 1)/t_k)(w_k - w_{k-1}).
		prev := make([]float64, d)
		v := make([]float64, d)
		rv := make([]float64, m)
		rprev := make([]float64, m)
		copy(prev, w)
		copy(rprev, r)
		t := 1.0
		for iter < maxIter && !conv {
			tn := (1 + math.Sqrt(1+4*t*t)) / 2
			beta := (t - 1) / tn
			t = tn
			for j := range v {
				v[j] = w[j] + beta*(w[j]-prev[j])
			}
			for i := range rv {
				rv[i] = r[i] + beta*(r[i]-rprev[i]) // residual at v (linear in w)
			}
			ds.mulTVec(g, rv)
			copy(prev, w)
			copy(rprev, r)
			for j := range w {
				z := v[j] + (g[j]/fm-l2*v[j])/L
				w[j] = SoftThreshold(z, l1/L)
			}
			iter++
			rr, ry = evalAt(w)
			hist = append(hist, objective(m, rr, w, l1, l2))
			if iter%10 == 0 || iter == maxIter {
				ds.mulTVec(g, r)
				gap = dualityGap(w, g, rr, ry, fm*l1, fm*l2)
				conv = gap <= tolAbs
			}
		}
		if !conv {
			ds.mulTVec(g, r)
			gap = dualityGap(w, g, rr, ry, fm*l1, fm*l2)
			conv = gap <= tolAbs
		}
	}
	res.Iter = iter
	res.Gap = gap / fm
	res.Converged = conv
	res.Objective = hist[len(hist)-1]
	res.History = hist
}
