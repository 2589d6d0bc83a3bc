package linear

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
)

type lassoICGolden struct {
	NoiseVariance  float64     `json:"noise_variance"`
	X              [][]float64 `json:"X"`
	Y              []float64   `json:"y"`
	Alphas         []float64   `json:"alphas"`
	Criterion      []float64   `json:"criterion"`
	Alpha          float64     `json:"alpha"`
	Coef           []float64   `json:"coef"`
	Intercept      float64     `json:"intercept"`
	NoiseVariance_ float64     `json:"noise_variance_"`
}

// closeRel reports whether a and b agree to tol relative to max(1, |b|).
func closeRel(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

func TestLassoICGolden(t *testing.T) {
	Xs, ys := loadCSV(t, "diabetes.csv")
	raw := datasets.Diabetes()
	g := *readJSON[map[string]lassoICGolden](t, "golden_lassoic.json")
	for key, crit := range map[string]Criterion{"aic_est": AIC, "aic_given": AIC, "bic_est": BIC, "bic_given": BIC, "raw_aic": AIC, "raw_bic": BIC, "wide_bic": BIC} {
		want := g[key]
		X, y := mat.Matrix(Xs), ys
		if strings.HasPrefix(key, "raw") {
			X, y = raw.X, raw.Y
		}
		if want.X != nil {
			W := mat.NewDense(len(want.X), len(want.X[0]), nil)
			for i, r := range want.X {
				W.SetRow(i, r)
			}
			X, y = W, want.Y
		}
		res, err := LassoIC(X, y, LassoICConfig{Criterion: crit, Intercept: true, NoiseVariance: want.NoiseVariance})
		if err != nil {
			t.Fatal(key, err)
		}
		if len(res.Alphas) != len(want.Alphas) {
			t.Fatalf("%s: %d breakpoints %v, want %d %v", key, len(res.Alphas), res.Alphas, len(want.Alphas), want.Alphas)
		}
		const tol = 1e-10
		for k := range want.Alphas {
			if !closeRel(res.Alphas[k], want.Alphas[k], tol) {
				t.Errorf("%s: alpha[%d] = %.17g, want %.17g", key, k, res.Alphas[k], want.Alphas[k])
			}
			if !closeRel(res.Values[k], want.Criterion[k], tol) {
				t.Errorf("%s: criterion[%d] = %.17g, want %.17g", key, k, res.Values[k], want.Criterion[k])
			}
		}
		if !closeRel(res.Alpha, want.Alpha, tol) || !closeRel(res.NoiseVariance, want.NoiseVariance_, tol) {
			t.Errorf("%s: alpha %v sigma2 %v, want %v %v", key, res.Alpha, res.NoiseVariance, want.Alpha, want.NoiseVariance_)
		}
		for j, w := range want.Coef {
			if !closeRel(res.Model.Coef[j], w, tol) {
				t.Errorf("%s: coef[%d] = %.17g, want %.17g", key, j, res.Model.Coef[j], w)
			}
		}
		if !closeRel(res.Model.Intercept, want.Intercept, tol) {
			t.Errorf("%s: intercept %v, want %v", key, res.Model.Intercept, want.Intercept)
		}
	}
}

// TestLassoICKKT checks the path by the lasso optimality conditions at
// every breakpoint: |Xc^T r|/m <= alpha, with equality and the sign of w_j
// on the support.
func TestLassoICKKT(t *testing.T) {
	X, y := loadCSV(t, "synth.csv")
	res, err := LassoIC(X, y, LassoICConfig{Intercept: true, NoiseVariance: 1})
	if err != nil {
		t.Fatal(err)
	}
	m, d := X.Dims()
	for k, a := range res.Alphas {
		w := res.Path.ColView(k)
		for j := 0; j < d; j++ {
			var s float64
			for i := 0; i < m; i++ {
				r := y[i] - res.Intercepts[k]
				for l := 0; l < d; l++ {
					r -= X.At(i, l) * w.AtVec(l)
				}
				s += X.At(i, j) * r
			}
			s /= float64(m)
			scale := 1e-8 * res.Alphas[0]
			if math.Abs(s) > a+scale {
				t.Errorf("step %d: |c_%d|/m = %v > alpha %v", k, j, math.Abs(s), a)
			}
			if wj := w.AtVec(j); wj != 0 && math.Abs(s-math.Copysign(a, wj)) > scale {
				t.Errorf("step %d: c_%d/m = %v, want %v", k, j, s, math.Copysign(a, wj))
			}
		}
	}
}

// TestLassoICDependent: a column equal to another plus a multiple of a
// third never enters, and scaling X by a power of ten leaves the chosen
// support and the criterion unchanged.
func TestLassoICDependent(t *testing.T) {
	ds := datasets.Diabetes()
	m, d := ds.X.Dims()
	X := mat.NewDense(m, d+1, nil)
	X.Slice(0, m, 0, d).(*mat.Dense).Copy(ds.X)
	for i := 0; i < m; i++ {
		X.Set(i, d, ds.X.At(i, 2)+3*ds.X.At(i, 8))
	}
	res, err := LassoIC(X, ds.Y, LassoICConfig{Intercept: true, NoiseVariance: 3000})
	if err != nil {
		t.Fatal(err)
	}
	for k := range res.Alphas {
		if w := res.Path.At(d, k); w != 0 && res.Path.At(2, k) != 0 && res.Path.At(8, k) != 0 {
			t.Fatalf("step %d: the dependent column entered with x3 and x9 (w = %v)", k, w)
		}
	}
	var Xs mat.Dense
	Xs.Scale(1e-4, ds.X)
	a, err := LassoIC(ds.X, ds.Y, LassoICConfig{Intercept: true, Criterion: BIC})
	if err != nil {
		t.Fatal(err)
	}
	b, err := LassoIC(&Xs, ds.Y, LassoICConfig{Intercept: true, Criterion: BIC})
	if err != nil {
		t.Fatal(err)
	}
	if a.Index != b.Index || len(a.Alphas) != len(b.Alphas) || !closeRel(a.Values[a.Index], b.Values[b.Index], 1e-9) {
		t.Errorf("scaled X: index %d of %d (%v), want %d of %d (%v)", b.Index, len(b.Alphas), b.Values[b.Index], a.Index, len(a.Alphas), a.Values[a.Index])
	}
}
