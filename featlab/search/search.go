package search

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// Strategy is a subset search (Zhou's "subset search"): Forward, Backward,
// Bidirectional, Floating, Exhaustive or LVW. A method = a Strategy x a
// Criterion.
type Strategy interface {
	run(r *runner) (*Result, error)
	name() string
}

// Config is one feature selection method: a search strategy crossed with a
// subset-evaluation criterion. Its zero value has no Criterion (an error);
// the zero Strategy is Forward{}. Config implements featlab.Selector, so a
// search can sit in a transform.Pipeline.
type Config struct {
	// Strategy is the search. Default Forward{} (Zhou's stop rule, no
	// budget).
	Strategy Strategy
	// Criterion builds the evaluator from X and y; required. An
	// *Evaluator is a Criterion too.
	Criterion Criterion
	// Names are the feature names (nil: x1, ..., xd).
	Names []string
	// Workers evaluates candidate subsets on this many goroutines (0: all
	// cores). The result is the same for any value.
	Workers int
	// Progress, if set, is told (done, total) evaluations from the calling
	// goroutine, in order; total is the planned number (an upper bound for
	// searches that may stop early, 0 when unknown: Floating and LVW).
	Progress featlab.Progress
}

// Result is a finished search.
type Result struct {
	Method string   // strategy x criterion
	Names  []string // names of all d features
	Higher bool     // higher scores are better
	// Subset is the chosen subset, in order of entry for forward moves.
	Subset []int
	// Score is the evaluation of Subset (NaN when no subset was found).
	Score float64
	// BySize[s-1] is the best subset of size s the search evaluated (nil
	// Subset and NaN Score for sizes it never reached): the best subset
	// of every size for Exhaustive and BestSubsets, the trajectory for
	// the greedy searches.
	BySize []Scored
	// History has one step per move (add, remove, accept, ...), with the
	// subset after the move and its score.
	History []featlab.Step
	// Evaluations is the number of distinct subsets evaluated; Requests
	// counts repeated requests too (answered from the cache).
	Evaluations, Requests int
	// Found is false when a Las Vegas search ran out of its budget before
	// its stopping condition: Subset is then nil (see LVW).
	Found bool
	// Rounds is the number of random subsets LVW drew (0 otherwise).
	Rounds int
}

// Scored is a subset with its score.
type Scored struct {
	Subset []int
	Score  float64
}

// Selection returns the chosen subset as a featlab.Selection whose History
// is the search's.
func (r *Result) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.Method, r.Names, append([]int(nil), r.Subset...))
	s.History = append([]featlab.Step(nil), r.History...)
	return s
}

// String prints the method, the chosen subset and the history.
func (r *Result) String() string {
	return r.Selection().String()
}

// SubsetNames returns the names of the features in sub.
func (r *Result) SubsetNames(sub []int) []string {
	out := make([]string, len(sub))
	for k, j := range sub {
		if j < 0 || j >= len(r.Names) {
			panic(fmt.Sprintf("search: Result.SubsetNames: index %d out of range for %d features", j, len(r.Names)))
		}
		out[k] = r.Names[j]
	}
	return out
}

// Select runs the search cfg describes on X and y.
func Select(X mat.Matrix, y []float64, cfg Config) (*Result, error) {
	return SelectContext(context.Background(), X, y, cfg)
}

// SelectContext is Select with a context: cancelled, it returns the best
// result so far together with an error wrapping context.Canceled.
func SelectContext(ctx context.Context, X mat.Matrix, y []float64, cfg Config) (*Result, error) {
	if cfg.Criterion == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "search: Config.Criterion is nil")
	}
	if _, isEv := cfg.Criterion.(*Evaluator); !isEv {
		if _, _, err := featlab.CheckXY(X, y, cfg.Names); err != nil {
			return nil, err
		}
	}
	ev, err := criterionEvaluator(ctx, cfg.Criterion, X, y)
	if err != nil {
		return nil, err
	}
	return Run(ctx, ev, cfg)
}

// contextCriterion is a Criterion whose set-up (such as LeastSquares'
// Gram sums) looks at a context.
type contextCriterion interface {
	evaluatorContext(ctx context.Context, X mat.Matrix, y []float64) (*Evaluator, error)
}

// criterionEvaluator calls c.Evaluator (with ctx when c's set-up can look
// at it), returning a panic of a user Criterion as an error wrapping
// featlab.ErrPanic.
func criterionEvaluator(ctx context.Context, c Criterion, X mat.Matrix, y []float64) (ev *Evaluator, err error) {
	defer func() {
		if p := recover(); p != nil {
			ev, err = nil, featlab.Errorf(featlab.ErrPanic, "search: Criterion %T: Evaluator panicked: %v", c, p)
		}
	}()
	if ctx == nil {
		ctx = context.Background()
	}
	if cc, ok := c.(contextCriterion); ok {
		return cc.evaluatorContext(ctx, X, y)
	}
	return c.Evaluator(X, y)
}

// Select implements featlab.Selector.
func (c Config) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := Select(X, y, c)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Run searches with a ready evaluator (cfg.Criterion is ignored; X and y
// are not needed). Cancelled, it returns the best result so far with an
// error wrapping ctx.Err().
func Run(ctx context.Context, ev *Evaluator, cfg Config) (*Result, error) {
	if err := ev.check(); err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(ev.D)
	} else if len(names) != ev.D {
		return nil, featlab.Errorf(featlab.ErrShape, "search: %d names for %d features", len(names), ev.D)
	}
	st := cfg.Strategy
	if st == nil {
		st = Forward{}
	}
	r := &runner{ctx: ctx, raw: ev, names: names, workers: cfg.Workers, progress: cfg.Progress}
	if _, ok := st.(Exhaustive); ok {
		r.ev = ev // every subset once: a cache would only cost memory
	} else {
		r.memo = Memoize(ev)
		r.ev = r.memo.Evaluator()
	}
	res, err := st.run(r)
	if res != nil {
		res.Method = st.name() + " x " + ev.Name
		res.Names = names
		res.Higher = ev.Higher
		if r.memo != nil {
			res.Evaluations, res.Requests = r.memo.Evaluations(), r.memo.Requests()
		} else {
			res.Evaluations, res.Requests = r.requests, r.requests
		}
		if _, ok := st.(LVW); ok {
			// One evaluation per round, as Zhou counts; requests too: the
			// batch evaluated past the stopping round depends on Workers.
			res.Evaluations, res.Requests = res.Rounds, res.Rounds
		}
	}
	return res, err
}

// runner carries what every strategy needs.
type runner struct {
	ctx      context.Context
	raw, ev  *Evaluator
	memo     *Memo
	names    []string
	workers  int
	progress featlab.Progress
	done     int // evaluations reported to progress
	total    int
	requests int
}

// evalAll scores the subsets on the worker pool; the scores are in input
// order, the same for any number of workers. A failing evaluation (error,
// NaN, panic) returns the error of the lowest failing index, naming its
// subset. A cancelled context returns an error wrapping ctx.Err().
func (r *runner) evalAll(subsets [][]int) ([]float64, error) {
	scores := make([]float64, len(subsets))
	base := r.done
	var prog func(done, total int)
	if r.progress != nil {
		prog = func(done, _ int) {
			tot := r.total
			if tot < base+done {
				tot = 0
			}
			r.progress(base+done, tot)
		}
	}
	err := par.Do(r.ctx, len(subsets), r.workers, prog, func(i int) (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = featlab.Errorf(featlab.ErrPanic, "search: %s panicked on subset %s: %v", r.ev.Name, r.set(subsets[i]), p)
			}
		}()
		v, err := r.ev.Eval(subsets[i])
		if err != nil {
			return featlab.Wrap(err, "search: subset %s", r.set(subsets[i]))
		}
		if math.IsNaN(v) {
			return featlab.Errorf(featlab.ErrNotFinite, "search: %s of subset %s is NaN", r.ev.Name, r.set(subsets[i]))
		}
		scores[i] = v
		return nil
	})
	r.done += len(subsets)
	r.requests += len(subsets)
	if err != nil {
		return nil, err
	}
	return scores, nil
}

// announce tells Progress the planned total before the first evaluation;
// a panic in Progress is returned as an error wrapping featlab.ErrPanic.
func (r *runner) announce(total int) (err error) {
	if r.progress == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			err = featlab.Errorf(featlab.ErrPanic, "search: Progress panicked: %v", p)
		}
	}()
	r.progress(0, total)
	return nil
}

// accept tells the evaluator the subset the strategy moved to; a panic in
// Accept is returned as an error wrapping featlab.ErrPanic.
func (r *runner) accept(s []int) (err error) {
	if r.ev.Accept == nil {
		return nil
	}
	defer func() {
		if p := recover(); p != nil {
			err = featlab.Errorf(featlab.ErrPanic, "search: %s: Accept panicked on subset %s: %v", r.ev.Name, r.set(s), p)
		}
	}()
	r.ev.Accept(s)
	return nil
}

func (r *runner) eval1(s []int) (float64, error) {
	v, err := r.evalAll([][]int{s})
	if err != nil {
		return math.NaN(), err
	}
	return v[0], nil
}

// set formats a subset with names, as {x1, x4}.
func (r *runner) set(s []int) string {
	parts := make([]string, len(s))
	for k, j := range s {
		if j >= 0 && j < len(r.names) {
			parts[k] = r.names[j]
		} else {
			parts[k] = fmt.Sprint(j)
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func (r *runner) step(action string, feature int, score float64, subset []int) featlab.Step {
	name := ""
	if feature >= 0 {
		name = r.names[feature]
	}
	return featlab.Step{Action: action, Feature: feature, Name: name, Score: score, Subset: append([]int(nil), subset...)}
}

// newResult starts a result with d empty size slots.
func newResult(d int) *Result {
	res := &Result{Score: math.NaN(), BySize: make([]Scored, d), Found: true}
	for s := range res.BySize {
		res.BySize[s].Score = math.NaN()
	}
	return res
}

// offer records subset s with score v in BySize when it beats the entry of
// its size (the first one found wins ties).
func (r *runner) offer(res *Result, s []int, v float64) {
	b := &res.BySize[len(s)-1]
	if b.Subset == nil || r.ev.Better(v, b.Score) {
		b.Subset, b.Score = append([]int(nil), s...), v
	}
}

// bestOverall sets res.Subset to the best entry of BySize; ties go to the
// smaller subset.
func (r *runner) bestOverall(res *Result) {
	for _, b := range res.BySize {
		if b.Subset != nil && (res.Subset == nil || r.ev.Better(b.Score, res.Score)) {
			res.Subset, res.Score = append([]int(nil), b.Subset...), b.Score
		}
	}
}

func without(s []int, j int) []int {
	out := make([]int, 0, len(s))
	for _, v := range s {
		if v != j {
			out = append(out, v)
		}
	}
	return out
}

func with(s []int, j int) []int {
	out := make([]int, len(s), len(s)+1)
	copy(out, s)
	return append(out, j)
}

func contains(s []int, j int) bool {
	for _, v := range s {
		if v == j {
			return true
		}
	}
	return false
}

func checkK(k, d int, what string) error {
	if k < 0 || k > d {
		return featlab.Errorf(featlab.ErrParam, "search: %s K = %d outside [1, d = %d] (0: default)", what, k, d)
	}
	return nil
}

func checkMin(v float64, what string) error {
	if math.IsNaN(v) || v < 0 || math.IsInf(v, 0) {
		return featlab.Errorf(featlab.ErrParam, "search: %s MinImprove = %v must be finite and >= 0", what, v)
	}
	return nil
}
