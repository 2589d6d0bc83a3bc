package sensing

import (
	"context"
	"errors"
	"testing"
)

func TestContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	A, _ := Gaussian(20, 60, 1)
	s0, y := sparseSignal(A, 3, 1)
	_ = s0
	if _, err := BasisPursuitContext(ctx, A, y, BasisPursuitConfig{}); !errors.Is(err, context.Canceled) {
		t.Errorf("basis pursuit: %v", err)
	}
	if r, err := IHTContext(ctx, A, y, IHTConfig{K: 3}); !errors.Is(err, context.Canceled) || r == nil {
		t.Errorf("IHT: %v", err)
	}
	if _, err := L0Context(ctx, A, y, L0Config{MaxK: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("L0: %v", err)
	}
	if _, err := RIPContext(ctx, A, 2, RIPConfig{}); !errors.Is(err, context.Canceled) {
		t.Errorf("RIP: %v", err)
	}
	if _, err := PhaseTransitionContext(ctx, PhaseTransitionConfig{M: 20, Deltas: []float64{0.5}, Rhos: []float64{0.2}, Trials: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("phase transition: %v", err)
	}
	_, o := lowRankObs(20, 15, 2, 0.6, 1)
	if c, err := NuclearNormContext(ctx, o, NuclearNormConfig{}); !errors.Is(err, context.Canceled) || c == nil {
		t.Errorf("nuclear norm: %v", err)
	}
	if p, err := SoftImputeContext(ctx, o, SoftImputeConfig{}); !errors.Is(err, context.Canceled) || p == nil {
		t.Errorf("soft-impute: %v", err)
	}
	if c, err := SVTContext(ctx, o, SVTConfig{}); !errors.Is(err, context.Canceled) || c == nil {
		t.Errorf("SVT: %v", err)
	}
}

func TestBPDNContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	A, _ := Gaussian(20, 60, 1)
	_, y := sparseSignal(A, 3, 1)
	if _, err := BPDNContext(ctx, A, y, BPDNConfig{Lambda: 1e-3}); !errors.Is(err, context.Canceled) {
		t.Errorf("BPDN: %v", err)
	}
}
