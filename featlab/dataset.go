package featlab

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/matx"
)

// Dataset is a design matrix with the names of its features and its target.
//
// X holds one row per example and one column per feature (m x d); Y holds
// one target value per example. For a classification target read from
// strings or booleans, Y holds class indices 0..K-1 and Classes[k] names
// class k; Classes may also be set by a loader to name integer labels
// 0..K-1. For regression targets Classes is nil.
//
// A categorical (discrete) feature j is stored in X as integer codes
// 0..L-1 with Levels[j] naming the codes; Levels is nil, or Levels[j] is
// nil, for a continuous feature. Methods that treat discrete and continuous
// attributes differently (Relief's diff, information gain) read Levels.
type Dataset struct {
	X       *mat.Dense
	Y       []float64
	Names   []string   // feature names, one per column of X
	Target  string     // name of the target
	Classes []string   // class names for classification targets, else nil
	Levels  [][]string // level names of categorical features, else nil
}

// IsCategorical reports whether feature j holds integer codes of a
// categorical attribute (Levels[j] != nil).
func (ds *Dataset) IsCategorical(j int) bool {
	return j >= 0 && j < len(ds.Levels) && ds.Levels[j] != nil
}

// NewDataset checks X, y and names and returns a Dataset that shares them.
// A nil names slice is replaced by x1, x2, ..., xd.
func NewDataset(X *mat.Dense, y []float64, names []string, target string) (*Dataset, error) {
	if names == nil && !IsNil(X) {
		_, d := X.Dims()
		names = DefaultNames(d)
	}
	if _, _, err := CheckXY(X, y, names); err != nil {
		return nil, err
	}
	if err := checkUnique(names); err != nil {
		return nil, err
	}
	if target == "" {
		target = "y"
	}
	return &Dataset{X: X, Y: y, Names: names, Target: target}, nil
}

// DefaultNames returns the names x1, ..., xd used when data has none, so that
// feature j (0-based) is called x{j+1} as in the texts. A negative d is a
// programmer error: DefaultNames panics with a message naming it.
func DefaultNames(d int) []string {
	if d < 0 {
		panic(fmt.Sprintf("featlab: DefaultNames(%d): negative number of features", d))
	}
	names := make([]string, d)
	for j := range names {
		names[j] = "x" + strconv.Itoa(j+1)
	}
	return names
}

func checkUnique(names []string) error {
	seen := make(map[string]int, len(names))
	for j, n := range names {
		if k, ok := seen[n]; ok {
			return Errorf(ErrShape, "feature name %q used for columns %d and %d", n, k, j)
		}
		seen[n] = j
	}
	return nil
}

// Dims returns the number of examples m and of features d.
func (ds *Dataset) Dims() (m, d int) { return ds.X.Dims() }

// Rows returns a new Dataset holding copies of the given rows, in the given
// order (repeats allowed, as for bootstrap samples). A Dataset without a
// target (Y nil, rows to predict) gives one without a target.
//
// A row index outside [0, m) is a programmer error (indices come from the
// program, such as a fold or a bootstrap sample, not from data): Rows
// panics with a message naming the index and the number of rows.
func (ds *Dataset) Rows(rows []int) *Dataset {
	m, _ := ds.X.Dims()
	for k, i := range rows {
		if i < 0 || i >= m {
			panic(fmt.Sprintf("featlab: Dataset.Rows: rows[%d] = %d outside [0, %d): the dataset has %d rows", k, i, m, m))
		}
	}
	X := matx.Rows(ds.X, rows)
	var y []float64
	if ds.Y != nil { // nil for rows to predict (no target)
		y = matx.Take(ds.Y, rows)
	}
	return &Dataset{X: X, Y: y, Names: ds.Names, Target: ds.Target, Classes: ds.Classes, Levels: ds.Levels}
}

// Columns returns a new Dataset holding copies of the given feature columns,
// in the given order, with their names.
func (ds *Dataset) Columns(cols []int) (*Dataset, error) {
	_, d := ds.X.Dims()
	if len(cols) == 0 {
		return nil, Errorf(ErrEmpty, "no columns selected")
	}
	names := make([]string, len(cols))
	var levels [][]string
	if ds.Levels != nil {
		levels = make([][]string, len(cols))
	}
	for k, j := range cols {
		if j < 0 || j >= d {
			return nil, Errorf(ErrParam, "column index %d outside [0, %d)", j, d)
		}
		names[k] = ds.Names[j]
		if levels != nil && j < len(ds.Levels) {
			levels[k] = ds.Levels[j]
		}
	}
	return &Dataset{X: matx.Cols(ds.X, cols), Y: append([]float64(nil), ds.Y...), Names: names, Target: ds.Target, Classes: ds.Classes, Levels: levels}, nil
}

// Index returns the column index of the feature with the given name.
func (ds *Dataset) Index(name string) (int, error) {
	for j, n := range ds.Names {
		if n == name {
			return j, nil
		}
	}
	return -1, Errorf(ErrMissing, "no feature named %q (have %s)", name, strings.Join(ds.Names, ", "))
}

// FromDataFrame converts a gota DataFrame into a Dataset. The column named
// target becomes Y; every other column becomes a feature, in frame order.
//
// Float, int and bool feature columns are converted to float64 (bool as
// 0/1). A string feature column is an error wrapping ErrNonNumeric that
// names the column: encode it first with transform.OneHot. A missing value,
// NaN or infinity is an error wrapping ErrNotFinite that names the row
// (counted from 0) and column; so is a number too large for float64. A
// string column whose values are numbers except for missing ones (gota
// reads an int column with a NaN in it so) is reported as ErrNotFinite
// at the first missing value.
//
// The target gets the features' check. A column becomes class labels only
// when it is text (or bool), or when the caller says so with
// FromDataFrameClasses: a string column whose cells are mostly numbers
// (gota reads a numeric column with one bad cell, such as "1e400", "6..1"
// or "?", as strings) is a numeric target, and its first cell that is not
// a finite number is an error naming the row and the value (wrapping
// ErrNotFinite for a missing or out-of-range value, ErrNonNumeric for
// text). A text or bool target is a class label: its distinct values,
// sorted, become Classes and Y holds the index of each example's class
// (false = 0, true = 1 for bool); an empty or missing label is an error
// wrapping ErrNotFinite. A numeric target is copied as is. To code a
// string target in an order of your own, use FromDataFrameClasses.
//
// A UTF-8 byte-order mark at the start of a column name (Excel's "CSV
// UTF-8" writes one before the first) is removed (see StripBOM).
//
// To count every missing cell instead of stopping at the first, read
// missing cells as NaN (then impute with transform.Imputer or keep
// Dataset.CompleteCases), declare categorical columns by name, or read
// rows without a target, use FromDataFrameWith.
func FromDataFrame(df dataframe.DataFrame, target string) (*Dataset, error) {
	return fromDataFrame(df, target, nil)
}

// FromDataFrameClasses is FromDataFrame with the class names given: a
// string or bool target value equal to classes[k] becomes class k, and a
// value not in classes is an error wrapping ErrLabels. A numeric target
// must hold whole numbers in [0, len(classes)). Classes is set to classes.
// FromDataFrameClasses(ToDataFrame(ds), ds.Target, ds.Classes) gives back
// ds's X, Y, Names and Classes exactly, whatever the order of the names.
func FromDataFrameClasses(df dataframe.DataFrame, target string, classes []string) (*Dataset, error) {
	if len(classes) == 0 {
		return nil, Errorf(ErrParam, "no class names given")
	}
	if err := checkUniqueClasses(classes); err != nil {
		return nil, err
	}
	return fromDataFrame(df, target, classes)
}

// FromDataFrameLike converts a validation or test frame the way the
// training Dataset like was made: the target like.Target, the features
// like.Names in like's order whatever their order in df, and, for a
// classification target, like.Classes (class k means the same in both;
// an unseen class is an error wrapping ErrLabels).
//
// Columns are matched by name, never by position, so a frame with its
// columns in another order gives the right Dataset; a feature of like
// missing from df (or renamed) is an error wrapping ErrMissing that names
// it, and a column like did not have is an error wrapping ErrShape that
// names it (drop it first). Values are checked as by FromDataFrame.
func FromDataFrameLike(df dataframe.DataFrame, like *Dataset) (*Dataset, error) {
	if like == nil {
		return nil, Errorf(ErrParam, "FromDataFrameLike: nil reference Dataset")
	}
	if df.Err != nil {
		return fromDataFrame(df, like.Target, nil) // reports the frame's error
	}
	order, _, err := likeColumns(df, like, true)
	if err != nil {
		return nil, err
	}
	sel := df.Select(order)
	if like.Classes != nil {
		return fromDataFrame(sel, like.Target, like.Classes)
	}
	return fromDataFrame(sel, like.Target, nil)
}

func checkUniqueClasses(classes []string) error {
	seen := make(map[string]int, len(classes))
	for k, c := range classes {
		if j, ok := seen[c]; ok {
			return Errorf(ErrParam, "class name %q given twice (classes %d and %d)", c, j, k)
		}
		seen[c] = k
	}
	return nil
}

func fromDataFrame(df dataframe.DataFrame, target string, classes []string) (*Dataset, error) {
	if df.Err != nil {
		if strings.Contains(df.Err.Error(), "empty DataFrame") {
			return nil, Errorf(ErrEmpty, "data frame is empty (%v)", df.Err)
		}
		return nil, Errorf(ErrShape, "data frame carries an error: %v", df.Err)
	}
	m, c := df.Nrow(), df.Ncol()
	if m == 0 || c == 0 {
		return nil, Errorf(ErrEmpty, "data frame is %dx%d", m, c)
	}
	orig := df.Names()
	names := make([]string, len(orig))
	for j, n := range orig {
		names[j] = StripBOM(n)
	}
	ti := -1
	for j, n := range names {
		if n == target {
			ti = j
		}
	}
	if ti < 0 {
		return nil, Errorf(ErrMissing, "target column %q not in data frame (columns: %s)", target, strings.Join(names, ", "))
	}
	if c == 1 {
		return nil, Errorf(ErrEmpty, "data frame has only the target column %q", target)
	}
	d := c - 1
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix()
	fnames := make([]string, 0, d)
	for j, n := range names {
		if j == ti {
			continue
		}
		k := len(fnames)
		fnames = append(fnames, n)
		vals, err := numericColumn(df.Col(orig[j]), n)
		if err != nil {
			return nil, err
		}
		for i, v := range vals {
			raw.Data[i*raw.Stride+k] = v
		}
	}
	if err := checkUnique(fnames); err != nil {
		return nil, err
	}
	ds := &Dataset{X: X, Names: fnames, Target: target}
	tcol := df.Col(orig[ti])
	if tcol.Type() == series.String && classes == nil {
		if y, ok, err := NumericText(tcol.Records(), target); ok {
			if err != nil {
				return nil, fmt.Errorf("%w (the target takes the features' check; to read it as class labels use FromDataFrameClasses)", err)
			}
			ds.Y = y
			return ds, nil
		}
	}
	switch tcol.Type() {
	case series.String, series.Bool:
		recs := tcol.Records()
		for i, r := range recs {
			if tcol.Elem(i).IsNA() || strings.TrimSpace(r) == "" {
				return nil, Errorf(ErrNotFinite, "target %q is missing at row %d", target, i)
			}
		}
		if classes == nil {
			ds.Classes, ds.Y = encodeClasses(recs)
			break
		}
		idx := make(map[string]int, len(classes))
		for k, cl := range classes {
			idx[cl] = k
		}
		ds.Y = make([]float64, m)
		for i, r := range recs {
			k, ok := idx[r]
			if !ok {
				return nil, Errorf(ErrLabels, "target %q has %q at row %d, not one of the classes %q", target, r, i, classes)
			}
			ds.Y[i] = float64(k)
		}
		ds.Classes = classes
	default:
		y, err := numericColumn(tcol, target)
		if err != nil {
			return nil, err
		}
		ds.Y = y
		if classes != nil {
			for i, v := range y {
				if v != math.Trunc(v) || v < 0 || v >= float64(len(classes)) {
					return nil, Errorf(ErrLabels, "target %q has %v at row %d, not a class index in [0, %d)", target, v, i, len(classes))
				}
			}
			ds.Classes = classes
		}
	}
	return ds, nil
}

func encodeClasses(recs []string) ([]string, []float64) {
	set := map[string]bool{}
	for _, r := range recs {
		set[r] = true
	}
	classes := make([]string, 0, len(set))
	for r := range set {
		classes = append(classes, r)
	}
	sort.Strings(classes)
	idx := make(map[string]int, len(classes))
	for k, cl := range classes {
		idx[cl] = k
	}
	y := make([]float64, len(recs))
	for i, r := range recs {
		y[i] = float64(idx[r])
	}
	return classes, y
}

// numericColumn converts a gota series to float64 values, failing with a
// message that names the column and, for missing values, the row.
func numericColumn(s series.Series, name string) ([]float64, error) {
	n := s.Len()
	out := make([]float64, n)
	switch s.Type() {
	case series.Float, series.Int, series.Bool:
		for i := 0; i < n; i++ {
			e := s.Elem(i)
			if e.IsNA() {
				return nil, Errorf(ErrNotFinite, "missing value at row %d, column %q", i, name)
			}
			v := e.Float()
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, Errorf(ErrNotFinite, "value %v at row %d, column %q", v, i, name)
			}
			out[i] = v
		}
		return out, nil
	case series.String:
		// gota reads an int column with a NaN in it as strings (and a
		// number beyond the float64 range too): when every value is a
		// number or a missing-value marker, report the first bad one.
		recs := s.Records()
		if _, numeric, err := NumericText(recs, name); numeric && err != nil {
			return nil, err // a column of numbers with a bad cell
		}
		bad := -1
		for i, r := range recs {
			v, err := strconv.ParseFloat(strings.TrimSpace(r), 64)
			if err != nil && !isRangeError(err) && !isNAText(r) {
				return nil, Errorf(ErrNonNumeric,
					"column %q holds text (%q at row %d); encode it with transform.OneHot or drop it", name, r, i)
			}
			if (err != nil || math.IsNaN(v) || math.IsInf(v, 0)) && bad < 0 {
				bad = i
			}
		}
		if bad >= 0 {
			return nil, Errorf(ErrNotFinite, "missing or non-finite value %q at row %d, column %q", recs[bad], bad, name)
		}
		return nil, Errorf(ErrNonNumeric, "column %q has string type though its values look numeric; convert it to float first", name)
	default:
		return nil, Errorf(ErrNonNumeric, "column %q has unsupported type %v", name, s.Type())
	}
}

// isRangeError reports whether err is strconv's out-of-range error (a
// number whose magnitude exceeds the float64 range).
func isRangeError(err error) bool {
	var ne *strconv.NumError
	return errors.As(err, &ne) && ne.Err == strconv.ErrRange
}

func isNAText(r string) bool {
	switch strings.ToLower(strings.TrimSpace(r)) {
	case "", "na", "nan", "null", "none", "inf", "+inf", "-inf", "infinity", "-infinity":
		return true
	}
	return false
}

// ToDataFrame converts a Dataset to a gota DataFrame: one float column per
// feature with its name, then the target column. A classification target
// with Classes is written as strings (the class names); any other target
// as floats. Categorical features are written as their float codes
// (Levels are not carried).
//
// The values survive a round trip bit for bit:
// FromDataFrameClasses(ToDataFrame(ds), ds.Target, ds.Classes) gives back
// ds's X, Y, Names and Classes exactly, and so does
// FromDataFrame(ToDataFrame(ds), ds.Target) when Classes is nil or sorted
// (as FromDataFrame makes it). A feature named like the target is renamed
// by gota (name_0, name_1).
func ToDataFrame(ds *Dataset) dataframe.DataFrame {
	m, d := ds.X.Dims()
	cols := make([]series.Series, 0, d+1)
	for j := 0; j < d; j++ {
		v := make([]float64, m)
		mat.Col(v, j, ds.X)
		cols = append(cols, series.New(v, series.Float, ds.Names[j]))
	}
	target := ds.Target
	if target == "" {
		target = "y"
	}
	if ds.Classes != nil && classIndices(ds.Y, len(ds.Classes)) {
		s := make([]string, len(ds.Y))
		for i, v := range ds.Y {
			s[i] = ds.Classes[int(v)]
		}
		cols = append(cols, series.New(s, series.String, target))
	} else {
		cols = append(cols, series.New(append([]float64(nil), ds.Y...), series.Float, target))
	}
	return dataframe.New(cols...)
}

// DataFrame is ToDataFrame(ds).
func (ds *Dataset) DataFrame() dataframe.DataFrame { return ToDataFrame(ds) }

func classIndices(y []float64, k int) bool {
	for _, v := range y {
		if v != math.Trunc(v) || v < 0 || int(v) >= k {
			return false
		}
	}
	return true
}

// String summarizes the dataset in one line.
func (ds *Dataset) String() string {
	m, d := ds.X.Dims()
	kind := "regression"
	if ds.Classes != nil {
		kind = fmt.Sprintf("%d classes", len(ds.Classes))
	}
	return fmt.Sprintf("Dataset %d examples x %d features [%s], target %q (%s)", m, d, strings.Join(ds.Names, ", "), ds.Target, kind)
}

// StripFrameBOM returns df with a UTF-8 byte-order mark removed from the
// start of its first column name (gota's dataframe.ReadCSV keeps the mark
// Excel's "CSV UTF-8" writes), or df itself when there is none. Every
// featlab function that finds frame columns by name calls it.
func StripFrameBOM(df dataframe.DataFrame) dataframe.DataFrame {
	if df.Err != nil || df.Ncol() == 0 {
		return df
	}
	first := df.Names()[0]
	if clean := StripBOM(first); clean != first {
		return df.Rename(clean, first)
	}
	return df
}

// StripBOM removes a UTF-8 byte-order mark (U+FEFF, which Excel's "CSV
// UTF-8" writes before the first column name) from the start of s.
func StripBOM(s string) string { return strings.TrimPrefix(s, "\ufeff") }

// NumericText decides whether the cells of a text column (a gota String
// series' Records) hold numbers: they do (numeric is true) when more than
// half of the cells that are not missing-value markers parse as numbers.
// gota reads a numeric column with one bad cell ("1e400", "6..1", "?",
// "NA" in an int column) as strings; such a column must be rejected, not
// taken for text. For a numeric column, values are the numbers, or err
// names the first cell that is not a finite number, its row (from 0) and
// its value: wrapping ErrNotFinite for a missing value or one beyond the
// float64 range, ErrNonNumeric for text. name names the column.
func NumericText(recs []string, name string) (values []float64, numeric bool, err error) {
	nums, nas := 0, 0
	for _, r := range recs {
		_, err := strconv.ParseFloat(strings.TrimSpace(r), 64)
		switch {
		case err == nil || isRangeError(err):
			nums++
		case isNAText(r):
			nas++
		}
	}
	if nums == 0 || 2*nums <= len(recs)-nas {
		return nil, false, nil
	}
	values = make([]float64, len(recs))
	for i, r := range recs {
		v, perr := strconv.ParseFloat(strings.TrimSpace(r), 64)
		switch {
		case perr == nil && !math.IsNaN(v) && !math.IsInf(v, 0):
			values[i] = v
		case perr == nil || isRangeError(perr) || isNAText(r):
			return nil, true, Errorf(ErrNotFinite, "column %q of numbers has the missing or non-finite value %q at row %d", name, r, i)
		default:
			return nil, true, Errorf(ErrNonNumeric, "column %q of numbers has %q at row %d, which is not a number", name, r, i)
		}
	}
	return values, true, nil
}
