package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
)

// TestSoftThreshold checks eq. 25.7 at hand-computed points and, as
// exercise 25.2 asks, that it minimises eq. 25.6, (1/2)w^2 - xw + lambda|w|,
// on a fine grid.
func TestSoftThreshold(t *testing.T) {
	for _, c := range []struct{ x, lam, want float64 }{
		{3, 1, 2}, {-3, 1, -2}, {0.5, 1, 0}, {-1, 1, 0}, {1, 1, 0}, {2, 0, 2}, {0, 0, 0},
	} {
		if got := SoftThreshold(c.x, c.lam); got != c.want {
			t.Errorf("SoftThreshold(%v, %v) = %v, want %v", c.x, c.lam, got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for k := 0; k < 200; k++ {
		x := 6*rng.Float64() - 3
		lam := 2 * rng.Float64()
		f := func(w float64) float64 { return 0.5*w*w - x*w + lam*math.Abs(w) }
		w := SoftThreshold(x, lam)
		for g := -4.0; g <= 4; g += 1e-3 {
			if f(g) < f(w)-1e-12 {
				t.Fatalf("x=%v lambda=%v: f(%v) = %v < f(SoftThreshold) = %v", x, lam, g, f(g), f(w))
			}
		}
	}
	v := []float64{3, -0.2, -5, 1}
	got := SoftThresholdVec(nil, v, 1)
	want := []float64{2, 0, -4, 0}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("SoftThresholdVec[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	SoftThresholdVec(v, v, 1) // in place
	if v[0] != 2 || v[2] != -4 {
		t.Errorf("in-place SoftThresholdVec gave %v", v)
	}
}

// TestProjectL1Ball compares the sort-based projection with a bisection on
// the threshold theta (||S(v, theta)||_1 = radius), and checks the cases
// inside the ball and radius 0.
func TestProjectL1Ball(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 100; k++ {
		n := 1 + rng.IntN(20)
		v := make([]float64, n)
		var norm float64
		for i := range v {
			v[i] = rng.NormFloat64() * 3
			norm += math.Abs(v[i])
		}
		z := norm * rng.Float64()
		p, err := ProjectL1Ball(nil, v, z)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 0.0, norm
		for it := 0; it < 200; it++ {
			mid := (lo + hi) / 2
			var s float64
			for _, x := range v {
				s += math.Abs(SoftThreshold(x, mid))
			}
			if s > z {
				lo = mid
			} else {
				hi = mid
			}
		}
		var pn float64
		for i, x := range v {
			if d := math.Abs(p[i] - SoftThreshold(x, hi)); d > 1e-9 {
				t.Fatalf("projection[%d] = %v, bisection %v", i, p[i], SoftThreshold(x, hi))
			}
			pn += math.Abs(p[i])
		}
		if math.Abs(pn-z) > 1e-9*math.Max(1, z) {
			t.Errorf("||P(v)||_1 = %v, radius %v", pn, z)
		}
	}
	v := []float64{0.1, -0.2}
	p, _ := ProjectL1Ball(nil, v, 1)
	if p[0] != 0.1 || p[1] != -0.2 {
		t.Errorf("a point inside the ball moved: %v", p)
	}
	p, _ = ProjectL1Ball(nil, v, 0)
	if p[0] != 0 || p[1] != 0 {
		t.Errorf("radius 0: %v", p)
	}
	for _, r := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := ProjectL1Ball(nil, v, r); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("radius %v: err = %v, want ErrParam", r, err)
		}
	}
}

// FuzzProjectL1Ball: for any input the projection is an error (non-finite
// entry or radius) or a finite point inside the ball that is v itself when
// v is inside, with signs kept.
func FuzzProjectL1Ball(f *testing.F) {
	f.Add(1.0, math.NaN(), 0.5, 1.0)
	f.Add(math.Inf(1), 1.0, 0.0, 1.0)
	f.Add(3.0, -2.0, 0.5, 1.5)
	f.Add(1e308, 1e308, -1e308, 1.0)
	f.Fuzz(func(t *testing.T, a, b, c, r float64) {
		v := []float64{a, b, c}
		p, err := ProjectL1Ball(nil, v, r)
		if err != nil {
			return
		}
		var n1, nv float64
		for i, x := range p {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("%v, r %v: entry %d = %v", v, r, i, x)
			}
			if x*v[i] < 0 {
				t.Fatalf("%v: sign flipped at %d: %v", v, i, p)
			}
			n1 += math.Abs(x)
			nv += math.Abs(v[i])
		}
		if n1 > r*(1+1e-9)+1e-300 {
			t.Fatalf("%v, r %v: ||p||_1 = %v", v, r, n1)
		}
		if nv <= r && (p[0] != a || p[1] != b || p[2] != c) {
			t.Fatalf("%v inside the ball moved to %v", v, p)
		}
	})
}
