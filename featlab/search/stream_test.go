package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/streamtest"
	"github.com/featlab/course/featlab/stream"
)

func relDiff(a, b float64) float64 {
	return math.Abs(a-b) / math.Max(1, math.Abs(b))
}

func TestBestSubsetsFromStatsExact(t *testing.T) {
	for _, noIcpt := range []bool{false, true} {
		X, y := randProblem(300, 10, 5)
		for i := 0; i < 300; i++ { // a large mean in one column
			X.Set(i, 2, X.At(i, 2)+1e4)
		}
		cfg := BestSubsetsConfig{NoIntercept: noIcpt, Choose: Cp}
		want, err := BestSubsets(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(10, true)) {
			got, err := BestSubsetsFromStats(a.(*stream.Gram), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got.Subset) != fmt.Sprint(want.Subset) || len(got.Sizes) != len(want.Sizes) {
				t.Fatalf("%s: chose %v, in memory %v", how, got.Subset, want.Subset)
			}
			for s, w := range want.Sizes {
				g := got.Sizes[s]
				if fmt.Sprint(g.Subset) != fmt.Sprint(w.Subset) {
					t.Errorf("no intercept %v %s: size %d: %v, in memory %v", noIcpt, how, s+1, g.Subset, w.Subset)
				}
				for i, p := range [][2]float64{{g.RSS, w.RSS}, {g.R2, w.R2}, {g.AdjR2, w.AdjR2}, {g.Cp, w.Cp}, {g.AIC, w.AIC}, {g.BIC, w.BIC}} {
					if relDiff(p[0], p[1]) > 1e-10 {
						t.Errorf("%s: size %d criterion %d = %v, in memory %v", how, s+1, i, p[0], p[1])
					}
				}
			}
		}
	}
}

func TestSearchFromStatsExact(t *testing.T) {
	X, y := randProblem(250, 9, 8)
	for _, c := range []LeastSquares{{Score: BIC}, {Score: AdjR2}, {Score: Cp, NoIntercept: true}, {Score: RSS, Ridge: 0.5}} {
		ev, err := c.Evaluator(X, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []Strategy{Forward{}, Backward{}, Forward{K: 4, Rule: ExactK}, Backward{K: 3, Rule: ExactK}} {
			want, err := Run(context.Background(), ev, Config{Strategy: st})
			if err != nil {
				t.Fatal(err)
			}
			for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(9, true)) {
				sev, err := c.EvaluatorFromStats(a.(*stream.Gram))
				if err != nil {
					t.Fatal(err)
				}
				got, err := Run(context.Background(), sev, Config{Strategy: st})
				if err != nil {
					t.Fatal(err)
				}
				if fmt.Sprint(got.Subset) != fmt.Sprint(want.Subset) || relDiff(got.Score, want.Score) > 1e-10 || got.Method != want.Method {
					t.Errorf("%s %s %s: %v (%v), in memory %v (%v)", c.Score, st.name(), how, got.Subset, got.Score, want.Subset, want.Score)
				}
			}
		}
	}
}

func TestFromStatsErrorsSearch(t *testing.T) {
	empty, _ := stream.NewGram(3, true)
	noY, _ := stream.NewGram(3, false)
	if _, err := BestSubsetsFromStats(nil, BestSubsetsConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := BestSubsetsFromStats(empty, BestSubsetsConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Error(err)
	}
	if _, err := (LeastSquares{}).EvaluatorFromStats(noY); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := (LeastSquares{Score: CVMSE}).EvaluatorFromStats(empty); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
}
