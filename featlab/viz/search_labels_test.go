package viz

import (
	"slices"
	"testing"

	"gonum.org/v1/plot/plotter"

	"github.com/featlab/course/featlab"
)

// TestOtherNear: a label moves off the side another series' line crosses
// close to its point (03's lvw-trace: seed 1's last point just below seed
// 2's line).
func TestOtherNear(t *testing.T) {
	ls := []LineSeries{
		{X: []float64{1, 2, 3, 4}, Y: []float64{0.075, 0.040, 0.032, 0.0193}},
		{X: []float64{1, 2, 3, 4, 5}, Y: []float64{0.026, 0.023, 0.0212, 0.0212, 0.0193}},
	}
	band := labelBand * (0.08 - 0.015)
	if a, b := otherNear(ls, 0, plotter.XY{X: 4, Y: 0.0193}, band); !a || b {
		t.Errorf("seed 1 at round 4: above %v below %v, want the line above only", a, b)
	}
	if a, b := otherNear(ls, 1, plotter.XY{X: 4, Y: 0.0212}, band); a || !b {
		t.Errorf("seed 2 at round 4: above %v below %v, want the line below only", a, b)
	}
	if a, b := otherNear(ls, 0, plotter.XY{X: 1, Y: 0.075}, band); a || b {
		t.Errorf("seed 1 at round 1: above %v below %v, want no line near", a, b)
	}
	if a, b := otherNear(ls, 1, plotter.XY{X: 5, Y: 0.0193}, band); a || b {
		t.Errorf("seed 2 at round 5, beyond seed 1: above %v below %v", a, b)
	}
}

func TestStepTrace(t *testing.T) {
	s := StepTrace("backward", []featlab.Step{{Action: "start", Score: 1},
		{Action: "remove", Name: "x3", Score: 1}, {Action: "add", Name: "x1", Score: 0.5}})
	if s.Name != "backward" || !slices.Equal(s.Labels, []string{"all", "-x3", "+x1"}) ||
		!slices.Equal(s.Scores, []float64{1, 1, 0.5}) {
		t.Errorf("got %+v", s)
	}
	if s := StepTrace("", nil); len(s.Scores) != 0 || len(s.Labels) != 0 {
		t.Errorf("no steps: %+v", s)
	}
}
