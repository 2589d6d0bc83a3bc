package linear

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

type mnGoldenFit struct {
	Lambda      float64   `json:"lambda"`
	Objective   float64   `json:"objective"`
	Loss        float64   `json:"loss"`
	NonZero     int       `json:"nonzero_features"`
	Proba       []float64 `json:"proba"`
	CentredCoef []float64 `json:"centred_coef"`
	Intercept   []float64 `json:"intercept"`
}

type mnGoldenCase struct {
	Data      string        `json:"data"`
	Type      string        `json:"type"`
	Alpha     float64       `json:"alpha"`
	NLambda   int           `json:"nlambda"`
	LambdaMax float64       `json:"lambda_max"`
	LambdaMin float64       `json:"lambda_min"`
	Classes   int           `json:"classes"`
	Fits      []mnGoldenFit `json:"fits"`
}

func readMnJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// mnCfg returns the path configuration of glmnet's (type, alpha).
func mnCfg(typ string, alpha float64) MultinomialPathConfig {
	cfg := MultinomialPathConfig{Grouped: typ == "grouped", Alpha: alpha, Tol: 1e-9}
	if alpha == 0 {
		cfg.Ridge = true
	}
	return cfg
}

// TestMultinomialGlmnet compares the fits with R glmnet 4.1-6
// (testdata/golden_multinomial.R, thresh 1e-14) on wine and digits, for
// the ungrouped and grouped penalties and alpha 1, 0.5 and 0: lambda_max
// and the default grid, the objective (ours never above glmnet's by more
// than rounding), the probabilities, and the coefficients centred across
// classes (the identified part), in original units.
func TestMultinomialGlmnet(t *testing.T) {
	var cases []mnGoldenCase
	readMnJSON(t, "golden_multinomial.json", &cases)
	if len(cases) != 12 {
		t.Fatalf("%d golden cases, want 12", len(cases))
	}
	for _, gc := range cases {
		ds, err := datasets.Load(gc.Data)
		if err != nil {
			t.Fatal(err)
		}
		cfg := mnCfg(gc.Type, gc.Alpha)
		// The default grid: lambda_max, and lambda_min when glmnet fitted
		// the whole grid (it stops early once the deviance settles).
		grid := cfg
		grid.NLambdas = 100
		grid.Lambdas = nil
		st, _, err := newMnState(ds.X, ds.Y, nil, true)
		if err != nil {
			t.Fatal(err)
		}
		st.alpha, st.grouped = 1, cfg.Grouped
		if gc.Alpha > 0 {
			st.alpha = gc.Alpha
		} else {
			st.alpha = 0
		}
		st.gradient(nil)
		lam := grid.grid(st)
		if r := math.Abs(lam[0]-gc.LambdaMax) / gc.LambdaMax; r > 1e-9 {
			t.Errorf("%s %s alpha %v: lambda_max %v, glmnet %v", gc.Data, gc.Type, gc.Alpha, lam[0], gc.LambdaMax)
		}
		if gc.NLambda == 100 {
			if r := math.Abs(lam[99]-gc.LambdaMin) / gc.LambdaMin; r > 1e-9 {
				t.Errorf("%s %s alpha %v: lambda_min %v, glmnet %v", gc.Data, gc.Type, gc.Alpha, lam[99], gc.LambdaMin)
			}
		}
		cfg.Lambdas = nil
		for _, f := range gc.Fits {
			cfg.Lambdas = append(cfg.Lambdas, f.Lambda)
		}
		p, err := MultinomialPath(ds.X, ds.Y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Classes) != gc.Classes {
			t.Fatalf("%d classes, glmnet %d", len(p.Classes), gc.Classes)
		}
		for k, f := range gc.Fits {
			tag := func() string {
				return gc.Data + " " + gc.Type + " alpha " + featlab.FormatFloat(gc.Alpha) + " lambda " + featlab.FormatFloat(f.Lambda)
			}
			if !p.Fits[k].Converged {
				t.Errorf("%s: not converged (%+v)", tag(), p.Fits[k])
			}
			obj := p.Objectives[k]
			if obj > f.Objective*(1+1e-12)+1e-14 {
				t.Errorf("%s: objective %.15g above glmnet's %.15g", tag(), obj, f.Objective)
			}
			if math.Abs(obj-f.Objective) > 1e-8*f.Objective {
				t.Errorf("%s: objective %.15g, glmnet %.15g", tag(), obj, f.Objective)
			}
			md := p.Model(k)
			K := gc.Classes
			nr := len(f.Proba) / K
			P, err := md.PredictProba(ds.X.Slice(0, nr, 0, ds.X.RawMatrix().Cols))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < nr; i++ {
				for c := 0; c < K; c++ {
					if d := math.Abs(P.At(i, c) - f.Proba[i*K+c]); d > 1e-6 {
						t.Errorf("%s: p[%d,%d] = %v, glmnet %v", tag(), i, c, P.At(i, c), f.Proba[i*K+c])
					}
				}
			}
			if f.CentredCoef != nil {
				C := md.Coef
				d, _ := C.Dims()
				var scale float64
				for _, v := range f.CentredCoef {
					scale = math.Max(scale, math.Abs(v))
				}
				for j := 0; j < d; j++ {
					var mu float64
					for c := 0; c < K; c++ {
						mu += C.At(j, c)
					}
					mu /= float64(K)
					for c := 0; c < K; c++ {
						if diff := math.Abs(C.At(j, c) - mu - f.CentredCoef[j*K+c]); diff > 1e-5*scale {
							t.Errorf("%s: centred coef[%d,%d] = %v, glmnet %v", tag(), j, c, C.At(j, c)-mu, f.CentredCoef[j*K+c])
						}
					}
				}
			}
		}
	}
}

// TestMultinomialSklearn compares the ridge fit without standardisation
// with scikit-learn's LogisticRegression(multi_class="multinomial",
// penalty="l2", C) on standardised wine (testdata/
// golden_multinomial_sklearn.py): lambda = 1/(C m).
func TestMultinomialSklearn(t *testing.T) {
	var g struct {
		Fits []struct {
			C, Lambda, Objective float64
			Coef, Intercept      []float64
			Proba                []float64
		} `json:"fits"`
	}
	readMnJSON(t, "golden_multinomial_sklearn.json", &g)
	ds := datasets.Wine()
	m, d := ds.X.Dims()
	X := mat.DenseCopyOf(ds.X)
	for j := 0; j < d; j++ {
		col := mat.Col(nil, j, X)
		var mu, ss float64
		for _, v := range col {
			mu += v
		}
		mu /= float64(m)
		for _, v := range col {
			ss += (v - mu) * (v - mu)
		}
		sd := math.Sqrt(ss / float64(m))
		for i, v := range col {
			X.Set(i, j, (v-mu)/sd)
		}
	}
	for _, f := range g.Fits {
		lam := 1 / (f.C * float64(m))
		r, err := Multinomial(X, ds.Y, MultinomialConfig{Lambda: lam, Ridge: true, NoStandardize: true, Tol: 1e-11})
		if err != nil {
			t.Fatal(err)
		}
		if r.Objective > f.Objective*(1+1e-12) {
			t.Errorf("C %v: objective %.15g above scikit-learn's %.15g", f.C, r.Objective, f.Objective)
		}
		if math.Abs(r.Objective-f.Objective) > 1e-8*f.Objective {
			t.Errorf("C %v: objective %.15g, scikit-learn %.15g", f.C, r.Objective, f.Objective)
		}
		K := len(r.Classes)
		for j := 0; j < d; j++ {
			for c := 0; c < K; c++ {
				if diff := math.Abs(r.Coef.At(j, c) - f.Coef[j*K+c]); diff > 1e-5 {
					t.Errorf("C %v: coef[%d,%d] = %v, scikit-learn %v", f.C, j, c, r.Coef.At(j, c), f.Coef[j*K+c])
				}
			}
		}
		for c := 0; c < K; c++ {
			if diff := math.Abs(r.Intercept[c] - f.Intercept[c]); diff > 1e-5 {
				t.Errorf("C %v: intercept[%d] = %v, scikit-learn %v", f.C, c, r.Intercept[c], f.Intercept[c])
			}
		}
	}
}

// TestMultinomialProperties: on wine with labels recoded to arbitrary
// values, the fit satisfies its optimality conditions; the probabilities
// sum to 1; Predict returns the caller's labels; scaling a feature by
// 1000 leaves the standardised fit's probabilities and support
// unchanged; Selection is the features some class uses; the ridge rows
// sum to 0.
func TestMultinomialProperties(t *testing.T) {
	ds := datasets.Wine()
	m, d := ds.X.Dims()
	y := make([]float64, m)
	codes := []float64{7.5, -2, 30}
	for i, v := range ds.Y {
		y[i] = codes[int(v)]
	}
	for _, grouped := range []bool{false, true} {
		cfg := MultinomialConfig{Lambda: 0.02, Alpha: 0.7, Grouped: grouped, Tol: 1e-10}
		r, err := Multinomial(ds.X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Converged || r.Gap > 1e-10 {
			t.Fatalf("grouped %v: not converged: %+v", grouped, r.Convergence)
		}
		if r.Classes[0] != -2 || r.Classes[1] != 7.5 || r.Classes[2] != 30 {
			t.Fatalf("classes %v", r.Classes)
		}
		P, err := r.PredictProba(ds.X)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < m; i++ {
			s := P.At(i, 0) + P.At(i, 1) + P.At(i, 2)
			if math.Abs(s-1) > 1e-14 {
				t.Fatalf("row %d sums to %v", i, s)
			}
		}
		pred, _ := r.Predict(ds.X)
		ok := 0
		for i, v := range pred {
			if v == y[i] {
				ok++
			}
		}
		if ok < m*9/10 {
			t.Errorf("grouped %v: %d of %d right", grouped, ok, m)
		}
		// The loss is blind to a shift c of a feature's row, so at the
		// optimum c = 0 minimises the row's penalty (grouped: the row
		// sums to 0).
		for j := 0; j < d; j++ {
			row := mat.Row(nil, j, r.Coef)
			pen := func(c float64) float64 {
				var sq, l1 float64
				for _, v := range row {
					sq += (v - c) * (v - c)
					l1 += math.Abs(v - c)
				}
				if grouped {
					l1 = math.Sqrt(sq)
				}
				return 0.3/2*sq + 0.7*l1
			}
			for _, h := range []float64{1e-4, -1e-4} {
				if pen(h) < pen(0)-1e-9 {
					t.Errorf("grouped %v: shifting row %d by %v lowers its penalty", grouped, j, h)
				}
			}
		}
		sel := r.Selection()
		sup := r.Support()
		if len(sel.Chosen) != len(sup) {
			t.Errorf("Selection chose %d, support %d", len(sel.Chosen), len(sup))
		}
		// Scale invariance.
		X2 := mat.DenseCopyOf(ds.X)
		for i := 0; i < m; i++ {
			X2.Set(i, 4, 1000*X2.At(i, 4))
		}
		r2, err := Multinomial(X2, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		P2, _ := r2.PredictProba(X2)
		if !mat.EqualApprox(P, P2, 1e-8) {
			t.Errorf("grouped %v: probabilities change when a feature is scaled", grouped)
		}
		if len(r2.Support()) != len(sup) {
			t.Errorf("grouped %v: support changes when a feature is scaled", grouped)
		}
	}
	// Grouped: each feature used by all classes or none.
	r, _ := Multinomial(ds.X, y, MultinomialConfig{Lambda: 0.05, Grouped: true})
	for j := 0; j < d; j++ {
		nz := 0
		for c := 0; c < 3; c++ {
			if r.Coef.At(j, c) != 0 {
				nz++
			}
		}
		if nz != 0 && nz != 3 {
			t.Errorf("grouped: feature %d used by %d classes", j, nz)
		}
	}
}

// TestMultinomialErrors: bad parameters and labels are errors with the
// right sentinel.
func TestMultinomialErrors(t *testing.T) {
	ds := datasets.Wine()
	one := make([]float64, len(ds.Y))
	for _, tc := range []struct {
		err error
		f   func() error
	}{
		{featlab.ErrParam, func() error { _, e := Multinomial(ds.X, ds.Y, MultinomialConfig{Lambda: -1}); return e }},
		{featlab.ErrParam, func() error { _, e := Multinomial(ds.X, ds.Y, MultinomialConfig{Alpha: 2}); return e }},
		{featlab.ErrParam, func() error { _, e := Multinomial(ds.X, ds.Y, MultinomialConfig{Alpha: 0.5, Ridge: true}); return e }},
		{featlab.ErrLabels, func() error { _, e := Multinomial(ds.X, one, MultinomialConfig{}); return e }},
		{featlab.ErrShape, func() error { _, e := Multinomial(ds.X, ds.Y[:5], MultinomialConfig{}); return e }},
		{featlab.ErrParam, func() error { _, e := MultinomialPath(ds.X, ds.Y, MultinomialPathConfig{MinRatio: 2}); return e }},
		{featlab.ErrParam, func() error { _, e := MultinomialCV(ds.X, ds.Y, MultinomialCVConfig{Folds: 1}); return e }},
		{featlab.ErrParam, func() error { _, e := OneVsRest(ds.X, ds.Y, OneVsRestConfig{}); return e }},
	} {
		if err := tc.f(); !errors.Is(err, tc.err) {
			t.Errorf("got %v, want %v", err, tc.err)
		}
	}
}

// TestMultinomialCV: lambda.1se >= lambda.min, the held-out loss is
// finite, and the result does not depend on the number of workers.
func TestMultinomialCV(t *testing.T) {
	ds := datasets.Wine()
	cfg := MultinomialCVConfig{Path: MultinomialPathConfig{NLambdas: 20}, Folds: 5, Seed: 1}
	a, err := MultinomialCV(ds.X, ds.Y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 1
	b, err := MultinomialCV(ds.X, ds.Y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.IndexMin != b.IndexMin || !mat.Equal(a.FoldLoss, b.FoldLoss) {
		t.Error("result depends on the number of workers")
	}
	if a.Lambda1SE < a.LambdaMin {
		t.Errorf("lambda.1se %v < lambda.min %v", a.Lambda1SE, a.LambdaMin)
	}
	if a.Error[a.IndexMin] > 0.1 {
		t.Errorf("held-out error %v at lambda.min", a.Error[a.IndexMin])
	}
	if len(a.Selection().Chosen) == 0 {
		t.Error("empty selection")
	}
}

// TestOneVsRest: one-vs-rest logistic regression and sparse SVM on wine
// predict well, and the selection is the union of the class supports.
func TestOneVsRest(t *testing.T) {
	ds := datasets.Wine()
	m, _ := ds.X.Dims()
	for _, l := range []featlab.Learner{
		LogisticConfig{Lambda: 0.01, Intercept: true},
		SparseSVMConfig{Lambda: 0.01, Intercept: true},
	} {
		X := standardised(ds.X)
		r, err := OneVsRest(X, ds.Y, OneVsRestConfig{Learner: l, Names: ds.Names})
		if err != nil {
			t.Fatal(err)
		}
		pred, err := r.Predict(X)
		if err != nil {
			t.Fatal(err)
		}
		ok := 0
		for i, v := range pred {
			if v == ds.Y[i] {
				ok++
			}
		}
		if ok < m*95/100 {
			t.Errorf("%T: %d of %d right", l, ok, m)
		}
		union := map[int]bool{}
		for _, p := range r.Models {
			for _, j := range p.(interface{ Support() []int }).Support() {
				union[j] = true
			}
		}
		if got := len(r.Selection().Chosen); got != len(union) {
			t.Errorf("%T: selection of %d, union of supports %d", l, got, len(union))
		}
	}
}

// standardised returns X with each column centred and scaled to unit
// population variance.
func standardised(X *mat.Dense) *mat.Dense {
	m, d := X.Dims()
	out := mat.DenseCopyOf(X)
	for j := 0; j < d; j++ {
		var mu, ss float64
		for i := 0; i < m; i++ {
			mu += X.At(i, j)
		}
		mu /= float64(m)
		for i := 0; i < m; i++ {
			ss += (X.At(i, j) - mu) * (X.At(i, j) - mu)
		}
		sd := math.Sqrt(ss / float64(m))
		for i := 0; i < m; i++ {
			out.Set(i, j, (X.At(i, j)-mu)/sd)
		}
	}
	return out
}
