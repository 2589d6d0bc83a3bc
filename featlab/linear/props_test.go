package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
)

func randProblem(seed uint64, m, d, k int, noise float64) (*mat.Dense, []float64) {
	ds, _, err := synth.Regression(m, synth.RegressionConfig{Features: d, Informative: k, Noise: noise}, seed)
	if err != nil {
		panic(err)
	}
	return ds.X, ds.Y
}

// TestRidgeClosedForms: the three scalings against their printed closed
// forms (Shalev-Shwartz 25.2: (2 lambda m I + X^T X)^{-1} X^T y for the
// (1/2m) objective; (lambda m I + X^T X)^{-1} X^T y for the (1/m) one), the
// gradient of each objective vanishing at its solution, and the dual
// (d > m) branch.
func TestRidgeClosedForms(t *testing.T) {
	for _, sz := range [][2]int{{40, 6}, {8, 20}} {
		X, y := randProblem(5, sz[0], sz[1], 3, 1)
		m, d := X.Dims()
		lam := 0.3
		for _, c := range []struct {
			obj   RidgeObjective
			shift float64 // c in (X^T X + c I) w = X^T y
			scale float64 // loss = scale ||Xw - y||^2
		}{{RidgeHalfMean, 2 * lam * float64(m), 1 / (2 * float64(m))}, {RidgeMean, lam * float64(m), 1 / float64(m)}, {RidgeSum, lam, 1}} {
			md, err := Ridge(X, y, RidgeConfig{Lambda: lam, Objective: c.obj})
			if err != nil {
				t.Fatal(err)
			}
			var A mat.Dense
			A.Mul(X.T(), X)
			for j := 0; j < d; j++ {
				A.Set(j, j, A.At(j, j)+c.shift)
			}
			var b, w mat.VecDense
			b.MulVec(X.T(), mat.NewVecDense(m, y))
			if err := w.SolveVec(&A, &b); err != nil {
				t.Fatal(err)
			}
			if dd := maxRelDiff(md.Coef, w.RawVector().Data); dd > 1e-10 {
				t.Errorf("%dx%d %v: differs from the closed form by %.3g", m, d, c.obj, dd)
			}
			// gradient: 2 scale X^T (Xw - y) + 2 lambda w = 0
			var r, g mat.VecDense
			r.MulVec(X, mat.NewVecDense(d, md.Coef))
			r.SubVec(&r, mat.NewVecDense(m, y))
			g.MulVec(X.T(), &r)
			var gmax, ref float64
			for j := 0; j < d; j++ {
				gj := 2*c.scale*g.AtVec(j) + 2*lam*md.Coef[j]
				gmax = math.Max(gmax, math.Abs(gj))
				ref = math.Max(ref, math.Abs(2*c.scale*b.AtVec(j)))
			}
			if gmax > 1e-10*ref {
				t.Errorf("%dx%d %v: gradient %.3g at the solution", m, d, c.obj, gmax)
			}
		}
	}
}

// TestRemark254 checks the one-dimensional closed forms of 25.1.3 when
// (1/m) sum x_i^2 = 1: lasso w = sign(<x,y>) [|<x,y>|/m - lambda]_+
// (zero unless the correlation exceeds lambda) and ridge (Remark 25.4)
// w = (<x,y>/m) / (||x||^2/m + 2 lambda) (never zero).
func TestRemark254(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 1))
	m := 50
	x := make([]float64, m)
	y := make([]float64, m)
	var n2 float64
	for i := range x {
		x[i] = rng.NormFloat64()
		n2 += x[i] * x[i]
	}
	s := math.Sqrt(float64(m) / n2)
	var xy float64
	for i := range x {
		x[i] *= s
		y[i] = 0.3*x[i] + rng.NormFloat64()
		xy += x[i] * y[i]
	}
	X := mat.NewDense(m, 1, x)
	corr := xy / float64(m)
	for _, lam := range []float64{0.01, 0.1, math.Abs(corr) * 0.99, math.Abs(corr) * 1.01, 1} {
		l, err := Lasso(X, y, LassoConfig{Lambda: lam, Tol: 1e-14})
		if err != nil {
			t.Fatal(err)
		}
		want := math.Copysign(math.Max(math.Abs(corr)-lam, 0), corr)
		if math.Abs(l.Coef[0]-want) > 1e-12 {
			t.Errorf("lasso lambda=%v: w = %v, closed form %v", lam, l.Coef[0], want)
		}
		r, err := Ridge(X, y, RidgeConfig{Lambda: lam})
		if err != nil {
			t.Fatal(err)
		}
		wr := corr / (1 + 2*lam)
		if math.Abs(r.Coef[0]-wr) > 1e-12 || r.Coef[0] == 0 {
			t.Errorf("ridge lambda=%v: w = %v, Remark 25.4 %v", lam, r.Coef[0], wr)
		}
	}
}

// TestSolversAgree: on random problems, tall and wide, with and without
// intercept, lasso and elastic net, the three solvers reach the same
// objective to 1e-8 and satisfy the KKT conditions; plain cyclic CD agrees
// too.
func TestSolversAgree(t *testing.T) {
	for seed, sz := range [][2]int{{60, 15}, {30, 80}, {100, 40}} {
		X, y := randProblem(uint64(seed), sz[0], sz[1], 5, 2)
		lmax, _ := LassoGrid(X, y, 1, 0.5, true)
		for _, ic := range []bool{false, true} {
			for _, rho := range []float64{1, 0.7} {
				for _, frac := range []float64{0.3, 0.05} {
					alpha := frac * lmax[0]
					cfg := ElasticNetConfig{Alpha: alpha, L1Ratio: rho, Intercept: ic, Tol: 1e-12, MaxIter: 200000}
					ref, err := ElasticNet(X, y, cfg)
					if err != nil {
						t.Fatal(err)
					}
					if v := kktViolation(X, y, ref.Coef, ref.Intercept, ref.Lambda1, ref.Lambda2); v > 1e-7 {
						t.Errorf("%v ic=%v rho=%v: KKT violation %.3g", sz, ic, rho, v)
					}
					for _, s := range []Solver{ProximalGradient, FISTA, CoordinateDescent} {
						c := cfg
						c.Solver = s
						c.Cyclic = s == CoordinateDescent
						r, err := ElasticNet(X, y, c)
						if err != nil {
							t.Fatal(err)
						}
						if !r.Converged {
							t.Errorf("%v ic=%v rho=%v %v: not converged (gap %g)", sz, ic, rho, s, r.Gap)
						}
						if d := math.Abs(r.Objective-ref.Objective) / math.Max(1, ref.Objective); d > 1e-8 {
							t.Errorf("%v ic=%v rho=%v %v: objective %v vs CD %v", sz, ic, rho, s, r.Objective, ref.Objective)
						}
					}
				}
			}
		}
	}
}

// TestConstrainedCorrespondence shows eq. 25.4 <-> 25.5 on diabetes: solve
// the lasso at lambda, set k1 = ||w_lambda||_1, solve the constrained
// problem: same w, and its multiplier is lambda.
func TestConstrainedCorrespondence(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	for _, lam := range []float64{1, 0.3, 0.05} {
		l, err := Lasso(X, y, LassoConfig{Lambda: lam, Intercept: true, Tol: 1e-14})
		if err != nil {
			t.Fatal(err)
		}
		var k1 float64
		for _, v := range l.Coef {
			k1 += math.Abs(v)
		}
		for _, plain := range []bool{false, true} {
			c, err := ConstrainedLasso(X, y, ConstrainedLassoConfig{Radius: k1, Intercept: true, Tol: 1e-13, MaxIter: 200000, NoAcceleration: plain})
			if err != nil {
				t.Fatal(err)
			}
			if !c.Converged {
				t.Errorf("lambda=%v plain=%v: not converged, gap %g", lam, plain, c.Gap)
			}
			if d := maxRelDiff(c.Coef, l.Coef); d > 1e-6 {
				t.Errorf("lambda=%v plain=%v: constrained w differs from lasso w by %.3g", lam, plain, d)
			}
			if math.Abs(c.Multiplier-lam) > 1e-6*lam {
				t.Errorf("lambda=%v plain=%v: multiplier %v", lam, plain, c.Multiplier)
			}
			if math.Abs(c.Intercept-l.Intercept) > 1e-6*math.Abs(l.Intercept) {
				t.Errorf("lambda=%v: intercept %v vs %v", lam, c.Intercept, l.Intercept)
			}
		}
	}
	// A ball containing the least-squares solution: the constraint is
	// inactive, the solution is least squares and the multiplier 0.
	ls, _ := LeastSquares(X, y, LeastSquaresConfig{Intercept: true})
	var n1 float64
	for _, v := range ls.Coef {
		n1 += math.Abs(v)
	}
	c, err := ConstrainedLasso(X, y, ConstrainedLassoConfig{Radius: 2 * n1, Intercept: true, Tol: 1e-14, MaxIter: 500000})
	if err != nil {
		t.Fatal(err)
	}
	if d := maxRelDiff(c.Coef, ls.Coef); d > 1e-5 || c.Multiplier != 0 {
		t.Errorf("inactive constraint: differs from least squares by %.3g, multiplier %v", d, c.Multiplier)
	}
}

// TestPathProperties: strong rules do not change the path; the entry order
// agrees with the coefficients; every fit satisfies the KKT conditions;
// user lambdas come back sorted; Progress is called once per lambda.
func TestPathProperties(t *testing.T) {
	for _, sz := range [][2]int{{80, 30}, {40, 120}} {
		X, y := randProblem(9, sz[0], sz[1], 6, 5)
		calls := 0
		p, err := LassoPath(X, y, LassoPathConfig{NLambdas: 40, Intercept: true, Tol: 1e-10, MaxIter: 100000, Progress: func(done, total int) {
			calls++
			if done != calls || total != 40 {
				t.Errorf("progress(%d, %d) at call %d", done, total, calls)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		q, err := LassoPath(X, y, LassoPathConfig{NLambdas: 40, Intercept: true, Tol: 1e-10, MaxIter: 100000, NoStrongRules: true})
		if err != nil {
			t.Fatal(err)
		}
		if !p.Converged || !q.Converged {
			t.Errorf("%v: not converged", sz)
		}
		if p.NonZeros[0] != 0 {
			t.Errorf("%v: %d non-zeros at lambda_max", sz, p.NonZeros[0])
		}
		seen := map[int]bool{}
		for k := range p.Lambdas {
			w := p.Coef(k)
			if d := maxRelDiff(w, q.Coef(k)); d > 1e-6 {
				t.Errorf("%v lambda[%d]: strong rules change w by %.3g", sz, k, d)
			}
			if v := kktViolation(X, y, w, p.Intercepts[k], p.Lambdas[k], 0); v > 1e-6 {
				t.Errorf("%v lambda[%d]: KKT violation %.3g", sz, k, v)
			}
			nz := 0
			for j, v := range w {
				if v != 0 {
					nz++
					if p.Entry[j] > k || p.Entry[j] < 0 {
						t.Errorf("feature %d non-zero at %d but Entry = %d", j, k, p.Entry[j])
					}
					seen[j] = true
				}
			}
			if nz != p.NonZeros[k] {
				t.Errorf("NonZeros[%d] = %d, counted %d", k, p.NonZeros[k], nz)
			}
		}
		if len(p.Order) != len(seen) {
			t.Errorf("Order has %d features, %d were ever non-zero", len(p.Order), len(seen))
		}
		for i := 1; i < len(p.Order); i++ {
			if p.Entry[p.Order[i]] < p.Entry[p.Order[i-1]] {
				t.Errorf("Order not by entry: %v", p.Order)
			}
		}
		if p.GramColumns > sz[1] {
			t.Errorf("%d Gram columns for %d features", p.GramColumns, sz[1])
		}
	}
	X, y := randProblem(2, 30, 5, 3, 1)
	p, err := LassoPath(X, y, LassoPathConfig{Lambdas: []float64{0.1, 10, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Lambdas[0] != 10 || p.Lambdas[1] != 1 || p.Lambdas[2] != 0.1 {
		t.Errorf("lambdas not sorted descending: %v", p.Lambdas)
	}
	r, _ := Lasso(X, y, LassoConfig{Lambda: 1, Tol: 1e-12})
	if d := maxRelDiff(p.Coef(1), r.Coef); d > 1e-6 {
		t.Errorf("path at lambda=1 differs from Lasso by %.3g", d)
	}
}

// TestConstantColumn: a constant column (and an all-zero one) gets
// coefficient 0, never NaN, in every solver and in the path.
func TestConstantColumn(t *testing.T) {
	X, y := randProblem(4, 40, 6, 3, 1)
	for i := 0; i < 40; i++ {
		X.Set(i, 2, 7)
		X.Set(i, 4, 0)
	}
	for _, s := range []Solver{CoordinateDescent, ProximalGradient, FISTA} {
		r, err := Lasso(X, y, LassoConfig{Lambda: 0.1, Intercept: true, Solver: s})
		if err != nil {
			t.Fatal(err)
		}
		for j, v := range r.Coef {
			if math.IsNaN(v) {
				t.Fatalf("%v: NaN coefficient %d", s, j)
			}
		}
		if r.Coef[2] != 0 || r.Coef[4] != 0 {
			t.Errorf("%v: constant/zero columns got %v, %v", s, r.Coef[2], r.Coef[4])
		}
	}
	r, err := Lasso(X, y, LassoConfig{Lambda: 0.1})
	if err != nil || r.Coef[4] != 0 || math.IsNaN(r.Coef[2]) {
		t.Errorf("no intercept: %v %v", r.Coef, err)
	}
	p, err := LassoPath(X, y, LassoPathConfig{Intercept: true, NLambdas: 10})
	if err != nil {
		t.Fatal(err)
	}
	for k := range p.Lambdas {
		if p.Coefs.At(2, k) != 0 || p.Coefs.At(4, k) != 0 {
			t.Errorf("path: constant column non-zero at %d", k)
		}
	}
	md, err := Ridge(X, y, RidgeConfig{Lambda: 0.1, Intercept: true})
	if err != nil || md.Coef[2] != 0 || md.Coef[4] != 0 {
		t.Errorf("ridge: %v %v", md, err)
	}
}

// TestNonConvergenceReported: an iteration limit too small is not an
// error; the result says so.
func TestNonConvergenceReported(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	for _, s := range []Solver{CoordinateDescent, ProximalGradient, FISTA} {
		r, err := Lasso(X, y, LassoConfig{Lambda: 0.01, Solver: s, MaxIter: 2, Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		if r.Converged || r.Gap <= 0 || r.Iterations != 2 {
			t.Errorf("%v: converged=%v gap=%v iter=%d", s, r.Converged, r.Gap, r.Iterations)
		}
	}
	p, err := LassoPath(X, y, LassoPathConfig{MaxIter: 1, Tol: 1e-12, NLambdas: 10})
	if err != nil {
		t.Fatal(err)
	}
	if p.Converged {
		t.Error("path with MaxIter 1 reports convergence")
	}
}

func TestBadInput(t *testing.T) {
	X, y := randProblem(1, 10, 3, 2, 1)
	nan := mat.DenseCopyOf(X)
	nan.Set(3, 1, math.NaN())
	inf := mat.DenseCopyOf(X)
	inf.Set(0, 2, math.Inf(-1))
	yn := append([]float64(nil), y...)
	yn[5] = math.NaN()
	cases := []struct {
		name string
		err  error
		kind error
	}{
		{"negative lambda", errOf(Lasso(X, y, LassoConfig{Lambda: -1})), featlab.ErrParam},
		{"NaN lambda", errOf(Lasso(X, y, LassoConfig{Lambda: math.NaN()})), featlab.ErrParam},
		{"negative tol", errOf(Lasso(X, y, LassoConfig{Lambda: 1, Tol: -1})), featlab.ErrParam},
		{"negative maxiter", errOf(Lasso(X, y, LassoConfig{Lambda: 1, MaxIter: -1})), featlab.ErrParam},
		{"bad solver", errOf(Lasso(X, y, LassoConfig{Lambda: 1, Solver: 7})), featlab.ErrParam},
		{"init length", errOf(Lasso(X, y, LassoConfig{Lambda: 1, Init: []float64{1}})), featlab.ErrShape},
		{"NaN in X", errOf(Lasso(nan, y, LassoConfig{Lambda: 1})), featlab.ErrNotFinite},
		{"Inf in X", errOf(Lasso(inf, y, LassoConfig{Lambda: 1})), featlab.ErrNotFinite},
		{"NaN in y", errOf(Lasso(X, yn, LassoConfig{Lambda: 1})), featlab.ErrNotFinite},
		{"y length", errOf(Lasso(X, y[:4], LassoConfig{Lambda: 1})), featlab.ErrShape},
		{"empty X", errOf(Lasso(&mat.Dense{}, nil, LassoConfig{Lambda: 1})), featlab.ErrEmpty},
		{"nil X", errOf(Lasso(nil, y, LassoConfig{Lambda: 1})), featlab.ErrEmpty},
		{"l1 ratio > 1", errOf(ElasticNet(X, y, ElasticNetConfig{Alpha: 1, L1Ratio: 1.5})), featlab.ErrParam},
		{"l1 ratio < 0", errOf(ElasticNet(X, y, ElasticNetConfig{Alpha: 1, L1Ratio: -0.1})), featlab.ErrParam},
		{"negative alpha", errOf(ElasticNet(X, y, ElasticNetConfig{Alpha: -1, L1Ratio: 0.5})), featlab.ErrParam},
		{"k1 = 0", errOf(ConstrainedLasso(X, y, ConstrainedLassoConfig{Radius: 0})), featlab.ErrParam},
		{"k1 < 0", errOf(ConstrainedLasso(X, y, ConstrainedLassoConfig{Radius: -2})), featlab.ErrParam},
		{"ridge negative", errOf(Ridge(X, y, RidgeConfig{Lambda: -1})), featlab.ErrParam},
		{"ridge objective", errOf(Ridge(X, y, RidgeConfig{Lambda: 1, Objective: 9})), featlab.ErrParam},
		{"ridge NaN", errOf(Ridge(nan, y, RidgeConfig{Lambda: 1})), featlab.ErrNotFinite},
		{"ols NaN", errOf(LeastSquares(nan, y, LeastSquaresConfig{})), featlab.ErrNotFinite},
		{"path lambda", errOf(LassoPath(X, y, LassoPathConfig{Lambdas: []float64{1, -1}})), featlab.ErrParam},
		{"path empty lambdas", errOf(LassoPath(X, y, LassoPathConfig{Lambdas: []float64{}})), featlab.ErrParam},
		{"path eps", errOf(LassoPath(X, y, LassoPathConfig{Eps: 2})), featlab.ErrParam},
		{"path l1 ratio", errOf(LassoPath(X, y, LassoPathConfig{L1Ratio: 1.2})), featlab.ErrParam},
		{"path NaN", errOf(LassoPath(nan, y, LassoPathConfig{})), featlab.ErrNotFinite},
		{"cv folds", errOf(LassoCV(X, y, LassoCVConfig{Folds: 1})), featlab.ErrParam},
		{"cv folds > m", errOf(LassoCV(X, y, LassoCVConfig{Folds: 11})), featlab.ErrParam},
		{"grid eps", errOf(LassoGrid(X, y, 10, 0, false)), featlab.ErrParam},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.kind) {
			t.Errorf("%s: err = %v, want %v", c.name, c.err, c.kind)
		}
	}
	md := &Model{Coef: []float64{1, 2}}
	if _, err := md.Predict(X); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("Predict with 3 columns for 2 coefficients: %v", err)
	}
}

func errOf[T any](_ T, err error) error { return err }

// TestLearners: the config types are featlab.Learners whose predictions are
// X w + b.
func TestLearners(t *testing.T) {
	X, y := randProblem(8, 30, 4, 2, 1)
	for _, l := range []featlab.Learner{
		LassoConfig{Lambda: 0.1, Intercept: true},
		ElasticNetConfig{Alpha: 0.1, L1Ratio: 0.5, Intercept: true},
		RidgeConfig{Lambda: 0.1, Intercept: true},
		LeastSquaresConfig{Intercept: true},
	} {
		p, err := l.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		pred, err := p.Predict(X)
		if err != nil {
			t.Fatal(err)
		}
		var md *Model
		switch r := p.(type) {
		case *LassoResult:
			md = &r.Model
		case *RidgeResult:
			md = &r.Model
		case *LeastSquaresResult:
			md = &r.Model
		default:
			t.Fatalf("%T: predictor %T", l, p)
		}
		for i := range pred {
			s := md.Intercept
			for j := 0; j < 4; j++ {
				s += X.At(i, j) * md.Coef[j]
			}
			if math.Abs(s-pred[i]) > 1e-9*math.Max(1, math.Abs(s)) {
				t.Fatalf("%T: prediction %d = %v, want %v", l, i, pred[i], s)
			}
		}
	}
}

// TestLassoCV: deterministic whatever the number of workers; the fold
// errors are those of a path fitted without the fold; lambda_1se >=
// lambda_min.
func TestLassoCV(t *testing.T) {
	X, y := randProblem(12, 120, 25, 5, 10)
	a, err := LassoCV(X, y, LassoCVConfig{Path: LassoPathConfig{NLambdas: 30, Intercept: true}, Folds: 4, Seed: 5, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := LassoCV(X, y, LassoCVConfig{Path: LassoPathConfig{NLambdas: 30, Intercept: true}, Folds: 4, Seed: 5, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a.FoldMSE, b.FoldMSE) || a.IndexMin != b.IndexMin || a.Index1SE != b.Index1SE {
		t.Error("CV depends on the number of workers")
	}
	if a.Lambda1SE < a.LambdaMin || a.Index1SE > a.IndexMin {
		t.Errorf("lambda_1se %v < lambda_min %v", a.Lambda1SE, a.LambdaMin)
	}
	if a.MSE[a.Index1SE] > a.MSE[a.IndexMin]+a.SE[a.IndexMin] {
		t.Error("lambda_1se outside one standard error")
	}
	// Fold 0 by hand.
	tr, te := a.Splits[0].Train, a.Splits[0].Test
	for _, sp := range a.Splits {
		if len(sp.Test) != 30 || len(sp.Train) != 90 {
			t.Errorf("split sizes %d/%d", len(sp.Train), len(sp.Test))
		}
	}
	Xtr := mat.NewDense(len(tr), 25, nil)
	ytr := make([]float64, len(tr))
	for r, i := range tr {
		Xtr.SetRow(r, X.RawRowView(i))
		ytr[r] = y[i]
	}
	k := a.IndexMin
	l, _ := Lasso(Xtr, ytr, LassoConfig{Lambda: a.Lambdas[k], Intercept: true, Tol: 1e-10})
	var mse float64
	for _, i := range te {
		e := y[i] - l.Intercept - mat.Dot(mat.NewVecDense(25, l.Coef), X.RowView(i))
		mse += e * e
	}
	mse /= float64(len(te))
	if math.Abs(mse-a.FoldMSE.At(0, k)) > 1e-4*mse {
		t.Errorf("fold 0 MSE at lambda_min: %v, by hand %v", a.FoldMSE.At(0, k), mse)
	}
	// The model at lambda_min recovers the informative features.
	if a.Path.NonZeros[a.IndexMin] < 5 {
		t.Errorf("only %d features at lambda_min", a.Path.NonZeros[a.IndexMin])
	}
}

// TestSelectionViews: the fit's selection is its support ranked by |w|;
// the path's is the order of entry, whose entry lambdas agree with
// scikit-learn's lasso_path on diabetes (golden_sklearn.json, no
// intercept): the first grid value at which each feature is non-zero.
func TestSelectionViews(t *testing.T) {
	X, y := loadCSV(t, "diabetes.csv")
	names := []string{"age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"}
	r, err := Lasso(X, y, LassoConfig{Lambda: 0.5, Intercept: true, Names: names})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Selection()
	if len(s.Chosen) != len(r.Support()) {
		t.Errorf("chosen %v, support %v", s.Chosen, r.Support())
	}
	for k := 1; k < len(s.Chosen); k++ {
		if math.Abs(r.Coef[s.Chosen[k]]) > math.Abs(r.Coef[s.Chosen[k-1]]) {
			t.Errorf("chosen not by |w|: %v", s.ChosenNames)
		}
	}
	g := loadGolden(t)
	for _, c := range g.Path {
		if c.Data != "diabetes" || c.Intercept {
			continue
		}
		p, err := LassoPath(X, y, LassoPathConfig{NLambdas: 30, Tol: 1e-12, MaxIter: 100000, Names: names})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 10; j++ {
			want := -1
			for k := range c.Coefs {
				if c.Coefs[k][j] != 0 {
					want = k
					break
				}
			}
			if p.Entry[j] != want {
				t.Errorf("feature %s enters at %d, sklearn %d", names[j], p.Entry[j], want)
			}
		}
		ps := p.Selection()
		if ps.ChosenNames[0] != "bmi" || ps.ChosenNames[1] != "s5" {
			t.Errorf("diabetes entry order %v: bmi then s5 expected (LARS order, Efron et al. 2004)", ps.ChosenNames)
		}
		if len(ps.History) != len(p.Order) || ps.History[0].Feature != p.Order[0] {
			t.Errorf("history %v", ps.History)
		}
	}
}
