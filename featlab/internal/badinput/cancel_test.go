package badinput

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/sensing"
	"github.com/featlab/course/featlab/validate"
)

// Cancellation latency (issue 20), opt-in because wall-clock bounds must
// not gate CI: FEATLAB_CANCEL=1 go test -run TestCancelLatency -v
// ./featlab/internal/badinput/ (make cancel-latency). Every Context entry
// point runs on an input that takes several seconds, is cancelled after
// each of cancelPoints, and must return within one second with an error wrapping
// context.Canceled; each entry's latency is printed.

// cancelPoints are when each call is cancelled: early (a set-up phase, such
// as a power iteration for a step size) and mid-run.
var cancelPoints = []time.Duration{50 * time.Millisecond, 300 * time.Millisecond}

// measureCancel runs f, cancels it after the given time and returns the
// latency of its return and its error; early > 0 when it finished before
// the cancel, stuck when it still ran 60 s after it.
func measureCancel(f func(context.Context) (any, error), after time.Duration) (lat time.Duration, err error, early time.Duration, stuck bool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, err, p := call(func() (any, error) { return f(ctx) })
		if p != "" {
			err = errors.New("panicked: " + p)
		}
		done <- err
	}()
	select {
	case err = <-done:
		return 0, err, time.Since(start), false
	case <-time.After(after):
	}
	cancelled := time.Now()
	cancel()
	select {
	case err = <-done:
		return time.Since(cancelled), err, 0, false
	case <-time.After(60 * time.Second):
		return time.Since(cancelled), nil, 0, true
	}
}

// heavyXY is a regression problem of m rows and d columns that keeps an
// (X, y) entry busy for seconds; classes > 1 gives class labels 0, ...,
// classes-1 instead (quantile bins of the same linear score).
func heavyXY(m, d int, classes int) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(7, 7))
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	for i := range raw {
		raw[i] = r.NormFloat64()
	}
	y := make([]float64, m)
	for i := range y {
		s := r.NormFloat64()
		for j := 0; j < 10 && j < d; j++ {
			s += X.At(i, j) * float64(j+1)
		}
		y[i] = s
	}
	if classes > 1 {
		// the score is symmetric about 0 and of variance 1 + 385: bins of
		// its normal quantiles give classes of about equal size
		sd := math.Sqrt(386)
		for i, s := range y {
			c := math.Floor(float64(classes) * 0.5 * math.Erfc(-s/sd/math.Sqrt2))
			y[i] = math.Min(math.Max(c, 0), float64(classes-1))
		}
	}
	return X, y
}

// heavyClasses gives the number of classes of the labels an entry's
// heavy input holds, for classifiers not marked classif in the registry
// (the multinomial entries refuse a continuous y of 20000 distinct values
// with ErrTooLarge, so they were never measured); classif entries get 2.
var heavyClasses = map[string]int{
	"linear.Multinomial":                  3,
	"linear.MultinomialPath":              3,
	"linear.MultinomialCV":                3,
	"linear.OneVsRest":                    3,
	"linear.MultinomialConfig.FitContext": 3,
	"linear.OneVsRestConfig.FitContext":   3,
}

// heavyObserved observes 30% of a rank-5 n x n matrix.
func heavyObserved(n int) *sensing.Observations {
	r := rand.New(rand.NewPCG(5, 5))
	U, V := mat.NewDense(n, 5, nil), mat.NewDense(5, n, nil)
	for i := 0; i < n; i++ {
		for k := 0; k < 5; k++ {
			U.Set(i, k, r.NormFloat64())
			V.Set(k, i, r.NormFloat64())
		}
	}
	var M mat.Dense
	M.Mul(U, V)
	var I, J []int
	var vals []float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if r.Float64() < 0.3 {
				I, J, vals = append(I, i), append(J, j), append(vals, M.At(i, j))
			}
		}
	}
	o, err := sensing.ObserveEntries(n, n, I, J, vals)
	if err != nil {
		panic(err)
	}
	return o
}

// heavyCalls are the Context entry points that are not xyCtx entries (or
// need a bigger input than heavyXY's), by exported identifier.
var heavyCalls = map[string]func(ctx context.Context) (any, error){
	"search.Run": func(ctx context.Context) (any, error) {
		X, y := heavyXY(10000, 100, 0)
		ev, err := search.LeastSquares{Score: search.CVMSE, K: 5}.Evaluator(X, y)
		if err != nil {
			return nil, err
		}
		return search.Run(ctx, ev, search.Config{Strategy: search.Floating{}})
	},
	"greedy.OMPBatchContext": func(ctx context.Context) (any, error) {
		return greedy.OMPBatchContext(ctx, ompD, ompY, greedy.OMPConfig{T: 20})
	},
	"sensing.RIPContext": func(ctx context.Context) (any, error) {
		A, err := sensing.Gaussian(40, 60, 1)
		if err != nil {
			return nil, err
		}
		return sensing.RIPContext(ctx, A, 5, sensing.RIPConfig{MaxSubsets: 1 << 24})
	},
	"sensing.PhaseTransitionContext": func(ctx context.Context) (any, error) {
		return sensing.PhaseTransitionContext(ctx, sensing.PhaseTransitionConfig{M: 200, Trials: 50})
	},
	"sensing.NuclearNormContext": func(ctx context.Context) (any, error) {
		return sensing.NuclearNormContext(ctx, heavyObserved(300), sensing.NuclearNormConfig{Tol: 1e-14})
	},
	"sensing.SVTContext": func(ctx context.Context) (any, error) {
		return sensing.SVTContext(ctx, heavyObserved(400), sensing.SVTConfig{Tol: 1e-14, MaxIter: 100000})
	},
	"sensing.SoftImputeContext": func(ctx context.Context) (any, error) {
		return sensing.SoftImputeContext(ctx, heavyObserved(400), sensing.SoftImputeConfig{NLambda: 200, Tol: 1e-14})
	},
	"sensing.RefineContext": func(ctx context.Context) (any, error) {
		return sensing.RefineContext(ctx, refineObs, refineStart, sensing.RefineConfig{Rank: 5, Tol: 1e-300, MaxIter: 1 << 20})
	},
	"validate.CrossValidateContext": func(ctx context.Context) (any, error) {
		X, y := heavyXY(20000, 200, 0)
		folds, err := validate.KFold(20000, 20, 1)
		if err != nil {
			return nil, err
		}
		return validate.CrossValidateContext(ctx, X, y, validate.CVConfig{Learner: linear.LassoConfig{Lambda: 1e-4, Tol: 1e-14}, Folds: folds, Metric: validate.MSE})
	},
}

// ompD and ompY are OMPBatchContext's dictionary and signals, built by
// heavyPrep before the clock starts.
var ompD, ompY *mat.Dense

// refineObs and refineStart are RefineContext's observations and starting
// completion, built by heavyPrep before the clock starts (they took
// seconds, which were counted as cancellation latency).
var (
	refineObs   *sensing.Observations
	refineStart *sensing.Completion
)

// heavyPrep builds, off the clock, inputs too big to build inside a call.
var heavyPrep = map[string]func(){
	"sensing.RefineContext": func() {
		refineObs = heavyObserved(2500) // 400 converged in 66 ms, 1200 in 282 ms
		p, err := sensing.SoftImpute(refineObs, sensing.SoftImputeConfig{NLambda: 2})
		if err != nil {
			panic(err)
		}
		refineStart = p.Last()
	},
	"greedy.OMPBatchContext": func() {
		ompD, _ = heavyXY(256, 512, 0)
		ompY, _ = heavyXY(100000, 256, 0)
	},
}

// heavySizes overrides heavyXY's default size (rows, columns) for an
// entry.
var heavySizes = map[string][2]int{
	// [X | I] is m x (d + m): keep m small.
	"sensing.BasisPursuit": {400, 400},
	"sensing.L0":           {60, 40},
	"sensing.IHT":          {40000, 400},
	// converge fast on the default size; on a quiet machine the smaller
	// sizes of the first version (100000 x 300 for the lasso, 20000 x 300
	// for the others below) finished before the 300 ms cancel
	"linear.Lasso":           {300000, 300},
	"linear.LassoPath":       {300000, 300},
	"linear.SGDLeastSquares": {300000, 300},
	"linear.ElasticNet":      {100000, 300},
	"linear.LassoCV":         {100000, 300},
	"linear.Logistic":        {100000, 300},
	"linear.OneVsRest":       {100000, 300},
	"represent.SparseEncode": {1200000, 64},
	"stability.LassoPath":    {60000, 300},
	"stability.Path":         {120000, 300}, // 200000: one round of its selector (no context) took 2 s
	"stability.Select":       {100000, 300}, // 60000 finished in 129-330 ms, 150000 had rounds of 0.9 s
}

// TestCancelLatency cancels every Context entry point mid-run.
func TestCancelLatency(t *testing.T) {
	if os.Getenv("FEATLAB_CANCEL") != "1" {
		t.Skip("opt-in wall-clock test: FEATLAB_CANCEL=1 (make cancel-latency)")
	}
	type run struct {
		id   string
		prep func() func(ctx context.Context) (any, error) // builds the input, off the clock
	}
	var runs []run
	covered := map[string]bool{}
	for _, e := range registry() {
		if e.ctx == nil {
			continue
		}
		size, ok := heavySizes[e.id]
		if !ok {
			size = [2]int{20000, 300}
		}
		e := e
		classes := heavyClasses[e.id]
		if e.classif {
			classes = 2
		}
		runs = append(runs, run{e.id, func() func(ctx context.Context) (any, error) {
			X, y := heavyXY(size[0], size[1], classes)
			return func(ctx context.Context) (any, error) { return e.ctx(ctx, X, y) }
		}})
		for _, c := range e.covers {
			covered[c] = true
		}
	}
	for _, id := range sortedKeys(heavyCalls) {
		f, prep := heavyCalls[id], heavyPrep[id]
		runs = append(runs, run{id, func() func(ctx context.Context) (any, error) {
			if prep != nil {
				prep()
			}
			return f
		}})
		covered[id] = true
	}
	var missing []string
	for _, id := range exportedIdentifiers(t) {
		if (strings.HasSuffix(id, "Context") || id == "search.Run") && !covered[id] {
			missing = append(missing, id)
		}
	}
	for _, id := range missing {
		t.Errorf("%s: a Context entry point with no heavy input (add it to heavyCalls)", id)
	}
	// The toy ignores its context: it must be reported SLOW.
	runs = append(runs, run{"toy (ignores its context)", func() func(ctx context.Context) (any, error) { return toyCancel }})
	sort.Slice(runs, func(a, b int) bool { return runs[a].id < runs[b].id })
	var only *regexp.Regexp
	if pat := os.Getenv("FEATLAB_CANCEL_RUN"); pat != "" {
		var err error
		if only, err = regexp.Compile(pat); err != nil {
			t.Fatalf("FEATLAB_CANCEL_RUN=%q: %v", pat, err)
		}
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-40s %9s %10s  %s\n", "entry", "cancel at", "latency", "status")
	for _, r := range runs {
		if only != nil && !only.MatchString(r.id) {
			continue
		}
		toy := strings.HasPrefix(r.id, "toy")
		f := r.prep()
		for _, after := range cancelPoints {
			lat, err, early, stuck := measureCancel(f, after)
			at := fmt.Sprintf("%s (cancel at %v)", r.id, after)
			if early > 0 {
				t.Logf("%-55s finished in %v before the cancel: input too small to measure", at, early.Round(time.Millisecond))
				fmt.Fprintf(&table, "%-40s %9v %10s  finished in %v before the cancel (err %v)\n", r.id, after, "-", early.Round(time.Millisecond), errText(err))
				continue
			}
			status := "ok"
			switch {
			case stuck && toy, lat > time.Second && toy:
				status = "slow (the toy: caught)"
			case toy:
				status = "toy NOT caught"
				t.Errorf("the toy that ignores its context returned %v after the cancel: the check is broken", lat)
			case stuck:
				status = "stuck"
				t.Errorf("%s still running 60 s after the cancel", at)
			case lat > time.Second:
				status = "slow"
				t.Errorf("%s returned %v after its context was cancelled (limit 1 s)", at, lat.Round(time.Millisecond))
			case err == nil:
				status = "no error"
				t.Errorf("%s: cancelled, returned no error", at)
			case !errors.Is(err, context.Canceled):
				status = "wrong error: " + errText(err)
				t.Errorf("%s: cancelled, error %q does not wrap context.Canceled", at, err)
			}
			t.Logf("%-55s cancel latency %8v  %s", at, lat.Round(time.Millisecond), status)
			fmt.Fprintf(&table, "%-40s %9v %10v  %s\n", r.id, after, lat.Round(time.Millisecond), status)
		}
	}
	t.Logf("cancellation latency of every Context entry point (limit 1 s):\n%s", table.String())
	_ = featlab.ErrPanic
}

// errText is err's message cut to one short line for the table.
func errText(err error) string {
	if err == nil {
		return "nil"
	}
	msg := err.Error()
	if len(msg) > 80 {
		msg = msg[:77] + "..."
	}
	return msg
}
