package filter

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestReliefCancelPerExample: ReliefContext looks at its context before
// every example (it used to look once per chunk of 32 examples, each a
// pass over all m rows: seconds at 10^5 rows), and a cancelled run keeps
// fewer examples than the checks made before the cancellation.
func TestReliefCancelPerExample(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m, d := 200, 5
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		if X.At(i, 0)+0.3*r.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	cfg := ReliefConfig{Workers: 1}
	count := ctxtest.New(1 << 40)
	full, err := ReliefContext(count, X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := count.Calls(); n < int64(m) {
		t.Fatalf("the context was looked at %d times for %d examples, want at least one a example", n, m)
	}
	plain, err := Relief(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j := range plain.Values {
		if plain.Values[j] != full.Values[j] {
			t.Fatalf("feature %d: %v with a context, %v without", j, full.Values[j], plain.Values[j])
		}
	}
	ctx := ctxtest.New(40)
	s, err := ReliefContext(ctx, X, y, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// 40 checks: at most 40 examples started, so at most one full chunk
	if s == nil || s.Method != "relief (stopped after 32 of 200 examples)" {
		t.Fatalf("cancelled after 40 checks: %v", s)
	}
}
