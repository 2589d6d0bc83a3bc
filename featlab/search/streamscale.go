package search

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// scaledCrossProducts returns the cross products of [X y] that
// least squares fits on (the Gram's centred C with an intercept, the raw
// C + n z̄ z̄ᵀ without), with column j of [X y] scaled by 2^(-e_j): e_j
// is the binary exponent of column j's root sum of squares, so every
// scaled diagonal lies in [1/4, 1) and a data set whose values are near
// 1e±150 (squares near the ends of float64's range, which the branch and
// bound's pivots and criteria would overflow or lose) is fitted as its
// unit-scale copy. Powers of two scale exactly: the subsets, R², adjusted
// R² and Cp are those of the unscaled data, and RSS is 2^(-2 e_y) times
// theirs (e2 = e_y; unscaleSubsets multiplies it back). A NaN or
// infinite statistic (squares that overflowed during the pass) wraps
// ErrNotFinite and names the column.
func scaledCrossProducts(g *stream.Gram, intercept bool) (S *mat.SymDense, e2 int, err error) {
	C, mean, n := g.Centred(), g.Mean(), float64(g.Count())
	p := len(mean)
	name := func(j int) string {
		if j == p-1 {
			if t := g.TargetName(); t != "" {
				return "target " + t
			}
			return "the target"
		}
		if names := g.Names(); j < len(names) {
			return names[j]
		}
		return featlab.DefaultNames(p - 1)[j]
	}
	e := make([]int, p)
	for j := 0; j < p; j++ {
		c, m := C.At(j, j), mean[j]
		if math.IsNaN(c) || math.IsInf(c, 0) || math.IsNaN(m) || math.IsInf(m, 0) {
			return nil, 0, featlab.Errorf(featlab.ErrNotFinite, "search: statistics: column %q has mean %v and centred sum of squares %v: its values' squares overflow float64 (values beyond about 1e154 cannot be summarised; rescale the column before the pass)", name(j), m, c)
		}
		r := math.Sqrt(c)
		if !intercept {
			r = math.Max(r, math.Sqrt(n)*math.Abs(m))
		}
		if r > 0 {
			_, e[j] = math.Frexp(r)
		}
	}
	S = mat.NewSymDense(p, nil)
	for j := 0; j < p; j++ {
		for k := j; k < p; k++ {
			v := math.Ldexp(C.At(j, k), -e[j]-e[k])
			if !intercept {
				v += n * math.Ldexp(mean[j], -e[j]) * math.Ldexp(mean[k], -e[k])
			}
			S.SetSym(j, k, v)
		}
	}
	return S, e[p-1], nil
}

// unscaleSubsets turns the RSS of a fit on scaledCrossProducts' scaled
// statistics back into the data's (times 2^(2 e2), exact) and recomputes
// AIC and BIC from it (they are the only criteria that depend on y's
// scale), with the scores of the search when it chose by them.
func unscaleSubsets(res *BestSubsetsResult, ls *lsEval, choose LSScore, e2 int) {
	for i := range res.Sizes {
		st := &res.Sizes[i]
		k := len(st.Subset)
		st.RSS = math.Ldexp(st.RSS, 2*e2)
		st.AIC, st.BIC = ls.fromRSS(AIC, st.RSS, k), ls.fromRSS(BIC, st.RSS, k)
		if choose != AIC && choose != BIC {
			continue
		}
		v := ls.fromRSS(choose, st.RSS, k)
		res.BySize[k-1].Score = v
		if i < len(res.History) {
			res.History[i].Score = v
		}
		if len(res.Subset) == k {
			res.Score = v
		}
	}
}
