// Package matx: placeholder for the lead's shared foundation (RowMajor
// only); replaced by main's version at merge.
package matx

import (
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// RowMajor returns the row-major data of X: a *mat.Dense's own storage (no
// copy; do not write), else a row-major copy.
func RowMajor(X mat.Matrix) blas64.General {
	if rm, ok := X.(mat.RawMatrixer); ok {
		return rm.RawMatrix()
	}
	return mat.DenseCopyOf(X).RawMatrix()
}
