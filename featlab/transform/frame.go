package transform

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"sync"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// FitFrame fits t on the named columns of df. With no names it uses every
// numeric (float or int) column, the target included (name the columns to
// leave a numeric target alone), or, when t is a OneHot (or a Pipeline
// starting with one), every string column. Numeric transformers need
// float, int or bool columns (bool as 0/1); a string column is an error
// wrapping featlab.ErrNonNumeric. A missing value is an error naming its
// row and column.
//
// The transformers of this package remember the names of the columns they
// were fitted on (a later Fit on a matrix forgets them), and TransformFrame
// finds those columns by name, whatever their order in the frame.
func FitFrame(t featlab.Transformer, df dataframe.DataFrame, cols ...string) error {
	df = stripBOM(df)
	cols, err := frameColumns(t, df, cols, false)
	if err != nil {
		return err
	}
	if r, ok := t.(recordsTransformer); ok && r.usesRecords() {
		recs, na := frameRecords(df, cols)
		if err := r.fitRecords(recs, na, cols); err != nil {
			return err
		}
	} else {
		X, err := frameMatrixOf(t, df, cols)
		if err != nil {
			return err
		}
		if err := nameCell(t.Fit(X), t, cols); err != nil {
			return err
		}
	}
	setFrameCols(t, cols)
	return nil
}

// outside holds the FitFrame columns of transformers that are not
// FrameColumners (a user's own), which have no place of their own for
// them. Keys are the transformers themselves (pointers), so an entry lives
// as long as the program: a few names per transformer fitted on a frame;
// such a transformer keeps the columns of its last FitFrame even when
// refitted on a matrix (embed FrameMemory to forget them).
var outside struct {
	sync.Mutex
	cols map[featlab.Transformer][]string
}

// setFrameCols records the columns t was fitted on with FitFrame.
func setFrameCols(t featlab.Transformer, cols []string) {
	if fn, ok := t.(FrameColumner); ok {
		fn.SetFrameColumns(cols)
		return
	}
	if ty := reflect.TypeOf(t); ty.Kind() != reflect.Pointer || !ty.Comparable() {
		return // a value cannot keep fitted state anyway
	}
	outside.Lock()
	defer outside.Unlock()
	if outside.cols == nil {
		outside.cols = map[featlab.Transformer][]string{}
	}
	outside.cols[t] = append([]string(nil), cols...)
}

// fittedFrameCols returns the columns t was fitted on with FitFrame, or
// nil.
func fittedFrameCols(t featlab.Transformer) []string {
	if fn, ok := t.(FrameColumner); ok {
		return fn.FrameColumns()
	}
	if ty := reflect.TypeOf(t); ty.Kind() != reflect.Pointer || !ty.Comparable() {
		return nil
	}
	outside.Lock()
	defer outside.Unlock()
	return outside.cols[t]
}

// FrameColumner is implemented by transformers that remember the data frame
// columns FitFrame fitted them on, so that TransformFrame and ApplyFrame
// find those columns by name in later frames (in any order, an error naming
// a missing one) instead of taking them by position. Every transformer of
// this package is one; a transformer of another package becomes one by
// embedding FrameMemory.
type FrameColumner interface {
	FrameColumns() []string
	SetFrameColumns([]string)
}

// FrameMemory implements FrameColumner. Embed it in a transformer, and have
// the transformer's Fit on a matrix call SetFrameColumns(nil), so that a
// refit on a plain matrix forgets the names of an earlier FitFrame.
type FrameMemory struct {
	cols []string
}

// FrameColumns returns the frame columns of the last FitFrame, or nil.
func (f *FrameMemory) FrameColumns() []string { return f.cols }

// SetFrameColumns records the frame columns FitFrame fitted on (nil
// forgets them).
func (f *FrameMemory) SetFrameColumns(cols []string) {
	if cols == nil {
		f.cols = nil
		return
	}
	f.cols = append([]string(nil), cols...)
}

// TransformFrame transforms the named columns of df with the fitted t and
// returns a new frame. Columns not named pass through unchanged, in place;
// transformed columns are float columns.
// When t maps each column to one output (scalings, clipping, log, ...),
// each output replaces its column under the same name; when t maps each
// column to a block (one-hot), the block replaces the column, named by
// t's OutputNames ("color=green"); otherwise (polynomial features) all
// outputs take the place of the first named column.
//
// Columns are matched by name, never by position. A transformer of this
// package fitted with FitFrame transforms the columns it was fitted on,
// found by name in df in whatever order they come: cols may be omitted,
// or must name the same columns (in any order; other names are an error
// wrapping featlab.ErrShape), and a fitted column missing from df is an
// error wrapping featlab.ErrMissing that names it. A transformer fitted on
// a matrix (or one from outside this package) takes the columns named by
// cols, or by default every numeric column in frame order, as FitFrame
// does. An output name that collides with a passed-through column is an
// error wrapping featlab.ErrShape.
func TransformFrame(t featlab.Transformer, df dataframe.DataFrame, cols ...string) (dataframe.DataFrame, error) {
	df = stripBOM(df)
	cols, err := frameColumns(t, df, cols, true)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	var out *mat.Dense
	if r, ok := t.(recordsTransformer); ok && r.usesRecords() {
		recs, na := frameRecords(df, cols)
		out, err = r.transformRecords(recs, na, cols)
	} else {
		var X *mat.Dense
		if X, err = frameMatrixOf(t, df, cols); err != nil {
			return dataframe.DataFrame{}, err
		}
		out, err = t.Transform(X)
		err = nameCell(err, t, cols)
	}
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return assemble(t, df, cols, out)
}

// ApplyFrame fits t on the named columns of df and transforms them: the
// fit-and-transform step for training data. Use TransformFrame with the
// same t for validation and test frames.
func ApplyFrame(t featlab.Transformer, df dataframe.DataFrame, cols ...string) (dataframe.DataFrame, error) {
	if err := FitFrame(t, df, cols...); err != nil {
		return dataframe.DataFrame{}, err
	}
	return TransformFrame(t, df, cols...)
}

// nameCell fills in the column name of a *CellError about an input column.
func nameCell(err error, t featlab.Transformer, cols []string) error {
	var ce *CellError
	if err == nil || !errors.As(err, &ce) {
		return err
	}
	if _, ok := t.(*Pipeline); ok {
		return err // the column may be an intermediate one
	}
	if ce.Col >= 0 && ce.Col < len(cols) && ce.Name == "" {
		ce.Name = cols[ce.Col]
	}
	return err
}

func isNumeric(s series.Series) bool {
	switch s.Type() {
	case series.Float, series.Int, series.Bool:
		return true
	}
	return false
}

// frameColumns checks the frame and the names, or picks the default
// columns. With useFitted, the columns a transformer was fitted on with
// FitFrame take precedence (see TransformFrame).
func frameColumns(t featlab.Transformer, df dataframe.DataFrame, cols []string, useFitted bool) ([]string, error) {
	if featlab.IsNilValue(t) {
		return nil, featlab.Errorf(featlab.ErrParam, "transform: nil transformer")
	}
	if df.Err != nil {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: data frame carries an error: %v", df.Err)
	}
	if df.Nrow() == 0 || df.Ncol() == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "transform: data frame is %dx%d", df.Nrow(), df.Ncol())
	}
	names := df.Names()
	if fc := fittedFrameCols(t); useFitted && fc != nil {
		if len(cols) > 0 && !sameSet(cols, fc) {
			return nil, featlab.Errorf(featlab.ErrShape, "transform: %T was fitted on the columns %q, asked to transform %q", t, fc, cols)
		}
		cols = fc
	}
	if len(cols) == 0 {
		text := false
		if r, ok := t.(recordsTransformer); ok && r.usesRecords() {
			text = true
		}
		for _, n := range names {
			s := df.Col(n)
			if text && s.Type() == series.String {
				// By default a column of numbers with a bad cell (read
				// as text by gota) is an error, not categories; name it
				// to encode it anyway.
				if _, numeric, err := featlab.NumericText(s.Records(), n); numeric && err != nil {
					return nil, fmt.Errorf("transform: %w (not encoded as categories by default: fix the cell, or name the column to encode it)", err)
				}
			}
			if (text && s.Type() == series.String) || (!text && (s.Type() == series.Float || s.Type() == series.Int)) {
				cols = append(cols, n)
			}
		}
		if len(cols) == 0 {
			kind := "numeric (float or int)"
			if text {
				kind = "string"
			}
			return nil, featlab.Errorf(featlab.ErrEmpty, "transform: data frame has no %s column to transform (columns: %s)", kind, strings.Join(names, ", "))
		}
		return cols, nil
	}
	have := make(map[string]bool, len(names))
	for _, n := range names {
		have[n] = true
	}
	seen := make(map[string]bool, len(cols))
	for _, c := range cols {
		if !have[c] {
			return nil, featlab.Errorf(featlab.ErrMissing, "transform: no column %q in data frame (columns: %s)", c, strings.Join(names, ", "))
		}
		if seen[c] {
			return nil, featlab.Errorf(featlab.ErrParam, "transform: column %q named twice", c)
		}
		seen[c] = true
	}
	return append([]string(nil), cols...), nil
}

// sameSet reports whether a and b hold the same names (b has no repeats).
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := make(map[string]bool, len(b))
	for _, n := range b {
		in[n] = true
	}
	for _, n := range a {
		if !in[n] {
			return false
		}
		delete(in, n)
	}
	return true
}

// frameMatrix converts the named columns to a matrix.
func frameMatrix(df dataframe.DataFrame, cols []string) (*mat.Dense, error) {
	m := df.Nrow()
	X := mat.NewDense(m, len(cols), nil)
	raw := X.RawMatrix()
	for j, c := range cols {
		s := df.Col(c)
		if !isNumeric(s) {
			return nil, featlab.Errorf(featlab.ErrNonNumeric,
				"transform: column %q has type %v; encode text columns with OneHot", c, s.Type())
		}
		for i := 0; i < m; i++ {
			e := s.Elem(i)
			if e.IsNA() {
				return nil, &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Name: c, Value: math.NaN(), Reason: "missing value"}
			}
			v := e.Float()
			if !finite(v) {
				return nil, &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Name: c, Value: v}
			}
			raw.Data[i*raw.Stride+j] = v
		}
	}
	return X, nil
}

// frameRecords returns the text of the named columns and their missing
// value marks.
func frameRecords(df dataframe.DataFrame, cols []string) ([][]string, [][]bool) {
	recs := make([][]string, len(cols))
	na := make([][]bool, len(cols))
	for j, c := range cols {
		s := df.Col(c)
		recs[j] = s.Records()
		na[j] = make([]bool, len(recs[j]))
		for i := range na[j] {
			na[j][i] = s.Elem(i).IsNA()
		}
	}
	return recs, na
}

// assemble builds the output frame: passed-through columns in place and
// the transformed ones where their inputs were.
func assemble(t featlab.Transformer, df dataframe.DataFrame, cols []string, out *mat.Dense) (dataframe.DataFrame, error) {
	m, n := out.Dims()
	outNames := cols
	if nm, ok := t.(featlab.Namer); ok {
		var err error
		if outNames, err = nm.OutputNames(cols); err != nil {
			return dataframe.DataFrame{}, err
		}
	}
	if len(outNames) != n {
		return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrShape, "transform: %T gave %d columns but %d names", t, n, len(outNames))
	}
	// group[j] = the output columns [lo, hi) that replace input column j;
	// nil groups mean "all outputs at the first input".
	var widths []int
	if n == len(cols) && !isBlock(t) {
		widths = make([]int, len(cols))
		for j := range widths {
			widths[j] = 1
		}
	} else {
		if w, ok := t.(interface{ widths() []int }); ok {
			widths = w.widths()
			if len(widths) != len(cols) || offsetOf(widths, len(widths)) != n {
				widths = nil
			}
		}
	}
	colOf := func(k int) series.Series {
		v := make([]float64, m)
		mat.Col(v, k, out)
		return series.New(v, series.Float, outNames[k])
	}
	chosen := make(map[string]int, len(cols))
	for j, c := range cols {
		chosen[c] = j
	}
	var ss []series.Series
	used := map[string]bool{}
	addSeries := func(s series.Series) error {
		if used[s.Name] {
			return featlab.Errorf(featlab.ErrShape, "transform: output column name %q is used twice", s.Name)
		}
		used[s.Name] = true
		ss = append(ss, s)
		return nil
	}
	emittedBlock := false
	for _, name := range df.Names() {
		j, ok := chosen[name]
		if !ok {
			if err := addSeries(df.Col(name).Copy()); err != nil {
				return dataframe.DataFrame{}, err
			}
			continue
		}
		if widths != nil {
			lo := offsetOf(widths, j)
			for k := lo; k < lo+widths[j]; k++ {
				if err := addSeries(colOf(k)); err != nil {
					return dataframe.DataFrame{}, err
				}
			}
			continue
		}
		if emittedBlock {
			continue
		}
		emittedBlock = true
		for k := 0; k < n; k++ {
			if err := addSeries(colOf(k)); err != nil {
				return dataframe.DataFrame{}, err
			}
		}
	}
	if len(ss) == 0 {
		return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrEmpty, "transform: the output frame has no columns")
	}
	res := dataframe.New(ss...)
	if res.Err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("transform: building the output frame: %w", res.Err)
	}
	return res, nil
}

// isBlock reports whether t maps columns to blocks or mixes them (so that
// an equal column count is a coincidence, not a one-to-one map).
func isBlock(t featlab.Transformer) bool {
	_, ok := t.(featlab.Namer)
	return ok
}

func offsetOf(widths []int, j int) int {
	s := 0
	for _, w := range widths[:j] {
		s += w
	}
	return s
}

// stripBOM is featlab.StripFrameBOM.
func stripBOM(df dataframe.DataFrame) dataframe.DataFrame { return featlab.StripFrameBOM(df) }
