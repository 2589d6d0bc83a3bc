package represent

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/kernel"
)

// kmProjDim is the number of principal coordinates kmProj keeps.
const kmProjDim = 16

// kmProjRows bounds the rows whose covariance gives the directions.
const kmProjRows = 512

// kmRelSlack is the relative slack on projected squared distances.
const kmRelSlack = 1e-9

// kmProj gives k-means++ seeding cheap lower bounds on squared distances:
// the coordinates of the centred rows in the kmProjDim leading principal
// directions W (zero-padded when d < kmProjDim). For orthonormal rows of W,
// every partial sum of
//
//	||W (a - b)||^2 <= ||a - b||^2,
//
// and for data like images most of ||a - b||^2 sits in the first few
// principal coordinates, so a partial sum over them usually exceeds a bound
// long before the d-dimensional distance would be known; in the variance
// ordered original columns it takes about twice as many coordinates.
// Every decision (which point is closest, which trial is best) is still
// taken on exact distances in the original coordinates; the projection only
// rules pairs out, with a slack against its rounding.
type kmProj struct {
	// xr is the m x kmProjDim matrix of projected rows.
	xr []float64
	// margin is an absolute slack on squared distances covering the
	// rounding of the projection: kmRelSlack times the largest squared
	// norm of a centred row.
	margin float64
	// pn[i] is the squared norm of row i of xr.
	pn []float64
	// mean and w (d x kmProjDim, row-major; nil when d <= kmProjDim: the
	// centred coordinates themselves) project other points (centroids).
	mean, w []float64
	d       int
	// q is the width of xr: kmProjDim, or d for kmCentred.
	q int
	// eps is the relative rounding slack of the expanded form over q
	// coordinates (kmDots).
	eps float64
}

// newKMProj projects the m x d rows x.
func newKMProj(x []float64, m, d int) *kmProj {
	const q = kmProjDim
	mean := columnMeans(x, m, d)
	// centre writes rows lo..hi-1 of x, centred, into buf
	centre := func(buf []float64, lo, hi int) {
		for i := lo; i < hi; i++ {
			o := buf[(i-lo)*d : (i-lo+1)*d]
			for j, v := range x[i*d : (i+1)*d] {
				o[j] = v - mean[j]
			}
		}
	}
	big := 0.0
	row := make([]float64, d)
	for i := 0; i < m; i++ {
		centre(row, i, i+1)
		big = max(big, kernel.Dot(row, row))
	}
	p := &kmProj{xr: make([]float64, m*q), margin: kmRelSlack * big, pn: make([]float64, m), mean: mean, d: d, q: q, eps: kmDotsEps(q)}
	defer func() {
		for i := range p.pn {
			r := p.xr[i*q : (i+1)*q]
			p.pn[i] = kernel.Dot(r, r)
		}
	}()
	if d <= q {
		// the centred rows themselves, zero-padded
		for i := 0; i < m; i++ {
			centre(p.xr[i*q:i*q+d], i, i+1)
		}
		return p
	}
	// The leading eigenvectors of the covariance of at most kmProjRows
	// evenly spaced rows: the directions need not be the exact principal
	// ones, only orthonormal (which the SVD of a symmetric matrix gives to
	// rounding whatever the sample).
	step := (m + kmProjRows - 1) / kmProjRows
	ns := (m + step - 1) / step
	sample := mat.NewDense(ns, d, nil)
	for t := 0; t < ns; t++ {
		centre(sample.RawRowView(t), t*step, t*step+1)
	}
	var cov mat.SymDense
	cov.SymOuterK(1, sample.T())
	var svd mat.SVD
	if !svd.Factorize(mat.DenseCopyOf(&cov), mat.SVDThinV) {
		// no bounds: zero coordinates prove nothing, every pair is
		// computed exactly
		p.w = make([]float64, d*q)
		return p
	}
	var v mat.Dense
	svd.VTo(&v)
	w := v.Slice(0, d, 0, q)
	p.w = make([]float64, d*q)
	mat.NewDense(d, q, p.w).Copy(w)
	// project blocks of centred rows: no m x d copy
	const block = 256
	buf := make([]float64, block*d)
	for lo := 0; lo < m; lo += block {
		hi := min(lo+block, m)
		centre(buf, lo, hi)
		mat.NewDense(hi-lo, q, p.xr[lo*q:hi*q]).Mul(mat.NewDense(hi-lo, d, buf[:(hi-lo)*d]), w)
	}
	return p
}

// project sets dst (kmProjDim values) to the projection of the point src
// (d values), as the rows of xr.
func (p *kmProj) project(dst, src, buf []float64) {
	q := p.q
	if p.w == nil {
		clear(dst[:q])
		for t, v := range src[:p.d] {
			dst[t] = v - p.mean[t]
		}
		return
	}
	for t, v := range src[:p.d] {
		buf[t] = v - p.mean[t]
	}
	clear(dst[:q])
	for t, c := range buf[:p.d] {
		axpy(c, p.w[t*q:(t+1)*q], dst[:q])
	}
}

// widen returns the bound a projected partial sum must reach to prove that
// the exact squared distance exceeds v.
func (p *kmProj) widen(v float64) float64 {
	return v*(1+kmRelSlack) + p.margin
}

// lower turns a projected partial sum s into a lower bound on the exact
// squared distance.
func (p *kmProj) lower(s float64) float64 {
	return max(0, s*(1-kmRelSlack)-p.margin)
}
