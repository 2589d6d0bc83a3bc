package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// TestSearchGenerators: same seed same bytes, other seed other data, bad m
// an error, and the documented structure (cuboid identities, the pitfall's
// a5, the missed pair's difference, balanced noise labels).
func TestSearchGenerators(t *testing.T) {
	gens := map[string]func(seed uint64) (*featlab.Dataset, error){
		"Cuboid":              func(s uint64) (*featlab.Dataset, error) { return Cuboid(50, s) },
		"GreedyPitfall":       func(s uint64) (*featlab.Dataset, error) { return GreedyPitfall(50, s) },
		"MissedPair":          func(s uint64) (*featlab.Dataset, error) { return MissedPair(50, s) },
		"NoiseClassification": func(s uint64) (*featlab.Dataset, error) { return NoiseClassification(50, 7, s) },
	}
	for name, g := range gens {
		a, err := g(1)
		if err != nil {
			t.Fatal(name, err)
		}
		b, _ := g(1)
		c, _ := g(2)
		if !mat.Equal(a.X, b.X) || mat.Equal(a.X, c.X) {
			t.Errorf("%s: not seeded", name)
		}
	}
	for _, err := range []error{
		func() error { _, e := Cuboid(1, 0); return e }(),
		func() error { _, e := GreedyPitfall(5, 0); return e }(),
		func() error { _, e := MissedPair(3, 0); return e }(),
		func() error { _, e := NoiseClassification(10, 0, 0); return e }(),
	} {
		if !errors.Is(err, featlab.ErrParam) {
			t.Errorf("bad size: %v", err)
		}
	}
	cub, _ := Cuboid(50, 3)
	for i := 0; i < 50; i++ {
		l, w, h, a := cub.X.At(i, 0), cub.X.At(i, 1), cub.X.At(i, 2), cub.X.At(i, 3)
		if a != l*w || cub.Y[i] != l*w*h || l < 1 || l > 3 {
			t.Fatalf("cuboid row %d", i)
		}
	}
	mp, _ := MissedPair(400, 3)
	for i := 0; i < 400; i++ {
		c := 2*mp.Y[i] - 1
		if d := mp.X.At(i, 0) - mp.X.At(i, 1); math.Abs(d-c) > 0.6 {
			t.Fatalf("missed pair row %d: x1 - x2 = %v, class %v", i, d, c)
		}
	}
	nz, _ := NoiseClassification(10, 3, 1)
	ones := 0
	for _, v := range nz.Y {
		ones += int(v)
	}
	if ones != 5 {
		t.Errorf("noise labels unbalanced: %d ones of 10", ones)
	}
}
