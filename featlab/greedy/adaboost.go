package greedy

import (
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Stump is a decision stump on one feature:
// h(x) = Sign if x[Feature] > Threshold, else -Sign.
// A Threshold of -Inf gives the constant stump Sign.
type Stump struct {
	Feature   int
	Threshold float64
	Sign      float64 // +1 or -1
}

// Eval returns h(x) for a row x.
func (s Stump) Eval(x []float64) float64 {
	if s.Feature < 0 || s.Feature >= len(x) {
		panic(fmt.Sprintf("greedy: Stump.Eval: feature %d out of range for a row of length %d", s.Feature, len(x)))
	}
	if x[s.Feature] > s.Threshold {
		return s.Sign
	}
	return -s.Sign
}

// AdaBoostConfig configures AdaBoostGreedy.
type AdaBoostConfig struct {
	// T is the number of rounds. Default (0): 50.
	T int
	// Names names the features. Default x1..xd.
	Names []string
	// Workers bounds the goroutines scanning features (0: all cores).
	Workers int
	// MaxCells bounds the T x m values of the per-round distributions
	// the result keeps (featlab.CheckCells: 0 means
	// featlab.DefaultMaxCells, negative means no limit).
	MaxCells int
}

// AdaBoostRound is one round of AdaBoostGreedy.
type AdaBoostRound struct {
	Stump Stump
	Name  string // the stump's feature name
	// D is the distribution over examples before the round,
	// D_i = exp(-y_i f_w(x_i)) / Z (exercise 25.3).
	D []float64
	// Eps is the chosen stump's weighted error sum_i D_i 1[h(x_i) != y_i],
	// Gamma = 1/2 - Eps its edge.
	Eps, Gamma float64
	// Gradient is dR/dw at the chosen stump's coordinate,
	// -sum_i D_i y_i h(x_i), which equals 2 Eps - 1.
	Gradient float64
	// Weight is AdaBoost's step (1/2) log((1 - Eps)/Eps), the exact
	// minimiser of R along the chosen coordinate.
	Weight float64
	// Risk is R(w) of eq. 25.3 after the round; Decrease = Risk before -
	// Risk after; Bound = -log sqrt(1 - 4 Gamma^2), the decrease exercise
	// 25.3 guarantees (for this step it holds with equality).
	Risk, Decrease, Bound float64
	// Accuracy is the training accuracy of sign(f_w) after the round.
	Accuracy float64
}

// AdaBoostResult is the outcome of AdaBoostGreedy.
type AdaBoostResult struct {
	Method   string
	Names    []string
	Risk0    float64 // R(0) = log m
	Rounds   []AdaBoostRound
	Features []int  // features used by the chosen stumps, in order of first use
	Stop     string // why the run ended before T rounds ("" when it did not)
	// NumStumps is the size of the finite class searched: for every
	// feature, one threshold below all values and one between each pair of
	// consecutive distinct values, each with both signs.
	NumStumps int
}

// Selection returns the features used by the chosen stumps in order of
// first use; History has one "add" step per round that brings a new
// feature, scored by R after that round.
func (r *AdaBoostResult) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.Method, r.Names, append([]int(nil), r.Features...))
	seen := map[int]bool{}
	var sub []int
	for _, rd := range r.Rounds {
		j := rd.Stump.Feature
		if seen[j] {
			continue
		}
		seen[j] = true
		sub = append(sub, j)
		s.History = append(s.History, featlab.Step{Action: "add", Feature: j, Name: r.Names[j], Score: rd.Risk,
			Subset: append([]int(nil), sub...)})
	}
	return s
}

// Decision returns f_w(x) = sum_t w_t h_t(x) over the first rounds rounds
// (all when rounds <= 0 or beyond the number run) for each row of X.
func (r *AdaBoostResult) Decision(X mat.Matrix, rounds int) ([]float64, error) {
	if featlab.IsNil(X) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "greedy.AdaBoostResult.Decision: nil matrix")
	}
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	if d != len(r.Names) {
		return nil, featlab.Errorf(featlab.ErrShape, "greedy.AdaBoostResult.Decision: X has %d columns, fitted on %d", d, len(r.Names))
	}
	if rounds <= 0 || rounds > len(r.Rounds) {
		rounds = len(r.Rounds)
	}
	raw := matx.RowMajor(X)
	f := make([]float64, m)
	for i := range f {
		row := matx.Row(raw, i)
		for _, rd := range r.Rounds[:rounds] {
			f[i] += rd.Weight * rd.Stump.Eval(row)
		}
	}
	return f, nil
}

// AdaBoostGreedy runs forward greedy selection on eq. 25.3,
//
//	R(w) = log( sum_i exp( -y_i sum_j w_j h_j(x_i) ) ),
//
// over the finite class of decision stumps that realises every labelling
// of the sample a threshold on one feature can produce (exercise 25.3,
// first part, made concrete). Each round picks the coordinate with the
// largest |dR/dw_j| = |2 eps_j - 1|, i.e. the stump with the smallest
// weighted error eps under D_i = exp(-y_i f_w(x_i)) / Z (both signs are in
// the class), and steps along it by AdaBoost's (1/2) log((1 - eps)/eps),
// which is the exact line search of R on that coordinate. This is AdaBoost
// (Shalev-Shwartz & Ben-David, ch. 10) round for round: same D, same
// stump, same weight. Each round R falls by exactly
// -log(2 sqrt(eps (1 - eps))) = -log sqrt(1 - 4 gamma^2).
//
// A stump may be chosen again in a later round (its weight then
// accumulates). The run stops early when the best stump has eps = 0 (the
// data are separated; AdaBoost's weight would be infinite) or eps = 1/2.
//
// Errors: as for OMP; labels not in {-1, +1} (ErrLabels); T < 0
// (ErrParam); T x m over MaxCells (ErrTooLarge, before any round).
func AdaBoostGreedy(X mat.Matrix, y []float64, cfg AdaBoostConfig) (*AdaBoostResult, error) {
	m, d, err := checkXY("AdaBoostGreedy", X, y)
	if err != nil {
		return nil, err
	}
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, fmt.Errorf("greedy.AdaBoostGreedy: %w", err)
	}
	if err := pmOne("AdaBoostGreedy", y); err != nil {
		return nil, err
	}
	if cfg.T < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.AdaBoostGreedy: T = %d is negative", cfg.T)
	}
	T := cfg.T
	if T == 0 {
		T = 50
	}
	// Every round keeps its distribution D (m values): refuse a T whose
	// rounds could not be stored before running any.
	if err := featlab.CheckCells("greedy.AdaBoostGreedy: the per-round distributions (T rounds x m examples)", "AdaBoostConfig.MaxCells", T, m, cfg.MaxCells); err != nil {
		return nil, err
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	} else if len(names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "greedy.AdaBoostGreedy: %d names for %d features", len(names), d)
	}
	raw := matx.RowMajor(X)
	// Sorted order and distinct values of every feature.
	order := make([][]int, d)
	nStumps := 0
	for j := 0; j < d; j++ {
		idx := make([]int, m)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return raw.Data[idx[a]*raw.Stride+j] < raw.Data[idx[b]*raw.Stride+j] })
		order[j] = idx
		nStumps += 2
		for k := 1; k < m; k++ {
			if raw.Data[idx[k]*raw.Stride+j] != raw.Data[idx[k-1]*raw.Stride+j] {
				nStumps += 2
			}
		}
	}
	res := &AdaBoostResult{Method: "AdaBoost as forward greedy (eq. 25.3, decision stumps)", Names: names,
		Risk0: math.Log(float64(m)), NumStumps: nStumps}
	f := make([]float64, m)
	type best struct {
		eps float64
		s   Stump
	}
	perFeat := make([]best, d)
	seen := map[int]bool{}
	risk := res.Risk0
	for t := 0; t < T; t++ {
		// D_i proportional to exp(-y_i f(x_i)), shifted for stability.
		D := make([]float64, m)
		mx := math.Inf(-1)
		for i := range f {
			mx = math.Max(mx, -y[i]*f[i])
		}
		var Z float64
		for i := range f {
			D[i] = math.Exp(-y[i]*f[i] - mx)
			Z += D[i]
		}
		for i := range D {
			D[i] /= Z
		}
		par.For(d, cfg.Workers, func(j int) {
			idx := order[j]
			// Stump +1 with threshold below all values predicts +1
			// everywhere: its error is the weight of the -1 labels.
			var e float64
			for i := range y {
				if y[i] < 0 {
					e += D[i]
				}
			}
			at := func(k int) float64 { return raw.Data[idx[k]*raw.Stride+j] }
			b := best{eps: e, s: Stump{Feature: j, Threshold: math.Inf(-1), Sign: 1}}
			if 1-e < b.eps {
				b = best{eps: 1 - e, s: Stump{Feature: j, Threshold: math.Inf(-1), Sign: -1}}
			}
			for k := 0; k < m; k++ {
				// Move example idx[k] to the "<= threshold" side (predicted -1).
				i := idx[k]
				if y[i] > 0 {
					e += D[i]
				} else {
					e -= D[i]
				}
				if k+1 < m && at(k+1) == at(k) {
					continue
				}
				if k+1 == m {
					break // threshold above all values: the constant stump again
				}
				th := (at(k) + at(k+1)) / 2
				if e < b.eps {
					b = best{eps: e, s: Stump{Feature: j, Threshold: th, Sign: 1}}
				}
				if 1-e < b.eps {
					b = best{eps: 1 - e, s: Stump{Feature: j, Threshold: th, Sign: -1}}
				}
			}
			perFeat[j] = b
		})
		bt := perFeat[0]
		for _, b := range perFeat[1:] {
			if b.eps < bt.eps {
				bt = b
			}
		}
		// Recompute eps exactly (the running sums drift by rounding).
		var eps float64
		h := make([]float64, m)
		for i := range h {
			h[i] = bt.s.Eval(matx.Row(raw, i))
			if h[i] != y[i] {
				eps += D[i]
			}
		}
		if eps <= 0 {
			res.Stop = fmt.Sprintf("round %d: a stump on %s has weighted error 0 (AdaBoost's weight would be infinite)", t+1, names[bt.s.Feature])
			break
		}
		if eps >= 0.5 {
			res.Stop = fmt.Sprintf("round %d: no stump has weighted error below 1/2", t+1)
			break
		}
		var grad float64
		for i := range h {
			grad -= D[i] * y[i] * h[i]
		}
		wt := 0.5 * math.Log((1-eps)/eps)
		for i := range f {
			f[i] += wt * h[i]
		}
		newRisk, correct := 0.0, 0
		mx = math.Inf(-1)
		for i := range f {
			mx = math.Max(mx, -y[i]*f[i])
		}
		for i := range f {
			newRisk += math.Exp(-y[i]*f[i] - mx)
			if (f[i] > 0 && y[i] > 0) || (f[i] <= 0 && y[i] < 0) {
				correct++
			}
		}
		newRisk = math.Log(newRisk) + mx
		gamma := 0.5 - eps
		res.Rounds = append(res.Rounds, AdaBoostRound{
			Stump: bt.s, Name: names[bt.s.Feature], D: D, Eps: eps, Gamma: gamma, Gradient: grad, Weight: wt,
			Risk: newRisk, Decrease: risk - newRisk, Bound: -0.5 * math.Log(1-4*gamma*gamma),
			Accuracy: float64(correct) / float64(m),
		})
		risk = newRisk
		if !seen[bt.s.Feature] {
			seen[bt.s.Feature] = true
			res.Features = append(res.Features, bt.s.Feature)
		}
	}
	return res, nil
}
