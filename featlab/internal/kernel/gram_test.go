package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGram: the upper triangle of x^T x against a plain triple loop, within
// the bound of Gram's doc comment, on shapes around the chunk and tile
// sizes.
func TestGram(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, sh := range [][2]int{{1, 1}, {3, 5}, {257, 7}, {600, 70}, {300, 130}} {
		m, d := sh[0], sh[1]
		x := make([]float64, m*d)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		g := make([]float64, d*d)
		for i := range g {
			g[i] = -7 // the lower triangle must stay
		}
		Gram(x, m, d, g)
		for a := 0; a < d; a++ {
			for b := 0; b < d; b++ {
				if b < a {
					if g[a*d+b] != -7 {
						t.Fatalf("%dx%d: lower triangle (%d, %d) written", m, d, a, b)
					}
					continue
				}
				s, abs := 0.0, 0.0
				for i := 0; i < m; i++ {
					s += x[i*d+a] * x[i*d+b]
					abs += math.Abs(x[i*d+a] * x[i*d+b])
				}
				if math.Abs(g[a*d+b]-s) > 4*float64(m)*0x1p-53*abs {
					t.Fatalf("%dx%d: (%d, %d) = %v, want %v", m, d, a, b, g[a*d+b], s)
				}
			}
		}
	}
}
