package stream

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// overflowBlock is a block of two rows whose column "b" holds ±v (and
// whose sums of squares are 2v²), the others 1 and 2.
func overflowBlock(v float64) *Block {
	return &Block{Names: []string{"a", "b"}, Target: "y", X: mat.NewDense(2, 2, []float64{1, v, 2, -v}), Y: []float64{1, 2}}
}

// state is a fingerprint of an accumulator's sums.
func state(a Accumulator) string {
	data, err := a.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%x", data)
}

// TestAddRefusesOverflow: a block whose squares overflow float64 (values
// 1e160), a block whose squares fit but whose sum with the accumulator's
// does not (2 x (9e153)² twice), and the merge of two such accumulators
// are refused by Gram and Moments (FoldGram: the first) with ErrNotFinite naming
// column "b", and leave the accumulator unchanged (its encoding is the
// same bytes) instead of storing an infinity; ClassStats refuses the
// block whose squares overflow. The same accumulator then takes ordinary
// blocks.
func TestAddRefusesOverflow(t *testing.T) {
	mk := map[string]func() Accumulator{
		"Gram":    func() Accumulator { g, _ := NewGram(2, true); return g },
		"Moments": func() Accumulator { m, _ := NewMoments(2, true); return m },
	}
	isOverflow := func(err error) bool {
		return errors.Is(err, featlab.ErrNotFinite) && strings.Contains(err.Error(), `"b"`)
	}
	for name, newAcc := range mk {
		a := newAcc()
		if err := a.Add(overflowBlock(1e160)); !isOverflow(err) {
			t.Errorf("%s: block of 1e160: %v, want ErrNotFinite naming \"b\"", name, err)
		}
		if err := a.Add(overflowBlock(9e153)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		before := state(a)
		if err := a.Add(overflowBlock(9e153)); !isOverflow(err) {
			t.Errorf("%s: a second block of 9e153: %v, want ErrNotFinite naming \"b\"", name, err)
		}
		if state(a) != before {
			t.Errorf("%s: a refused block changed the accumulator", name)
		}
		o := newAcc()
		if err := o.Add(overflowBlock(9e153)); err != nil {
			t.Fatal(err)
		}
		if err := a.Merge(o); !isOverflow(err) {
			t.Errorf("%s: merge: %v, want ErrNotFinite naming \"b\"", name, err)
		}
		if state(a) != before {
			t.Errorf("%s: a refused merge changed the accumulator", name)
		}
		if err := a.Add(overflowBlock(3)); err != nil {
			t.Errorf("%s: an ordinary block after the refusals: %v", name, err)
		}
	}
	// a FoldGram splits a block's rows between folds: the block whose
	// squares overflow
	f, _ := NewFoldGram(2, true, 2, 3)
	if err := f.Add(overflowBlock(3)); err != nil {
		t.Fatal(err)
	}
	before := state(f)
	if err := f.Add(overflowBlock(1e160)); !isOverflow(err) {
		t.Errorf("FoldGram: block of 1e160: %v, want ErrNotFinite naming \"b\"", err)
	}
	if state(f) != before {
		t.Errorf("FoldGram: a refused block changed the accumulator")
	}
	c, _ := NewClassStats(2)
	cb := overflowBlock(1e160)
	cb.Y = []float64{1, 1} // one class: its M2 overflows
	if err := c.Add(cb); !isOverflow(err) {
		t.Errorf("ClassStats: block of 1e160: %v, want ErrNotFinite naming \"b\"", err)
	}
	if c.Count() != 0 {
		t.Errorf("ClassStats: a refused block counted")
	}
}
