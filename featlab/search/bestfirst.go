package search

import (
	"container/heap"

	"github.com/featlab/course/featlab"
)

// DefaultStale is BestFirst's default stopping rule: five consecutive
// expansions without a new best subset, as in Kohavi and John (1997) and
// Weka's BestFirst (searchTermination = 5).
const DefaultStale = 5

// BestFirst is best-first search over subsets (Kohavi and John 1997,
// "Wrappers for feature subset selection", section 3.2; Weka's
// BestFirst), one of the "more thorough search strategies" the Aalto
// lecture names beside forward and backward selection. Unlike greedy
// search it keeps every subset it has scored but not yet expanded in an
// open list and may return to an earlier branch:
//
//	OPEN = {start}; CLOSED = {}; BEST = start
//	repeat:
//	    v = the subset in OPEN with the best score
//	    move v from OPEN to CLOSED
//	    if f(v) is better than f(BEST) by more than MinImprove: BEST = v
//	    expand v: score each child of v that is in neither OPEN nor CLOSED
//	    and put it in OPEN
//	until BEST has not changed in the last Stale expansions, or OPEN is empty
//	return BEST
//
// The start is the empty set (forward: a child adds one feature) or, with
// Backward, the full set (a child removes one feature). The empty set is
// never evaluated: its expansion, which scores the d single features, is
// not counted among the Stale expansions. Ties in OPEN go to the smaller
// subset, then to the one scored first (children are scored in feature
// index order), so the search is deterministic for any Workers.
//
// History has one "expand" step per counted expansion (the subset
// expanded and its score), so len(History) is the number of expansions;
// Evaluations counts the subsets scored. With Stale at least 2^d the
// search runs until OPEN is empty: it scores every non-empty subset (the
// full set down to single features, backward) and returns the exhaustive
// optimum. Memory grows with the open list, up to every subset scored.
type BestFirst struct {
	// Stale is the number of consecutive expansions without a new BEST
	// that ends the search (0: DefaultStale).
	Stale int
	// MinImprove >= 0 is the margin a subset must beat BEST by to replace
	// it (Kohavi and John's epsilon). Default 0: any strict improvement.
	MinImprove float64
	// Backward starts from the full set and removes features.
	Backward bool
}

func (b BestFirst) name() string {
	if b.Backward {
		return "best-first search (backward)"
	}
	return "best-first search"
}

// bfNode is a subset in OPEN: its score, its size and the order in which
// it was scored break ties.
type bfNode struct {
	subset []int
	score  float64
	seq    int
}

// bfOpen is OPEN as a heap: best score first, then the smaller subset,
// then the one scored first.
type bfOpen struct {
	nodes []bfNode
	ev    *Evaluator
}

func (o *bfOpen) Len() int { return len(o.nodes) }
func (o *bfOpen) Less(i, j int) bool {
	a, b := o.nodes[i], o.nodes[j]
	if o.ev.Better(a.score, b.score) {
		return true
	}
	if o.ev.Better(b.score, a.score) {
		return false
	}
	if len(a.subset) != len(b.subset) {
		return len(a.subset) < len(b.subset)
	}
	return a.seq < b.seq
}
func (o *bfOpen) Swap(i, j int) { o.nodes[i], o.nodes[j] = o.nodes[j], o.nodes[i] }
func (o *bfOpen) Push(x any)    { o.nodes = append(o.nodes, x.(bfNode)) }
func (o *bfOpen) Pop() any {
	n := o.nodes[len(o.nodes)-1]
	o.nodes = o.nodes[:len(o.nodes)-1]
	return n
}

func (b BestFirst) run(r *runner) (*Result, error) {
	d := r.ev.D
	if b.Stale < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "search: best-first Stale = %d < 0 (0: %d)", b.Stale, DefaultStale)
	}
	if err := checkMin(b.MinImprove, "best-first"); err != nil {
		return nil, err
	}
	stale := b.Stale
	if stale == 0 {
		stale = DefaultStale
	}
	res := newResult(d)
	open := &bfOpen{ev: r.ev}
	seen := map[string]bool{} // OPEN ∪ CLOSED
	seq := 0
	// expand scores the unseen children of v and puts them in OPEN.
	expand := func(v []int) error {
		var kids [][]int
		if b.Backward {
			if len(v) == 1 {
				return nil
			}
			for _, j := range v {
				kids = append(kids, without(v, j))
			}
		} else {
			if err := r.accept(v); err != nil {
				return err
			}
			for j := 0; j < d; j++ {
				if !contains(v, j) {
					kids = append(kids, with(v, j))
				}
			}
		}
		var fresh [][]int
		for _, k := range kids {
			if key := subsetKey(k); !seen[key] {
				seen[key] = true
				fresh = append(fresh, k)
			}
		}
		scores, err := r.evalAll(fresh)
		if err != nil {
			return err
		}
		for i, k := range fresh {
			r.offer(res, k, scores[i])
			heap.Push(open, bfNode{subset: k, score: scores[i], seq: seq})
			seq++
		}
		return nil
	}
	if b.Backward {
		full := make([]int, d)
		for j := range full {
			full[j] = j
		}
		seen[subsetKey(full)] = true
		v, err := r.eval1(full)
		if err != nil {
			return res, err
		}
		r.offer(res, full, v)
		heap.Push(open, bfNode{subset: full, score: v, seq: seq})
		seq++
	} else {
		seen[subsetKey(nil)] = true
		if err := expand(nil); err != nil {
			return res, err
		}
	}
	best, bestScore := []int(nil), r.ev.worst()
	for since := 0; open.Len() > 0 && since < stale; {
		v := heap.Pop(open).(bfNode)
		if best == nil || r.improves(v.score, bestScore, b.MinImprove) {
			best, bestScore = v.subset, v.score
			since = 0
		} else {
			since++
		}
		res.History = append(res.History, r.step("expand", -1, v.score, v.subset))
		res.Subset, res.Score = append([]int(nil), best...), bestScore
		if err := expand(v.subset); err != nil {
			return res, err
		}
	}
	return res, nil
}
