package transform

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// ErrTooManyLevels is wrapped (together with featlab.ErrTooLarge) by the
// error an encoder returns when a column has more categories at fit time
// than its MaxLevels allows. The message names the column.
var ErrTooManyLevels = errors.New("too many category levels")

// DefaultMaxLevels is the number of categories per column the encoders
// (OneHot, Ordinal, Dummies) accept when MaxLevels is 0.
const DefaultMaxLevels = 1000

// OtherLevel names the indicator of the UnknownOther policy: column "c"
// gets the output "c=(other)".
const OtherLevel = "(other)"

// checkLevels refuses a column with more than limit levels (0: the
// default, negative: none).
func checkLevels(n int, col, field string, limit int) error {
	if limit < 0 {
		return nil
	}
	if limit == 0 {
		limit = DefaultMaxLevels
	}
	if n <= limit {
		return nil
	}
	return fmt.Errorf("featlab: transform: %s has %d distinct values at fit time, over the limit of %d levels (raise %s, negative: no limit, if it is a categorical feature): %w (%w)",
		col, n, limit, field, ErrTooManyLevels, featlab.ErrTooLarge)
}

// unknownAt returns where an unseen category of column j goes under the
// fitted policy: the index of the "other" indicator, -1 for nothing
// (UnknownIgnore), ok false for an error.
func (o *OneHot) unknownAt(j int) (k int, ok bool) {
	switch o.unknown {
	case UnknownIgnore:
		return -1, true
	case UnknownOther:
		return len(o.cats[j]), true
	}
	return 0, false
}

// setNumericCategories fixes the categories of every column (numbers, in
// code order) without looking at data, as scikit-learn's
// categories=[...] does. MaxLevels applies.
// labels[j] names column j in an error, field the config's limit.
func (o *OneHot) setNumericCategories(cats [][]float64, labels []string, field string) error {
	if err := o.checkParams(); err != nil {
		return err
	}
	num := make([]map[float64]int, len(cats))
	text := make([][]string, len(cats))
	for j, c := range cats {
		if err := checkLevels(len(c), labels[j], field, o.MaxLevels); err != nil {
			return err
		}
		num[j] = make(map[float64]int, len(c))
		text[j] = make([]string, len(c))
		for k, v := range c {
			num[j][v] = k
			text[j][k] = strconv.FormatFloat(v, 'g', -1, 64)
		}
	}
	o.cats, o.num, o.str, o.unknown = text, num, nil, o.Unknown
	o.small = smallTables(cats)
	o.setFitted(len(cats))
	o.setOffsets()
	return nil
}

// smallCodes bounds the whole-number categories looked up in a table
// rather than a map: codes in [0, smallCodes).
const smallCodes = 4096

// smallTables returns, for each column whose categories are all whole
// numbers in [0, smallCodes), a table from value to category index (-1:
// not a category); nil for the other columns.
func smallTables(cats [][]float64) [][]int32 {
	out := make([][]int32, len(cats))
	for j, c := range cats {
		top := 0.0
		ok := true
		for _, v := range c {
			if v != math.Trunc(v) || v < 0 || v >= smallCodes {
				ok = false
				break
			}
			top = math.Max(top, v)
		}
		if !ok {
			continue
		}
		t := make([]int32, int(top)+1)
		for i := range t {
			t[i] = -1
		}
		for k, v := range c {
			t[int(v)] = int32(k)
		}
		out[j] = t
	}
	return out
}

// code returns the category index of value v in column j of a matrix fit.
func (o *OneHot) code(j int, v float64) (int, bool) {
	if t := o.small[j]; t != nil {
		if v >= 0 && v < float64(len(t)) && v == math.Trunc(v) {
			k := t[int(v)]
			return int(k), k >= 0
		}
		return 0, false
	}
	k, ok := o.num[j][v]
	return k, ok
}

// distinctSorted returns the distinct values of column j of x, sorted.
func distinctSorted(x raw, j int) []float64 {
	seen := map[float64]bool{}
	var vals []float64
	for i := 0; i < x.rows; i++ {
		if v := x.data[i*x.stride+j]; !seen[v] {
			seen[v] = true
			vals = append(vals, v)
		}
	}
	sort.Float64s(vals)
	return vals
}

// groupsOf builds one group per input column from the output widths.
func groupsOf(widths []int, input []string) []featlab.Group {
	g := make([]featlab.Group, len(widths))
	at := 0
	for j, w := range widths {
		g[j].Name = input[j]
		for k := 0; k < w; k++ {
			g[j].Columns = append(g[j].Columns, at+k)
		}
		at += w
	}
	return g
}

// inputNames checks the names of the d input columns (nil: x1..xd).
func inputNames(input []string, d int, who string) ([]string, error) {
	if d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: %s: called before Fit", who)
	}
	if input == nil {
		return featlab.DefaultNames(d), nil
	}
	if len(input) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: %s was fitted on %d columns, got %d names", who, d, len(input))
	}
	return input, nil
}

// Groups returns, for every input column, its block of indicator columns
// in the output, named after the input column (nil input: x1..xd): the
// groups search.Grouped keeps together and featlab.Selection.ByGroup maps
// back to.
func (o *OneHot) Groups(input []string) ([]featlab.Group, error) {
	input, err := inputNames(input, o.d, "OneHot.Groups")
	if err != nil {
		return nil, err
	}
	return groupsOf(o.widths(), input), nil
}

// Ordinal encodes each categorical column as integer codes 0, ..., k-1,
// code c meaning the c-th category: by default the categories seen at fit
// time, sorted (numerically for numbers, bytewise for text), as
// scikit-learn's OrdinalEncoder; with Categories, the given ones in the
// given order (for ordered levels such as "low" < "mid" < "high").
//
// On a matrix every column is categorical; on a data frame (FitFrame,
// TransformFrame) the chosen columns' text is, by default every string
// column, and each output replaces its column under the same name. A
// category unseen at fit time follows Unknown: UnknownError (default) is
// an error wrapping ErrUnknownCategory naming the row, column and value;
// UnknownIgnore codes it -1 (scikit-learn's
// handle_unknown="use_encoded_value", unknown_value=-1); UnknownOther
// codes it k, a level of its own one past the column's last. A column with
// more than MaxLevels categories is an error wrapping ErrTooManyLevels.
//
// The codes impose an order and equal spacing on the categories: fine for
// trees and for ordered levels, but a linear model on unordered
// categories wants OneHot.
type Ordinal struct {
	// Unknown is the policy for categories unseen at fit time (default
	// UnknownError).
	Unknown Unknown
	// MaxLevels limits the categories of one column at fit time (0:
	// DefaultMaxLevels, negative: no limit).
	MaxLevels int
	// Categories, when non-nil, fixes the categories of every column, in
	// code order, instead of learning them: one list per column, as text
	// (for a matrix, numbers in strconv.ParseFloat syntax). A category of
	// the fit data outside its list is an error wrapping
	// ErrUnknownCategory, whatever the policy.
	Categories [][]string

	enc OneHot
}

// FrameColumns returns the data frame columns of the last FitFrame.
func (o *Ordinal) FrameColumns() []string { return o.enc.FrameColumns() }

// SetFrameColumns records the data frame columns of a FitFrame.
func (o *Ordinal) SetFrameColumns(cols []string) { o.enc.SetFrameColumns(cols) }

func (o *Ordinal) prepare() {
	o.enc = OneHot{Unknown: o.Unknown, MaxLevels: o.MaxLevels, MaxCells: -1, who: "Ordinal"}
}

// Fit learns (or, with Categories, checks) the categories of every column
// of X.
func (o *Ordinal) Fit(X mat.Matrix) error {
	o.prepare()
	if o.Categories == nil {
		return o.enc.Fit(X)
	}
	x, err := rawOf(X, 0)
	if err != nil {
		return err
	}
	if err := checkFinite(x); err != nil {
		return err
	}
	if len(o.Categories) != x.cols {
		return featlab.Errorf(featlab.ErrShape, "transform: Ordinal has Categories for %d columns, X has %d", len(o.Categories), x.cols)
	}
	cats := make([][]float64, x.cols)
	for j, c := range o.Categories {
		seen := map[float64]bool{}
		for _, s := range c {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || !finite(v) {
				return featlab.Errorf(featlab.ErrParam, "transform: Ordinal.Categories[%d]: %q is not a finite number (X is numeric)", j, s)
			}
			if seen[v] {
				return featlab.Errorf(featlab.ErrParam, "transform: Ordinal.Categories[%d]: %q listed twice", j, s)
			}
			seen[v] = true
			cats[j] = append(cats[j], v)
		}
	}
	labels := make([]string, x.cols)
	for j := range labels {
		labels[j] = fmt.Sprintf("column %d", j)
	}
	if err := o.enc.setNumericCategories(cats, labels, "Ordinal.MaxLevels"); err != nil {
		return err
	}
	for i := 0; i < x.rows; i++ {
		for j, v := range x.row(i) {
			if _, ok := o.enc.code(j, v); !ok {
				o.enc.setFitted(0)
				return featlab.Errorf(ErrUnknownCategory, "transform: Ordinal: value %v at row %d, column %d of the fit data is not in Categories[%d] %q", v, i, j, j, o.Categories[j])
			}
		}
	}
	return nil
}

// Transform returns the codes of X's values.
func (o *Ordinal) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := o.enc.check(X, "Ordinal", 0)
	if err != nil {
		return nil, err
	}
	if o.enc.num == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Ordinal was fitted on text columns of a data frame; transform a data frame")
	}
	if err := checkFinite(x); err != nil {
		return nil, err
	}
	out := mat.NewDense(x.rows, x.cols, nil)
	od := out.RawMatrix()
	for i := 0; i < x.rows; i++ {
		dst := od.Data[i*od.Stride:]
		for j, v := range x.row(i) {
			k, ok := o.enc.code(j, v)
			if !ok {
				if k, ok = o.enc.unknownAt(j); !ok {
					return nil, o.unknownErr(i, j, strconv.FormatFloat(v, 'g', -1, 64), "")
				}
			}
			dst[j] = float64(k)
		}
	}
	return out, nil
}

func (o *Ordinal) unknownErr(i, j int, v, name string) error {
	return unknownCategoryErr("Ordinal", i, j, v, name, o.enc.cats[j],
		fmt.Sprintf("set Unknown: UnknownIgnore to code it -1, or UnknownOther to code it %d", len(o.enc.cats[j])))
}

// InverseTransform maps codes back to the categories of a matrix fit; a
// code that is not one of a column's (the -1 of UnknownIgnore, the k of
// UnknownOther included) is an error wrapping ErrUnknownCategory.
func (o *Ordinal) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := o.enc.check(X, "Ordinal", 0)
	if err != nil {
		return nil, err
	}
	if o.enc.num == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Ordinal was fitted on text columns of a data frame: its categories are text")
	}
	out := mat.NewDense(x.rows, x.cols, nil)
	for i := 0; i < x.rows; i++ {
		for j, v := range x.row(i) {
			if v != math.Trunc(v) || v < 0 || v >= float64(len(o.enc.cats[j])) {
				return nil, featlab.Errorf(ErrUnknownCategory, "transform: Ordinal: code %v at row %d, column %d is not one of the %d codes of the column", v, i, j, len(o.enc.cats[j]))
			}
			c, _ := strconv.ParseFloat(o.enc.cats[j][int(v)], 64)
			out.Set(i, j, c)
		}
	}
	return out, nil
}

// FittedLevels returns a copy of every column's categories in code order
// (numbers as text); nil before Fit.
func (o *Ordinal) FittedLevels() [][]string { return o.enc.Categories() }

func (o *Ordinal) usesRecords() bool { return true }

func (o *Ordinal) fitRecords(recs [][]string, na [][]bool, names []string) error {
	o.prepare()
	if o.Categories == nil {
		return o.enc.fitRecords(recs, na, names)
	}
	if err := o.enc.checkParams(); err != nil {
		return err
	}
	if len(o.Categories) != len(recs) {
		return featlab.Errorf(featlab.ErrShape, "transform: Ordinal has Categories for %d columns, the frame gives %d", len(o.Categories), len(recs))
	}
	str := make([]map[string]int, len(recs))
	cats := make([][]string, len(recs))
	for j, c := range o.Categories {
		if err := checkLevels(len(c), fmt.Sprintf("column %q", names[j]), "Ordinal.MaxLevels", o.MaxLevels); err != nil {
			return err
		}
		str[j] = make(map[string]int, len(c))
		for k, s := range c {
			if _, dup := str[j][s]; dup {
				return featlab.Errorf(featlab.ErrParam, "transform: Ordinal.Categories[%d]: %q listed twice", j, s)
			}
			str[j][s] = k
		}
		cats[j] = append([]string(nil), c...)
		for i, v := range recs[j] {
			if na[j][i] {
				return featlab.Errorf(featlab.ErrNotFinite, "transform: Ordinal: missing value at row %d, column %q", i, names[j])
			}
			if _, ok := str[j][v]; !ok {
				return featlab.Errorf(ErrUnknownCategory, "transform: Ordinal: value %q at row %d, column %q of the fit data is not in Categories[%d] %q", v, i, names[j], j, c)
			}
		}
	}
	o.enc.cats, o.enc.str, o.enc.num, o.enc.small, o.enc.unknown = cats, str, nil, nil, o.Unknown
	o.enc.setFitted(len(recs))
	o.enc.setOffsets()
	return nil
}

func (o *Ordinal) transformRecords(recs [][]string, na [][]bool, names []string) (*mat.Dense, error) {
	if o.enc.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Ordinal: Transform called before Fit")
	}
	if o.enc.str == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Ordinal was fitted on a matrix; transform a matrix")
	}
	if len(recs) != o.enc.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Ordinal was fitted on %d columns, got %d", o.enc.d, len(recs))
	}
	m := len(recs[0])
	out := mat.NewDense(m, len(recs), nil)
	for j := range recs {
		for i, v := range recs[j] {
			if na[j][i] {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "transform: Ordinal: missing value at row %d, column %q", i, names[j])
			}
			k, ok := o.enc.str[j][v]
			if !ok {
				if k, ok = o.enc.unknownAt(j); !ok {
					return nil, o.unknownErr(i, j, v, names[j])
				}
			}
			out.Set(i, j, float64(k))
		}
	}
	return out, nil
}

// Groups returns one group per input column of the pipeline: the output
// columns that come from it, when every step maps columns separately
// (scalings, OneHot, Dummies, Ordinal); after a step that mixes or selects
// columns (Polynomial, Select) there are no such groups and the error
// wraps featlab.ErrParam. A nil input means x1, ..., xd.
func (p *Pipeline) Groups(input []string) ([]featlab.Group, error) {
	input, err := inputNames(input, p.d, "Pipeline.Groups")
	if err != nil {
		return nil, err
	}
	w := p.widths()
	if w == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "transform: Pipeline.Groups: a step mixes or selects columns, so output columns do not come from one input column each")
	}
	return groupsOf(w, input), nil
}

// Groups returns the features of the encoder's Dataset as groups of its
// columns (Features order): the indicator columns of each encoded text
// column form one group named after that column, every other feature is a
// group of its own. Nil before OneHotDataset filled Features.
func (e *FrameEncoder) Groups() []featlab.Group {
	if e == nil || e.Features == nil {
		return nil
	}
	source := map[string]string{}
	if e.OneHot != nil {
		if out, err := e.OneHot.OutputNames(e.Columns); err == nil {
			at := 0
			for j, w := range e.OneHot.widths() {
				for _, n := range out[at : at+w] {
					source[n] = e.Columns[j]
				}
				at += w
			}
		}
	}
	at := map[string]int{}
	var groups []featlab.Group
	for j, f := range e.Features {
		name := f
		if c, ok := source[f]; ok {
			name = c
		}
		k, ok := at[name]
		if !ok {
			k = len(groups)
			at[name] = k
			groups = append(groups, featlab.Group{Name: name})
		}
		groups[k].Columns = append(groups[k].Columns, j)
	}
	return groups
}
