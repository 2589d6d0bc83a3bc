package chapter

import (
	"math"
	"testing"
)

// The solutions of notebook 02, in the compact form the notebook shows.

func pearson(v, y []float64) float64 {
	var mv, my float64
	for i := range v {
		mv, my = mv+v[i]/float64(len(v)), my+y[i]/float64(len(v))
	}
	var c, sv, sy float64
	for i := range v {
		c += (v[i] - mv) * (y[i] - my)
		sv += (v[i] - mv) * (v[i] - mv)
		sy += (y[i] - my) * (y[i] - my)
	}
	return c / math.Sqrt(sv*sy)
}

func stump(v, y []float64) float64 {
	best := 0
	for _, t := range append([]float64{math.Inf(-1)}, v...) { // predict a when v > t, else -a
		for _, a := range []float64{-1, 1} {
			correct := 0
			for i := range v {
				if (v[i] > t) == (a == y[i]) {
					correct++
				}
			}
			best = max(best, correct)
		}
	}
	return float64(best) / float64(len(v))
}

func reliefUpdate(delta, x, hit, miss []float64) []float64 {
	out := make([]float64, len(delta))
	for j := range delta {
		dh, dm := x[j]-hit[j], x[j]-miss[j]
		out[j] = delta[j] - dh*dh + dm*dm
	}
	return out
}

func gain(v, y []float64) float64 {
	h := func(n0, n1 float64) float64 { // entropy in bits of a group with n0, n1 labels 0, 1
		e := 0.0
		for _, c := range []float64{n0, n1} {
			if c > 0 {
				e -= c / (n0 + n1) * math.Log2(c/(n0+n1))
			}
		}
		return e
	}
	var n [2][2]float64 // n[v][y]
	for i := range v {
		n[int(v[i])][int(y[i])]++
	}
	m := float64(len(v))
	return h(n[0][0]+n[1][0], n[0][1]+n[1][1]) - (n[0][0]+n[0][1])/m*h(n[0][0], n[0][1]) -
		(n[1][0]+n[1][1])/m*h(n[1][0], n[1][1])
}

func TestNotebook02Exercises(t *testing.T) {
	zero := func(v, y []float64) float64 { return 0 }
	expect(t, "Pearson", run(Pearson(), pearson))
	expect(t, "Pearson stub", run(Pearson(), zero), "stub")
	expect(t, "Stump", run(Stump(), stump))
	expect(t, "Stump stub", run(Stump(), zero), "stub")
	expect(t, "ReliefUpdate", run(ReliefUpdate(), reliefUpdate))
	expect(t, "ReliefUpdate unchanged", run(ReliefUpdate(), func(d, _, _, _ []float64) []float64 { return d }), "")
	expect(t, "Gain", run(Gain(), gain))
	expect(t, "Gain stub", run(Gain(), zero), "stub")
}
