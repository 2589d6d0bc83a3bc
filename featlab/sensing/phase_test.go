package sensing

import (
	"math"
	"testing"
)

// TestL1PhaseTransitionValues checks the Donoho-Maleki-Montanari formula
// against the Donoho-Tanner cross-polytope weak threshold at a few points
// (Donoho and Tanner 2009, Fig. 1: rho(0.1) ~ 0.19, rho(0.5) ~ 0.385) and
// its limits (rho -> 0 as delta -> 0, rho(1) = 1, increasing).
func TestL1PhaseTransitionValues(t *testing.T) {
	if r := L1PhaseTransition(0.5); math.Abs(r-0.385) > 0.002 {
		t.Errorf("rho(0.5) = %g", r)
	}
	if r := L1PhaseTransition(0.1); math.Abs(r-0.189) > 0.002 {
		t.Errorf("rho(0.1) = %g", r)
	}
	prev := 0.0
	for d := 0.01; d < 1; d += 0.01 {
		r := L1PhaseTransition(d)
		if !(r > prev) || r >= 1 {
			t.Fatalf("rho(%g) = %g after %g", d, r, prev)
		}
		prev = r
	}
	if L1PhaseTransition(1) != 1 || !math.IsNaN(L1PhaseTransition(0)) {
		t.Error("limits")
	}
}

// TestPhaseTransitionSmallGrid: well below the curve basis pursuit always
// recovers, well above it never; OMP recovers less than BP overall.
func TestPhaseTransitionSmallGrid(t *testing.T) {
	cfg := PhaseTransitionConfig{M: 60, Deltas: []float64{0.5}, Rhos: []float64{0.1, 0.8}, Trials: 10, Seed: 2}
	bp, err := PhaseTransition(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if bp.Success[0][0] != 1 || bp.Success[1][0] != 0 {
		t.Errorf("BP success %v", bp.Success)
	}
	cfg.Workers = 1
	bp1, _ := PhaseTransition(cfg)
	if bp1.Success[0][0] != bp.Success[0][0] || bp1.Success[1][0] != bp.Success[1][0] {
		t.Error("depends on workers")
	}
}
