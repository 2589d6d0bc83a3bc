package search

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Regressions for defects the conformance suite (internal/badinput)
// found.

func sqSum(s []int) (float64, error) {
	v := 0.0
	for _, j := range s {
		v += float64(j+1) * float64(j+1)
	}
	return v - 4*float64(len(s)), nil
}

// LVW evaluates draws in batches of 2 x Workers; Requests counted the
// draws past the stopping round, so it depended on Workers.
func TestLVWRequestsIndependentOfWorkers(t *testing.T) {
	var want int
	for _, w := range []int{1, 4} {
		r, err := Run(context.Background(), Func("s", 3, false, sqSum), Config{Strategy: LVW{T: 3, Seed: 1}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if r.Requests != r.Rounds || r.Evaluations != r.Rounds {
			t.Errorf("Workers %d: %d requests, %d evaluations for %d rounds", w, r.Requests, r.Evaluations, r.Rounds)
		}
		if w == 1 {
			want = r.Requests
		} else if r.Requests != want {
			t.Errorf("Workers %d: %d requests, Workers 1: %d", w, r.Requests, want)
		}
	}
}

func TestForwardStepBadCurrentAndPanic(t *testing.T) {
	if _, _, err := ForwardStep(Func("s", 3, false, sqSum), []int{5}); !errors.Is(err, featlab.ErrParam) || !strings.Contains(err.Error(), "5") {
		t.Errorf("current {5} of 3 features: %v", err)
	}
	boom := Func("boom", 3, false, func([]int) (float64, error) { panic("boom") })
	j, v, err := ForwardStep(boom, nil)
	if !errors.Is(err, featlab.ErrPanic) || j != -1 || !math.IsNaN(v) {
		t.Errorf("panicking Eval: %d, %v, %v", j, v, err)
	}
}

func TestMemoizeNil(t *testing.T) {
	m := Memoize(nil)
	if _, err := Run(context.Background(), m.Evaluator(), Config{}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Run on Memoize(nil): %v", err)
	}
}

func TestSubsetNamesPanicNamesIndex(t *testing.T) {
	r := &Result{Names: []string{"a", "b", "c"}}
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "SubsetNames") || !strings.Contains(msg, "5") || !strings.Contains(msg, "3 features") {
			t.Errorf("panic %q", msg)
		}
	}()
	r.SubsetNames([]int{5})
}

// R^2 of a constant y was 0/0 = NaN in BestSubsets' SubsetStats; it is
// now scikit-learn's force_finite value (1 for the perfect fit).
func TestR2ConstantY(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{1, 2, 2, 1, 3, 5, 4, 3, 5, 8, 6, 1})
	y := []float64{2, 2, 2, 2, 2, 2}
	res, err := BestSubsets(X, y, BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Sizes {
		if s.R2 != 1 || s.AdjR2 != 1 {
			t.Errorf("subset %v: R2 %v, AdjR2 %v; want 1 (perfect fit of a constant)", s.Subset, s.R2, s.AdjR2)
		}
	}
}
