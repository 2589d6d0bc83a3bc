package linear

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
)

// cancellable is a Countdown whose Done is not nil, as a real cancellable
// context's is (gramContext blocks only then).
type cancellable struct {
	*ctxtest.Countdown
	done chan struct{}
}

func (c cancellable) Done() <-chan struct{} { return c.done }

func newCancellable(after int64) cancellable {
	return cancellable{ctxtest.New(after), make(chan struct{})}
}

func fitContextXY(m, d int) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
			y[i] += X.At(i, j) * float64(j%3)
		}
		y[i] += r.NormFloat64()
	}
	return X, y
}

// TestRidgeFitContextChecksPerBlock: a ridge fit through FitContext looks at
// its context once per block of ridgeBlock rows, stops at the first check
// that sees it cancelled, and equals Fit to rounding when not cancelled.
func TestRidgeFitContextChecksPerBlock(t *testing.T) {
	m := 5*ridgeBlock + 7
	X, y := fitContextXY(m, 8)
	cfg := RidgeConfig{Lambda: 0.1, Intercept: true}
	full := newCancellable(1 << 40)
	p, err := cfg.FitContext(full, X, y)
	if err != nil {
		t.Fatal(err)
	}
	if n := full.Calls(); n < 6 {
		t.Fatalf("%d checks of ctx for %d row blocks", n, 6)
	}
	ref, err := cfg.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	a, b := p.(*RidgeResult).Coef, ref.(*RidgeResult).Coef
	for j := range a {
		if d := a[j] - b[j]; d > 1e-12 || d < -1e-12 {
			t.Fatalf("coef %d: FitContext %v, Fit %v", j, a[j], b[j])
		}
	}
	for after := int64(0); after < full.Calls(); after++ {
		ctx := newCancellable(after)
		p, err := cfg.FitContext(ctx, X, y)
		if !errors.Is(err, context.Canceled) || p != nil {
			t.Fatalf("cancelled at check %d: %v, %v", after, p, err)
		}
		if ctx.Calls() != after+1 {
			t.Errorf("cancelled at check %d: %d checks (it must stop at the first that fails)", after, ctx.Calls())
		}
	}
}

// TestLearnersAreContextLearners: every learner of the package fits through
// featlab.FitContext, which refuses a done context with context.Canceled.
func TestLearnersAreContextLearners(t *testing.T) {
	X, y := fitContextXY(60, 4)
	yc := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			yc[i] = 1
		}
	}
	for _, c := range []struct {
		l featlab.Learner
		y []float64
	}{
		{RidgeConfig{Lambda: 0.1}, y}, {LeastSquaresConfig{}, y}, {LassoConfig{Lambda: 0.01}, y},
		{ElasticNetConfig{Alpha: 0.01}, y}, {LogisticConfig{Lambda: 0.01}, yc}, {MultinomialConfig{Lambda: 0.01}, yc},
		{SparseSVMConfig{Lambda: 0.01}, yc}, {OneVsRestConfig{Learner: LogisticConfig{Lambda: 0.01}}, yc},
	} {
		if _, ok := c.l.(featlab.ContextLearner); !ok {
			t.Errorf("%T is not a featlab.ContextLearner", c.l)
			continue
		}
		if _, err := featlab.FitContext(ctxtest.New(1<<40), c.l, X, c.y); err != nil {
			t.Errorf("%T: %v", c.l, err)
		}
		if p, err := featlab.FitContext(ctxtest.New(0), c.l, X, c.y); !errors.Is(err, context.Canceled) || p != nil {
			t.Errorf("%T cancelled: %v, %v", c.l, p, err)
		}
	}
}
