package linear

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/stream"
)

// scaledStreamData returns n rows of 3 features, y = x1 + 0.5 x3 + noise,
// with column x2 multiplied by 2^ex and y by 2^ey (exact), and their Gram
// accumulated in blocks of 97 rows.
func scaledStreamData(t *testing.T, n, ex, ey int) (*mat.Dense, []float64, *stream.Gram) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 22))
	X := mat.NewDense(n, 3, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		row := X.RawRowView(i)
		for j := range row {
			row[j] = rng.NormFloat64()
		}
		y[i] = math.Ldexp(row[0]+0.5*row[2]+0.3*rng.NormFloat64()+0.2*row[1], ey)
		row[1] = math.Ldexp(row[1], ex)
	}
	g, _ := stream.NewGram(3, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Names: []string{"a", "b", "c"}, Target: "y", BlockRows: 97}, g, 1); err != nil {
		t.Fatal(err)
	}
	return X, y, g
}

// closePaths reports the first coefficient, intercept or lambda of got
// that differs from want by more than tol relative to the largest
// magnitude of that feature's (or the intercept's) coefficients along
// the path (so a weight near 2^-500 is compared at its own scale), or a
// support that differs.
func closePaths(got, want *Path, tol float64) error {
	if len(got.Lambdas) != len(want.Lambdas) {
		return fmt.Errorf("%d lambdas, in memory %d", len(got.Lambdas), len(want.Lambdas))
	}
	d, _ := want.Coefs.Dims()
	scale := make([]float64, d+1)
	for k := range want.Lambdas {
		for j := 0; j < d; j++ {
			scale[j] = math.Max(scale[j], math.Abs(want.Coefs.At(j, k)))
		}
		scale[d] = math.Max(scale[d], math.Abs(want.Intercepts[k]))
	}
	for k := range want.Lambdas {
		if math.Abs(got.Lambdas[k]-want.Lambdas[k]) > tol*want.Lambdas[k] {
			return fmt.Errorf("lambda %d: %v, in memory %v", k, got.Lambdas[k], want.Lambdas[k])
		}
		for j := 0; j <= d; j++ {
			a, b := want.Intercepts[k], got.Intercepts[k]
			if j < d {
				a, b = want.Coefs.At(j, k), got.Coefs.At(j, k)
			}
			if math.Abs(a-b) > tol*scale[j] {
				return fmt.Errorf("lambda %d: coefficient %d (d = intercept) %v, in memory %v", k, j, b, a)
			}
		}
		if got.NonZeros[k] != want.NonZeros[k] {
			return fmt.Errorf("lambda %d: %d non-zeros, in memory %d", k, got.NonZeros[k], want.NonZeros[k])
		}
	}
	if fmt.Sprint(got.Order) != fmt.Sprint(want.Order) {
		return fmt.Errorf("order of entry %v, in memory %v", got.Order, want.Order)
	}
	return nil
}

// TestLassoFromStatsExtremeScales: the lasso path and the lasso with
// 5-fold CV from statistics of data whose column x2 is scaled by 2^±500
// (values near 1e±150, squares near the ends of float64's range) equal
// the in-memory LassoPath and LassoCV on the same rows (which prescale X):
// the same lambdas, supports and entry order, coefficients and
// intercepts within 1e-10 relative to each one's own scale, the same CV
// errors and chosen lambdas (LassoCV at 2^500 through the equivalent
// problem on 2^-500 X, which it accepts); the target scaled by 2^±500 as well gives
// the unit-target answer scaled exactly (the in-memory lasso refuses such
// a target).
func TestLassoFromStatsExtremeScales(t *testing.T) {
	const n = 300
	for _, e := range []int{-500, 500} {
		for _, icpt := range []bool{true, false} {
			X, y, g := scaledStreamData(t, n, e, 0)
			cfg := LassoPathConfig{Intercept: icpt, NLambdas: 30, Tol: 1e-12}
			got, err := LassoPathFromStats(g, cfg)
			if err != nil {
				t.Fatalf("2^%d: %v", e, err)
			}
			want, err := LassoPath(X, y, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := closePaths(&got.Path, &want.Path, 1e-10); err != nil {
				t.Errorf("2^%d intercept %v: %v", e, icpt, err)
			}

			const K, seed = 5, 7
			fg, _ := stream.NewFoldGram(3, true, K, seed)
			if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y", BlockRows: 64}, fg, 2); err != nil {
				t.Fatal(err)
			}
			splits, err := stream.FoldSplits(X, y, K, seed)
			if err != nil {
				t.Fatal(err)
			}
			cv, err := LassoCVFromStats(fg, LassoCVConfig{Path: cfg})
			if err != nil {
				t.Fatalf("CV 2^%d: %v", e, err)
			}
			// LassoCV in memory refuses squares near 1e300: its reference
			// is the CV of 2^-s X (the same problem with lambdas 2^-s
			// lambda and weights 2^s w), mapped back exactly
			s := max(e, 0)
			Xr := mat.DenseCopyOf(X)
			Xr.Scale(math.Ldexp(1, -s), Xr)
			wcv, err := LassoCV(Xr, y, LassoCVConfig{Path: cfg, Splits: splits})
			if err != nil {
				t.Fatal(err)
			}
			wp := wcv.Path
			wp.Coefs.Scale(math.Ldexp(1, -s), wp.Coefs)
			for k := range wp.Lambdas {
				wp.Lambdas[k] = math.Ldexp(wp.Lambdas[k], s)
			}
			if err := closePaths(&cv.Path.Path, &wcv.Path.Path, 1e-10); err != nil {
				t.Errorf("CV 2^%d intercept %v: %v", e, icpt, err)
			}
			for k := range wcv.MSE {
				if math.Abs(cv.MSE[k]-wcv.MSE[k]) > 1e-10*wcv.MSE[k] {
					t.Errorf("CV 2^%d: MSE[%d] %v, in memory %v", e, k, cv.MSE[k], wcv.MSE[k])
				}
			}
			if cv.IndexMin != wcv.IndexMin || cv.Index1SE != wcv.Index1SE {
				t.Errorf("CV 2^%d: indices %d %d, in memory %d %d", e, cv.IndexMin, cv.Index1SE, wcv.IndexMin, wcv.IndexMin)
			}
		}
	}
	// the target at 2^±500 too: the path is the unit-target path with
	// lambdas, weights and intercepts times 2^ey
	_, _, g1 := scaledStreamData(t, n, 500, 0)
	ref, err := LassoPathFromStats(g1, LassoPathConfig{Intercept: true, NLambdas: 30, Tol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	for _, ey := range []int{-500, 500} {
		_, _, g := scaledStreamData(t, n, 500, ey)
		got, err := LassoPathFromStats(g, LassoPathConfig{Intercept: true, NLambdas: 30, Tol: 1e-12})
		if err != nil {
			t.Fatalf("y at 2^%d: %v", ey, err)
		}
		want := *ref
		want.Coefs = mat.DenseCopyOf(ref.Coefs)
		want.Coefs.Scale(math.Ldexp(1, ey), want.Coefs)
		want.Lambdas, want.Intercepts = make([]float64, len(ref.Lambdas)), make([]float64, len(ref.Lambdas))
		for k := range ref.Lambdas {
			want.Lambdas[k] = math.Ldexp(ref.Lambdas[k], ey)
			want.Intercepts[k] = math.Ldexp(ref.Intercepts[k], ey)
		}
		if err := closePaths(&got.Path, &want.Path, 1e-10); err != nil {
			t.Errorf("y at 2^%d: %v", ey, err)
		}
	}
}

// TestLeastSquaresFromStatsExtremeScales: least squares and ridge from
// statistics of data with column x2 at 2^±500 and y at 2^0 or 2^±500
// equal the in-memory fits of the unit-scale rows (which the in-memory
// LeastSquares needs: it refuses values whose squares overflow) mapped
// exactly: w_2 times 2^(ey−ex), the other weights, the intercept, their
// standard errors times 2^ey, RSS and sigma² times 2^(2 ey), the same t,
// p, R², adjusted R² and F, each within 1e-10 relative.
func TestLeastSquaresFromStatsExtremeScales(t *testing.T) {
	const n = 300
	X, y, _ := scaledStreamData(t, n, 0, 0)
	for _, icpt := range []bool{true, false} {
		want, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: icpt})
		if err != nil {
			t.Fatal(err)
		}
		wr, err := Ridge(X, y, RidgeConfig{Intercept: icpt, Lambda: 0.1})
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range [][2]int{{500, 0}, {-500, 0}, {500, 500}, {-500, -500}, {0, 500}} {
			ex, ey := sc[0], sc[1]
			_, _, g := scaledStreamData(t, n, ex, ey)
			got, err := LeastSquaresFromStats(g, LeastSquaresConfig{Intercept: icpt})
			if err != nil {
				t.Fatalf("2^%d, y 2^%d: %v", ex, ey, err)
			}
			w := func(j int) int { // the exponent of weight j
				if j == 1 {
					return ey - ex
				}
				return ey
			}
			ws, gs := want.Stats, got.Stats
			type pair struct {
				what      string
				got, want float64
			}
			pairs := []pair{{"intercept", got.Intercept, math.Ldexp(want.Intercept, ey)}, {"RSS", got.RSS, math.Ldexp(want.RSS, 2*ey)},
				{"sigma2", gs.Sigma2, math.Ldexp(ws.Sigma2, 2*ey)}, {"R2", gs.R2, ws.R2}, {"adjR2", gs.AdjR2, ws.AdjR2}, {"F", gs.F, ws.F},
				{"intercept SE", gs.InterceptStdErr, math.Ldexp(ws.InterceptStdErr, ey)}}
			for j := range want.Coef {
				pairs = append(pairs, pair{fmt.Sprint("w", j), got.Coef[j], math.Ldexp(want.Coef[j], w(j))},
					pair{fmt.Sprint("SE", j), gs.StdErr[j], math.Ldexp(ws.StdErr[j], w(j))}, pair{fmt.Sprint("t", j), gs.T[j], ws.T[j]},
					pair{fmt.Sprint("ridge w", j), 0, 0})
			}
			for _, p := range pairs {
				if math.Abs(p.got-p.want) > 1e-10*math.Abs(p.want) {
					t.Errorf("2^%d, y 2^%d, intercept %v: %s = %v, want %v", ex, ey, icpt, p.what, p.got, p.want)
				}
			}
			// ridge on the scaled column is another problem; with x2 at
			// unit scale and only y scaled it is the same one
			if ex != 0 {
				continue
			}
			gr, err := RidgeFromStats(g, RidgeConfig{Intercept: icpt, Lambda: 0.1})
			if err != nil {
				t.Fatal(err)
			}
			for j := range wr.Coef {
				if v := math.Ldexp(wr.Coef[j], ey); math.Abs(gr.Coef[j]-v) > 1e-10*math.Abs(v) {
					t.Errorf("ridge, y 2^%d: w_%d = %v, want %v", ey, j, gr.Coef[j], v)
				}
			}
		}
	}
}
