package represent

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// CSR is a matrix in compressed sparse row form, the usual way to store
// the sparse codes of Zhou 11.5 (and a document-term matrix): only the
// nonzero entries are kept, row by row, each with its column, plus where
// each row starts. Row i holds Values[RowStart[i]:RowStart[i+1]] in the
// columns ColIndex[RowStart[i]:RowStart[i+1]], in increasing order.
//
// With nnz nonzeros it takes Bytes() = 8 nnz + 4 nnz + 4 (Rows + 1) bytes
// (float64 values, int32 indices), against 8 Rows Cols for the dense
// matrix; the coordinate form (row, column, value per nonzero) takes
// 16 nnz. A CSR is safe for concurrent use (its methods only read).
type CSR struct {
	Rows, Cols int
	Values     []float64
	ColIndex   []int32
	RowStart   []int32 // Rows + 1 offsets; RowStart[0] = 0
}

// ToCSR returns V in compressed sparse row form (exact zeros are dropped,
// every other value is kept bit for bit). Errors wrap featlab.ErrEmpty
// (nil or empty V), ErrNotFinite (naming the row and column) and
// ErrTooLarge (more columns or nonzeros than an int32 indexes).
func ToCSR(V mat.Matrix) (*CSR, error) {
	if err := featlab.CheckMatrix(V, nil); err != nil {
		return nil, err
	}
	r, c := V.Dims()
	if c > math.MaxInt32 {
		return nil, featlab.Errorf(featlab.ErrTooLarge, "represent: ToCSR: %d columns do not fit int32 indices", c)
	}
	out := &CSR{Rows: r, Cols: c, RowStart: make([]int32, 1, r+1)}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := V.At(i, j); v != 0 {
				out.Values, out.ColIndex = append(out.Values, v), append(out.ColIndex, int32(j))
			}
		}
		if len(out.Values) > math.MaxInt32 {
			return nil, featlab.Errorf(featlab.ErrTooLarge, "represent: ToCSR: more than 2^31-1 nonzeros")
		}
		out.RowStart = append(out.RowStart, int32(len(out.Values)))
	}
	return out, nil
}

// NNZ returns the number of stored (nonzero) entries.
func (s *CSR) NNZ() int { return len(s.Values) }

// Bytes returns the storage of the three arrays: 8 bytes per value, 4 per
// column index and 4 per row offset.
func (s *CSR) Bytes() int { return 8*len(s.Values) + 4*len(s.ColIndex) + 4*len(s.RowStart) }

// Dense returns the matrix written out in full.
func (s *CSR) Dense() *mat.Dense {
	D := mat.NewDense(max(s.Rows, 1), max(s.Cols, 1), nil)
	for i := 0; i < s.Rows; i++ {
		for k := s.RowStart[i]; k < s.RowStart[i+1]; k++ {
			D.Set(i, int(s.ColIndex[k]), s.Values[k])
		}
	}
	return D
}
