package linear

import (
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// design holds the data of one regression fit in the form the solvers read:
// X as a raw row-major slice (never copied when the caller passes a
// *mat.Dense), the centring statistics when an intercept is fitted, the
// (centred) target, and the per-feature quantities every solver needs.
//
// With an intercept, Xc = X - 1 xmean^T is normally not formed: products
// with Xc are computed from X and cmean (see centreIfNeeded for the
// exception).
type design struct {
	m, d   int
	x      []float64 // row-major, stride
	stride int
	xmean  []float64 // column means; nil without intercept
	cmean  []float64 // means subtracted implicitly in products: xmean, or nil when x is already centred
	y      []float64 // target, centred when there is an intercept (own copy then)
	ymean  float64
	yy     float64   // ||y||^2 (centred)
	norm2  []float64 // ||Xc_j||^2
	xty    []float64 // Xc^T y
}

// rawDense returns the row-major data of X, copying only when X is not a
// *mat.Dense (or another RawMatrixer).
func rawDense(X mat.Matrix) blas64.General {
	if rm, ok := X.(mat.RawMatrixer); ok {
		return rm.RawMatrix()
	}
	return mat.DenseCopyOf(X).RawMatrix()
}

// newDesign checks X and y (non-empty, finite, matching lengths) and, in
// one pass over X, computes the column means (with an intercept), the
// squared column norms ||Xc_j||^2 and Xc^T y. Sums run on data shifted by
// the first row (the shifted-data algorithm), so centring loses no
// accuracy to cancellation unless a column's spread is tiny compared with
// the distance of its first value from its mean; a constant column gets a
// norm of exactly 0.
func newDesign(X mat.Matrix, y []float64, intercept bool) (*design, error) {
	if featlab.IsNil(X) {
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
	fm := float64(m)
	if intercept {
		var s float64
		for _, v := range y {
			s += v
		}
		ds.ymean = s / fm
		ds.y = make([]float64, m)
		for i, v := range y {
			ds.y[i] = v - ds.ymean
		}
	} else {
		ds.y = y
	}
	var ysum float64
	for _, v := range ds.y {
		ds.yy += v * v
		ysum += v
	}
	if ds.yy > tooLarge {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "target values too large: their sum of squares %v overflows", ds.yy)
	}
	s1 := make([]float64, d)
	s2 := make([]float64, d)
	sy := make([]float64, d)
	x0 := make([]float64, d) // the shift: row 0 with an intercept, else 0
	if intercept {
		copy(x0, ds.row(0))
	}
	i := 0
	for ; i+4 <= m; i += 4 {
		// Four rows at a time: the sums are loaded and stored once per
		// four elements.
		r0, r1, r2, r3 := ds.row(i), ds.row(i+1), ds.row(i+2), ds.row(i+3)
		y0, y1, y2, y3 := ds.y[i], ds.y[i+1], ds.y[i+2], ds.y[i+3]
		s1, s2, sy, x0 := s1[:len(r0)], s2[:len(r0)], sy[:len(r0)], x0[:len(r0)]
		r1, r2, r3 = r1[:len(r0)], r2[:len(r0)], r3[:len(r0)]
		for j, v := range r0 {
			sh := x0[j]
			c0, c1, c2, c3 := v-sh, r1[j]-sh, r2[j]-sh, r3[j]-sh
			s1[j] += (c0 + c1) + (c2 + c3)
			s2[j] += (c0*c0 + c1*c1) + (c2*c2 + c3*c3)
			sy[j] += (c0*y0 + c1*y1) + (c2*y2 + c3*y3)
		}
	}
	for ; i < m; i++ {
		row := ds.row(i)
		yi := ds.y[i]
		s1, s2, sy, x0 := s1[:len(row)], s2[:len(row)], sy[:len(row)], x0[:len(row)]
		for j, v := range row {
			c := v - x0[j]
			s1[j] += c
			s2[j] += c * c
			sy[j] += c * yi
		}
	}
	for j := 0; j < d; j++ {
		if !(s2[j] <= tooLarge) || !(math.Abs(sy[j]) <= tooLarge) {
			return nil, ds.nonFinite(j)
		}
	}
	if intercept {
		ds.xmean = make([]float64, d)
		for j := range s1 {
			c := s1[j] / fm
			ds.xmean[j] = x0[j] + c
			n2 := s2[j] - s1[j]*c
			// A column whose spread is at the rounding level of its
			// values is constant: centring it gives noise, which would
			// make the Gram matrix numerically indefinite.
			scale := 16 * eps * math.Max(math.Abs(ds.xmean[j]), math.Abs(x0[j]))
			if n2 <= fm*scale*scale || s2[j] == 0 {
				n2 = 0
				sy[j] = 0
				s2[j] = 0
				continue
			}
			s2[j] = n2
			sy[j] -= c * ysum
		}
	}
	ds.norm2, ds.xty = s2, sy
	ds.cmean = ds.xmean
	if intercept {
		ds.centreIfNeeded()
	}
	return ds, nil
}

// centreIfNeeded replaces X by a centred copy when some column's mean is
// more than 1000 standard deviations from zero. Implicit centring computes
// Xc^T v as X^T v - mean (1^T v), whose rounding error grows with
// |mean|/sd; beyond 1e3 the Gram columns would disagree with the norms
// enough to make coordinate descent unstable on nearly collinear columns.
// The copy costs one pass and m*d memory, and only such data pays it.
func (ds *design) centreIfNeeded() {
	m, d := ds.m, ds.d
	fm := float64(m)
	need := false
	for j, n2 := range ds.norm2 {
		mu := ds.xmean[j]
		if n2 > 0 && mu*mu*fm > 1e6*n2 {
			need = true
			break
		}
	}
	if !need {
		return
	}
	c := make([]float64, m*d)
	for i := 0; i < m; i++ {
		row := ds.row(i)
		dst := c[i*d : (i+1)*d]
		for j, v := range row {
			dst[j] = v - ds.xmean[j]
		}
	}
	ds.x, ds.stride, ds.cmean = c, d, nil
	for j := range ds.norm2 {
		if ds.norm2[j] == 0 {
			continue // constant, as decided from the shifted sums
		}
		var n2, xy float64
		for i := 0; i < m; i++ {
			v := c[i*d+j]
			n2 += v * v
			xy += v * ds.y[i]
		}
		ds.norm2[j], ds.xty[j] = n2, xy
	}
}

// tooLarge bounds sums of squares: beyond it the solvers' products
// (norms times weights, gap terms) could overflow.
const tooLarge = 1e250

// nonFinite returns the error for column j, whose sums were not finite:
// the first NaN or infinity in it, or a value too large to square.
func (ds *design) nonFinite(j int) error {
	for i := 0; i < ds.m; i++ {
		if v := ds.x[i*ds.stride+j]; math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "value %v at row %d, column %d", v, i, j)
		}
	}
	return featlab.Errorf(featlab.ErrNotFinite, "column %d: values too large (its sum of squares or product with y exceeds %g)", j, tooLarge)
}

// constant returns the features with zero (centred) norm.
func (ds *design) constant() []int {
	var c []int
	for j, n := range ds.norm2 {
		if n == 0 {
			c = append(c, j)
		}
	}
	return c
}

// row returns row i of X.
func (ds *design) row(i int) []float64 {
	return ds.x[i*ds.stride : i*ds.stride+ds.d]
}

// prepare is kept for the solvers' benefit; newDesign already filled
// norm2 and xty.
func (ds *design) prepare() {}

// mulVec sets dst = Xc w (length m).
func (ds *design) mulVec(dst, w []float64) {
	blas64.Gemv(blas.NoTrans, 1, ds.general(), blas64.Vector{N: ds.d, Inc: 1, Data: w}, 0, blas64.Vector{N: ds.m, Inc: 1, Data: dst})
	if ds.cmean != nil {
		var s float64
		for j, v := range w {
			s += ds.cmean[j] * v
		}
		for i := range dst {
			dst[i] -= s
		}
	}
}

// mulTVec sets dst = Xc^T v (length d).
func (ds *design) mulTVec(dst, v []float64) {
	blas64.Gemv(blas.Trans, 1, ds.general(), blas64.Vector{N: ds.m, Inc: 1, Data: v}, 0, blas64.Vector{N: ds.d, Inc: 1, Data: dst})
	if ds.cmean != nil {
		var s float64
		for _, x := range v {
			s += x
		}
		if s != 0 {
			for j := range dst {
				dst[j] -= ds.cmean[j] * s
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
	if ds.cmean == nil {
		for i := range v {
			v[i] = x[i*s+j]
		}
	} else {
		mj := ds.cmean[j]
		for i := range v {
			v[i] = x[i*s+j] - mj
		}
	}
	ds.mulTVec(dst, v)
}

// gramBlock is the number of rows of X that gramCols processes together
// (32 rows of d <= 8000 features stay in a 2 MB L2 cache).
const gramBlock = 32

// gramCols sets cols[b] = Xc^T Xc_{idx[b]} for every b in one pass over X.
// X is cut into blocks of gramBlock rows; for each block the centred
// values of the batch's columns are gathered, and each column's product
// with the block is an asm GEMV (A^T v, A the block, read from cache), so
// X is streamed from memory once per batch, however many columns it has.
// *vbuf is scratch space.
func (ds *design) gramCols(cols [][]float64, idx []int, vbuf *[]float64) {
	B, m, d := len(idx), ds.m, ds.d
	const R = gramBlock
	if cap(*vbuf) < B*R+B {
		*vbuf = make([]float64, B*R+B)
	}
	vb := (*vbuf)[:B*R]
	sv := (*vbuf)[B*R : B*R+B]
	for b := range sv {
		sv[b] = 0
	}
	for _, c := range cols {
		for k := range c {
			c[k] = 0
		}
	}
	x, st := ds.x, ds.stride
	mean := ds.cmean
	for i0 := 0; i0 < m; i0 += R {
		n := min(R, m-i0)
		for b, k := range idx {
			v := vb[b*R : b*R+n]
			for r := range v {
				v[r] = x[(i0+r)*st+k]
			}
			if mean != nil {
				mk := mean[k]
				var s float64
				for r := range v {
					v[r] -= mk
					s += v[r]
				}
				sv[b] += s
			}
		}
		A := blas64.General{Rows: n, Cols: d, Stride: st, Data: x[i0*st:]}
		for b, c := range cols {
			blas64.Gemv(blas.Trans, 1, A, blas64.Vector{N: n, Inc: 1, Data: vb[b*R:]}, 1, blas64.Vector{N: d, Inc: 1, Data: c})
		}
	}
	if mean != nil {
		// Xc^T v = X^T v - cmean (1^T v); 1^T v is ~0 for a centred v,
		// so this only removes rounding.
		for b, c := range cols {
			if sv[b] != 0 {
				floats.AddScaled(c, -sv[b], mean)
			}
		}
	}
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
