package matx

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestRowMajorSharesDenseAndCopiesOthers(t *testing.T) {
	X := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	g := RowMajor(X)
	if &g.Data[0] != &X.RawMatrix().Data[0] {
		t.Fatal("RowMajor copied a *mat.Dense")
	}
	for _, m := range []mat.Matrix{X.T().T(), mat.DenseCopyOf(X.T()).T(), mat.NewDiagDense(2, []float64{7, 8})} {
		g := RowMajor(m)
		r, c := m.Dims()
		if g.Rows != r || g.Cols != c {
			t.Fatalf("dims %dx%d, want %dx%d", g.Rows, g.Cols, r, c)
		}
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				if Row(g, i)[j] != m.At(i, j) {
					t.Fatalf("%T: (%d,%d) = %v, want %v", m, i, j, Row(g, i)[j], m.At(i, j))
				}
			}
		}
	}
}

func TestRowsColsTake(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	if got := Rows(X, []int{2, 0, 2}); !mat.Equal(got, mat.NewDense(3, 2, []float64{5, 6, 1, 2, 5, 6})) {
		t.Fatalf("Rows = %v", mat.Formatted(got))
	}
	if got := Cols(X.T(), []int{2, 0}); !mat.Equal(got, mat.NewDense(2, 2, []float64{5, 1, 6, 2})) {
		t.Fatalf("Cols = %v", mat.Formatted(got))
	}
	if r, c := Rows(X, nil).Dims(); r != 0 || c != 0 {
		t.Fatalf("Rows(nil) is %dx%d", r, c)
	}
	if got := Take([]float64{1, 2, 3}, []int{2, 2, 0}); got[0] != 3 || got[1] != 3 || got[2] != 1 {
		t.Fatalf("Take = %v", got)
	}
	defer func() {
		if r := recover(); r == nil || r != "matx: row 3 out of range [0, 3)" {
			t.Fatalf("panic = %v", r)
		}
	}()
	Rows(X, []int{3})
}
