package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkDotRows2 compares DotRows2 with DotRowsGo on a0, a1 and r rows of b.
func checkDotRows2(t *testing.T, a0, a1, b []float64, stride, r int) {
	t.Helper()
	got0, got1 := make([]float64, r), make([]float64, r+1)
	want0, want1 := make([]float64, r), make([]float64, r)
	got1[r] = 42
	DotRows2(a0, a1, b, stride, got0, got1)
	DotRowsGo(a0, b, stride, want0)
	DotRowsGo(a1, b, stride, want1)
	if got1[r] != 42 {
		t.Fatalf("n = %d, rows = %d: DotRows2 wrote past the rows of out1", len(a0), r)
	}
	for q := 0; q < r; q++ {
		row := b[q*stride : q*stride+len(a0)]
		if d := math.Abs(got0[q] - want0[q]); !(d <= dotRowsTol(a0, row)) {
			t.Fatalf("n = %d, rows = %d, row %d: a0: DotRows2 %v, DotRowsGo %v", len(a0), r, q, got0[q], want0[q])
		}
		if d := math.Abs(got1[q] - want1[q]); !(d <= dotRowsTol(a1, row)) {
			t.Fatalf("n = %d, rows = %d, row %d: a1: DotRows2 %v, DotRowsGo %v", len(a0), r, q, got1[q], want1[q])
		}
	}
}

// TestDotRows2: every length up to 70 and 0 to 9 rows, strides above the
// length, against the portable version.
func TestDotRows2(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	for n := 0; n <= 70; n++ {
		for r := 0; r <= 9; r++ {
			stride := n + r%3
			a0, a1, b := make([]float64, n), make([]float64, n+2), make([]float64, max(r*stride, 1))
			for i := range a0 {
				a0[i], a1[i] = rng.NormFloat64()*10, rng.NormFloat64()
			}
			for i := range b {
				b[i] = rng.NormFloat64()
			}
			checkDotRows2(t, a0, a1[:n], b, stride, r)
		}
	}
}

// FuzzDotRows2 fuzzes DotRows2 against the portable DotRowsGo.
func FuzzDotRows2(f *testing.F) {
	f.Add(uint64(1), uint8(64), uint8(6), uint8(0), 1.0)
	f.Add(uint64(2), uint8(3), uint8(4), uint8(1), 1e150)
	f.Add(uint64(3), uint8(17), uint8(9), uint8(5), 1e-150)
	f.Fuzz(func(t *testing.T, seed uint64, n, r, pad uint8, scale float64) {
		if math.IsNaN(scale) || math.IsInf(scale, 0) {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 11))
		stride := int(n) + int(pad)%8
		a0, a1, b := make([]float64, n), make([]float64, n), make([]float64, max(int(r)*stride, 1))
		for i := range a0 {
			a0[i], a1[i] = rng.NormFloat64()*scale, rng.NormFloat64()
		}
		for i := range b {
			b[i] = rng.NormFloat64()
			if rng.IntN(8) == 0 {
				b[i] = float64(rng.IntN(3) - 1)
			}
		}
		for _, a := range [][]float64{a0, a1} {
			for _, v := range a {
				for _, w := range b {
					if math.IsInf(v*w, 0) {
						return
					}
				}
			}
		}
		checkDotRows2(t, a0, a1, b, stride, int(r))
	})
}
