package linear

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/mat"
)

// TestWarmStartCyclic: scikit-learn's test_warm_start. Cyclic coordinate
// descent from w sweeps in index order with g computed from w alone, so 5
// sweeps and then 5 more from their result equal 10 sweeps, bit for bit.
func TestWarmStartCyclic(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	for _, icpt := range []bool{false, true} {
		cfg := LassoConfig{Lambda: 0.1, Intercept: icpt, Cyclic: true, Tol: 1e-300}
		cfg.MaxIter = 10
		ten, err := Lasso(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.MaxIter = 5
		five, err := Lasso(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Init = five.Coef
		again, err := Lasso(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if ten.Iterations != 10 || five.Iterations != 5 || again.Iterations != 5 {
			t.Fatalf("sweeps %d, %d, %d", ten.Iterations, five.Iterations, again.Iterations)
		}
		for j := range ten.Coef {
			if ten.Coef[j] != again.Coef[j] {
				t.Errorf("intercept %v, w[%d]: 10 sweeps %v, 5 + 5 sweeps %v", icpt, j, ten.Coef[j], again.Coef[j])
			}
		}
		if ten.Intercept != again.Intercept {
			t.Errorf("intercept %v vs %v", ten.Intercept, again.Intercept)
		}
	}
}

// TestWarmStartConverged: a start that already meets the tolerance
// returns after one sweep, in both coordinate-descent modes.
func TestWarmStartConverged(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	for _, cyclic := range []bool{false, true} {
		ref, err := Lasso(X, y, LassoConfig{Lambda: 0.5, Intercept: true, Tol: 1e-12, MaxIter: 100000})
		if err != nil || !ref.Converged {
			t.Fatal(err, ref.Converged)
		}
		r, err := Lasso(X, y, LassoConfig{Lambda: 0.5, Intercept: true, Init: ref.Coef, Cyclic: cyclic})
		if err != nil {
			t.Fatal(err)
		}
		if r.Iterations != 1 || !r.Converged {
			t.Errorf("cyclic %v: %d sweeps from a converged start (converged %v)", cyclic, r.Iterations, r.Converged)
		}
	}
}

// TestL1RatioOneMeaning: L1Ratio is the l1 share in both configs, zero
// meaning the lasso; Ridge gives an l1 share of exactly 0 for a single fit
// and for a path, and agrees with the closed-form ridge solution.
func TestL1RatioOneMeaning(t *testing.T) {
	X, y := randProblem(3, 60, 5, 3, 0.5)
	a, err := ElasticNet(X, y, ElasticNetConfig{Alpha: 0.1, Tol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Lasso(X, y, LassoConfig{Lambda: 0.1, Tol: 1e-12})
	if err != nil {
		t.Fatal(err)
	}
	if a.Lambda1 != 0.1 || a.Lambda2 != 0 || maxAbsDiff(a.Coef, b.Coef) > 1e-12 {
		t.Errorf("zero L1Ratio is not the lasso: %v %v", a.Coef, b.Coef)
	}
	r, err := ElasticNet(X, y, ElasticNetConfig{Alpha: 0.1, Ridge: true, Tol: 1e-14, MaxIter: 100000})
	if err != nil {
		t.Fatal(err)
	}
	// (1/2m)||Xw-y||^2 + (0.1/2)||w||^2 is RidgeHalfMean with lambda 0.05.
	rr, err := Ridge(X, y, RidgeConfig{Lambda: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if d := maxAbsDiff(r.Coef, rr.Coef); d > 1e-8 {
		t.Errorf("Ridge elastic net vs Ridge: %v", d)
	}
	p, err := LassoPath(X, y, LassoPathConfig{Ridge: true, Lambdas: []float64{0.1, 0.01}, Tol: 1e-14, MaxIter: 100000})
	if err != nil {
		t.Fatal(err)
	}
	if p.L1Ratio != 0 || maxAbsDiff(p.Coef(0), r.Coef) > 1e-8 {
		t.Errorf("ridge path: l1 ratio %v, w %v vs %v", p.L1Ratio, p.Coef(0), r.Coef)
	}
	if _, err := ElasticNet(X, y, ElasticNetConfig{Alpha: 0.1, L1Ratio: 0.5, Ridge: true}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("L1Ratio with Ridge: %v", err)
	}
	if _, err := LassoPath(X, y, LassoPathConfig{L1Ratio: 1.5}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("L1Ratio 1.5: %v", err)
	}
	if _, err := LassoPath(X, y, LassoPathConfig{Ridge: true, NLambdas: 5}); err != nil {
		t.Errorf("ridge path on the default grid: %v", err)
	}
}

// TestLassoCVFoldDesignError: a fold whose design fails (here a column
// whose shifted sums overflow on the training rows of one fold although
// they do not on all rows) is an error naming the fold; the old code
// ignored the error and dereferenced nil.
func TestLassoCVFoldDesignError(t *testing.T) {
	m := 300
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		X.Set(i, 1, float64(i%7))
		y[i] = float64(i % 5)
	}
	X.Set(5, 0, 1e124)
	X.Set(6, 0, -1e124)
	if _, err := LassoPath(X, y, LassoPathConfig{Intercept: true, NLambdas: 3}); err != nil {
		t.Fatalf("the full data must be fine: %v", err)
	}
	var train []int
	train = append(train, 5)
	for i := 0; i < m; i++ {
		if i != 5 && i != 6 {
			train = append(train, i)
		}
	}
	splits := []validate.Fold{{Train: train, Test: []int{6}}, {Train: []int{0, 1, 2, 3}, Test: []int{4}}}
	_, err := LassoCV(X, y, LassoCVConfig{Path: LassoPathConfig{Intercept: true, NLambdas: 3}, Splits: splits})
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "fold 0") {
		t.Fatalf("error %v, want ErrNotFinite naming fold 0", err)
	}
}

// TestProjectL1BallNonFinite: NaN and Inf entries are errors, not a
// silently wrong projection ([1, NaN] gave [1, 0], [+Inf, 1] came back
// unchanged).
func TestProjectL1BallNonFinite(t *testing.T) {
	for _, v := range [][]float64{{1, math.NaN()}, {math.Inf(1), 1}, {0, math.Inf(-1)}} {
		if _, err := ProjectL1Ball(nil, v, 1); !errors.Is(err, featlab.ErrNotFinite) {
			t.Errorf("%v: error %v, want ErrNotFinite", v, err)
		}
	}
}

// TestIndexPanics: bad indices and short destinations are programmer
// errors whose panic names the index (or lengths) and the length.
func TestIndexPanics(t *testing.T) {
	X, y := randProblem(1, 20, 3, 2, 0.1)
	p, err := LassoPath(X, y, LassoPathConfig{NLambdas: 4})
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"Path.Coef(4)":               func() { p.Coef(4) },
		"LassoPathResult.Model(-1)":  func() { p.Model(-1) },
		"SoftThresholdVec dst len 1": func() { SoftThresholdVec(make([]float64, 1), []float64{1, 2}, 1) },
	} {
		msg := func() (msg string) {
			defer func() { msg, _ = recover().(string) }()
			f()
			return ""
		}()
		if !strings.HasPrefix(msg, "linear: ") || !(strings.Contains(msg, "[0, 4)") || strings.Contains(msg, "length 1, x has length 2")) {
			t.Errorf("%s: panic %q", name, msg)
		}
	}
}

// TestContextAndProgress: a cancelled context stops every long call with
// an error wrapping context.Canceled; a panicking Progress callback stops
// the work with an error wrapping featlab.ErrPanic; progress is monotone
// and ends at its total.
func TestContextAndProgress(t *testing.T) {
	X, y := randProblem(2, 80, 12, 4, 0.5)
	yc := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			yc[i] = 1
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := map[string]func(context.Context, featlab.Progress) error{
		"LassoContext": func(c context.Context, p featlab.Progress) error {
			_, err := LassoContext(c, X, y, LassoConfig{Lambda: 0.01, Tol: 1e-12, Progress: p})
			return err
		},
		"LassoPathContext": func(c context.Context, p featlab.Progress) error {
			_, err := LassoPathContext(c, X, y, LassoPathConfig{NLambdas: 10, Progress: p})
			return err
		},
		"LassoCVContext": func(c context.Context, p featlab.Progress) error {
			_, err := LassoCVContext(c, X, y, LassoCVConfig{Path: LassoPathConfig{NLambdas: 10}, Folds: 3, Progress: p, Workers: 1})
			return err
		},
		"LogisticContext": func(c context.Context, p featlab.Progress) error {
			_, err := LogisticContext(c, X, yc, LogisticConfig{Lambda: 0.01, Progress: p})
			return err
		},
		"LogisticPathContext": func(c context.Context, p featlab.Progress) error {
			_, err := LogisticPathContext(c, X, yc, LogisticPathConfig{NLambdas: 5, Progress: p})
			return err
		},
		"SparseSVMContext": func(c context.Context, p featlab.Progress) error {
			_, err := SparseSVMContext(c, X, yc, SparseSVMConfig{Lambda: 0.01, Progress: p})
			return err
		},
	}
	for name, call := range calls {
		if err := call(ctx, nil); !errors.Is(err, context.Canceled) {
			t.Errorf("%s cancelled: %v", name, err)
		}
		if err := call(context.Background(), func(done, total int) { panic("boom") }); !errors.Is(err, featlab.ErrPanic) {
			t.Errorf("%s with a panicking callback: %v", name, err)
		}
		last, final := -1, 0
		err := call(context.Background(), func(done, total int) {
			if done < last || done > total {
				t.Errorf("%s: progress %d/%d after %d", name, done, total, last)
			}
			last, final = done, total
		})
		if err != nil || last != final {
			t.Errorf("%s: error %v, last progress %d of %d", name, err, last, final)
		}
	}
	// A cancelled path returns the fits completed so far.
	n := 0
	ctx2, cancel2 := context.WithCancel(context.Background())
	p, err := LassoPathContext(ctx2, X, y, LassoPathConfig{NLambdas: 10, Progress: func(done, total int) {
		if n++; n == 3 {
			cancel2()
		}
	}})
	if !errors.Is(err, context.Canceled) || p == nil || len(p.Lambdas) != 3 || len(p.Fits) != 3 {
		t.Fatalf("partial path: err %v, %v", err, p)
	}
	if r, _ := p.Coefs.Dims(); r != 12 {
		t.Errorf("partial path has %d rows", r)
	}
}

// TestResultsShareShapes: every fit implying a subset has Selection()
// with the config's names, and Support agrees with it.
func TestResultsShareShapes(t *testing.T) {
	X, y := randProblem(4, 60, 4, 2, 0.3)
	yc := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			yc[i] = 1
		}
	}
	names := []string{"a", "b", "c", "d"}
	type selector interface {
		Selection() *featlab.Selection
	}
	las, _ := Lasso(X, y, LassoConfig{Lambda: 0.05, Names: names})
	cl, _ := ConstrainedLasso(X, y, ConstrainedLassoConfig{Radius: 1, Names: names})
	lg, _ := Logistic(X, yc, LogisticConfig{Lambda: 0.02, Names: names})
	sv, _ := SparseSVM(X, yc, SparseSVMConfig{Lambda: 0.02, Names: names})
	lp, _ := LassoPath(X, y, LassoPathConfig{NLambdas: 5, Names: names})
	gp, _ := LogisticPath(X, yc, LogisticPathConfig{NLambdas: 5, Names: names})
	cv, _ := LassoCV(X, y, LassoCVConfig{Path: LassoPathConfig{NLambdas: 5, Names: names}, Folds: 3})
	for _, s := range []selector{las, cl, lg, sv, lp, gp, cv} {
		sel := s.Selection()
		if len(sel.Names) != 4 || sel.Names[0] != "a" {
			t.Errorf("%T: names %v", s, sel.Names)
		}
	}
	if len(las.Selection().Chosen) != len(las.Support()) || len(lg.Selection().Chosen) != len(lg.Support()) {
		t.Errorf("support and selection disagree")
	}
	if _, err := Lasso(X, y, LassoConfig{Lambda: 0.05, Names: names[:2]}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short Names: %v", err)
	}
	var _ featlab.Learner = LogisticConfig{}
	var _ featlab.Learner = SparseSVMConfig{}
}

// TestConstrainedRidge: on the sphere when least squares is outside the
// ball, the stationarity condition (X^T X + c I) w = X^T y with c = m mu
// holds, it beats a fine scan of the circle in 2-d, and least squares is
// returned unchanged (mu = 0) when it is inside the ball.
func TestConstrainedRidge(t *testing.T) {
	X, y := randProblem(9, 50, 4, 3, 0.2)
	ls, err := LeastSquares(X, y, LeastSquaresConfig{})
	if err != nil {
		t.Fatal(err)
	}
	k2 := 0.5 * math.Sqrt(ls.Coef[0]*ls.Coef[0]+ls.Coef[1]*ls.Coef[1]+ls.Coef[2]*ls.Coef[2]+ls.Coef[3]*ls.Coef[3])
	r, err := ConstrainedRidge(X, y, ConstrainedRidgeConfig{Radius: k2})
	if err != nil {
		t.Fatal(err)
	}
	var n2 float64
	for _, v := range r.Coef {
		n2 += v * v
	}
	if math.Abs(math.Sqrt(n2)-k2) > 1e-10*k2 || r.Multiplier <= 0 {
		t.Errorf("||w|| = %v, k2 = %v, mu = %v", math.Sqrt(n2), k2, r.Multiplier)
	}
	rr, err := Ridge(X, y, RidgeConfig{Lambda: 50 * r.Multiplier, Objective: RidgeSum})
	if err != nil {
		t.Fatal(err)
	}
	if d := maxAbsDiff(rr.Coef, r.Coef); d > 1e-9 {
		t.Errorf("not the ridge solution at its multiplier: %v", d)
	}
	in, err := ConstrainedRidge(X, y, ConstrainedRidgeConfig{Radius: 4 * k2})
	if err != nil {
		t.Fatal(err)
	}
	if in.Multiplier != 0 || maxAbsDiff(in.Coef, ls.Coef) != 0 {
		t.Errorf("inside the ball: mu %v, w %v vs %v", in.Multiplier, in.Coef, ls.Coef)
	}
	// 2-d: no point of the circle does better (scan of 200000 angles).
	X2 := mat.DenseCopyOf(X.Slice(0, 50, 0, 2))
	ls2, _ := LeastSquares(X2, y, LeastSquaresConfig{})
	k := 0.5 * math.Hypot(ls2.Coef[0], ls2.Coef[1])
	c, err := ConstrainedRidge(X2, y, ConstrainedRidgeConfig{Radius: k})
	if err != nil {
		t.Fatal(err)
	}
	loss := func(w0, w1 float64) float64 {
		var s float64
		for i := 0; i < 50; i++ {
			e := X2.At(i, 0)*w0 + X2.At(i, 1)*w1 - y[i]
			s += e * e
		}
		return s / 100
	}
	for a := 0; a < 200000; a += 7 {
		th := 2 * math.Pi * float64(a) / 200000
		if l := loss(k*math.Cos(th), k*math.Sin(th)); l < c.Objective-1e-12 {
			t.Fatalf("angle %v: loss %v below the solution's %v", th, l, c.Objective)
		}
	}
	if _, err := ConstrainedRidge(X, y, ConstrainedRidgeConfig{Radius: -1}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("radius -1: %v", err)
	}
}

// TestNaiveUpdates: residual ("naive") and covariance updates give the
// same path on wide data (to the tolerance) and the naive path satisfies
// the lasso KKT conditions; useNaive picks naive updates for wide data
// only.
func TestNaiveUpdates(t *testing.T) {
	if !useNaive(200, 5000) || useNaive(2000, 500) || useNaive(10000, 1000) || useNaive(50, 100) {
		t.Fatal("useNaive's rule")
	}
	X, y := randProblem(11, 60, 700, 10, 0.5)
	m, d := X.Dims()
	grid, err := LassoGrid(X, y, 1, 0.5, true)
	if err != nil {
		t.Fatal(err)
	}
	lmax := grid[0]
	for _, cfg := range []LassoPathConfig{
		{Intercept: true, NLambdas: 30},
		{L1Ratio: 0.5, NLambdas: 20},
		{Intercept: true, Lambdas: []float64{3 * lmax, 2 * lmax, lmax, 0.5 * lmax, 0.49 * lmax, 0.1 * lmax, 0.02 * lmax}},
	} {
		cfg.Tol, cfg.MaxIter = 1e-10, 100000
		if cfg.Lambdas != nil {
			// One fit (with its continuation stages and a warm start).
			var fits [2]*LassoResult
			for k, mode := range []int{1, 2} {
				forceUpdates = mode
				fits[k], err = Lasso(X, y, LassoConfig{Lambda: 0.05 * lmax, Intercept: true, Tol: 1e-10, MaxIter: 100000})
				if err == nil {
					fits[k], err = Lasso(X, y, LassoConfig{Lambda: 0.04 * lmax, Intercept: true, Tol: 1e-10, MaxIter: 100000, Init: fits[k].Coef})
				}
				forceUpdates = 0
				if err != nil || !fits[k].Converged {
					t.Fatalf("mode %d: %v", mode, err)
				}
			}
			if diff := maxAbsDiff(fits[0].Coef, fits[1].Coef); diff > 1e-4*(1+floatsMaxAbs(fits[0].Coef)) {
				t.Errorf("single fit: covariance and naive differ by %v", diff)
			}
		}
		paths := make([]*LassoPathResult, 2)
		for k, mode := range []int{1, 2} {
			forceUpdates = mode
			p, err := LassoPath(X, y, cfg)
			forceUpdates = 0
			if err != nil {
				t.Fatal(err)
			}
			if !p.Converged {
				t.Fatalf("%+v mode %d: not converged", cfg, mode)
			}
			paths[k] = p
		}
		cov, nai := paths[0], paths[1]
		if nai.GramColumns != 0 || cov.GramColumns == 0 {
			t.Errorf("gram columns: covariance %d, naive %d", cov.GramColumns, nai.GramColumns)
		}
		rho := nai.L1Ratio
		for k := range cov.Lambdas {
			a, b := cov.Coef(k), nai.Coef(k)
			if diff := maxAbsDiff(a, b); diff > 1e-4*(1+floatsMaxAbs(a)) {
				t.Errorf("%+v lambda %d: covariance and naive differ by %v", cfg, k, diff)
			}
			// KKT of the naive fit: |Xc_j^T r/m - l2 w_j| <= l1, = l1 sign(w_j) on the support.
			pred, _ := nai.Model(k).Predict(X)
			l1, l2 := nai.Lambdas[k]*rho, nai.Lambdas[k]*(1-rho)
			for j := 0; j < d; j++ {
				var mean, g float64
				if cfg.Intercept {
					for i := 0; i < m; i++ {
						mean += X.At(i, j)
					}
					mean /= float64(m)
				}
				for i := 0; i < m; i++ {
					g += (X.At(i, j) - mean) * (y[i] - pred[i])
				}
				g = g/float64(m) - l2*b[j]
				if b[j] == 0 && math.Abs(g) > l1*(1+1e-3) || b[j] != 0 && math.Abs(g-l1*math.Copysign(1, b[j])) > 1e-3*l1 {
					t.Fatalf("%+v lambda %d feature %d: w %v, gradient %v, l1 %v", cfg, k, j, b[j], g, l1)
				}
			}
		}
	}
}

func floatsMaxAbs(v []float64) float64 {
	a := 0.0
	for _, x := range v {
		a = math.Max(a, math.Abs(x))
	}
	return a
}
