package transform

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

// Norm names a vector norm of an instance (a row of X).
type Norm int

const (
	// L2 is the Euclidean norm ||x||_2 = sqrt(sum_j x_j^2) (the default).
	L2 Norm = iota
	// L1 is ||x||_1 = sum_j |x_j|.
	L1
	// LInf is ||x||_inf = max_j |x_j| (scikit-learn's norm="max").
	LInf
)

func (n Norm) String() string {
	switch n {
	case L2:
		return "l2"
	case L1:
		return "l1"
	case LInf:
		return "linf"
	}
	return fmt.Sprintf("Norm(%d)", int(n))
}

func (n Norm) check(who string) error {
	if n < L2 || n > LInf {
		return featlab.Errorf(featlab.ErrParam, "transform: %s: unknown Norm %d", who, int(n))
	}
	return nil
}

// tinySumSq is the sum of squares below which some squares may have
// underflowed (a square below 2^-1022 is subnormal, below 2^-1074 zero):
// the l2 norm is then recomputed on the row scaled by its largest entry.
const tinySumSq = 0x1p-960

// of returns the norm of row. For l2 it sums squares directly, as
// scikit-learn does, and rescales by max|x_j| when that overflows or when
// the squares may have underflowed (a non-zero row whose squares underflow
// would otherwise get norm 0).
func (n Norm) of(row []float64) float64 {
	switch n {
	case L1:
		s := 0.0
		for _, v := range row {
			s += math.Abs(v)
		}
		return s
	case LInf:
		s := 0.0
		for _, v := range row {
			s = max(s, math.Abs(v))
		}
		return s
	}
	// four partial sums (kernel.SumSq, the bits of kernel.Dot): the sum
	// is not one long chain of dependent additions
	s := kernel.SumSq(row)
	if !math.IsInf(s, 1) && s >= tinySumSq {
		return math.Sqrt(s)
	}
	mx := LInf.of(row)
	if mx == 0 {
		return 0
	}
	s = 0
	for _, v := range row {
		s += (v / mx) * (v / mx)
	}
	return mx * math.Sqrt(s)
}

// RowNormalize scales every instance (row) to unit norm:
//
//	x <- x / ||x||
//
// for the l2 (default), l1 or l-infinity norm. It is useful when the
// relative values of an instance's features matter rather than their size
// (word counts of documents of different lengths, images of objects of
// different brightness): a large object that produces large values in all
// features maps to the same point as a small one of the same shape. A zero
// row has no direction and stays zero (as in scikit-learn's Normalizer,
// which this matches with norm "l2", "l1" or "max").
//
// RowNormalize treats each row on its own, so it learns nothing from the
// training data except its number of columns.
type RowNormalize struct {
	Norm Norm // the norm; the zero value is L2
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	norm Norm
}

// Fit checks X and records the number of columns.
func (r *RowNormalize) Fit(X mat.Matrix) error {
	if err := r.Norm.check("RowNormalize"); err != nil {
		return err
	}
	if _, err := r.fitStateless(X, r.Workers); err != nil {
		return err
	}
	r.norm = r.Norm
	return nil
}

// Transform divides every row of X by its norm (zero rows stay zero).
func (r *RowNormalize) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := r.check(X, "RowNormalize", r.Workers)
	if err != nil {
		return nil, err
	}
	return normalizeRows(x, r.norm)
}

// fitTransform is Fit then Transform in one pass over X: Fit's NaN/Inf
// check is the one Transform makes row by row (the same error, naming the
// first bad cell), and r is fitted only when X is accepted.
func (r *RowNormalize) fitTransform(X mat.Matrix) (*mat.Dense, error) {
	if err := r.Norm.check("RowNormalize"); err != nil {
		return nil, err
	}
	x, err := rawOf(X, r.Workers)
	if err != nil {
		return nil, err
	}
	out, err := normalizeRows(x, r.Norm)
	if err != nil {
		return nil, err
	}
	r.setFitted(x.cols)
	r.norm = r.Norm
	return out, nil
}

// normalizeRows returns x with every row divided by its norm (zero rows
// stay zero), rejecting NaN and infinities.
//
// When copyInPlace(x), the output starts as a copy of x made by
// append (not zeroed first, as mapRowsChecked's) and each row is mapped
// in place.
func normalizeRows(x raw, norm Norm) (*mat.Dense, error) {
	out, inPlace := rowMapOutput(x)
	o := out.RawMatrix()
	// The NaN/Inf check is made row by row in the same pass (the row is
	// in cache; for l2 a finite sum of squares already shows the row
	// finite); forChunks reports the lowest failing chunk, so the error
	// names the first bad cell in row-major order.
	err := forChunks(x.rows, x.cols, x.workers, func(_, lo, hi int) error {
		for i := lo; i < hi; i++ {
			in := x.row(i)
			dst := o.Data[i*o.Stride : i*o.Stride+len(in)]
			if inPlace {
				in = dst // the same values
			}
			var nrm float64
			if norm == L2 {
				// SumSq is NaN or +Inf when a value is.
				if s := kernel.SumSq(in); s >= tinySumSq && !math.IsInf(s, 1) {
					nrm = math.Sqrt(s)
				} else {
					nrm = -1
				}
			}
			if nrm <= 0 && !kernel.Finite(in) {
				for j, v := range in {
					if !finite(v) {
						return notFinite(i, j, v)
					}
				}
			}
			if nrm <= 0 {
				nrm = norm.of(in)
			}
			if nrm == 0 {
				clear(dst) // +0 for a row of signed zeros too
				continue
			}
			if math.IsInf(nrm, 1) || nrm < 0x1p-500 {
				// The norm overflows or is tiny: normalize
				// x / max|x_j| instead, which has the same direction
				// and a norm in [1, d].
				mx := LInf.of(in)
				for j, v := range in {
					dst[j] = v / mx
				}
				in = dst
				nrm = norm.of(in)
			}
			kernel.DivScalar(dst, in, nrm)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Norms returns the norm of every row of X, ||x_i||, for the given norm.
func Norms(X mat.Matrix, n Norm) ([]float64, error) {
	if err := n.check("Norms"); err != nil {
		return nil, err
	}
	x, err := rawOf(X, 0)
	if err != nil {
		return nil, err
	}
	if err := checkFinite(x); err != nil {
		return nil, err
	}
	out := make([]float64, x.rows)
	for i := range out {
		out[i] = n.of(x.row(i))
	}
	return out, nil
}

// MeanNormScale is the scaling of Remark 25.5: one factor for all features,
// chosen on the training data so that the average norm of the training
// instances becomes 1:
//
//	c = (1/m) sum_i ||x_i||,     x <- x / c
//
// Unlike the per-feature transformations its parameter depends on all
// features at once. If every training row is zero, c = 1. InverseTransform
// multiplies by c.
type MeanNormScale struct {
	Norm Norm // the norm; the zero value is L2
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	c float64
}

// Fit learns c, the mean norm of the rows of X.
func (s *MeanNormScale) Fit(X mat.Matrix) error {
	norms, err := Norms(X, s.Norm)
	if err != nil {
		return err
	}
	c := 0.0
	for _, v := range norms {
		c += v
	}
	c /= float64(len(norms))
	if math.IsInf(c, 0) {
		// the sum overflows: average the norms scaled by the largest
		mx := 0.0
		for _, v := range norms {
			mx = max(mx, v)
		}
		c = 0
		for _, v := range norms {
			c += v / mx
		}
		c = mx * (c / float64(len(norms)))
	}
	if math.IsInf(c, 0) {
		return featlab.Errorf(featlab.ErrNotFinite, "transform: MeanNormScale: the mean row norm overflows float64")
	}
	if c == 0 {
		c = 1
	}
	_, d := X.Dims()
	s.c = c
	s.setFitted(d)
	return nil
}

// Factor returns the learned c (0 before Fit).
func (s *MeanNormScale) Factor() float64 { return s.c }

// Transform returns X / c.
func (s *MeanNormScale) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := s.check(X, "MeanNormScale", s.Workers)
	if err != nil {
		return nil, err
	}
	return affine(x, make([]float64, s.d), constant(s.d, s.c), true)
}

// InverseTransform returns X * c.
func (s *MeanNormScale) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := s.check(X, "MeanNormScale", s.Workers)
	if err != nil {
		return nil, err
	}
	return affine(x, make([]float64, s.d), constant(s.d, s.c), false)
}

func constant(d int, v float64) []float64 {
	s := make([]float64, d)
	for j := range s {
		s[j] = v
	}
	return s
}
