package filter

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
)

// Scores holds one score per feature, as returned by every score function
// of this package (and by Relief and Relief-F).
//
// For every score a higher value means a better feature. Values is never
// NaN. PValues, Signs and Thresholds are nil unless the score defines them.
type Scores struct {
	// Method names the score, e.g. "pearson |r|".
	Method string
	// Names holds the names of the d features (when its length is not d,
	// the selection rules and tables use x1, ..., xd).
	Names []string
	// Values holds the score of each feature; higher is better.
	Values []float64
	// PValues holds, for scores that come with a standard test, the
	// p-value of the null hypothesis "feature and target are unrelated"
	// for each feature; nil otherwise.
	PValues []float64
	// Signs holds the orientation of each feature where the score is the
	// magnitude of a signed quantity: the sign of r for Pearson, RSquared
	// and Spearman, +1 when larger values of the feature point to the
	// positive class for AUC, the direction a of the best stump. It is 0
	// for a constant feature, and nil for scores without orientation.
	Signs []float64
	// Thresholds holds, for the decision stump, the threshold t of the
	// best stump of each feature (see Stump); nil otherwise.
	Thresholds []float64
	// Constant lists, in increasing order, the features whose values are
	// all equal.
	Constant []int
}

// Len returns the number of features.
func (s *Scores) Len() int { return len(s.Values) }

// Signed returns Values[j]*Signs[j] for every feature: the signed
// correlation r (or rho) for Pearson and Spearman, the signed r^2 for
// RSquared. When the score has no orientation it returns a copy of Values.
func (s *Scores) Signed() []float64 {
	out := make([]float64, len(s.Values))
	copy(out, s.Values)
	if s.Signs != nil {
		for j := range out {
			out[j] *= s.Signs[j]
		}
	}
	return out
}

// Ranking returns all feature indices ordered from the best score to the
// worst. Equal scores keep increasing feature index order (the sort is
// stable), so the lower index wins a tie.
func (s *Scores) Ranking() []int {
	order := make([]int, len(s.Values))
	for j := range order {
		order[j] = j
	}
	sort.SliceStable(order, func(a, b int) bool {
		return s.Values[order[a]] > s.Values[order[b]]
	})
	return order
}

// names returns Names, or x1..xd when it does not name every feature.
func (s *Scores) names() []string {
	if len(s.Names) == len(s.Values) {
		return s.Names
	}
	return featlab.DefaultNames(len(s.Values))
}

// selection builds the Selection of the chosen indices (best first).
func (s *Scores) selection(rule string, chosen []int, ranking []int) *featlab.Selection {
	sel := featlab.NewSelection(s.Method+", "+rule, append([]string(nil), s.names()...), chosen)
	sel.Scores = append([]float64(nil), s.Values...)
	sel.Ranking = ranking
	if len(s.Constant) > 0 {
		sel.Constant = append([]int(nil), s.Constant...)
	}
	return sel
}

// TopK selects the k best features: the first k of Ranking, so ties at the
// cut go to the lower feature index. k must be in [1, d]; otherwise the
// error wraps featlab.ErrParam. Chosen is ordered best first.
func (s *Scores) TopK(k int) (*featlab.Selection, error) {
	d := len(s.Values)
	if k < 1 || k > d {
		return nil, featlab.Errorf(featlab.ErrParam, "k = %d must be in [1, %d]", k, d)
	}
	r := s.Ranking()
	chosen := append([]int(nil), r[:k]...)
	return s.selection("top "+strconv.Itoa(k), chosen, r), nil
}

// Threshold selects every feature whose score is at least tau, best first
// (ties by feature index). The selection may be empty. tau must not be NaN.
func (s *Scores) Threshold(tau float64) (*featlab.Selection, error) {
	if math.IsNaN(tau) {
		return nil, featlab.Errorf(featlab.ErrParam, "threshold tau is NaN")
	}
	r := s.Ranking()
	chosen := []int{}
	for _, j := range r {
		if s.Values[j] >= tau {
			chosen = append(chosen, j)
		}
	}
	return s.selection("score >= "+featlab.FormatFloat(tau), chosen, r), nil
}

// Percentile selects the features whose scores are in the top p percent,
// with scikit-learn's SelectPercentile rule: t is the (100-p)-th percentile
// of the scores (linear interpolation between order statistics, numpy's
// default); every feature scoring strictly above t is kept, then features
// scoring exactly t are added in increasing index order while fewer than
// floor(d*p/100) are kept. p must be in [0, 100]; p = 100 keeps all, p = 0
// none. Chosen is ordered best first.
func (s *Scores) Percentile(p float64) (*featlab.Selection, error) {
	if !(p >= 0 && p <= 100) {
		return nil, featlab.Errorf(featlab.ErrParam, "percentile p = %v must be in [0, 100]", p)
	}
	d := len(s.Values)
	r := s.Ranking()
	rule := "top " + featlab.FormatFloat(p) + "%"
	if p == 100 {
		return s.selection(rule, append([]int(nil), r...), r), nil
	}
	if p == 0 || d == 0 {
		return s.selection(rule, []int{}, r), nil
	}
	t := percentile(s.Values, 100-p)
	keep := make([]bool, d)
	n := 0
	for j, v := range s.Values {
		if v > t {
			keep[j] = true
			n++
		}
	}
	maxFeats := int(float64(d) * p / 100)
	for j, v := range s.Values {
		if n >= maxFeats {
			break
		}
		if v == t && !keep[j] {
			keep[j] = true
			n++
		}
	}
	chosen := []int{}
	for _, j := range r {
		if keep[j] {
			chosen = append(chosen, j)
		}
	}
	return s.selection(rule, chosen, r), nil
}

// percentile returns the q-th percentile (q in [0, 100]) of v by linear
// interpolation between the order statistics at positions q/100*(n-1), as
// numpy.percentile with its default method.
func percentile(v []float64, q float64) float64 {
	sorted := append([]float64(nil), v...)
	sort.Float64s(sorted)
	n := len(sorted)
	qq := q / 100
	// numpy's virtual index for the linear method: n*q + (1 - q) - 1,
	// evaluated in this order so that the rounding matches.
	pos := float64(n)*qq + (1 + qq*(-1)) - 1
	if pos < 0 {
		pos = 0
	}
	lo := int(math.Floor(pos))
	if lo >= n-1 {
		return sorted[n-1]
	}
	frac := pos - float64(lo)
	a, b := sorted[lo], sorted[lo+1]
	// numpy's _lerp: a + (b-a)*t, and b - (b-a)*(1-t) when t >= 0.5.
	diff := b - a
	if frac >= 0.5 {
		return b - diff*(1-frac)
	}
	return a + diff*frac
}

func (s *Scores) constantMask() []bool {
	c := make([]bool, len(s.Values))
	for _, j := range s.Constant {
		c[j] = true
	}
	return c
}

// String prints the scores as an aligned table, best feature first, with
// rank, score and, where defined, sign, threshold and p-value; constant
// features are marked.
func (s *Scores) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%d features, higher is better)\n", s.Method, len(s.Values))
	header := []string{"rank", "feature", "score"}
	if s.Signs != nil {
		header = append(header, "sign")
	}
	if s.Thresholds != nil {
		header = append(header, "threshold")
	}
	if s.PValues != nil {
		header = append(header, "p-value")
	}
	header = append(header, "note")
	cons := s.constantMask()
	names := s.names()
	var rows [][]string
	for k, j := range s.Ranking() {
		row := []string{strconv.Itoa(k + 1), names[j], featlab.FormatFloat(s.Values[j])}
		if s.Signs != nil {
			row = append(row, signString(s.Signs[j]))
		}
		if s.Thresholds != nil {
			row = append(row, featlab.FormatFloat(s.Thresholds[j]))
		}
		if s.PValues != nil {
			row = append(row, featlab.FormatFloat(s.PValues[j]))
		}
		note := ""
		if cons[j] {
			note = "constant"
		}
		rows = append(rows, append(row, note))
	}
	b.WriteString(featlab.FormatTable(header, rows))
	return b.String()
}

func signString(v float64) string {
	switch {
	case v > 0:
		return "+1"
	case v < 0:
		return "-1"
	}
	return "0"
}

// DataFrame returns one row per feature in feature order, with columns
// feature, index, score, rank (1 = best), and where defined sign,
// threshold and p_value, then constant.
func (s *Scores) DataFrame() dataframe.DataFrame {
	d := len(s.Values)
	rank := make([]int, d)
	for k, j := range s.Ranking() {
		rank[j] = k + 1
	}
	idx := make([]int, d)
	for j := range idx {
		idx[j] = j
	}
	cols := []series.Series{
		series.New(append([]string(nil), s.names()...), series.String, "feature"),
		series.New(idx, series.Int, "index"),
		series.New(append([]float64(nil), s.Values...), series.Float, "score"),
		series.New(rank, series.Int, "rank"),
	}
	if s.Signs != nil {
		cols = append(cols, series.New(append([]float64(nil), s.Signs...), series.Float, "sign"))
	}
	if s.Thresholds != nil {
		cols = append(cols, series.New(append([]float64(nil), s.Thresholds...), series.Float, "threshold"))
	}
	if s.PValues != nil {
		cols = append(cols, series.New(append([]float64(nil), s.PValues...), series.Float, "p_value"))
	}
	cols = append(cols, series.New(s.constantMask(), series.Bool, "constant"))
	return dataframe.New(cols...)
}
