package search_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/search"
)

// Forward search on the diabetes data with BIC of least squares: Zhou's
// stop rule ends the search when no feature lowers BIC.
func ExampleSelect() {
	ds := datasets.Diabetes()
	res, err := search.Select(ds.X, ds.Y, search.Config{
		Strategy:  search.Forward{},
		Criterion: search.LeastSquares{Score: search.BIC},
		Names:     ds.Names,
	})
	if err != nil {
		panic(err)
	}
	for _, h := range res.History {
		fmt.Printf("%s %-3s BIC %.2f\n", h.Action, h.Name, h.Score)
	}
	fmt.Println(res.SubsetNames(res.Subset), res.Evaluations, "evaluations")
	// Output:
	// add bmi BIC 3665.88
	// add s5  BIC 3586.33
	// add bp  BIC 3575.25
	// add s1  BIC 3571.08
	// add sex BIC 3570.29
	// add s2  BIC 3562.90
	// [bmi s5 bp s1 sex s2] 49 evaluations
}

// Best subset of every size by branch and bound, as leaps::regsubsets.
func ExampleBestSubsets() {
	ds := datasets.Diabetes()
	res, err := search.BestSubsets(ds.X, ds.Y, search.BestSubsetsConfig{Names: ds.Names, MaxSize: 4})
	if err != nil {
		panic(err)
	}
	for _, s := range res.Sizes {
		fmt.Printf("%d %v RSS %.0f Cp %.2f\n", len(s.Subset), res.SubsetNames(s.Subset), s.RSS, s.Cp)
	}
	// Output:
	// 1 [bmi] RSS 1719582 Cp 148.35
	// 2 [bmi s5] RSS 1416694 Cp 47.07
	// 3 [bmi bp s5] RSS 1362709 Cp 30.66
	// 4 [bmi bp s1 s5] RSS 1331431 Cp 22.00
}

// How many subsets an exhaustive search would evaluate, before running it.
func ExampleCount() {
	n, _ := search.Count(10, 0)
	fmt.Println(n)
	n, _ = search.Count(30, 3)
	fmt.Println(n)
	// Output:
	// 1023
	// 4525
}

// LVW with the 5-fold CV MSE of least squares on diabetes, seeded: the
// accepted subsets, each better (or as good and smaller) than the last.
func ExampleLVW() {
	ds := datasets.Diabetes()
	res, err := search.Select(ds.X, ds.Y, search.Config{
		Strategy:  search.LVW{T: 30, Seed: 1},
		Criterion: search.LeastSquares{Score: search.CVMSE},
		Names:     ds.Names,
	})
	if err != nil {
		panic(err)
	}
	for _, h := range res.History {
		fmt.Printf("accept %d features, CV MSE %.1f\n", len(h.Subset), h.Score)
	}
	fmt.Println(res.Rounds, "rounds; found", res.Found)
	// Output:
	// accept 4 features, CV MSE 3707.5
	// accept 8 features, CV MSE 3101.0
	// accept 6 features, CV MSE 3057.5
	// 58 rounds; found true
}

// Best-first search with BIC on diabetes: with the default stop rule (5
// expansions without a new best) it ends where forward search does; with
// 20 it backtracks to the exhaustive optimum, {sex, bmi, bp, s3, s5},
// after scoring 101 of the 1023 subsets.
func ExampleBestFirst() {
	ds := datasets.Diabetes()
	for _, stale := range []int{0, 20} {
		res, err := search.Select(ds.X, ds.Y, search.Config{
			Strategy:  search.BestFirst{Stale: stale},
			Criterion: search.LeastSquares{Score: search.BIC},
			Names:     ds.Names,
		})
		if err != nil {
			panic(err)
		}
		fmt.Printf("Stale %2d: %v BIC %.2f, %d evaluations, %d expansions\n", stale,
			res.SubsetNames(res.Subset), res.Score, res.Evaluations, len(res.History))
	}
	// Output:
	// Stale  0: [bmi s5 bp s1 sex s2] BIC 3562.90, 60 evaluations, 11 expansions
	// Stale 20: [bmi s5 bp s3 sex] BIC 3562.47, 101 evaluations, 40 expansions
}
