package greedy

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// TestSelectionsAndLearner: every result's Selection lists its features in
// order with one history step per move, the configs are Selectors, and
// OMPConfig is a Learner whose predictions are X w + b.
func TestSelectionsAndLearner(t *testing.T) {
	X, y := randomProblem(2, 40, 6)
	_, yb := binaryProblem(2, 40, 6)
	names := []string{"a", "b", "c", "d", "e", "f"}
	check := func(what string, s *featlab.Selection, err error, n int) {
		t.Helper()
		if err != nil {
			t.Fatal(what, err)
		}
		if len(s.Chosen) != n || len(s.ChosenNames) != n || s.ChosenNames[0] != names[s.Chosen[0]] {
			t.Errorf("%s: chosen %v %v", what, s.Chosen, s.ChosenNames)
		}
	}
	s, err := OMPConfig{T: 3, Names: names}.Select(X, y)
	check("OMP", s, err, 3)
	if len(s.History) != 3 || s.History[2].Action != "add" || len(s.History[2].Subset) != 3 {
		t.Errorf("OMP history %+v", s.History)
	}
	s, err = ForwardConfig{T: 2, Names: names}.Select(X, y)
	check("Forward", s, err, 2)
	s, err = BackwardConfig{K: 2, Names: names}.Select(X, y)
	check("Backward", s, err, 2)
	if len(s.History) != 4 || s.History[0].Action != "remove" {
		t.Errorf("Backward history %+v", s.History)
	}
	s, err = CoordinateConfig{T: 4, Names: names}.Select(X, y)
	check("Coordinate", s, err, 4)
	s, err = AdaBoostConfig{T: 5, Names: names}.Select(X, yb)
	if err != nil || len(s.Chosen) == 0 || len(s.History) != len(s.Chosen) {
		t.Errorf("AdaBoost selection %v %v", s, err)
	}
	p, err := OMPConfig{T: 3, Intercept: true}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	pred, err := p.Predict(X)
	if err != nil {
		t.Fatal(err)
	}
	res := p.(*OMPResult)
	r := residual(X, y, res.Coef, res.Intercept)
	for i := range pred {
		if math.Abs(y[i]-pred[i]-r[i]) > 1e-9 {
			t.Fatalf("row %d: prediction %v, y - r = %v", i, pred[i], y[i]-r[i])
		}
	}
	if _, err := res.Predict(mat.NewDense(2, 5, nil)); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("predict shape: %v", err)
	}
}

// TestOMPBatchContext: a cancelled context returns the error wrapping
// context.Canceled; progress reaches n.
func TestOMPBatchContext(t *testing.T) {
	D, _ := randomProblem(3, 20, 30)
	Y := mat.NewDense(300, 20, nil)
	for i := 0; i < 300; i++ {
		_, y := randomProblem(50+uint64(i), 20, 30)
		Y.SetRow(i, y)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	codes, err := OMPBatchContext(ctx, D, Y, OMPConfig{T: 3})
	if !errors.Is(err, context.Canceled) || codes == nil {
		t.Errorf("cancelled: %v", err)
	}
	last := 0
	_, err = OMPBatch(D, Y, OMPConfig{T: 3, Workers: 1, Progress: func(done, total int) {
		if total != 300 || done < last {
			panic(fmt.Sprint("progress ", done, total))
		}
		last = done
	}})
	if err != nil || last != 300 {
		t.Errorf("progress ended at %d: %v", last, err)
	}
}
