package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSqDistKernels checks the build's SqDist (the SSE2 kernel on amd64)
// and the portable one against a plain loop for every length up to 70,
// including lengths that leave each possible remainder.
func TestSqDistKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 70; n++ {
		a, b := make([]float64, n), make([]float64, n+3)
		for i := range a {
			a[i] = rng.NormFloat64() * 10
		}
		for i := range b {
			b[i] = rng.NormFloat64() * 10
		}
		want := 0.0
		for i := range a {
			want += (a[i] - b[i]) * (a[i] - b[i])
		}
		for name, got := range map[string]float64{"SqDist": SqDist(a, b), "SqDistGo": SqDistGo(a, b)} {
			if math.Abs(got-want) > 1e-13*(1+want) {
				t.Errorf("%s, n = %d: %v, want %v", name, n, got, want)
			}
		}
	}
}
