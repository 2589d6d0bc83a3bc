package chapter

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/search"
)

// StepFunc is a forward step: the feature (0..d-1, not in current) whose
// addition gives the lowest score, ties to the lowest index.
type StepFunc = func(current []int, d int, score func([]int) float64) int

// DropFunc is a backward step: the feature of current whose removal gives
// the lowest score, ties to the lowest index.
type DropFunc = func(current []int, score func([]int) float64) int

// AcceptFunc is LVW's acceptance rule.
type AcceptFunc = func(e float64, n int, best float64, bestSize int) bool

// Scores is a subset score given to a step exercise. It prints as the
// table of the scores a step can reach, so that a failure report shows
// the numbers, not the function's type.
type Scores struct {
	F       func([]int) float64
	current []int
	d       int
	drop    bool
}

// String lists score(current + {j}) for every candidate j (a forward step)
// or score(current - {j}) for every j in current (a backward step).
func (s Scores) String() string {
	var parts []string
	for _, j := range s.candidates() {
		parts = append(parts, fmt.Sprintf("%d: %.4g", j, s.F(s.move(j))))
	}
	what := "score(current + {j})"
	if s.drop {
		what = "score(current - {j})"
	}
	return what + " for j = {" + strings.Join(parts, ", ") + "}"
}

func (s Scores) candidates() []int {
	if s.drop {
		return slices.Sorted(slices.Values(s.current))
	}
	var c []int
	for j := 0; j < s.d; j++ {
		if !slices.Contains(s.current, j) {
			c = append(c, j)
		}
	}
	return c
}

func (s Scores) move(j int) []int {
	if s.drop {
		return slices.DeleteFunc(slices.Clone(s.current), func(i int) bool { return i == j })
	}
	return append(slices.Clone(s.current), j)
}

// randomScore is a linear subset score rounded to halves, so that
// ties are frequent.
func randomScore(r *rand.Rand, d int) func([]int) float64 {
	w := exercise.Normal(r, d)
	return func(s []int) float64 {
		v := 0.0
		for _, j := range s {
			v += w[j] * float64(j%3+1)
		}
		return math.Round(v*2) / 2
	}
}

// stepHint explains a wrong step from the scores of the candidates.
func stepHint(s Scores, want, got int) string {
	cand := s.candidates()
	if !slices.Contains(cand, got) {
		if !s.drop && slices.Contains(s.current, got) {
			return fmt.Sprintf("feature %d is already in the subset: a forward step adds one that is not", got)
		}
		return fmt.Sprintf("feature %d is not a candidate: the candidates are %v", got, cand)
	}
	gs, ws := s.F(s.move(got)), s.F(s.move(want))
	worst := math.Inf(-1)
	for _, j := range cand {
		worst = math.Max(worst, s.F(s.move(j)))
	}
	switch {
	case gs == ws && got > want:
		return fmt.Sprintf("features %d and %d tie at score %.4g: ties go to the lowest index", want, got, ws)
	case gs == worst && gs > ws:
		return fmt.Sprintf("feature %d gives the highest score, %.4g: lower is better here (feature %d gives %.4g)", got, gs, want, ws)
	}
	return fmt.Sprintf("feature %d gives score %.4g, feature %d the lower %.4g", got, gs, want, ws)
}

// ForwardStep checks a forward step against search.ForwardStep on 25
// random problems with frequent ties.
func ForwardStep() exercise.Exercise[StepFunc] {
	ref := func(current []int, d int, score func([]int) float64) int {
		ev := search.Func("score", d, false, func(s []int) (float64, error) { return score(s), nil })
		return must3(search.ForwardStep(ev, current))
	}
	return exercise.Exercise[StepFunc]{
		Name: "one forward step", Reference: ref, ArgNames: []string{"current", "d", "score"},
		Generate: func(r *rand.Rand, i int) []any {
			d := exercise.Size(i, 2, 8)
			cur := r.Perm(d)[:r.IntN(d)]
			return []any{cur, d, Scores{F: randomScore(r, d), current: cur, d: d}}
		},
		Call: func(f StepFunc, a []any) (any, error) {
			return f(a[0].([]int), a[1].(int), a[2].(Scores).F), nil
		},
		Hint: func(a []any, want, got any) string { return stepHint(a[2].(Scores), want.(int), got.(int)) },
	}
}

func must3(j int, _ float64, err error) int {
	if err != nil {
		panic(err)
	}
	return j
}

// BackwardStep checks a backward step (remove the feature whose removal
// gives the lowest score, ties to the lowest index) on 25 random problems.
func BackwardStep() exercise.Exercise[DropFunc] {
	ref := func(current []int, score func([]int) float64) int {
		best, bestScore := -1, math.Inf(1)
		for _, j := range slices.Sorted(slices.Values(current)) {
			rest := slices.DeleteFunc(slices.Clone(current), func(i int) bool { return i == j })
			if v := score(rest); v < bestScore {
				best, bestScore = j, v
			}
		}
		return best
	}
	return exercise.Exercise[DropFunc]{
		Name: "one backward step", Reference: ref, ArgNames: []string{"current", "score"},
		Generate: func(r *rand.Rand, i int) []any {
			d := exercise.Size(i, 2, 8)
			cur := r.Perm(d)[:1+r.IntN(d)]
			return []any{cur, Scores{F: randomScore(r, d), current: cur, d: d, drop: true}}
		},
		Call: func(f DropFunc, a []any) (any, error) { return f(a[0].([]int), a[1].(Scores).F), nil },
		Hint: func(a []any, want, got any) string { return stepHint(a[1].(Scores), want.(int), got.(int)) },
	}
}

// Accept checks LVW's acceptance rule against search.Accept (tolerance 0).
func Accept() exercise.Exercise[AcceptFunc] {
	return exercise.Exercise[AcceptFunc]{
		Name:      "LVW acceptance rule",
		Reference: func(e float64, n int, best float64, bestSize int) bool { return search.Accept(e, n, best, bestSize, 0) },
		ArgNames:  []string{"e", "n", "best", "bestSize"},
		Generate: func(r *rand.Rand, i int) []any {
			errs := []float64{0.1, 0.2, 0.3, math.Inf(1)}
			return []any{errs[r.IntN(3)], 1 + r.IntN(5), errs[r.IntN(4)], 1 + r.IntN(5)}
		},
		Call: func(f AcceptFunc, a []any) (any, error) {
			return f(a[0].(float64), a[1].(int), a[2].(float64), a[3].(int)), nil
		},
		Hint: func(a []any, want, got any) string {
			e, n, best, bs := a[0].(float64), a[1].(int), a[2].(float64), a[3].(int)
			switch {
			case e == best && n == bs:
				return "an equal error with as many features is not an improvement: keep the current best"
			case e == best:
				return fmt.Sprintf("equal errors: the candidate wins only with fewer features (%d against %d)", n, bs)
			}
			return fmt.Sprintf("error %.4g against the best %.4g: a lower error always wins, whatever the size", e, best)
		},
		Cases: 40,
	}
}
