package search

import (
	"context"
	"fmt"
	"math"
	"testing"
)

// TestEvaluatorFromStatsExtremeScales: forward and backward search from
// the statistics of data whose columns sit near 1e±150 (all of X scaled
// by 2^±500, or one column alone) choose the subsets of the in-memory
// evaluator (which prescales X by one power of two), with every score
// within 1e-10 relative, for each criterion and with a ridge; with y
// scaled by 2^±500 as well (which the in-memory evaluator refuses) the
// scores are the unit-target ones with RSS times 2^(2 ey) and AIC, BIC
// shifted by n·2ey·ln 2.
func TestEvaluatorFromStatsExtremeScales(t *testing.T) {
	const n = 400
	crits := []LeastSquares{{Score: RSS}, {Score: R2}, {Score: AdjR2}, {Score: Cp}, {Score: AIC}, {Score: BIC, NoIntercept: true}, {Score: RSS, Ridge: 0.5}, {Score: Cp, Sigma2: 0.2}}
	strategies := []Strategy{Forward{}, Backward{}, Forward{K: 3, Rule: ExactK}}
	for _, ex := range [][4]int{{500, 500, 500, 500}, {-500, -500, -500, -500}, {0, 500, 0, 0}, {0, -500, 0, 0}} {
		X, y := scaledData(n, ex, 0)
		for _, c := range crits {
			if c.Ridge != 0 && ex[0] != ex[1] {
				continue // a ridge on one rescaled column is another problem
			}
			ev, err := c.Evaluator(X, y)
			if err != nil {
				t.Fatal(err)
			}
			sev, err := c.EvaluatorFromStats(gramOf(t, X, y))
			if err != nil {
				t.Fatalf("%v %s: %v", ex, c.Score, err)
			}
			for _, st := range strategies {
				want, err := Run(context.Background(), ev, Config{Strategy: st})
				if err != nil {
					t.Fatal(err)
				}
				got, err := Run(context.Background(), sev, Config{Strategy: st})
				if err != nil {
					t.Fatalf("%v %s %s: %v", ex, c.Score, st.name(), err)
				}
				if fmt.Sprint(got.Subset) != fmt.Sprint(want.Subset) || relDiff(got.Score, want.Score) > 1e-10 {
					t.Errorf("%v %s ridge %v %s: %v (%v), in memory %v (%v)", ex, c.Score, c.Ridge, st.name(), got.Subset, got.Score, want.Subset, want.Score)
				}
			}
		}
	}
	X, y := scaledData(n, [4]int{500, 0, 0, 0}, 0)
	for _, ey := range []int{-500, 500} {
		Xs, ys := scaledData(n, [4]int{500, 0, 0, 0}, ey)
		for _, c := range crits[:6] {
			ref, err := c.EvaluatorFromStats(gramOf(t, X, y))
			if err != nil {
				t.Fatal(err)
			}
			sev, err := c.EvaluatorFromStats(gramOf(t, Xs, ys))
			if err != nil {
				t.Fatalf("y 2^%d %s: %v", ey, c.Score, err)
			}
			for _, s := range [][]int{{0}, {0, 2}, {1, 3}, {0, 1, 2, 3}} {
				a, _ := ref.Eval(s)
				b, _ := sev.Eval(s)
				switch c.Score {
				case RSS:
					a = math.Ldexp(a, 2*ey)
				case AIC, BIC:
					a += n * float64(2*ey) * math.Ln2
				}
				if relDiff(b, a) > 1e-10 {
					t.Errorf("y 2^%d %s %v: %v, want %v", ey, c.Score, s, b, a)
				}
			}
		}
	}
}
