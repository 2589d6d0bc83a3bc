package sensing

import (
	"math"
	"testing"
)

// TestCompletionDegenerateInput: all-zero observations give X = 0 at once;
// a 1 x 1 matrix is completed to its one observed value.
func TestCompletionDegenerateInput(t *testing.T) {
	o, _ := ObserveEntries(3, 3, []int{0, 1, 2}, []int{0, 1, 2}, []float64{0, 0, 0})
	p, err := SoftImpute(o, SoftImputeConfig{Refit: true})
	if err != nil || p.Last().Rank != 0 {
		t.Errorf("soft-impute on zeros: %v", err)
	}
	c, err := SVT(o, SVTConfig{})
	if err != nil || c.Rank != 0 || !c.Converged {
		t.Errorf("SVT on zeros: %v", err)
	}
	n, err := NuclearNorm(o, NuclearNormConfig{})
	if err != nil || n.Rank != 0 || !n.Certificate.Certified {
		t.Errorf("nuclear norm on zeros: %v", err)
	}
	o1, _ := ObserveEntries(1, 1, []int{0}, []int{0}, []float64{5})
	p, err = SoftImpute(o1, SoftImputeConfig{Refit: true})
	if err != nil || math.Abs(p.Last().At(0, 0)-5) > 1e-9 {
		t.Errorf("soft-impute 1x1: %v", err)
	}
	n, err = NuclearNorm(o1, NuclearNormConfig{})
	if err != nil || math.Abs(n.At(0, 0)-5) > 1e-9 {
		t.Errorf("nuclear norm 1x1: %v", err)
	}
}
