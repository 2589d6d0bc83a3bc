package filter

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestFClassifTwoClassPass: the two-class F from one pass of the fused
// kernel is the same for 1, 2 and 5 workers bit for bit and agrees with
// the exactly centred two-pass F (anovaColumn) to 1e-10, on columns with
// offsets, with a class shift and without.
func TestFClassifTwoClassPass(t *testing.T) {
	const m, d = 1500, 13
	rng := rand.New(rand.NewPCG(3, 5))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		if rng.Float64() < 0.3 {
			y[i] = 1
		}
		for j := 0; j < d; j++ {
			X.Set(i, j, float64(j*j)*10+rng.NormFloat64()*float64(j+1)+y[i]*float64(j%3))
		}
	}
	ref, err := FClassif(X, y, Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{2, 5} {
		got, err := FClassif(X, y, Config{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		for j := range ref.Values {
			if math.Float64bits(got.Values[j]) != math.Float64bits(ref.Values[j]) {
				t.Fatalf("workers %d: F[%d] = %v, 1 worker %v", w, j, got.Values[j], ref.Values[j])
			}
		}
	}
	in, cls, nk, err := classInput(X, y, nil, "test")
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < d; j++ {
		f, _, ok := anovaColumn(in, j, cls, nk, 1, float64(m-2))
		if !ok || math.Abs(f-ref.Values[j]) > 1e-10*math.Max(1, f) {
			t.Errorf("F[%d] = %v, two-pass %v", j, ref.Values[j], f)
		}
	}
}
