package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkSubClampMask compares SubClampMask with the portable loop and with
// its definition, bit for bit (bounds and mask).
func checkSubClampMask(t *testing.T, l, moved []float64, u, s float64) {
	t.Helper()
	n := len(l)
	got, want := append([]float64(nil), l...), append([]float64(nil), l...)
	gm, wm := make([]uint8, (n+3)/4+1), make([]uint8, (n+3)/4+1)
	gm[len(gm)-1], wm[len(wm)-1] = 7, 7
	SubClampMask(got, moved, u, s, gm)
	subClampMaskGo(want, moved, u, s, wm)
	for j := range l {
		v := max(0, l[j]-moved[j])
		bit := !(u <= v*s)
		if math.Float64bits(got[j]) != math.Float64bits(v) || math.Float64bits(want[j]) != math.Float64bits(v) {
			t.Fatalf("n = %d, j = %d: l = %v (kernel) %v (portable), want %v", n, j, got[j], want[j], v)
		}
		if (gm[j/4]>>(j%4)&1 == 1) != bit || (wm[j/4]>>(j%4)&1 == 1) != bit {
			t.Fatalf("n = %d, j = %d: mask bits %d (kernel) %d (portable), want %v (u %v, l s %v)", n, j, gm[j/4]>>(j%4)&1, wm[j/4]>>(j%4)&1, bit, u, v*s)
		}
	}
	for g := range gm {
		if gm[g] != wm[g] {
			t.Fatalf("n = %d: mask byte %d: %08b (kernel), %08b (portable)", n, g, gm[g], wm[g])
		}
	}
}

// subClampCase draws bounds and moves around u: exact ties l - moved = 0,
// l - moved = -0, l s = u, and values on both sides.
func subClampCase(rng *rand.Rand, n int, u float64) ([]float64, []float64) {
	l, moved := make([]float64, n), make([]float64, n+rng.IntN(3))
	for j := range l {
		l[j] = u * 2 * rng.Float64()
		moved[j] = u * 0.3 * rng.Float64()
		switch rng.IntN(8) {
		case 0:
			moved[j] = l[j] // 0
		case 1:
			l[j], moved[j] = 0, 0 // 0 - 0
		case 2:
			l[j], moved[j] = math.Copysign(0, -1), 0 // -0 - 0 = -0
		case 3:
			l[j], moved[j] = u, 0 // l s = u when s = 1
		case 4:
			moved[j] = l[j] + u // below 0
		}
	}
	return l, moved
}

// TestSubClampMask: every length up to 70 (every remainder mod 4), s = 1
// (exact ties with u) and s = 1 - 1e-12.
func TestSubClampMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 3))
	for n := 0; n <= 70; n++ {
		for _, s := range []float64{1, 1 - 1e-12} {
			u := rng.Float64() * 10
			l, moved := subClampCase(rng, n, u)
			checkSubClampMask(t, l, moved, u, s)
		}
	}
}

// FuzzSubClampMask fuzzes SubClampMask against the portable loop.
func FuzzSubClampMask(f *testing.F) {
	f.Add(uint64(1), uint8(64), 1.0, 1.0)
	f.Add(uint64(2), uint8(7), 1e300, 1-1e-12)
	f.Add(uint64(3), uint8(13), 1e-300, 0.5)
	f.Fuzz(func(t *testing.T, seed uint64, n uint8, u, s float64) {
		if math.IsNaN(u) || math.IsInf(u, 0) || math.IsNaN(s) || math.IsInf(s, 0) {
			return
		}
		l, moved := subClampCase(rand.New(rand.NewPCG(seed, 9)), int(n), math.Abs(u))
		for j := range l {
			if math.IsNaN(l[j]-moved[j]) || math.IsInf(l[j], 0) || math.IsInf(moved[j], 0) {
				return // NaN differences: documented to differ
			}
		}
		checkSubClampMask(t, l, moved, u, s)
	})
}
