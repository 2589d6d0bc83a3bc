//go:build !noasm

package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSqDistSameBits: the AVX and the SSE2 kernels give the same bits (the
// same partial sums in the same order) for every length up to 70.
func TestSqDistSameBits(t *testing.T) {
	if !useAVX {
		t.Skip("no AVX kernel in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n <= 70; n++ {
		a, b := make([]float64, n), make([]float64, n)
		for i := range a {
			a[i], b[i] = rng.NormFloat64()*1e3, rng.NormFloat64()
		}
		if x, y := sqDistAVX(a, b), sqDistSSE2(a, b); math.Float64bits(x) != math.Float64bits(y) {
			t.Fatalf("n = %d: AVX %v, SSE2 %v", n, x, y)
		}
	}
}
