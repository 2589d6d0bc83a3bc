package search

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
)

// Rule says when a greedy search stops and what it returns.
type Rule int

const (
	// StopRule (default) is Zhou's rule (11.1): forward search stops when
	// the best (k+1)-subset is not better than the k-subset by more than
	// MinImprove (it keeps the k-subset); backward search stops when every
	// (k-1)-subset is worse than the k-subset by more than MinImprove (a
	// removal that costs at most MinImprove, or nothing, is made). The
	// budget K still caps the size.
	StopRule Rule = iota
	// BestVisited runs to the budget K and returns the best subset the
	// search visited (ties to the one visited first): the lecture's
	// backward-elimination pseudocode, which tracks J_max.
	BestVisited
	// ExactK runs to size K and returns that subset, however its score
	// compares: scikit-learn's SequentialFeatureSelector with
	// n_features_to_select = K.
	ExactK
)

func (r Rule) String() string {
	switch r {
	case StopRule:
		return "stop rule"
	case BestVisited:
		return "best visited"
	case ExactK:
		return "exactly K"
	}
	return fmt.Sprintf("Rule(%d)", int(r))
}

// Forward is forward greedy selection (Zhou 11.1, Shalev-Shwartz 25.1.2,
// the lecture's pseudocode): start from the empty set; in each round
// evaluate J ∪ {j} for every feature j not in J and add the best one (ties
// to the lowest index, as scikit-learn does). The first round always adds
// a feature (the empty set is not evaluated: its score counts as the
// worst). A budget of K features costs at most K d - K(K-1)/2 evaluations
// (the lecture's O(Kd)).
type Forward struct {
	// K is the budget: at most K features (0: d).
	K int
	// Rule: StopRule (default), BestVisited or ExactK (see Rule).
	Rule Rule
	// MinImprove >= 0: under StopRule a round must improve the score by
	// more than this to be kept. Default 0: any strict improvement.
	// (scikit-learn's tol continues on improvement >= tol.)
	MinImprove float64
}

func (f Forward) name() string { return "forward search" }

func (f Forward) run(r *runner) (*Result, error) {
	d := r.ev.D
	if err := checkK(f.K, d, "forward"); err != nil {
		return nil, err
	}
	if err := checkMin(f.MinImprove, "forward"); err != nil {
		return nil, err
	}
	K := f.K
	if K == 0 {
		K = d
	}
	r.total = K*d - K*(K-1)/2
	res := newResult(d)
	var cur []int
	curScore := r.ev.worst()
	for len(cur) < K {
		cands := make([][]int, 0, d-len(cur))
		feats := make([]int, 0, d-len(cur))
		for j := 0; j < d; j++ {
			if !contains(cur, j) {
				cands = append(cands, with(cur, j))
				feats = append(feats, j)
			}
		}
		scores, err := r.evalAll(cands)
		if err != nil {
			return r.partial(res, cur, curScore, f.Rule), err
		}
		bi := argBest(r.ev, scores)
		if f.Rule == StopRule && len(cur) > 0 && !r.improves(scores[bi], curScore, f.MinImprove) {
			break
		}
		cur, curScore = cands[bi], scores[bi]
		r.offer(res, cur, curScore)
		res.History = append(res.History, r.step("add", feats[bi], curScore, cur))
		if err := r.accept(cur); err != nil {
			return r.partial(res, cur, curScore, f.Rule), err
		}
	}
	return r.partial(res, cur, curScore, f.Rule), nil
}

// improves reports whether a beats b by more than min.
func (r *runner) improves(a, b, min float64) bool {
	if r.ev.Higher {
		return a-b > min
	}
	return b-a > min
}

// partial fills the chosen subset of a greedy search from its trajectory.
func (r *runner) partial(res *Result, cur []int, curScore float64, rule Rule) *Result {
	if rule == BestVisited {
		for _, h := range res.History {
			if res.Subset == nil || r.ev.Better(h.Score, res.Score) {
				res.Subset, res.Score = append([]int(nil), h.Subset...), h.Score
			}
		}
		return res
	}
	if cur != nil {
		res.Subset, res.Score = append([]int(nil), cur...), curScore
	}
	return res
}

// Backward is backward elimination (Shalev-Shwartz 25.1.2, the lecture's
// pseudocode): score the full set first, then in each round evaluate J \
// {j} for every j in J and remove the feature whose removal leaves the
// best score (ties to the lowest index). Going down to one feature costs
// 1 + d + (d-1) + ... + 2 = d(d+1)/2 evaluations.
type Backward struct {
	// K is the smallest size the search goes down to (0: 1).
	K int
	// Rule: StopRule (default: stop when every removal costs more than
	// MinImprove), BestVisited (the lecture: go down to K, return the best
	// subset visited) or ExactK (return the K-subset, as scikit-learn's
	// SequentialFeatureSelector(direction="backward")).
	Rule Rule
	// MinImprove >= 0: under StopRule, the largest loss of score a removal
	// may cost. Default 0: a removal must not make the score worse.
	MinImprove float64
}

func (b Backward) name() string { return "backward search" }

func (b Backward) run(r *runner) (*Result, error) {
	d := r.ev.D
	if err := checkK(b.K, d, "backward"); err != nil {
		return nil, err
	}
	if err := checkMin(b.MinImprove, "backward"); err != nil {
		return nil, err
	}
	K := b.K
	if K == 0 {
		K = 1
	}
	r.total = 1 + (d*(d+1)/2 - K*(K+1)/2)
	res := newResult(d)
	cur := make([]int, d)
	for j := range cur {
		cur[j] = j
	}
	curScore, err := r.eval1(cur)
	if err != nil {
		return res, err
	}
	r.offer(res, cur, curScore)
	res.History = append(res.History, r.step("start", -1, curScore, cur))
	for len(cur) > K {
		cands := make([][]int, len(cur))
		for i, j := range cur {
			cands[i] = without(cur, j)
		}
		scores, err := r.evalAll(cands)
		if err != nil {
			return r.partial(res, cur, curScore, b.Rule), err
		}
		bi := argBest(r.ev, scores)
		if b.Rule == StopRule && r.improves(curScore, scores[bi], b.MinImprove) {
			break
		}
		removed := cur[bi]
		cur, curScore = cands[bi], scores[bi]
		r.offer(res, cur, curScore)
		res.History = append(res.History, r.step("remove", removed, curScore, cur))
	}
	return r.partial(res, cur, curScore, b.Rule), nil
}

// Bidirectional is Zhou's bidirectional search (11.1): a forward search
// from the empty set and a backward search from the full set run in
// turns; a feature the forward search selected is kept for good (the
// backward search may not remove it) and a feature the backward search
// removed never returns (the forward search may not add it). Each round
// makes one forward step (add the best feature of B \ F to F) and then
// one backward step (remove from B the feature of B \ F whose removal
// leaves the best score), until the two sets meet. It returns the best
// subset either search visited (ties to the smaller subset, then the
// earlier one).
type Bidirectional struct{}

func (Bidirectional) name() string { return "bidirectional search" }

func (Bidirectional) run(r *runner) (*Result, error) {
	d := r.ev.D
	r.total = 1 + d*(d+1)/2
	res := newResult(d)
	var F []int
	B := make([]int, d)
	for j := range B {
		B[j] = j
	}
	bScore, err := r.eval1(B)
	if err != nil {
		return res, err
	}
	r.offer(res, B, bScore)
	res.History = append(res.History, r.step("start", -1, bScore, B))
	free := func() []int { // B \ F in index order
		var out []int
		for _, j := range B {
			if !contains(F, j) {
				out = append(out, j)
			}
		}
		return out
	}
	for len(F) < len(B) {
		fr := free()
		cands := make([][]int, len(fr))
		for i, j := range fr {
			cands[i] = with(F, j)
		}
		scores, err := r.evalAll(cands)
		if err != nil {
			r.bestOverall(res)
			return res, err
		}
		bi := argBest(r.ev, scores)
		F = cands[bi]
		r.offer(res, F, scores[bi])
		res.History = append(res.History, r.step("add", fr[bi], scores[bi], F))
		if err := r.accept(F); err != nil {
			r.bestOverall(res)
			return res, err
		}
		fr = free()
		if len(fr) == 0 {
			break
		}
		cands = make([][]int, len(fr))
		for i, j := range fr {
			cands[i] = without(B, j)
		}
		scores, err = r.evalAll(cands)
		if err != nil {
			r.bestOverall(res)
			return res, err
		}
		bi = argBest(r.ev, scores)
		B = cands[bi]
		r.offer(res, B, scores[bi])
		res.History = append(res.History, r.step("remove", fr[bi], scores[bi], B))
	}
	r.bestOverall(res)
	return res, nil
}

func argBest(ev *Evaluator, scores []float64) int {
	bi := 0
	for i := range scores {
		if ev.Better(scores[i], scores[bi]) {
			bi = i
		}
	}
	return bi
}

// Floating is sequential floating search (Pudil, Novovičová and Kittler
// 1994). SFFS (the default): after each forward step, conditional
// backward steps remove the least useful feature (never the one just
// added) as long as the smaller subset is strictly better than the best
// subset of that size found so far. SBFS (Backward true) is the mirror
// image from the full set: after each removal, conditional forward steps
// add a feature back while that beats the best subset of the larger size.
// The search ends when the size reaches K; BySize holds the best subset of
// every size it met, and Subset the best of them all (ties to the
// smaller).
//
// Pudil's algorithm does not guarantee that its subset of a given size is
// at least as good as plain forward (backward) search's: after a
// successful backward step it climbs again from a different subset, and
// the climb can end below the plain path (on random least-squares problems
// with 12 features, 6 sizes in 600 problems were worse). By default
// Floating therefore also walks the plain sequential path (Forward or
// Backward with Rule ExactK to size K, evaluations shared through the
// cache) and offers its subsets to BySize, so that floating search is never
// worse than sequential search at any size. PudilOnly turns this off.
type Floating struct {
	// K is the size at which the search ends (0: d for SFFS, 1 for SBFS).
	K int
	// Backward selects SBFS.
	Backward bool
	// PudilOnly runs Pudil et al.'s algorithm alone, without the plain
	// sequential path.
	PudilOnly bool
}

func (f Floating) name() string {
	if f.Backward {
		return "floating backward search (SBFS)"
	}
	return "floating forward search (SFFS)"
}

func (f Floating) run(r *runner) (*Result, error) {
	d := r.ev.D
	if err := checkK(f.K, d, "floating"); err != nil {
		return nil, err
	}
	res := newResult(d)
	r.total = 0
	// grow and shrink move one feature; their roles swap for SBFS.
	bestOf := func(s []int) float64 {
		if b := res.BySize[len(s)-1]; b.Subset != nil {
			return b.Score
		}
		return r.ev.worst()
	}
	add := func(cur []int) ([]int, int, float64, error) {
		var cands [][]int
		var feats []int
		for j := 0; j < d; j++ {
			if !contains(cur, j) {
				cands = append(cands, with(cur, j))
				feats = append(feats, j)
			}
		}
		scores, err := r.evalAll(cands)
		if err != nil {
			return nil, -1, math.NaN(), err
		}
		bi := argBest(r.ev, scores)
		return cands[bi], feats[bi], scores[bi], nil
	}
	remove := func(cur []int, keep int) ([]int, int, float64, error) {
		var cands [][]int
		var feats []int
		for _, j := range cur {
			if j != keep {
				cands = append(cands, without(cur, j))
				feats = append(feats, j)
			}
		}
		scores, err := r.evalAll(cands)
		if err != nil {
			return nil, -1, math.NaN(), err
		}
		bi := argBest(r.ev, scores)
		return cands[bi], feats[bi], scores[bi], nil
	}
	var cur []int
	if !f.Backward {
		K := f.K
		if K == 0 {
			K = d
		}
		for len(cur) < K {
			next, j, v, err := add(cur)
			if err != nil {
				r.bestOverall(res)
				return res, err
			}
			cur = next
			r.offer(res, cur, v)
			res.History = append(res.History, r.step("add", j, v, cur))
			if err := r.accept(cur); err != nil {
				r.bestOverall(res)
				return res, err
			}
			keep := j
			for len(cur) > 2 {
				smaller, jr, vr, err := remove(cur, keep)
				if err != nil {
					r.bestOverall(res)
					return res, err
				}
				if !r.ev.Better(vr, bestOf(smaller)) {
					break
				}
				cur, keep = smaller, -1
				r.offer(res, cur, vr)
				res.History = append(res.History, r.step("remove", jr, vr, cur))
				if err := r.accept(cur); err != nil {
					r.bestOverall(res)
					return res, err
				}
			}
		}
	} else {
		K := f.K
		if K == 0 {
			K = 1
		}
		cur = make([]int, d)
		for j := range cur {
			cur[j] = j
		}
		v, err := r.eval1(cur)
		if err != nil {
			return res, err
		}
		r.offer(res, cur, v)
		res.History = append(res.History, r.step("start", -1, v, cur))
		for len(cur) > K {
			next, j, v, err := remove(cur, -1)
			if err != nil {
				r.bestOverall(res)
				return res, err
			}
			cur = next
			r.offer(res, cur, v)
			res.History = append(res.History, r.step("remove", j, v, cur))
			skip := j
			for len(cur) < d-2 {
				larger, ja, va, err := addExcept(r, cur, skip)
				if err != nil {
					r.bestOverall(res)
					return res, err
				}
				if larger == nil || !r.ev.Better(va, bestOf(larger)) {
					break
				}
				cur, skip = larger, -1
				r.offer(res, cur, va)
				res.History = append(res.History, r.step("add", ja, va, cur))
			}
		}
	}
	if !f.PudilOnly {
		var seq *Result
		var err error
		if f.Backward {
			seq, err = Backward{K: f.K, Rule: ExactK}.run(r)
		} else {
			seq, err = Forward{K: f.K, Rule: ExactK}.run(r)
		}
		if err != nil {
			r.bestOverall(res)
			return res, err
		}
		for _, b := range seq.BySize {
			if b.Subset != nil {
				r.offer(res, b.Subset, b.Score)
			}
		}
	}
	r.bestOverall(res)
	return res, nil
}

// addExcept is the best single addition to cur other than feature skip.
func addExcept(r *runner, cur []int, skip int) ([]int, int, float64, error) {
	var cands [][]int
	var feats []int
	for j := 0; j < r.ev.D; j++ {
		if j != skip && !contains(cur, j) {
			cands = append(cands, with(cur, j))
			feats = append(feats, j)
		}
	}
	if len(cands) == 0 {
		return nil, -1, r.ev.worst(), nil
	}
	scores, err := r.evalAll(cands)
	if err != nil {
		return nil, -1, math.NaN(), err
	}
	bi := argBest(r.ev, scores)
	return cands[bi], feats[bi], scores[bi], nil
}

// ForwardStep is one round of forward search, serially: it evaluates
// current ∪ {j} for every feature j not in current, in index order, and
// returns the best j with its score (ties to the lowest index). current
// is not modified. It is the reference of notebook 03's exercise.
func ForwardStep(ev *Evaluator, current []int) (best int, bestScore float64, err error) {
	if err := ev.check(); err != nil {
		return -1, math.NaN(), err
	}
	for k, j := range current {
		if j < 0 || j >= ev.D {
			return -1, math.NaN(), featlab.Errorf(featlab.ErrParam, "search: ForwardStep: current[%d] = %d is not a feature of %d", k, j, ev.D)
		}
	}
	defer func() {
		if p := recover(); p != nil {
			best, bestScore = -1, math.NaN()
			err = featlab.Errorf(featlab.ErrPanic, "search: ForwardStep: %s panicked: %v", ev.Name, p)
		}
	}()
	best, bestScore = -1, ev.worst()
	for j := 0; j < ev.D; j++ {
		if contains(current, j) {
			continue
		}
		v, err := ev.Eval(with(current, j))
		if err != nil {
			return -1, math.NaN(), err
		}
		if math.IsNaN(v) {
			return -1, math.NaN(), featlab.Errorf(featlab.ErrNotFinite, "search: score of subset %v is NaN", with(current, j))
		}
		if best < 0 || ev.Better(v, bestScore) {
			best, bestScore = j, v
		}
	}
	if best < 0 {
		return -1, math.NaN(), featlab.Errorf(featlab.ErrParam, "search: no feature left to add to %v", current)
	}
	return best, bestScore, nil
}
