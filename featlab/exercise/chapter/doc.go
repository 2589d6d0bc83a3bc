// Package chapter holds the checked exercises of the chapter notebooks
// 02 to 11 (the ten chapters, 10-real-data and 11-beyond-the-texts): for
// each, the function type the student writes
// and a constructor of the featlab/exercise Exercise that compares it with
// the library on seeded random cases. Keeping them here keeps the
// notebooks' exercise cells short (the student's stub and one Check call)
// and lets each exercise's hints be tested.
//
// Beyond the generic hints of featlab/exercise (stub, sign, scale, shape,
// transpose, off by one), each exercise names the slips its own objects
// invite: a tie broken the wrong way or a higher score taken for a lower
// one (ForwardStep, BackwardStep), the kept eigenvalues for the discarded
// ones (PCAError), lambda off by a factor 2 (L1Code), whether the atom or
// its codes are wrong (KSVDStep), unnormalised columns (Coherence).
package chapter

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// must panics on err: the references below are called on inputs they
// accept, so an error is a bug in the exercise, which exercise.Check
// reports as such.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// vec formats a vector compactly with %.4g entries.
func vec(v []float64) string {
	s := "["
	for k, x := range v {
		if k > 0 {
			s += " "
		}
		s += fmt.Sprintf("%.4g", x)
	}
	return s + "]"
}

// close reports |a - b| <= tol max(1, |b|).
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// allNear reports whether the entries of A and B agree to tol.
func allNear(A, B mat.Matrix, tol float64) bool {
	ar, ac := A.Dims()
	br, bc := B.Dims()
	if ar != br || ac != bc {
		return false
	}
	for i := 0; i < ar; i++ {
		for j := 0; j < ac; j++ {
			if !near(A.At(i, j), B.At(i, j), tol) {
				return false
			}
		}
	}
	return true
}
