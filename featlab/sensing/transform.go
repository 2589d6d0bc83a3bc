package sensing

import (
	"math"
	"math/cmplx"
	"sync"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/dsp/fourier"
	"gonum.org/v1/gonum/mat"
)

// Basis is an orthonormal sparse basis Psi of R^m given by its fast
// transforms: Analyze computes the coefficients s = Psi^T x, Synthesize the
// signal x = Psi s. Both write dst (length Len()) and return it; dst may be
// nil (then it is allocated) but must not overlap the input. DCT, Haar and
// Separable2D are safe for concurrent use (their work space comes from a
// pool, per call); a user Basis need not be.
type Basis interface {
	Len() int
	Analyze(dst, x []float64) []float64
	Synthesize(dst, s []float64) []float64
}

// DCT is the orthonormal DCT-II of length m (scipy's dct(x, type=2,
// norm="ortho")):
//
//	s_k = sqrt(2/m) c_k sum_j x_j cos(pi k (2j + 1) / (2m)),  c_0 = 1/sqrt(2), c_k = 1 else,
//
// and its inverse, the orthonormal DCT-III. Both run in O(m log m) through a
// complex FFT of length m (Makhoul 1980).
type DCT struct {
	m    int
	tw   []complex128 // exp(-i pi k / (2m)), read only
	work sync.Pool    // of *dctWork: an FFT (which keeps work space) and a buffer
}

type dctWork struct {
	fft *fourier.CmplxFFT
	buf []complex128
}

func (d *DCT) getWork() *dctWork {
	if w, ok := d.work.Get().(*dctWork); ok {
		return w
	}
	return &dctWork{fft: fourier.NewCmplxFFT(d.m), buf: make([]complex128, d.m)}
}

// NewDCT returns the DCT of length m >= 1.
func NewDCT(m int) *DCT {
	if m < 1 {
		panic("sensing: NewDCT length < 1")
	}
	d := &DCT{m: m, tw: make([]complex128, m)}
	for k := range d.tw {
		d.tw[k] = cmplx.Exp(complex(0, -math.Pi*float64(k)/float64(2*m)))
	}
	return d
}

// Len returns m.
func (d *DCT) Len() int { return d.m }

// Analyze computes s = C x, the orthonormal DCT-II of x.
func (d *DCT) Analyze(dst, x []float64) []float64 {
	m := d.m
	dst = vecOut(dst, m)
	if len(x) != m {
		panic("sensing: DCT length mismatch")
	}
	w := d.getWork()
	defer d.work.Put(w)
	buf := w.buf
	for k := 0; k < (m+1)/2; k++ {
		buf[k] = complex(x[2*k], 0)
	}
	for k := 0; k < m/2; k++ {
		buf[m-1-k] = complex(x[2*k+1], 0)
	}
	w.fft.Coefficients(buf, buf)
	s0 := math.Sqrt(1 / float64(m))
	s1 := math.Sqrt(2 / float64(m))
	for k := 0; k < m; k++ {
		v := real(buf[k] * d.tw[k])
		if k == 0 {
			dst[k] = s0 * v
		} else {
			dst[k] = s1 * v
		}
	}
	return dst
}

// Synthesize computes x = C^T s, the inverse of Analyze.
func (d *DCT) Synthesize(dst, s []float64) []float64 {
	m := d.m
	dst = vecOut(dst, m)
	if len(s) != m {
		panic("sensing: DCT length mismatch")
	}
	// V_k = (w_k s_k) conj(tw_k) * ... with w the orthonormal weights;
	// the Hermitian-symmetric spectrum of the reordered sequence v is
	// V_k = exp(i pi k/2m) (S_k - i S_{m-k}), S the unnormalised DCT-II.
	s0 := math.Sqrt(float64(m))
	s1 := math.Sqrt(float64(m) / 2)
	S := func(k int) float64 {
		if k == 0 {
			return s0 * s[0]
		}
		if k == m {
			return 0
		}
		return s1 * s[k]
	}
	w := d.getWork()
	defer d.work.Put(w)
	buf := w.buf
	for k := 0; k < m; k++ {
		buf[k] = cmplx.Conj(d.tw[k]) * complex(S(k), -S(m-k))
	}
	w.fft.Sequence(buf, buf)
	inv := 1 / float64(m)
	for k := 0; k < (m+1)/2; k++ {
		dst[2*k] = real(buf[k]) * inv
	}
	for k := 0; k < m/2; k++ {
		dst[2*k+1] = real(buf[m-1-k]) * inv
	}
	return dst
}

// Haar is the orthonormal Haar wavelet transform of length m = 2^J with all
// J levels: the coefficient vector holds the overall scaled mean first,
// then the detail coefficients from the coarsest level to the finest,
// (a - b)/sqrt(2) of neighbouring averages. O(m).
type Haar struct {
	m   int
	tmp floatPool // scratch of length m, per call
}

// NewHaar returns the Haar transform of length m, which must be a power of
// two (m >= 1).
func NewHaar(m int) (*Haar, error) {
	if m < 1 || m&(m-1) != 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Haar length m = %d is not a power of two", m)
	}
	return &Haar{m: m, tmp: floatPool{n: m}}, nil
}

// Len returns m.
func (h *Haar) Len() int { return h.m }

// Analyze computes the Haar coefficients s = W x.
func (h *Haar) Analyze(dst, x []float64) []float64 {
	dst = vecOut(dst, h.m)
	if len(x) != h.m {
		panic("sensing: Haar length mismatch")
	}
	copy(dst, x)
	tmp := h.tmp.get()
	defer h.tmp.put(tmp)
	r := math.Sqrt2 / 2
	for n := h.m; n > 1; n /= 2 {
		half := n / 2
		for i := 0; i < half; i++ {
			a, b := dst[2*i], dst[2*i+1]
			tmp[i] = (a + b) * r
			tmp[half+i] = (a - b) * r
		}
		copy(dst[:n], tmp[:n])
	}
	return dst
}

// Synthesize computes x = W^T s, the inverse of Analyze.
func (h *Haar) Synthesize(dst, s []float64) []float64 {
	dst = vecOut(dst, h.m)
	if len(s) != h.m {
		panic("sensing: Haar length mismatch")
	}
	copy(dst, s)
	tmp := h.tmp.get()
	defer h.tmp.put(tmp)
	r := math.Sqrt2 / 2
	for n := 2; n <= h.m; n *= 2 {
		half := n / 2
		for i := 0; i < half; i++ {
			a, d := dst[i], dst[half+i]
			tmp[2*i] = (a + d) * r
			tmp[2*i+1] = (a - d) * r
		}
		copy(dst[:n], tmp[:n])
	}
	return dst
}

// Separable2D applies a one-dimensional basis along the rows and then the
// columns of an r x c image stored row-major in a vector of length r*c:
// the tensor-product basis used for images (DCT2, Haar2).
type Separable2D struct {
	R, C       int
	rows, cols Basis
	scratch    floatPool // in and out, max(R, C) each, per call
}

// NewSeparable2D returns the 2-D basis made of colBasis along each row
// (length c) and rowBasis along each column (length r).
func NewSeparable2D(rowBasis, colBasis Basis) *Separable2D {
	r, c := rowBasis.Len(), colBasis.Len()
	n := max(r, c)
	return &Separable2D{R: r, C: c, rows: rowBasis, cols: colBasis, scratch: floatPool{n: 2 * n}}
}

// DCT2 returns the orthonormal 2-D DCT-II of r x c images.
func DCT2(r, c int) *Separable2D { return NewSeparable2D(NewDCT(r), NewDCT(c)) }

// Haar2 returns the separable 2-D Haar transform of r x c images (both
// powers of two).
func Haar2(r, c int) (*Separable2D, error) {
	hr, err := NewHaar(r)
	if err != nil {
		return nil, err
	}
	hc, err := NewHaar(c)
	if err != nil {
		return nil, err
	}
	return NewSeparable2D(hr, hc), nil
}

// Len returns r*c.
func (b *Separable2D) Len() int { return b.R * b.C }

// Analyze transforms every row, then every column.
func (b *Separable2D) Analyze(dst, x []float64) []float64 { return b.apply(dst, x, true) }

// Synthesize inverts Analyze.
func (b *Separable2D) Synthesize(dst, s []float64) []float64 { return b.apply(dst, s, false) }

func (b *Separable2D) apply(dst, x []float64, fwd bool) []float64 {
	R, C := b.R, b.C
	dst = vecOut(dst, R*C)
	if len(x) != R*C {
		panic("sensing: 2-D basis length mismatch")
	}
	copy(dst, x)
	sc := b.scratch.get()
	defer b.scratch.put(sc)
	in, out := sc[:len(sc)/2], sc[len(sc)/2:]
	for i := 0; i < R; i++ {
		row := dst[i*C : (i+1)*C]
		copy(in[:C], row)
		if fwd {
			b.cols.Analyze(row, in[:C])
		} else {
			b.cols.Synthesize(row, in[:C])
		}
	}
	for j := 0; j < C; j++ {
		for i := 0; i < R; i++ {
			in[i] = dst[i*C+j]
		}
		if fwd {
			b.rows.Analyze(out[:R], in[:R])
		} else {
			b.rows.Synthesize(out[:R], in[:R])
		}
		for i := 0; i < R; i++ {
			dst[i*C+j] = out[i]
		}
	}
	return dst
}

// BasisMatrix returns the synthesis matrix Psi of a basis (m x m, column j
// = Synthesize(e_j)), so that x = Psi s and s = Psi^T x. With Phi an n x m
// measurement matrix, A = Phi Psi is the matrix of eq. 11.20. Any other
// dictionary (one learned by featlab/represent, say) is used the same way:
// A = Phi Psi with its atoms as the columns of Psi. featlab/represent stores
// a dictionary of K atoms in R^d as the K x d matrix D whose rows are the
// atoms (DictionaryLearning.Atoms, KMeans centroids, PCA components), so
// Psi = D^T (d x K, x = D^T s): mat.DenseCopyOf(dl.Atoms.T()). Such a Psi
// need not be square nor orthonormal; the recovery functions take any A.
func BasisMatrix(b Basis) (*mat.Dense, error) {
	if b == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: nil basis")
	}
	m := b.Len()
	if m > 1<<13 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: basis of length %d is too large for a dense matrix", m)
	}
	P := mat.NewDense(m, m, nil)
	e := make([]float64, m)
	col := make([]float64, m)
	for j := 0; j < m; j++ {
		e[j] = 1
		b.Synthesize(col, e)
		e[j] = 0
		for i := 0; i < m; i++ {
			P.Set(i, j, col[i])
		}
	}
	return P, nil
}

func vecOut(dst []float64, n int) []float64 {
	if dst == nil {
		return make([]float64, n)
	}
	if len(dst) != n {
		panic("sensing: destination length mismatch")
	}
	return dst
}

// floatPool hands out scratch slices of length n, one per call, so that a
// basis value is safe for concurrent use without allocating per call.
type floatPool struct {
	n int
	p sync.Pool
}

func (f *floatPool) get() []float64 {
	if v, ok := f.p.Get().(*[]float64); ok {
		return *v
	}
	return make([]float64, f.n)
}

func (f *floatPool) put(v []float64) { f.p.Put(&v) }
