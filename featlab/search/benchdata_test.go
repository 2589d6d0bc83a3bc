package search_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/synth"
)

// TestBestSubsetsBenchDataExhaustive: on the peerbench problem with d = 20
// (m = 1000), branch and bound and exhaustive search over all 2^20 - 1
// subsets agree at every size.
func TestBestSubsetsBenchDataExhaustive(t *testing.T) {
	if testing.Short() {
		t.Skip("2^20 evaluations")
	}
	ds, _, _ := synth.Regression(1000, synth.RegressionConfig{Features: 20, Informative: 10, Noise: 10}, 0)
	bb, err := search.BestSubsets(ds.X, ds.Y, search.BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := search.LeastSquares{}.Evaluator(ds.X, ds.Y)
	ex, err := search.Run(t.Context(), ev, search.Config{Strategy: search.Exhaustive{}})
	if err != nil {
		t.Fatal(err)
	}
	for s := range bb.Sizes {
		if !slices.Equal(bb.Sizes[s].Subset, slices.Sorted(slices.Values(ex.BySize[s].Subset))) {
			t.Errorf("size %d: branch and bound %v, exhaustive %v", s+1, bb.Sizes[s].Subset, ex.BySize[s].Subset)
		}
	}
}

// TestWriteBenchData is a tool, not a check: with BENCHDATA=dir it writes
// the peerbench problems (d = 20, 30) and BestSubsets' answers to dir, for
// testdata/leaps_bench.R to compare with leaps::regsubsets. Without the
// variable it is skipped.
func TestWriteBenchData(t *testing.T) {
	dir := os.Getenv("BENCHDATA")
	if dir == "" {
		t.Skip("set BENCHDATA=dir to write the peerbench data for testdata/leaps_bench.R")
	}
	for _, d := range []int{20, 30} {
		ds, _, _ := synth.Regression(1000, synth.RegressionConfig{Features: d, Informative: 10, Noise: 10}, 0)
		var b strings.Builder
		for i := 0; i < 1000; i++ {
			for j := 0; j < d; j++ {
				fmt.Fprintf(&b, "%.17g,", ds.X.At(i, j))
			}
			fmt.Fprintf(&b, "%.17g\n", ds.Y[i])
		}
		if err := os.WriteFile(fmt.Sprintf("%s/d%d.csv", dir, d), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := search.BestSubsets(ds.X, ds.Y, search.BestSubsetsConfig{})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for _, s := range r.Sizes {
			fmt.Fprintln(&out, strings.Trim(fmt.Sprint(s.Subset), "[]"))
		}
		if err := os.WriteFile(fmt.Sprintf("%s/go%d.txt", dir, d), []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
