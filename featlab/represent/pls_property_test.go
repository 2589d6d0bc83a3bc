package represent

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func vecMaxDiff(a, b []float64) float64 {
	w := 0.0
	for i := range a {
		w = math.Max(w, math.Abs(a[i]-b[i]))
	}
	return w
}

// leastSquares returns the coefficients and intercept of ordinary least
// squares with an intercept, by QR.
func leastSquares(X *mat.Dense, y []float64) ([]float64, float64) {
	m, d := X.Dims()
	a := mat.NewDense(m, d+1, nil)
	for i := 0; i < m; i++ {
		a.Set(i, 0, 1)
		for j := 0; j < d; j++ {
			a.Set(i, j+1, X.At(i, j))
		}
	}
	var w mat.VecDense
	if err := w.SolveVec(a, mat.NewVecDense(m, y)); err != nil {
		panic(err)
	}
	return w.RawVector().Data[1:], w.AtVec(0)
}

// TestPCRPLSFullIsLeastSquares: with M = d components both are least
// squares (ESL 3.5).
func TestPCRPLSFullIsLeastSquares(t *testing.T) {
	X, y := prostateTrain()
	w, b := leastSquares(X, y)
	pcr, err := FitPCR(X, y, PCRConfig{})
	if err != nil {
		t.Fatal(err)
	}
	pls, err := FitPLS(X, y, PLSConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for what, p := range map[string]*ComponentPath{"pcr": &pcr.ComponentPath, "pls": &pls.ComponentPath} {
		md := p.Model(p.M)
		if e := vecMaxDiff(md.Coef, w); e > 1e-12 || math.Abs(md.Intercept-b) > 1e-11 {
			t.Errorf("%s with %d components: coef %v (%v), least squares %v (%v)", what, p.M, md.Coef, md.Intercept, w, b)
		}
	}
}

// TestPLSProperties: orthonormal weights, orthogonal scores, T = Z R,
// PLS2 with one target is PLS1, the Learner is Model(M), and the
// predictions do not change when a column of X is scaled.
func TestPLSProperties(t *testing.T) {
	X, y := prostateTrain()
	res, err := FitPLS(X, y, PLSConfig{Components: 5})
	if err != nil {
		t.Fatal(err)
	}
	var wtw, ttt mat.Dense
	wtw.Mul(res.Weights.T(), res.Weights)
	ttt.Mul(res.Scores.T(), res.Scores)
	for a := 0; a < 5; a++ {
		for b := 0; b < 5; b++ {
			want := 0.0
			if a == b {
				want = 1
			}
			if math.Abs(wtw.At(a, b)-want) > 1e-12 {
				t.Errorf("W^T W [%d,%d] = %v", a, b, wtw.At(a, b))
			}
			if a != b && math.Abs(ttt.At(a, b)) > 1e-10*math.Sqrt(ttt.At(a, a)*ttt.At(b, b)) {
				t.Errorf("t_%d . t_%d = %v", a, b, ttt.At(a, b))
			}
		}
	}
	z, _, _, _ := standardize(X, true, "test")
	var zr mat.Dense
	zr.Mul(z, res.Projection)
	if !mat.EqualApprox(&zr, res.Scores, 1e-12) {
		t.Error("Z R != T")
	}
	two, err := FitPLS2(X, mat.NewDense(len(y), 1, y), PLSConfig{Components: 5})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= 5; k++ {
		if !mat.EqualApprox(two.Coefs[k], res.Coefs[k], 1e-13) {
			t.Errorf("k=%d: PLS2 with one target differs from PLS1", k)
		}
	}
	pred, err := PLSConfig{Components: 5}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	p1, _ := pred.Predict(X)
	p2, _ := res.Model(5).Predict(X)
	if vecMaxDiff(p1, p2) != 0 {
		t.Error("PLSConfig.Fit differs from Model(M)")
	}
	Xs := mat.DenseCopyOf(X)
	m, _ := Xs.Dims()
	for i := 0; i < m; i++ {
		Xs.Set(i, 2, 1000*Xs.At(i, 2))
	}
	for what, fit := range map[string]func(mat.Matrix) (*ComponentPath, error){
		"pls": func(X mat.Matrix) (*ComponentPath, error) {
			r, err := FitPLS(X, y, PLSConfig{Components: 3})
			if err != nil {
				return nil, err
			}
			return &r.ComponentPath, nil
		},
		"pcr": func(X mat.Matrix) (*ComponentPath, error) {
			r, err := FitPCR(X, y, PCRConfig{Components: 3})
			if err != nil {
				return nil, err
			}
			return &r.ComponentPath, nil
		},
	} {
		a, err1 := fit(X)
		b, err2 := fit(Xs)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		pa, _ := a.Predict(X, 3)
		pb, _ := b.Predict(Xs, 3)
		if !mat.EqualApprox(pa, pb, 1e-10) {
			t.Errorf("%s: predictions change when a column is scaled by 1000", what)
		}
	}
}

// TestPLSStopsAtLeastSquares: y exactly linear in two independent
// columns of X (the other columns orthogonal to both and to y): one
// direction fits it, and the later models equal the first.
func TestPLSStopsAtLeastSquares(t *testing.T) {
	X := mat.NewDense(8, 3, []float64{
		1, 0, 1,
		-1, 0, 1,
		1, 0, -1,
		-1, 0, -1,
		0, 1, 1,
		0, -1, 1,
		0, 1, -1,
		0, -1, -1,
	})
	y := []float64{2, -2, 2, -2, 2, -2, 2, -2} // 2 x1 + 2 x2
	res, err := FitPLS(X, y, PLSConfig{NoScale: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Directions != 1 || res.M != 3 {
		t.Fatalf("Directions %d, M %d; want 1, 3", res.Directions, res.M)
	}
	for k := 1; k <= 3; k++ {
		if e := vecMaxDiff(res.Model(k).Coef, []float64{2, 2, 0}); e > 1e-14 {
			t.Errorf("k=%d: coef %v", k, res.Model(k).Coef)
		}
	}
}

// TestPCRPLSNoScale: NoScale on standardized data equals the default.
func TestPCRPLSNoScale(t *testing.T) {
	X, y := prostateTrain()
	z, _, _, _ := standardize(X, true, "test")
	a, _ := FitPLS(z, y, PLSConfig{Components: 4})
	b, _ := FitPLS(z, y, PLSConfig{Components: 4, NoScale: true})
	c, _ := FitPCR(z, y, PCRConfig{Components: 4})
	d, _ := FitPCR(z, y, PCRConfig{Components: 4, NoScale: true})
	for k := 0; k <= 4; k++ {
		if !mat.EqualApprox(a.Coefs[k], b.Coefs[k], 1e-12) || !mat.EqualApprox(c.Coefs[k], d.Coefs[k], 1e-12) {
			t.Errorf("k=%d: NoScale differs on standardized data", k)
		}
	}
}

func TestPCRPLSErrors(t *testing.T) {
	X, y := prostateTrain()
	c := mat.DenseCopyOf(X)
	m, _ := c.Dims()
	for i := 0; i < m; i++ {
		c.Set(i, 3, 7)
	}
	for _, tc := range []struct {
		name string
		err  error
		want error
	}{
		{"PLS Components 9", func() error { _, err := FitPLS(X, y, PLSConfig{Components: 9}); return err }(), featlab.ErrParam},
		{"PLS Components -1", func() error { _, err := FitPLS(X, y, PLSConfig{Components: -1}); return err }(), featlab.ErrParam},
		{"PCR Components 9", func() error { _, err := FitPCR(X, y, PCRConfig{Components: 9}); return err }(), featlab.ErrParam},
		{"PLS constant column", func() error { _, err := FitPLS(c, y, PLSConfig{}); return err }(), featlab.ErrConstant},
		{"PCR constant column", func() error { _, err := FitPCR(c, y, PCRConfig{}); return err }(), featlab.ErrConstant},
		{"PCR rank", func() error { _, err := FitPCR(c, y, PCRConfig{NoScale: true}); return err }(), featlab.ErrConstant},
		{"PLS constant y", func() error { _, err := FitPLS(X, make([]float64, m), PLSConfig{}); return err }(), featlab.ErrConstant},
		{"PLS2 rows", func() error { _, err := FitPLS2(X, mat.NewDense(3, 2, nil), PLSConfig{}); return err }(), featlab.ErrShape},
		{"PLS one row", func() error {
			_, err := FitPLS(mat.NewDense(1, 2, []float64{1, 2}), []float64{1}, PLSConfig{})
			return err
		}(), featlab.ErrEmpty},
	} {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
		}
	}
}
