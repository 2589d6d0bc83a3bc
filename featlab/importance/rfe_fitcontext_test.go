package importance

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
	"github.com/featlab/course/featlab/linear"
)

// cancellableCtx is a Countdown with a non-nil Done, as a real cancellable
// context has (the ridge sums its Gram matrix in checked blocks only then).
type cancellableCtx struct {
	*ctxtest.Countdown
	done chan struct{}
}

func (c cancellableCtx) Done() <-chan struct{} { return c.done }

// TestRFEContextReachesTheFit: with a featlab.ContextLearner (a ridge on
// 3000 rows: three row blocks per fit) RFEContext hands its context to every
// fit, so it looks at it more often than with the same ridge behind a plain
// Learner, and a cancel at any check stops the run at once with
// context.Canceled; the plain Learner still works.
func TestRFEContextReachesTheFit(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	m, d := 3000, 6
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = 3*X.At(i, 0) - 2*X.At(i, 2) + r.NormFloat64()
	}
	rdg := linear.RidgeConfig{Lambda: 0.1, Intercept: true}
	plain := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) { return rdg.Fit(X, y) })
	count := func(l featlab.Learner) int64 {
		ctx := cancellableCtx{ctxtest.New(1 << 40), make(chan struct{})}
		res, err := RFEContext(ctx, X, y, RFEConfig{Learner: l, NFeatures: 2})
		if err != nil {
			t.Fatal(err)
		}
		if s := res.Support; len(s) != 2 || s[0] != 0 || s[1] != 2 {
			t.Fatalf("%T: support %v, want [0 2]", l, s)
		}
		return ctx.Calls()
	}
	nPlain, nCtx := count(plain), count(rdg)
	fits := int64(d - 2 + 1)
	if nCtx < nPlain+2*fits {
		t.Fatalf("checks: %d through FitContext, %d through Fit: the context does not reach the fits", nCtx, nPlain)
	}
	for after := int64(0); after < nCtx; after++ {
		ctx := cancellableCtx{ctxtest.New(after), make(chan struct{})}
		_, err := RFEContext(ctx, X, y, RFEConfig{Learner: rdg, NFeatures: 2})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at check %d: %v", after, err)
		}
		if ctx.Calls() > after+2 {
			t.Errorf("cancelled at check %d: %d checks in all", after, ctx.Calls())
		}
	}
}
