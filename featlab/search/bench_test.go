package search_test

import (
	"testing"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/synth"
)

// The peerbench problem: make_regression-style, m = 2000, d = 50; forward
// search to 10 features (455 candidate subsets, 5 folds each).
func benchForward(b *testing.B, crit search.Criterion, workers int) {
	ds, _, _ := synth.Regression(2000, synth.RegressionConfig{Features: 50, Informative: 10, Noise: 10}, 0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := search.Select(ds.X, ds.Y, search.Config{Strategy: search.Forward{K: 10, Rule: search.ExactK}, Criterion: crit, Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
		if r.Evaluations != 455 {
			b.Fatalf("%d evaluations", r.Evaluations)
		}
	}
	b.StopTimer()
	b.ReportMetric(455*float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}

func BenchmarkForwardGramCV(b *testing.B) {
	benchForward(b, search.LeastSquares{Score: search.CVMSE}, 1)
}

// BenchmarkForwardCVWrapper reports the evaluations per second of the
// generic CV wrapper (5 folds of linear.LeastSquares per evaluation).
func BenchmarkForwardCVWrapper(b *testing.B) {
	b.Run("1 worker", func(b *testing.B) { benchForward(b, search.CV{Learner: linear.LeastSquaresConfig{Intercept: true}}, 1) })
	b.Run("all cores", func(b *testing.B) { benchForward(b, search.CV{Learner: linear.LeastSquaresConfig{Intercept: true}}, 0) })
}

func BenchmarkBestSubsetsBench(b *testing.B) {
	for _, d := range []int{20, 30} {
		ds, _, _ := synth.Regression(1000, synth.RegressionConfig{Features: d, Informative: 10, Noise: 10}, 0)
		b.Run(map[int]string{20: "d=20", 30: "d=30"}[d], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := search.BestSubsets(ds.X, ds.Y, search.BestSubsetsConfig{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
