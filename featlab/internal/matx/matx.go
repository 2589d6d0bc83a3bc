// Package matx holds the matrix plumbing every featlab package needs: the
// raw row-major view of any mat.Matrix and copies of chosen rows or
// columns. It is the one place these live (DESIGN.md, shared machinery).
//
// Indices are the caller's responsibility: the library validates them at
// its public edge, so an index out of range here is a programmer error and
// panics with a message naming the index and the length.
package matx

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// RowMajor returns the row-major storage of X. For a *mat.Dense (or any
// mat.RawMatrixer) that is its own storage, shared and not copied: callers
// must not write to it. Any other matrix (a transpose, a view type) is
// copied into fresh row-major storage with Stride == Cols.
func RowMajor(X mat.Matrix) blas64.General {
	if rm, ok := X.(mat.RawMatrixer); ok {
		return rm.RawMatrix()
	}
	r, c := X.Dims()
	out := blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
	if t, ok := X.(mat.Transpose); ok {
		if rm, ok := t.Matrix.(mat.RawMatrixer); ok {
			src := rm.RawMatrix()
			for j := 0; j < src.Rows; j++ {
				row := src.Data[j*src.Stride : j*src.Stride+src.Cols]
				for i, v := range row {
					out.Data[i*c+j] = v
				}
			}
			return out
		}
	}
	for i := 0; i < r; i++ {
		row := out.Data[i*c : (i+1)*c]
		for j := range row {
			row[j] = X.At(i, j)
		}
	}
	return out
}

// Row returns row i of a row-major view, sharing its storage.
func Row(g blas64.General, i int) []float64 {
	return g.Data[i*g.Stride : i*g.Stride+g.Cols]
}

// Rows returns a copy of the given rows of X, in the given order (repeats
// allowed, as for bootstrap samples). No rows gives an empty *mat.Dense.
func Rows(X mat.Matrix, idx []int) *mat.Dense {
	src := RowMajor(X)
	if len(idx) == 0 || src.Cols == 0 {
		return &mat.Dense{}
	}
	c := src.Cols
	data := make([]float64, len(idx)*c)
	for k, i := range idx {
		check(i, src.Rows, "row")
		copy(data[k*c:(k+1)*c], src.Data[i*src.Stride:i*src.Stride+c])
	}
	return mat.NewDense(len(idx), c, data)
}

// Cols returns a copy of the given columns of X, in the given order. No
// columns gives an empty *mat.Dense.
func Cols(X mat.Matrix, idx []int) *mat.Dense {
	src := RowMajor(X)
	if len(idx) == 0 || src.Rows == 0 {
		return &mat.Dense{}
	}
	for _, j := range idx {
		check(j, src.Cols, "column")
	}
	n := len(idx)
	data := make([]float64, src.Rows*n)
	for i := 0; i < src.Rows; i++ {
		in := src.Data[i*src.Stride : i*src.Stride+src.Cols]
		out := data[i*n : (i+1)*n]
		for k, j := range idx {
			out[k] = in[j]
		}
	}
	return mat.NewDense(src.Rows, n, data)
}

// Take returns y[idx[0]], y[idx[1]], ... as a new slice.
func Take(y []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for k, i := range idx {
		check(i, len(y), "index")
		out[k] = y[i]
	}
	return out
}

func check(i, n int, what string) {
	if i < 0 || i >= n {
		panic(fmt.Sprintf("matx: %s %d out of range [0, %d)", what, i, n))
	}
}

// copyLookElems is about how many entries CopyContext copies between two
// looks at its context (a few milliseconds of work).
const copyLookElems = 1 << 20

// CopyContext returns a copy of X as a new *mat.Dense, looking at ctx
// before the first row and then every copyLookElems entries: a copy of
// tens of megabytes took most of a second on a loaded machine (page
// faults of the fresh storage). Cancelled, it returns nil and ctx.Err().
func CopyContext(ctx context.Context, X mat.Matrix) (*mat.Dense, error) {
	src := RowMajor(X)
	out := mat.NewDense(src.Rows, src.Cols, nil)
	every := max(1, copyLookElems/max(1, src.Cols))
	for i := 0; i < src.Rows; i++ {
		if i%every == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		copy(out.RawRowView(i), Row(src, i))
	}
	return out, nil
}

// makeFloats allocates (a variable so that a test can stall it).
var makeFloats = func(n int) []float64 { return make([]float64, n) }

// makeAsync is the length from which MakeContext allocates in a goroutine
// of its own.
const makeAsync = 1 << 20

// MakeContext returns make([]float64, n), or ctx.Err() as soon as ctx is
// done while a large allocation (2^20 values or more) is under way: on a
// loaded machine one allocation of hundreds of megabytes waited seconds
// behind the garbage collector with nothing able to look at the context.
// An abandoned allocation finishes in its goroutine and is collected.
func MakeContext(ctx context.Context, n int) ([]float64, error) {
	if n < makeAsync {
		return make([]float64, n), nil
	}
	ch := make(chan []float64, 1)
	go func() { ch <- makeFloats(n) }()
	select {
	case s := <-ch:
		return s, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
