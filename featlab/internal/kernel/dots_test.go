package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// dotRowsTol is the bound of DotRows' doc comment on the distance between
// two computations of a . b: 2 gamma_n sum_t |a_t b_t|.
func dotRowsTol(a, b []float64) float64 {
	const u = 0x1p-53
	n := float64(len(a))
	g := n * u / (1 - n*u)
	s := 0.0
	for t := range a {
		s += math.Abs(a[t] * b[t])
	}
	return 2*g*s + math.SmallestNonzeroFloat64
}

// checkDotRows compares DotRows with DotRowsGo on a (n) and r rows of b.
func checkDotRows(t *testing.T, a, b []float64, stride, r int) {
	t.Helper()
	got, want := make([]float64, r), make([]float64, r)
	DotRows(a, b, stride, got)
	DotRowsGo(a, b, stride, want)
	for q := range got {
		row := b[q*stride : q*stride+len(a)]
		if d := math.Abs(got[q] - want[q]); !(d <= dotRowsTol(a, row)) {
			t.Fatalf("n = %d, rows = %d, row %d: DotRows %v, DotRowsGo %v (tolerance %v)", len(a), r, q, got[q], want[q], dotRowsTol(a, row))
		}
	}
}

// TestDotRows: every length up to 70 and 0 to 9 rows, strides above the
// length, against the portable version.
func TestDotRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 70; n++ {
		for r := 0; r <= 9; r++ {
			stride := n + r%3
			a, b := make([]float64, n), make([]float64, max(r*stride, 1))
			for i := range a {
				a[i] = rng.NormFloat64() * 10
			}
			for i := range b {
				b[i] = rng.NormFloat64()
			}
			checkDotRows(t, a, b, stride, r)
		}
	}
}

// FuzzDotRows fuzzes the vectorised DotRows against the portable one.
func FuzzDotRows(f *testing.F) {
	f.Add(uint64(1), uint8(64), uint8(6), uint8(0), 1.0)
	f.Add(uint64(2), uint8(3), uint8(4), uint8(1), 1e300)
	f.Add(uint64(3), uint8(17), uint8(9), uint8(5), 1e-300)
	f.Fuzz(func(t *testing.T, seed uint64, n, r, pad uint8, scale float64) {
		if math.IsNaN(scale) || math.IsInf(scale, 0) {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		stride := int(n) + int(pad)%8
		a, b := make([]float64, n), make([]float64, max(int(r)*stride, 1))
		for i := range a {
			a[i] = rng.NormFloat64() * scale
		}
		for i := range b {
			b[i] = rng.NormFloat64()
			if rng.IntN(8) == 0 {
				b[i] = float64(rng.IntN(3) - 1) // exact zeros and ones
			}
		}
		for _, v := range a {
			for _, w := range b {
				if math.IsInf(v*w, 0) {
					return // products overflow: no finite reference
				}
			}
		}
		checkDotRows(t, a, b, stride, int(r))
	})
}
