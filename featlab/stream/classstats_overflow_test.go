package stream

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestClassStatsMergeRefusesOverflow: two ClassStats whose class 1 has
// within-class sums of squares 2 x (9e153)² in column "b" (each finite,
// their sum not) are refused by Merge, and the same block by Add, with
// ErrNotFinite naming the column and the class; the accumulator keeps its
// encoding byte for byte and then takes an ordinary merge.
func TestClassStatsMergeRefusesOverflow(t *testing.T) {
	big := func() *Block {
		b := overflowBlock(9e153)
		b.Y = []float64{1, 1}
		return b
	}
	other := &Block{Names: []string{"a", "b"}, Target: "y", X: mat.NewDense(2, 2, []float64{1, 2, 3, 4}), Y: []float64{2, 2}}
	fill := func(blocks ...*Block) *ClassStats {
		c, _ := NewClassStats(2)
		for _, b := range blocks {
			if err := c.Add(b); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	isOverflow := func(err error) bool {
		return errors.Is(err, featlab.ErrNotFinite) && strings.Contains(err.Error(), `"b"`) && strings.Contains(err.Error(), "class 1")
	}
	a := fill(other, big())
	before := state(a)
	if err := a.Merge(fill(big())); !isOverflow(err) {
		t.Errorf("merge: %v, want ErrNotFinite naming column \"b\" and class 1", err)
	}
	if state(a) != before {
		t.Errorf("a refused merge changed the accumulator")
	}
	if err := a.Add(big()); !isOverflow(err) {
		t.Errorf("add: %v, want ErrNotFinite naming column \"b\" and class 1", err)
	}
	if state(a) != before {
		t.Errorf("a refused block changed the accumulator")
	}
	// the other order: the big class merged into an accumulator without it
	// is fine, the second time not
	e := fill(other)
	if err := e.Merge(fill(big())); err != nil {
		t.Fatal(err)
	}
	before = state(e)
	if err := e.Merge(fill(big())); !isOverflow(err) {
		t.Errorf("second merge: %v", err)
	}
	if state(e) != before {
		t.Errorf("a refused merge changed the accumulator")
	}
	if err := a.Merge(fill(other)); err != nil {
		t.Errorf("an ordinary merge after the refusals: %v", err)
	}
	if got := a.ClassCounts(); len(got) != 2 || got[0] != 2 || got[1] != 4 {
		t.Errorf("class counts %v, want [2 4]", got)
	}
}
