package search

import (
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// LVWStream is the PCG stream LVW draws its subsets from (with Seed).
const LVWStream = 0x4c5657 // "LVW"

// LVW is the Las Vegas Wrapper of Liu and Setiono (1996), Zhou's Algorithm
// 11.1 (section 11.3), implemented from the prose since the algorithm's
// box is missing from our copy of the text:
//
//	E = +inf; A* = A (all d features); d* = d; t = 0
//	while t < T:
//	    draw a random subset A'; d' = |A'|
//	    E' = evaluation of A' (the cross-validated error of the learner)
//	    if E' < E, or E' = E and d' < d*:
//	        t = 0; E = E'; d* = d'; A* = A'      (accept)
//	    else:
//	        t = t + 1
//	return A*
//
// Random subsets: each feature enters A' independently with probability
// 1/2 and an empty draw is drawn again, so A' is uniform over the 2^d - 1
// non-empty subsets. Draws come from a PCG generator seeded with (Seed,
// LVWStream): same seed, same subsets, same result for any Workers.
// Ties: "comparable" errors are |E' - E| <= Tol (default 0: equal); with a
// higher-is-better evaluator the comparisons are mirrored. The full set A
// is the starting answer but is never evaluated: the first draw is always
// accepted (E = +inf).
//
// Under a time limit, a Las Vegas method either gives a satisfactory answer
// or none, a Monte Carlo method always gives one: with MaxEvals set and
// reached before t reaches T, LVW returns Found false and no subset (Las
// Vegas), or, with MonteCarlo set, the best subset so far with Found true.
type LVW struct {
	// T is the number of consecutive non-improving rounds that ends the
	// search; required, in [1, featlab.DefaultMaxCells]: more rounds than
	// 2^27 would run for days (bound a long search with MaxEvals or a
	// context instead).
	T int
	// Seed seeds the random subsets.
	Seed uint64
	// Tol >= 0 is the tolerance within which two errors are equal.
	Tol float64
	// MaxEvals, if > 0, is the evaluation budget (the time limit).
	MaxEvals int
	// MonteCarlo returns the best subset so far when the budget runs out.
	MonteCarlo bool
}

func (l LVW) name() string {
	if l.MonteCarlo {
		return "LVW (Monte Carlo under a budget)"
	}
	return "LVW"
}

// Accept is LVW's acceptance rule: a candidate with error e and size n
// replaces the current best (error best, size bestSize) when its error is
// lower, or comparable (within tol) with fewer features. Lower is better.
func Accept(e float64, n int, best float64, bestSize int, tol float64) bool {
	if math.Abs(e-best) <= tol {
		return n < bestSize
	}
	return e < best
}

func (l LVW) run(r *runner) (*Result, error) {
	d := r.ev.D
	if l.T < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "search: LVW needs T >= 1, got %d", l.T)
	}
	if l.T > featlab.DefaultMaxCells {
		return nil, featlab.Errorf(featlab.ErrParam, "search: LVW T = %d rounds is over %d, which would run for days; bound the search with MaxEvals or a context", l.T, featlab.DefaultMaxCells)
	}
	if l.MaxEvals < 0 || math.IsNaN(l.Tol) || l.Tol < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "search: LVW MaxEvals = %d and Tol = %v must be >= 0", l.MaxEvals, l.Tol)
	}
	rng := rand.New(rand.NewPCG(l.Seed, LVWStream))
	draw := func() []int {
		for {
			var s []int
			for j := 0; j < d; j++ {
				if rng.Uint64()&1 == 1 {
					s = append(s, j)
				}
			}
			if len(s) > 0 {
				return s
			}
		}
	}
	sign := 1.0
	if r.ev.Higher {
		sign = -1
	}
	res := newResult(d)
	best := make([]int, d)
	for j := range best {
		best[j] = j
	}
	bestE, bestN := math.Inf(1), d
	t := 0
	// Draws do not depend on the outcome, so a batch of them is evaluated
	// at once and consumed in order; evaluations past the stopping round
	// are not counted (Evaluations counts the rounds consumed).
	batch := max(1, 2*r.workersN())
	accepted := false
	for t < l.T {
		nb := batch
		if l.MaxEvals > 0 {
			nb = min(nb, l.MaxEvals-res.Rounds)
			if nb <= 0 {
				break
			}
		}
		cands := make([][]int, nb)
		for i := range cands {
			cands[i] = draw()
		}
		scores, err := r.evalAll(cands)
		if err != nil {
			l.finish(res, best, bestE*sign, accepted, true)
			return res, err
		}
		for i, s := range cands {
			res.Rounds++
			e := sign * scores[i]
			r.offer(res, s, scores[i])
			if Accept(e, len(s), bestE, bestN, l.Tol) {
				t, bestE, bestN, best = 0, e, len(s), s
				accepted = true
				res.History = append(res.History, r.step("accept", -1, scores[i], s))
			} else {
				t++
				if t >= l.T {
					break
				}
			}
		}
	}
	l.finish(res, best, bestE*sign, accepted, t >= l.T)
	res.Evaluations = res.Rounds
	return res, nil
}

func (l LVW) finish(res *Result, best []int, score float64, accepted, done bool) {
	res.Found = done || l.MonteCarlo
	if res.Found && accepted {
		res.Subset, res.Score = append([]int(nil), best...), score
	}
	if !accepted {
		res.Found = false
	}
}

func (r *runner) workersN() int {
	if r.workers > 0 {
		return r.workers
	}
	return par.Workers(0, 1<<30)
}
