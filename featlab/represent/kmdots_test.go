package represent

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab/internal/kernel"
)

// TestAssignBlockedExact: the blocked full assignments (assignFull,
// assignElkanFull) give, for every point, the label and squared distance
// of a direct search over SqDist (lowest index on ties), and valid bounds:
// Hamerly's lower bound at most the second smallest exact distance,
// Elkan's bounds at most each exact distance. Inputs with many exact ties
// (small-integer grids, duplicated rows and centroids), large offsets and
// Gaussian data, under any build (asm or noasm).
func TestAssignBlockedExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	for trial := 0; trial < 60; trial++ {
		m, d, k := 20+rng.IntN(200), 1+rng.IntN(40), 1+rng.IntN(30)
		k = min(k, m)
		x := make([]float64, m*d)
		switch trial % 4 {
		case 0:
			for i := range x {
				x[i] = float64(rng.IntN(3))
			}
		case 1:
			for i := 0; i < m; i++ {
				src := rng.IntN(1 + m/5)
				r := rand.New(rand.NewPCG(uint64(src), 1))
				for t := 0; t < d; t++ {
					x[i*d+t] = math.Round(3 * r.NormFloat64())
				}
			}
		case 2:
			for i := range x {
				x[i] = 1e6 + rng.NormFloat64()
			}
		default:
			for i := range x {
				x[i] = rng.NormFloat64() * 100
			}
		}
		c := make([]float64, k*d)
		for j := 0; j < k; j++ {
			src := rng.IntN(m)
			if j > 0 && rng.IntN(4) == 0 {
				src = rng.IntN(m) // may repeat a centroid
			}
			copy(c[j*d:(j+1)*d], x[src*d:(src+1)*d])
			if trial%3 == 0 && j%2 == 1 {
				for t := 0; t < d; t++ {
					c[j*d+t] += 0.5 // between grid points: more ties
				}
			}
		}
		r := &kmRun{x: x, m: m, d: d, k: k, c: c, labels: make([]int, m), full: kmCentred(x, m, d)}
		upper, lower := make([]float64, m), make([]float64, m)
		low := make([]float64, m*k)
		for pass := 0; pass < 2; pass++ {
			if pass == 0 {
				r.assignFull(upper, lower)
			} else {
				r.assignElkanFull(upper, low)
			}
			for i := 0; i < m; i++ {
				xi := x[i*d : (i+1)*d]
				b, b2, bj := math.Inf(1), math.Inf(1), 0
				for j := 0; j < k; j++ {
					s := kernel.SqDist(xi, c[j*d:(j+1)*d])
					if s < b {
						b2, b, bj = b, s, j
					} else if s < b2 {
						b2 = s
					}
					if pass == 1 && low[i*k+j] > math.Sqrt(s) {
						t.Fatalf("trial %d: Elkan bound %v > distance %v", trial, low[i*k+j], math.Sqrt(s))
					}
				}
				if r.labels[i] != bj || upper[i] != math.Sqrt(b) {
					t.Fatalf("trial %d pass %d point %d: label %d at %v, want %d at %v", trial, pass, i, r.labels[i], upper[i], bj, math.Sqrt(b))
				}
				if pass == 0 && lower[i] > math.Sqrt(b2) {
					t.Fatalf("trial %d point %d: Hamerly bound %v > second distance %v", trial, i, lower[i], math.Sqrt(b2))
				}
			}
		}
	}
}
