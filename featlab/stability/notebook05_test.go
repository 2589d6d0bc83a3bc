package stability_test

// The claims of notebooks/05-sparsity.ipynb, computed the way the notebook
// computes them, so that a change that breaks the notebook's story breaks
// the build. Each test names the notebook section it backs.

import (
	"math"
	"sort"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
	"github.com/featlab/course/featlab/viz"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// TestNotebook05SoftThresholdGrid: exercise 25.2 checked numerically. For
// lambda = 1 and several x, the minimiser of (1/2)w^2 - xw + lambda|w|
// (eq. 25.6) over a grid of step 1e-4 on [-5, 5] is within one grid step
// of soft thresholding (eq. 25.7); for |x| <= lambda it is 0.
func TestNotebook05SoftThresholdGrid(t *testing.T) {
	const lam, step = 1.0, 1e-4
	for _, x := range []float64{-3, -1.5, -1, -0.5, 0, 0.4, 1, 1.2, 2.5} {
		best, bestF := 0.0, math.Inf(1)
		for k := -50000; k <= 50000; k++ {
			w := float64(k) * step
			if f := 0.5*w*w - x*w + lam*math.Abs(w); f < bestF {
				best, bestF = w, f
			}
		}
		st := linear.SoftThreshold(x, lam)
		if math.Abs(best-st) > step {
			t.Errorf("x = %v: grid minimiser %v, soft threshold %v", x, best, st)
		}
		if math.Abs(x) <= lam && best != 0 {
			t.Errorf("x = %v: grid minimiser %v, want 0", x, best)
		}
	}
}

// oneDim is the notebook's 1-D problem: feature x1 of Sparse with d = 1.
func oneDim(t *testing.T) (x, y []float64) {
	ds, _, err := synth.Sparse(100, synth.SparseConfig{Features: 1, Support: 1, Noise: 2}, 3)
	if err != nil {
		t.Fatal(err)
	}
	return mat.Col(nil, 0, ds.X), ds.Y
}

// TestNotebook05OneDim: the 1-D lasso solution is 0 exactly when lambda >=
// |<x,y>|/m, and it equals the minimiser found by the lasso solver; the
// ridge solution is never 0.
func TestNotebook05OneDim(t *testing.T) {
	x, y := oneDim(t)
	m := float64(len(x))
	xy, xx := 0.0, 0.0
	for i := range x {
		xy += x[i] * y[i]
		xx += x[i] * x[i]
	}
	corr := math.Abs(xy) / m
	// the notebook prints corr = 0.873 (3 digits)
	if math.Abs(corr-0.873) > 5e-4 {
		t.Errorf("|<x,y>|/m = %v, the notebook says 0.873", corr)
	}
	X := mat.NewDense(len(x), 1, x)
	for _, lam := range []float64{0, 0.3, 0.6, 0.87, 0.88, 1.2} {
		wl := linear.SoftThreshold(xy/m, lam) / (xx / m)
		r, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: lam, Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Coef[0]-wl) > 1e-9 {
			t.Errorf("lambda %v: closed form %v, solver %v", lam, wl, r.Coef[0])
		}
		if (wl == 0) != (lam >= corr) {
			t.Errorf("lambda %v: lasso w = %v with correlation %v", lam, wl, corr)
		}
		if wr := (xy / m) / (xx/m + 2*lam); wr == 0 {
			t.Errorf("lambda %v: ridge w = 0", lam)
		}
	}
}

// TestNotebook05Fig111 backs the Fig. 11.1 section: the l1-constrained
// solution is (1, 0), the l2-constrained (0.925, 0.379) (3 digits).
func TestNotebook05Fig111(t *testing.T) {
	ds, err := synth.TwoFeature(200, 11)
	if err != nil {
		t.Fatal(err)
	}
	ls, err := linear.LeastSquares(ds.X, ds.Y, linear.LeastSquaresConfig{})
	if err != nil {
		t.Fatal(err)
	}
	l1, err := linear.ConstrainedLasso(ds.X, ds.Y, linear.ConstrainedLassoConfig{Radius: 1, Tol: 1e-14, MaxIter: 200000})
	if err != nil {
		t.Fatal(err)
	}
	l2, err := linear.ConstrainedRidge(ds.X, ds.Y, linear.ConstrainedRidgeConfig{Radius: 1})
	if err != nil {
		t.Fatal(err)
	}
	sol := viz.ConstrainedSolutions{Radius: 1, LS: ls.Coef, L1: l1.Coef, L2: l2.Coef}
	if _, err := viz.ConstraintContours(ds.X, ds.Y, sol); err != nil {
		t.Fatal(err)
	}
	if sol.L1[0] != 1 && math.Abs(sol.L1[0]-1) > 1e-9 || sol.L1[1] != 0 {
		t.Errorf("l1 solution %v", sol.L1)
	}
	if math.Abs(sol.L2[0]-0.925) > 5e-4 || math.Abs(sol.L2[1]-0.379) > 5e-4 {
		t.Errorf("l2 solution %v, the notebook says (0.925, 0.379)", sol.L2)
	}
	if math.Abs(sol.LS[0]-1.96) > 5e-3 || math.Abs(sol.LS[1]-0.502) > 5e-4 {
		t.Errorf("least squares %v, the notebook says (1.96, 0.502)", sol.LS)
	}
}

// bestSubsets is the notebook's exhaustive l0 search: for each size k the
// subset with the smallest training MSE of least squares with intercept.
func bestSubsets(t *testing.T, ds *featlab.Dataset) (best [][]int, mse []float64) {
	_, d := ds.Dims()
	best = make([][]int, d+1)
	mse = make([]float64, d+1)
	for k := range mse {
		mse[k] = math.Inf(1)
	}
	for mask := 1; mask < 1<<d; mask++ {
		var cols []int
		for j := 0; j < d; j++ {
			if mask&(1<<j) != 0 {
				cols = append(cols, j)
			}
		}
		e := refitMSE(t, ds, cols)
		if k := len(cols); e < mse[k] {
			best[k], mse[k] = cols, e
		}
	}
	return best, mse
}

func refitMSE(t *testing.T, ds *featlab.Dataset, cols []int) float64 {
	sub, err := ds.Columns(cols)
	if err != nil {
		t.Fatal(err)
	}
	r, err := linear.LeastSquares(sub.X, sub.Y, linear.LeastSquaresConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	pred, _ := r.Predict(sub.X)
	e := 0.0
	for i, p := range pred {
		e += (p - sub.Y[i]) * (p - sub.Y[i])
	}
	return e / float64(len(pred))
}

// TestNotebook05BestSubset: on synth.BestSubset(40, 5) the best subset of
// size 3 is {x1, x2, x3}; the lasso's first three features are x3, the
// decoy x4 and x2, and their least-squares refit has a larger training
// error.
func TestNotebook05BestSubset(t *testing.T) {
	ds, _, err := synth.BestSubset(40, 5)
	if err != nil {
		t.Fatal(err)
	}
	best, mse := bestSubsets(t, ds)
	if b := best[3]; len(b) != 3 || b[0] != 0 || b[1] != 1 || b[2] != 2 {
		t.Errorf("best subset of size 3: %v", b)
	}
	if b := best[1]; len(b) != 1 || b[0] != 3 {
		t.Errorf("best single feature %v, the notebook says the decoy x4", b)
	}
	p, err := linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	first := append([]int(nil), p.Order[:3]...)
	if first[0] != 2 || first[1] != 3 || first[2] != 1 {
		t.Errorf("lasso order %v: the notebook says x3, x4 (the decoy), x2", p.Order)
	}
	if e := refitMSE(t, ds, first); !(e > 4*mse[3]) {
		t.Errorf("lasso's first three %v refit MSE %v, best %v: the notebook says far worse", first, e, mse[3])
	}
	// from k = 4 on the lasso's refit is within 10% of the best subset's
	for k := 4; k <= 8; k++ {
		if e := refitMSE(t, ds, p.Order[:k]); e > 1.1*mse[k] {
			t.Errorf("k = %d: lasso refit %v, best %v", k, e, mse[k])
		}
	}
	// MSE of the best subsets decreases with k
	for k := 2; k < len(mse); k++ {
		if mse[k] > mse[k-1]+1e-12 {
			t.Errorf("best MSE increases from k = %d to %d", k-1, k)
		}
	}
}

// diabetesStd is the notebook's diabetes: features standardised
// (transform.Standardize), target as is; intercepts are fitted.
func diabetesStd(t *testing.T) *featlab.Dataset {
	ds := datasets.Diabetes()
	Xs, err := transform.FitTransform(&transform.Standardize{}, ds.X)
	if err != nil {
		t.Fatal(err)
	}
	out := *ds
	out.X = Xs
	return &out
}

// TestNotebook05Solvers: on standardised diabetes at lambda = lambda_max/10
// the three lasso solvers reach the same objective to 1e-8 (relative),
// coordinate descent in a fraction of the passes; the constrained form with
// k1 = ||w_lambda||_1 gives back w_lambda and lambda as its multiplier.
func TestNotebook05Solvers(t *testing.T) {
	ds := diabetesStd(t)
	grid, err := linear.LassoGrid(ds.X, ds.Y, 1, 0.5, true)
	if err != nil {
		t.Fatal(err)
	}
	lam := grid[0] / 10
	var objs []float64
	var hists [][]float64
	var iters []int
	reach := make([]int, 3)
	for _, s := range []linear.Solver{linear.ProximalGradient, linear.FISTA, linear.CoordinateDescent} {
		r, err := linear.Lasso(ds.X, ds.Y, linear.LassoConfig{Lambda: lam, Intercept: true, Solver: s, Tol: 1e-10, MaxIter: 100000})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Converged {
			t.Errorf("%v: not converged", s)
		}
		objs = append(objs, r.Objective)
		hists = append(hists, r.History)
		iters = append(iters, r.Iterations)
	}
	for k := 1; k < 3; k++ {
		if math.Abs(objs[k]-objs[0]) > 1e-8*objs[0] {
			t.Errorf("objectives %v differ", objs)
		}
	}
	// passes to reach F - F* <= 1e-9 F*: coordinate descent needs about
	// a tenth of the others' (the notebook's table)
	ref, _ := linear.Lasso(ds.X, ds.Y, linear.LassoConfig{Lambda: lam, Intercept: true, Tol: 1e-15, MaxIter: 100000})
	for k, h := range hists {
		reach[k] = -1
		for i, f := range h {
			if f-ref.Objective <= 1e-9*ref.Objective {
				reach[k] = i
				break
			}
		}
	}
	if reach[2] < 0 || reach[0] < 0 || reach[1] < 0 || 5*reach[2] > reach[0] || 5*reach[2] > reach[1] {
		t.Errorf("passes to 1e-9 (PG, FISTA, CD) = %v: CD should need less than a fifth", reach)
	}
	// the notebook's c16 (corrected): CD also stops first; FISTA gets
	// within 1e-9 sooner than PG but its objective goes up at times and
	// it stops later
	if !(iters[2] < iters[0] && iters[2] < iters[1]) {
		t.Errorf("iterations (PG, FISTA, CD) = %v: CD should stop first", iters)
	}
	if !(reach[1] < reach[0]) {
		t.Errorf("passes to 1e-9 (PG, FISTA) = %v: FISTA should be sooner", reach[:2])
	}
	gap := func(k int) float64 { return hists[0][k] - ref.Objective }
	r1, r2 := math.Log(gap(30)/gap(10))/20, math.Log(gap(50)/gap(30))/20
	if !(r1 < 0 && math.Abs(r2/r1-1) < 0.5) {
		t.Errorf("proximal gradient: log rates %v, %v over iterations 10-30, 30-50: not a steady linear rate", r1, r2)
	}
	up := false
	for k := 1; k < len(hists[1]); k++ {
		up = up || hists[1][k] > hists[1][k-1]
	}
	if !up || !(iters[1] > iters[0]) {
		t.Errorf("FISTA: objective goes up %v, iterations %d against PG's %d: the notebook says it goes up and stops later", up, iters[1], iters[0])
	}
	r, _ := linear.Lasso(ds.X, ds.Y, linear.LassoConfig{Lambda: lam, Intercept: true, Tol: 1e-12})
	k1 := 0.0
	for _, v := range r.Coef {
		k1 += math.Abs(v)
	}
	c, err := linear.ConstrainedLasso(ds.X, ds.Y, linear.ConstrainedLassoConfig{Radius: k1, Intercept: true, Tol: 1e-12, MaxIter: 200000})
	if err != nil {
		t.Fatal(err)
	}
	for j := range r.Coef {
		if math.Abs(c.Coef[j]-r.Coef[j]) > 1e-4*math.Max(1, math.Abs(r.Coef[j])) {
			t.Errorf("feature %d: constrained %v, lasso %v", j, c.Coef[j], r.Coef[j])
		}
	}
	if math.Abs(c.Multiplier-lam) > 1e-4*lam {
		t.Errorf("multiplier %v, lambda %v", c.Multiplier, lam)
	}
}

// TestNotebook05DiabetesPath: the order in which the diabetes features
// enter the lasso path starts bmi, s5, bp; at lambda_1se of 10-fold CV
// (seed 1) the model has fewer features than at lambda_min.
func TestNotebook05DiabetesPath(t *testing.T) {
	ds := diabetesStd(t)
	p, err := linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"bmi", "s5", "bp"}
	for k, name := range want {
		if ds.Names[p.Order[k]] != name {
			t.Errorf("entry %d: %s, want %s (order %v)", k, ds.Names[p.Order[k]], name, p.Order)
		}
	}
	cv, err := linear.LassoCV(ds.X, ds.Y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}, Folds: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	nMin := cv.Path.NonZeros[cv.IndexMin]
	n1se := cv.Path.NonZeros[cv.Index1SE]
	if !(n1se < nMin) || !(cv.Lambda1SE > cv.LambdaMin) {
		t.Errorf("lambda_min %v (%d features), lambda_1se %v (%d features)", cv.LambdaMin, nMin, cv.Lambda1SE, n1se)
	}
	// the notebook prints lambda_min = 1.119 with 7 features and
	// lambda_1se = 7.360 with 4 (bmi, bp, s3, s5)
	if math.Abs(cv.LambdaMin-1.119) > 5e-4 || nMin != 7 || math.Abs(cv.Lambda1SE-7.360) > 5e-4 || n1se != 4 {
		t.Errorf("lambda_min %.4g (%d features), lambda_1se %.4g (%d): the notebook says 1.119 (7), 7.360 (4)", cv.LambdaMin, nMin, cv.Lambda1SE, n1se)
	}
}

// breastCancerSplit is the notebook's split: 30% test (validate.Holdout,
// seed 1), features standardised with the training mean and scale.
func breastCancerSplit(t *testing.T) (Xtr *mat.Dense, ytr []float64, Xte *mat.Dense, yte []float64, names []string) {
	ds := datasets.BreastCancer()
	m, _ := ds.Dims()
	tr, te, err := validate.Holdout(m, 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, b := ds.Rows(tr), ds.Rows(te)
	var sc transform.Standardize
	if err := sc.Fit(a.X); err != nil {
		t.Fatal(err)
	}
	Xtr, _ = sc.Transform(a.X)
	Xte, _ = sc.Transform(b.X)
	return Xtr, a.Y, Xte, b.Y, ds.Names
}

// TestNotebook05Logistic: along the l1 logistic path on breast cancer, a
// handful of features already classify the test set about as well as the
// full model: the first lambda at which the test accuracy reaches 95% uses
// 4 features; every fit converged. The sparse SVM at lambda = 0.01 keeps
// 13 features.
func TestNotebook05Logistic(t *testing.T) {
	Xtr, ytr, Xte, yte, names := breastCancerSplit(t)
	p, err := linear.LogisticPath(Xtr, ytr, linear.LogisticPathConfig{Intercept: true, NLambdas: 50, Eps: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Converged {
		t.Errorf("path not converged: %v", p.Gap)
	}
	acc, err := p.Accuracy(Xte, yte)
	if err != nil {
		t.Fatal(err)
	}
	first := -1
	for k, a := range acc {
		if a >= 0.95 {
			first = k
			break
		}
	}
	if first < 0 {
		t.Fatal("test accuracy never reaches 0.95")
	}
	var sel []string
	for _, j := range p.Order[:p.NonZeros[first]] {
		sel = append(sel, names[j])
	}
	// the notebook: lambda 0.0541, 4 features (the worst and mean concave
	// points, the worst perimeter and radius), test accuracy 0.959; no
	// lambda does better than 0.965 (the full model barely better)
	want := []string{"worst_concave_points", "worst_perimeter", "worst_radius", "mean_concave_points"}
	if math.Abs(p.Lambdas[first]-0.0541) > 5e-5 || len(sel) != 4 || math.Abs(acc[first]-0.959) > 5e-4 {
		t.Errorf("first lambda with test accuracy >= 0.95: %.4g, features %v, accuracy %.4f", p.Lambdas[first], sel, acc[first])
	}
	for k := range want {
		if k < len(sel) && sel[k] != want[k] {
			t.Errorf("features %v, want %v", sel, want)
			break
		}
	}
	// the notebook's c24 (corrected): the best test accuracy on the path is
	// less than one point above the four-feature model's; the largest model
	// fits the training data better and the test data worse; no fit uses
	// all 30 features
	best, maxNZ := 0.0, 0
	for k, a := range acc {
		best = math.Max(best, a)
		maxNZ = max(maxNZ, p.NonZeros[k])
	}
	trainAcc, _ := p.Accuracy(Xtr, ytr)
	last := len(acc) - 1
	if best-acc[first] >= 0.01 || !(acc[last] < acc[first]) || !(trainAcc[last] > trainAcc[first]) || maxNZ >= 30 {
		t.Errorf("best test accuracy %v (four features %v), largest model test %v train %v (four: %v), at most %d features",
			best, acc[first], acc[last], trainAcc[last], trainAcc[first], maxNZ)
	}
	// the sparse SVM at the same lambda: a sparse model with test accuracy
	// above 0.9
	svm, err := linear.SparseSVM(Xtr, ytr, linear.SparseSVMConfig{Lambda: 0.01, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	pred, _ := svm.Predict(Xte)
	ok := 0
	for i := range pred {
		if pred[i] == yte[i] {
			ok++
		}
	}
	sa := float64(ok) / float64(len(yte))
	// the notebook: 13 of 30 features, test accuracy 0.971, gap 0
	if !svm.Converged || !svm.Polished || math.Abs(sa-0.971) > 5e-4 || len(svm.Support()) != 13 || svm.Gap > 1e-15 {
		t.Errorf("sparse SVM: %d features, test accuracy %v, converged %v", len(svm.Support()), sa, svm.Converged)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestNotebook05StabilityClaims is TestLassoPathCorrelated's claim as the
// notebook states it, and the single-lambda rules: around the lasso at the
// cross-validated lambda_min, the union of 100 selections is all 50
// features (bootstrap and halves alike); the threshold 0.9 keeps the
// support plus x20 and x35 on bootstrap samples, exactly the support on
// halves.
func TestNotebook05StabilityClaims(t *testing.T) {
	ds, w, err := synth.Sparse(200, synth.SparseConfig{Rho: 0.5, Noise: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	cv, err := linear.LassoCV(ds.X, ds.Y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s    stability.Sampling
		want []int
	}{{stability.Bootstrap, []int{0, 10, 19, 20, 30, 34, 40}}, {stability.Halves, []int{0, 10, 20, 30, 40}}} {
		res, err := stability.Select(ds.X, ds.Y, stability.Config{Selector: stability.Lasso(cv.LambdaMin, true), Sampling: c.s, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		got := append([]int(nil), res.Selection().Chosen...)
		sort.Ints(got)
		if len(res.Union) != 50 || !equalInts(got, c.want) {
			t.Errorf("%v: union of %d, threshold set %v (want %v)", c.s, len(res.Union), got, c.want)
		}
	}
	p, err := stability.LassoPath(ds.X, ds.Y, stability.LassoConfig{Intercept: true, Config: stability.Config{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	got := append([]int(nil), p.Selection().Chosen...)
	sort.Ints(got)
	if len(got) != 5 {
		t.Fatalf("stable set %v", got)
	}
	for k, j := range got {
		if w[j] == 0 || j != k*10 {
			t.Errorf("stable set %v", got)
		}
	}
}

// TestNotebook05ProxStep: the reference of the notebook's second exercise,
// one step of Zhou eq. 11.11-11.14 with L = lambda_max(X^T X)/m, is the
// step linear.Lasso takes with the proximal-gradient solver.
func TestNotebook05ProxStep(t *testing.T) {
	ds, _, _ := synth.Sparse(30, synth.SparseConfig{Features: 5, Support: 2, Noise: 0.3}, 2)
	X, y := ds.X, ds.Y
	m, d := X.Dims()
	var s mat.SymDense
	s.SymOuterK(1/float64(m), X.T())
	var es mat.EigenSym
	es.Factorize(&s, false)
	vals := es.Values(nil)
	L := vals[len(vals)-1]
	w := []float64{0.3, -0.2, 0.5, 0, 1}
	lam := 0.2
	// the notebook's proxStep
	r := make([]float64, m)
	for i := 0; i < m; i++ {
		r[i] = mat.Dot(mat.NewVecDense(d, X.RawRowView(i)), mat.NewVecDense(d, w)) - y[i]
	}
	z := make([]float64, d)
	for j := 0; j < d; j++ {
		g := 0.0
		for i := 0; i < m; i++ {
			g += X.At(i, j) * r[i] / float64(m)
		}
		z[j] = w[j] - g/L
	}
	want := linear.SoftThresholdVec(nil, z, lam/L)
	res, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: lam, Solver: linear.ProximalGradient, MaxIter: 1, Init: w, Tol: 1e-300})
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 1 {
		t.Fatalf("%d iterations", res.Iterations)
	}
	for j := range want {
		if math.Abs(res.Coef[j]-want[j]) > 1e-12 {
			t.Errorf("coordinate %d: library %v, notebook reference %v", j, res.Coef[j], want[j])
		}
	}
	// the exercise's reference: linear.ProximalGradientStep with
	// linear.Lipschitz is the solver's first step
	L2, err := linear.Lipschitz(X)
	if err != nil || math.Abs(L2-L) > 1e-12*L {
		t.Fatalf("Lipschitz = %v (%v), eigenvalue %v", L2, err, L)
	}
	step, err := linear.ProximalGradientStep(X, y, w, lam, L2)
	if err != nil {
		t.Fatal(err)
	}
	for j := range step {
		if math.Abs(step[j]-res.Coef[j]) > 1e-12 {
			t.Errorf("coordinate %d: ProximalGradientStep %v, solver's step %v", j, step[j], res.Coef[j])
		}
	}
}

// TestNotebook05EntryOrder: on synth.BestSubset(40, 5) the lasso brings in
// x3 first because x3 has the largest |covariance| with y, although x4 has
// the largest |r|; on standardised columns x4 enters first.
func TestNotebook05EntryOrder(t *testing.T) {
	ds, _, err := synth.BestSubset(40, 5)
	if err != nil {
		t.Fatal(err)
	}
	_, d := ds.Dims()
	var cov, r []float64
	for j := 0; j < d; j++ {
		c := mat.Col(nil, j, ds.X)
		cov = append(cov, math.Abs(stat.Covariance(c, ds.Y, nil)))
		r = append(r, math.Abs(stat.Correlation(c, ds.Y, nil)))
	}
	raw, err := linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	Z, _ := transform.FitTransform(&transform.Standardize{}, ds.X)
	std, err := linear.LassoPath(Z, ds.Y, linear.LassoPathConfig{Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	if floats.MaxIdx(cov) != 2 || raw.Order[0] != 2 || floats.MaxIdx(r) != 3 || std.Order[0] != 3 {
		t.Errorf("argmax |cov| %d, raw first %d, argmax |r| %d, standardised first %d; want 2, 2, 3, 3",
			floats.MaxIdx(cov), raw.Order[0], floats.MaxIdx(r), std.Order[0])
	}
}

// TestNotebook05Overfitting: eq. 11.5 with d = 25, m = 30 (synth.Sparse,
// 5 relevant, noise 1): training MSE below 0.5, test MSE above 3, the CV
// lasso below half of it; with m = 200 test/train below 1.2.
func TestNotebook05Overfitting(t *testing.T) {
	cfg := synth.SparseConfig{Features: 25, Support: 5, Noise: 1}
	test, _, _ := synth.Sparse(1000, cfg, 2)
	run := func(m int) (train, lsTest, lassoTest float64) {
		tr, _, _ := synth.Sparse(m, cfg, 1)
		ls, err := linear.LeastSquares(tr.X, tr.Y, linear.LeastSquaresConfig{Intercept: true})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := ls.Predict(test.X)
		lsTest, _ = validate.MSE(test.Y, p)
		cv, err := linear.LassoCV(tr.X, tr.Y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		q, _ := cv.Path.Model(cv.IndexMin).Predict(test.X)
		lassoTest, _ = validate.MSE(test.Y, q)
		return ls.RSS / float64(m), lsTest, lassoTest
	}
	a, b, c := run(30)
	if !(a < 0.5 && b > 3 && c < b/2) {
		t.Errorf("m = 30: train %v, test %v, lasso %v", a, b, c)
	}
	a, b, _ = run(200)
	if b/a >= 1.2 {
		t.Errorf("m = 200: train %v, test %v", a, b)
	}
}
