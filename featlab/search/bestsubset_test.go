package search

import (
	"context"
	"testing"
)

// TestBestSubsetsBruteForce: branch and bound finds the least-RSS subset of
// every size that plain enumeration finds, and visits fewer nodes than
// there are subsets.
func TestBestSubsetsBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		X, y := randProblem(60, 10, seed)
		ev, _ := LeastSquares{}.Evaluator(X, y)
		want := bruteBest(ev)
		res, err := BestSubsets(X, y, BestSubsetsConfig{})
		if err != nil {
			t.Fatal(err)
		}
		for s := range want {
			if !sameSet(res.Sizes[s].Subset, want[s].Subset) || !close(res.Sizes[s].RSS, want[s].Score, 1e-10) {
				t.Errorf("seed %d size %d: %v (%v), brute force %v (%v)", seed, s+1, res.Sizes[s].Subset, res.Sizes[s].RSS, want[s].Subset, want[s].Score)
			}
		}
		if res.Nodes >= 1<<10 {
			t.Errorf("seed %d: %d nodes, no pruning", seed, res.Nodes)
		}
		ex, _ := Run(context.Background(), ev, Config{Strategy: Exhaustive{MaxSize: 4}})
		for s := 0; s < 4; s++ {
			if !sameSet(ex.BySize[s].Subset, want[s].Subset) {
				t.Errorf("exhaustive MaxSize 4, size %d: %v", s+1, ex.BySize[s].Subset)
			}
		}
	}
}

func BenchmarkBestSubsets(b *testing.B) {
	for _, d := range []int{20, 30} {
		X, y := randProblem(1000, d, 1)
		b.Run(map[int]string{20: "d=20", 30: "d=30"}[d], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := BestSubsets(X, y, BestSubsetsConfig{})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(r.Nodes), "nodes")
			}
		})
	}
}
