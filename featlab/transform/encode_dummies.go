package transform

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Dummies one-hot encodes the columns of a numeric matrix that hold
// category codes (integer codes 0..L-1 such as a reader produces for a
// categorical column, featlab.Dataset's Levels convention, or any numbers
// standing for categories, such as mtcars' cyl 4, 6, 8) and passes the
// other columns through. Each code column j becomes the indicators
//
//	x_j -> (1[x_j = c_1], ..., 1[x_j = c_k])
//
// in its place, named "name=level"; c_1 < ... < c_k are the codes seen at
// fit time, or, when Levels is given, the codes 0..L-1 named by Levels
// (every level gets its column, seen in the training rows or not, as
// scikit-learn's OneHotEncoder(categories=[...])). A code not among a
// column's categories at transform time follows Unknown: UnknownError
// (default, an error wrapping ErrUnknownCategory naming row, column and
// value), UnknownIgnore (all zeros in the block) or UnknownOther (an extra
// indicator "name=(other)"). With Levels, a code of the fit data outside
// 0..L-1 is an error whatever the policy. A code column with more than
// MaxLevels categories is an error wrapping ErrTooManyLevels that names
// it.
//
// On a data frame, FitFrame(d, df, "cyl", "gear") encodes the named
// numeric columns (all of them when Columns is nil) and TransformFrame
// puts each block where its column was.
type Dummies struct {
	// Columns are the indices of the code columns; nil: every column.
	Columns []int
	// Levels, when non-nil, names the codes of each code column:
	// Levels[k][c] is the name of code c of column Columns[k] (one list
	// per entry of Columns, or per column when Columns is nil); a nil
	// list learns that column's codes from the fit data.
	Levels [][]string
	// Unknown is the policy for codes unseen at fit time (default
	// UnknownError).
	Unknown Unknown
	// MaxLevels limits the categories of one column (0:
	// DefaultMaxLevels, negative: no limit).
	MaxLevels int
	// MaxCells bounds the output's size as OneHot.MaxCells does.
	MaxCells int

	fitted
	enc    OneHot
	code   []int // code[j] = index among the code columns, or -1
	names  [][]string
	widthv []int
}

// DummiesOf returns a Dummies for the categorical features of ds (those
// with Levels, featlab.Dataset.IsCategorical), their levels naming the
// codes, and the given policy.
func DummiesOf(ds *featlab.Dataset, policy Unknown) *Dummies {
	d := &Dummies{Unknown: policy, Columns: []int{}}
	if ds == nil {
		return d
	}
	for j := range ds.Names {
		if ds.IsCategorical(j) {
			d.Columns = append(d.Columns, j)
			d.Levels = append(d.Levels, ds.Levels[j])
		}
	}
	return d
}

// Fit learns the categories of the code columns.
func (t *Dummies) Fit(X mat.Matrix) error {
	t.setFitted(0)
	x, err := rawOf(X, 0)
	if err != nil {
		return err
	}
	if err := checkFinite(x); err != nil {
		return err
	}
	cols := t.Columns
	if cols == nil {
		cols = make([]int, x.cols)
		for j := range cols {
			cols[j] = j
		}
	}
	code := make([]int, x.cols)
	for j := range code {
		code[j] = -1
	}
	for k, j := range cols {
		if j < 0 || j >= x.cols {
			return featlab.Errorf(featlab.ErrParam, "transform: Dummies.Columns[%d] = %d outside [0, %d)", k, j, x.cols)
		}
		if code[j] >= 0 {
			return featlab.Errorf(featlab.ErrParam, "transform: Dummies.Columns lists column %d twice", j)
		}
		code[j] = k
	}
	if t.Levels != nil && len(t.Levels) != len(cols) {
		return featlab.Errorf(featlab.ErrShape, "transform: Dummies has Levels for %d columns and %d code columns", len(t.Levels), len(cols))
	}
	// The code columns' categories: given by Levels, or learned.
	cats := make([][]float64, len(cols))
	names := make([][]string, len(cols))
	for k, j := range cols {
		var lv []string
		if t.Levels != nil {
			lv = t.Levels[k]
		}
		if lv != nil {
			if err := checkLevels(len(lv), fmt.Sprintf("column %d", j), "Dummies.MaxLevels", t.MaxLevels); err != nil {
				return err
			}
			seen := map[string]bool{}
			for c, name := range lv {
				if seen[name] {
					return featlab.Errorf(featlab.ErrParam, "transform: Dummies.Levels[%d]: level %q named twice", k, name)
				}
				seen[name] = true
				cats[k] = append(cats[k], float64(c))
			}
			names[k] = append([]string(nil), lv...)
			for i := 0; i < x.rows; i++ {
				v := x.data[i*x.stride+j]
				if v != math.Trunc(v) || v < 0 || v >= float64(len(lv)) {
					return featlab.Errorf(ErrUnknownCategory, "transform: Dummies: code %v at row %d, column %d of the fit data is not one of the %d codes 0..%d of Levels[%d]", v, i, j, len(lv), len(lv)-1, k)
				}
			}
			continue
		}
		cats[k] = distinctSorted(x, j)
		if err := checkLevels(len(cats[k]), fmt.Sprintf("column %d", j), "Dummies.MaxLevels", t.MaxLevels); err != nil {
			return err
		}
	}
	t.enc = OneHot{Unknown: t.Unknown, MaxLevels: -1, who: "Dummies"}
	if err := t.enc.setNumericCategories(cats, featlab.DefaultNames(len(cols)), "Dummies.MaxLevels"); err != nil {
		return err
	}
	for k := range names {
		if names[k] == nil {
			names[k] = t.enc.cats[k]
		}
	}
	w := make([]int, x.cols)
	for j := range w {
		w[j] = 1
		if k := code[j]; k >= 0 {
			w[j] = t.enc.offset[k+1] - t.enc.offset[k]
		}
	}
	out := offsetOf(w, len(w))
	if err := featlab.CheckCells(fmt.Sprintf("transform: Dummies output of the %d fitted rows", x.rows), "Dummies.MaxCells", x.rows, out, t.MaxCells); err != nil {
		return err // still unfitted
	}
	t.code, t.names, t.widthv = code, names, w
	t.setFitted(x.cols)
	return nil
}

// Transform returns X with every code column replaced by its indicators.
func (t *Dummies) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := t.check(X, "Dummies", 0)
	if err != nil {
		return nil, err
	}
	if err := checkFinite(x); err != nil {
		return nil, err
	}
	n := offsetOf(t.widthv, len(t.widthv))
	if err := featlab.CheckCells(fmt.Sprintf("transform: Dummies output of %d rows", x.rows), "Dummies.MaxCells", x.rows, n, t.MaxCells); err != nil {
		return nil, err
	}
	out := mat.NewDense(x.rows, n, nil)
	od := out.RawMatrix()
	for i := 0; i < x.rows; i++ {
		dst := od.Data[i*od.Stride : i*od.Stride+n]
		at := 0
		for j, v := range x.row(i) {
			k := t.code[j]
			if k < 0 {
				dst[at] = v
				at++
				continue
			}
			c, ok := t.enc.code(k, v)
			if !ok {
				if c, ok = t.enc.unknownAt(k); !ok {
					return nil, unknownCategoryErr("Dummies", i, j, strconv.FormatFloat(v, 'g', -1, 64), "", t.enc.cats[k], `set Unknown: UnknownIgnore for all zeros, or UnknownOther for an "other" column`)
				}
			}
			if c >= 0 {
				dst[at+c] = 1
			}
			at += t.widthv[j]
		}
	}
	return out, nil
}

// OutputNames returns the output names: a passed-through column keeps its
// name, a code column's indicators are "name=level" (and "name=(other)"
// under UnknownOther). A nil input means x1, ..., xd.
func (t *Dummies) OutputNames(input []string) ([]string, error) {
	input, err := inputNames(input, t.d, "Dummies.OutputNames")
	if err != nil {
		return nil, err
	}
	var out []string
	for j, name := range input {
		k := t.code[j]
		if k < 0 {
			out = append(out, name)
			continue
		}
		for _, lv := range t.names[k] {
			out = append(out, name+"="+lv)
		}
		if t.enc.unknown == UnknownOther {
			out = append(out, name+"="+OtherLevel)
		}
	}
	return out, nil
}

// Groups returns one group per input column: the block of a code column,
// the single column of another (nil input: x1..xd). See OneHot.Groups.
func (t *Dummies) Groups(input []string) ([]featlab.Group, error) {
	input, err := inputNames(input, t.d, "Dummies.Groups")
	if err != nil {
		return nil, err
	}
	return groupsOf(t.widthv, input), nil
}

// FittedLevels returns the level names of every code column, in Columns order
// (numbers as text when learned); nil before Fit.
func (t *Dummies) FittedLevels() [][]string {
	if t.d == 0 {
		return nil
	}
	out := make([][]string, len(t.names))
	for k, n := range t.names {
		out[k] = append([]string(nil), n...)
	}
	return out
}

func (t *Dummies) widths() []int {
	if t.d == 0 {
		return nil
	}
	return append([]int(nil), t.widthv...)
}
