//go:build !noasm

package kernel

// sqDist4AVX sets out[q] = sqDistAVX(a[:n], b_q[:n]) for the four rows b0..b3
// (n >= 1), the same partial sums in the same order.
//
//go:noescape
func sqDist4AVX(a *float64, n int, b0, b1, b2, b3 *float64, out *[4]float64)
