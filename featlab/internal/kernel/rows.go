package kernel

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// Dot returns a . b (b at least as long as a): four partial sums,
// (s0 + s1) + (s2 + s3).
func Dot(a, b []float64) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	n := len(a) &^ 3
	for i := 0; i < n; i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for i := n; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// SqDistBelow returns ||a - b||^2 when it is below bound; otherwise it may
// stop early and return any value >= bound (partial distance search, in
// blocks of 16 coordinates).
func SqDistBelow(a, b []float64, bound float64) float64 {
	b = b[:len(a)]
	s := 0.0
	i := 0
	for ; i+16 <= len(a); i += 16 {
		s += SqDist(a[i:i+16], b[i:i+16])
		if s >= bound {
			return s
		}
	}
	if i < len(a) {
		s += SqDist(a[i:], b[i:])
	}
	return s
}

// DenseRows returns a contiguous row-major copy-or-view of X: a *mat.Dense
// with stride == cols is used as is (the caller must not write to it),
// anything else is copied.
func DenseRows(X mat.Matrix) (data []float64, m, d int) {
	g := matx.RowMajor(X)
	if g.Stride == g.Cols {
		return g.Data[:g.Rows*g.Cols], g.Rows, g.Cols
	}
	out := make([]float64, g.Rows*g.Cols)
	for i := 0; i < g.Rows; i++ {
		copy(out[i*g.Cols:(i+1)*g.Cols], g.Data[i*g.Stride:i*g.Stride+g.Cols])
	}
	return out, g.Rows, g.Cols
}

// CheckScale returns an error wrapping featlab.ErrNotFinite when the sum of
// squares of x overflows, so that no fit reports an infinite inertia,
// variance or objective. who prefixes the message ("represent"), what
// names x.
func CheckScale(x []float64, who, what string) error {
	s := 0.0
	for _, v := range x {
		s += v * v
	}
	if math.IsInf(s, 0) {
		return featlab.Errorf(featlab.ErrNotFinite, "%s: the sum of squares of %s overflows float64 (rescale the data)", who, what)
	}
	return nil
}
