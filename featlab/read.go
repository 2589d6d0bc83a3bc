package featlab

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
)

// MissingHint is the advice every error about a missing value (a NaN met
// by an estimator, a missing cell met by a reader) ends with: what to do
// about it instead of fixing the file by hand.
const MissingHint = "a NaN is a missing value: impute it inside the pipeline (transform.Imputer), " +
	"or keep the complete rows (Dataset.CompleteCases); read missing cells as NaN with " +
	"featlab.ReadConfig{Missing: featlab.MissingAsNaN}"

// NotFiniteCell returns the error for a NaN or an infinity v met in row i
// (from 0) of the column described by col (such as `column 3 ("Ozone")`),
// wrapping ErrNotFinite. A NaN is a missing value: its message ends with
// MissingHint, pointing to the imputer. Every check for finite data
// (CheckMatrix, and the checks of the packages that scan data
// themselves) words its error so.
func NotFiniteCell(v float64, i int, col string) error {
	if math.IsNaN(v) {
		return Errorf(ErrNotFinite, "value NaN at row %d, %s (%s)", i, col, MissingHint)
	}
	return Errorf(ErrNotFinite, "value %v at row %d, %s", v, i, col)
}

// DefaultNA is the list of cell texts read as missing when
// ReadConfig.NA is nil: R's NA, the empty cell, NaN in two spellings, the
// UCI files' "?" and SQL's NULL. Cells are compared after removing spaces
// around them, case-sensitively.
var DefaultNA = []string{"NA", "", "NaN", "?", "nan", "NULL"}

// DefaultMaxLevels is the number of levels a categorical feature may have
// when ReadConfig.MaxLevels is 0. A column with more distinct values is
// more often an identifier than a category; raise the limit when it is
// not.
const DefaultMaxLevels = 100

// MissingPolicy says what a reader does with a missing cell.
type MissingPolicy int

const (
	// MissingError (the zero value) refuses a table with missing cells
	// with a *MissingCellsError that counts them all.
	MissingError MissingPolicy = iota
	// MissingAsNaN reads a missing cell as NaN (a missing class label
	// too: Y holds NaN there). Impute the features (transform.Imputer)
	// or keep the complete rows (Dataset.CompleteCases) before fitting.
	MissingAsNaN
)

// String returns the constant's name.
func (p MissingPolicy) String() string {
	switch p {
	case MissingError:
		return "MissingError"
	case MissingAsNaN:
		return "MissingAsNaN"
	}
	return fmt.Sprintf("MissingPolicy(%d)", int(p))
}

// ReadConfig is the reading policy of FromDataFrameWith,
// FromDataFrameLikeWith and datasets.ReadCSVWith. Its zero value reads as
// FromDataFrame does, except that every missing cell is counted in the
// error instead of only the first.
type ReadConfig struct {
	// NA lists the cell texts that mean "missing" (compared after
	// trimming spaces, case-sensitively); nil means DefaultNA. A cell that
	// gota itself marks as missing, and a NaN in a float column, are
	// missing whatever the list.
	NA []string
	// Missing is the policy for missing cells: MissingError (default) or
	// MissingAsNaN.
	Missing MissingPolicy
	// Categorical names the columns read as categories whatever their
	// type: text, bool or numbers (mtcars' cyl: 4, 6, 8). A categorical
	// feature holds the codes 0..L-1 of its levels, sorted (numerically
	// when every level is a number, else as text), with the level names
	// in Dataset.Levels; a missing cell is NaN (under MissingAsNaN). A categorical target becomes Classes and Y the
	// class indices. A name that is not a column is an error wrapping
	// ErrMissing. Text feature columns not named here are an error
	// wrapping ErrNonNumeric.
	Categorical []string
	// MaxLevels limits the number of levels of a categorical feature: 0
	// means DefaultMaxLevels, a negative value no limit. More is an error
	// wrapping ErrTooLarge naming the column.
	MaxLevels int
}

func (c ReadConfig) naSet() map[string]bool {
	na := c.NA
	if na == nil {
		na = DefaultNA
	}
	set := make(map[string]bool, len(na))
	for _, s := range na {
		set[strings.TrimSpace(s)] = true
	}
	return set
}

func (c ReadConfig) check() error {
	if c.Missing != MissingError && c.Missing != MissingAsNaN {
		return Errorf(ErrParam, "ReadConfig.Missing = %v is not MissingError or MissingAsNaN", c.Missing)
	}
	seen := map[string]bool{}
	for _, n := range c.Categorical {
		if seen[n] {
			return Errorf(ErrParam, "ReadConfig.Categorical names %q twice", n)
		}
		seen[n] = true
	}
	return nil
}

// MissingCell is one missing cell: its row (from 0, the first data row),
// its column's name and its text.
type MissingCell struct {
	Row    int
	Column string
	Text   string
}

// MissingCellsError reports the missing cells of a table read with the
// MissingError policy: how many, how many in each column, and the first
// ten in row order. It wraps ErrNotFinite.
type MissingCellsError struct {
	Count   int           // missing cells in all
	Columns []string      // the columns with missing cells, in frame order
	Counts  []int         // Counts[k] missing cells in Columns[k]
	First   []MissingCell // the first ten, by row then column
}

func (e *MissingCellsError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "featlab: %d missing cell", e.Count)
	if e.Count != 1 {
		b.WriteString("s")
	}
	b.WriteString(" (")
	for k, c := range e.Columns {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: %d", c, e.Counts[k])
	}
	b.WriteString("); the first: ")
	for k, c := range e.First {
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "row %d column %q (%q)", c.Row, c.Column, c.Text)
	}
	fmt.Fprintf(&b, "; %s: %v", MissingHint, ErrNotFinite)
	return b.String()
}

// Unwrap returns ErrNotFinite.
func (e *MissingCellsError) Unwrap() error { return ErrNotFinite }

// FromDataFrameWith converts a gota DataFrame into a Dataset under the
// reading policy cfg: the column named target becomes Y (an empty target
// reads every column as a feature, with Y nil, for new rows to predict);
// every other column becomes a feature, in frame order.
//
// A cell is missing when gota marks it so, when it is a NaN, or when its
// text is one of cfg.NA. With the default policy a table with missing
// cells is refused by a *MissingCellsError (wrapping ErrNotFinite) that
// counts them per column and lists the first ten; with MissingAsNaN they
// are NaN in X (and in Y). An infinity, or a number beyond the float64
// range, is an error wrapping ErrNotFinite naming the cell under either
// policy: it is not a missing value.
//
// Numeric feature columns (float, int, bool as 0/1, or text holding
// numbers) are read as numbers; a cell of such a column that is neither a
// number nor in cfg.NA is an error wrapping ErrNonNumeric naming the row,
// the column and the text. A text column is an error wrapping
// ErrNonNumeric unless cfg.Categorical names it. Columns named in
// cfg.Categorical become level codes (see ReadConfig).
//
// The target: numbers give a regression target; text, bool, or a column
// named in cfg.Categorical give class labels (their sorted distinct
// values become Classes, numerically sorted when every label is a
// number). A target that is not in the frame is an error wrapping
// ErrMissing.
func FromDataFrameWith(df dataframe.DataFrame, target string, cfg ReadConfig) (*Dataset, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	return readFrame(df, target, true, cfg, nil)
}

// FromDataFrameLikeWith converts new rows (validation or test data, or
// rows to predict) the way the training Dataset like was made, under the
// missing-value policy of cfg (NA list and Missing; cfg.Categorical and
// cfg.MaxLevels are taken from like: its features with Levels are coded
// with like's levels, and a level like did not see is an error wrapping
// ErrLabels naming the row, the column and the value).
//
// Columns are matched by name, never by position. A feature of like
// missing from df is an error wrapping ErrMissing naming it; a column
// that is neither a feature nor the target of like is an error wrapping
// ErrShape naming it (drop it first). The target may be absent: Y is then
// nil (rows to predict). When present, a classification target is coded
// with like.Classes (a label like did not have is an error wrapping
// ErrLabels; a numeric target that is not a class name must hold class
// indices in [0, len(like.Classes))).
func FromDataFrameLikeWith(df dataframe.DataFrame, like *Dataset, cfg ReadConfig) (*Dataset, error) {
	if like == nil || IsNil(like.X) {
		return nil, Errorf(ErrParam, "FromDataFrameLikeWith: nil reference Dataset")
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := frameErr(df); err != nil {
		return nil, err
	}
	order, withTarget, err := likeColumns(df, like, false)
	if err != nil {
		return nil, err
	}
	target := ""
	if withTarget {
		target = like.Target
	}
	ds, err := readFrame(df.Select(order), target, withTarget, cfg, like)
	if err != nil {
		return nil, err
	}
	ds.Target = like.Target
	return ds, nil
}

// likeColumns returns the frame's names of like's features, in like's
// order, then of like's target when df has it (needTarget: an error when
// it does not). A feature missing from df wraps ErrMissing; a column that
// is neither a feature nor the target, ErrShape. Names are compared
// without a byte-order mark.
func likeColumns(df dataframe.DataFrame, like *Dataset, needTarget bool) (order []string, withTarget bool, err error) {
	want := make(map[string]bool, len(like.Names)+1)
	for _, n := range like.Names {
		want[n] = true
	}
	have := make(map[string]string, df.Ncol()) // clean name -> frame name
	for _, n := range df.Names() {
		have[StripBOM(n)] = n
	}
	for _, n := range like.Names {
		if _, ok := have[n]; !ok {
			return nil, false, Errorf(ErrMissing, "column %q of the training data is not in the data frame (columns: %s)", n, strings.Join(df.Names(), ", "))
		}
	}
	_, withTarget = have[like.Target]
	if needTarget && !withTarget {
		return nil, false, Errorf(ErrMissing, "target column %q not in data frame (columns: %s)", like.Target, strings.Join(df.Names(), ", "))
	}
	for _, n := range df.Names() {
		if clean := StripBOM(n); clean != like.Target && !want[clean] {
			return nil, false, Errorf(ErrShape, "column %q was not in the training data (features: %s); drop it first", clean, strings.Join(like.Names, ", "))
		}
	}
	order = make([]string, 0, len(like.Names)+1)
	for _, n := range like.Names {
		order = append(order, have[n])
	}
	if withTarget {
		order = append(order, have[like.Target])
	}
	return order, withTarget, nil
}

func frameErr(df dataframe.DataFrame) error {
	if df.Err != nil {
		if strings.Contains(df.Err.Error(), "empty DataFrame") {
			return Errorf(ErrEmpty, "data frame is empty (%v)", df.Err)
		}
		return Errorf(ErrShape, "data frame carries an error: %v", df.Err)
	}
	if df.Nrow() == 0 || df.Ncol() == 0 {
		return Errorf(ErrEmpty, "data frame is %dx%d", df.Nrow(), df.Ncol())
	}
	return nil
}

// cellReader reads the cells of one column under a policy, recording the
// missing ones.
type cellReader struct {
	na      map[string]bool
	missing [][]int // rows of the missing cells of each column read
	texts   [][]string
	columns []string
}

// cells returns the text of each cell of s (trimmed; numbers of float
// columns as the shortest text that parses back) and whether it is
// missing.
func (r *cellReader) cells(s series.Series) (texts []string, miss []bool) {
	n := s.Len()
	texts = make([]string, n)
	miss = make([]bool, n)
	recs := s.Records()
	for i := 0; i < n; i++ {
		e := s.Elem(i)
		switch {
		case e.IsNA():
			miss[i] = true
			texts[i] = strings.TrimSpace(recs[i])
		case s.Type() == series.Float:
			v := e.Float()
			texts[i] = strconv.FormatFloat(v, 'g', -1, 64)
			miss[i] = math.IsNaN(v)
		default:
			texts[i] = strings.TrimSpace(recs[i])
			miss[i] = r.na[texts[i]]
		}
	}
	return texts, miss
}

// note records the missing cells of a column.
func (r *cellReader) note(name string, texts []string, miss []bool) {
	var rows []int
	var tx []string
	for i, m := range miss {
		if m {
			rows = append(rows, i)
			tx = append(tx, texts[i])
		}
	}
	if rows != nil {
		r.columns = append(r.columns, name)
		r.missing = append(r.missing, rows)
		r.texts = append(r.texts, tx)
	}
}

// err returns the MissingCellsError of the recorded cells, or nil.
func (r *cellReader) err(order map[string]int) error {
	if len(r.columns) == 0 {
		return nil
	}
	e := &MissingCellsError{}
	var first []MissingCell
	ks := make([]int, len(r.columns))
	for k := range ks {
		ks[k] = k
	}
	sort.Slice(ks, func(a, b int) bool { return order[r.columns[ks[a]]] < order[r.columns[ks[b]]] })
	for _, k := range ks {
		c := r.columns[k]
		e.Columns = append(e.Columns, c)
		e.Counts = append(e.Counts, len(r.missing[k]))
		e.Count += len(r.missing[k])
		for t, i := range r.missing[k] {
			if t == 10 {
				break
			}
			first = append(first, MissingCell{Row: i, Column: c, Text: r.texts[k][t]})
		}
	}
	sort.SliceStable(first, func(a, b int) bool {
		if first[a].Row != first[b].Row {
			return first[a].Row < first[b].Row
		}
		return order[first[a].Column] < order[first[b].Column]
	})
	e.First = first[:min(10, len(first))]
	return e
}

// readFrame is the converter behind FromDataFrameWith and
// FromDataFrameLikeWith (like != nil: its levels and classes are used).
// needTarget: a non-empty target must be a column.
func readFrame(df dataframe.DataFrame, target string, needTarget bool, cfg ReadConfig, like *Dataset) (*Dataset, error) {
	if err := frameErr(df); err != nil {
		return nil, err
	}
	m := df.Nrow()
	orig := df.Names()
	names := make([]string, len(orig))
	order := make(map[string]int, len(orig))
	ti := -1
	for j, n := range orig {
		names[j] = StripBOM(n)
		order[names[j]] = j
		if target != "" && names[j] == target {
			ti = j
		}
	}
	if target != "" && ti < 0 && needTarget {
		return nil, Errorf(ErrMissing, "target column %q not in data frame (columns: %s)", target, strings.Join(names, ", "))
	}
	cat := map[string]bool{}
	if like == nil {
		for _, n := range cfg.Categorical {
			if _, ok := order[n]; !ok {
				return nil, Errorf(ErrMissing, "ReadConfig.Categorical names %q, not a column of the data frame (columns: %s)", n, strings.Join(names, ", "))
			}
			cat[n] = true
		}
	}
	d := len(names)
	if ti >= 0 {
		d--
	}
	if d == 0 {
		return nil, Errorf(ErrEmpty, "data frame has only the target column %q", target)
	}
	maxLevels := cfg.MaxLevels
	if maxLevels == 0 {
		maxLevels = DefaultMaxLevels
	}
	r := &cellReader{na: cfg.naSet()}
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix()
	fnames := make([]string, 0, d)
	var levels [][]string
	anyCat := false
	for j, n := range names {
		if j == ti {
			continue
		}
		k := len(fnames)
		fnames = append(fnames, n)
		s := df.Col(orig[j])
		texts, miss := r.cells(s)
		r.note(n, texts, miss)
		var vals []float64
		var lv []string
		var err error
		switch {
		case like != nil && like.IsCategorical(k):
			lv = like.Levels[k]
			vals, err = codeLevels(texts, miss, lv, n)
		case like == nil && cat[n]:
			lv = sortedLevels(texts, miss)
			if maxLevels > 0 && len(lv) > maxLevels {
				return nil, Errorf(ErrTooLarge, "categorical column %q has %d levels, over ReadConfig.MaxLevels = %d; raise MaxLevels (negative: no limit) if it is a category", n, len(lv), maxLevels)
			}
			vals, err = codeLevels(texts, miss, lv, n)
		default:
			vals, err = numbers(s, texts, miss, n, cfg)
		}
		if err != nil {
			return nil, err
		}
		if lv != nil {
			if levels == nil {
				levels = make([][]string, d)
			}
			levels[k] = lv
			anyCat = true
		}
		for i, v := range vals {
			raw.Data[i*raw.Stride+k] = v
		}
	}
	if !anyCat {
		levels = nil
	}
	if err := checkUnique(fnames); err != nil {
		return nil, err
	}
	ds := &Dataset{X: X, Names: fnames, Target: target, Levels: levels}
	if ti >= 0 {
		s := df.Col(orig[ti])
		texts, miss := r.cells(s)
		r.note(target, texts, miss)
		var classes []string
		if like != nil {
			classes = like.Classes
		}
		y, cls, err := readTarget(s, texts, miss, target, cat[target], classes, cfg)
		if err != nil {
			return nil, err
		}
		ds.Y, ds.Classes = y, cls
	}
	if cfg.Missing == MissingError {
		if err := r.err(order); err != nil {
			return nil, err
		}
	}
	return ds, nil
}

// numbers reads a numeric column; missing cells are NaN.
func numbers(s series.Series, texts []string, miss []bool, name string, cfg ReadConfig) ([]float64, error) {
	out := make([]float64, len(texts))
	switch s.Type() {
	case series.Float, series.Int, series.Bool:
		for i := range texts {
			if miss[i] {
				out[i] = math.NaN()
				continue
			}
			v := s.Elem(i).Float()
			if math.IsInf(v, 0) {
				return nil, Errorf(ErrNotFinite, "value %v at row %d, column %q (an infinity is not a missing value)", v, i, name)
			}
			out[i] = v
		}
		return out, nil
	case series.String:
		nums, texty, firstText := countNumbers(texts, miss)
		if texty > 0 && nums <= texty {
			return nil, Errorf(ErrNonNumeric, "column %q holds text (%q at row %d); declare it in ReadConfig.Categorical to read it as categories, or drop it", name, texts[firstText], firstText)
		}
		for i, t := range texts {
			if miss[i] {
				out[i] = math.NaN()
				continue
			}
			v, err := strconv.ParseFloat(t, 64)
			switch {
			case err == nil && math.IsNaN(v):
				out[i] = v // "nan" spelled otherwise: still a NaN
			case err == nil && !math.IsInf(v, 0):
				out[i] = v
			case err == nil || isRangeError(err):
				return nil, Errorf(ErrNotFinite, "column %q of numbers has %q at row %d, beyond the float64 range", name, t, i)
			default:
				return nil, Errorf(ErrNonNumeric, "column %q of numbers has %q at row %d, which is neither a number nor one of the missing-value texts %q (add it to ReadConfig.NA if it means missing)", name, t, i, naList(cfg))
			}
		}
		return out, nil
	}
	return nil, Errorf(ErrNonNumeric, "column %q has unsupported type %v", name, s.Type())
}

// countNumbers counts the cells that are not missing and parse as
// numbers (beyond the float64 range included) and those that do not,
// with the row of the first of these (-1: none).
func countNumbers(texts []string, miss []bool) (nums, text, first int) {
	first = -1
	for i, t := range texts {
		if miss[i] {
			continue
		}
		if _, err := strconv.ParseFloat(t, 64); err == nil || isRangeError(err) {
			nums++
			continue
		}
		text++
		if first < 0 {
			first = i
		}
	}
	return nums, text, first
}

func naList(cfg ReadConfig) []string {
	if cfg.NA == nil {
		return DefaultNA
	}
	return cfg.NA
}

// sortedLevels returns the distinct texts of the cells that are not
// missing, sorted numerically when all are numbers, else as text.
func sortedLevels(texts []string, miss []bool) []string {
	set := map[string]bool{}
	for i, t := range texts {
		if !miss[i] {
			set[t] = true
		}
	}
	lv := make([]string, 0, len(set))
	for t := range set {
		lv = append(lv, t)
	}
	sortLevels(lv)
	return lv
}

// sortLevels sorts level names numerically when every one is a number
// (ties by text), else as text.
func sortLevels(lv []string) {
	val := make(map[string]float64, len(lv))
	numeric := true
	for _, t := range lv {
		v, err := strconv.ParseFloat(t, 64)
		if err != nil || math.IsNaN(v) {
			numeric = false
			break
		}
		val[t] = v
	}
	sort.Slice(lv, func(a, b int) bool {
		if numeric && val[lv[a]] != val[lv[b]] {
			return val[lv[a]] < val[lv[b]]
		}
		return lv[a] < lv[b]
	})
}

// codeLevels codes each cell by its level's index; a missing cell is NaN.
// A text not among the levels is matched by numeric value ("4.0" is level
// "4"), else it is an error wrapping ErrLabels.
func codeLevels(texts []string, miss []bool, levels []string, name string) ([]float64, error) {
	idx := make(map[string]int, len(levels))
	byValue := map[float64]int{}
	for k, l := range levels {
		idx[l] = k
		if v, err := strconv.ParseFloat(l, 64); err == nil {
			byValue[v] = k
		}
	}
	out := make([]float64, len(texts))
	for i, t := range texts {
		if miss[i] {
			out[i] = math.NaN()
			continue
		}
		k, ok := idx[t]
		if !ok {
			if v, err := strconv.ParseFloat(t, 64); err == nil {
				k, ok = byValue[v]
			}
		}
		if !ok {
			return nil, Errorf(ErrLabels, "column %q has the level %q at row %d, not one of the levels seen in the training data %q", name, t, i, levels)
		}
		out[i] = float64(k)
	}
	return out, nil
}

// readTarget reads the target column: classes given (like), categorical
// by declaration or by type (text, bool), or numbers.
func readTarget(s series.Series, texts []string, miss []bool, name string, declared bool, classes []string, cfg ReadConfig) ([]float64, []string, error) {
	if classes != nil {
		y, err := codeLevels(texts, miss, classes, name)
		if err == nil {
			return y, classes, nil
		}
		// Not class names: class indices in [0, K)?
		vals, nerr := numbers(s, texts, miss, name, cfg)
		if nerr != nil {
			return nil, nil, err
		}
		for i, v := range vals {
			if !math.IsNaN(v) && (v != math.Trunc(v) || v < 0 || v >= float64(len(classes))) {
				return nil, nil, Errorf(ErrLabels, "target %q has %q at row %d, neither one of the classes %q nor a class index in [0, %d)", name, texts[i], i, classes, len(classes))
			}
		}
		return vals, classes, nil
	}
	text := false
	switch s.Type() {
	case series.Bool:
		text = true
	case series.String:
		nums, other, _ := countNumbers(texts, miss)
		text = nums <= other
	}
	if declared || text {
		cls := sortedLevels(texts, miss)
		if len(cls) == 0 {
			return nil, nil, Errorf(ErrEmpty, "target %q has no label that is not missing", name)
		}
		y, err := codeLevels(texts, miss, cls, name)
		return y, cls, err
	}
	y, err := numbers(s, texts, miss, name, cfg)
	return y, nil, err
}
