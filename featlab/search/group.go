package search

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// GroupEvaluator turns an evaluator over columns into one over groups of
// columns (the indicator columns of one-hot encoded features, from
// transform.OneHot.Groups, transform.Dummies.Groups or
// featlab.GroupsFromNames): subset S of groups is scored as the union of
// their columns, in group order, so that every strategy moves whole
// groups. groups must partition the columns 0..ev.D-1
// (featlab.CheckGroups). Accept is passed on with the union too.
func GroupEvaluator(ev *Evaluator, groups []featlab.Group) (*Evaluator, error) {
	if err := ev.check(); err != nil {
		return nil, err
	}
	if err := featlab.CheckGroups(groups, ev.D); err != nil {
		return nil, featlab.Wrap(err, "search: GroupEvaluator")
	}
	cols := func(sub []int) []int {
		var out []int
		for _, g := range sub {
			out = append(out, groups[g].Columns...)
		}
		return out
	}
	inner := ev.Eval
	out := &Evaluator{Name: ev.Name + ", by group", Higher: ev.Higher, D: len(groups),
		Eval: func(sub []int) (float64, error) { return inner(cols(sub)) }}
	if acc := ev.Accept; acc != nil {
		out.Accept = func(sub []int) { acc(cols(sub)) }
	}
	return out, nil
}

// Grouped is a subset search over features that are groups of columns: the
// one-hot columns of a categorical feature enter and leave together, in
// every strategy (Forward, Backward, Bidirectional, Floating, Exhaustive,
// LVW), and sizes, budgets (Forward.K, Exhaustive.MaxSize, ...) and the
// history count groups. The Criterion is built on all the columns, as
// without groups, and each subset of groups is scored as the union of its
// columns (GroupEvaluator).
//
// Which methods keep groups whole: every search through Grouped, and
// methods with a group penalty. Methods that choose columns one at a time
// (filters, the lasso and its path, OMP and the greedy package, RFE,
// stability selection, BestSubsets, and the searches without Grouped) can
// keep part of a group; featlab.Selection.ByGroup maps their column
// selection to features and names the groups they split.
type Grouped struct {
	// Config is the search: Strategy, Criterion (over the columns), Names
	// of the columns (nil: x1, ..., xd), Workers, Progress.
	Config
	// Groups partition the columns of X; required.
	Groups []featlab.Group
}

// Search runs the grouped search on X and y. The Result is over groups:
// its Names are the groups' names and its subsets hold group indices.
func (g Grouped) Search(X mat.Matrix, y []float64) (*Result, error) {
	return g.SearchContext(context.Background(), X, y)
}

// SearchContext is Search with a context: cancelled, it returns the best
// result so far with an error wrapping context.Canceled.
func (g Grouped) SearchContext(ctx context.Context, X mat.Matrix, y []float64) (*Result, error) {
	if g.Criterion == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "search: Grouped: Config.Criterion is nil")
	}
	if _, isEv := g.Criterion.(*Evaluator); !isEv {
		if _, _, err := featlab.CheckXY(X, y, g.Names); err != nil {
			return nil, err
		}
	}
	ev, err := criterionEvaluator(ctx, g.Criterion, X, y)
	if err != nil {
		return nil, err
	}
	gev, err := GroupEvaluator(ev, g.Groups)
	if err != nil {
		return nil, err
	}
	cfg := g.Config
	cfg.Names = make([]string, len(g.Groups))
	for k, gr := range g.Groups {
		cfg.Names[k] = gr.Name
	}
	return Run(ctx, gev, cfg)
}

// Select implements featlab.Selector with a selection of columns, so that
// a grouped search can sit in a transform.Pipeline: Chosen holds the
// columns of the chosen groups, group by group in order of entry, and the
// History the steps with their subsets as columns (Feature -1, Name the
// group's). Selection.ByGroup(g.Groups) gives the selection of features.
func (g Grouped) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := g.Search(X, y)
	if err != nil {
		return nil, err
	}
	names := g.Names
	if names == nil {
		d := 0
		for _, gr := range g.Groups {
			d += len(gr.Columns)
		}
		names = featlab.DefaultNames(d)
	}
	cols := func(sub []int) []int {
		var out []int
		for _, k := range sub {
			out = append(out, g.Groups[k].Columns...)
		}
		return out
	}
	s := featlab.NewSelection(r.Method, names, cols(r.Subset))
	for _, st := range r.History {
		cs := featlab.Step{Action: st.Action, Feature: -1, Name: st.Name, Score: st.Score, Subset: cols(st.Subset)}
		s.History = append(s.History, cs)
	}
	return s, nil
}
