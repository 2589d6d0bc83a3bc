package badinput

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/represent"
)

func init() {
	entrySets = append(entrySets, perfEntries)
	// A step of the default network on 20000 x 300 took 0.8 s at load 12:
	// a narrower input keeps a step (the cancellation granularity) well
	// under the 1 s limit while the whole fit still runs for a minute.
	heavySizes["represent.FitMLPContext"] = [2]int{40000, 64}
}

// perfEntries: represent.FitMLPContext (issue 25's session). FitMLP itself
// is registered in nbD_test.go; this entry runs the Context form through
// the same checks, and its ctx form puts it in TestCancelLatency's list
// (a context cancelled before the call must give context.Canceled).
func perfEntries() []*entry {
	cfg := represent.MLPConfig{Units: 3, MaxIter: 20, Seed: 1}
	fit := func(ctx context.Context, X mat.Matrix, y []float64, c represent.MLPConfig) (any, error) {
		net, err := represent.FitMLPContext(ctx, X, y, c)
		if err != nil {
			return nil, err
		}
		return []any{net.W1, net.W2, net.B1, net.B2, net.Loss, net.Convergence}, nil
	}
	e := xy("represent.FitMLPContext", func(X mat.Matrix, y []float64, c represent.MLPConfig) (any, error) {
		return fit(context.Background(), X, y, c)
	}, cfg, classif)
	// The default network (32 units, 300 steps) for TestCancelLatency.
	e.ctx = func(ctx context.Context, X mat.Matrix, y []float64) (any, error) {
		return fit(ctx, X, y, represent.MLPConfig{Seed: 1})
	}
	return []*entry{e}
}
