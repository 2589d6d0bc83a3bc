package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

func sameBits(a, b []float64) bool {
	for j := range a {
		if math.Float64bits(a[j]) != math.Float64bits(b[j]) && !(math.IsNaN(a[j]) && math.IsNaN(b[j])) {
			return false
		}
	}
	return true
}

// TestRowMaps: AffineDiv, MulAdd and MinMax give the portable loops' bits
// and finiteness verdicts, for every length up to 19 and a bad value
// (NaN, +-Inf, a result that overflows) at every position, and MinMax
// keeps the first of equal zeros.
func TestRowMaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	for n := 0; n <= 19; n++ {
		for bad := -1; bad < n; bad++ {
			for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e308} {
				in := randMatrix(rng, 1, n, 3, 1)
				a, b := randMatrix(rng, 1, n, 1, 2), randMatrix(rng, 1, n, 1, 0)
				if bad >= 0 {
					in[bad] = v
					if v == 1e308 {
						a[bad] = 1e-10 // (in - sh) / mu overflows
						b[bad] = 1e10  // in * mul overflows
					}
				}
				d1, d2 := make([]float64, n), make([]float64, n)
				ok1, ok2 := AffineDiv(d1, in, b, a), AffineDivGo(d2, in, b, a)
				if ok1 != ok2 || !sameBits(d1, d2) || ok1 != (bad < 0) {
					t.Fatalf("AffineDiv n=%d bad=%d (%v): %v %v / %v %v", n, bad, v, ok1, d1, ok2, d2)
				}
				ok1, ok2 = MulAdd(d1, in, b, a), MulAddGo(d2, in, b, a)
				if ok1 != ok2 || !sameBits(d1, d2) || ok1 != (bad < 0) {
					t.Fatalf("MulAdd n=%d bad=%d (%v): %v %v / %v %v", n, bad, v, ok1, d1, ok2, d2)
				}
				lo1, hi1 := randMatrix(rng, 1, n, 1, 0), randMatrix(rng, 1, n, 1, 0)
				lo2, hi2 := append([]float64(nil), lo1...), append([]float64(nil), hi1...)
				ok1, ok2 = MinMax(in, lo1, hi1), MinMaxGo(in, lo2, hi2)
				if ok1 != ok2 || ok1 != (bad < 0 || v == 1e308) || (ok1 && (!sameBits(lo1, lo2) || !sameBits(hi1, hi2))) {
					t.Fatalf("MinMax n=%d bad=%d (%v): %v vs %v", n, bad, v, ok1, ok2)
				}
			}
		}
		// Equal zeros: the first seen is kept.
		z, nz := make([]float64, n), make([]float64, n)
		for j := range nz {
			nz[j] = math.Copysign(0, -1)
		}
		lo, hi := append([]float64(nil), z...), append([]float64(nil), z...)
		MinMax(nz, lo, hi)
		for j := range lo {
			if math.Signbit(lo[j]) || math.Signbit(hi[j]) {
				t.Fatalf("MinMax n=%d: -0 replaced +0 at %d", n, j)
			}
		}
	}
}

// TestSumSqDivScalar: SumSq gives Dot(x, x)'s bits and DivScalar the plain
// loop's, for every length up to 19, with NaN, +-Inf or a value whose
// square overflows at every position.
func TestSumSqDivScalar(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for n := 0; n <= 19; n++ {
		for bad := -1; bad < n; bad++ {
			for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e200} {
				x := randMatrix(rng, 1, n, 3, 1)
				if bad >= 0 {
					x[bad] = v
				}
				got, want := SumSq(x), Dot(x, x)
				if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Fatalf("SumSq n=%d bad=%d (%v): %v, Dot %v", n, bad, v, got, want)
				}
				s := 0.5 + rng.Float64()
				d1, d2 := make([]float64, n), make([]float64, n)
				DivScalar(d1, x, s)
				for j, u := range x {
					d2[j] = u / s
				}
				if !sameBits(d1, d2) {
					t.Fatalf("DivScalar n=%d bad=%d (%v): %v, loop %v", n, bad, v, d1, d2)
				}
			}
		}
	}
}
