package linear

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestLogisticCancelInsideNewtonGram: the exact Newton step of an l2
// logistic fit builds a weighted Gram matrix of O(m d^2) work (seconds at
// 10^5 x 300: issue 20's harness measured OneVsRest returning 12.9 s
// after a cancel) and looks at the context every 16 of its rows.
// Cancelled there, the fit returns an error wrapping context.Canceled;
// never cancelled, it equals the fit without a context bit for bit.
func TestLogisticCancelInsideNewtonGram(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	m, d := 300, 48
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		if X.At(i, 0)-X.At(i, 1)+r.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	cfg := LogisticConfig{C: 1, Penalty: L2Penalty, Intercept: true}
	count := ctxtest.New(1 << 40)
	got, err := LogisticContext(count, X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Logistic(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want.Coef {
		if got.Coef[j] != want.Coef[j] {
			t.Fatalf("coef %d differs with a context", j)
		}
	}
	n, steps := count.Calls(), int64(got.Convergence.Iterations)
	if n < 3*steps {
		t.Fatalf("%d looks in %d Newton steps: the Gram of a %d-column step (3 looks) is not looked into", n, steps, d)
	}
	for k := int64(0); k < n; k++ {
		_, err := LogisticContext(ctxtest.New(k), X, y, cfg)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at look %d of %d: err = %v", k+1, n, err)
		}
	}
}

// TestLogisticCancelWhileCopyingX: the column-major copy of X the
// logistic solvers read (about a second at 10^5 x 300 on a quiet machine,
// where the harness measured 1.06-1.09 s from a cancel to the return)
// looks at the context every 4096 rows.
func TestLogisticCancelWhileCopyingX(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	m, d := 3*4096+5, 3
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		if X.At(i, 0)+r.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	cfg := LogisticConfig{Lambda: 0.01, Intercept: true}
	for k := int64(0); k < 4; k++ {
		ctx := ctxtest.New(k)
		if _, err := LogisticContext(ctx, X, y, cfg); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at look %d: err = %v", k+1, err)
		}
		// the look that sees the cancel, and one more for the error's text
		if k < 3 && ctx.Calls() > k+2 {
			t.Fatalf("cancelled at look %d of the copy: %d looks, want the copy to stop at once", k+1, ctx.Calls())
		}
	}
	if _, err := LogisticPathContext(ctxtest.New(1), X, y, LogisticPathConfig{Intercept: true, NLambdas: 3}); !errors.Is(err, context.Canceled) {
		t.Fatalf("path cancelled in the copy: err = %v", err)
	}
}
