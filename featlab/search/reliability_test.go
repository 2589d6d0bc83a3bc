package search

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// panicCriterion is a user Criterion whose Evaluator method panics.
type panicCriterion struct{}

func (panicCriterion) Evaluator(mat.Matrix, []float64) (*Evaluator, error) {
	panic("boom in Evaluator")
}

// TestCriterionPanicIsError: a panicking Criterion.Evaluator comes back as
// an error wrapping ErrPanic that names the call (issue 20).
func TestCriterionPanicIsError(t *testing.T) {
	X, y := randProblem(30, 4, 1)
	_, err := Select(X, y, Config{Criterion: panicCriterion{}})
	if !errors.Is(err, featlab.ErrPanic) || !strings.Contains(err.Error(), "Evaluator") {
		t.Fatalf("err = %v, want ErrPanic naming Evaluator", err)
	}
}

// TestAcceptPanicIsError: a panicking Evaluator.Accept during the forward
// moves of every strategy that calls it is an ErrPanic error naming
// Accept, with the partial result.
func TestAcceptPanicIsError(t *testing.T) {
	X, y := randProblem(40, 5, 2)
	for _, st := range []Strategy{Forward{}, Bidirectional{}, Floating{}} {
		ev, err := LeastSquares{}.Evaluator(X, y)
		if err != nil {
			t.Fatal(err)
		}
		ev.Accept = func([]int) { panic("boom in Accept") }
		_, err = Run(context.Background(), ev, Config{Strategy: st})
		if !errors.Is(err, featlab.ErrPanic) || !strings.Contains(err.Error(), "Accept") {
			t.Fatalf("%s: err = %v, want ErrPanic naming Accept", st.name(), err)
		}
	}
}

// TestFuncNegativeSizeIsParam: a negative feature count is a bad
// parameter, not empty data.
func TestFuncNegativeSizeIsParam(t *testing.T) {
	ev := Func("f", -1, false, func([]int) (float64, error) { return 0, nil })
	_, err := Run(context.Background(), ev, Config{})
	if !errors.Is(err, featlab.ErrParam) || errors.Is(err, featlab.ErrEmpty) {
		t.Fatalf("err = %v, want ErrParam", err)
	}
}

// TestLeastSquaresScaleFree: the subset every strategy chooses with a
// LeastSquares criterion does not change when X is scaled by 1e+-150 or
// 1e+-300 (squared norms and Gram entries would underflow or overflow
// without the internal power-of-two scaling). Ridge is left out: a
// penalty on w is not scale-free.
func TestLeastSquaresScaleFree(t *testing.T) {
	X, y := randProblem(60, 6, 3)
	strategies := []Strategy{Forward{}, Backward{}, Bidirectional{}, Floating{}, Exhaustive{}}
	for _, crit := range []LeastSquares{{}, {Score: BIC}, {Score: CVMSE}, {Score: AdjR2, NoIntercept: true}} {
		for _, st := range strategies {
			ref, err := Select(X, y, Config{Strategy: st, Criterion: crit})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []float64{1e-300, 1e-150, 1e150, 1e300} {
				Xc := mat.DenseCopyOf(X)
				Xc.Scale(c, Xc)
				res, err := Select(Xc, y, Config{Strategy: st, Criterion: crit})
				if err != nil {
					t.Fatalf("%s, %s, X x %g: %v", st.name(), crit.Score, c, err)
				}
				if !sameSet(res.Subset, ref.Subset) {
					t.Errorf("%s, %s ridge %g, X x %g: subset %v, unscaled %v", st.name(), crit.Score, crit.Ridge, c, res.Subset, ref.Subset)
				}
			}
		}
	}
}
