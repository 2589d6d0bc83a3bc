package linear

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestLogisticPowerIterationCancels: the power iteration that sets
// FISTA's step (up to 1000 passes over X, 20 s and more on large data)
// looks at the context on every pass; cancelled, it stops at once and
// LogisticContext returns an error wrapping context.Canceled.
func TestLogisticPowerIterationCancels(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	m, d := 200, 10
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		if X.At(i, 0)+rng.NormFloat64() > 0 {
			y[i] = 1
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	ds, s, y01, _, err := logDesign(X, y, true)
	if err != nil {
		t.Fatal(err)
	}
	st := newLogState(ds, s, y01, true, LogisticConfig{}.Penalty.share())
	st.mon = newMonitor(ctx, nil, "logistic")
	if lam := st.spectral(); lam != 0 {
		t.Fatalf("cancelled power iteration ran to %g, want an immediate stop (0)", lam)
	}
	if _, err := LogisticContext(ctx, X, y, LogisticConfig{Lambda: 0.01, Solver: LogisticFISTA}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
