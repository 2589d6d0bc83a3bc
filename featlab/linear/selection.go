package linear

import (
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
)

// Selection returns the features the fit selects (non-zero weights) as a
// featlab.Selection: scores |w_j|, ranking by decreasing |w_j| (ties by
// index), chosen the non-zero ones in that order; constant columns, whose
// weight is 0 by construction, are listed in Constant. names may be nil
// (x1, ..., xd).
func (r *Result) Selection(names []string) *featlab.Selection {
	method := fmt.Sprintf("lasso, lambda = %s", featlab.FormatFloat(r.Lambda1))
	if r.Lambda2 != 0 {
		method = fmt.Sprintf("elastic net, l1 = %s, l2 = %s", featlab.FormatFloat(r.Lambda1), featlab.FormatFloat(r.Lambda2))
	}
	s := weightSelection(method, r.Coef, names)
	s.Constant = r.Constant
	return s
}

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

// Selection returns the path as a featlab.Selection: Chosen lists the
// features in the order they entered (Order), Scores[j] is the lambda at
// which feature j entered (0 if it never did), Ranking is the entry order
// followed by the features that never entered (by index), and History has
// one "add" step per entering feature whose Score is its entry lambda and
// whose Subset is the support at that lambda. names may be nil.
func (p *Path) Selection(names []string) *featlab.Selection {
	d := len(p.Entry)
	if len(names) != d {
		names = featlab.DefaultNames(d)
	}
	s := featlab.NewSelection(fmt.Sprintf("lasso path, %d lambdas, order of entry", len(p.Lambdas)), names, append([]int(nil), p.Order...))
	s.Scores = make([]float64, d)
	s.Constant = p.Constant
	s.Ranking = append([]int(nil), p.Order...)
	for j, k := range p.Entry {
		if k >= 0 {
			s.Scores[j] = p.Lambdas[k]
		} else {
			s.Ranking = append(s.Ranking, j)
		}
	}
	for _, j := range p.Order {
		k := p.Entry[j]
		var sub []int
		for i := 0; i < d; i++ {
			if p.Coefs.At(i, k) != 0 {
				sub = append(sub, i)
			}
		}
		s.History = append(s.History, featlab.Step{Action: "add", Feature: j, Name: names[j], Score: p.Lambdas[k], Subset: sub})
	}
	return s
}
