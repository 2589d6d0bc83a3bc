package datasets

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// TestProstateESLTable32 checks the split and row 32 against ESL: least
// squares on the 67 training rows, features standardized by the mean and
// standard deviation of all 97 rows (as ESL did), gives Table 3.2's
// coefficients and Table 3.3's test error 0.521 (std error 0.179).
func TestProstateESLTable32(t *testing.T) {
	ds := Prostate()
	train, test := ProstateSplit()
	if len(train) != 67 || len(test) != 30 {
		t.Fatalf("split %d/%d, want 67/30", len(train), len(test))
	}
	m, d := ds.X.Dims()
	if m != 97 || d != 8 {
		t.Fatalf("dims %dx%d", m, d)
	}
	if got := ds.X.At(31, 1); got != 3.804438 {
		t.Errorf("lweight[32] = %v, want ESL's 3.804438", got)
	}
	z := mat.NewDense(m, d+1, nil)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, ds.X)
		mu, sd := stat.MeanStdDev(col, nil)
		for i := range col {
			z.Set(i, j+1, (col[i]-mu)/sd)
		}
	}
	for i := 0; i < m; i++ {
		z.Set(i, 0, 1)
	}
	a := mat.NewDense(len(train), d+1, nil)
	b := mat.NewVecDense(len(train), nil)
	for r, i := range train {
		a.SetRow(r, z.RawRowView(i))
		b.SetVec(r, ds.Y[i])
	}
	var w mat.VecDense
	if err := w.SolveVec(a, b); err != nil {
		t.Fatal(err)
	}
	want := []float64{2.465, 0.680, 0.263, -0.141, 0.210, 0.305, -0.288, -0.021, 0.267}
	for j, v := range want {
		if math.Abs(w.AtVec(j)-v) > 5e-4 {
			t.Errorf("coef %d = %.4f, want %.3f", j, w.AtVec(j), v)
		}
	}
	e := make([]float64, len(test))
	for r, i := range test {
		e[r] = ds.Y[i] - mat.Dot(z.RowView(i), &w)
		e[r] *= e[r]
	}
	mu, sd := stat.MeanStdDev(e, nil)
	if math.Abs(mu-0.521) > 5e-4 || math.Abs(sd/math.Sqrt(30)-0.179) > 5e-4 {
		t.Errorf("test error %.4f (se %.4f), want 0.521 (0.179)", mu, sd/math.Sqrt(30))
	}
}
