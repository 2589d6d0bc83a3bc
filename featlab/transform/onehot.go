package transform

import (
	"errors"
	"fmt"
	"sort"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// ErrUnknownCategory is wrapped by the error OneHot returns when data to
// transform holds a category its column did not have at fit time and the
// policy is UnknownError.
var ErrUnknownCategory = errors.New("category not seen at fit time")

// Unknown is OneHot's policy for a category that was not seen at fit time.
type Unknown int

const (
	// UnknownError makes Transform fail with an error wrapping
	// ErrUnknownCategory that names the row, the column and the value
	// (the default; scikit-learn's handle_unknown="error").
	UnknownError Unknown = iota
	// UnknownIgnore encodes an unseen category as all zeros in that
	// column's indicator block (scikit-learn's handle_unknown="ignore").
	// Ordinal codes it -1.
	UnknownIgnore
	// UnknownOther gives every column one more indicator, named
	// "name=(other)" (OtherLevel), which is 1 for a category unseen at fit
	// time and 0 otherwise (always 0 on the training rows). Ordinal codes
	// such a category k, one past the last of its k levels.
	UnknownOther
)

// OneHot is the unary representation of categorical features (lecture
// 13, "unary representation for categorical features"): a feature taking
// one of k values becomes k indicator features,
//
//	f -> (1[f = c_1], ..., 1[f = c_k])
//
// where c_1 < ... < c_k are the categories seen at fit time, sorted
// (numerically for numbers, bytewise for strings, as scikit-learn's
// OneHotEncoder). The output has one block per input column, in input
// order. A linear predictor on the indicators can give each category its
// own weight, which a single integer code cannot.
//
// On a matrix, every column is treated as categorical and its distinct
// values are the categories; on a data frame (FitFrame, TransformFrame,
// OneHotDataset) the chosen columns' text values are, so string columns
// become usable by the rest of the library. OutputNames gives names such
// as "color=green". A category not seen at fit time is handled by the
// Unknown policy. A missing value in a frame is an error naming its row
// and column.
type OneHot struct {
	// Unknown is the policy for categories unseen at fit time; the zero
	// value is UnknownError.
	Unknown Unknown
	// MaxCells bounds memory: the largest number of float64 values (rows
	// x indicator columns) Transform may allocate; 0 means
	// featlab.DefaultMaxCells (2^27 values, 1 GiB), negative no limit.
	// Fit checks the output for the rows it was given (usually
	// transformed next), so that a column with a category per row fails
	// at once. Over the limit is an error wrapping featlab.ErrTooLarge
	// (and Fit leaves the encoder unfitted).
	MaxCells int
	// MaxLevels is the largest number of categories one column may have
	// at fit time; 0 means DefaultMaxLevels (1000), negative no limit.
	// More is an error wrapping ErrTooManyLevels and featlab.ErrTooLarge
	// that names the column (a column of floats or identifiers is not a
	// categorical feature).
	MaxLevels int

	fitted
	who     string // the encoder named in errors ("" is OneHot; Ordinal uses one inside)
	unknown Unknown
	cats    [][]string        // categories of each column, sorted
	num     []map[float64]int // matrix path: value -> category index
	small   [][]int32         // matrix path, small whole-number categories: small[j][v] = index or -1
	str     []map[string]int  // frame path: text -> category index
	offset  []int             // first output column of each block
}

// name is the encoder named in errors.
func (o *OneHot) name() string {
	if o.who != "" {
		return o.who
	}
	return "OneHot"
}

func (o *OneHot) checkParams() error {
	if o.Unknown != UnknownError && o.Unknown != UnknownIgnore && o.Unknown != UnknownOther {
		return featlab.Errorf(featlab.ErrParam, "transform: unknown %s.Unknown policy %d", o.name(), int(o.Unknown))
	}
	return nil
}

func (o *OneHot) setOffsets() {
	o.offset = make([]int, len(o.cats)+1)
	extra := 0
	if o.unknown == UnknownOther {
		extra = 1
	}
	for j, c := range o.cats {
		o.offset[j+1] = o.offset[j] + len(c) + extra
	}
}

// Fit learns the sorted distinct values of every column of X.
func (o *OneHot) Fit(X mat.Matrix) error {
	if err := o.checkParams(); err != nil {
		return err
	}
	x, err := rawOf(X, 0)
	if err != nil {
		return err
	}
	if err := checkFinite(x); err != nil {
		return err
	}
	d := x.cols
	cats := make([][]float64, d)
	labels := make([]string, d)
	for j := 0; j < d; j++ {
		cats[j] = distinctSorted(x, j)
		labels[j] = fmt.Sprintf("column %d", j)
	}
	if err := o.setNumericCategories(cats, labels, o.name()+".MaxLevels"); err != nil {
		o.setFitted(0)
		o.cats, o.num, o.str, o.offset = nil, nil, nil, nil
		return err
	}
	return o.checkFitSize(x.rows)
}

// Transform returns the indicator columns of X.
func (o *OneHot) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := o.check(X, "OneHot", 0)
	if err != nil {
		return nil, err
	}
	if o.num == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: OneHot was fitted on text columns of a data frame; transform a data frame")
	}
	if err := checkFinite(x); err != nil {
		return nil, err
	}
	if err := featlab.CheckCells(fmt.Sprintf("transform: OneHot output of %d rows", x.rows), "OneHot.MaxCells", x.rows, o.offset[o.d], o.MaxCells); err != nil {
		return nil, err
	}
	out := mat.NewDense(x.rows, o.offset[o.d], nil) // every column has >= 1 category
	od := out.RawMatrix()
	for i := 0; i < x.rows; i++ {
		row := x.row(i)
		dst := od.Data[i*od.Stride:]
		for j, v := range row {
			k, ok := o.code(j, v)
			if !ok {
				if k, ok = o.unknownAt(j); !ok {
					return nil, o.unknownErr(i, j, strconv.FormatFloat(v, 'g', -1, 64), "")
				}
				if k < 0 {
					continue
				}
			}
			dst[o.offset[j]+k] = 1
		}
	}
	return out, nil
}

func (o *OneHot) unknownErr(i, j int, v, name string) error {
	return unknownCategoryErr("OneHot", i, j, v, name, o.cats[j], `set Unknown: UnknownIgnore to encode it as all zeros, or UnknownOther for an "other" column`)
}

// unknownCategoryErr is the error of an encoder (who) meeting value v at
// row i of column j (named name, if any) that is not among cats.
func unknownCategoryErr(who string, i, j int, v, name string, cats []string, advice string) error {
	col := fmt.Sprintf("column %d", j)
	if name != "" {
		col = fmt.Sprintf("column %q", name)
	}
	return fmt.Errorf("featlab: transform: %s: value %q at row %d, %s was not seen at fit time (categories %v; %s): %w",
		who, v, i, col, cats, advice, ErrUnknownCategory)
}

// fitRecords learns the categories of text columns (recs[j][i] is row i
// of column j). Missing values are marked by na[j][i].
func (o *OneHot) fitRecords(recs [][]string, na [][]bool, names []string) error {
	if err := o.checkParams(); err != nil {
		return err
	}
	d := len(recs)
	if d == 0 || len(recs[0]) == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "transform: %s: no data", o.name())
	}
	cats := make([][]string, d)
	str := make([]map[string]int, d)
	for j, col := range recs {
		seen := map[string]bool{}
		for i, v := range col {
			if na[j][i] {
				return featlab.Errorf(featlab.ErrNotFinite, "transform: %s: missing value at row %d, column %q", o.name(), i, names[j])
			}
			seen[v] = true
		}
		c := make([]string, 0, len(seen))
		for v := range seen {
			c = append(c, v)
		}
		sortCategories(c)
		if err := checkLevels(len(c), fmt.Sprintf("column %q", names[j]), o.name()+".MaxLevels", o.MaxLevels); err != nil {
			o.setFitted(0)
			o.cats, o.num, o.str, o.offset = nil, nil, nil, nil
			return err
		}
		str[j] = make(map[string]int, len(c))
		for k, v := range c {
			str[j][v] = k
		}
		cats[j] = c
	}
	o.cats, o.str, o.num, o.small, o.unknown = cats, str, nil, nil, o.Unknown
	o.setFitted(d)
	o.setOffsets()
	return o.checkFitSize(len(recs[0]))
}

// sortCategories sorts numerically when every category parses as a
// finite number, else bytewise.
func sortCategories(c []string) {
	vals := make([]float64, len(c))
	numeric := true
	for k, s := range c {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !finite(v) {
			numeric = false
			break
		}
		vals[k] = v
	}
	if !numeric {
		sort.Strings(c)
		return
	}
	sort.Sort(byValue{c, vals})
}

type byValue struct {
	s []string
	v []float64
}

func (b byValue) Len() int { return len(b.s) }
func (b byValue) Less(i, j int) bool {
	if b.v[i] != b.v[j] {
		return b.v[i] < b.v[j]
	}
	return b.s[i] < b.s[j]
}
func (b byValue) Swap(i, j int) {
	b.s[i], b.s[j] = b.s[j], b.s[i]
	b.v[i], b.v[j] = b.v[j], b.v[i]
}

// transformRecords encodes text columns with the categories learned by
// fitRecords.
func (o *OneHot) transformRecords(recs [][]string, na [][]bool, names []string) (*mat.Dense, error) {
	if o.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: OneHot: Transform called before Fit")
	}
	if o.str == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: OneHot was fitted on a matrix; transform a matrix")
	}
	if len(recs) != o.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: OneHot was fitted on %d columns, got %d", o.d, len(recs))
	}
	m := len(recs[0])
	n := o.offset[o.d]
	if err := featlab.CheckCells(fmt.Sprintf("transform: OneHot output of %d rows", m), "OneHot.MaxCells", m, n, o.MaxCells); err != nil {
		return nil, err
	}
	out := mat.NewDense(m, n, nil)
	od := out.RawMatrix()
	for i := 0; i < m; i++ {
		dst := od.Data[i*od.Stride:]
		for j := range recs {
			if na[j][i] {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "transform: OneHot: missing value at row %d, column %q", i, names[j])
			}
			v := recs[j][i]
			k, ok := o.str[j][v]
			if !ok {
				if k, ok = o.unknownAt(j); !ok {
					return nil, o.unknownErr(i, j, v, names[j])
				}
				if k < 0 {
					continue
				}
			}
			dst[o.offset[j]+k] = 1
		}
	}
	return out, nil
}

// Categories returns a copy of the sorted categories of every column, as
// text (numbers formatted with strconv 'g' -1); nil before Fit.
func (o *OneHot) Categories() [][]string {
	if o.cats == nil {
		return nil
	}
	out := make([][]string, len(o.cats))
	for j, c := range o.cats {
		out[j] = append([]string(nil), c...)
	}
	return out
}

// OutputNames returns "name=category" for every output column; a nil
// input means x1, ..., xd.
func (o *OneHot) OutputNames(input []string) ([]string, error) {
	if o.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: OneHot: OutputNames called before Fit")
	}
	if input == nil {
		input = featlab.DefaultNames(o.d)
	}
	if len(input) != o.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: OneHot was fitted on %d columns, got %d names", o.d, len(input))
	}
	out := make([]string, 0, o.offset[o.d])
	for j, c := range o.cats {
		for _, v := range c {
			out = append(out, input[j]+"="+v)
		}
		if o.unknown == UnknownOther {
			out = append(out, input[j]+"="+OtherLevel)
		}
	}
	return out, nil
}

// widths returns the number of output columns of each input column.
func (o *OneHot) widths() []int {
	w := make([]int, o.d)
	for j := range w {
		w[j] = o.offset[j+1] - o.offset[j]
	}
	return w
}

// recordsTransformer is implemented by transformers that encode the text
// of data frame columns (OneHot, and a Pipeline starting with one).
type recordsTransformer interface {
	usesRecords() bool
	fitRecords(recs [][]string, na [][]bool, names []string) error
	transformRecords(recs [][]string, na [][]bool, names []string) (*mat.Dense, error)
}

func (o *OneHot) usesRecords() bool { return true }

// checkFitSize refuses (and unfits) an encoding whose output on the fit
// data would exceed MaxCells.
func (o *OneHot) checkFitSize(rows int) error {
	err := featlab.CheckCells(fmt.Sprintf("transform: OneHot output of the %d fitted rows", rows), "OneHot.MaxCells", rows, o.offset[o.d], o.MaxCells)
	if err != nil {
		o.setFitted(0)
		o.cats, o.num, o.str, o.offset = nil, nil, nil, nil
	}
	return err
}
