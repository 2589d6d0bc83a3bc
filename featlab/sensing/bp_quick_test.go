package sensing

import (
	"math/rand/v2"
	"testing"
)

func TestBPQuick(t *testing.T) {

	for _, sz := range [][3]int{{20, 60, 4}, {64, 256, 10}, {256, 1024, 30}, {40, 100, 25}, {100, 400, 20}, {50, 100, 30}} {
		n, m, k := sz[0], sz[1], sz[2]
		A, _ := Gaussian(n, m, 7)
		r := rand.New(rand.NewPCG(1, 1))
		s0 := make([]float64, m)
		for _, j := range r.Perm(m)[:k] {
			s0[j] = r.NormFloat64()
		}
		y := make([]float64, n)
		for i := range y {
			for j := range s0 {
				y[i] += A.At(i, j) * s0[j]
			}
		}
		res, err := BasisPursuit(A, y, BPConfig{})
		if err != nil {
			t.Fatal(err)
		}
		l1 := 0.0
		for _, v := range s0 {
			if v < 0 {
				l1 -= v
			} else {
				l1 += v
			}
		}
		t.Logf("l1 %g vs s0 %g", res.L1, l1)
		t.Logf("n=%d m=%d k=%d: iters %d supp %d res %.2e dualinf %.2e gap %.2e conv %v err %.2e", n, m, k, res.Iterations, len(res.Support), res.Residual, res.DualInfeas, res.DualGap, res.Converged, maxAbsDiff(res.Coef, s0))
	}
}
