package transform_test

// The worked examples of Shalev-Shwartz and Ben-David section 25.2, as the
// notebook 06-transformations shows them: every number it prints next to
// the text's is checked here.

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/transform"
)

// ridgeMean fits ridge in the (1/m)||Xw - y||^2 + lambda||w||^2 scaling of
// 25.2 (no intercept).
func ridgeMean(t *testing.T, X mat.Matrix, y []float64, lambda float64) []float64 {
	t.Helper()
	md, err := linear.Ridge(X, y, linear.RidgeConfig{Lambda: lambda, Objective: linear.RidgeMean})
	if err != nil {
		t.Fatal(err)
	}
	return md.Coef
}

// ridge2x2 solves (X^T X/m + lambda I) w = X^T y/m directly: an
// independent check of linear.Ridge on two features.
func ridge2x2(X mat.Matrix, y []float64, lambda float64) []float64 {
	m, _ := X.Dims()
	var a, b, c, u, v float64
	for i := 0; i < m; i++ {
		x1, x2 := X.At(i, 0), X.At(i, 1)
		a += x1 * x1
		b += x1 * x2
		c += x2 * x2
		u += x1 * y[i]
		v += x2 * y[i]
	}
	fm := float64(m)
	a, b, c, u, v = a/fm+lambda, b/fm, c/fm+lambda, u/fm, v/fm
	det := a*c - b*b
	return []float64{(c*u - b*v) / det, (a*v - b*u) / det}
}

func TestRidgeNormalizationExample(t *testing.T) {
	ds, err := synth.RidgeScale(1000, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Dividing each feature by its maximal absolute value: 1.5 and 10^-4.
	ma := &transform.MaxAbs{}
	Xn, err := transform.FitTransform(ma, ds.X)
	if err != nil {
		t.Fatal(err)
	}
	if s := ma.Scale(); s[0] != 1.5 || s[1] != 1e-4 {
		t.Fatalf("max |x_j| = %v, want [1.5 1e-4]", s)
	}
	scale := ma.Scale()
	// The largest instance norm stays about the same: 1.5 raw (x1 = +-1.5),
	// sqrt(2) normalized.
	rawMax, _ := transform.Norms(ds.X, transform.LInf)
	nb, _ := transform.Norms(ds.X, transform.L2)
	nn, _ := transform.Norms(Xn, transform.L2)
	maxOf := func(v []float64) float64 {
		m := 0.0
		for _, x := range v {
			m = math.Max(m, x)
		}
		return m
	}
	if a, b := maxOf(nb), maxOf(nn); math.Abs(a-1.5) > 1e-8 || math.Abs(b-math.Sqrt2) > 1e-12 || maxOf(rawMax) != 1.5 {
		t.Errorf("max instance norm %v raw, %v normalized", a, b)
	}
	// ||w*||^2 = 10^8 before and 1 after (the text's numbers).
	before, _ := synth.RidgeScaleWStar(nil)
	after, _ := synth.RidgeScaleWStar(scale)
	if n := before[0]*before[0] + before[1]*before[1]; n != 1e8 {
		t.Errorf("||w*||^2 before = %v, text 10^8", n)
	}
	if n := after[0]*after[0] + after[1]*after[1]; n != 1 {
		t.Errorf("||w*||^2 after = %v, text 1", n)
	}
	// On the sample, the objective at [1; 0] is 0.25 + lambda exactly
	// ((x1 - y)^2 = alpha^2/4 = 0.25 on every example), and at w* it is
	// lambda 10^8 (x2 w*_2 = y): equal at lambda = 0.25/(10^8 - 1).
	obj := func(w []float64, lambda float64) float64 {
		s := 0.0
		for i, y := range ds.Y {
			r := w[0]*ds.X.At(i, 0) + w[1]*ds.X.At(i, 1) - y
			s += r * r
		}
		return s/1000 + lambda*(w[0]*w[0]+w[1]*w[1])
	}
	l := synth.RidgeScaleSwitch
	if a, b := obj(before, l), obj([]float64{1, 0}, l); math.Abs(a-b) > 1e-15 || math.Abs(b-(0.25+l)) > 1e-15 {
		t.Errorf("objectives at the switch: w* %v, [1;0] %v", a, b)
	}
	// linear.Ridge agrees with the direct 2x2 solve.
	for _, lam := range []float64{1e-12, l, 1e-6, 1e-3, 1} {
		for _, X := range []*mat.Dense{ds.X, Xn} {
			w, v := ridgeMean(t, X, ds.Y, lam), ridge2x2(X, ds.Y, lam)
			for j := range w {
				if math.Abs(w[j]-v[j]) > 1e-8*math.Max(1, math.Abs(v[j])) {
					t.Errorf("lambda %v: Ridge %v, 2x2 solve %v", lam, w, v)
				}
			}
		}
	}
	// Unnormalized: far below the switch ridge finds w* (risk ~ 0); at the
	// switch it is already half way (the population ridge solution there
	// has w1 = 4/9, risk 0.0617); at lambda = 1/m = 10^-3 it has the wrong
	// solution, w ~ [0.8; 0] (least squares on x1 alone, risk 0.2).
	risk := func(w, sc []float64) float64 { r, _ := synth.RidgeScaleRisk(w, sc); return r }
	if r := risk(ridgeMean(t, ds.X, ds.Y, l/100), nil); r > 1e-3 {
		t.Errorf("lambda = switch/100: risk %v", r)
	}
	if w := ridgeMean(t, ds.X, ds.Y, l); w[0] < 0.3 || w[0] > 0.6 {
		t.Errorf("lambda = switch: w = %v, population [0.444, 4444]", w)
	}
	wBad := ridgeMean(t, ds.X, ds.Y, 1e-3)
	if math.Abs(wBad[0]-0.8) > 0.05 || math.Abs(wBad[1]) > 1 || risk(wBad, nil) < 0.19 {
		t.Errorf("lambda = 1e-3 unnormalized: w = %v, risk %v", wBad, risk(wBad, nil))
	}
	// Normalized: every lambda <= 10^-3 gives a solution close to
	// w* = [0; 1] with risk below 10^-5 (population: [0.0059, 0.9951] at
	// 10^-3, risk 4.9e-6).
	for _, lam := range []float64{1e-12, 1e-9, 1e-6, 1e-4, 1e-3} {
		w := ridgeMean(t, Xn, ds.Y, lam)
		if math.Hypot(w[0], w[1]-1) > 0.01 || risk(w, scale) > 1e-5 {
			t.Errorf("normalized, lambda %v: w = %v, risk %v", lam, w, risk(w, scale))
		}
	}
}

func TestSGDRuntimeClaim(t *testing.T) {
	// The notebook's run: 10^6 updates at most, log-spaced checks, stop at
	// F <= 10^-6, seed 1, default step 1/max ||x_i||^2.
	ds, _ := synth.RidgeScale(1000, 1)
	Xn, _ := transform.FitTransform(&transform.MaxAbs{}, ds.X)
	cfg := linear.SGDLeastSquaresConfig{MaxIter: 1000000, LogChecks: true, Tol: 1e-6, Seed: 1}
	norm, err := linear.SGDLeastSquares(Xn, ds.Y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := linear.SGDLeastSquares(ds.X, ds.Y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Normalized: about a hundred updates reach F <= 10^-6 (the notebook
	// prints 120); raw: 10^6 updates leave F near 0.1 (w ~ [0.8, small],
	// F = 0.2/2), since the x2 direction has curvature 2e-9 and needs
	// ~10^9 updates per factor e.
	if !norm.Converged || norm.Iterations > 300 {
		t.Errorf("normalized SGD: converged %v after %d updates", norm.Converged, norm.Iterations)
	}
	last := raw.Trace[len(raw.Trace)-1]
	if raw.Converged || last.Objective < 0.09 || last.Iter != 1000000 {
		t.Errorf("raw SGD: converged %v, F = %v after %d", raw.Converged, last.Objective, last.Iter)
	}
	C, _, _ := synth.RidgeScaleMoments(nil)
	tr, det := C[0][0]+C[1][1], C[0][0]*C[1][1]-C[0][1]*C[0][1]
	lmin := tr/2 - math.Sqrt(tr*tr/4-det)
	if n := 1 / (raw.Step * lmin); n < 1e9 || n > 1.2e9 {
		t.Errorf("updates per factor e: %.3g, notebook: 1.1e9", n)
	}
}

func TestClippingExample(t *testing.T) {
	const a = 100
	ds, err := synth.ClipExample(1000000, a, 7)
	if err != nil {
		t.Fatal(err)
	}
	wStar, risk, _ := synth.ClipExampleOptimum(a, math.Inf(1))
	// The text: w* = (2a - 1)/(a^2 + a - 1) and L_D(w*) >= 0.48 at a = 100.
	if wStar != (2.0*a-1)/(a*a+a-1) || risk < 0.48 {
		t.Fatalf("w* = %v, L_D(w*) = %v", wStar, risk)
	}
	// Least squares on a large sample estimates w*: relative standard
	// error about 15/sqrt(m) = 1.5% here (from the fourth moments of the
	// two-point distribution), so 6% is 4 standard errors.
	ls, err := linear.LeastSquares(ds.X, ds.Y, linear.LeastSquaresConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if w := ls.Coef[0]; math.Abs(w-wStar) > 0.06*wStar {
		t.Errorf("least squares on 10^6 examples: %v, w* = %v", w, wStar)
	}
	if r, _ := synth.ClipExampleRisk(a, math.Inf(1), ls.Coef[0]); r < 0.48 {
		t.Errorf("L_D(empirical w) = %v", r)
	}
	// After clipping x -> sign(x) min(1, |x|): x = y, w* = 1, L_D = 0, and
	// least squares on the clipped sample finds exactly that.
	Xc, err := transform.FitTransform(&transform.Clip{B: 1}, ds.X)
	if err != nil {
		t.Fatal(err)
	}
	lc, _ := linear.LeastSquares(Xc, ds.Y, linear.LeastSquaresConfig{})
	if math.Abs(lc.Coef[0]-1) > 1e-9 { // QR on 10^6 rows: rounding ~1e-11
		t.Errorf("clipped least squares: %v", lc.Coef[0])
	}
	if w, r, _ := synth.ClipExampleOptimum(a, 1); w != 1 || r != 0 {
		t.Errorf("clipped: w* = %v, L_D = %v", w, r)
	}
}
