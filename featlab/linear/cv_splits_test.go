package linear

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/validate"
)

// TestLassoCVEmptyTestSplitIsErrParam: Splits configure the call, so an
// empty test (or training) set, or an empty non-nil list of splits, is
// an error wrapping featlab.ErrParam (featlab.ErrParam's rule), as an
// index out of range is.
func TestLassoCVEmptyTestSplitIsErrParam(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{1, 2, 2, 1, 3, 5, 4, 3, 5, 8, 6, 1})
	y := []float64{1, 2, 3, 4, 5, 6}
	for name, splits := range map[string][]validate.Fold{
		"empty test":     {{Train: []int{0, 1, 2, 3}, Test: nil}, {Train: []int{2, 3, 4, 5}, Test: []int{0, 1}}},
		"empty train":    {{Train: []int{}, Test: []int{0, 1}}},
		"no splits":      {},
		"index too high": {{Train: []int{0, 1, 2}, Test: []int{6}}},
	} {
		_, err := LassoCV(X, y, LassoCVConfig{Path: LassoPathConfig{NLambdas: 3}, Splits: splits})
		if !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: %v, want ErrParam", name, err)
		}
	}
}
