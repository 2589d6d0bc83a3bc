package viz

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/synth"
)

// sparsityRender writes fig as PNG (and, when FEATLAB_VIZ_OUT names a
// directory, into it for inspection) and fails on a render error or an
// empty image.
func sparsityRender(t *testing.T, name string, fig any) {
	t.Helper()
	var f Figure
	switch v := fig.(type) {
	case Figure:
		f = v
	case *plot.Plot:
		f = Single(v)
	default:
		t.Fatalf("%s: not a figure: %T", name, fig)
	}
	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if buf.Len() < 1000 {
		t.Fatalf("%s: PNG of %d bytes", name, buf.Len())
	}
	if dir := os.Getenv("FEATLAB_VIZ_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fig111 solves the three problems of Fig. 11.1 with linear's solvers,
// as notebook 05 does.
func fig111(t *testing.T, X mat.Matrix, y []float64, radius float64) ConstrainedSolutions {
	t.Helper()
	ls, err := linear.LeastSquares(X, y, linear.LeastSquaresConfig{})
	if err != nil {
		t.Fatal(err)
	}
	l1, err := linear.ConstrainedLasso(X, y, linear.ConstrainedLassoConfig{Radius: radius, Tol: 1e-14, MaxIter: 200000})
	if err != nil {
		t.Fatal(err)
	}
	l2, err := linear.ConstrainedRidge(X, y, linear.ConstrainedRidgeConfig{Radius: radius})
	if err != nil {
		t.Fatal(err)
	}
	return ConstrainedSolutions{Radius: radius, LS: ls.Coef, L1: l1.Coef, L2: l2.Coef}
}

// TestConstraintContours: the figure draws the solutions of the text's
// claim (Fig. 11.1; the solvers' own properties are tested in linear);
// bad input is an error.
func TestConstraintContours(t *testing.T) {
	ds, err := synth.TwoFeature(200, 11)
	if err != nil {
		t.Fatal(err)
	}
	sol := fig111(t, ds.X, ds.Y, 1)
	fig, err := ConstraintContours(ds.X, ds.Y, sol)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "fig11-1", fig)
	if sol.L1[1] != 0 || math.Abs(math.Abs(sol.L1[0])+math.Abs(sol.L1[1])-1) > 1e-9 {
		t.Errorf("l1 solution %v: want on the axis w2 = 0, on the diamond", sol.L1)
	}
	bad := sol
	bad.Radius = 0
	if _, err := ConstraintContours(ds.X, ds.Y, bad); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("radius 0: %v", err)
	}
	bad = sol
	bad.L2 = []float64{1}
	if _, err := ConstraintContours(ds.X, ds.Y, bad); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short solution: %v", err)
	}
	if _, err := ConstraintContours(mat.NewDense(3, 3, nil), []float64{1, 2, 3}, sol); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("3 features: %v", err)
	}
}

func TestUnitBallsShrinkageOneDim(t *testing.T) {
	fig, err := UnitBalls([]float64{0.5, 1, 2, 4, math.Inf(1)})
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "lp-balls", fig)
	if _, err := UnitBalls([]float64{0}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("p = 0: %v", err)
	}
	p, err := Shrinkage(1)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "shrinkage", p)
	if _, err := Shrinkage(-1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("lambda -1: %v", err)
	}
	ds, _, _ := synth.Sparse(100, synth.SparseConfig{Features: 1, Support: 1, Noise: 2}, 3)
	x := mat.Col(nil, 0, ds.X)
	lams := make([]float64, 101)
	for k := range lams {
		lams[k] = 1.5 * float64(k) / 100
	}
	p, err = OneDimPaths(x, ds.Y, lams)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "one-dim", p)
	if _, err := OneDimPaths(x, ds.Y[:3], lams); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
}

func TestPathFigures(t *testing.T) {
	ds, w, _ := synth.Sparse(200, synth.SparseConfig{Features: 12, Support: 4, Rho: 0.4, Noise: 1}, 2)
	path, err := linear.LassoPath(ds.X, ds.Y, linear.LassoPathConfig{Intercept: true, NLambdas: 40})
	if err != nil {
		t.Fatal(err)
	}
	for _, vs := range []bool{false, true} {
		p, err := CoefPath("lasso path", path.Lambdas, path.Coefs, ds.Names, vs)
		if err != nil {
			t.Fatal(err)
		}
		name := "path-lambda"
		if vs {
			name = "path-norm"
		}
		sparsityRender(t, name, p)
	}
	if _, err := CoefPath("x", path.Lambdas[:3], path.Coefs, nil, false); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short lambdas: %v", err)
	}
	cv, err := linear.LassoCV(ds.X, ds.Y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true, NLambdas: 40}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := CVCurve(cv)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "cv", p)

	// convergence: three solvers' histories at one lambda
	lam := path.Lambdas[20]
	var traces []Trace
	for _, s := range []linear.Solver{linear.ProximalGradient, linear.FISTA, linear.CoordinateDescent} {
		r, err := linear.Lasso(ds.X, ds.Y, linear.LassoConfig{Lambda: lam, Intercept: true, Solver: s, Tol: 1e-12, MaxIter: 3000})
		if err != nil {
			t.Fatal(err)
		}
		traces = append(traces, Trace{Name: s.String(), Objective: r.History})
	}
	ref, _ := linear.Lasso(ds.X, ds.Y, linear.LassoConfig{Lambda: lam, Intercept: true, Tol: 1e-15, MaxIter: 100000})
	p, err = ObjectiveGap("convergence", ref.Objective, traces...)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "convergence", p)

	// stability vs lasso
	stab, err := stability.LassoPath(ds.X, ds.Y, stability.LassoConfig{Lambdas: path.Lambdas, Intercept: true, Config: stability.Config{Rounds: 30, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	var rel []int
	for j, v := range w {
		if v != 0 {
			rel = append(rel, j)
		}
	}
	g, err := StabilityVsLasso("stability vs lasso", path, stab, rel, ds.Names, 0.9)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "stability", g)
	if _, err := StabilityVsLasso("x", path, stab, []int{99}, nil, 0.9); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("bad relevant index: %v", err)
	}
}

func TestLogisticPathPanel(t *testing.T) {
	ds, _, _ := synth.Sparse(300, synth.SparseConfig{Features: 10, Support: 3}, 5)
	y := make([]float64, len(ds.Y))
	for i, v := range ds.Y {
		if v > 0 {
			y[i] = 1
		}
	}
	path, err := linear.LogisticPath(ds.X, y, linear.LogisticPathConfig{Intercept: true, NLambdas: 30, Eps: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	acc, err := path.Accuracy(ds.X, y)
	if err != nil {
		t.Fatal(err)
	}
	g, err := LogisticPathPanel("logistic path", path.Lambdas, acc, acc, path.NonZeros)
	if err != nil {
		t.Fatal(err)
	}
	sparsityRender(t, "logistic", g)
	if _, err := LogisticPathPanel("x", path.Lambdas, acc[:2], acc, path.NonZeros); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short accuracy: %v", err)
	}
}

// svgDrawer returns a function drawing a built plot as SVG, failing t on
// a build or draw error.
func svgDrawer(t *testing.T) func(p *plot.Plot, err error) []byte {
	return func(p *plot.Plot, err error) []byte {
		t.Helper()
		return svgOf(t, p, err)
	}
}

func svgOf(t *testing.T, p *plot.Plot, err error) []byte {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteSVG(p, &buf, Width, Height); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLambdaMark(t *testing.T) {
	ds, _, _ := synth.Sparse(200, synth.SparseConfig{Features: 12, Support: 4, Rho: 0.4, Noise: 1}, 2)
	cv, err := linear.LassoCV(ds.X, ds.Y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true, NLambdas: 40}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	path := cv.Path
	svg := svgDrawer(t)
	const k = 17
	lam := path.Lambdas[k]
	lamText := strconv.FormatFloat(lam, 'g', 3, 64)
	for _, vs := range []bool{false, true} {
		plain := svg(CoefPath("lasso path", path.Lambdas, path.Coefs, ds.Names, vs))
		marked := svg(CoefPath("lasso path", path.Lambdas, path.Coefs, ds.Names, vs, LambdaMark{Lambda: lam}))
		again := svg(CoefPath("lasso path", path.Lambdas, path.Coefs, ds.Names, vs, LambdaMark{Lambda: lam}))
		if !bytes.Equal(marked, again) {
			t.Errorf("vsNorm %v: two marked figures differ", vs)
		}
		if bytes.Equal(plain, marked) {
			t.Errorf("vsNorm %v: the mark changed nothing", vs)
		}
		// the count comes from linear's own NonZeros, not from viz
		want := fmt.Sprintf("lambda = %s: %d nonzero coefficients", lamText, path.NonZeros[k])
		if !bytes.Contains(marked, []byte(want)) {
			t.Errorf("vsNorm %v: marked figure lacks %q", vs, want)
		}
		if bytes.Contains(plain, []byte("nonzero coefficients")) {
			t.Errorf("vsNorm %v: unmarked figure has a mark", vs)
		}
		if path.NonZeros[k] == 0 || path.NonZeros[k] == 12 {
			t.Errorf("test lambda should be mid-path, %d nonzero", path.NonZeros[k])
		}
	}
	plain := svg(CVCurve(cv))
	marked := svg(CVCurve(cv, LambdaMark{Lambda: lam}))
	if again := svg(CVCurve(cv, LambdaMark{Lambda: lam})); !bytes.Equal(marked, again) {
		t.Error("two marked CV curves differ")
	}
	want := fmt.Sprintf("lambda = %s: %d features, CV MSE %.4g", lamText, path.NonZeros[k], cv.MSE[k])
	if !bytes.Contains(marked, []byte(want)) {
		t.Errorf("marked CV curve lacks %q", want)
	}
	if bytes.Contains(plain, []byte("CV MSE")) || bytes.Equal(plain, marked) {
		t.Error("the unmarked CV curve has a mark, or the mark changed nothing")
	}
	if shortNumber(2990.3) != "2990" || shortNumber(12345.6) != "12346" || shortNumber(0.0123456) != "0.01235" {
		t.Errorf("shortNumber: %s %s %s", shortNumber(2990.3), shortNumber(12345.6), shortNumber(0.0123456))
	}

	// a lambda off the grid, NaN, and a CV result without its path
	for _, l := range []float64{lam * 1.001, math.NaN(), 0} {
		if _, err := CoefPath("x", path.Lambdas, path.Coefs, nil, false, LambdaMark{Lambda: l}); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("CoefPath mark %v: %v", l, err)
		}
		if _, err := CVCurve(cv, LambdaMark{Lambda: l}); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("CVCurve mark %v: %v", l, err)
		}
	}
	bare := *cv
	bare.Path = nil
	if _, err := CVCurve(&bare); err != nil {
		t.Errorf("unmarked CV curve without its path: %v", err)
	}
	if _, err := CVCurve(&bare, LambdaMark{Lambda: lam}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("marked CV curve without its path: %v", err)
	}
}
