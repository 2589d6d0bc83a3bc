package linear

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/streamtest"
	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/validate"
)

// relErr reports |a-b| > tol max(scale, |b|).
func relErr(a, b, scale, tol float64) bool {
	return math.Abs(a-b) > tol*math.Max(scale, math.Abs(b))
}

func TestLeastSquaresFromStatsExact(t *testing.T) {
	for _, c := range []struct {
		mu        float64
		intercept bool
	}{{0, true}, {1e3, true}, {0, false}, {5, false}} {
		X, y := streamData(300, 6, c.mu, 11)
		cfg := LeastSquaresConfig{Intercept: c.intercept, Names: featlab.DefaultNames(6)}
		want, err := LeastSquares(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(6, true)) {
			got, err := LeastSquaresFromStats(a.(*stream.Gram), cfg)
			if err != nil {
				t.Fatal(err)
			}
			scale := floatsMaxAbs(want.Coef)
			for j := range want.Coef {
				if relErr(got.Coef[j], want.Coef[j], scale, 1e-10) {
					t.Errorf("mu %g %s: w_%d = %v, in memory %v", c.mu, how, j, got.Coef[j], want.Coef[j])
				}
			}
			ws, gs := want.Stats, got.Stats
			if gs == nil || got.DF != want.DF || got.Rank != want.Rank {
				t.Fatalf("%s: DF %d rank %d stats %v; in memory %d %d", how, got.DF, got.Rank, gs != nil, want.DF, want.Rank)
			}
			pairs := [][2]float64{{got.Intercept, want.Intercept}, {got.RSS, want.RSS}, {gs.R2, ws.R2}, {gs.AdjR2, ws.AdjR2},
				{gs.F, ws.F}, {gs.Sigma2, ws.Sigma2}, {gs.InterceptStdErr, ws.InterceptStdErr}}
			for j := range ws.T {
				pairs = append(pairs, [2]float64{gs.StdErr[j], ws.StdErr[j]}, [2]float64{gs.T[j], ws.T[j]}, [2]float64{gs.P[j], ws.P[j]})
			}
			for i, p := range pairs {
				if relErr(p[0], p[1], 1e-300, 1e-9) && math.Abs(p[0]-p[1]) > 1e-12 {
					t.Errorf("mu %g %s: statistic %d = %v, in memory %v", c.mu, how, i, p[0], p[1])
				}
			}
			if got.Table() != want.Table() {
				t.Errorf("%s: table\n%s\nin memory\n%s", how, got.Table(), want.Table())
			}
		}
	}
}

func TestElasticNetPathFromStatsExact(t *testing.T) {
	X, y := streamData(250, 9, 3, 13)
	cfg := LassoPathConfig{Intercept: true, NLambdas: 30, L1Ratio: 0.5, Tol: 1e-10}
	want, err := LassoPath(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(9, true)) {
		got, err := LassoPathFromStats(a.(*stream.Gram), cfg)
		if err != nil {
			t.Fatal(err)
		}
		comparePaths(t, how, got, want)
	}
}

func comparePaths(t *testing.T, how string, got, want *LassoPathResult) {
	t.Helper()
	if !floatsRel(got.Lambdas, want.Lambdas, 1e-12) {
		t.Fatalf("%s: lambdas differ", how)
	}
	scale := mat.Norm(want.Coefs, math.Inf(1))
	d, _ := want.Coefs.Dims()
	for k := range want.Lambdas {
		for j := 0; j < d; j++ {
			a, b := got.Coefs.At(j, k), want.Coefs.At(j, k)
			// a support may differ only by a weight at rounding level
			// (at lambda_max itself the entering weight is 0 or 1e-17)
			if ((a == 0) != (b == 0) && math.Abs(a-b) > 1e-12*scale) || relErr(a, b, scale, 1e-10) {
				t.Errorf("%s: lambda %d: w_%d = %v, in memory %v", how, k, j, a, b)
			}
		}
		if relErr(got.Intercepts[k], want.Intercepts[k], 1, 1e-10) {
			t.Errorf("%s: lambda %d: b = %v, in memory %v", how, k, got.Intercepts[k], want.Intercepts[k])
		}
	}
	if fmt.Sprint(got.Order) != fmt.Sprint(want.Order) {
		t.Errorf("%s: order of entry %v, in memory %v", how, got.Order, want.Order)
	}
}

func TestLassoCVFromStatsExact(t *testing.T) {
	for _, c := range []struct {
		mu        float64
		intercept bool
		l1        float64
	}{{0, true, 0}, {100, true, 0}, {0, false, 0}, {2, true, 0.7}} {
		X, y := streamData(400, 8, c.mu, 14)
		const K, seed = 5, 99
		splits, err := stream.FoldSplits(X, y, K, seed)
		if err != nil {
			t.Fatal(err)
		}
		path := LassoPathConfig{Intercept: c.intercept, NLambdas: 40, Tol: 1e-10, L1Ratio: c.l1}
		want, err := LassoCV(X, y, LassoCVConfig{Path: path, Splits: splits})
		if err != nil {
			t.Fatal(err)
		}
		for how, a := range streamtest.Accumulations(t, X, y, func() stream.Accumulator { f, _ := stream.NewFoldGram(8, true, K, seed); return f }) {
			got, err := LassoCVFromStats(a.(*stream.FoldGram), LassoCVConfig{Path: path, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			comparePaths(t, how, got.Path, want.Path)
			for k := range want.MSE {
				if relErr(got.MSE[k], want.MSE[k], 1e-300, 1e-10) || relErr(got.SE[k], want.SE[k], want.MSE[k], 1e-9) {
					t.Errorf("mu %g %s: MSE[%d] = %v ± %v, in memory %v ± %v", c.mu, how, k, got.MSE[k], got.SE[k], want.MSE[k], want.SE[k])
				}
			}
			if got.IndexMin != want.IndexMin || got.Index1SE != want.Index1SE || got.LambdaMin != want.LambdaMin && relErr(got.LambdaMin, want.LambdaMin, 0, 1e-12) {
				t.Errorf("mu %g %s: indices %d %d, in memory %d %d", c.mu, how, got.IndexMin, got.Index1SE, want.IndexMin, want.Index1SE)
			}
			cx := make([]float64, len(got.Lambdas))
			for k, l := range got.Lambdas {
				cx[k] = -l
			}
			one, err := validate.OneSE(validate.Curve{Mean: got.MSE, StdErr: got.SE, Complexity: cx})
			if err != nil || one.Chosen != got.Index1SE || one.Best != got.IndexMin {
				t.Errorf("%s: OneSE %+v %v, Index1SE %d", how, one, err, got.Index1SE)
			}
			if got.Selection().String() != want.Selection().String() {
				t.Errorf("%s: selection %v, in memory %v", how, got.Selection(), want.Selection())
			}
		}
	}
}

func TestFromStatsErrors(t *testing.T) {
	g, _ := stream.NewGram(2, true)
	noY, _ := stream.NewGram(2, false)
	for name, err := range map[string]error{
		"ls nil":    func() error { _, err := LeastSquaresFromStats(nil, LeastSquaresConfig{}); return err }(),
		"ls empty":  func() error { _, err := LeastSquaresFromStats(g, LeastSquaresConfig{}); return err }(),
		"ls no y":   func() error { _, err := LeastSquaresFromStats(noY, LeastSquaresConfig{}); return err }(),
		"ridge neg": func() error { _, err := RidgeFromStats(g, RidgeConfig{Lambda: -1}); return err }(),
		"cv nil":    func() error { _, err := LassoCVFromStats(nil, LassoCVConfig{}); return err }(),
	} {
		if !errors.Is(err, featlab.ErrParam) && !errors.Is(err, featlab.ErrEmpty) {
			t.Errorf("%s: %v", name, err)
		}
	}
	X, y := streamData(50, 4, 0, 1)
	fg, _ := stream.NewFoldGram(4, true, 3, 7)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y}, fg, 1); err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []LassoCVConfig{{Folds: 4}, {Seed: 8}, {Splits: []validate.Fold{{}}}} {
		if _, err := LassoCVFromStats(fg, cfg); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
	if _, err := LassoCVFromStats(fg, LassoCVConfig{Folds: 3, Seed: 7}); err != nil {
		t.Error(err)
	}
}
