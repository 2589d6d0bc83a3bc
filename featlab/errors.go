package featlab

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Sentinel errors. Every error that user data or parameters can cause wraps
// one of these, so callers can test the kind with errors.Is while the message
// names the exact row, column, feature or parameter at fault.
var (
	// ErrShape: dimensions that do not agree (X and y lengths, column counts
	// at fit and transform time, names and columns).
	ErrShape = errors.New("shape mismatch")
	// ErrNotFinite: a NaN or an infinity in the data. Reading a data
	// frame or a CSV file (FromDataFrame and its variants, the datasets
	// readers, transform.OneHotDataset), a cell of a numeric column is
	// ErrNotFinite when it is missing or not a finite number: a missing-
	// value marker (an empty cell, "NA", "NaN", "null", "none", any case,
	// gota's NA, or a cell a reading policy declares missing), an
	// infinity ("Inf", "-Infinity") or a number beyond the float64 range
	// ("1e400"). See ErrNonNumeric for text.
	ErrNotFinite = errors.New("NaN or Inf in data")
	// ErrConstant: a feature or target with a single value where variation
	// is required.
	ErrConstant = errors.New("constant values")
	// ErrEmpty: no rows or no columns.
	ErrEmpty = errors.New("empty data")
	// ErrParam: a parameter outside its documented range (negative lambda,
	// k outside [1, d], alpha outside [0, 1], ...). An argument that
	// configures the call (a config field, folds or splits, a list of
	// names or indices, a size) wraps ErrParam even when the trouble is
	// that it is empty or nil; it may wrap ErrEmpty as well. ErrEmpty
	// alone is for data: X, y, a frame.
	ErrParam = errors.New("invalid parameter")
	// ErrNonNumeric: a string (or otherwise non-numeric) column where
	// numbers are required, or text in a column of numbers: a cell that
	// is neither a number nor a missing-value marker ("?", "6..1",
	// "abc"). A text column is a column of numbers when more than half of
	// its cells that are not missing-value markers parse as numbers
	// (NumericText); gota reads such a column with one bad cell as text.
	//
	// The rule for one bad cell is the same for a feature and for the
	// target (a target read as numbers, not as class labels): text is
	// ErrNonNumeric, a missing marker, an infinity or an overflow is
	// ErrNotFinite; the error names the column, the row (from 0) and the
	// cell. A missing target column (ErrMissing) is reported before any
	// bad cell.
	ErrNonNumeric = errors.New("non-numeric column")
	// ErrMissing: a named column or target that does not exist.
	ErrMissing = errors.New("missing column")
	// ErrNotFitted: Transform or Predict called before Fit.
	ErrNotFitted = errors.New("not fitted")
	// ErrLabels: class labels that are not what a classification method
	// needs (non-integer, a single class, ...).
	ErrLabels = errors.New("invalid class labels")
	// ErrNotConverged: an iterative method stopped at its iteration limit.
	// Solvers report this in their result as well; it is returned only
	// where a caller asked for convergence to be enforced.
	ErrNotConverged = errors.New("did not converge")
	// ErrPanic: user code called by the library (a Learner, Predictor,
	// Selector, evaluator or Progress callback) panicked. The error names
	// the piece of work (fold, round, subset) and carries the panic value.
	ErrPanic = errors.New("user code panicked")
)

// Errorf returns an error that wraps the sentinel kind with a formatted
// context message, as "featlab: <context>: <kind>".
func Errorf(kind error, format string, args ...any) error {
	return fmt.Errorf("featlab: %s: %w", fmt.Sprintf(format, args...), kind)
}

// Wrap returns an error that adds context to err, reading
// "featlab: <context>: <err's message>" with err's own leading "featlab: "
// dropped, so that a message names the library once however deep the call
// that failed. errors.Is and errors.As see through it to err.
func Wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	inner := strings.TrimPrefix(err.Error(), "featlab: ")
	return &wrapped{msg: "featlab: " + fmt.Sprintf(format, args...) + ": " + inner, err: err}
}

type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }

// colName returns names[j] when available, otherwise "column j".
func colName(names []string, j int) string {
	if j < len(names) && names[j] != "" {
		return fmt.Sprintf("column %d (%q)", j, names[j])
	}
	return fmt.Sprintf("column %d", j)
}

// CheckMatrix returns an error if X has no rows or columns or holds a NaN or
// an infinity. The error names the first offending row and column (using
// names when given). Rows and columns are counted from 0.
func CheckMatrix(X mat.Matrix, names []string) error {
	return checkMatrix(X, names, false)
}

// CheckMatrixMissing is CheckMatrix for data that may hold missing cells:
// a NaN is allowed (it marks a missing cell for a later imputer to fill),
// an infinity is still an error wrapping ErrNotFinite.
func CheckMatrixMissing(X mat.Matrix, names []string) error {
	return checkMatrix(X, names, true)
}

func checkMatrix(X mat.Matrix, names []string, allowNaN bool) error {
	if IsNil(X) {
		return Errorf(ErrEmpty, "nil matrix")
	}
	r, c := X.Dims()
	if r == 0 || c == 0 {
		return Errorf(ErrEmpty, "matrix is %dx%d", r, c)
	}
	if names != nil && len(names) != c {
		return Errorf(ErrShape, "%d feature names for %d columns", len(names), c)
	}
	bad := func(v float64) bool { return math.IsInf(v, 0) || (!allowNaN && math.IsNaN(v)) }
	if d, ok := X.(mat.RawMatrixer); ok {
		raw := d.RawMatrix()
		for i := 0; i < r; i++ {
			row := raw.Data[i*raw.Stride : i*raw.Stride+c]
			for j, v := range row {
				if bad(v) {
					return NotFiniteCell(v, i, colName(names, j))
				}
			}
		}
		return nil
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := X.At(i, j); bad(v) {
				return NotFiniteCell(v, i, colName(names, j))
			}
		}
	}
	return nil
}

// IsNil reports whether X is nil or a nil pointer in the interface (a nil
// *mat.Dense passed as a mat.Matrix), on which Dims would panic. Entry
// points test it before anything else touches X.
func IsNil(X mat.Matrix) bool {
	if X == nil {
		return true
	}
	v := reflect.ValueOf(X)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// IsNilValue reports whether v is nil or holds a typed nil: a nil pointer,
// func, map, slice, channel or interface stored in an interface value, such
// as a Learner that returned a nil *Model as its Predictor.
func IsNilValue(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// CheckVector returns an error if v is empty or holds a NaN or an infinity;
// what names the vector in the message (for example "target").
func CheckVector(v []float64, what string) error {
	if len(v) == 0 {
		return Errorf(ErrEmpty, "%s is empty", what)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Errorf(ErrNotFinite, "%s has %v at row %d", what, x, i)
		}
	}
	return nil
}

// CheckXY validates a design matrix and its target together: both finite and
// non-empty, and one target value per row. It returns the dimensions m
// (examples) and d (features).
func CheckXY(X mat.Matrix, y []float64, names []string) (m, d int, err error) {
	if err := CheckMatrix(X, names); err != nil {
		return 0, 0, err
	}
	m, d = X.Dims()
	if len(y) != m {
		return 0, 0, Errorf(ErrShape, "X has %d rows but y has %d values", m, len(y))
	}
	if err := CheckVector(y, "target"); err != nil {
		return 0, 0, err
	}
	return m, d, nil
}

// ClassLabels checks that y holds class labels: finite whole numbers. It
// returns the sorted distinct labels. At least minClasses distinct labels
// are required.
func ClassLabels(y []float64, minClasses int) ([]int, error) {
	if err := CheckVector(y, "target"); err != nil {
		return nil, err
	}
	seen := map[int]bool{}
	for i, v := range y {
		if v != math.Trunc(v) || math.Abs(v) > 1<<30 {
			return nil, Errorf(ErrLabels, "target value %v at row %d is not an integer class label", v, i)
		}
		seen[int(v)] = true
	}
	labels := make([]int, 0, len(seen))
	for l := range seen {
		labels = append(labels, l)
	}
	sortInts(labels)
	if len(labels) < minClasses {
		return nil, Errorf(ErrLabels, "target has %d distinct class(es), need at least %d", len(labels), minClasses)
	}
	return labels, nil
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
