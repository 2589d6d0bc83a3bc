//go:build !noasm

package kernel

// SqDist returns ||a - b||^2 (b at least as long as a): eight partial sums
// (element i into sum i mod 8, each in index order), added as
// ((s0+s2) + (s4+s6)) + ((s1+s3) + (s5+s7)) with the elements left over
// after the multiples of 8 going into s0. The AVX kernel (four-lane
// registers, when the CPU has AVX2 and FMA) and the SSE2 kernel (two-lane,
// every amd64) of sqdist_amd64.s compute exactly this, so the result is
// the same bits on every amd64; the AVX one takes half the instructions.
func SqDist(a, b []float64) float64 {
	if useAVX {
		return sqDistAVX(a, b[:len(a)])
	}
	return sqDistSSE2(a, b[:len(a)])
}

// sqDistSSE2 is ||a - b||^2 for len(b) >= len(a).
//
//go:noescape
func sqDistSSE2(a, b []float64) float64

// sqDistAVX is sqDistSSE2 with four-lane registers (the same sums).
//
//go:noescape
func sqDistAVX(a, b []float64) float64
