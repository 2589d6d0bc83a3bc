package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/validate"
)

// Evaluator scores feature subsets: Zhou's "subset evaluation". It is the
// one thing every strategy takes; a strategy never knows whether the score
// comes from cross-validating a learner, from information gain, from a
// Gram matrix or from a cache.
type Evaluator struct {
	// Name says what the score is, e.g. "5-fold CV MSE of least squares".
	Name string
	// Higher is true when higher scores are better (information gain,
	// accuracy, R^2); false when lower is better (losses, RSS, Cp, BIC).
	Higher bool
	// D is the number of candidate features: subsets hold column indices
	// in [0, D).
	D int
	// Eval returns the score of a non-empty subset. It is called from
	// several goroutines at once and must neither modify nor keep the
	// slice. The value must not depend on the order of the indices
	// (floating-point rounding apart). A NaN score or an error stops the
	// search, which reports the subset.
	Eval func(subset []int) (float64, error)
	// Accept, if set, is told the subset a strategy has just moved to (its
	// current subset), serially, before the candidates grown from it are
	// evaluated; the slice must not be kept. An evaluator may prepare
	// work for those candidates (InfoGain caches the subset's partition,
	// so that each candidate current ∪ {j} costs one refinement). It must
	// not change any score. Forward moves (Forward, Bidirectional's
	// forward step, Floating) call it; nil: nothing is told. A panic in it
	// stops the search with an error wrapping featlab.ErrPanic.
	Accept func(subset []int)
}

// Better reports whether score a is strictly better than b in the
// evaluator's direction. NaN is never better.
func (e *Evaluator) Better(a, b float64) bool {
	if e.Higher {
		return a > b
	}
	return a < b
}

// worst is the score every real score beats.
func (e *Evaluator) worst() float64 {
	if e.Higher {
		return math.Inf(-1)
	}
	return math.Inf(1)
}

func (e *Evaluator) check() error {
	if e == nil || e.Eval == nil {
		return featlab.Errorf(featlab.ErrParam, "search: nil evaluator")
	}
	if e.D < 0 {
		return featlab.Errorf(featlab.ErrParam, "search: evaluator over %d features (negative)", e.D)
	}
	if e.D < 1 {
		return featlab.Errorf(featlab.ErrEmpty, "search: evaluator over %d features", e.D)
	}
	return nil
}

// Criterion builds an Evaluator on a data set: it is how a Config (and so
// a featlab.Selector) gets its evaluator from X and y. CV, InfoGain and
// LeastSquares are criteria; an *Evaluator is also one (it ignores the
// data, whose column count must match D).
type Criterion interface {
	Evaluator(X mat.Matrix, y []float64) (*Evaluator, error)
}

// Evaluator returns e itself when X has e.D columns (a ready evaluator used
// as a Criterion); X may be nil.
func (e *Evaluator) Evaluator(X mat.Matrix, y []float64) (*Evaluator, error) {
	if err := e.check(); err != nil {
		return nil, err
	}
	if !featlab.IsNil(X) {
		if _, d := X.Dims(); d != e.D {
			return nil, featlab.Errorf(featlab.ErrShape, "search: evaluator over %d features, X has %d columns", e.D, d)
		}
	}
	return e, nil
}

// subsetKey is a map key for a subset, independent of the index order.
func subsetKey(s []int) string {
	c := append([]int(nil), s...)
	sortInts(c)
	var b strings.Builder
	for k, j := range c {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(j))
	}
	return b.String()
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for k := i; k > 0 && a[k] < a[k-1]; k-- {
			a[k], a[k-1] = a[k-1], a[k]
		}
	}
}

// Memo is a memoizing wrapper around an Evaluator: the same subset (in any
// order) is evaluated at most once, even when asked for by several
// goroutines at once. It counts the evaluations it passed on and the
// requests it answered.
type Memo struct {
	inner *Evaluator
	ev    *Evaluator
	mu    sync.Mutex
	cache map[string]*memoEntry
	evals int
	reqs  int
}

type memoEntry struct {
	once sync.Once
	v    float64
	err  error
}

// Memoize wraps ev in a Memo.
func Memoize(ev *Evaluator) *Memo {
	m := &Memo{inner: ev, cache: map[string]*memoEntry{}}
	if ev == nil {
		return m // its Evaluator is nil, which Run and ForwardStep reject
	}
	m.ev = &Evaluator{Name: ev.Name, Higher: ev.Higher, D: ev.D, Eval: m.eval, Accept: ev.Accept}
	return m
}

func (m *Memo) eval(subset []int) (float64, error) {
	key := subsetKey(subset)
	m.mu.Lock()
	m.reqs++
	e, ok := m.cache[key]
	if !ok {
		e = &memoEntry{}
		m.cache[key] = e
	}
	m.mu.Unlock()
	e.once.Do(func() {
		m.mu.Lock()
		m.evals++
		m.mu.Unlock()
		e.v, e.err = m.inner.Eval(subset)
	})
	return e.v, e.err
}

// Evaluator returns the memoizing evaluator.
func (m *Memo) Evaluator() *Evaluator { return m.ev }

// Evaluations returns how many subsets were evaluated by the wrapped
// evaluator (distinct subsets).
func (m *Memo) Evaluations() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.evals
}

// Requests returns how many evaluations were asked for, repeats included.
func (m *Memo) Requests() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.reqs
}

// CV is the wrapper criterion: the cross-validated (or hold-out) loss of
// any featlab.Learner trained on the subset's columns, through
// validate.CrossValidate. The score of a subset S is the mean over the
// folds of Metric(y_test, f_S(X_test[:, S])), f_S fitted on the training
// rows of the fold and the columns S only (scikit-learn's
// cross_val_score(estimator, X[:, S], y, cv=folds, scoring).mean()).
//
// Folds run one after the other inside an evaluation, since the search
// already evaluates candidate subsets on all cores.
type CV struct {
	// Learner is fitted on every fold; required.
	Learner featlab.Learner
	// Folds are the train/test splits, e.g. validate.KFold or a single
	// hold-out fold. Default nil: validate.KFoldUnshuffled(m, 5),
	// scikit-learn's default KFold(5) for a regressor; scikit-learn's
	// cv=5 for a classifier is validate.StratifiedKFoldUnshuffled(y, 5),
	// to be passed here.
	Folds []validate.Fold
	// Metric scores a fold's predictions: validate.MSE (default),
	// validate.ZeroOneLoss, validate.Accuracy (set Higher), or
	// validate.LogLoss, for which the Learner's Predictor must return
	// probabilities (for example featlab.PredictorFunc of a logistic
	// model's Proba).
	Metric validate.Metric
	// Higher states that higher Metric values are better (accuracy).
	// Default false: the Metric is a loss.
	Higher bool
	// Name describes the score (default "CV <metric> of the learner").
	Name string
}

// Evaluator implements Criterion.
func (c CV) Evaluator(X mat.Matrix, y []float64) (*Evaluator, error) {
	if c.Learner == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "search: CV criterion needs a Learner")
	}
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	folds := c.Folds
	if folds == nil {
		if folds, err = validate.KFoldUnshuffled(m, 5); err != nil {
			return nil, err
		}
	}
	metric := c.Metric
	if metric == nil {
		metric = validate.MSE
	}
	name := c.Name
	if name == "" {
		name = fmt.Sprintf("%d-fold CV score of the learner", len(folds))
	}
	if err := validate.CheckFolds(m, folds); err != nil {
		return nil, err
	}
	Xd := mat.DenseCopyOf(X)
	yc := append([]float64(nil), y...)
	cfg := validate.CVConfig{Learner: c.Learner, Folds: folds, Metric: metric, Workers: 1}
	eval := func(subset []int) (float64, error) {
		Xs := matx.Cols(Xd, subset)
		r, err := validate.CrossValidate(Xs, yc, cfg)
		if err != nil {
			return math.NaN(), err
		}
		return r.Mean, nil
	}
	return &Evaluator{Name: name, Higher: c.Higher, D: d, Eval: eval}, nil
}

// InfoGain is Zhou's information gain of a subset (section 11.1) as a
// criterion, higher is better: it wraps filter.InfoGain (continuous
// attributes are bi-partitioned once, at the threshold that is best on its
// own; see there). y must hold class labels.
//
// The evaluator reuses the previous round's partition (Zhou 11.1): it
// keeps the filter.Partition of the subset the strategy last moved to
// (Evaluator.Accept), built once, on first use (by refining the partition
// of the subset accepted before it when it is that subset plus one
// feature, as in forward search, by regrouping otherwise); a candidate that is that
// subset plus one feature j is scored as that partition refined by j, one
// O(m) pass instead of regrouping by all |A|+1 attributes. Any other
// subset is regrouped from scratch. Both give the same gain bit for bit
// (see filter.Partition). Candidates of a round only read the cached
// partition, so the worker pool may score them at once.
type InfoGain struct {
	// Categorical marks the discrete columns; nil: every column
	// continuous.
	Categorical []bool
}

// Evaluator implements Criterion.
func (c InfoGain) Evaluator(X mat.Matrix, y []float64) (*Evaluator, error) {
	ev, _, err := c.evaluator(X, y)
	return ev, err
}

// igParent is the subset a strategy last moved to, with its partition
// built once on first use: by refining the previous accepted subset's
// partition when the subset is that one plus a feature (one pass), by
// regrouping otherwise.
type igParent struct {
	subset []int
	in     []bool
	base   *filter.Partition // partition of the previous accepted subset, or nil
	extra  int               // subset = base's subset ∪ {extra}
	once   sync.Once
	built  atomic.Bool
	part   *filter.Partition
	err    error
}

// igStats counts how InfoGain's evaluator scored its subsets (for tests).
type igStats struct {
	refined, regrouped, parents, parentsRefined atomic.Int64
}

func (c InfoGain) evaluator(X mat.Matrix, y []float64) (*Evaluator, *igStats, error) {
	g, err := filter.NewInfoGain(X, y, filter.InfoGainConfig{Categorical: c.Categorical})
	if err != nil {
		return nil, nil, err
	}
	_, d := X.Dims()
	st := &igStats{}
	var cur atomic.Pointer[igParent]
	// extends returns the one feature of subset outside p (-1 when subset
	// is not p's subset plus one feature).
	extends := func(p *igParent, subset []int) int {
		if p == nil || len(subset) != len(p.subset)+1 {
			return -1
		}
		extra := -1
		for _, j := range subset {
			if j < 0 || j >= d {
				return -1
			}
			if !p.in[j] {
				if extra != -1 {
					return -1
				}
				extra = j
			}
		}
		return extra
	}
	accept := func(subset []int) {
		p := &igParent{subset: append([]int(nil), subset...), in: make([]bool, d)}
		for _, j := range subset {
			if j < 0 || j >= d {
				cur.Store(nil)
				return
			}
			p.in[j] = true
		}
		if prev := cur.Load(); prev != nil && prev.built.Load() && prev.err == nil {
			if j := extends(prev, subset); j >= 0 {
				p.base, p.extra = prev.part, j
			}
		}
		cur.Store(p)
	}
	build := func(p *igParent) {
		st.parents.Add(1)
		if p.base != nil {
			st.parentsRefined.Add(1)
			p.part, p.err = p.base.Refine(p.extra)
			p.base = nil
		} else {
			p.part, p.err = g.Partition(p.subset)
		}
		p.built.Store(true)
	}
	eval := func(subset []int) (float64, error) {
		if p := cur.Load(); p != nil {
			if j := extends(p, subset); j >= 0 {
				p.once.Do(func() { build(p) })
				if p.err == nil {
					q, err := p.part.Refine(j)
					if err != nil {
						return 0, err
					}
					st.refined.Add(1)
					return q.Gain(), nil
				}
			}
		}
		st.regrouped.Add(1)
		return g.Gain(subset)
	}
	return &Evaluator{Name: "information gain (bits)", Higher: true, D: d, Eval: eval, Accept: accept}, st, nil
}

// Func makes an Evaluator from a plain function over subsets of d
// features (for example filter.InfoGainEvaluator's result). A search
// with it checks d: negative is an error wrapping featlab.ErrParam, 0
// featlab.ErrEmpty.
func Func(name string, d int, higher bool, f func(subset []int) (float64, error)) *Evaluator {
	return &Evaluator{Name: name, Higher: higher, D: d, Eval: f}
}
