package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkSqDistRows compares SqDistRows with one SqDist per row, bit for bit
// (NaN with NaN).
func checkSqDistRows(t *testing.T, a []float64, rows [][]float64) {
	t.Helper()
	got := make([]float64, len(rows)+1)
	got[len(rows)] = 42 // out may be longer than rows: untouched
	SqDistRows(a, rows, got)
	for r, b := range rows {
		want := SqDist(a, b)
		if math.Float64bits(got[r]) != math.Float64bits(want) && !(math.IsNaN(got[r]) && math.IsNaN(want)) {
			t.Fatalf("n = %d, %d rows, row %d: SqDistRows %v (%#x), SqDist %v (%#x)", len(a), len(rows), r, got[r], math.Float64bits(got[r]), want, math.Float64bits(want))
		}
	}
	if got[len(rows)] != 42 {
		t.Fatalf("n = %d, %d rows: SqDistRows wrote past the rows", len(a), len(rows))
	}
}

// sqDistRowsCase draws a point of length n and r rows (each a few elements
// longer than n, some sharing storage), with exact zeros, large and tiny
// magnitudes so that the partial sums round differently in other orders.
func sqDistRowsCase(rng *rand.Rand, n, r int, scale float64) ([]float64, [][]float64) {
	val := func() float64 {
		switch rng.IntN(10) {
		case 0:
			return 0
		case 1:
			return float64(rng.IntN(5) - 2)
		case 2:
			return rng.NormFloat64() * 1e8
		default:
			return rng.NormFloat64()
		}
	}
	a := make([]float64, n)
	for i := range a {
		a[i] = val() * scale
	}
	rows := make([][]float64, r)
	for q := range rows {
		if q > 0 && rng.IntN(4) == 0 {
			rows[q] = rows[rng.IntN(q)] // the same row twice
			continue
		}
		b := make([]float64, n+rng.IntN(3))
		for i := range b {
			b[i] = val() * scale
		}
		rows[q] = b
	}
	return a, rows
}

// TestSqDistRowsSameBits: SqDistRows gives SqDist's bits for every length
// up to 70 (every remainder mod 8) and 0 to 11 rows (every remainder mod
// 4), and for non-finite and subnormal inputs.
func TestSqDistRowsSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 2))
	for n := 0; n <= 70; n++ {
		for r := 0; r <= 11; r++ {
			a, rows := sqDistRowsCase(rng, n, r, 1)
			checkSqDistRows(t, a, rows)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e-310, 1e300} {
		for _, n := range []int{1, 7, 8, 9, 64} {
			a, rows := sqDistRowsCase(rng, n, 6, 1)
			rows[2][n/2] = v
			a[n-1] = v / 3
			checkSqDistRows(t, a, rows)
		}
	}
}

// FuzzSqDistRows fuzzes SqDistRows against SqDist, bit for bit.
func FuzzSqDistRows(f *testing.F) {
	f.Add(uint64(1), uint8(64), uint8(6), 1.0)
	f.Add(uint64(2), uint8(3), uint8(4), 1e150)
	f.Add(uint64(3), uint8(17), uint8(9), 1e-160)
	f.Fuzz(func(t *testing.T, seed uint64, n, r uint8, scale float64) {
		rng := rand.New(rand.NewPCG(seed, 8))
		a, rows := sqDistRowsCase(rng, int(n), int(r%16), scale)
		checkSqDistRows(t, a, rows)
	})
}
