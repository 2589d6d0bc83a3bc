package synth_test

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/synth"
)

func TestDriftingMissing(t *testing.T) {
	a, err := synth.DriftingMissing(2000, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := synth.DriftingMissing(2000, 3)
	holes, drift := 0, 0.0
	for i := range a.Y {
		x1, x2 := a.X.At(i, 0), a.X.At(i, 1)
		if math.Float64bits(x1) != math.Float64bits(b.X.At(i, 0)) || a.Y[i] != b.Y[i] {
			t.Fatal("the same seed gave different data")
		}
		if math.IsNaN(x1) {
			holes++
			continue
		}
		// y - 2 x1 - x2 is the 0.1 N(0, 1) noise; x1 - 4t is 0.1 N(0, 1).
		if math.Abs(a.Y[i]-2*x1-x2) > 0.6 || math.Abs(x1-4*float64(i)/2000) > 0.6 {
			t.Fatalf("row %d: x = (%v, %v), y = %v", i, x1, x2, a.Y[i])
		}
		drift = math.Max(drift, x1)
	}
	if share := float64(holes) / 2000; math.Abs(share-0.4) > 0.05 {
		t.Errorf("share of holes %v, want about 0.4", share)
	}
	if drift < 3.5 {
		t.Errorf("x1 reaches only %v, want about 4", drift)
	}
	if math.IsNaN(a.X.At(0, 1)) {
		t.Error("x2 has a hole")
	}
	if _, err := synth.DriftingMissing(1, 1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("m = 1: %v", err)
	}
}
