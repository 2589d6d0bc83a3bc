package badinput

import "github.com/featlab/course/featlab/search"

func init() { entrySets = append(entrySets, sizecvEntries) }

// sizecvEntries: cross-validation over subset size (issue 21).
func sizecvEntries() []*entry {
	return []*entry{
		xyCtx("search.SizeCV", search.SizeCV, search.SizeCVContext, search.SizeCVConfig{Folds: 2}),
	}
}
