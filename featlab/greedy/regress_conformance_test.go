package greedy

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Regressions for defects the conformance suite (internal/badinput)
// found.

func TestForwardProgressPanics(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{1, 2, 2, 1, 3, 5, 4, 3, 5, 8, 6, 1})
	y := []float64{1, 2, 3, 2, 5, 1}
	_, err := Forward(X, y, ForwardConfig{T: 2, Progress: func(int, int) { panic("boom") }})
	if !errors.Is(err, featlab.ErrPanic) {
		t.Errorf("got %v, want an error wrapping ErrPanic", err)
	}
}

func TestAdaBoostRiskRejectsNonFinite(t *testing.T) {
	H := mat.NewDense(3, 2, []float64{1, -1, -1, 1, 1, 1})
	y := []float64{1, -1, 1}
	if _, err := AdaBoostRisk(H, y, []float64{1, math.NaN()}); !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "w[1]") {
		t.Errorf("NaN weight: %v", err)
	}
	Hn := mat.DenseCopyOf(H)
	Hn.Set(2, 1, math.Inf(1))
	if _, err := AdaBoostGradient(Hn, y, []float64{1, 1}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("Inf in H: %v", err)
	}
}

func TestOrthogonalityLossNil(t *testing.T) {
	if l := OrthogonalityLoss(nil); l != 0 {
		t.Errorf("OrthogonalityLoss(nil) = %v", l)
	}
	if l := OrthogonalityLoss(&mat.Dense{}); l != 0 {
		t.Errorf("OrthogonalityLoss of an empty matrix = %v", l)
	}
}

// Gram-Schmidt multiplied by 1/||u||, which overflows to +Inf when the
// norm is subnormal.
func TestGramSchmidtSubnormal(t *testing.T) {
	A := mat.NewDense(3, 2, []float64{1, 0, 1, 1, 0, 1})
	A.Scale(1e-310, A)
	for _, m := range []Basis{ClassicalGS, ModifiedGS} {
		Q, err := OrthonormalBasis(A, m)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if l := OrthogonalityLoss(Q); !(l < 1e-6) {
			t.Errorf("%v: loss of orthogonality %v on subnormal columns", m, l)
		}
	}
}

func TestStumpEvalPanicNamesFeature(t *testing.T) {
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "Stump.Eval") || !strings.Contains(msg, "5") || !strings.Contains(msg, "length 2") {
			t.Errorf("panic %q", msg)
		}
	}()
	Stump{Feature: 5, Sign: 1}.Eval([]float64{1, 2})
}
