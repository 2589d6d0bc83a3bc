package represent

import (
	"context"
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestFitMLPContextCancel: FitMLPContext looks at the context once before
// the fit and once before each Adam step; uncancelled it is FitMLP bit
// for bit, and cancelled at its (k+1)-th look (k >= 1) it returns the
// network after exactly k-1 steps: the same weights as a fit with
// MaxIter = k-1, with k-1 losses, and an error wrapping context.Canceled.
// Cancelled at its first look it returns nil.
func TestFitMLPContextCancel(t *testing.T) {
	X := reliabilityData(120, 6, 3)
	y := make([]float64, 120)
	for i := range y {
		if X.At(i, 0)+X.At(i, 1) > 0 {
			y[i] = 1
		}
	}
	cfg := MLPConfig{Units: 4, MaxIter: 12, Seed: 9}
	count := ctxtest.New(1 << 40)
	full, err := FitMLPContext(count, X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := count.Calls(), int64(1+full.Iterations); got != want {
		t.Fatalf("%d looks at the context, want %d (one before the fit, one a step)", got, want)
	}
	plain, err := FitMLP(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(full.W1, plain.W1) || !mat.Equal(full.W2, plain.W2) || full.Loss[len(full.Loss)-1] != plain.Loss[len(plain.Loss)-1] {
		t.Fatal("FitMLPContext with a context never cancelled differs from FitMLP")
	}
	if net, err := FitMLPContext(ctxtest.New(0), X, y, cfg); !errors.Is(err, context.Canceled) || net != nil {
		t.Fatalf("cancelled before the fit: %v, %v; want nil and context.Canceled", net, err)
	}
	for _, k := range []int64{1, 2, 7} {
		net, err := FitMLPContext(ctxtest.New(k), X, y, cfg)
		if !errors.Is(err, context.Canceled) || net == nil {
			t.Fatalf("cancelled at look %d: %v, %v; want the network so far and context.Canceled", k+1, net, err)
		}
		steps := int(k - 1)
		if len(net.Loss) != steps || net.Iterations != steps {
			t.Fatalf("cancelled at look %d: %d losses, %d iterations; want %d", k+1, len(net.Loss), net.Iterations, steps)
		}
		if steps == 0 {
			continue // the initial weights (MaxIter 0 would mean the default)
		}
		ref := cfg
		ref.MaxIter = steps
		want, err := FitMLP(X, y, ref)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(net.W1, want.W1) || !mat.Equal(net.W2, want.W2) {
			t.Fatalf("cancelled after %d steps: the weights differ from a fit of %d steps", steps, steps)
		}
	}
}
