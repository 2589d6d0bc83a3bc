package filter

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCorrelationMixedScales: the fused pass runs on the data as they are
// and only the columns its sums do not prove in range are rescaled
// (rescaleColumns); columns multiplied by 2^k, some far outside the
// ordinary range and some inside, score bit for bit as the unscaled ones,
// with several row chunks and the vector lanes and the tail columns
// both in play, for 1 and 3 workers.
func TestCorrelationMixedScales(t *testing.T) {
	const m, d = 1300, 11
	rng := rand.New(rand.NewPCG(7, 8))
	base := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			base.Set(i, j, rng.NormFloat64()+float64(j%3))
		}
		y[i] = base.At(i, 0) - base.At(i, 4) + rng.NormFloat64()
	}
	pow := []int{0, 996, -996, 70, -70, 58, -58, 0, 1000, -1000, 3}
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, base.At(i, j)*pow2(pow[j]))
		}
	}
	for _, w := range []int{1, 3} {
		want, err := FRegression(base, y, Config{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		got, err := FRegression(X, y, Config{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		for j := range want.Values {
			if got.Values[j] != want.Values[j] {
				t.Errorf("workers %d: column %d x 2^%d: F %v, unscaled %v", w, j, pow[j], got.Values[j], want.Values[j])
			}
		}
	}
}

func pow2(k int) float64 {
	v := 1.0
	for ; k > 0; k-- {
		v *= 2
	}
	for ; k < 0; k++ {
		v /= 2
	}
	return v
}
