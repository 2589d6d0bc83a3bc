package matx

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// safeExp bounds the binary exponent of max |x| inside which Prescale
// leaves data as it is: squares and Gram sums of values in
// [2^-safeExp, 2^safeExp] neither underflow nor overflow for any
// realistic number of rows, and data there keeps its results bit for bit.
const safeExp = 60

// Pow2Scale returns the exact power of two s that brings a = max |x| into
// [0.5, 1) when a lies outside [2^-60, 2^60] (as close as 2^1023 allows
// for subnormal a), and 1 otherwise (and for 0, NaN or Inf). Multiplying by s is exact (no rounding) for every normal
// value, so a computation that is equivariant under scaling gives on sX
// the bits it would give on X in a wider exponent range.
func Pow2Scale(a float64) float64 {
	if a == 0 || math.IsNaN(a) || math.IsInf(a, 0) {
		return 1
	}
	_, e := math.Frexp(a) // a = f 2^e, f in [0.5, 1)
	if e >= -safeExp && e <= safeExp {
		return 1
	}
	// 2^1023 is the largest power of two: subnormal data (e < -1022)
	// come out below 0.5, still far from underflow.
	return math.Ldexp(1, min(-e, 1023))
}

// MaxAbs returns max |x_ij| over X (0 for an empty matrix; NaN is
// skipped).
func MaxAbs(X mat.Matrix) float64 {
	g := RowMajor(X)
	m := 0.0
	for i := 0; i < g.Rows; i++ {
		for _, v := range Row(g, i) {
			if a := math.Abs(v); a > m {
				m = a
			}
		}
	}
	return m
}

// Prescale returns sX and s = Pow2Scale(max |x_ij|), an exact power of two:
// X itself (not copied) when s = 1, else a new *mat.Dense. Selections
// (supports, orders) computed on sX are those of X in exact arithmetic;
// coefficients of a model y ~ X w computed on sX are 1/s times those on X
// (multiply them by s, see Unscale).
func Prescale(X mat.Matrix) (mat.Matrix, float64) {
	s := Pow2Scale(MaxAbs(X))
	if s == 1 {
		return X, 1
	}
	g := RowMajor(X)
	out := mat.NewDense(g.Rows, g.Cols, nil)
	for i := 0; i < g.Rows; i++ {
		dst := out.RawRowView(i)
		for j, v := range Row(g, i) {
			dst[j] = v * s
		}
	}
	return out, s
}

// ScaleInPlace multiplies the row-major g by Pow2Scale(max |g_ij|) and
// returns that factor (1: g untouched). For callers that own a copy.
func ScaleInPlace(g []float64) float64 {
	m := 0.0
	for _, v := range g {
		if a := math.Abs(v); a > m {
			m = a
		}
	}
	s := Pow2Scale(m)
	if s != 1 {
		for i := range g {
			g[i] *= s
		}
	}
	return s
}

// Unscale multiplies every coefficient by s (the factor Prescale returned)
// and reports whether they all stayed finite: a coefficient fitted on sX
// is w/s, w the coefficient on X, and multiplying back may overflow.
func Unscale(w []float64, s float64) bool {
	if s == 1 {
		return true
	}
	ok := true
	for i, v := range w {
		w[i] = v * s
		if math.IsInf(w[i], 0) || math.IsNaN(w[i]) {
			ok = false
		}
	}
	return ok
}
