package transform

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
)

// CellError reports a bad value in one cell of the data: a NaN or an
// infinity, or a value outside a transformation's domain (log(b + f) with
// b + f <= 0). It wraps Kind (featlab.ErrNotFinite or featlab.ErrParam), so
// errors.Is works, and tells the row and column (0-based) at fault; Name is
// the column's name when known (data frames), else empty.
type CellError struct {
	Kind   error   // the sentinel error wrapped
	Row    int     // 0-based row of the bad value
	Col    int     // 0-based column of the bad value
	Name   string  // name of the column, when known
	Value  float64 // the bad value
	Reason string  // what is wrong with it, e.g. "b + f = -1 <= 0"
}

func (e *CellError) Error() string {
	col := fmt.Sprintf("column %d", e.Col)
	if e.Name != "" {
		col = fmt.Sprintf("column %d (%q)", e.Col, e.Name)
	}
	msg := fmt.Sprintf("featlab: transform: value %v at row %d, %s", e.Value, e.Row, col)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Kind == featlab.ErrNotFinite && math.IsNaN(e.Value) {
		msg += " (" + featlab.MissingHint + ")"
	}
	return msg + ": " + e.Kind.Error()
}

// Unwrap returns Kind.
func (e *CellError) Unwrap() error { return e.Kind }

func notFinite(i, j int, v float64) error {
	return &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Value: v}
}

// finite reports whether v is neither NaN nor an infinity.
func finite(v float64) bool { return v-v == 0 }

// raw is a row-major view of a matrix: row i is data[i*stride : i*stride+c].
type raw struct {
	data       []float64
	stride     int
	rows, cols int
	workers    int // goroutines for passes over row chunks; 0: all cores
}

func (r raw) row(i int) []float64 { return r.data[i*r.stride : i*r.stride+r.cols] }

// rawOf returns a raw view of X (matx.RowMajor: without copying when X is a
// *mat.Dense or any mat.RawMatrixer, else a copy). It checks that X is non-empty.
// workers is the number of goroutines later passes over x may use (0: all
// cores).
func rawOf(X mat.Matrix, workers int) (raw, error) {
	if featlab.IsNil(X) {
		return raw{}, featlab.Errorf(featlab.ErrEmpty, "transform: nil matrix")
	}
	if d, ok := X.(*mat.Dense); ok && d.IsEmpty() {
		return raw{}, featlab.Errorf(featlab.ErrEmpty, "transform: matrix is empty")
	}
	r, c := X.Dims()
	if r == 0 || c == 0 {
		return raw{}, featlab.Errorf(featlab.ErrEmpty, "transform: matrix is %dx%d", r, c)
	}
	g := matx.RowMajor(X)
	return raw{data: g.Data, stride: g.Stride, rows: g.Rows, cols: g.Cols, workers: workers}, nil
}

// checkFinite returns an error naming the first NaN or infinity of x in
// row-major order, or nil.
func checkFinite(x raw) error {
	return forChunks(x.rows, x.cols, x.workers, func(_, lo, hi int) error {
		for i := lo; i < hi; i++ {
			row := x.row(i)
			if finiteRow(row) {
				continue
			}
			for j, v := range row {
				if !finite(v) {
					return notFinite(i, j, v)
				}
			}
		}
		return nil
	})
}

// fitted records the number of columns seen by Fit; d == 0 means not
// fitted. cols holds the names of the data frame columns FitFrame fitted
// on, in order, nil after a Fit on a matrix; TransformFrame uses them.
type fitted struct {
	d int
	FrameMemory
}

// setFitted records a fit on d columns and forgets any frame names.
func (f *fitted) setFitted(d int) { f.d, f.cols = d, nil }

// check returns a raw view of X after checking that the transformer has
// been fitted and that X has the fitted number of columns.
func (f *fitted) check(X mat.Matrix, who string, workers int) (raw, error) {
	if f.d == 0 {
		return raw{}, featlab.Errorf(featlab.ErrNotFitted, "transform: %s: Transform called before Fit", who)
	}
	x, err := rawOf(X, workers)
	if err != nil {
		return raw{}, err
	}
	if x.cols != f.d {
		return raw{}, featlab.Errorf(featlab.ErrShape, "transform: %s was fitted on %d columns, got %d", who, f.d, x.cols)
	}
	return x, nil
}

// chunkRows is the number of rows in one unit of parallel work for rows of
// the given width. It depends on the width only, never on the number of
// cores, so that reductions over chunks add up in the same order (and give
// the same bits) on every machine.
func chunkRows(width int) int {
	const target = 1 << 15 // floats per chunk: 256 KiB
	n := target / max(width, 1)
	return max(n, 16)
}

// forChunks calls fn(k, lo, hi) for the fixed row chunks of [0, m) in
// parallel and returns the error of the lowest chunk that failed, so the
// error names the first bad row, as a serial loop would.
func forChunks(m, width, workers int, fn func(k, lo, hi int) error) error {
	size := chunkRows(width)
	n := (m + size - 1) / size
	if n <= 1 {
		if m == 0 {
			return nil
		}
		return fn(0, 0, m)
	}
	return par.Do(context.Background(), n, workers, nil, func(k int) error {
		lo := k * size
		return fn(k, lo, min(lo+size, m))
	})
}

// copyInPlace reports whether a row map over x should start its output as
// an append-made copy of x and map each row in place (mapRowsChecked,
// normalizeRows): only when x's rows are contiguous and forChunks runs on
// one goroutine. The copy is one serial pass; with several workers the
// map's own parallel writes into a zeroed output are faster (all-cores
// standardize 100000 x 100: 18.9 ms in place against 13.1 ms).
func copyInPlace(x raw) bool {
	return x.stride == x.cols && par.Workers(x.workers, numChunks(x.rows, x.cols)) <= 1
}

// rowMapOutput returns the output of a row map over x and whether the map
// works in place in it: an append-made copy of x when copyInPlace(x),
// otherwise a new zeroed matrix.
func rowMapOutput(x raw) (*mat.Dense, bool) {
	if copyInPlace(x) {
		return mat.NewDense(x.rows, x.cols, append([]float64(nil), x.data[:x.rows*x.cols]...)), true
	}
	return mat.NewDense(x.rows, x.cols, nil), false
}

// numChunks is the number of chunks forChunks uses for m rows.
func numChunks(m, width int) int {
	size := chunkRows(width)
	return (m + size - 1) / size
}

// mapElems returns out[i][j] = fn(j, x[i][j]) for every cell. fn returns a
// non-empty reason when the value is outside the transformation's domain;
// the error (wrapping featlab.ErrParam) then names the cell. NaN and
// infinite inputs, and infinite results, wrap featlab.ErrNotFinite.
func mapElems(x raw, fn func(j int, v float64) (float64, string)) (*mat.Dense, error) {
	out := mat.NewDense(x.rows, x.cols, nil)
	o := out.RawMatrix()
	err := forChunks(x.rows, x.cols, x.workers, func(_, lo, hi int) error {
		for i := lo; i < hi; i++ {
			in := x.row(i)
			dst := o.Data[i*o.Stride : i*o.Stride+x.cols]
			for j, v := range in {
				if !finite(v) {
					return notFinite(i, j, v)
				}
				r, bad := fn(j, v)
				if bad != "" {
					return &CellError{Kind: featlab.ErrParam, Row: i, Col: j, Value: v, Reason: bad}
				}
				if !finite(r) {
					return &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Value: v, Reason: fmt.Sprintf("the result %v overflows float64", r)}
				}
				dst[j] = r
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FitTransform fits t on X and returns t.Transform(X).
func FitTransform(t featlab.Transformer, X mat.Matrix) (*mat.Dense, error) {
	if ft, ok := t.(fitTransformer); ok {
		return ft.fitTransform(X)
	}
	if err := t.Fit(X); err != nil {
		return nil, err
	}
	return t.Transform(X)
}

// fitTransformer is a transformer of this package whose Fit followed by
// Transform on the same X can share a pass over X (the same result, the
// same errors, the same fitted state).
type fitTransformer interface {
	fitTransform(X mat.Matrix) (*mat.Dense, error)
}

// positive checks that a parameter is a finite number > 0, with def used
// for the zero value.
func positive(name string, v, def float64) (float64, error) {
	if v == 0 {
		return def, nil
	}
	if !(v > 0) || math.IsInf(v, 1) {
		return 0, featlab.Errorf(featlab.ErrParam, "transform: %s = %v must be a finite number > 0", name, v)
	}
	return v, nil
}
