package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func tikDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

func randomXY(r *rand.Rand, m, d int) (*mat.Dense, []float64) {
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = r.NormFloat64() + X.At(i, 0)
	}
	return X, y
}

// Ridge is Tikhonov with Gamma = sqrt(lambda) I, in both m >= d and m < d.
func TestTikhonovIsRidge(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, sz := range [][2]int{{30, 5}, {6, 10}} {
		X, y := randomXY(r, sz[0], sz[1])
		for _, lam := range []float64{0.01, 0.3, 5} {
			G := mat.NewDiagDense(sz[1], nil)
			for j := 0; j < sz[1]; j++ {
				G.SetDiag(j, math.Sqrt(lam))
			}
			tr, err := Tikhonov(X, y, TikhonovConfig{Gamma: G})
			if err != nil {
				t.Fatal(err)
			}
			w := tr.Coef
			rd, err := Ridge(X, y, RidgeConfig{Lambda: lam})
			if err != nil {
				t.Fatal(err)
			}
			if e := tikDiff(w, rd.Coef); e > 1e-9 {
				t.Errorf("%v lambda %g: Tikhonov vs Ridge differ by %g", sz, lam, e)
			}
		}
	}
}

// With an invertible Gamma, w = Gamma^{-1} v where v is ridge (lambda = 1)
// on X Gamma^{-1} (the standard-form transformation).
func TestTikhonovStandardForm(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	X, y := randomXY(r, 25, 4)
	G := mat.NewDense(4, 4, []float64{2, 0, 0, 0, -1, 1, 0, 0, 0, -1, 1.5, 0, 0, 0, -1, 0.5})
	tr, err := Tikhonov(X, y, TikhonovConfig{Gamma: G})
	if err != nil {
		t.Fatal(err)
	}
	w := tr.Coef
	var Gi, XGi mat.Dense
	if err := Gi.Inverse(G); err != nil {
		t.Fatal(err)
	}
	XGi.Mul(X, &Gi)
	v, err := Ridge(&XGi, y, RidgeConfig{Lambda: 1})
	if err != nil {
		t.Fatal(err)
	}
	var want mat.VecDense
	want.MulVec(&Gi, mat.NewVecDense(4, v.Coef))
	if e := tikDiff(w, want.RawVector().Data); e > 1e-9 {
		t.Errorf("standard form differs by %g", e)
	}
}

// The gradient (1/m) X^T (Xw - y) + 2 Gamma^T Gamma w vanishes at the
// solution, for the difference operator (singular Gamma^T Gamma).
func TestTikhonovDifferenceGradient(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	X, y := randomXY(r, 12, 20)
	D, err := DifferenceOperator(20)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Tikhonov(X, y, TikhonovConfig{Gamma: D})
	if err != nil {
		t.Fatal(err)
	}
	w := tr.Coef
	var res, g, Dw, g2 mat.VecDense
	wv := mat.NewVecDense(20, w)
	res.MulVec(X, wv)
	res.SubVec(&res, mat.NewVecDense(12, y))
	g.MulVec(X.T(), &res)
	g.ScaleVec(1/12.0, &g)
	Dw.MulVec(D, wv)
	g2.MulVec(D.T(), &Dw)
	g.AddScaledVec(&g, 2, &g2)
	if n := mat.Norm(&g, math.Inf(1)); n > 1e-9 {
		t.Errorf("gradient at the solution: %g", n)
	}
}

func TestTikhonovErrors(t *testing.T) {
	X := mat.NewDense(5, 3, nil) // X = 0 and D share the constant direction
	y := []float64{1, 2, 3, 4, 5}
	D, _ := DifferenceOperator(3)
	if _, err := Tikhonov(X, y, TikhonovConfig{Gamma: D}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("singular system: %v", err)
	}
	if _, err := Tikhonov(X, y, TikhonovConfig{Gamma: mat.NewDense(2, 2, nil)}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("Gamma 2x2 for 3 columns: %v", err)
	}
	if _, err := Tikhonov(X, y, TikhonovConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil Gamma (no penalty) on X = 0: %v", err)
	}
	if _, err := DifferenceOperator(1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("d = 1: %v", err)
	}
}

// The zero config is least squares; with Intercept and Gamma = sqrt(lambda) I
// it is Ridge with an intercept; the config is a featlab.Learner.
func TestTikhonovConfig(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	X, y := randomXY(r, 30, 4)
	for i := range y {
		y[i] += 3
	}
	tr, err := Tikhonov(X, y, TikhonovConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ls, _ := LeastSquares(X, y, LeastSquaresConfig{})
	if e := tikDiff(tr.Coef, ls.Coef); e > 1e-9 || tr.Intercept != 0 {
		t.Errorf("zero config vs least squares: %g, intercept %g", e, tr.Intercept)
	}
	G := mat.NewDiagDense(4, []float64{0.5, 0.5, 0.5, 0.5})
	var learner featlab.Learner = TikhonovConfig{Gamma: G, Intercept: true}
	p, err := learner.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	tw := p.(*TikhonovResult)
	rd, _ := Ridge(X, y, RidgeConfig{Lambda: 0.25, Intercept: true})
	if e := tikDiff(tw.Coef, rd.Coef); e > 1e-9 || math.Abs(tw.Intercept-rd.Intercept) > 1e-9 {
		t.Errorf("intercept: Tikhonov %v %g, Ridge %v %g", tw.Coef, tw.Intercept, rd.Coef, rd.Intercept)
	}
}
