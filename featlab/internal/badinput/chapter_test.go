package badinput

import "github.com/featlab/course/featlab/filter"

func init() {
	exemptPackages["chapter"] = "featlab/exercise/chapter: constructors without arguments, each returning an exercise whose inputs it generates itself; " +
		"what a student's function may do (panic, NaN, hang, change its input) is featlab/exercise's Check's business and tested there, the hints in chapter's own tests"
}

func init() {
	const why = "a notebook convenience (nb/linalg.go) on matrices a cell has already built and checked; panics on mismatched shapes like gonum, which stops the cell"
	for _, f := range []string{"nb.MulVec", "nb.Mul", "nb.RelErr", "nb.Frob2", "nb.RowSlices", "nb.MeanNonzeros"} {
		exempt[f] = why
	}
}

var _ = func() int {
	entrySets = append(entrySets, func() []*entry {
		return []*entry{xy("filter.TreeSplits", filter.TreeSplits, filter.InfoGainConfig{}, classif)}
	})
	return 0
}()

func init() {
	exempt["viz.WithColorBar"] = "viz.SideBySide (registered) with a colour bar; its one check of its own, an empty range, is ErrParam (viz's TestColorBars)"
}
