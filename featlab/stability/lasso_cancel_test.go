package stability

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestLassoPathCancelInsideRounds: each round's lasso path looks at the
// context (issue 20's harness, quiet machine: cancelled 300 ms into a
// 60000 x 300 run, LassoPathContext finished its rounds in flight and
// returned a nil error 103 ms later). Cancelled inside a round, the call
// returns an error wrapping context.Canceled; never cancelled, it equals
// the call without a context.
func TestLassoPathCancelInsideRounds(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	m, d := 60, 5
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = X.At(i, 0) - X.At(i, 2) + 0.5*r.NormFloat64()
	}
	cfg := LassoConfig{NLambdas: 10, Config: Config{Rounds: 4, Workers: 1, Seed: 9}}
	count := ctxtest.New(1 << 40)
	got, err := LassoPathContext(count, X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, err := LassoPath(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want.MaxFrequency {
		if got.MaxFrequency[j] != want.MaxFrequency[j] {
			t.Fatalf("feature %d: max frequency %v with a context, %v without", j, got.MaxFrequency[j], want.MaxFrequency[j])
		}
	}
	n := count.Calls()
	if n < 2*int64(cfg.Rounds)+2 {
		t.Fatalf("%d looks at the context in %d rounds: the rounds' lasso paths do not look", n, cfg.Rounds)
	}
	// the last look is inside the last round's path
	if _, err := LassoPathContext(ctxtest.New(n-2), X, y, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled at look %d of %d: err = %v, want context.Canceled", n-1, n, err)
	}
}

// TestSelectReportsCancelInLastRound: a selector without a context runs
// its round to the end after a cancel; when that was the last round, the
// call used to return a nil error although it was cancelled (issue 20's
// harness, quiet machine: stability.Select cancelled at 300 ms). It now
// returns the finished rounds with an error wrapping context.Canceled.
func TestSelectReportsCancelInLastRound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	m, d := 40, 4
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = X.At(i, 0) + 0.3*r.NormFloat64()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	sel := featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) {
		calls++
		if calls == 3 {
			cancel() // during the last of three rounds
		}
		return featlab.NewSelection("first", featlab.DefaultNames(d), []int{0}), nil
	})
	res, err := SelectContext(ctx, X, y, Config{Selector: sel, Rounds: 3, Workers: 1, Seed: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res == nil || res.Rounds != 3 {
		t.Fatalf("result %+v, want the three finished rounds", res)
	}
}
