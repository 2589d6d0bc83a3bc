//go:build !amd64 || noasm

package kernel

func sqDist4AVX(a *float64, n int, b0, b1, b2, b3 *float64, out *[4]float64) {
	panic("kernel: no AVX kernel in this build")
}

func subClampMaskAVX(l, moved *float64, n4 int, u, s float64, mask *uint8) {
	panic("kernel: no AVX kernel in this build")
}

func dots2x4AVX(a0, a1, b *float64, n4, stride int, out *[8]float64) {
	panic("kernel: no AVX kernel in this build")
}
