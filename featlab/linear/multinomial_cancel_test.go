package linear

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestMultinomialCancelInInnerSolve: a Newton step's coordinate descent
// (up to 30 passes of m d K multiply-adds: seconds at 20000 x 300, where
// issue 20's harness measured 2.5-4.6 s after a cancel) looks at the
// context before every pass; it used to look once a Newton step.
// Cancelled inside the first step, the fit keeps the start (no iteration
// counted), grouped or not; not cancelled, it is bit for bit the fit
// without a context.
func TestMultinomialCancelInInnerSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	m, d := 120, 6
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		s := X.At(i, 0) - X.At(i, 1) + 0.5*r.NormFloat64()
		switch {
		case s > 0.5:
			y[i] = 2
		case s > -0.5:
			y[i] = 1
		}
	}
	for _, grouped := range []bool{false, true} {
		cfg := MultinomialConfig{Lambda: 0.01, Grouped: grouped}
		count := ctxtest.New(1 << 40)
		got, err := MultinomialContext(count, X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if n, it := count.Calls(), got.Convergence.Iterations; n < int64(2*it) {
			t.Fatalf("grouped %v: %d looks in %d Newton steps, want at least 2 a step", grouped, n, it)
		}
		want, err := Multinomial(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(got.Coef, want.Coef) {
			t.Fatalf("grouped %v: coefficients differ with a context", grouped)
		}
		ctx := ctxtest.New(1) // the step's look passes, its first inner pass's does not
		res, err := MultinomialContext(ctx, X, y, cfg)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("grouped %v: err = %v, want context.Canceled", grouped, err)
		}
		if res == nil || res.Convergence.Iterations != 0 {
			t.Fatalf("grouped %v: cancelled in the first inner pass: %v iterations, want 0", grouped, res.Convergence.Iterations)
		}
		if len(res.Support()) != 0 {
			t.Fatalf("grouped %v: cancelled before any step, support %v", grouped, res.Support())
		}
	}
}

// TestOneVsRestCancelInsideAFit: the package's own learners (Logistic,
// SparseSVM) are fitted through their Context forms, so a cancel is seen
// inside a class's fit; OneVsRestContext used to look only between the
// classes' fits (2.7 s after a cancel in issue 20's harness).
func TestOneVsRestCancelInsideAFit(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	m, d := 150, 5
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = float64(i % 3)
		X.Set(i, 0, X.At(i, 0)+y[i])
	}
	for _, l := range []any{LogisticConfig{Lambda: 0.01, Intercept: true}, SparseSVMConfig{Lambda: 0.01, Intercept: true}} {
		cfg := OneVsRestConfig{Workers: 1}
		switch l := l.(type) {
		case LogisticConfig:
			cfg.Learner = l
		case SparseSVMConfig:
			cfg.Learner = l
		}
		count := ctxtest.New(1 << 40)
		got, err := OneVsRestContext(count, X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if n := count.Calls(); n < 3+3*2 {
			t.Fatalf("%T: %d looks for 3 classes, want more than one a class (looks inside each fit)", l, n)
		}
		want, err := OneVsRest(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := got.Scores(X)
		b, _ := want.Scores(X)
		if !mat.Equal(a, b) {
			t.Fatalf("%T: scores differ with a context", l)
		}
		ctx := ctxtest.New(2) // inside the first class's fit
		if _, err := OneVsRestContext(ctx, X, y, cfg); !errors.Is(err, context.Canceled) {
			t.Fatalf("%T: err = %v, want context.Canceled", l, err)
		}
	}
}

// TestSparseSVMCancelPerIteration: the primal-dual solver looks at the
// context every iteration (two passes over X), not every 64 (3.9 s after a
// cancel on a loaded machine in issue 20's harness), and its polish looks
// between its attempts; not cancelled, the fit is the same.
func TestSparseSVMCancelPerIteration(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 13))
	m, d := 120, 6
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		if X.At(i, 0)-X.At(i, 2)+0.5*r.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	cfg := SparseSVMConfig{Lambda: 0.01, Intercept: true, MaxIter: 500}
	count := ctxtest.New(1 << 40)
	got, err := SparseSVMContext(count, X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n, it := count.Calls(), got.Convergence.Iterations; n < int64(it) {
		t.Fatalf("%d looks in %d iterations, want at least one an iteration", n, it)
	}
	want, err := SparseSVM(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want.Coef {
		if got.Coef[j] != want.Coef[j] {
			t.Fatalf("coefficient %d: %v with a context, %v without", j, got.Coef[j], want.Coef[j])
		}
	}
	if _, err := SparseSVMContext(ctxtest.New(3), X, y, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
