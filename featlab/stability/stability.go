// Package stability implements stability selection (Meinshausen and
// Buhlmann 2010; the "stability of feature selection" slides of the Aalto
// CS-E4710 lecture 10): run a feature selector on many random subsamples
// of the data and keep the features it picks often.
//
// A selector is any featlab.Selector, a function from a data subsample
// (X, y) to a featlab.Selection: a lasso at a fixed lambda (Lasso), the
// support of a sparse logistic regression, the top k of a filter score
// (filter.TopKSelector), a forward search. Select runs it on T subsamples
// and returns the selection frequency of every feature,
//
//	Pi_j = #{t : j in S(I_t)} / T,
//
// with the two rules of the lecture: the union of all T selected sets, and
// the frequency-threshold rule {j : Pi_j >= pi_thr}. Path does the same for
// a selector that returns one set per value of a regularisation grid (a
// lasso path), giving the stability paths lambda -> Pi_j(lambda); its
// threshold rule keeps {j : max_lambda Pi_j(lambda) >= pi_thr}, the stable
// set of Meinshausen and Buhlmann (2010, eq. 7).
//
// Subsamples are drawn per round from a seeded stream, so results do not
// depend on the number of workers; rounds run in parallel. A selector that
// panics, or returns neither a selection nor an error, gives an error naming
// the round (wrapping featlab.ErrPanic for a panic) instead of stopping the
// program. SelectContext, PathContext and LassoPathContext stop when their
// context is cancelled and return the frequencies over the rounds that
// finished.
package stability

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// PathSelector chooses features from a data subsample for each value of a
// grid fixed in advance (for example the lasso's lambdas): element k of
// the result is the set of column indices selected at grid value k (order
// does not matter, repeats are ignored). Like a featlab.Selector it must
// not modify X or y, and must be safe to call from several goroutines at
// once; X is the subsample's own copy.
type PathSelector func(X mat.Matrix, y []float64) ([][]int, error)

// Sampling is how the subsamples of stability selection are drawn.
type Sampling int

const (
	// Halves draws each subsample as floor(m/2) distinct examples,
	// uniformly without replacement (Meinshausen and Buhlmann 2010). The
	// zero value and the default.
	Halves Sampling = iota
	// ComplementaryPairs splits the examples at random into two disjoint
	// halves of floor(m/2) per pair of rounds (Shah and Samworth 2013);
	// Rounds must be even.
	ComplementaryPairs
	// Bootstrap draws m examples with replacement, as on the Aalto slides.
	Bootstrap
)

// String returns the sampling scheme's name.
func (s Sampling) String() string {
	switch s {
	case Halves:
		return "halves"
	case ComplementaryPairs:
		return "complementary pairs"
	case Bootstrap:
		return "bootstrap"
	}
	return fmt.Sprintf("Sampling(%d)", int(s))
}

// Config holds the parameters of stability selection. The zero value is the
// default noted at each field, except that Select needs a Selector and
// Path a Grid and a PathSelector.
type Config struct {
	// Selector (Select only) is run on every subsample; the features of
	// its Selection's Chosen count as selected. Required by Select.
	Selector featlab.Selector
	// Grid and PathSelector (Path only): the grid values (for labelling
	// and plotting) and the selector returning one set per grid value.
	// Required by Path; LassoPath sets them itself.
	Grid         []float64
	PathSelector PathSelector
	// Rounds is the number T of subsamples. Default 100.
	Rounds int
	// Sampling is the subsampling scheme. Default Halves.
	Sampling Sampling
	// Threshold is the frequency pi_thr in (0, 1] of the threshold rule.
	// Default 0.9, the high end of the range 0.6-0.9 that Meinshausen and
	// Buhlmann (2010) recommend; with ExpectedFalse it sets how many
	// features a path may select (see there).
	Threshold float64
	// ExpectedFalse (paths only) is the bound E[V] on the expected number
	// of noise features in the stable set that Path and LassoPath control
	// with Meinshausen and Buhlmann's Theorem 1: the threshold rule uses
	// the longest prefix of the grid (from its first, most regularised
	// value) over which the average number q_Lambda of features selected
	// at some grid value stays <= sqrt(ExpectedFalse (2 Threshold - 1) d).
	// Without this cut the small lambdas of a path, where nearly every
	// feature is selected in nearly every round, put every feature in the
	// stable set. Default 1; +Inf uses the whole grid (no guarantee).
	// Requires Threshold > 1/2 unless +Inf.
	ExpectedFalse float64
	// Seed fixes the subsamples: round t draws from
	// rand.NewPCG(Seed, t) (pair p from rand.NewPCG(Seed, p) for
	// complementary pairs). Default 0.
	Seed uint64
	// Workers bounds the rounds run in parallel; <= 0 means all cores.
	// The result does not depend on it.
	Workers int
	// Progress, if non-nil, is called with the number of rounds finished
	// and T, from the calling goroutine, in increasing order.
	Progress featlab.Progress
	// Names are the feature names used in the Selection (default x1..xd).
	Names []string
}

// Result is the outcome of stability selection with a single selector.
type Result struct {
	// Frequency[j] is Pi_j, the fraction of rounds that selected feature j.
	Frequency []float64
	// Counts[j] is the number of rounds that selected feature j.
	Counts []int
	// Rounds is T.
	Rounds int
	// Union lists, in increasing order, the features selected in at least
	// one round: the union rule of the lecture.
	Union []int
	// Stable is the threshold rule {j : Pi_j >= Threshold}: chosen by
	// decreasing frequency (ties by index), Scores the frequencies,
	// Ranking all features by frequency. Selection() returns it.
	Stable *featlab.Selection
	// Selected[t] is the sorted set chosen in round t; Samples[t] the rows
	// of that subsample (with repeats for Bootstrap).
	Selected [][]int
	Samples  [][]int
	// MeanSelected is q, the average size of the selected sets.
	MeanSelected float64
	// FalsePositiveBound is Meinshausen and Buhlmann's bound (2010,
	// Theorem 1) on the expected number of noise features in the threshold
	// rule's set, q^2 / ((2 Threshold - 1) d), valid for Threshold > 1/2
	// under their exchangeability assumption; +Inf for Threshold <= 1/2.
	FalsePositiveBound float64
}

// PathResult is the outcome of stability selection along a grid.
type PathResult struct {
	// Grid holds the grid values as given (for a lasso, the lambdas).
	Grid []float64
	// Frequency[j][k] is Pi_j(grid_k), the fraction of rounds that
	// selected feature j at grid value k: the stability path of feature j.
	Frequency [][]float64
	// Cut is the number of grid values the threshold rule uses: the
	// prefix Grid[:Cut] allowed by Config.ExpectedFalse (len(Grid) when it
	// is +Inf). Cut = 0 (no grid value keeps q_Lambda small enough) gives
	// an empty stable set.
	Cut int
	// QPrefix[k] is q for the prefix Grid[:k+1]: the average over rounds
	// of the number of features selected at one or more of those values.
	QPrefix []float64
	// MaxFrequency[j] is max_{k < Cut} Pi_j(grid_k).
	MaxFrequency []float64
	// Rounds is T.
	Rounds int
	// Stable is the stable set {j : MaxFrequency[j] >= Threshold}
	// (Meinshausen and Buhlmann 2010, eq. 7), chosen by decreasing maximal
	// frequency, Scores the maximal frequencies. Selection() returns it.
	Stable *featlab.Selection
	// Samples[t] are the rows of round t's subsample.
	Samples [][]int
	// MeanSelected is q_Lambda over the prefix used, QPrefix[Cut-1]
	// (0 when Cut = 0).
	MeanSelected float64
	// FalsePositiveBound is q_Lambda^2 / ((2 Threshold - 1) d) for that
	// prefix (see Result); at most Config.ExpectedFalse.
	FalsePositiveBound float64

	selected  [][][]int // [round][grid] sorted sets
	names     []string
	threshold float64
}

// Selection returns the threshold rule's set, Stable.
func (r *Result) Selection() *featlab.Selection { return r.Stable }

// Selection returns the stable set, Stable.
func (p *PathResult) Selection() *featlab.Selection { return p.Stable }

// defaults returns c with its zero fields set to their defaults, checked.
func (c Config) defaults(d int) (Config, error) {
	if c.Workers < 0 {
		c.Workers = 0
	}
	if c.Rounds < 0 {
		return c, featlab.Errorf(featlab.ErrParam, "stability: Rounds = %d must be >= 1 (0 means the default 100)", c.Rounds)
	}
	if c.Rounds == 0 {
		c.Rounds = 100
	}
	switch c.Sampling {
	case Halves, Bootstrap:
	case ComplementaryPairs:
		if c.Rounds%2 != 0 {
			return c, featlab.Errorf(featlab.ErrParam, "stability: complementary pairs need an even number of rounds, got %d", c.Rounds)
		}
	default:
		return c, featlab.Errorf(featlab.ErrParam, "stability: unknown sampling scheme %d", int(c.Sampling))
	}
	if c.Threshold == 0 {
		c.Threshold = 0.9
	}
	if !(c.Threshold > 0 && c.Threshold <= 1) {
		return c, featlab.Errorf(featlab.ErrParam, "stability: Threshold = %v must be in (0, 1]", c.Threshold)
	}
	if c.ExpectedFalse == 0 {
		c.ExpectedFalse = 1
	}
	if !(c.ExpectedFalse > 0) {
		return c, featlab.Errorf(featlab.ErrParam, "stability: ExpectedFalse = %v must be > 0", c.ExpectedFalse)
	}
	if c.Names == nil {
		c.Names = featlab.DefaultNames(d)
	}
	if len(c.Names) != d {
		return c, featlab.Errorf(featlab.ErrShape, "stability: %d names for %d features", len(c.Names), d)
	}
	return c, nil
}

// subsamples draws the rows of every round.
func subsamples(m int, c Config) ([][]int, error) {
	half := m / 2
	if c.Sampling != Bootstrap && half < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: %d examples give subsamples of floor(m/2) = 0", m)
	}
	T := c.Rounds
	rows := make([][]int, T)
	switch c.Sampling {
	case Halves:
		for t := range rows {
			r := rand.New(rand.NewPCG(c.Seed, uint64(t)))
			p := r.Perm(m)[:half]
			sort.Ints(p)
			rows[t] = p
		}
	case ComplementaryPairs:
		for p := 0; p < T/2; p++ {
			r := rand.New(rand.NewPCG(c.Seed, uint64(p)))
			perm := r.Perm(m)
			a := append([]int(nil), perm[:half]...)
			b := append([]int(nil), perm[half:2*half]...)
			sort.Ints(a)
			sort.Ints(b)
			rows[2*p], rows[2*p+1] = a, b
		}
	case Bootstrap:
		for t := range rows {
			r := rand.New(rand.NewPCG(c.Seed, uint64(t)))
			p := make([]int, m)
			for i := range p {
				p[i] = r.IntN(m)
			}
			rows[t] = p
		}
	}
	return rows, nil
}

// cleanSet validates a selector's output: indices in [0, d), sorted,
// without repeats.
func cleanSet(s []int, d, round int) ([]int, error) {
	out := append([]int(nil), s...)
	sort.Ints(out)
	k := 0
	for i, j := range out {
		if j < 0 || j >= d {
			return nil, featlab.Errorf(featlab.ErrParam, "stability: selector returned feature %d outside [0, %d) in round %d", j, d, round)
		}
		if i > 0 && j == out[i-1] {
			continue
		}
		out[k] = j
		k++
	}
	return out[:k], nil
}

// runRounds calls work(t) for every round on the pool (par.Do: progress
// from the calling goroutine, panics recovered, stop on cancellation) and
// reports which rounds finished. Errors name the round.
func runRounds(ctx context.Context, c Config, work func(t int) error) ([]bool, error) {
	T := c.Rounds
	done := make([]bool, T)
	err := par.Do(ctx, T, c.Workers, c.Progress, func(t int) error {
		if err := work(t); err != nil {
			return err
		}
		done[t] = true
		// a selector without a context finishes its round after a cancel:
		// the round counts, and the call still reports the cancel
		return ctx.Err()
	})
	var pe *par.PanicError
	switch {
	case err == nil:
	case errors.As(err, &pe) && pe.Index >= 0:
		err = featlab.Wrap(err, "stability: round %d: selector panicked", pe.Index)
	case errors.As(err, &pe):
		err = featlab.Wrap(err, "stability")
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		err = featlab.Wrap(err, "stability: stopped after %d of %d rounds", count(done), T)
	}
	return done, err
}

func count(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

// finished keeps the entries of v whose round finished.
func finished[E any](v []E, done []bool) []E {
	var out []E
	for t, ok := range done {
		if ok {
			out = append(out, v[t])
		}
	}
	return out
}

// setup checks the data and the configuration (with the path-only check
// when path is set) and draws the subsamples.
func setup(X mat.Matrix, y []float64, cfg Config, path bool) (Xm *mat.Dense, rows [][]int, d int, c Config, err error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, nil, 0, c, err
	}
	if c, err = cfg.defaults(d); err != nil {
		return nil, nil, 0, c, err
	}
	if path && !math.IsInf(c.ExpectedFalse, 1) && c.Threshold <= 0.5 {
		return nil, nil, 0, c, featlab.Errorf(featlab.ErrParam, "stability: ExpectedFalse needs Threshold > 1/2, got %v (set ExpectedFalse to +Inf to use the whole grid)", c.Threshold)
	}
	if rows, err = subsamples(m, c); err != nil {
		return nil, nil, 0, c, err
	}
	Xm = &mat.Dense{}
	Xm.SetRawMatrix(matx.RowMajor(X))
	return Xm, rows, d, c, nil
}

// Select runs stability selection around cfg.Selector: it is called on
// cfg.Rounds subsamples (see Sampling) and every feature gets its
// selection frequency. The result holds the union rule and, as a
// featlab.Selection (Stable, Selection()), the threshold rule.
//
// Errors: bad parameters (ErrParam), bad data (ErrShape, ErrEmpty,
// ErrNotFinite), a nil Selector (ErrParam), and the first failure of the
// selector by round, naming the round: its error, a panic (wrapping
// featlab.ErrPanic) or a nil Selection with a nil error (ErrParam).
func Select(X mat.Matrix, y []float64, cfg Config) (*Result, error) {
	return SelectContext(context.Background(), X, y, cfg)
}

// SelectContext is Select with a context: once ctx is cancelled no new
// round starts, and the result over the rounds that finished (Rounds
// counts them) is returned with an error wrapping ctx.Err(); nil if none
// finished.
func SelectContext(ctx context.Context, X mat.Matrix, y []float64, cfg Config) (*Result, error) {
	if cfg.Selector == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: Config.Selector is nil")
	}
	Xm, rows, d, c, err := setup(X, y, cfg, false)
	if err != nil {
		return nil, err
	}
	selected := make([][]int, c.Rounds)
	done, err := runRounds(ctx, c, func(t int) error {
		sel, err := c.Selector.Select(matx.Rows(Xm, rows[t]), matx.Take(y, rows[t]))
		if err != nil {
			return featlab.Wrap(err, "stability: round %d", t)
		}
		if sel == nil {
			return featlab.Errorf(featlab.ErrParam, "stability: round %d: the selector returned a nil Selection and no error", t)
		}
		selected[t], err = cleanSet(sel.Chosen, d, t)
		return err
	})
	if err != nil && (ctx.Err() == nil || count(done) == 0) {
		return nil, err
	}
	return summarize(finished(selected, done), finished(rows, done), d, c), err
}

// summarize builds the Result of the given rounds.
func summarize(selected [][]int, rows [][]int, d int, c Config) *Result {
	T := len(selected)
	res := &Result{Rounds: T, Selected: selected, Samples: rows, Counts: make([]int, d), Frequency: make([]float64, d)}
	q := 0
	for _, s := range selected {
		q += len(s)
		for _, j := range s {
			res.Counts[j]++
		}
	}
	for j, n := range res.Counts {
		res.Frequency[j] = float64(n) / float64(T)
		if n > 0 {
			res.Union = append(res.Union, j)
		}
	}
	res.MeanSelected = float64(q) / float64(T)
	res.FalsePositiveBound = falseBound(res.MeanSelected, c.Threshold, d)
	res.Stable = thresholdSelection(fmt.Sprintf("stability selection (%s, T = %d), frequency >= %s",
		c.Sampling, T, featlab.FormatFloat(c.Threshold)), c.Names, res.Frequency, c.Threshold)
	return res
}

func falseBound(q, thr float64, d int) float64 {
	if thr <= 0.5 {
		return math.Inf(1)
	}
	return q * q / ((2*thr - 1) * float64(d))
}

// thresholdSelection keeps {j : freq_j >= thr}, ranked by decreasing
// frequency, ties by index.
func thresholdSelection(method string, names []string, freq []float64, thr float64) *featlab.Selection {
	d := len(freq)
	rank := make([]int, d)
	for j := range rank {
		rank[j] = j
	}
	sort.SliceStable(rank, func(a, b int) bool { return freq[rank[a]] > freq[rank[b]] })
	var chosen []int
	for _, j := range rank {
		// a frequency is k/T: compare with a hair of slack so that
		// 0.6 >= 0.6 holds whatever the rounding of k/T
		if freq[j] >= thr-1e-12 {
			chosen = append(chosen, j)
		}
	}
	sel := featlab.NewSelection(method, names, chosen)
	sel.Scores = append([]float64(nil), freq...)
	sel.Ranking = rank
	return sel
}

// Path runs stability selection around cfg.PathSelector, a selector that
// returns one set per value of cfg.Grid (the grid's values are for
// labelling and plotting; the selector must return len(Grid) sets). The
// threshold rule keeps the features whose maximal frequency over the grid
// (its prefix allowed by ExpectedFalse) reaches cfg.Threshold. Errors as
// for Select.
func Path(X mat.Matrix, y []float64, cfg Config) (*PathResult, error) {
	return PathContext(context.Background(), X, y, cfg)
}

// PathContext is Path with a context, stopping as SelectContext does.
func PathContext(ctx context.Context, X mat.Matrix, y []float64, cfg Config) (*PathResult, error) {
	if cfg.PathSelector == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: Config.PathSelector is nil")
	}
	sel := cfg.PathSelector
	return path(ctx, X, y, cfg.Grid, func(_ int, X *mat.Dense, y []float64) ([][]int, error) { return sel(X, y) }, cfg)
}

// path is Path with a selector that also receives the round index (for
// randomised selectors that draw from a per-round stream).
func path(ctx context.Context, X mat.Matrix, y []float64, grid []float64, sel func(t int, X *mat.Dense, y []float64) ([][]int, error), cfg Config) (*PathResult, error) {
	if len(grid) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "stability: empty grid")
	}
	Xm, rows, d, c, err := setup(X, y, cfg, true)
	if err != nil {
		return nil, err
	}
	G := len(grid)
	selected := make([][][]int, c.Rounds)
	done, err := runRounds(ctx, c, func(t int) error {
		sets, err := sel(t, matx.Rows(Xm, rows[t]), matx.Take(y, rows[t]))
		if err != nil {
			return featlab.Wrap(err, "stability: round %d", t)
		}
		if len(sets) != G {
			return featlab.Errorf(featlab.ErrShape, "stability: round %d: selector returned %d sets for a grid of %d", t, len(sets), G)
		}
		out := make([][]int, G)
		for k, s := range sets {
			if out[k], err = cleanSet(s, d, t); err != nil {
				return err
			}
		}
		selected[t] = out
		return nil
	})
	if err != nil && (ctx.Err() == nil || count(done) == 0) {
		return nil, err
	}
	return summarizePath(grid, finished(selected, done), finished(rows, done), d, c), err
}

// summarizePath builds the PathResult of the given rounds.
func summarizePath(grid []float64, selected [][][]int, rows [][]int, d int, c Config) *PathResult {
	T, G := len(selected), len(grid)
	res := &PathResult{
		Grid: append([]float64(nil), grid...), Rounds: T, Samples: rows,
		Frequency: make([][]float64, d), MaxFrequency: make([]float64, d),
		selected: selected, names: c.Names, threshold: c.Threshold,
	}
	for j := range res.Frequency {
		res.Frequency[j] = make([]float64, G)
	}
	for _, sets := range selected {
		for k, s := range sets {
			for _, j := range s {
				res.Frequency[j][k]++
			}
		}
	}
	for _, f := range res.Frequency {
		for k := range f {
			f[k] /= float64(T)
		}
	}
	// q for every prefix of the grid: running unions per round
	res.QPrefix = make([]float64, G)
	hit := make([]bool, d)
	for _, sets := range selected {
		clear(hit)
		n := 0
		for k, s := range sets {
			for _, j := range s {
				if !hit[j] {
					hit[j] = true
					n++
				}
			}
			res.QPrefix[k] += float64(n)
		}
	}
	for k := range res.QPrefix {
		res.QPrefix[k] /= float64(T)
	}
	res.Cut = G
	if !math.IsInf(c.ExpectedFalse, 1) {
		qmax := math.Sqrt(c.ExpectedFalse * (2*c.Threshold - 1) * float64(d))
		res.Cut = 0
		for k, q := range res.QPrefix {
			if q > qmax {
				break
			}
			res.Cut = k + 1
		}
	}
	for j, f := range res.Frequency {
		for k := 0; k < res.Cut; k++ {
			res.MaxFrequency[j] = math.Max(res.MaxFrequency[j], f[k])
		}
	}
	if res.Cut > 0 {
		res.MeanSelected = res.QPrefix[res.Cut-1]
	}
	res.FalsePositiveBound = falseBound(res.MeanSelected, c.Threshold, d)
	res.Stable = thresholdSelection(fmt.Sprintf("stability selection (%s, T = %d) over %d of %d grid values, max frequency >= %s",
		c.Sampling, T, res.Cut, G, featlab.FormatFloat(c.Threshold)), c.Names, res.MaxFrequency, c.Threshold)
	return res
}

// At returns the single-grid-value view of the path at index k: the
// frequencies Pi_j(grid_k), the union rule and the threshold rule there.
func (p *PathResult) At(k int) (*Result, error) {
	if k < 0 || k >= len(p.Grid) {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: grid index %d outside [0, %d)", k, len(p.Grid))
	}
	d := len(p.Frequency)
	res := &Result{Rounds: p.Rounds, Samples: p.Samples, Counts: make([]int, d), Frequency: make([]float64, d),
		Selected: make([][]int, p.Rounds)}
	q := 0
	for t, sets := range p.selected {
		res.Selected[t] = sets[k]
		q += len(sets[k])
		for _, j := range sets[k] {
			res.Counts[j]++
		}
	}
	for j, n := range res.Counts {
		res.Frequency[j] = float64(n) / float64(p.Rounds)
		if n > 0 {
			res.Union = append(res.Union, j)
		}
	}
	res.MeanSelected = float64(q) / float64(p.Rounds)
	res.FalsePositiveBound = falseBound(res.MeanSelected, p.threshold, d)
	res.Stable = thresholdSelection(fmt.Sprintf("stability selection at grid value %s, frequency >= %s",
		featlab.FormatFloat(p.Grid[k]), featlab.FormatFloat(p.threshold)), p.names, res.Frequency, p.threshold)
	return res, nil
}

// Select makes a Config a featlab.Selector: it runs stability selection
// around c.Selector on X and y (the package function Select) and returns
// the stable set. As a transform.Select step it stabilises a selection
// inside each fold of a cross-validation.
func (c Config) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := Select(X, y, c)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}
