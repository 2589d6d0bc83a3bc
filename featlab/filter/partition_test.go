package filter_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/filter"
)

// subsetsUpTo lists every subset of {0..d-1} of size 0..k, sorted.
func subsetsUpTo(d, k int) [][]int {
	out := [][]int{{}}
	var rec func(start int, cur []int)
	rec = func(start int, cur []int) {
		for j := start; j < d; j++ {
			s := append(append([]int(nil), cur...), j)
			out = append(out, s)
			if len(s) < k {
				rec(j+1, s)
			}
		}
	}
	rec(0, nil)
	return out
}

// randomCategorical: m rows, d columns; even columns categorical with up
// to 4 levels, odd columns continuous; a constant column; 3 classes that
// depend on columns 0 and 1.
func randomCategorical(m, d int, seed uint64) (*mat.Dense, []float64, []bool) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	cat := make([]bool, d)
	for j := range cat {
		cat[j] = j%2 == 0
	}
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			switch {
			case j == d-1:
				X.Set(i, j, 7)
			case cat[j]:
				X.Set(i, j, float64(rng.IntN(2+j%3)))
			default:
				X.Set(i, j, rng.NormFloat64())
			}
		}
		c := int(X.At(i, 0)) % 3
		if X.At(i, 1) > 0.3 {
			c = (c + 1) % 3
		}
		if rng.Float64() < 0.2 {
			c = rng.IntN(3)
		}
		y[i] = float64(c)
	}
	return X, y, cat
}

// checkRefine: for every subset S of size <= 3 and every j, the
// partition of S refined by j has the same gain, bit for bit, as Gain of
// S ∪ {j} regrouped from scratch in another order, and the same number of
// groups; so every subset up to size 4 is covered.
func checkRefine(t *testing.T, g *filter.InfoGain, d int) {
	t.Helper()
	n := 0
	for _, s := range subsetsUpTo(d, 3) {
		p, err := g.Partition(s)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := g.Gain(s); math.Float64bits(v) != math.Float64bits(p.Gain()) {
			t.Fatalf("%v: Partition.Gain %v, Gain %v", s, p.Gain(), v)
		}
		for j := 0; j < d; j++ {
			q, err := p.Refine(j)
			if err != nil {
				t.Fatal(err)
			}
			full := append([]int{j}, s...) // another order
			slices.Reverse(full)
			want, err := g.Gain(full)
			if err != nil {
				t.Fatal(err)
			}
			if math.Float64bits(q.Gain()) != math.Float64bits(want) {
				t.Fatalf("%v + %d: refined %v, from scratch %v", s, j, q.Gain(), want)
			}
			r, _ := g.Partition(full)
			if q.Groups() != r.Groups() || !slices.Equal(q.Sizes(), r.Sizes()) {
				t.Fatalf("%v + %d: %d groups %v, from scratch %d %v", s, j, q.Groups(), q.Sizes(), r.Groups(), r.Sizes())
			}
			n++
		}
		if len(s) > 0 && !slices.Equal(p.Subset(), s) {
			t.Fatalf("Subset %v, want %v", p.Subset(), s)
		}
	}
	if n == 0 {
		t.Fatal("nothing checked")
	}
}

func TestPartitionRefineWatermelon(t *testing.T) {
	g, ds := watermelonGain(t)
	checkRefine(t, g, len(ds.Names))
	// Zhou's texture: 3 groups, gain 0.381.
	p, _ := g.Root().Refine(3)
	if p.Groups() != 3 || round3(p.Gain()) != 0.381 {
		t.Errorf("texture: %d groups, gain %v", p.Groups(), p.Gain())
	}
}

func TestPartitionRefineRandom(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		X, y, cat := randomCategorical(200, 8, seed)
		g, err := filter.NewInfoGain(X, y, filter.InfoGainConfig{Categorical: cat})
		if err != nil {
			t.Fatal(err)
		}
		checkRefine(t, g, 8)
		gc, err := filter.NewInfoGain(X, y, filter.InfoGainConfig{}) // all continuous
		if err != nil {
			t.Fatal(err)
		}
		checkRefine(t, gc, 8)
	}
}

func TestPartitionBadIndex(t *testing.T) {
	g, _ := watermelonGain(t)
	if _, err := g.Root().Refine(8); err == nil {
		t.Error("Refine(8) of 8 features: no error")
	}
	if _, err := g.Partition([]int{-1}); err == nil {
		t.Error("Partition({-1}): no error")
	}
	if p := g.Root(); p.Groups() != 1 || p.Gain() != 0 || len(p.Sizes()) != 1 {
		t.Errorf("root: %d groups, gain %v", p.Groups(), p.Gain())
	}
}

// BenchmarkPartition compares scoring the candidates S ∪ {j} of a forward
// round with |S| = 6 by regrouping (Gain) and by refining S's partition.
func BenchmarkPartition(b *testing.B) {
	X, y, cat := randomCategorical(20000, 20, 7)
	g, _ := filter.NewInfoGain(X, y, filter.InfoGainConfig{Categorical: cat})
	S := []int{0, 1, 2, 3, 4, 5}
	b.Run("regroup", func(b *testing.B) {
		for b.Loop() {
			for j := 6; j < 20; j++ {
				g.Gain(append(S[:6:6], j))
			}
		}
	})
	b.Run("refine", func(b *testing.B) {
		for b.Loop() {
			p, _ := g.Partition(S)
			for j := 6; j < 20; j++ {
				q, _ := p.Refine(j)
				q.Gain()
			}
		}
	})
}
