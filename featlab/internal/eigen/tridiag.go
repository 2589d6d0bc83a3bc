package eigen

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"

	"github.com/featlab/course/featlab/internal/kernel"
)

// leafSize is the largest block Tridiag hands to gonum's Dsteqr instead
// of splitting it (LAPACK's dstedc uses 25).
const leafSize = 32

// Tridiag computes every eigenvalue and eigenvector of the n x n symmetric
// tridiagonal matrix T with diagonal d (length n) and off-diagonal e
// (length n-1): on return d holds the eigenvalues in ascending order and
// the columns of the row-major n x n z (stride ldz) the orthonormal
// eigenvectors, T = Z diag(d) Z^T; e is overwritten. It returns false only
// if Dsteqr fails on a leaf block or an entry is not finite.
//
// Method: Cuppen's divide and conquer (see the package comment), on T
// scaled by a power of two so that its largest entry is in [1, 2) (exact,
// and undone on the eigenvalues). Deflation tolerance, as LAPACK's dlaed2:
// with z normalised to unit length, a z_j with rho |z_j| <= 8 eps
// max(max|d|, max|z|) is dropped (its d_j is an eigenvalue), and two
// poles whose rotation into one leaves an off-diagonal |(d_j - d_i) c s|
// <= the same tolerance are merged. Each deflation perturbs T by at most
// the tolerance, so the residual is O(n eps ||T||).
//
// Cost: O(n^2) per merge for the secular equations plus the
// eigenvector products, about (4/3) n^3 multiply-adds in all without
// deflation (less with it), at kernel.MulABt's speed.
func Tridiag(d, e []float64, z []float64, ldz int) bool {
	n := len(d)
	if n == 0 {
		return true
	}
	for r := 0; r < n; r++ {
		clear(z[r*ldz : r*ldz+n])
	}
	big := 0.0
	for _, v := range d {
		big = math.Max(big, math.Abs(v))
	}
	for _, v := range e[:n-1] {
		big = math.Max(big, math.Abs(v))
	}
	if math.IsNaN(big) || math.IsInf(big, 0) {
		return false
	}
	if big == 0 {
		for r := 0; r < n; r++ {
			z[r*ldz+r] = 1
		}
		return true
	}
	_, exp := math.Frexp(big)
	for j := range d {
		d[j] = math.Ldexp(d[j], 1-exp)
	}
	for j := range e[:n-1] {
		e[j] = math.Ldexp(e[j], 1-exp)
	}
	if !dc(d, e[:n-1], z, ldz, newWorkspace(n)) {
		return false
	}
	for j := range d {
		d[j] = math.Ldexp(d[j], exp-1)
	}
	return true
}

// workspace holds merge's scratch for blocks of up to n rows, allocated
// once per Tridiag call (fresh large allocations per merge cost more in
// page faults than the merge's arithmetic).
type workspace struct {
	z, ds, zs, lam, dl, w, zh []float64
	col, typ, perm, ord       []int
	out, ut, qg, b            []float64
}

func newWorkspace(n int) *workspace {
	f := func(m int) []float64 { return make([]float64, m) }
	i := func(m int) []int { return make([]int, m) }
	return &workspace{
		z: f(n), ds: f(n), zs: f(n), lam: f(n), dl: f(n), w: f(n), zh: f(n),
		col: i(n), typ: i(n), perm: i(n), ord: i(n),
		out: f(n * n), ut: f(n * n), qg: f(n * n), b: f(n * n),
	}
}

// dc solves the block: d, e the block's tridiagonal, q its n x n block of
// the eigenvector matrix (zero on entry).
func dc(d, e, q []float64, ldq int, ws *workspace) bool {
	n := len(d)
	if n <= leafSize {
		for r := 0; r < n; r++ {
			q[r*ldq+r] = 1
		}
		if n == 1 {
			return true
		}
		var impl gonum.Implementation
		work := make([]float64, 2*(n-1))
		return impl.Dsteqr(lapack.EVTridiag, n, d, e, q, ldq, work)
	}
	n1 := n / 2
	beta := e[n1-1]
	d[n1-1] -= math.Abs(beta)
	d[n1] -= math.Abs(beta)
	if !dc(d[:n1], e[:n1-1], q, ldq, ws) || !dc(d[n1:], e[n1:], q[n1*ldq+n1:], ldq, ws) {
		return false
	}
	merge(d, n1, beta, q, ldq, ws)
	return true
}

// Column types of merge: nonzero in the top n1 rows only, in both, in
// the bottom rows only.
const (
	colTop = iota
	colBoth
	colBottom
)

// merge turns the eigensystems of the two halves (d[:n1], q's top-left
// block; d[n1:], its bottom-right block) into that of the whole block,
// diag(Q1, Q2) (diag(D1, D2) + |beta| u u^T) diag(Q1, Q2)^T with u the
// last row of Q1 followed by sign(beta) times the first row of Q2.
func merge(d []float64, n1 int, beta float64, q []float64, ldq int, ws *workspace) {
	n := len(d)
	z := ws.z[:n]
	for j := 0; j < n1; j++ {
		z[j] = q[(n1-1)*ldq+j]
	}
	sgn := math.Copysign(1, beta)
	for j := n1; j < n; j++ {
		z[j] = sgn * q[n1*ldq+j]
	}
	nrm := 0.0
	for _, v := range z {
		nrm = math.Hypot(nrm, v)
	}
	rho := math.Abs(beta) * nrm * nrm
	for j := range z {
		z[j] /= nrm
	}

	// sorted order of the poles; col[j] is the column of q of pole j
	col := ws.col[:n]
	for j := range col {
		col[j] = j
	}
	sort.SliceStable(col, func(a, b int) bool { return d[col[a]] < d[col[b]] })
	ds, zs, typ := ws.ds[:n], ws.zs[:n], ws.typ[:n]
	dmax, zmax := 0.0, 0.0
	for j, c := range col {
		ds[j], zs[j] = d[c], z[c]
		typ[j] = colTop
		if c >= n1 {
			typ[j] = colBottom
		}
		dmax = math.Max(dmax, math.Abs(ds[j]))
		zmax = math.Max(zmax, math.Abs(zs[j]))
	}
	tol := 8 * eps * math.Max(dmax, zmax)

	// keep and defl share ws.perm: keep grows from the front, defl is
	// collected in ws.ord and copied behind it
	keep, defl := ws.perm[:0], ws.ord[:0]
	pj := -1
	for j := 0; j < n; j++ {
		if rho*math.Abs(zs[j]) <= tol {
			defl = append(defl, j)
			continue
		}
		if pj < 0 {
			pj = j
			continue
		}
		s, c := zs[pj], zs[j]
		tau := math.Hypot(c, s)
		t := ds[j] - ds[pj]
		c /= tau
		s = -s / tau
		if math.Abs(t*c*s) <= tol {
			// rotate poles pj and j into one: z_pj becomes 0
			zs[j], zs[pj] = tau, 0
			cp, cj := col[pj], col[j]
			for r := 0; r < n; r++ {
				x, y := q[r*ldq+cp], q[r*ldq+cj]
				q[r*ldq+cp] = c*x + s*y
				q[r*ldq+cj] = c*y - s*x
			}
			if typ[pj] != typ[j] {
				typ[pj], typ[j] = colBoth, colBoth
			}
			dp := ds[pj]*c*c + ds[j]*s*s
			ds[j] = ds[pj]*s*s + ds[j]*c*c
			ds[pj] = dp
			defl = append(defl, pj)
		} else {
			keep = append(keep, pj)
		}
		pj = j
	}
	if pj >= 0 {
		keep = append(keep, pj)
	}

	k := len(keep)
	lam := ws.lam[:n] // the eigenvalues, in output order below
	out := ws.out[:n*n]
	if k > 0 {
		dl, w := ws.dl[:k], ws.w[:k]
		for i, j := range keep {
			dl[i], w[i] = ds[j], zs[j]
		}
		// ut row i: root i's delta, then its eigenvector of D + rho w w^T
		ut := ws.ut[:k*k]
		for i := 0; i < k; i++ {
			lam[i] = secularRoot(i, dl, w, rho, ut[i*k:(i+1)*k])
		}
		// Gu-Eisenstat: zhat_j^2 = (lam_j - dl_j) prod_{i != j}
		// (lam_i - dl_j) / (dl_i - dl_j), up to the factor 1/rho that
		// the normalisation below removes.
		zh := ws.zh[:k]
		for j := range zh {
			zh[j] = -ut[j*k+j]
		}
		for i := 0; i < k; i++ {
			row := ut[i*k : (i+1)*k]
			for j := range zh {
				if j != i {
					zh[j] *= -row[j] / (dl[i] - dl[j])
				}
			}
		}
		for j := range zh {
			zh[j] = math.Copysign(math.Sqrt(math.Abs(zh[j])), w[j])
		}
		for i := 0; i < k; i++ {
			row := ut[i*k : (i+1)*k]
			s := 0.0
			for j := range row {
				row[j] = zh[j] / row[j]
				s += row[j] * row[j]
			}
			s = 1 / math.Sqrt(s)
			for j := range row {
				row[j] *= s
			}
		}
		// order the kept poles top, both, bottom: the top rows of q
		// meet only the first two groups, the bottom rows the last two
		var grp [3][]int
		for i, j := range keep {
			grp[typ[j]] = append(grp[typ[j]], i)
		}
		ord := append(append(append([]int(nil), grp[colTop]...), grp[colBoth]...), grp[colBottom]...)
		k1, k2 := len(grp[colTop]), len(grp[colBoth])
		// qg: q's kept columns in that order; b: ut's columns likewise
		qg, b := ws.qg[:n*k], ws.b[:k*k]
		for r := 0; r < n; r++ {
			qr := q[r*ldq : r*ldq+n]
			g := qg[r*k : (r+1)*k]
			for t, i := range ord {
				g[t] = qr[col[keep[i]]]
			}
		}
		for i := 0; i < k; i++ {
			src, dst := ut[i*k:(i+1)*k], b[i*k:(i+1)*k]
			for t, c := range ord {
				dst[t] = src[c]
			}
		}
		// out's first k columns: the new eigenvectors (stride n)
		kernel.MulABt(n1, k, k1+k2, qg, k, b, k, out, n)
		kernel.MulABt(n-n1, k, k-k1, qg[n1*k+k1:], k, b[k1:], k, out[n1*n:], n)
	}
	for t, j := range defl {
		lam[k+t] = ds[j]
		c := col[j]
		for r := 0; r < n; r++ {
			out[r*n+k+t] = q[r*ldq+c]
		}
	}
	// ascending eigenvalues, ties in the order above
	perm := make([]int, n)
	for j := range perm {
		perm[j] = j
	}
	sort.SliceStable(perm, func(a, b int) bool { return lam[perm[a]] < lam[perm[b]] })
	for t, p := range perm {
		d[t] = lam[p]
	}
	for r := 0; r < n; r++ {
		src, dst := out[r*n:(r+1)*n], q[r*ldq:r*ldq+n]
		for t, p := range perm {
			dst[t] = src[p]
		}
	}
}
