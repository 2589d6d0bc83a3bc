package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

func colOf(X *mat.Dense, j int) []float64 { return mat.Col(nil, j, X) }

// TestSparse: the support is where documented, the columns have the AR(1)
// correlation Rho^|i-j| (to sampling error), and y = Xw exactly without
// noise.
func TestSparse(t *testing.T) {
	ds, w, err := Sparse(4000, SparseConfig{Rho: 0.5}, 3)
	if err != nil {
		t.Fatal(err)
	}
	m, d := ds.Dims()
	if m != 4000 || d != 50 {
		t.Fatalf("dims %d x %d", m, d)
	}
	for j, v := range w {
		want := 0.0
		if j%10 == 0 {
			want = 1
		}
		if v != want {
			t.Errorf("w[%d] = %v, want %v", j, v, want)
		}
	}
	for _, c := range []struct {
		i, j int
		want float64
	}{{0, 1, 0.5}, {0, 2, 0.25}, {10, 11, 0.5}, {5, 25, 0}} {
		r := stat.Correlation(colOf(ds.X, c.i), colOf(ds.X, c.j), nil)
		// standard error of a correlation at m = 4000 is ~ 0.016
		if math.Abs(r-c.want) > 0.05 {
			t.Errorf("corr(x%d, x%d) = %.3f, want %.3f", c.i+1, c.j+1, r, c.want)
		}
	}
	for i := 0; i < m; i++ {
		s := 0.0
		for j := 0; j < d; j++ {
			s += ds.X.At(i, j) * w[j]
		}
		if math.Abs(s-ds.Y[i]) > 1e-12 {
			t.Fatalf("row %d: y = %v, Xw = %v", i, ds.Y[i], s)
		}
	}
	again, _, _ := Sparse(4000, SparseConfig{Rho: 0.5}, 3)
	if !mat.Equal(again.X, ds.X) {
		t.Error("same seed, different data")
	}
	other, _, _ := Sparse(4000, SparseConfig{Rho: 0.5}, 4)
	if mat.Equal(other.X, ds.X) {
		t.Error("different seeds, same data")
	}
	_, w2, _ := Sparse(10, SparseConfig{Features: 12, Support: 3, Coef: 2}, 1)
	for j, v := range w2 {
		if (j == 0 || j == 4 || j == 8) != (v == 2) {
			t.Errorf("d=12, k=3: w = %v", w2)
			break
		}
	}
}

func TestSparseErrors(t *testing.T) {
	for name, c := range map[string]struct {
		m   int
		cfg SparseConfig
	}{
		"m":        {0, SparseConfig{}},
		"features": {10, SparseConfig{Features: -1}},
		"support":  {10, SparseConfig{Features: 5, Support: 6}},
		"coef":     {10, SparseConfig{Coef: -1}},
		"noise":    {10, SparseConfig{Noise: math.NaN()}},
		"rho":      {10, SparseConfig{Rho: 1}},
	} {
		if _, _, err := Sparse(c.m, c.cfg, 1); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, f := range map[string]func() error{
		"decoy d":     func() error { _, _, err := Decoy(10, 3, 0.5, 1, 1); return err },
		"decoy rho":   func() error { _, _, err := Decoy(10, 5, 1, 1, 1); return err },
		"decoy noise": func() error { _, _, err := Decoy(10, 5, 0.5, -1, 1); return err },
		"decoy m":     func() error { _, _, err := Decoy(0, 5, 0.5, 1, 1); return err },
		"two m":       func() error { _, err := TwoFeature(2, 1); return err },
		"subset m":    func() error { _, _, err := BestSubset(3, 1); return err },
	} {
		if err := f(); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestDecoy: the decoy x4 correlates with (x1+x2+x3)/sqrt(3) at rho and
// with y more strongly than any relevant feature does, so it enters the
// lasso path first.
func TestDecoy(t *testing.T) {
	ds, w, err := Decoy(5000, 10, 0.8, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := ds.Dims()
	sig := make([]float64, m)
	for i := range sig {
		sig[i] = (ds.X.At(i, 0) + ds.X.At(i, 1) + ds.X.At(i, 2)) / math.Sqrt(3)
	}
	if r := stat.Correlation(colOf(ds.X, 3), sig, nil); math.Abs(r-0.8) > 0.02 {
		t.Errorf("corr(decoy, signal) = %.3f, want 0.8", r)
	}
	// population: corr(x4, y) = 0.8 sqrt(3)/2 = 0.69, corr(x1, y) = 1/2
	ry := stat.Correlation(colOf(ds.X, 3), ds.Y, nil)
	r1 := stat.Correlation(colOf(ds.X, 0), ds.Y, nil)
	if math.Abs(ry-0.8*math.Sqrt(3)/2) > 0.03 || math.Abs(r1-0.5) > 0.03 {
		t.Errorf("corr with y: decoy %.3f (want 0.693), x1 %.3f (want 0.5)", ry, r1)
	}
	if w[0] != 1 || w[1] != 1 || w[2] != 1 || w[3] != 0 {
		t.Errorf("w = %v", w)
	}
	p, err := linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.Order[0] != 3 {
		t.Errorf("first feature to enter the lasso path: x%d, want the decoy x4", p.Order[0]+1)
	}
}

// TestTwoFeature checks the claims of the Fig. 11.1 example: least
// squares near (2, 0.5); the l1-constrained solution (||w||_1 <= 1) has
// w2 = 0 exactly, the l2-constrained one (||w||_2 <= 1) has both nonzero.
func TestTwoFeature(t *testing.T) {
	ds, err := TwoFeature(200, 11)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := linear.LeastSquares(ds.X, ds.Y, linear.LeastSquaresConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ls.Coef[0]-2) > 0.15 || math.Abs(ls.Coef[1]-0.5) > 0.15 {
		t.Errorf("least squares %v, want near (2, 0.5)", ls.Coef)
	}
	l1, err := linear.ConstrainedLasso(ds.X, ds.Y, linear.ConstrainedLassoConfig{Radius: 1, Tol: 1e-12, MaxIter: 100000})
	if err != nil {
		t.Fatal(err)
	}
	if l1.Coef[1] != 0 || math.Abs(l1.Coef[0]-1) > 1e-9 {
		t.Errorf("l1-constrained solution %v, want (1, 0)", l1.Coef)
	}
	// l2: w(c) = (X^T X + c I)^-1 X^T y with ||w(c)|| = 1, by bisection on c
	// (RidgeSum takes c as is)
	lo, hi := 0.0, 1e6
	var w2 []float64
	for it := 0; it < 200; it++ {
		c := (lo + hi) / 2
		r, err := linear.Ridge(ds.X, ds.Y, linear.RidgeConfig{Lambda: c, Objective: linear.RidgeSum})
		if err != nil {
			t.Fatal(err)
		}
		n := math.Hypot(r.Coef[0], r.Coef[1])
		if n > 1 {
			lo = c
		} else {
			hi = c
		}
		w2 = r.Coef
	}
	if math.Abs(math.Hypot(w2[0], w2[1])-1) > 1e-9 || w2[0] < 0.5 || w2[1] < 0.05 {
		t.Errorf("l2-constrained solution %v: want both coordinates clearly nonzero on the unit circle", w2)
	}
}

// TestBestSubset checks the claims of the l0-versus-lasso example: the
// best subset of size 3 by exhaustive search is the support {x1, x2, x3};
// the first three features on the lasso path include the decoy x4.
func TestBestSubset(t *testing.T) {
	ds, w, err := BestSubset(40, 5)
	if err != nil {
		t.Fatal(err)
	}
	_, d := ds.Dims()
	if d != 8 || w[0] != 1 || w[3] != 0 {
		t.Fatalf("d = %d, w = %v", d, w)
	}
	best, bestRSS := []int(nil), math.Inf(1)
	for a := 0; a < d; a++ {
		for b := a + 1; b < d; b++ {
			for c := b + 1; c < d; c++ {
				sub, _ := ds.Columns([]int{a, b, c})
				r, err := linear.LeastSquares(sub.X, sub.Y, linear.LeastSquaresConfig{Intercept: true})
				if err != nil {
					t.Fatal(err)
				}
				pred, _ := r.Predict(sub.X)
				rss := 0.0
				for i, p := range pred {
					rss += (p - sub.Y[i]) * (p - sub.Y[i])
				}
				if rss < bestRSS {
					best, bestRSS = []int{a, b, c}, rss
				}
			}
		}
	}
	if best[0] != 0 || best[1] != 1 || best[2] != 2 {
		t.Errorf("best subset of size 3 = %v, want [0 1 2]", best)
	}
	p, err := linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	hasDecoy := false
	for _, j := range p.Order[:3] {
		hasDecoy = hasDecoy || j == 3
	}
	if !hasDecoy {
		t.Errorf("lasso's first three features %v do not include the decoy x4", p.Order[:3])
	}
}
