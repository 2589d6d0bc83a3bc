// Package design is the design-matrix core of featlab's linear solvers:
// one regression data set (X, y) in the form coordinate descent, proximal
// gradient and greedy methods read. X is kept as a raw row-major slice
// (never copied when the caller passes a *mat.Dense: see matx.RowMajor),
// with the centring statistics when an intercept is fitted, the (centred)
// target, the squared column norms ||Xc_j||^2 and Xc^T y. It offers the
// products every solver needs: Xc w, Xc^T v, Gram columns Xc^T Xc_j (one
// or a batch in one pass over X), residuals, the intercept of a fit and
// the Lipschitz constant lambda_max(Xc^T Xc).
//
// With an intercept, Xc = X - 1 xmean^T is normally not formed: products
// with Xc are computed from X and the means (see New for the exception).
//
// A Design is read-only after New and may be shared by goroutines; the
// methods that take scratch space use only what the caller passes.
package design

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Design holds one regression data set. The exported fields are read-only.
type Design struct {
	M, D   int       // rows (examples) and columns (features)
	X      []float64 // X, row-major with Stride (centred only in the case New documents)
	Stride int
	XMean  []float64 // column means; nil without intercept
	Y      []float64 // target, centred when there is an intercept (own copy then)
	YMean  float64   // mean of the target (0 without intercept)
	YY     float64   // ||Y||^2 (centred)
	Norm2  []float64 // ||Xc_j||^2; exactly 0 for a constant column
	XtY    []float64 // Xc^T Y

	cmean []float64 // means subtracted implicitly in products: XMean, or nil when X is already centred
}

const eps = 0x1p-52

// New checks X and y (non-empty, finite, matching lengths) and, in
// one pass over X, computes the column means (with an intercept), the
// squared column norms ||Xc_j||^2 and Xc^T y. Sums run on data shifted by
// the first row (the shifted-data algorithm), so centring loses no
// accuracy to cancellation unless a column's spread is tiny compared with
// the distance of its first value from its mean; a constant column gets a
// norm of exactly 0. X is copied (centred) only when some column's mean
// is more than 1000 standard deviations from zero: implicit centring would
// then lose too much accuracy. Errors wrap featlab.ErrEmpty, ErrShape or
// ErrNotFinite and name the row and column at fault.
func New(X mat.Matrix, y []float64, intercept bool) (*Design, error) {
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
	raw := matx.RowMajor(X)
	ds := &Design{M: m, D: d, X: raw.Data, Stride: raw.Stride}
	fm := float64(m)
	if intercept {
		var s float64
		for _, v := range y {
			s += v
		}
		ds.YMean = s / fm
		ds.Y = make([]float64, m)
		for i, v := range y {
			ds.Y[i] = v - ds.YMean
		}
	} else {
		ds.Y = y
	}
	var ysum float64
	for _, v := range ds.Y {
		ds.YY += v * v
		ysum += v
	}
	if ds.YY > tooLarge {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "target values too large: their sum of squares %v overflows", ds.YY)
	}
	s1 := make([]float64, d)
	s2 := make([]float64, d)
	sy := make([]float64, d)
	x0 := make([]float64, d) // the shift: row 0 with an intercept, else 0
	if intercept {
		copy(x0, ds.Row(0))
	}
	i := 0
	for ; i+4 <= m; i += 4 {
		// Four rows at a time: the sums are loaded and stored once per
		// four elements.
		r0, r1, r2, r3 := ds.Row(i), ds.Row(i+1), ds.Row(i+2), ds.Row(i+3)
		y0, y1, y2, y3 := ds.Y[i], ds.Y[i+1], ds.Y[i+2], ds.Y[i+3]
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
		row := ds.Row(i)
		yi := ds.Y[i]
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
		ds.XMean = make([]float64, d)
		for j := range s1 {
			c := s1[j] / fm
			ds.XMean[j] = x0[j] + c
			n2 := s2[j] - s1[j]*c
			// A column whose spread is at the rounding level of its
			// values is constant: centring it gives noise, which would
			// make the Gram matrix numerically indefinite.
			scale := 16 * eps * math.Max(math.Abs(ds.XMean[j]), math.Abs(x0[j]))
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
	ds.Norm2, ds.XtY = s2, sy
	ds.cmean = ds.XMean
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
func (ds *Design) centreIfNeeded() {
	m, d := ds.M, ds.D
	fm := float64(m)
	need := false
	for j, n2 := range ds.Norm2 {
		mu := ds.XMean[j]
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
		row := ds.Row(i)
		dst := c[i*d : (i+1)*d]
		for j, v := range row {
			dst[j] = v - ds.XMean[j]
		}
	}
	ds.X, ds.Stride, ds.cmean = c, d, nil
	for j := range ds.Norm2 {
		if ds.Norm2[j] == 0 {
			continue // constant, as decided from the shifted sums
		}
		var n2, xy float64
		for i := 0; i < m; i++ {
			v := c[i*d+j]
			n2 += v * v
			xy += v * ds.Y[i]
		}
		ds.Norm2[j], ds.XtY[j] = n2, xy
	}
}

// tooLarge bounds sums of squares: beyond it the solvers' products
// (norms times weights, gap terms) could overflow.
const tooLarge = 1e250

// nonFinite returns the error for column j, whose sums were not finite:
// the first NaN or infinity in it, or a value too large to square.
func (ds *Design) nonFinite(j int) error {
	for i := 0; i < ds.M; i++ {
		if v := ds.X[i*ds.Stride+j]; math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.NotFiniteCell(v, i, fmt.Sprintf("column %d", j))
		}
	}
	return featlab.Errorf(featlab.ErrNotFinite, "column %d: values too large (its sum of squares or product with y exceeds %g)", j, tooLarge)
}

// constant returns the features with zero (centred) norm.
func (ds *Design) Constant() []int {
	var c []int
	for j, n := range ds.Norm2 {
		if n == 0 {
			c = append(c, j)
		}
	}
	return c
}

// row returns row i of X.
func (ds *Design) Row(i int) []float64 {
	return ds.X[i*ds.Stride : i*ds.Stride+ds.D]
}

// mulVec sets dst = Xc w (length m).
func (ds *Design) MulVec(dst, w []float64) {
	blas64.Gemv(blas.NoTrans, 1, ds.General(), blas64.Vector{N: ds.D, Inc: 1, Data: w}, 0, blas64.Vector{N: ds.M, Inc: 1, Data: dst})
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
func (ds *Design) MulTVec(dst, v []float64) {
	blas64.Gemv(blas.Trans, 1, ds.General(), blas64.Vector{N: ds.M, Inc: 1, Data: v}, 0, blas64.Vector{N: ds.D, Inc: 1, Data: dst})
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

func (ds *Design) General() blas64.General {
	return blas64.General{Rows: ds.M, Cols: ds.D, Stride: ds.Stride, Data: ds.X}
}

// gramCol sets dst = Xc^T Xc_j, using v (length m) as scratch.
func (ds *Design) GramCol(dst []float64, j int, v []float64) {
	ds.Column(v, j)
	ds.MulTVec(dst, v)
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
func (ds *Design) GramCols(cols [][]float64, idx []int, vbuf *[]float64) {
	B, m, d := len(idx), ds.M, ds.D
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
	x, st := ds.X, ds.Stride
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
func (ds *Design) Intercept(w []float64) float64 {
	if ds.XMean == nil {
		return 0
	}
	b := ds.YMean
	for j, v := range w {
		b -= ds.XMean[j] * v
	}
	return b
}

// residual sets r = y - Xc w and returns ||r||^2.
func (ds *Design) Residual(r, w []float64) float64 {
	ds.MulVec(r, w)
	var rr float64
	for i, v := range ds.Y {
		r[i] = v - r[i]
		rr += r[i] * r[i]
	}
	return rr
}

// DenseCentred returns X (centred when the design has an intercept) as a
// new *mat.Dense.
func (ds *Design) DenseCentred() *mat.Dense {
	A := mat.NewDense(ds.M, ds.D, nil)
	data := A.RawMatrix().Data
	for i := 0; i < ds.M; i++ {
		dst := data[i*ds.D : (i+1)*ds.D]
		copy(dst, ds.Row(i))
		if ds.cmean != nil {
			for j := range dst {
				dst[j] -= ds.cmean[j]
			}
		}
	}
	return A
}

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

// Lipschitz returns the largest eigenvalue of Xc^T Xc (the squared
// largest singular value of Xc): exactly from the smaller of the two Gram
// matrices when min(m, d) <= 500, by power iteration otherwise.
func (ds *Design) Lipschitz() float64 {
	m, d := ds.M, ds.D
	if min(m, d) <= 500 {
		A := ds.DenseCentred()
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
	u := make([]float64, m)
	return PowerIteration(d, func(dst, v []float64) {
		ds.MulVec(u, v)
		ds.MulTVec(dst, u)
	}, 1e-13, 10000)
}

// PowerIteration returns the largest eigenvalue of a symmetric positive
// semidefinite n x n operator A, given as apply(dst, v) setting dst = A v,
// by the power method: v <- A v / ||A v|| from a fixed start with no
// symmetry (so that it is not orthogonal to the top eigenvector of a
// structured matrix), until ||A v|| changes by at most rtol relative or
// after maxIter products. The estimate approaches lambda_max from below;
// callers that need a safe upper bound add a margin.
func PowerIteration(n int, apply func(dst, v []float64), rtol float64, maxIter int) float64 {
	v := make([]float64, n)
	av := make([]float64, n)
	for j := range v {
		v[j] = 1 / math.Sqrt(float64(n)) * (1 + 0.01*float64(j%7))
	}
	var lam float64
	for it := 0; it < maxIter; it++ {
		apply(av, v)
		nrm := floats.Norm(av, 2)
		if nrm == 0 || math.IsNaN(nrm) {
			return 0
		}
		for j := range v {
			v[j] = av[j] / nrm
		}
		if math.Abs(nrm-lam) <= rtol*nrm {
			return nrm
		}
		lam = nrm
	}
	return lam
}

// Column sets dst (length M) to the centred column Xc_j.
func (ds *Design) Column(dst []float64, j int) {
	x, st := ds.X, ds.Stride
	if ds.cmean == nil {
		for i := range dst {
			dst[i] = x[i*st+j]
		}
		return
	}
	mj := ds.cmean[j]
	for i := range dst {
		dst[i] = x[i*st+j] - mj
	}
}

// Columns gathers centred columns Xc_j on first use and keeps them: the
// contiguous columns coordinate descent reads (residual updates, logistic
// regression) without a full column-major copy of X when only some
// columns are ever needed. Not safe for concurrent use.
type Columns struct {
	ds   *Design
	cols [][]float64
}

// Columns returns an empty column cache on ds.
func (ds *Design) Columns() *Columns {
	return &Columns{ds: ds, cols: make([][]float64, ds.D)}
}

// Col returns Xc_j (length M; do not write), gathering it on first use.
func (c *Columns) Col(j int) []float64 {
	if c.cols[j] == nil {
		v := make([]float64, c.ds.M)
		c.ds.Column(v, j)
		c.cols[j] = v[:len(v):len(v)]
	}
	return c.cols[j]
}

// ColDot returns Xc_j^T v, reading column j in place (strided); vsum is
// sum(v) (used only with implicit centring).
func (ds *Design) ColDot(j int, v []float64, vsum float64) float64 {
	x, st := ds.X, ds.Stride
	var s float64
	for i, vi := range v {
		s += x[i*st+j] * vi
	}
	if ds.cmean != nil {
		s -= ds.cmean[j] * vsum
	}
	return s
}

// Fill gathers every column at once, in one row-wise pass into one
// column-major slab (cheaper than column by column when all will be
// read, as logistic regression's coordinate descent does).
func (c *Columns) Fill() { c.FillStop(nil) }

// FillStop is Fill that calls stop (when not nil) every 4096 rows and
// returns false, leaving the columns unfilled, as soon as it reports true:
// at 10^5 x 300 the copy takes about a second (most of it first touches
// of the new memory), too long to wait for after a cancel.
func (c *Columns) FillStop(stop func() bool) bool {
	ds := c.ds
	m, d := ds.M, ds.D
	slab := make([]float64, m*d)
	for i := 0; i < m; i++ {
		if i%4096 == 0 && stop != nil && stop() {
			return false
		}
		for j, v := range ds.Row(i) {
			slab[j*m+i] = v
		}
	}
	for j := range c.cols {
		col := slab[j*m : (j+1)*m : (j+1)*m]
		if ds.cmean != nil {
			mu := ds.cmean[j]
			for i := range col {
				col[i] -= mu
			}
		}
		c.cols[j] = col
	}
	return true
}
