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
			w, err := Tikhonov(X, y, G)
			if err != nil {
				t.Fatal(err)
			}
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
	w, err := Tikhonov(X, y, G)
	if err != nil {
		t.Fatal(err)
	}
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
	w, err := Tikhonov(X, y, D)
	if err != nil {
		t.Fatal(err)
	}
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
	if _, err := Tikhonov(X, y, D); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("singular system: %v", err)
	}
	if _, err := Tikhonov(X, y, mat.NewDense(2, 2, nil)); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("Gamma 2x2 for 3 columns: %v", err)
	}
	if _, err := Tikhonov(X, y, nil); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil Gamma: %v", err)
	}
	if _, err := DifferenceOperator(1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("d = 1: %v", err)
	}
}

// bestRSSBySize returns, by brute force, the smallest RSS over supports of
// each size k = 0..d.
func bestRSSBySize(t *testing.T, X *mat.Dense, y []float64) []float64 {
	_, d := X.Dims()
	best := make([]float64, d+1)
	for k := range best {
		best[k] = math.Inf(1)
	}
	for mask := 0; mask < 1<<d; mask++ {
		var cols []int
		for j := 0; j < d; j++ {
			if mask&(1<<j) != 0 {
				cols = append(cols, j)
			}
		}
		_, _, rss, err := subsetFit(X, y, cols, true)
		if err != nil {
			t.Fatal(err)
		}
		best[len(cols)] = math.Min(best[len(cols)], rss)
	}
	return best
}

// The l0-penalised solution is a best subset of its size, its size never
// drops as lambda decreases, lambda = 0 gives least squares on every
// column and a large lambda the empty model.
func TestL0PenalizedPath(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	X, y := randomXY(r, 40, 6)
	best := bestRSSBySize(t, X, y)
	prev := -1
	for _, lam := range []float64{10, 1, 0.3, 0.1, 0.03, 0.01, 1e-3, 0} {
		res, err := L0Penalized(X, y, lam, true)
		if err != nil {
			t.Fatal(err)
		}
		k := len(res.Support)
		if math.Abs(res.RSS-best[k]) > 1e-9*best[k] {
			t.Errorf("lambda %g: RSS %g, best of size %d is %g", lam, res.RSS, k, best[k])
		}
		if k < prev {
			t.Errorf("lambda %g: size %d after %d", lam, k, prev)
		}
		prev = k
		if res.Evaluated != 64 {
			t.Errorf("evaluated %d", res.Evaluated)
		}
	}
	full, _ := L0Penalized(X, y, 0, true)
	ls, _ := LeastSquares(X, y, LeastSquaresConfig{Intercept: true})
	if len(full.Support) != 6 || tikDiff(full.Coef, ls.Coef) > 1e-9 {
		t.Errorf("lambda = 0: %v, want least squares %v", full.Coef, ls.Coef)
	}
	if none, _ := L0Penalized(X, y, 100, true); len(none.Support) != 0 {
		t.Errorf("lambda = 100: support %v", none.Support)
	}
}

func TestL0PenalizedErrors(t *testing.T) {
	X, y := randomXY(rand.New(rand.NewPCG(1, 1)), 20, 3)
	for _, lam := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := L0Penalized(X, y, lam, true); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("lambda %v: %v", lam, err)
		}
	}
	big := mat.NewDense(20, MaxL0Features+1, nil)
	if _, err := L0Penalized(big, y, 1, true); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("too many features: %v", err)
	}
}
