package viz

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestCriterionRounds(t *testing.T) {
	names := []string{"a", "b", "c"}
	scores := [][]float64{{1, 3, 2}, {0.5, math.NaN(), 0.2}}
	g, err := CriterionRounds("t", "crit", names, scores, []int{1, 0}, 2)
	if err != nil {
		t.Fatal(err)
	}
	var b1, b2 bytes.Buffer
	if err := g.WriteSVG(&b1); err != nil {
		t.Fatal(err)
	}
	g2, _ := CriterionRounds("t", "crit", names, scores, []int{1, 0}, 2)
	if err := g2.WriteSVG(&b2); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Error("not deterministic")
	}
	for _, c := range []struct {
		scores [][]float64
		chosen []int
		want   error
	}{
		{nil, nil, featlab.ErrShape},
		{[][]float64{{1, 2}}, []int{0}, featlab.ErrShape},
		{[][]float64{{1, 2, 3}}, []int{3}, featlab.ErrParam},
		{[][]float64{{1, math.Inf(1), 3}}, []int{0}, featlab.ErrParam},
		{[][]float64{{1, -2, 3}}, []int{0}, featlab.ErrParam},
	} {
		if _, err := CriterionRounds("t", "c", names, c.scores, c.chosen, 2); !errors.Is(err, c.want) {
			t.Errorf("%v: %v", c.scores, err)
		}
	}
}

func TestEntryOrder(t *testing.T) {
	names := []string{"a", "b", "c"}
	p, err := EntryOrder("t", names, []string{"m1", "m2"}, [][]int{{0, 1, 2}, {2, 0}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteSVG(p, &b, Width, Height); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		methods []string
		orders  [][]int
		want    error
	}{
		{nil, nil, featlab.ErrShape},
		{[]string{"m"}, [][]int{{0}, {1}}, featlab.ErrShape},
		{[]string{"m"}, [][]int{{5}}, featlab.ErrParam},
		{[]string{"m"}, [][]int{{1, 1}}, featlab.ErrParam},
	} {
		if _, err := EntryOrder("t", names, c.methods, c.orders); !errors.Is(err, c.want) {
			t.Errorf("%v: %v", c.orders, err)
		}
	}
}
