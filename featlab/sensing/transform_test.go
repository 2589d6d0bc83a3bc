package sensing

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// dctDirect is the O(m^2) definition of the orthonormal DCT-II.
func dctDirect(x []float64) []float64 {
	m := len(x)
	s := make([]float64, m)
	for k := range s {
		var t float64
		for j, v := range x {
			t += v * math.Cos(math.Pi*float64(k)*float64(2*j+1)/float64(2*m))
		}
		c := math.Sqrt(2 / float64(m))
		if k == 0 {
			c = math.Sqrt(1 / float64(m))
		}
		s[k] = c * t
	}
	return s
}

func TestDCTDefinitionAndRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, m := range []int{1, 2, 3, 5, 8, 17, 64, 100, 257} {
		x := make([]float64, m)
		for i := range x {
			x[i] = r.NormFloat64()
		}
		d := NewDCT(m)
		s := d.Analyze(nil, x)
		if e := maxAbsDiff(s, dctDirect(x)); e > 1e-12 {
			t.Errorf("m=%d: fast DCT differs from the definition by %g", m, e)
		}
		back := d.Synthesize(nil, s)
		if e := maxAbsDiff(back, x); e > 1e-12 {
			t.Errorf("m=%d: DCT round trip error %g", m, e)
		}
	}
}

func TestHaarRoundTripAndMatrixOrthonormal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, m := range []int{1, 2, 4, 8, 64, 1024} {
		h, err := NewHaar(m)
		if err != nil {
			t.Fatal(err)
		}
		x := make([]float64, m)
		for i := range x {
			x[i] = r.NormFloat64()
		}
		if e := maxAbsDiff(h.Synthesize(nil, h.Analyze(nil, x)), x); e > 1e-12 {
			t.Errorf("m=%d: Haar round trip error %g", m, e)
		}
	}
	if _, err := NewHaar(6); err == nil {
		t.Error("Haar of length 6 accepted")
	}
	h, _ := NewHaar(8)
	// Haar of a constant signal: only the first coefficient is nonzero.
	s := h.Analyze(nil, []float64{1, 1, 1, 1, 1, 1, 1, 1})
	if math.Abs(s[0]-math.Sqrt(8)) > 1e-14 || maxAbsDiff(s[1:], make([]float64, 7)) > 1e-14 {
		t.Errorf("Haar of ones = %v", s)
	}
	for _, b := range []Basis{NewDCT(16), h, DCT2(4, 8)} {
		P, err := BasisMatrix(b)
		if err != nil {
			t.Fatal(err)
		}
		var G mat.Dense
		G.Mul(P.T(), P)
		m := b.Len()
		for i := 0; i < m; i++ {
			for j := 0; j < m; j++ {
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(G.At(i, j)-want) > 1e-12 {
					t.Fatalf("%T: Psi^T Psi [%d,%d] = %g", b, i, j, G.At(i, j))
				}
			}
		}
	}
}

func TestSeparable2DRoundTrip(t *testing.T) {
	h2, err := Haar2(8, 16)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, b := range []Basis{DCT2(6, 10), h2} {
		x := make([]float64, b.Len())
		for i := range x {
			x[i] = r.NormFloat64()
		}
		if e := maxAbsDiff(b.Synthesize(nil, b.Analyze(nil, x)), x); e > 1e-12 {
			t.Errorf("%T round trip %g", b, e)
		}
	}
}
