package featlab

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/matx"
)

// Selection is the result of any feature selection method: which features
// were chosen, how every feature scored, and, for searches, the step-by-step
// history.
//
// Names, Scores and Ranking describe all d candidate features; Chosen and
// ChosenNames the selected subset in the order the method chose them (best
// first for rankings, order of entry for forward searches).
type Selection struct {
	Method      string    // what produced it, e.g. "pearson |r|, top 3"
	Names       []string  // names of all d features
	Scores      []float64 // score of each feature (nil when a method has none)
	Ranking     []int     // all features, best first (nil when not a ranking)
	Chosen      []int     // selected feature indices
	ChosenNames []string  // names of the selected features
	Constant    []int     // features found constant (scored 0, never NaN)
	History     []Step    // search steps, in order (nil for filters)
}

// Step is one move of a subset search.
type Step struct {
	Action  string  // "add", "remove", "start", "accept", ...
	Feature int     // the feature added or removed, -1 when none
	Name    string  // its name
	Score   float64 // evaluation of the subset after the step
	Subset  []int   // the subset after the step
}

// NewSelection builds a Selection over the named features with the given
// chosen indices, filling ChosenNames. A chosen index outside
// [0, len(names)) is a programmer error (selection methods build their own
// indices): NewSelection panics with a message naming it and the number
// of features.
func NewSelection(method string, names []string, chosen []int) *Selection {
	checkIndices("NewSelection", "chosen", chosen, len(names))
	s := &Selection{Method: method, Names: names, Chosen: chosen}
	s.ChosenNames = make([]string, len(chosen))
	for k, j := range chosen {
		s.ChosenNames[k] = names[j]
	}
	return s
}

// checkIndices panics, naming the function, the slice, the index and the
// length, when an index of idx is outside [0, n).
func checkIndices(fn, what string, idx []int, n int) {
	for k, j := range idx {
		if j < 0 || j >= n {
			unit := "features"
			if n == 1 {
				unit = "feature"
			}
			panic(fmt.Sprintf("featlab: %s: %s[%d] = %d outside [0, %d): the selection has %d %s", fn, what, k, j, n, n, unit))
		}
	}
}

// checkConsistent panics, naming the method and the field, when a
// Selection built by hand has an index outside [0, len(Names)) in Chosen,
// Ranking or Constant, or Scores of another length than Names: a
// programmer error (the library's methods build consistent Selections).
func (s *Selection) checkConsistent(fn string) {
	checkIndices(fn, "Chosen", s.Chosen, len(s.Names))
	checkIndices(fn, "Ranking", s.Ranking, len(s.Names))
	checkIndices(fn, "Constant", s.Constant, len(s.Names))
	if s.Scores != nil && len(s.Scores) != len(s.Names) {
		panic(fmt.Sprintf("featlab: %s: %d scores for %d features", fn, len(s.Scores), len(s.Names)))
	}
}

// Mask returns a boolean per feature, true for the chosen ones. A chosen
// index outside [0, len(Names)) (a Selection built by hand) is a
// programmer error: Mask panics with a message naming it.
func (s *Selection) Mask() []bool {
	checkIndices("Selection.Mask", "Chosen", s.Chosen, len(s.Names))
	mask := make([]bool, len(s.Names))
	for _, j := range s.Chosen {
		mask[j] = true
	}
	return mask
}

// rankOf returns the 1-based rank of each feature, 0 where unranked.
func (s *Selection) rankOf() []int {
	checkIndices("Selection", "Ranking", s.Ranking, len(s.Names))
	r := make([]int, len(s.Names))
	for k, j := range s.Ranking {
		r[j] = k + 1
	}
	return r
}

// DataFrame returns one row per feature: name, score, rank, chosen,
// constant. Rows follow the ranking when there is one, else feature order.
func (s *Selection) DataFrame() dataframe.DataFrame {
	s.checkConsistent("Selection.DataFrame")
	order := s.rowOrder()
	rank := s.rankOf()
	mask := s.Mask()
	cons := make([]bool, len(s.Names))
	for _, j := range s.Constant {
		cons[j] = true
	}
	n := len(order)
	name := make([]string, n)
	idx := make([]int, n)
	score := make([]float64, n)
	rk := make([]int, n)
	ch := make([]bool, n)
	cst := make([]bool, n)
	for k, j := range order {
		name[k], idx[k], rk[k], ch[k], cst[k] = s.Names[j], j, rank[j], mask[j], cons[j]
		if s.Scores != nil {
			score[k] = s.Scores[j]
		}
	}
	cols := []series.Series{
		series.New(name, series.String, "feature"),
		series.New(idx, series.Int, "index"),
	}
	if s.Scores != nil {
		cols = append(cols, series.New(score, series.Float, "score"))
	}
	if s.Ranking != nil {
		cols = append(cols, series.New(rk, series.Int, "rank"))
	}
	cols = append(cols, series.New(ch, series.Bool, "chosen"))
	if len(s.Constant) > 0 {
		cols = append(cols, series.New(cst, series.Bool, "constant"))
	}
	return dataframe.New(cols...)
}

func (s *Selection) rowOrder() []int {
	if len(s.Ranking) == len(s.Names) {
		return s.Ranking
	}
	order := make([]int, len(s.Names))
	for j := range order {
		order[j] = j
	}
	return order
}

// HistoryDataFrame returns the search history, one row per step.
func (s *Selection) HistoryDataFrame() dataframe.DataFrame {
	n := len(s.History)
	step := make([]int, n)
	act := make([]string, n)
	feat := make([]string, n)
	score := make([]float64, n)
	sub := make([]string, n)
	for k, h := range s.History {
		step[k], act[k], feat[k], score[k] = k+1, h.Action, h.Name, h.Score
		sub[k] = s.subsetString(h.Subset)
	}
	return dataframe.New(
		series.New(step, series.Int, "step"),
		series.New(act, series.String, "action"),
		series.New(feat, series.String, "feature"),
		series.New(score, series.Float, "score"),
		series.New(sub, series.String, "subset"),
	)
}

func (s *Selection) subsetString(sub []int) string {
	parts := make([]string, len(sub))
	for k, j := range sub {
		if j >= 0 && j < len(s.Names) {
			parts[k] = s.Names[j]
		} else {
			parts[k] = strconv.Itoa(j)
		}
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// String prints the selection as an aligned table, preceded by the method
// and the chosen names, and followed by the search history if any.
func (s *Selection) String() string {
	s.checkConsistent("Selection.String")
	var b strings.Builder
	fmt.Fprintf(&b, "%s: chose %d of %d: %s\n", s.Method, len(s.Chosen), len(s.Names), strings.Join(s.ChosenNames, ", "))
	header := []string{"feature"}
	if s.Scores != nil {
		header = append(header, "score")
	}
	if s.Ranking != nil {
		header = append(header, "rank")
	}
	header = append(header, "chosen")
	rank := s.rankOf()
	mask := s.Mask()
	cons := map[int]bool{}
	for _, j := range s.Constant {
		cons[j] = true
	}
	var rows [][]string
	for _, j := range s.rowOrder() {
		row := []string{s.Names[j]}
		if s.Scores != nil {
			row = append(row, FormatFloat(s.Scores[j]))
		}
		if s.Ranking != nil {
			row = append(row, strconv.Itoa(rank[j]))
		}
		var marks []string
		if mask[j] {
			marks = append(marks, "*")
		}
		if cons[j] {
			marks = append(marks, "(constant)")
		}
		c := strings.Join(marks, " ")
		rows = append(rows, append(row, c))
	}
	b.WriteString(FormatTable(header, rows))
	if len(s.History) > 0 {
		b.WriteString("\nsearch history:\n")
		var hr [][]string
		for k, h := range s.History {
			hr = append(hr, []string{strconv.Itoa(k + 1), h.Action, h.Name, FormatFloat(h.Score), s.subsetString(h.Subset)})
		}
		b.WriteString(FormatTable([]string{"step", "action", "feature", "score", "subset"}, hr))
	}
	return b.String()
}

// FormatFloat formats a score for tables: 6 significant digits.
func FormatFloat(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }

// FormatTable lays out rows under a header as a plain-text table with
// columns padded to equal width; numeric-looking cells are right-aligned.
func FormatTable(header []string, rows [][]string) string {
	w := make([]int, len(header))
	for j, h := range header {
		w[j] = len([]rune(h))
	}
	for _, r := range rows {
		for j, c := range r {
			if j < len(w) && len([]rune(c)) > w[j] {
				w[j] = len([]rune(c))
			}
		}
	}
	var b strings.Builder
	line := func(cells []string) {
		for j := range w {
			c := ""
			if j < len(cells) {
				c = cells[j]
			}
			pad := strings.Repeat(" ", w[j]-len([]rune(c)))
			if j > 0 {
				b.WriteString("  ")
			}
			if isNumeric(c) {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		b.WriteString("\n")
	}
	line(header)
	seps := make([]string, len(w))
	for j := range w {
		seps[j] = strings.Repeat("-", w[j])
	}
	line(seps)
	for _, r := range rows {
		line(r)
	}
	// trim trailing spaces of each line
	lines := strings.Split(b.String(), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n")
}

func isNumeric(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// Apply returns a copy of the chosen columns of X, in Chosen order. X must
// have one column per feature the selection was made over (len(Names)).
func (s *Selection) Apply(X mat.Matrix) (*mat.Dense, error) {
	if IsNil(X) {
		return nil, Errorf(ErrEmpty, "selection %q: nil matrix", s.Method)
	}
	if _, d := X.Dims(); d != len(s.Names) {
		return nil, Errorf(ErrShape, "selection %q was made over %d features, the matrix has %d columns", s.Method, len(s.Names), d)
	}
	if len(s.Chosen) == 0 {
		return nil, Errorf(ErrEmpty, "selection %q chose no features", s.Method)
	}
	return matx.Cols(X, s.Chosen), nil
}

// ApplyDataset returns a copy of ds holding only the chosen features, in
// Chosen order. The dataset's feature names must be the selection's Names
// (the same features in the same order).
func (s *Selection) ApplyDataset(ds *Dataset) (*Dataset, error) {
	if ds == nil || IsNil(ds.X) {
		return nil, Errorf(ErrEmpty, "selection %q: nil dataset", s.Method)
	}
	if len(ds.Names) != len(s.Names) {
		return nil, Errorf(ErrShape, "selection %q was made over %d features, the dataset has %d", s.Method, len(s.Names), len(ds.Names))
	}
	for j, name := range s.Names {
		if ds.Names[j] != name {
			return nil, Errorf(ErrShape, "selection %q: feature %d is %q in the selection but %q in the dataset", s.Method, j, name, ds.Names[j])
		}
	}
	if len(s.Chosen) == 0 {
		return nil, Errorf(ErrEmpty, "selection %q chose no features", s.Method)
	}
	return ds.Columns(s.Chosen)
}

// ApplyFrame returns df without the feature columns the selection did not
// choose, matched by name; columns that are not among the selection's Names
// (a target, an identifier) are kept. Chosen features keep their place in
// df. A chosen feature missing from df is an error wrapping ErrMissing.
func (s *Selection) ApplyFrame(df dataframe.DataFrame) (dataframe.DataFrame, error) {
	df = StripFrameBOM(df)
	if df.Err != nil {
		return df, Errorf(ErrParam, "selection %q: frame carries an error: %v", s.Method, df.Err)
	}
	have := map[string]bool{}
	for _, n := range df.Names() {
		have[n] = true
	}
	for _, n := range s.ChosenNames {
		if !have[n] {
			return df, Errorf(ErrMissing, "selection %q: chosen feature %q is not a column of the frame", s.Method, n)
		}
	}
	drop := map[string]bool{}
	for _, n := range s.Names {
		drop[n] = true
	}
	for _, n := range s.ChosenNames {
		drop[n] = false
	}
	var keep []string
	for _, n := range df.Names() {
		if !drop[n] {
			keep = append(keep, n)
		}
	}
	out := df.Select(keep)
	if out.Err != nil {
		return df, Errorf(ErrParam, "selection %q: %v", s.Method, out.Err)
	}
	return out, nil
}
