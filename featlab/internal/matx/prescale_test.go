package matx

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestPrescale(t *testing.T) {
	X := mat.NewDense(2, 2, []float64{1, -3, 0.5, 2})
	if Y, s := Prescale(X); s != 1 || Y != mat.Matrix(X) {
		t.Fatalf("ordinary data scaled by %v", s)
	}
	for _, c := range []float64{1e-300, 1e-150, 1e150, 1e300} {
		Xc := mat.DenseCopyOf(X)
		Xc.Scale(c, Xc)
		Y, s := Prescale(Xc)
		if m := MaxAbs(Y); m < 0.5 || m >= 1 {
			t.Fatalf("scale %g: max after prescale %g", c, m)
		}
		if fr, _ := math.Frexp(s); fr != 0.5 {
			t.Fatalf("scale %g: factor %g not a power of two", c, s)
		}
		if Xc.At(0, 1) != -3*c {
			t.Fatalf("input changed")
		}
		w := []float64{1 / s}
		if !Unscale(w, s) || w[0] != 1 {
			t.Fatalf("Unscale: %v", w)
		}
	}
	if Unscale([]float64{1e300}, math.Ldexp(1, 1000)) {
		t.Fatal("overflow not reported")
	}
	if s := Pow2Scale(3e-310); math.IsInf(s, 0) || 3e-310*s < 1e-3 {
		t.Fatalf("subnormal: factor %g", s)
	}
	g := []float64{3e-200, 0}
	if s := ScaleInPlace(g); s == 1 || g[0] != 3e-200*s {
		t.Fatal("ScaleInPlace")
	}
}
