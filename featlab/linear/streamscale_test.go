package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// TestLassoFromStatsExtremeScales: the lasso path from statistics of
// data whose column x2 is scaled by 2^-500 (values near 1e-150) equals
// the in-memory path (coefficients within 1e-10 relative, the same
// supports); a column scaled by 2^500 (values near 1e150, squares near
// 1e300) is refused, as the in-memory least squares refuses it, with an
// error wrapping ErrNotFinite that names the column (not rescaled: NOT
// the in-memory lasso's answer, which standardizes first).
func TestLassoFromStatsExtremeScales(t *testing.T) {
	const n, d = 300, 3
	mk := func(e int) (*mat.Dense, []float64, *stream.Gram) {
		rng := rand.New(rand.NewPCG(3, 22))
		X := mat.NewDense(n, d, nil)
		y := make([]float64, n)
		for i := 0; i < n; i++ {
			row := X.RawRowView(i)
			for j := range row {
				row[j] = rng.NormFloat64()
			}
			y[i] = row[0] + 0.5*row[2] + 0.3*rng.NormFloat64()
			row[1] = math.Ldexp(row[1], e)
		}
		g, _ := stream.NewGram(d, true)
		if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y"}, g, 1); err != nil {
			t.Fatal(err)
		}
		return X, y, g
	}
	X, y, g := mk(-500)
	cfg := LassoPathConfig{Intercept: true}
	got, err := LassoPathFromStats(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, err := LassoPath(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for k := range want.Lambdas {
		if math.Abs(got.Lambdas[k]-want.Lambdas[k]) > 1e-10*want.Lambdas[k] {
			t.Fatalf("lambda %d: %v want %v", k, got.Lambdas[k], want.Lambdas[k])
		}
		gc, wc := got.Coef(k), want.Coef(k)
		for j := range wc {
			if math.Abs(gc[j]-wc[j]) > 1e-10*math.Max(math.Abs(wc[j]), 1e-300) && math.Abs(gc[j]-wc[j]) > 1e-12 {
				t.Fatalf("lambda %d: coef %d %v want %v", k, j, gc[j], wc[j])
			}
		}
	}
	_, _, g = mk(500)
	_, err = LassoPathFromStats(g, cfg)
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "column 1") {
		t.Fatalf("err %v: want ErrNotFinite naming column 1", err)
	}
}
