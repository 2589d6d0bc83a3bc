package eigen

import (
	"math"

	"github.com/featlab/course/featlab/internal/kernel"
)

// qBlock is the number of Householder reflectors applyQ applies at once.
const qBlock = 64

// panelWidth is the number of columns tridiagonalize reduces before it
// updates the trailing matrix with one matrix product.
const panelWidth = 32

// tridiagonalize reduces the symmetric n x n matrix A, given in full
// (both triangles) in the row-major a with stride lda, to the
// tridiagonal T = Q^T A Q with diagonal d and off-diagonal e, Q = H(0)
// H(1) ... H(n-2), H(c) = I - tau[c] v_c v_c^T, v_c[j] = 0 for j <= c,
// v_c[c+1] = 1 and v_c[j] = a[c lda + j] for j > c+1 on return (the
// layout of LAPACK's dsytrd with uplo Lower, read along rows). Columns
// are taken panelWidth at a time as LAPACK's dlatrd does: within a panel
// each reflector comes from its column updated by the panel's earlier
// ones, A v from one kernel.DotRows pass over the trailing rows (full
// storage: contiguous rows), corrected by the panel's V W^T + W V^T; the
// trailing matrix then receives A - V W^T - W V^T as one product
// [V W] [W V]^T by kernel.MulABt.
//
// Cost: about (1/3) n^3 multiply-adds in the matrix-vector products
// (memory-bound passes over the trailing rows) and (2/3) n^3 in the
// trailing updates (both triangles), at kernel speed.
func tridiagonalize(n int, a []float64, lda int, d, e, tau []float64) {
	nb := panelWidth
	vr := make([]float64, nb*n) // the panel's v_i as rows (zero before c+1)
	wr := make([]float64, nb*n) // and its w_i
	y := make([]float64, n)
	x := make([]float64, n*2*nb)
	z := make([]float64, n*2*nb)
	tmp := make([]float64, n*n)
	uv := make([]float64, nb) // w_p^T v, v_p^T v
	uw := make([]float64, nb)
	for j0 := 0; j0 < n; j0 += nb {
		j1 := min(j0+nb, n)
		for i := 0; i < j1-j0; i++ {
			c := j0 + i
			row := a[c*lda : c*lda+n]
			for p := 0; p < i; p++ {
				vp, wp := vr[p*n:(p+1)*n], wr[p*n:(p+1)*n]
				s, t := wp[c], vp[c]
				for j := c; j < n; j++ {
					row[j] -= s*vp[j] + t*wp[j]
				}
			}
			d[c] = row[c]
			if c == n-1 {
				break
			}
			// reflector from row[c+1:]: H x = (beta, 0, ...)
			alpha := row[c+1]
			xn := norm(row[c+2 : n])
			vi := vr[i*n : (i+1)*n]
			wi := wr[i*n : (i+1)*n]
			clear(vi[:c+1])
			clear(wi[:c+1])
			if xn == 0 {
				tau[c], e[c] = 0, alpha
				clear(vi[c+1:])
				clear(wi[c+1:])
				continue
			}
			beta := -math.Copysign(math.Hypot(alpha, xn), alpha)
			tc := (beta - alpha) / beta
			sc := 1 / (alpha - beta)
			for j := c + 2; j < n; j++ {
				row[j] *= sc
			}
			tau[c], e[c] = tc, beta
			row[c+1] = beta
			vi[c+1] = 1
			copy(vi[c+2:], row[c+2:n])
			// y = A_trail v - V (W^T v) - W (V^T v) over rows c+1..n-1
			v := vi[c+1:]
			yy := y[c+1 : n]
			kernel.DotRows(v, a[(c+1)*lda+c+1:], lda, yy)
			for p := 0; p < i; p++ {
				uw[p] = kernel.Dot(wr[p*n+c+1:(p+1)*n], v)
				uv[p] = kernel.Dot(vr[p*n+c+1:(p+1)*n], v)
			}
			for p := 0; p < i; p++ {
				vp, wp := vr[p*n+c+1:(p+1)*n], wr[p*n+c+1:(p+1)*n]
				s, t := uw[p], uv[p]
				for j := range yy {
					yy[j] -= s*vp[j] + t*wp[j]
				}
			}
			w := wi[c+1:]
			for j, u := range yy {
				w[j] = tc * u
			}
			al := -tc / 2 * kernel.Dot(w, v)
			for j, u := range v {
				w[j] += al * u
			}
		}
		if j1 >= n {
			break
		}
		// A[j1:, j1:] -= [V W] [W V]^T
		mt, k := n-j1, 2*(j1-j0)
		h := j1 - j0
		for r := 0; r < mt; r++ {
			xr, zr := x[r*k:(r+1)*k], z[r*k:(r+1)*k]
			for p := 0; p < h; p++ {
				vv, ww := vr[p*n+j1+r], wr[p*n+j1+r]
				xr[p], xr[h+p] = vv, ww
				zr[p], zr[h+p] = ww, vv
			}
		}
		kernel.MulABt(mt, mt, k, x, k, z, k, tmp, mt)
		for r := 0; r < mt; r++ {
			ar, tr := a[(j1+r)*lda+j1:(j1+r)*lda+n], tmp[r*mt:(r+1)*mt]
			for j, u := range tr {
				ar[j] -= u
			}
		}
	}
}

// applyQ sets zt = zt Q^T, that is Z = Q Z for Z = zt^T (the
// eigenvectors of T as rows of the row-major n x n zt), for the Q of
// tridiagonalize, Q = H(0) ... H(n-2), reflectors read from a. The
// reflectors are taken qBlock at a time, last block first, in the compact
// WY form H(j0) ... H(j1-1) = I - V T V^T (T upper triangular, as LAPACK's
// dlarft builds it): Z - V T (V^T Z), two products by kernel.MulABt over
// the rows j0+1.. of Z that the block touches.
//
// Cost: about n^3 multiply-adds in MulABt plus n^2 qBlock for the T
// factors.
func applyQ(n int, a []float64, lda int, tau []float64, zt []float64) {
	nr := n - 1
	// small matrices: narrower blocks, so the O(n qb^2) work on the T
	// factors stays below the products'
	qBlock := min(qBlock, max(8, n/4))
	vt := make([]float64, qBlock*n)
	v := make([]float64, n*qBlock)
	t := make([]float64, qBlock*qBlock)
	u := make([]float64, qBlock)
	wt := make([]float64, n*qBlock)
	mt := make([]float64, n*qBlock)
	tmp := make([]float64, n*n)
	last := (nr - 1) / qBlock * qBlock
	for j0 := last; j0 >= 0; j0 -= qBlock {
		j1 := min(j0+qBlock, nr)
		nb, r0 := j1-j0, j0+1
		rows := n - r0
		// vt: reflector j0+s as row s over rows r0..n-1; v its transpose
		for s := 0; s < nb; s++ {
			j := j0 + s
			row := vt[s*rows : (s+1)*rows]
			clear(row[:j+1-r0])
			row[j+1-r0] = 1
			copy(row[j+2-r0:], a[j*lda+j+2:j*lda+n])
			for r := 0; r < rows; r++ {
				v[r*nb+s] = row[r]
			}
		}
		clear(t[:nb*nb])
		for s := 0; s < nb; s++ {
			ts := tau[j0+s]
			vs := vt[s*rows : (s+1)*rows]
			for p := 0; p < s; p++ {
				// v_p and v_s overlap from row j0+s+1 on
				lo := j0 + s + 1 - r0
				u[p] = kernel.Dot(vt[p*rows+lo:(p+1)*rows], vs[lo:])
			}
			for p := 0; p < s; p++ {
				sum := 0.0
				for q := p; q < s; q++ {
					sum += t[p*nb+q] * u[q]
				}
				t[p*nb+s] = -ts * sum
			}
			t[s*nb+s] = ts
		}
		// wt = Z^T V over rows r0.. of Z; mt = wt T^T
		kernel.MulABt(n, nb, rows, zt[r0:], n, vt, rows, wt, nb)
		for i := 0; i < n; i++ {
			wi, mi := wt[i*nb:(i+1)*nb], mt[i*nb:(i+1)*nb]
			for q := 0; q < nb; q++ {
				sum := 0.0
				for p := q; p < nb; p++ {
					sum += wi[p] * t[q*nb+p]
				}
				mi[q] = sum
			}
		}
		// zt[:, r0:] -= mt V^T
		kernel.MulABt(n, rows, nb, mt, nb, v, nb, tmp, rows)
		for i := 0; i < n; i++ {
			zi, ti := zt[i*n+r0:(i+1)*n], tmp[i*rows:(i+1)*rows]
			for r, x := range ti {
				zi[r] -= x
			}
		}
	}
}

// norm returns the Euclidean norm of x: the plain sum of squares (x comes
// from a matrix scaled to a largest entry in [1, 2), so it cannot
// overflow), recomputed with math.Hypot when it may have underflowed.
func norm(x []float64) float64 {
	ss := 0.0
	for _, v := range x {
		ss += v * v
	}
	if ss < 0x1p-900 {
		h := 0.0
		for _, v := range x {
			h = math.Hypot(h, v)
		}
		return h
	}
	return math.Sqrt(ss)
}
