package importance

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
)

// PermutationConfig configures Permutation. Predictor and Metric are
// required; every other field's zero value is the documented default.
type PermutationConfig struct {
	// Predictor is the fitted model whose features are assessed; it is
	// called from Workers goroutines at once and must be safe for that
	// (featlab's models are).
	Predictor featlab.Predictor
	// Metric scores predictions as Metric(y, yhat); higher is better
	// unless LowerIsBetter (MSE, log-loss, 0-1 loss).
	Metric        validate.Metric
	LowerIsBetter bool
	// Repeats is the number of permutations per feature; default 0: 5
	// (scikit-learn's n_repeats).
	Repeats int
	// Seed seeds the permutations: those of feature j are drawn, one after
	// the other, by rand.Shuffle on rand.New(rand.NewPCG(Seed, j)), so
	// they do not depend on Workers.
	Seed uint64
	// Permutations, when non-nil, replaces the random draws: Repeats =
	// len(Permutations), and every feature is shuffled by the same
	// permutations (row i of the shuffled column takes the value of row
	// Permutations[r][i]), as scikit-learn does (it reuses one seed for
	// every column). Each must be a permutation of 0, ..., m-1.
	Permutations [][]int
	// Workers is the number of features assessed at once; 0 means all
	// cores. The result does not depend on it.
	Workers int
	// Names names the features (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, is told after each feature: done of d.
	Progress featlab.Progress
}

// PermutationResult holds the permutation importances.
type PermutationResult struct {
	// Baseline is the metric of the predictor on the unpermuted data.
	Baseline float64
	// Importances[j][r] is the drop in score when feature j is permuted
	// by permutation r: Baseline - score (score - Baseline when
	// LowerIsBetter).
	Importances [][]float64
	// Mean and Std are the mean and the standard deviation (divisor
	// Repeats, numpy's np.std) of Importances[j]: scikit-learn's
	// importances_mean and importances_std.
	Mean, Std []float64

	names []string
}

// Permutation computes the permutation importance (Breiman 2001; Fisher,
// Rudin and Dominici 2019) of every feature of a fitted model on the
// data X, y, which should be held out from the model's training:
//
//	I_jr = s(y, f(X)) - s(y, f(X with column j permuted by pi_r))
//
// for r = 1..R, with its mean and standard deviation over r, as
// scikit-learn's permutation_importance. A feature whose values the
// model does not use has I = 0; a negative mean means the permuted
// column scored better, by chance.
//
// Features are assessed in parallel; each worker permutes one column of
// its own copy of X in place and restores it, so the results are identical
// for any number of workers.
func Permutation(X mat.Matrix, y []float64, cfg PermutationConfig) (*PermutationResult, error) {
	return PermutationContext(context.Background(), X, y, cfg)
}

// PermutationContext is Permutation with a context: once ctx is done no
// new feature starts, and the call returns nil and an error wrapping
// ctx.Err().
func PermutationContext(ctx context.Context, X mat.Matrix, y []float64, cfg PermutationConfig) (*PermutationResult, error) {
	if cfg.Predictor == nil || featlab.IsNilValue(cfg.Predictor) {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: PermutationConfig needs a Predictor")
	}
	if cfg.Metric == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: PermutationConfig needs a Metric")
	}
	m, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, featlab.Wrap(err, "importance: Permutation")
	}
	R := cfg.Repeats
	if cfg.Permutations != nil {
		if R != 0 && R != len(cfg.Permutations) {
			return nil, featlab.Errorf(featlab.ErrParam, "importance: Repeats = %d but %d Permutations", R, len(cfg.Permutations))
		}
		R = len(cfg.Permutations)
		if R == 0 {
			return nil, featlab.Errorf(featlab.ErrParam, "importance: Permutations is empty")
		}
		for r, p := range cfg.Permutations {
			if err := checkPerm(p, m); err != nil {
				return nil, featlab.Wrap(err, "importance: Permutations[%d]", r)
			}
		}
	} else if R == 0 {
		R = 5
	}
	if R < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "importance: Repeats = %d must be >= 1", cfg.Repeats)
	}
	score := func(Xs mat.Matrix) (float64, error) {
		yhat, err := cfg.Predictor.Predict(Xs)
		if err != nil {
			return 0, err
		}
		s, err := cfg.Metric(y, yhat)
		if err != nil {
			return 0, err
		}
		if math.IsNaN(s) || math.IsInf(s, 0) {
			return 0, featlab.Errorf(featlab.ErrNotFinite, "importance: the metric gave %v", s)
		}
		return s, nil
	}
	// the copies look at ctx (hundreds of MB at 20000 x 300 with a few
	// workers: seconds on a loaded machine)
	base, err := matx.CopyContext(ctx, X)
	if err != nil {
		return nil, featlab.Errorf(err, "importance: Permutation cancelled while copying X")
	}
	var baseline float64
	if err := par.Call(-1, func() error { var e error; baseline, e = score(base); return e }); err != nil {
		return nil, featlab.Wrap(err, "importance: Permutation baseline")
	}
	w := par.Workers(cfg.Workers, d)
	scratch := make(chan *mat.Dense, w)
	for range w {
		Xw, err := matx.CopyContext(ctx, base)
		if err != nil {
			return nil, featlab.Errorf(err, "importance: Permutation cancelled while copying X")
		}
		scratch <- Xw
	}
	res := &PermutationResult{Baseline: baseline, Importances: make([][]float64, d), Mean: make([]float64, d), Std: make([]float64, d)}
	err = par.Do(ctx, d, w, cfg.Progress, func(j int) error {
		Xw := <-scratch
		defer func() { scratch <- Xw }()
		raw := Xw.RawMatrix()
		col := make([]float64, m)
		for i := range col {
			col[i] = raw.Data[i*raw.Stride+j]
		}
		defer func() {
			for i, v := range col {
				raw.Data[i*raw.Stride+j] = v
			}
		}()
		var rng *rand.Rand
		var idx []int
		if cfg.Permutations == nil {
			rng = rand.New(rand.NewPCG(cfg.Seed, uint64(j)))
			idx = make([]int, m)
			for i := range idx {
				idx[i] = i
			}
		}
		imp := make([]float64, R)
		for r := range R {
			if err := ctx.Err(); err != nil { // per repeat: a prediction over all of X
				return err
			}
			p := idx
			if cfg.Permutations != nil {
				p = cfg.Permutations[r]
			} else {
				rng.Shuffle(m, func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
			}
			for i, src := range p {
				raw.Data[i*raw.Stride+j] = col[src]
			}
			s, err := score(Xw)
			if err != nil {
				return featlab.Wrap(err, "importance: feature %d, permutation %d", j, r)
			}
			if cfg.LowerIsBetter {
				imp[r] = s - baseline
			} else {
				imp[r] = baseline - s
			}
		}
		res.Importances[j] = imp
		mu := 0.0
		for _, v := range imp {
			mu += v
		}
		mu /= float64(R)
		v := 0.0
		for _, x := range imp {
			v += (x - mu) * (x - mu)
		}
		sd := math.Sqrt(v / float64(R))
		if math.IsInf(v, 0) {
			sd = popStd(imp, mu) // squares of deviations beyond about 1e154 overflow
		}
		res.Mean[j], res.Std[j] = mu, sd
		return nil
	})
	if err != nil {
		var pe *par.PanicError
		if errors.As(err, &pe) {
			return nil, featlab.Wrap(err, "importance: Permutation")
		}
		return nil, err
	}
	res.names = cfg.Names
	if res.names == nil {
		res.names = featlab.DefaultNames(d)
	} else {
		res.names = append([]string(nil), res.names...)
	}
	return res, nil
}

func checkPerm(p []int, m int) error {
	if len(p) != m {
		return featlab.Errorf(featlab.ErrShape, "%d indices for %d rows", len(p), m)
	}
	seen := make([]bool, m)
	for i, v := range p {
		if v < 0 || v >= m || seen[v] {
			return featlab.Errorf(featlab.ErrParam, "index %d at position %d: not a permutation of 0..%d", v, i, m-1)
		}
		seen[v] = true
	}
	return nil
}

// Selection returns the features with a positive mean importance, the
// largest first, with the means as Scores and every feature ranked by its
// mean (ties to the lower index).
func (r *PermutationResult) Selection() *featlab.Selection {
	d := len(r.Mean)
	order := make([]int, d)
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Mean[order[a]] > r.Mean[order[b]] })
	var chosen []int
	for _, j := range order {
		if r.Mean[j] > 0 {
			chosen = append(chosen, j)
		}
	}
	s := featlab.NewSelection(fmt.Sprintf("permutation importance, mean over %d repeats > 0", len(r.Importances[0])), append([]string(nil), r.names...), chosen)
	s.Scores = append([]float64(nil), r.Mean...)
	s.Ranking = order
	return s
}

// popStd returns sqrt(sum_r (x_r - mu)^2 / n) as a sqrt(sum_r ((x_r -
// mu)/a)^2 / n) with a = max_r |x_r - mu|: finite whenever the standard
// deviation is, where the plain sum of squares overflows for deviations
// beyond about 1e154.
func popStd(x []float64, mu float64) float64 {
	a := 0.0
	for _, v := range x {
		a = max(a, math.Abs(v-mu))
	}
	if a == 0 || math.IsInf(a, 0) || math.IsNaN(a) {
		return a
	}
	s := 0.0
	for _, v := range x {
		r := (v - mu) / a
		s += r * r
	}
	return a * math.Sqrt(s/float64(len(x)))
}
