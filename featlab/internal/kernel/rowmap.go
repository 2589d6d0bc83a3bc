package kernel

import "math"

// The row maps of the scalers: one output row from one input row and
// per-column parameters, with a check that every result is finite (the
// scalers report the first bad cell). Vectorised on amd64 with AVX2; the
// results are the same bits as the portable loops (no fused operations).

// AffineDiv sets dst = (in - sh) / mu column by column and reports whether
// every result is finite. dst, sh and mu are at least as long as in.
//
// dst may be in itself (the map in place): each result depends on its
// own element of in only.
func AffineDiv(dst, in, sh, mu []float64) bool {
	n := len(in)
	n4 := n &^ 3
	ok := true
	if useAVX && n4 > 0 {
		_, _, _ = dst[n-1], sh[n-1], mu[n-1]
		ok = affineDivAVX(&dst[0], &in[0], &sh[0], &mu[0], n4) == 0
		dst, in, sh, mu = dst[n4:], in[n4:], sh[n4:], mu[n4:]
	}
	return AffineDivGo(dst, in, sh, mu) && ok
}

// AffineDivGo is the portable AffineDiv.
func AffineDivGo(dst, in, sh, mu []float64) bool {
	sh, mu, dst = sh[:len(in)], mu[:len(in)], dst[:len(in)]
	for j, v := range in {
		dst[j] = (v - sh[j]) / mu[j]
	}
	return Finite(dst)
}

// MulAdd sets dst = in * mul + add column by column (a product rounded,
// then a sum rounded: no fused multiply-add) and reports whether every
// result is finite. dst may be in itself, as for AffineDiv.
func MulAdd(dst, in, mul, add []float64) bool {
	n := len(in)
	n4 := n &^ 3
	ok := true
	if useAVX && n4 > 0 {
		_, _, _ = dst[n-1], mul[n-1], add[n-1]
		ok = mulAddAVX(&dst[0], &in[0], &mul[0], &add[0], n4) == 0
		dst, in, mul, add = dst[n4:], in[n4:], mul[n4:], add[n4:]
	}
	return MulAddGo(dst, in, mul, add) && ok
}

// MulAddGo is the portable MulAdd.
func MulAddGo(dst, in, mul, add []float64) bool {
	mul, add, dst = mul[:len(in)], add[:len(in)], dst[:len(in)]
	for j, v := range in {
		dst[j] = v*mul[j] + add[j]
	}
	return Finite(dst)
}

// MinMax lowers lo[j] to row[j] when row[j] < lo[j] and raises hi[j] to
// row[j] when row[j] > hi[j] (so of equal values the first is kept, as
// the sign of a zero), and reports whether every value of row is finite
// (when it is not, lo and hi are not meaningful).
func MinMax(row, lo, hi []float64) bool {
	n := len(row)
	n4 := n &^ 3
	ok := true
	if useAVX && n4 > 0 {
		_, _ = lo[n-1], hi[n-1]
		ok = minMaxAVX(&row[0], &lo[0], &hi[0], n4) == 0
		row, lo, hi = row[n4:], lo[n4:], hi[n4:]
	}
	return MinMaxGo(row, lo, hi) && ok
}

// MinMaxGo is the portable MinMax.
func MinMaxGo(row, lo, hi []float64) bool {
	lo, hi = lo[:len(row)], hi[:len(row)]
	for j, v := range row {
		if v < lo[j] {
			lo[j] = v
		}
		if v > hi[j] {
			hi[j] = v
		}
	}
	return Finite(row)
}

// Finite reports whether every value of r is finite, with four
// independent sums of v*0 (NaN exactly for a NaN or infinite v), so that
// the check does not serialise the loop.
func Finite(r []float64) bool {
	var s0, s1, s2, s3 float64
	j := 0
	for ; j+4 <= len(r); j += 4 {
		s0 += r[j] * 0
		s1 += r[j+1] * 0
		s2 += r[j+2] * 0
		s3 += r[j+3] * 0
	}
	for ; j < len(r); j++ {
		s0 += r[j] * 0
	}
	return !math.IsNaN(s0 + s1 + s2 + s3)
}

// SumSq returns sum_j x_j^2 with the bits of Dot(x, x): four partial sums
// (x_j^2 into sum j mod 4, each square rounded, then added), the columns
// after the last multiple of four into the first, then (s0 + s1) + (s2 +
// s3). On amd64 with AVX2 the four partial sums are the lanes of one
// vector register. The result is NaN or +Inf when a value is, so a finite
// result shows the row finite (the row norms' check).
func SumSq(x []float64) float64 {
	n4 := len(x) &^ 3
	if !useAVX || n4 == 0 {
		return Dot(x, x)
	}
	var p [4]float64
	sumSqAVX(&x[0], n4, &p)
	for _, v := range x[n4:] {
		p[0] += v * v
	}
	return (p[0] + p[1]) + (p[2] + p[3])
}

// DivScalar sets dst = in / s (dst at least as long as in): the bits of
// the plain loop, four columns to a division on amd64 with AVX2.
func DivScalar(dst, in []float64, s float64) {
	n := len(in)
	n4 := n &^ 3
	dst = dst[:n]
	j := 0
	if useAVX && n4 > 0 {
		divScalarAVX(&dst[0], &in[0], s, n4)
		j = n4
	}
	for ; j < n; j++ {
		dst[j] = in[j] / s
	}
}
