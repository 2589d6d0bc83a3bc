package featlab

import (
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/series"
)

func rankedSelection() *Selection {
	s := NewSelection("pearson |r|, top 2", []string{"age", "bmi", "bp", "s1"}, []int{1, 2})
	s.Scores = []float64{0.187, 0.586, 0.441, 0}
	s.Ranking = []int{1, 2, 0, 3}
	s.Constant = []int{3}
	return s
}

func TestSelectionString(t *testing.T) {
	want := `pearson |r|, top 2: chose 2 of 4: bmi, bp
feature  score  rank  chosen
-------  -----  ----  ----------
bmi      0.586     1  *
bp       0.441     2  *
age      0.187     3
s1           0     4  (constant)
`
	if got := rankedSelection().String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	h := NewSelection("forward", []string{"a", "b", "c"}, []int{2, 0})
	h.History = []Step{
		{Action: "start", Feature: -1, Score: 10},
		{Action: "add", Feature: 2, Name: "c", Score: 4.5, Subset: []int{2}},
		{Action: "add", Feature: 0, Name: "a", Score: 1.25, Subset: []int{2, 0}},
	}
	want = `forward: chose 2 of 3: c, a
feature  chosen
-------  ------
a        *
b
c        *

search history:
step  action  feature  score  subset
----  ------  -------  -----  ------
   1  start               10  {}
   2  add     c          4.5  {c}
   3  add     a         1.25  {c, a}
`
	if got := h.String(); got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
	if !reflect.DeepEqual(h.Mask(), []bool{true, false, true}) || !reflect.DeepEqual(h.ChosenNames, []string{"c", "a"}) {
		t.Errorf("mask %v names %v", h.Mask(), h.ChosenNames)
	}
}

func TestSelectionDataFrame(t *testing.T) {
	df := rankedSelection().DataFrame()
	if got := df.Names(); !reflect.DeepEqual(got, []string{"feature", "index", "score", "rank", "chosen", "constant"}) {
		t.Fatalf("columns %v", got)
	}
	// Rows follow the ranking.
	if got := df.Col("feature").Records(); !reflect.DeepEqual(got, []string{"bmi", "bp", "age", "s1"}) {
		t.Errorf("features %v", got)
	}
	if got := df.Col("score").Float(); !reflect.DeepEqual(got, []float64{0.586, 0.441, 0.187, 0}) {
		t.Errorf("scores %v (must be exact)", got)
	}
	idx, _ := df.Col("index").Int()
	rank, _ := df.Col("rank").Int()
	if !reflect.DeepEqual(idx, []int{1, 2, 0, 3}) || !reflect.DeepEqual(rank, []int{1, 2, 3, 4}) {
		t.Errorf("index %v rank %v", idx, rank)
	}
	ch, _ := df.Col("chosen").Bool()
	cst, _ := df.Col("constant").Bool()
	if !reflect.DeepEqual(ch, []bool{true, true, false, false}) || !reflect.DeepEqual(cst, []bool{false, false, false, true}) {
		t.Errorf("chosen %v constant %v", ch, cst)
	}
	// Without scores, ranking or constants, those columns are absent.
	s := NewSelection("m", []string{"a", "b"}, []int{1})
	if got := s.DataFrame().Names(); !reflect.DeepEqual(got, []string{"feature", "index", "chosen"}) {
		t.Errorf("columns %v", got)
	}
	s.History = []Step{{Action: "add", Feature: 1, Name: "b", Score: 0.5, Subset: []int{1, 7}}}
	h := s.HistoryDataFrame()
	if h.Nrow() != 1 || h.Col("subset").Records()[0] != "{b, 7}" || h.Col("score").Type() != series.Float || h.Col("score").Float()[0] != 0.5 {
		t.Errorf("history frame %v", h)
	}
}

func TestFormatTable(t *testing.T) {
	got := FormatTable([]string{"name", "value"}, [][]string{{"β", "1.5"}, {"long name", "-20"}, {"short"}})
	want := "name       value\n---------  -----\nβ            1.5\nlong name    -20\nshort\n"
	if got != want {
		t.Errorf("FormatTable =\n%q\nwant\n%q", got, want)
	}
	for v, s := range map[float64]string{0.1234567: "0.123457", 1e-9: "1e-09", 123456789: "1.23457e+08", -2: "-2"} {
		if FormatFloat(v) != s {
			t.Errorf("FormatFloat(%v) = %q, want %q", v, FormatFloat(v), s)
		}
	}
	if strings.Contains(rankedSelection().String(), " \n") {
		t.Error("trailing spaces in the table")
	}
}
