//go:build !noasm

package kernel

// sqDist4AVX sets out[q] = sqDistAVX(a[:n], b_q[:n]) for the four rows b0..b3
// (n >= 1), the same partial sums in the same order.
//
//go:noescape
func sqDist4AVX(a *float64, n int, b0, b1, b2, b3 *float64, out *[4]float64)

// subClampMaskAVX is SubClampMask on the first n4 bounds (n4 a positive
// multiple of 4), four lanes at a time, one mask byte per four.
//
//go:noescape
func subClampMaskAVX(l, moved *float64, n4 int, u, s float64, mask *uint8)

// dots2x4AVX sets out[p*4+q] = sum_{t < n4} a_p[t] b[q stride + t] for
// p < 2, q < 4 (n4 a positive multiple of 4, stride in elements).
//
//go:noescape
func dots2x4AVX(a0, a1, b *float64, n4, stride int, out *[8]float64)
