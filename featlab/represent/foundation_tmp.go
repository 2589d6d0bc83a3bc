package represent

// Temporary stand-ins for the shared foundation (featlab.Convergence,
// matx.RowMajor) until main has it; replaced at the merge.

import (
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Convergence records how an iterative fit stopped.
type Convergence struct {
	Iterations int
	Converged  bool
	Gap        float64
	Tol        float64
}

func rowMajor(X mat.Matrix) blas64.General {
	if d, ok := X.(*mat.Dense); ok {
		return d.RawMatrix()
	}
	return mat.DenseCopyOf(X).RawMatrix()
}
