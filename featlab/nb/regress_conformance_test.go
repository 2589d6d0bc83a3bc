package nb

import (
	"strings"
	"testing"
)

// Regression for the conformance suite's finding: a nil draw was called
// (nil pointer dereference naming nothing).
func TestSliderNilDraw(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "Slider") || !strings.Contains(msg, "draw") {
			t.Errorf("panic %q, want one naming Slider and draw", msg)
		}
	}()
	Slider("zz-test", "s", "v", []float64{1, 2}, 0, nil)
}
