package search

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
)

// igData: m rows, d columns, even columns categorical (2..4 levels), odd
// columns continuous, 3 classes depending on columns 0, 1 and 2.
func igData(m, d int, seed uint64) (*mat.Dense, []float64, []bool) {
	rng := rand.New(rand.NewPCG(seed, 2))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	cat := make([]bool, d)
	for j := range cat {
		cat[j] = j%2 == 0
	}
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			if cat[j] {
				X.Set(i, j, float64(rng.IntN(2+j%3)))
			} else {
				X.Set(i, j, rng.NormFloat64())
			}
		}
		c := (int(X.At(i, 0)) + int(X.At(i, 2))) % 3
		if X.At(i, 1) > 0.5 {
			c = (c + 1) % 3
		}
		if rng.Float64() < 0.25 {
			c = rng.IntN(3)
		}
		y[i] = float64(c)
	}
	return X, y, cat
}

func sameResult(a, b *Result) bool {
	if a.Method != b.Method || !slices.Equal(a.Subset, b.Subset) || math.Float64bits(a.Score) != math.Float64bits(b.Score) ||
		a.Evaluations != b.Evaluations || a.Requests != b.Requests || len(a.History) != len(b.History) || len(a.BySize) != len(b.BySize) {
		return false
	}
	for k := range a.History {
		h, g := a.History[k], b.History[k]
		if h.Action != g.Action || h.Feature != g.Feature || math.Float64bits(h.Score) != math.Float64bits(g.Score) || !slices.Equal(h.Subset, g.Subset) {
			return false
		}
	}
	for k := range a.BySize {
		if !slices.Equal(a.BySize[k].Subset, b.BySize[k].Subset) || math.Float64bits(a.BySize[k].Score) != math.Float64bits(b.BySize[k].Score) {
			return false
		}
	}
	return true
}

// TestInfoGainReuse: the InfoGain evaluator that refines the accepted
// subset's partition gives the same search results, bit for bit, as
// filter.InfoGain.Gain regrouping every subset, for every strategy and
// worker count, on watermelon 3.0 and random data; forward search refines
// every candidate after the first round.
func TestInfoGainReuse(t *testing.T) {
	type problem struct {
		name string
		X    mat.Matrix
		y    []float64
		cat  []bool
	}
	wm := datasets.Watermelon()
	wcat := make([]bool, len(wm.Names))
	for j := range wcat {
		wcat[j] = wm.IsCategorical(j)
	}
	probs := []problem{{"watermelon", wm.X, wm.Y, wcat}}
	for seed := uint64(1); seed <= 3; seed++ {
		X, y, cat := igData(300, 9, seed)
		probs = append(probs, problem{"random", X, y, cat}, problem{"random continuous", X, y, nil})
	}
	strategies := []Strategy{Forward{}, Forward{K: 5, Rule: ExactK}, Forward{Rule: BestVisited}, Backward{}, Bidirectional{},
		Floating{}, Floating{Backward: true}, Floating{PudilOnly: true}}
	for _, p := range probs {
		g, err := filter.NewInfoGain(p.X, p.y, filter.InfoGainConfig{Categorical: p.cat})
		if err != nil {
			t.Fatal(err)
		}
		_, d := p.X.Dims()
		plain := Func("information gain (bits)", d, true, g.Gain)
		for _, st := range strategies {
			for _, w := range []int{1, 4} {
				reuse, stats, err := InfoGain{Categorical: p.cat}.evaluator(p.X, p.y)
				if err != nil {
					t.Fatal(err)
				}
				a, err := Run(t.Context(), plain, Config{Strategy: st, Workers: w})
				if err != nil {
					t.Fatal(err)
				}
				b, err := Run(t.Context(), reuse, Config{Strategy: st, Workers: w})
				if err != nil {
					t.Fatal(err)
				}
				if !sameResult(a, b) {
					t.Errorf("%s, %s, %d workers: regroup %v %v, refine %v %v", p.name, st.name(), w, a.Subset, a.Score, b.Subset, b.Score)
				}
				if f, ok := st.(Forward); ok && f.Rule == ExactK {
					// rounds 2..5 refine d-1, ..., d-4 candidates; round 1 regroups d.
					want := int64(4*d - 10)
					if stats.refined.Load() != want || stats.regrouped.Load() != int64(d) || stats.parents.Load() != 4 || stats.parentsRefined.Load() != 3 {
						t.Errorf("%s: %d refined (want %d), %d regrouped, %d parents (%d refined)", p.name, stats.refined.Load(), want, stats.regrouped.Load(), stats.parents.Load(), stats.parentsRefined.Load())
					}
				}
			}
		}
	}
}

// TestInfoGainAcceptOther: a subset that is not the accepted one plus one
// feature (two more, a removal, repeats, an index out of range) is
// regrouped and scored as filter.InfoGain.Gain scores it.
func TestInfoGainAcceptOther(t *testing.T) {
	X, y, cat := igData(100, 6, 9)
	g, _ := filter.NewInfoGain(X, y, filter.InfoGainConfig{Categorical: cat})
	ev, stats, _ := InfoGain{Categorical: cat}.evaluator(X, y)
	ev.Accept([]int{1, 3})
	for _, s := range [][]int{{1, 3, 4}, {4, 1, 3}, {1, 3, 4, 5}, {1}, {1, 3, 3}, {1, 4, 5}, {1, 3, 6}} {
		want, werr := g.Gain(s)
		got, err := ev.Eval(s)
		if (werr == nil) != (err == nil) || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("%v: %v %v, want %v %v", s, got, err, want, werr)
		}
	}
	if stats.refined.Load() != 2 {
		t.Errorf("%d refined, want 2", stats.refined.Load())
	}
	ev.Accept([]int{7})
	if v, err := ev.Eval([]int{7, 1}); err == nil {
		t.Errorf("index 7 of 6: %v", v)
	}
}

// BenchmarkForwardInfoGain: forward search to 8 of 20 features on 20000
// examples, one worker, with the evaluator that refines the previous
// round's partition and with filter.InfoGain.Gain regrouping each subset.
func BenchmarkForwardInfoGain(b *testing.B) {
	X, y, cat := igData(20000, 20, 5)
	cfg := Config{Strategy: Forward{K: 8, Rule: ExactK}, Workers: 1}
	b.Run("regroup", func(b *testing.B) {
		g, _ := filter.NewInfoGain(X, y, filter.InfoGainConfig{Categorical: cat})
		ev := Func("information gain (bits)", 20, true, g.Gain)
		for b.Loop() {
			if _, err := Run(b.Context(), ev, cfg); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("refine", func(b *testing.B) {
		ev, _, _ := InfoGain{Categorical: cat}.evaluator(X, y)
		for b.Loop() {
			if _, err := Run(b.Context(), ev, cfg); err != nil {
				b.Fatal(err)
			}
		}
	})
}
