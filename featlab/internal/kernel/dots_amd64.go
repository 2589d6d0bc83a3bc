//go:build !noasm

package kernel

// dots4AVX sets out[q] = sum_{t < n4} a[t] b[q stride + t] for q < 4
// (n4 a positive multiple of 4, stride in elements).
//
//go:noescape
func dots4AVX(a, b *float64, n4, stride int, out *[4]float64)
