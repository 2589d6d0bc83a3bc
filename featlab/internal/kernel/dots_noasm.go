//go:build !amd64 || noasm

package kernel

func dots4AVX(a, b *float64, n4, stride int, out *[4]float64) {
	panic("kernel: no AVX kernel in this build")
}
