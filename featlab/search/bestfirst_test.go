package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
)

// TestBestFirstUnlimitedIsExhaustive: with Stale at least 2^d, best-first
// search (forward and backward) runs until its open list is empty, scores
// every non-empty subset once and returns the exhaustive optimum (the
// scores agree to rounding: a subset reached along another path lists its
// indices in another order).
func TestBestFirstUnlimitedIsExhaustive(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		X, y := randProblem(50, 8, seed)
		for _, sc := range []LSScore{BIC, Cp, CVMSE, AdjR2} {
			ev, _ := LeastSquares{Score: sc}.Evaluator(X, y)
			ex, err := Run(context.Background(), ev, Config{Strategy: Exhaustive{}})
			if err != nil {
				t.Fatal(err)
			}
			for _, back := range []bool{false, true} {
				bf, err := Run(context.Background(), ev, Config{Strategy: BestFirst{Stale: 1 << 8, Backward: back}})
				if err != nil {
					t.Fatal(err)
				}
				if bf.Evaluations != 255 {
					t.Errorf("seed %d %v backward %v: %d evaluations, want 255", seed, sc, back, bf.Evaluations)
				}
				if !close(bf.Score, ex.Score, 1e-12) || !sameSet(bf.Subset, ex.Subset) {
					t.Errorf("seed %d %v backward %v: %v (%v), exhaustive %v (%v)", seed, sc, back, bf.Subset, bf.Score, ex.Subset, ex.Score)
				}
				for s := range ex.BySize {
					if !close(bf.BySize[s].Score, ex.BySize[s].Score, 1e-12) {
						t.Errorf("seed %d %v size %d: %v, exhaustive %v", seed, sc, s+1, bf.BySize[s].Score, ex.BySize[s].Score)
					}
				}
			}
		}
	}
}

// TestBestFirstStopRule: the search stops after exactly Stale expansions
// without a new best (or when the open list is empty), the last new best
// is the returned subset, and a larger Stale never returns a worse one.
func TestBestFirstStopRule(t *testing.T) {
	X, y := randProblem(60, 10, 5)
	ev, _ := LeastSquares{Score: BIC}.Evaluator(X, y)
	for _, stale := range []int{0, 1, 2, 5, 9} {
		res, err := Run(context.Background(), ev, Config{Strategy: BestFirst{Stale: stale}})
		if err != nil {
			t.Fatal(err)
		}
		want := stale
		if want == 0 {
			want = DefaultStale
		}
		last := 0 // index of the last new best
		for i, h := range res.History {
			if ev.Better(h.Score, res.History[last].Score) {
				last = i
			}
		}
		if idle := len(res.History) - 1 - last; idle != want {
			t.Errorf("Stale %d: %d idle expansions at the end, want %d", stale, idle, want)
		}
		if res.Score != res.History[last].Score || !sameSet(res.Subset, res.History[last].Subset) {
			t.Errorf("Stale %d: returned %v (%v), last new best %v", stale, res.Subset, res.Score, res.History[last].Subset)
		}
		if len(res.Subset) == 0 || res.Evaluations < 10 {
			t.Errorf("Stale %d: subset %v after %d evaluations", stale, res.Subset, res.Evaluations)
		}
	}
	// A larger Stale never returns a worse subset: the search only goes on.
	prev := math.Inf(1)
	for stale := 1; stale <= 30; stale++ {
		res, _ := Run(context.Background(), ev, Config{Strategy: BestFirst{Stale: stale}})
		if res.Score > prev {
			t.Errorf("Stale %d: BIC %v worse than with Stale %d (%v)", stale, res.Score, stale-1, prev)
		}
		prev = res.Score
	}
}

// TestBestFirstTies: with every score tied, the open list is ordered by
// size, then by the order of scoring, so forward search expands {0},
// {1}, ..., and returns {0}; the history is the same for any Workers and
// on every run.
func TestBestFirstTies(t *testing.T) {
	flat := Func("flat", 6, false, func(s []int) (float64, error) { return 1, nil })
	steps := Func("steps", 6, false, func(s []int) (float64, error) {
		return float64(len(s)%3) + float64(s[0]%2), nil
	})
	var first string
	for run, w := range []int{1, 2, 4, 1} {
		res, err := Run(context.Background(), flat, Config{Strategy: BestFirst{Stale: 3}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(res.Subset) != "[0]" || len(res.History) != 4 {
			t.Fatalf("flat: %v after %d expansions, want [0] after 4", res.Subset, len(res.History))
		}
		for i, h := range res.History {
			if fmt.Sprint(h.Subset) != fmt.Sprint([]int{i}) {
				t.Errorf("flat: expansion %d is %v, want [%d]", i, h.Subset, i)
			}
		}
		b, _ := Run(context.Background(), steps, Config{Strategy: BestFirst{Stale: 7, Backward: run%2 == 1}, Workers: w})
		c, _ := Run(context.Background(), steps, Config{Strategy: BestFirst{Stale: 7, Backward: run%2 == 1}, Workers: 1})
		if b.String() != c.String() || b.Evaluations != c.Evaluations {
			t.Errorf("ties, Workers %d: differs from serial:\n%s\n%s", w, b, c)
		}
		if run == 0 {
			first = b.String()
		} else if run == 2 && b.String() != first {
			t.Errorf("ties: run %d differs from run 0", run)
		}
	}
}

// TestBestFirstNotWorseThanForward: best-first search with the default
// stop rule is not worse than forward search with Zhou's stop rule on
// random problems (a property of these problems, not a theorem: a stale
// limit can stop it before it climbs forward's path).
func TestBestFirstNotWorseThanForward(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		X, y := randProblem(40, 10, seed)
		ev, _ := LeastSquares{Score: BIC}.Evaluator(X, y)
		fw, _ := Run(context.Background(), ev, Config{Strategy: Forward{}})
		bf, err := Run(context.Background(), ev, Config{Strategy: BestFirst{}})
		if err != nil {
			t.Fatal(err)
		}
		if ev.Better(fw.Score, bf.Score) {
			t.Errorf("seed %d: forward %v beats best-first %v", seed, fw.Score, bf.Score)
		}
	}
}

func TestBestFirstBadInput(t *testing.T) {
	X, y := randProblem(20, 4, 1)
	ev, _ := LeastSquares{}.Evaluator(X, y)
	for _, st := range []BestFirst{{Stale: -1}, {MinImprove: math.NaN()}, {MinImprove: -1}} {
		if _, err := Run(context.Background(), ev, Config{Strategy: st}); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%+v: error %v, want ErrParam", st, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, ev, Config{Strategy: BestFirst{}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
