package chapter

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
)

// The exercises of notebook 11-beyond-the-texts: the notebook's solutions
// pass and its deliberately wrong stubs fail.

func rfeStep(abs func(float64) float64) RFEStepFunc {
	return func(X *mat.Dense, y []float64) []float64 {
		md, err := linear.Ridge(X, y, linear.RidgeConfig{Intercept: true})
		if err != nil {
			panic(err)
		}
		drop := 0
		for j, w := range md.Coef {
			if abs(w) < abs(md.Coef[drop]) {
				drop = j
			}
		}
		var kept []float64
		for j := range md.Coef {
			if j != drop {
				kept = append(kept, float64(j))
			}
		}
		return kept
	}
}

func TestRFEStep(t *testing.T) {
	expect(t, "solution", run(RFEStep(), rfeStep(math.Abs)))
	expect(t, "signed", run(RFEStep(), rfeStep(func(w float64) float64 { return w })), "")
}

func knockoffThreshold(offset float64) func([]float64) float64 {
	return func(W []float64) float64 {
		best := math.Inf(1)
		for _, t := range W {
			t = math.Abs(t)
			neg, pos := offset, 0.0
			for _, w := range W {
				if w <= -t {
					neg++
				}
				if w >= t {
					pos++
				}
			}
			if t > 0 && neg/math.Max(1, pos) <= 0.2 && t < best {
				best = t
			}
		}
		return best
	}
}

func TestKnockoffPlus(t *testing.T) {
	expect(t, "solution", run(KnockoffPlus(), knockoffThreshold(1)))
	expect(t, "plain knockoff", run(KnockoffPlus(), knockoffThreshold(0)), "")
}

func argMin(v []float64) int {
	k := 0
	for i, x := range v {
		if x < v[k] {
			k = i
		}
	}
	return k
}

func TestOneSE(t *testing.T) {
	expect(t, "solution", run(OneSE(), func(mean, se []float64) float64 {
		b := argMin(mean)
		for i, m := range mean {
			if m <= mean[b]+se[b] {
				return float64(i)
			}
		}
		return float64(b)
	}))
	expect(t, "minimum", run(OneSE(), func(mean, _ []float64) float64 { return float64(argMin(mean)) }), "")
}
