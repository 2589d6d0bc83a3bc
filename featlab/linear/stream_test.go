package linear

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/stream"
)

// streamData: m x d features with mean mu, a sparse truth, noise.
func streamData(m, d int, mu float64, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 2))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		f := rng.NormFloat64()
		for j := 0; j < d; j++ {
			X.Set(i, j, mu+0.3*f+rng.NormFloat64())
		}
		y[i] = 5 + 2*(X.At(i, 0)-mu) - 1.5*(X.At(i, 3)-mu) + 0.5*(X.At(i, d-1)-mu) + rng.NormFloat64()
	}
	return X, y
}

func TestLassoPathFromStatsExact(t *testing.T) {
	for _, c := range []struct {
		mu        float64
		intercept bool
		tol       float64
	}{{0, true, 0}, {1e3, true, 0}, {0, false, 0}, {10, true, 1e-10}} {
		X, y := streamData(300, 8, c.mu, 4)
		cfg := LassoPathConfig{Intercept: c.intercept, NLambdas: 40, Tol: c.tol}
		want, err := LassoPath(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, rows := range []int{1, 37, 300} {
			for _, workers := range []int{1, 3} {
				g, _ := stream.NewGram(8, true)
				if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: rows}, g, workers); err != nil {
					t.Fatal(err)
				}
				got, err := LassoPathFromStats(g, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if !floatsRel(got.Lambdas, want.Lambdas, 1e-12) {
					t.Fatalf("mu %g: lambdas differ", c.mu)
				}
				scale := mat.Norm(want.Coefs, math.Inf(1))
				for k := range want.Lambdas {
					for j := 0; j < 8; j++ {
						a, b := got.Coefs.At(j, k), want.Coefs.At(j, k)
						if (a == 0) != (b == 0) {
							t.Errorf("mu %g rows %d lambda %d: feature %d selected %v, in memory %v", c.mu, rows, k, j, a != 0, b != 0)
						}
						if math.Abs(a-b) > 1e-10*math.Max(scale, 1e-300) {
							t.Errorf("mu %g rows %d lambda %d: w_%d = %v, in memory %v", c.mu, rows, k, j, a, b)
						}
					}
					if math.Abs(got.Intercepts[k]-want.Intercepts[k]) > 1e-10*math.Max(1, math.Abs(want.Intercepts[k])) {
						t.Errorf("mu %g lambda %d: intercept %v, in memory %v", c.mu, k, got.Intercepts[k], want.Intercepts[k])
					}
				}
				if got.Selection().String() != want.Selection().String() {
					t.Errorf("selection %v, in memory %v", got.Selection(), want.Selection())
				}
			}
		}
	}
}

func floatsRel(a, b []float64, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol*math.Max(math.Abs(a[i]), math.Abs(b[i])) {
			return false
		}
	}
	return true
}

func TestLassoPathFromStatsErrors(t *testing.T) {
	if _, err := LassoPathFromStats(nil, LassoPathConfig{}); err == nil || !strings.Contains(err.Error(), "target") {
		t.Error(err)
	}
	g, _ := stream.NewGram(2, true)
	if _, err := LassoPathFromStats(g, LassoPathConfig{}); err == nil {
		t.Error("empty Gram accepted")
	}
}

// A constant column (mean 1e3) gets coefficient 0 from the statistics, as
// in memory, and the other coefficients agree.
func TestLassoPathFromStatsConstantColumn(t *testing.T) {
	X, y := streamData(120, 4, 0, 8)
	for i := 0; i < 120; i++ {
		X.Set(i, 2, 1e3)
	}
	cfg := LassoPathConfig{Intercept: true, NLambdas: 20}
	want, err := LassoPath(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := stream.NewGram(4, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: 13}, g, 2); err != nil {
		t.Fatal(err)
	}
	got, err := LassoPathFromStats(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for k := range want.Lambdas {
		for j := 0; j < 4; j++ {
			if a, b := got.Coefs.At(j, k), want.Coefs.At(j, k); math.Abs(a-b) > 1e-10*math.Max(1, math.Abs(b)) {
				t.Errorf("lambda %d: w_%d = %v, in memory %v", k, j, a, b)
			}
		}
	}
}
