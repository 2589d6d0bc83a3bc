package filter_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
)

func TestQuantileGroups(t *testing.T) {
	v := []float64{9, 1, 5, 2, 8, 3, 7, 4, 6}
	g, err := filter.QuantileGroups(v, 3)
	if err != nil {
		t.Fatal(err)
	}
	// q_{1/3} = 3, q_{2/3} = 6: values <= 3 in group 0, (3, 6] in 1, > 6 in 2.
	want := []float64{2, 0, 1, 0, 2, 0, 2, 1, 1}
	if !slices.Equal(g, want) {
		t.Errorf("terciles %v, want %v", g, want)
	}
	one, _ := filter.QuantileGroups(v, 1)
	if slices.Max(one) != 0 {
		t.Errorf("k = 1 gave %v", one)
	}
	for _, c := range []struct {
		v    []float64
		k    int
		kind error
	}{{v, 0, featlab.ErrParam}, {nil, 3, featlab.ErrEmpty}, {[]float64{1, math.NaN()}, 2, featlab.ErrNotFinite}} {
		if _, err := filter.QuantileGroups(c.v, c.k); !errors.Is(err, c.kind) {
			t.Errorf("QuantileGroups(%v, %d): %v, want %v", c.v, c.k, err, c.kind)
		}
	}
}

func TestStandardizedShift(t *testing.T) {
	v := []float64{0, 0, 1, 1, 2, 2}
	g := []float64{0, 0, 1, 1, 2, 2}
	s, err := filter.StandardizedShift(v, g, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	// mean difference 2, population sd sqrt(2/3).
	if want := 2 / math.Sqrt(2.0/3); math.Abs(s-want) > 1e-15 {
		t.Errorf("shift %v, want %v", s, want)
	}
	// scale-free, also near the largest float64
	big := []float64{0, 0, 1e300, 1e300, 1.5e308, 1.5e308}
	if s, err := filter.StandardizedShift(big, g, 0, 2); err != nil || math.IsInf(s, 0) || s <= 0 {
		t.Errorf("near 1e308: %v, %v", s, err)
	}
	for _, c := range []struct {
		what string
		v, g []float64
		kind error
	}{
		{"lengths", v, g[:5], featlab.ErrShape},
		{"empty group", v, []float64{0, 0, 1, 1, 1, 1}, featlab.ErrParam},
		{"constant", []float64{3, 3, 3, 3, 3, 3}, g, featlab.ErrConstant},
		{"NaN", []float64{0, math.NaN(), 1, 1, 2, 2}, g, featlab.ErrNotFinite},
	} {
		if _, err := filter.StandardizedShift(c.v, c.g, 0, 2); !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", c.what, err, c.kind)
		}
	}
}
