package synth

import (
	"errors"
	"testing"

	"github.com/featlab/course/featlab"
)

// Regressions for the conformance suite's finding: these generators
// allocated before checking the size (out of memory at 10^6 x 10^6).
func TestTooLargeBeforeAllocating(t *testing.T) {
	if _, err := NoiseClassification(1e6, 1e6, 1); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("NoiseClassification: %v", err)
	}
	if _, err := Conditioned(1e6, 1e5, 10, 1); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("Conditioned: %v", err)
	}
}
