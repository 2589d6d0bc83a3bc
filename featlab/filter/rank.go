package filter

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/par"
)

// Spearman scores each feature by the absolute value of Spearman's rank
// correlation rho with the target: Pearson's r computed on the ranks of the
// feature's values and the ranks of y (lecture 13, "apply Pearson's
// coefficient on the ranking of v"). Tied values get the average of the
// ranks they span. Values[j] = |rho_j|, Signs[j] = sign(rho_j); PValues[j]
// is the two-sided p-value of the t test of rho = 0 with m - 2 degrees of
// freedom, as scipy.stats.spearmanr. rho is invariant under any strictly
// increasing transformation of a feature, so it finds monotone relations
// that are not linear. A constant feature scores 0 (p-value 1). y must not
// be constant.
func Spearman(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	in, err := prepare("", X, y, cfg.Names, true)
	if err != nil {
		return nil, err
	}
	if err := checkRegressionTarget(y); err != nil {
		return nil, err
	}
	m, d := in.m, in.d
	s := &Scores{Method: "spearman |rho|", Names: in.names, Values: make([]float64, d), Signs: make([]float64, d), PValues: make([]float64, d)}
	rho, constant := spearmanRho(in, y, cfg.Workers)
	df := float64(m - 2)
	for j, r := range rho {
		switch {
		case constant[j]:
			s.PValues[j] = 1
		case df > 0:
			s.Values[j], s.Signs[j] = math.Abs(r), sign(r)
			s.PValues[j] = fSurvival(fFromR(r, df), 1, df)
		default:
			s.Values[j], s.Signs[j] = math.Abs(r), sign(r)
			s.PValues[j] = 1
		}
	}
	s.Constant = constantList(constant)
	return s, nil
}

// spearmanRho returns Spearman's rho of every column of in with y (0 for a
// constant column, which constant marks). The ranks of the columns
// (averageRanks, one column per task) go into a row-major m x d matrix R,
// and the correlations of its columns with the ranks of y come from one
// pass of the fused kernel over R (kernel.Moments, as Pearson's), with
// every rank shifted by the mean rank c = (m+1)/2 (the mean of any
// average ranks): t_ij = R_ij - c and u_i = rank(y)_i - c are multiples of
// 1/2, so for m below about 400000 every sum of the pass (sum t^2, sum t
// u, of magnitude below m^3/12 < 2^53) is exact, whatever the order of the
// additions, and rho is the same for any number of workers and equal to
// the two-pass Pearson formula on the ranks.
func spearmanRho(in *input, y []float64, workers int) (rho []float64, constant []bool) {
	m, d := in.m, in.d
	c := float64(m+1) / 2
	ry := averageRanks(y, make([]float64, m), make([]int, m))
	u := make([]float64, m)
	var syy float64
	for i, r := range ry {
		u[i] = r - c
		syy += u[i] * u[i]
	}
	R := make([]float64, m*d)
	constant = make([]bool, d)
	par.For(d, workers, func(j int) {
		v := in.column(j, make([]float64, m))
		if isConstant(v) {
			constant[j] = true
			for i := 0; i < m; i++ {
				R[i*d+j] = c
			}
			return
		}
		rv := averageRanks(v, make([]float64, m), make([]int, m))
		for i, r := range rv {
			R[i*d+j] = r
		}
	})
	shift := make([]float64, d)
	for j := range shift {
		shift[j] = c
	}
	sums := chunkedSums(m, 3*d, chunkCount(m, 3*d), workers, func(lo, hi int, acc []float64) {
		kernel.Moments(R, d, shift, u, acc, lo, hi)
	})
	s1, s2, sxy := sums[:d], sums[d:2*d], sums[2*d:]
	rho = make([]float64, d)
	fm := float64(m)
	for j := range rho {
		sxx := s2[j] - s1[j]*s1[j]/fm
		if constant[j] || sxx == 0 || syy == 0 {
			continue
		}
		rho[j] = clamp1(sxy[j] / (math.Sqrt(sxx) * math.Sqrt(syy)))
	}
	return rho, constant
}

func isConstant(v []float64) bool {
	for _, x := range v[1:] {
		if x != v[0] {
			return false
		}
	}
	return true
}

// averageRanks writes into rank the 1-based ranks of v, ties getting the
// average of the ranks they span (scipy.stats.rankdata's "average"); idx
// is scratch of the same length. It returns rank.
func averageRanks(v, rank []float64, idx []int) []float64 {
	n := len(v)
	for i := range idx[:n] {
		idx[i] = i
	}
	sortIndexByValue(idx[:n], v)
	for i := 0; i < n; {
		k := i + 1
		for k < n && v[idx[k]] == v[idx[i]] {
			k++
		}
		// ranks i+1..k averaged
		r := float64(i+1+k) / 2
		for t := i; t < k; t++ {
			rank[idx[t]] = r
		}
		i = k
	}
	return rank
}

// sortIndexByValue sorts idx so that v[idx] is increasing, ties by index
// (a stable, deterministic order).
func sortIndexByValue(idx []int, v []float64) {
	slices.SortFunc(idx, func(a, b int) int {
		switch {
		case v[a] < v[b]:
			return -1
		case v[a] > v[b]:
			return 1
		}
		return a - b
	})
}

// AUC scores each feature by how well its values rank the two classes of
// y: the area under the ROC curve of the feature used as a score for the
// positive class (the larger of y's two labels, as scikit-learn's
// roc_auc_score), i.e. the probability that a random positive example has
// a larger value than a random negative one, ties counting one half:
//
//	AUC_j = (R_+ - n_+(n_+ + 1)/2) / (n_+ n_-)
//
// with R_+ the sum of the average ranks of the positive examples. The
// score is orientation-free: Values[j] = max(AUC_j, 1 - AUC_j) in [0.5, 1],
// and Signs[j] = +1 when AUC_j > 0.5 (larger values point to the positive
// class), -1 when AUC_j < 0.5, 0 when AUC_j = 0.5. A constant feature has
// AUC 0.5, the lowest score. y must hold exactly two integer labels.
func AUC(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	in, err := prepare("", X, y, cfg.Names, true)
	if err != nil {
		return nil, err
	}
	pos, err := twoClasses(y, "AUC")
	if err != nil {
		return nil, err
	}
	m, d := in.m, in.d
	var np float64
	for _, p := range pos {
		if p {
			np++
		}
	}
	nn := float64(m) - np
	s := &Scores{Method: "AUC max(AUC, 1-AUC)", Names: in.names, Values: make([]float64, d), Signs: make([]float64, d)}
	constant := make([]bool, d)
	par.For(d, cfg.Workers, func(j int) {
		v := in.column(j, make([]float64, m))
		if isConstant(v) {
			constant[j] = true
			s.Values[j] = 0.5
			return
		}
		rk := averageRanks(v, make([]float64, m), make([]int, m))
		var rp float64
		for i, p := range pos {
			if p {
				rp += rk[i]
			}
		}
		auc := (rp - np*(np+1)/2) / (np * nn)
		s.Values[j] = math.Max(auc, 1-auc)
		s.Signs[j] = sign(auc - 0.5)
	})
	s.Constant = constantList(constant)
	return s, nil
}

// Stump scores each feature by the training accuracy of the best decision
// stump on it (the Aalto lecture's classification-based ranking):
//
//	[a_j, t_j] = argmin_{a in {-1,+1}, t} sum_i 1[h(x_ij) != y_i],
//	h(x) = a if x > t, else -a,
//
// that is, sgn(a x + theta) with theta = -a t, examples exactly at the
// threshold assigned -a. Values[j] is the accuracy 1 - errors/m, Signs[j] =
// a_j and Thresholds[j] = t_j, placed midway between the two consecutive
// distinct values where the best cut lies (-Inf when the best stump
// predicts one class for all examples). The search sorts the feature once
// and sweeps the m + 1 cuts, O(m log m). Among equally accurate stumps the
// first in sweep order wins (lowest cut, a = +1 before a = -1). A constant
// feature scores the majority-class rate, the lowest possible accuracy. y
// must hold exactly two integer labels; the larger one plays +1.
func Stump(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	in, err := prepare("", X, y, cfg.Names, true)
	if err != nil {
		return nil, err
	}
	pos, err := twoClasses(y, "decision stump")
	if err != nil {
		return nil, err
	}
	m, d := in.m, in.d
	s := &Scores{Method: "stump accuracy", Names: in.names, Values: make([]float64, d), Signs: make([]float64, d), Thresholds: make([]float64, d)}
	constant := make([]bool, d)
	par.Blocks(d, cfg.Workers, func(lo, hi int) {
		v := make([]float64, m)
		idx := make([]int, m)
		for j := lo; j < hi; j++ {
			in.column(j, v)
			acc, a, t, isConst := stump(v, pos, idx)
			s.Values[j], s.Signs[j], s.Thresholds[j], constant[j] = acc, a, t, isConst
		}
	})
	s.Constant = constantList(constant)
	return s, nil
}

// stump finds the best stump on v; idx is scratch of length m.
func stump(v []float64, pos []bool, idx []int) (acc, a, t float64, constant bool) {
	m := len(v)
	for i := range idx {
		idx[i] = i
	}
	sortIndexByValue(idx, v)
	var np int
	for _, p := range pos {
		if p {
			np++
		}
	}
	// Cut c (0..m): the first c sorted examples are below the threshold.
	// With a = +1 they are predicted -1 and the rest +1; errors(+1) =
	// (positives below) + (negatives above). errors(-1) = m - errors(+1).
	best := m + 1
	bestA, bestCut := 1.0, 0
	posBelow, negBelow := 0, 0
	nn := m - np
	for c := 0; c <= m; c++ {
		if c > 0 {
			if pos[idx[c-1]] {
				posBelow++
			} else {
				negBelow++
			}
			// A cut is only possible between distinct values.
			if c < m && v[idx[c]] == v[idx[c-1]] {
				continue
			}
		}
		e := posBelow + (nn - negBelow)
		if e < best {
			best, bestA, bestCut = e, 1, c
		}
		if m-e < best {
			best, bestA, bestCut = m-e, -1, c
		}
	}
	acc = float64(m-best) / float64(m)
	constant = v[idx[0]] == v[idx[m-1]]
	switch {
	case bestCut == 0:
		t = math.Inf(-1)
	case bestCut == m:
		// Everything below: h = -a everywhere; the same classifier as
		// cut 0 with -a, reported that way.
		t = math.Inf(-1)
		bestA = -bestA
	default:
		lo, hi := v[idx[bestCut-1]], v[idx[bestCut]]
		t = lo + (hi-lo)/2
		if !(t < hi) || t < lo {
			t = lo
		}
	}
	if constant {
		bestA = 0
	}
	return acc, bestA, t, constant
}
