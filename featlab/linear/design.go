package linear

import (
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// design holds the data of one regression fit in the form the solvers read:
// X as a raw row-major slice (never copied when the caller passes a
// *mat.Dense), the centring statistics when an intercept is fitted, the
// (centred) target, and the per-feature quantities every solver needs.
//
// With an intercept, Xc = X - 1 xmean^T is never formed: products with Xc
// are computed from X and xmean.
type design struct {
	m, d   int
	x      []float64 // row-major, stride
	stride int
	xmean  []float64 // column means; nil without intercept
	y      []float64 // target, centred when there is an intercept (own copy then)
	ymean  float64
	yy     float64   // ||y||^2 (centred)
	norm2  []float64 // ||Xc_j||^2, filled by prepare
	xty    []float64 // Xc^T y, filled by prepare
}

// rawDense returns the row-major data of X, copying only when X is not a
// *mat.Dense (or another RawMatrixer).
func rawDense(X mat.Matrix) blas64.General {
	if rm, ok := X.(mat.RawMatrixer); ok {
		return rm.RawMatrix()
	}
	return mat.DenseCopyOf(X).RawMatrix()
}

// newDesign checks X and y (non-empty, finite, matching lengths) and
// computes the column means when intercept is set. It does not compute
// norms or X^T y (see prepare).
func newDesign(X mat.Matrix, y []float64, intercept bool) (*design, error) {
	if X == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "nil matrix")
	}
	m, d := X.Dims()
	if m == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "matrix is %dx%d", m, d)
	}
	if len(y) != m {
		return nil, featlab.Errorf(featlab.ErrShape, "X has %d rows but y has %d values", m, len(y))
	}
	if err := featlab.CheckVector(y, "target"); err != nil {
		return nil, err
	}
	raw := rawDense(X)
	ds := &design{m: m, d: d, x: raw.Data, stride: raw.Stride}
	var sums []float64
	if intercept {
		sums = make([]float64, d)
	}
	for i := 0; i < m; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "value %v at row %d, column %d", v, i, j)
			}
		}
		if intercept {
			sums = sums[:len(row)]
			for j, v := range row {
				sums[j] += v
			}
		}
	}
	if intercept {
		inv := 1 / float64(m)
		for j := range sums {
			sums[j] *= inv
		}
		ds.xmean = sums
		var s float64
		for _, v := range y {
			s += v
		}
		ds.ymean = s / float64(m)
		ds.y = make([]float64, m)
		for i, v := range y {
			ds.y[i] = v - ds.ymean
		}
	} else {
		ds.y = y
	}
	for _, v := range ds.y {
		ds.yy += v * v
	}
	return ds, nil
}

// row returns row i of X.
func (ds *design) row(i int) []float64 {
	return ds.x[i*ds.stride : i*ds.stride+ds.d]
}

// prepare fills norm2 = ||Xc_j||^2 and xty = Xc^T y in one pass over X,
// centring each element exactly (no cancellation from sum-of-squares
// formulas).
func (ds *design) prepare() {
	if ds.norm2 != nil {
		return
	}
	d := ds.d
	ds.norm2 = make([]float64, d)
	ds.xty = make([]float64, d)
	norm2, xty := ds.norm2, ds.xty
	if ds.xmean == nil {
		for i := 0; i < ds.m; i++ {
			row := ds.row(i)
			yi := ds.y[i]
			norm2 := norm2[:len(row)]
			xty := xty[:len(row)]
			for j, v := range row {
				norm2[j] += v * v
				xty[j] += v * yi
			}
		}
		return
	}
	mean := ds.xmean
	for i := 0; i < ds.m; i++ {
		row := ds.row(i)
		yi := ds.y[i]
		norm2 := norm2[:len(row)]
		xty := xty[:len(row)]
		mean := mean[:len(row)]
		for j, v := range row {
			c := v - mean[j]
			norm2[j] += c * c
			xty[j] += c * yi
		}
	}
}

// mulVec sets dst = Xc w (length m).
func (ds *design) mulVec(dst, w []float64) {
	blas64.Gemv(blas.NoTrans, 1, ds.general(), blas64.Vector{N: ds.d, Inc: 1, Data: w}, 0, blas64.Vector{N: ds.m, Inc: 1, Data: dst})
	if ds.xmean != nil {
		var s float64
		for j, v := range w {
			s += ds.xmean[j] * v
		}
		for i := range dst {
			dst[i] -= s
		}
	}
}

// mulTVec sets dst = Xc^T v (length d).
func (ds *design) mulTVec(dst, v []float64) {
	blas64.Gemv(blas.Trans, 1, ds.general(), blas64.Vector{N: ds.m, Inc: 1, Data: v}, 0, blas64.Vector{N: ds.d, Inc: 1, Data: dst})
	if ds.xmean != nil {
		var s float64
		for _, x := range v {
			s += x
		}
		if s != 0 {
			for j := range dst {
				dst[j] -= ds.xmean[j] * s
			}
		}
	}
}

func (ds *design) general() blas64.General {
	return blas64.General{Rows: ds.m, Cols: ds.d, Stride: ds.stride, Data: ds.x}
}

// gramCol sets dst = Xc^T Xc_j, using v (length m) as scratch.
func (ds *design) gramCol(dst []float64, j int, v []float64) {
	x, s := ds.x, ds.stride
	if ds.xmean == nil {
		for i := range v {
			v[i] = x[i*s+j]
		}
	} else {
		mj := ds.xmean[j]
		for i := range v {
			v[i] = x[i*s+j] - mj
		}
	}
	ds.mulTVec(dst, v)
}

// intercept returns the intercept mean(y) - mean(X) w (0 without one).
func (ds *design) intercept(w []float64) float64 {
	if ds.xmean == nil {
		return 0
	}
	b := ds.ymean
	for j, v := range w {
		b -= ds.xmean[j] * v
	}
	return b
}

// residual sets r = y - Xc w and returns ||r||^2.
func (ds *design) residual(r, w []float64) float64 {
	ds.mulVec(r, w)
	var rr float64
	for i, v := range ds.y {
		r[i] = v - r[i]
		rr += r[i] * r[i]
	}
	return rr
}
