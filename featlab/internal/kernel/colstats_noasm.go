//go:build !amd64 || noasm

package kernel

// useAVX is false: the portable kernels only.
const useAVX = false

func momentsAVX(x *float64, stride, groups, n4 int, shift, y, acc *float64, n int) {
	panic("kernel: no AVX kernel in this build")
}

func moments2AVX(x *float64, stride, groups, n4 int, shift, acc *float64, n int) {
	panic("kernel: no AVX kernel in this build")
}

func shiftSqAVX(row, shift, s, q *float64, n4 int) { panic("kernel: no AVX kernel in this build") }

func sumNonnegAVX(row, s *float64, n4 int) int { panic("kernel: no AVX kernel in this build") }

func sumAVX(x *float64, n16 int) float64 { panic("kernel: no AVX kernel in this build") }

func affineDivAVX(dst, in, sh, mu *float64, n4 int) int { panic("kernel: no AVX kernel in this build") }

func mulAddAVX(dst, in, mul, add *float64, n4 int) int { panic("kernel: no AVX kernel in this build") }

func minMaxAVX(row, lo, hi *float64, n4 int) int { panic("kernel: no AVX kernel in this build") }

func sumRowsAVX(x *float64, stride, groups, n4 int, acc *float64) {
	panic("kernel: no AVX kernel in this build")
}

func centredAVX(x *float64, stride, groups, n4 int, mean, acc *float64, n int) {
	panic("kernel: no AVX kernel in this build")
}

func sumSqAVX(x *float64, n4 int, part *[4]float64) { panic("kernel: no AVX kernel in this build") }

func divScalarAVX(dst, in *float64, s float64, n4 int) { panic("kernel: no AVX kernel in this build") }
