package search

import (
	"math"
)

// unscaleSubsets turns the RSS of a fit on statsEval's per-column scaled
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
