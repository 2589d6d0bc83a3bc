package badinput

import "github.com/featlab/course/featlab/search"

func init() { entrySets = append(entrySets, sizecvEntries) }

// sizecvEntries: cross-validation over subset size (issue 21).
func sizecvEntries() []*entry {
	return []*entry{
		// 4 folds: with 2, a fold trains on 4 of the suite's 8 rows, where
		// 3 columns and an intercept are linearly dependent (ErrConstant,
		// rightly); the Final of best subsets may score -Inf (as BestSubsets).
		xyCtx("search.SizeCV", search.SizeCV, search.SizeCVContext, search.SizeCVConfig{Folds: 4}, allowInf),
	}
}
