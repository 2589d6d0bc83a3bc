package linear

import (
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
)

// Selection returns the features the fit selects (non-zero weights) as a
// featlab.Selection, names from the config's Names: scores |w_j|, ranking
// by decreasing |w_j| (ties by index), chosen the non-zero ones in that
// order; constant columns, whose weight is 0 by construction, are listed
// in Constant.
func (r *LassoResult) Selection() *featlab.Selection {
	method := fmt.Sprintf("lasso, lambda = %s", featlab.FormatFloat(r.Lambda1))
	if r.Lambda2 != 0 {
		method = fmt.Sprintf("elastic net, l1 = %s, l2 = %s", featlab.FormatFloat(r.Lambda1), featlab.FormatFloat(r.Lambda2))
	}
	s := weightSelection(method, r.Coef, r.names)
	s.Constant = r.Constant
	return s
}

// weightSelection turns a coefficient vector into a featlab.Selection:
// chosen are the non-zero coefficients, scores |w_j|, ranking by
// decreasing |w_j| (ties by index). names may be nil (x1, ..., xd).
func weightSelection(method string, w []float64, names []string) *featlab.Selection {
	if len(names) != len(w) {
		names = featlab.DefaultNames(len(w))
	}
	scores := make([]float64, len(w))
	rank := make([]int, len(w))
	for j, v := range w {
		scores[j] = math.Abs(v)
		rank[j] = j
	}
	sort.SliceStable(rank, func(a, b int) bool { return scores[rank[a]] > scores[rank[b]] })
	var chosen []int
	for _, j := range rank {
		if w[j] != 0 {
			chosen = append(chosen, j)
		}
	}
	s := featlab.NewSelection(method, names, chosen)
	s.Scores, s.Ranking = scores, rank
	return s
}
