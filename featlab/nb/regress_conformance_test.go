package nb

import (
	"errors"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
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

// Regressions for the suite's known nb failures: SelectionHTML(nil)
// dereferenced the nil Selection, and Save's errors wrapped no featlab
// sentinel.
func TestSelectionHTMLNilAndSaveSentinel(t *testing.T) {
	if got := SelectionHTML(nil); !strings.Contains(got, "no selection") {
		t.Errorf("SelectionHTML(nil) = %q", got)
	}
	if _, err := Save(nil, "zz-test", "nil"); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Save(nil): %v, want an error wrapping featlab.ErrParam", err)
	}
}
