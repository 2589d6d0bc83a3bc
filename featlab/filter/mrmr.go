package filter

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
)

// MRMRScore names the statistic mRMR uses for relevance or redundancy.
type MRMRScore int

const (
	// MRMRMutualInfo is the mutual information (MutualInfo, with the
	// settings of MRMRConfig.MI). The zero value and the default.
	MRMRMutualInfo MRMRScore = iota
	// MRMRF is, for relevance, the F statistic (FClassif for a discrete
	// target, FRegression otherwise); for redundancy, the absolute
	// Pearson correlation |r| of the two features (Peng et al.'s FCD and
	// FCQ criteria).
	MRMRF
)

func (s MRMRScore) String() string {
	switch s {
	case MRMRMutualInfo:
		return "MI"
	case MRMRF:
		return "F/|r|"
	}
	return fmt.Sprintf("MRMRScore(%d)", int(s))
}

// MRMRForm is how mRMR combines relevance and redundancy.
type MRMRForm int

const (
	// MRMRDifference is MID: relevance - mean redundancy. The default.
	MRMRDifference MRMRForm = iota
	// MRMRQuotient is MIQ: relevance / mean redundancy (the mean floored
	// at 1e-12, so that a feature unrelated to every chosen one gets a
	// large finite score).
	MRMRQuotient
)

// MRMRConfig configures MRMR. The zero value selects every feature in
// mRMR order with the MID criterion on mutual information, a continuous
// target, and the MutualInfo defaults.
type MRMRConfig struct {
	// K is the number of features to select, in [1, d]; default 0: d.
	K int
	// Relevance scores a feature against the target; Redundancy a feature
	// against a chosen one. MRMRF for Redundancy means |Pearson r|.
	Relevance, Redundancy MRMRScore
	// Form is MRMRDifference (MID, default) or MRMRQuotient (MIQ).
	Form MRMRForm
	// DiscreteTarget says that y holds class labels (FClassif and the
	// mutual information with a discrete target); default false: a
	// continuous target (FRegression, Kraskov's estimator).
	DiscreteTarget bool
	// MI sets the mutual-information estimator (K, Jitter, NoJitter, Seed,
	// Nats) for relevance and redundancy; its Names, Workers, Progress,
	// DiscreteTarget and DiscreteFeatures are ignored.
	MI MIConfig
	// Names are the feature names (nil: x1, ..., xd).
	Names []string
	// Workers is the number of goroutines per score pass; <= 0 means all
	// cores. The result does not depend on it.
	Workers int
	// Progress, when non-nil, is told after each chosen feature: done of K.
	Progress featlab.Progress
}

// MRMRStep is one step of the greedy mRMR selection.
type MRMRStep struct {
	Feature    int     // the feature chosen
	Relevance  float64 // its relevance to the target
	Redundancy float64 // its mean redundancy with the features chosen before (0 first)
	Score      float64 // the criterion it maximised (its relevance at the first step)
}

// MRMRResult is the outcome of MRMR.
type MRMRResult struct {
	Method    string
	Order     []int      // the chosen features, in the order chosen
	Relevance []float64  // relevance of every feature
	Steps     []MRMRStep // one per chosen feature
	names     []string
}

// MRMR is minimum-redundancy maximum-relevance selection (Peng, Long and
// Ding 2005, eqs. 6-9): with V(j) the relevance of feature j to the target
// and W(j, s) its redundancy with feature s, start with S = {argmax V}
// and add, K - 1 times, the feature outside S that maximises
//
//	MID:  V(j) - (1/|S|) sum_{s in S} W(j, s)
//	MIQ:  V(j) / ((1/|S|) sum_{s in S} W(j, s))
//
// V is the mutual information I(x_j; y) (Peng's MID, MIQ) or the F
// statistic (FCD, FCQ); W is the mutual information I(x_j; x_s) or
// |r(x_j, x_s)|. With F and |r| the difference form mixes scales (F grows
// with m, |r| <= 1) and barely penalises redundancy; prefer the quotient
// there, as Peng et al. found. Ties go to the lower feature index. The redundancies with
// a newly chosen feature s are computed once and summed: for |r| by one
// product Z^T z_s, Z being a copy of X with centred unit-norm columns
// made at the start (an extra m x d of memory); for MI by one k-NN
// estimate per remaining feature. The data are thus read once per added
// feature. A constant chosen feature is redundant with nothing.
//
// Unlike a relevance ranking, mRMR skips a copy of a chosen feature: the
// copy's redundancy with the original is the largest possible (|r| = 1,
// or the information of x_s with itself), which pushes it down.
func MRMR(X mat.Matrix, y []float64, cfg MRMRConfig) (*MRMRResult, error) {
	return MRMRContext(context.Background(), X, y, cfg)
}

// MRMRContext is MRMR with a context, checked before each added feature
// (and inside the mutual-information passes): once ctx is done it returns
// the features chosen so far with an error wrapping ctx.Err().
func MRMRContext(ctx context.Context, X mat.Matrix, y []float64, cfg MRMRConfig) (*MRMRResult, error) {
	in, err := prepare("mrmr", X, y, cfg.Names, true)
	if err != nil {
		return nil, err
	}
	d := in.d
	k := cfg.K
	if k == 0 {
		k = d
	}
	if k < 1 || k > d {
		return nil, featlab.Errorf(featlab.ErrParam, "mrmr: K = %d must be in [1, %d]", cfg.K, d)
	}
	for _, s := range []MRMRScore{cfg.Relevance, cfg.Redundancy} {
		if s != MRMRMutualInfo && s != MRMRF {
			return nil, featlab.Errorf(featlab.ErrParam, "mrmr: unknown score %d", int(s))
		}
	}
	if cfg.Form != MRMRDifference && cfg.Form != MRMRQuotient {
		return nil, featlab.Errorf(featlab.ErrParam, "mrmr: unknown form %d", int(cfg.Form))
	}
	Xd := &mat.Dense{}
	Xd.SetRawMatrix(matx.RowMajor(X))
	mi := cfg.MI
	mi.Names, mi.Progress, mi.DiscreteFeatures, mi.Workers = nil, nil, nil, cfg.Workers
	// Relevance.
	var rel *Scores
	switch {
	case cfg.Relevance == MRMRF && cfg.DiscreteTarget:
		rel, err = FClassif(Xd, y, Config{Workers: cfg.Workers})
	case cfg.Relevance == MRMRF:
		rel, err = FRegression(Xd, y, Config{Workers: cfg.Workers})
	default:
		c := mi
		c.DiscreteTarget = cfg.DiscreteTarget
		rel, err = MutualInfoContext(ctx, Xd, y, c)
	}
	if err != nil {
		return nil, featlab.Wrap(err, "mrmr: relevance")
	}
	form := "MID"
	if cfg.Form == MRMRQuotient {
		form = "MIQ"
	}
	res := &MRMRResult{
		Method:    fmt.Sprintf("mRMR %s (relevance %s, redundancy %s)", form, cfg.Relevance, redundancyName(cfg.Redundancy)),
		Relevance: rel.Values,
		names:     in.names,
	}
	red := make([]float64, d)
	chosen := make([]bool, d)
	col := make([]float64, in.m)
	var z *unitColumns
	if cfg.Redundancy == MRMRF && k > 1 {
		if z, err = newUnitColumns(ctx, in, cfg.Workers); err != nil {
			return res, err
		}
	}
	for step := 0; step < k; step++ {
		if err := ctx.Err(); err != nil {
			return res, featlab.Wrap(err, "mrmr: stopped after %d features", step)
		}
		best, bestScore, bestRed := -1, math.Inf(-1), 0.0
		for j := 0; j < d; j++ {
			if chosen[j] {
				continue
			}
			sc, r := rel.Values[j], 0.0
			if step > 0 {
				r = red[j] / float64(step)
				if cfg.Form == MRMRQuotient {
					sc = rel.Values[j] / math.Max(r, 1e-12)
				} else {
					sc = rel.Values[j] - r
				}
			}
			if sc > bestScore {
				best, bestScore, bestRed = j, sc, r
			}
		}
		chosen[best] = true
		res.Order = append(res.Order, best)
		res.Steps = append(res.Steps, MRMRStep{Feature: best, Relevance: rel.Values[best], Redundancy: bestRed, Score: bestScore})
		if step+1 < k {
			if err := addRedundancy(ctx, in, Xd, z, best, chosen, red, col, cfg, mi); err != nil {
				return res, err
			}
		}
		if cfg.Progress != nil {
			if err := par.Report(cfg.Progress, step+1, k); err != nil {
				return res, featlab.Wrap(err, "mrmr")
			}
		}
	}
	return res, nil
}

func redundancyName(s MRMRScore) string {
	if s == MRMRF {
		return "|r|"
	}
	return "MI"
}

// addRedundancy adds W(j, s) to red[j] for every feature j not chosen.
func addRedundancy(ctx context.Context, in *input, X *mat.Dense, z *unitColumns, s int, chosen []bool, red, col []float64, cfg MRMRConfig, mi MIConfig) error {
	xs := in.column(s, col)
	if isConstant(xs) {
		return nil
	}
	if cfg.Redundancy == MRMRF {
		z.correlations(s, col, cfg.Workers, func(j int, r float64) {
			if !chosen[j] {
				red[j] += math.Abs(r)
			}
		})
		return nil
	}
	var rest []int
	for j, c := range chosen {
		if !c {
			rest = append(rest, j)
		}
	}
	sc, err := MutualInfoContext(ctx, matx.Cols(X, rest), xs, mi)
	if err != nil {
		return featlab.Wrap(err, "mrmr: redundancy with feature %d", s)
	}
	for t, j := range rest {
		red[j] += sc.Values[t]
	}
	return nil
}

// Select makes MRMRConfig a featlab.Selector: MRMR(X, y, cfg).Selection().
func (cfg MRMRConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := MRMR(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}

// Selection returns the chosen features in mRMR order, the relevances as
// Scores, and one "add" step per chosen feature whose Score is the
// criterion it maximised. Ranking is the mRMR order when every feature was
// chosen, nil otherwise.
func (r *MRMRResult) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.Method, append([]string(nil), r.names...), append([]int(nil), r.Order...))
	s.Scores = append([]float64(nil), r.Relevance...)
	if len(r.Order) == len(r.names) {
		s.Ranking = append([]int(nil), r.Order...)
	}
	for t, st := range r.Steps {
		s.History = append(s.History, featlab.Step{Action: "add", Feature: st.Feature, Name: r.names[st.Feature], Score: st.Score, Subset: append([]int(nil), r.Order[:t+1]...)})
	}
	return s
}

// unitColumns holds X with every column centred and scaled to unit norm
// (zero for a constant column), row-major, so that the correlations of
// all columns with column s are Z^T z_s: one pass over Z per call.
type unitColumns struct {
	m, d int
	z    []float64
}

// newUnitColumns centres and scales the columns of in (two passes: means,
// then centred sums of squares).
// unitLookRows is how many rows of a block newUnitColumns passes over
// between two looks at its context.
const unitLookRows = 4096

// newUnitColumns standardises the columns (three passes over X, seconds
// at 20000 x 300 on a loaded machine), looking at ctx every unitLookRows
// rows of each pass and every column of the constancy test (never on a
// small X); cancelled, it returns ctx's error.
func newUnitColumns(ctx context.Context, in *input, workers int) (*unitColumns, error) {
	m, d := in.m, in.d
	u := &unitColumns{m: m, d: d, z: make([]float64, m*d)}
	var stop atomic.Bool
	look := func(i int) bool {
		if i > 0 && i%unitLookRows == 0 && (stop.Load() || ctx.Err() != nil) {
			stop.Store(true)
		}
		return stop.Load()
	}
	par.Blocks(d, workers, func(lo, hi int) {
		n := hi - lo
		mean := make([]float64, n)
		ss := make([]float64, n)
		for i := 0; i < m; i++ {
			if look(i) {
				return
			}
			floats.Add(mean, in.data[i*in.stride+lo:i*in.stride+hi])
		}
		floats.Scale(1/float64(m), mean)
		for i := 0; i < m; i++ {
			if look(i) {
				return
			}
			row := u.z[i*d+lo : i*d+hi]
			floats.SubTo(row, in.data[i*in.stride+lo:i*in.stride+hi], mean)
			for t, v := range row {
				ss[t] += v * v
			}
		}
		constant := make([]bool, n)
		for t := range constant {
			if m > unitLookRows && look(unitLookRows) { // a column: m strided reads
				return
			}
			constant[t] = isConstant(in.column(lo+t, make([]float64, m)))
		}
		for t := range ss {
			if constant[t] || ss[t] == 0 {
				ss[t] = 0
			} else {
				ss[t] = 1 / math.Sqrt(ss[t])
			}
		}
		for i := 0; i < m; i++ {
			if look(i) {
				return
			}
			floats.Mul(u.z[i*d+lo:i*d+hi], ss)
		}
	})
	if stop.Load() {
		return nil, featlab.Wrap(ctx.Err(), "mrmr: cancelled while standardising the columns")
	}
	return u, nil
}

// correlations calls f(j, r_js) for every column j, r_js the Pearson
// correlation of columns j and s; buf (length m) is scratch.
func (u *unitColumns) correlations(s int, buf []float64, workers int, f func(j int, r float64)) {
	zs := buf[:u.m]
	for i := range zs {
		zs[i] = u.z[i*u.d+s]
	}
	r := make([]float64, u.d)
	par.Blocks(u.d, workers, func(lo, hi int) {
		acc := r[lo:hi]
		for i, a := range zs {
			if a != 0 {
				floats.AddScaled(acc, a, u.z[i*u.d+lo:i*u.d+hi])
			}
		}
	})
	for j, v := range r {
		f(j, max(-1, min(1, v)))
	}
}
