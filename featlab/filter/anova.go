package filter

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/par"
)

// FClassif scores each feature by the one-way ANOVA F statistic of its
// values grouped by the class labels in y, as scikit-learn's f_classif:
//
//	F_j = [SSB_j / (K - 1)] / [SSW_j / (m - K)]
//
// with K classes, SSB_j = sum_k n_k (mean_k - mean)^2 the between-class and
// SSW_j = sum_k sum_{i in k} (x_ij - mean_k)^2 the within-class sum of
// squares. PValues[j] is the upper tail of F(K - 1, m - K) at F_j. A
// constant feature gets F = 0 and p-value 1 (scikit-learn gives NaN); a
// feature constant within each class but not overall gets F =
// math.MaxFloat64 and p-value 0; with m <= K every F is 0 and p-value 1. y
// must hold integer labels of at least two classes.
//
// The sums of all features come from one fused pass over the rows of X,
// accumulating shifted per-class sums of x and x^2 (with two classes, the
// pass of Pearson's kernel: sums of t = x - x_0, of t^2 and of t over
// class 1).
func FClassif(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	in, cls, nk, err := classInput(X, y, cfg.Names, "F classif (ANOVA)")
	if err != nil {
		return nil, err
	}
	m, d, K := in.m, in.d, len(nk)
	shift := in.data[:d:d]
	s := &Scores{Method: "F classif (ANOVA)", Names: in.names, Values: make([]float64, d), PValues: make([]float64, d)}
	constant := make([]bool, d)
	bad := make([]bool, d)
	dfb, dfw := float64(K-1), float64(m-K)
	// score finishes column j from its per-class sums of t and t^2 (any
	// split of the squares among the classes: only their total matters).
	score := func(j int, sums, sqs []float64) {
		f, isConst, ok := anovaF(sums, sqs, nk, dfb, dfw)
		if !ok {
			// Cancellation, a constant column, or NaN/Inf: recompute
			// from the column itself, centred exactly.
			f, isConst, ok = anovaColumn(in, j, cls, nk, dfb, dfw)
			if !ok {
				bad[j] = true
				return
			}
		}
		s.Values[j], constant[j] = f, isConst
		switch {
		case isConst || dfw <= 0:
			s.PValues[j] = 1
		default:
			s.PValues[j] = fSurvival(f, dfb, dfw)
		}
	}
	if K == 2 {
		// Two classes: one pass of the fused kernel with y the indicator
		// of class 1 gives sum t, sum t^2 and S_1 = sum over class 1 of
		// t; S_0 = sum t - S_1. Row chunks as Pearson's: the same bits
		// for any number of workers.
		ind := make([]float64, m)
		for i, k := range cls {
			ind[i] = float64(k)
		}
		acc := chunkedSums(m, 3*d, chunkCount(m, 3*d), cfg.Workers, func(lo, hi int, acc []float64) {
			kernel.Moments(in.data, in.stride, shift, ind, acc, lo, hi)
		})
		s1, s2, s1k := acc[:d], acc[d:2*d], acc[2*d:]
		for j := 0; j < d; j++ {
			score(j, []float64{s1[j] - s1k[j], s1k[j]}, []float64{s2[j], 0})
		}
	} else {
		S := make([]float64, K*d) // per-class sums of t = x - x0
		Q := make([]float64, K*d) // per-class sums of t^2
		par.Blocks(d, cfg.Workers, func(lo, hi int) {
			n := hi - lo
			c := shift[lo:hi]
			for i := 0; i < m; i++ {
				row := in.data[i*in.stride+lo : i*in.stride+hi]
				off := cls[i] * d
				sk := S[off+lo : off+hi]
				qk := Q[off+lo : off+hi]
				kernel.ShiftSq(row, c[:n], sk[:n], qk[:n])
			}
			sums := make([]float64, K)
			sqs := make([]float64, K)
			for j := lo; j < hi; j++ {
				for k := 0; k < K; k++ {
					sums[k], sqs[k] = S[k*d+j], Q[k*d+j]
				}
				score(j, sums, sqs)
			}
		})
	}
	for _, b := range bad {
		if b {
			if err := in.findNotFinite(); err != nil {
				return nil, err
			}
		}
	}
	s.Constant = constantList(constant)
	return s, nil
}

// anovaF computes F from per-class sums and sums of squares (of values
// shifted by any constant). ok is false when the result may suffer from
// cancellation or the sums are not finite; the caller then recomputes.
func anovaF(sums, sqs, nk []float64, dfb, dfw float64) (f float64, constant, ok bool) {
	var S, Q, n, ssb, ssw float64
	for k := range sums {
		S += sums[k]
		Q += sqs[k]
		n += nk[k]
		if nk[k] > 0 {
			ssb += sums[k] * sums[k] / nk[k]
			ssw += sqs[k] - sums[k]*sums[k]/nk[k]
		}
	}
	sst := Q - S*S/n
	if !(sst > 1e-4*Q) || math.IsInf(Q, 0) {
		return 0, false, false
	}
	ssb -= S * S / n
	return fRatio(ssb, ssw, dfb, dfw), false, true
}

// fRatio returns (ssb/dfb)/(ssw/dfw) with the conventions of FClassif.
func fRatio(ssb, ssw, dfb, dfw float64) float64 {
	if dfw <= 0 || ssb <= 0 {
		return 0
	}
	if ssw <= 0 {
		return math.MaxFloat64
	}
	f := (ssb / dfb) / (ssw / dfw)
	if math.IsInf(f, 1) {
		return math.MaxFloat64
	}
	return f
}

// anovaColumn computes F for column j exactly centred (two passes, scaled).
func anovaColumn(in *input, j int, cls []int, nk []float64, dfb, dfw float64) (f float64, constant, ok bool) {
	col := in.column(j, make([]float64, in.m))
	for _, v := range col {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, false, false
		}
	}
	if isConstant(col) {
		return 0, true, true
	}
	c, _, _ := scaledCentre(col)
	K := len(nk)
	mean := make([]float64, K)
	for i, v := range c {
		mean[cls[i]] += v
	}
	for k := range mean {
		if nk[k] > 0 {
			mean[k] /= nk[k]
		}
	}
	var grand float64
	for _, v := range c {
		grand += v
	}
	grand /= float64(len(c))
	var ssb, ssw float64
	for k := range mean {
		ssb += nk[k] * (mean[k] - grand) * (mean[k] - grand)
	}
	for i, v := range c {
		e := v - mean[cls[i]]
		ssw += e * e
	}
	return fRatio(ssb, ssw, dfb, dfw), false, true
}

// Chi2 scores each non-negative feature (counts, frequencies, one-hot
// indicators) by Pearson's chi-squared statistic between the feature's
// per-class totals and the totals expected if it were unrelated to the
// class, as scikit-learn's chi2:
//
//	O_kj = sum_{i in class k} x_ij,  E_kj = (n_k / m) sum_i x_ij,
//	chi2_j = sum_k (O_kj - E_kj)^2 / E_kj,
//
// with PValues[j] the upper tail of the chi-squared distribution with K - 1
// degrees of freedom at chi2_j. A constant feature (including an all-zero
// one, where scikit-learn gives NaN) scores 0 with p-value 1. A negative
// value in X is an error (wrapping featlab.ErrParam, naming the row and
// feature); y must hold integer labels of at least two classes.
func Chi2(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	in, cls, nk, err := classInput(X, y, cfg.Names, "chi2")
	if err != nil {
		return nil, err
	}
	m, d, K := in.m, in.d, len(nk)
	// One pass: per-class totals, and a flag per column for a value that
	// is not >= 0 (negative or NaN) or a total that is not finite.
	O := make([]float64, K*d)
	flag := make([]bool, d)
	par.Blocks(d, cfg.Workers, func(lo, hi int) {
		fl := flag[lo:hi]
		for i := 0; i < m; i++ {
			row := in.data[i*in.stride+lo : i*in.stride+hi]
			if !kernel.SumNonneg(row, O[cls[i]*d+lo:cls[i]*d+hi]) {
				// Some value of the row is negative or NaN: mark its
				// columns (the error message is made below).
				for j, x := range row {
					if !(x >= 0) {
						fl[j] = true
					}
				}
			}
		}
		for j := lo; j < hi; j++ {
			for k := 0; k < K; k++ {
				if math.IsInf(O[k*d+j], 0) || math.IsNaN(O[k*d+j]) {
					flag[j] = true
				}
			}
		}
	})
	if slices.Contains(flag, true) {
		if err := in.chi2Check(); err != nil {
			return nil, err
		}
	}
	s := &Scores{Method: "chi2", Names: in.names, Values: make([]float64, d), PValues: make([]float64, d)}
	constant := make([]bool, d)
	dist := distuv.ChiSquared{K: float64(K - 1)}
	par.Blocks(d, cfg.Workers, func(lo, hi int) {
		for j := lo; j < hi; j++ {
			allEq := true
			x0 := in.data[j]
			for i := 1; i < m; i++ {
				if in.data[i*in.stride+j] != x0 {
					allEq = false
					break
				}
			}
			if allEq {
				constant[j] = true
				s.PValues[j] = 1
				continue
			}
			obs := make([]float64, K)
			for k := range obs {
				obs[k] = O[k*d+j]
			}
			chi := chiSquared(obs, nk, float64(m))
			if math.IsNaN(chi) || math.IsInf(chi, 0) {
				// Overflow of the totals: chi2 scales linearly with x, so
				// compute it on x/max and scale back.
				var mx float64
				for i := 0; i < m; i++ {
					mx = math.Max(mx, in.data[i*in.stride+j])
				}
				clear(obs)
				for i := 0; i < m; i++ {
					obs[cls[i]] += in.data[i*in.stride+j] / mx
				}
				chi = chiSquared(obs, nk, float64(m)) * mx
				if math.IsInf(chi, 1) {
					chi = math.MaxFloat64
				}
			}
			s.Values[j] = chi
			s.PValues[j] = dist.Survival(chi)
		}
	})
	s.Constant = constantList(constant)
	return s, nil
}

// chi2Check returns the error for the first value of X, in row-major
// order, that is NaN, infinite or negative.
func (in *input) chi2Check() error {
	for i := 0; i < in.m; i++ {
		for j, v := range in.data[i*in.stride : i*in.stride+in.d] {
			switch {
			case math.IsNaN(v) || math.IsInf(v, 0):
				return featlab.NotFiniteCell(v, i, fmt.Sprintf("feature %d (%q)", j, in.names[j]))
			case v < 0:
				return featlab.Errorf(featlab.ErrParam, "chi2 needs non-negative features; value %v at row %d, feature %d (%q)", v, i, j, in.names[j])
			}
		}
	}
	return nil
}

// chiSquared returns sum_k (O_k - E_k)^2 / E_k with E_k = n_k/m sum O.
func chiSquared(obs, nk []float64, m float64) float64 {
	var count float64
	for _, o := range obs {
		count += o
	}
	var chi float64
	for k, o := range obs {
		e := nk[k] / m * count
		dev := o - e
		chi += dev * dev / e
	}
	return chi
}

// classInput validates X, y and names for a classification score and
// returns the class index of each example and the class sizes.
func classInput(X mat.Matrix, y []float64, names []string, score string) (*input, []int, []float64, error) {
	in, err := prepare("", X, y, names, false)
	if err != nil {
		return nil, nil, nil, err
	}
	cls, labels, err := classes(y, score)
	if err != nil {
		return nil, nil, nil, err
	}
	nk := make([]float64, len(labels))
	for _, k := range cls {
		nk[k]++
	}
	return in, cls, nk, nil
}
