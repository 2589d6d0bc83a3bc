package nb

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// The small matrix helpers below are conveniences for notebook cells, so
// that the chapters on representations (07, 08) and compressed sensing (09)
// do not each carry a copy. They panic on mismatched shapes, as gonum's
// own operations do: a notebook cell stops there.

// MulVec returns A v as a new slice.
func MulVec(A mat.Matrix, v []float64) []float64 {
	var out mat.VecDense
	out.MulVec(A, mat.NewVecDense(len(v), v))
	return out.RawVector().Data
}

// Mul returns the product A B as a new matrix.
func Mul(A, B mat.Matrix) *mat.Dense {
	var P mat.Dense
	P.Mul(A, B)
	return &P
}

// RelErr returns the relative error ||a - b||_2 / ||b||_2 of a against the
// reference b (+Inf when b is zero and a is not, 0 when both are zero).
func RelErr(a, b []float64) float64 {
	var num, den float64
	for i := range a {
		num += (a[i] - b[i]) * (a[i] - b[i])
		den += b[i] * b[i]
	}
	if num == 0 {
		return 0
	}
	return math.Sqrt(num / den)
}

// Frob2 returns ||A - B||_F^2, the squared Frobenius distance.
func Frob2(A, B mat.Matrix) float64 {
	var D mat.Dense
	D.Sub(A, B)
	n := mat.Norm(&D, 2)
	return n * n
}

// RowSlices returns the first n rows of X as slices (copies), the form
// of viz's image grids.
func RowSlices(X mat.Matrix, n int) [][]float64 {
	out := make([][]float64, n)
	for i := range out {
		out[i] = mat.Row(nil, i, X)
	}
	return out
}

// MeanNonzeros returns the mean number of nonzero entries per row of V:
// the sparsity of a matrix of codes.
func MeanNonzeros(V mat.Matrix) float64 {
	r, c := V.Dims()
	n := 0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if V.At(i, j) != 0 {
				n++
			}
		}
	}
	return float64(n) / float64(r)
}
