package nb

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestMatrixHelpers(t *testing.T) {
	A := mat.NewDense(2, 3, []float64{1, 0, 2, 0, 0, 3})
	if got := MulVec(A, []float64{1, 1, 1}); got[0] != 3 || got[1] != 3 {
		t.Errorf("MulVec = %v", got)
	}
	if P := Mul(A, A.T()); P.At(0, 0) != 5 || P.At(0, 1) != 6 || P.At(1, 1) != 9 {
		t.Errorf("Mul = %v", mat.Formatted(P))
	}
	if e := RelErr([]float64{3, 4}, []float64{0, 4}); math.Abs(e-0.75) > 1e-15 {
		t.Errorf("RelErr = %v, want 0.75", e)
	}
	if e := RelErr([]float64{0}, []float64{0}); e != 0 {
		t.Errorf("RelErr of zeros = %v", e)
	}
	if f := Frob2(A, mat.NewDense(2, 3, nil)); f != 14 {
		t.Errorf("Frob2 = %v, want 14", f)
	}
	if r := RowSlices(A, 1); len(r) != 1 || r[0][2] != 2 {
		t.Errorf("RowSlices = %v", r)
	}
	if nz := MeanNonzeros(A); nz != 1.5 {
		t.Errorf("MeanNonzeros = %v, want 1.5", nz)
	}
}
