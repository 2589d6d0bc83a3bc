package sensing

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// callProgress calls a user Progress callback, returning its panic as an
// error wrapping featlab.ErrPanic that names the call.
func callProgress(p featlab.Progress, done, total int) error {
	if err := par.CallProgress(p, done, total); err != nil {
		return featlab.Wrap(err, "sensing: Progress(%d, %d)", done, total)
	}
	return nil
}

// mustFinite panics, for helpers without an error result, with an error
// wrapping featlab.ErrNotFinite that names the argument and the first
// non-finite entry of X.
func mustFinite(fn, arg string, X mat.Matrix) {
	r, c := X.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := X.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				panic(featlab.Errorf(featlab.ErrNotFinite, "sensing: %s: %s[%d, %d] = %v", fn, arg, i, j, v))
			}
		}
	}
}

// argPanic panics with the package's message for a bad argument of a
// helper without an error result (a programmer error).
func argPanic(format string, args ...any) {
	panic("sensing: " + fmt.Sprintf(format, args...))
}

// scaledNorm returns sqrt(sum v_i^2) without overflow or underflow of the
// squares: the plain sum when it is safely inside the float64 range (so
// ordinary data keep their bits), else the sum of (v_i / max|v|)^2.
func scaledNorm(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	if s >= 0x1p-900 && s <= 0x1p900 || s == 0 && allZero(v) {
		return math.Sqrt(s)
	}
	var mx float64
	for _, x := range v {
		mx = math.Max(mx, math.Abs(x))
	}
	if mx == 0 || math.IsInf(mx, 0) || math.IsNaN(mx) {
		return mx
	}
	s = 0
	for _, x := range v {
		x /= mx
		s += x * x
	}
	return mx * math.Sqrt(s)
}

// checkDense refuses, before allocating, a solver that would form dense
// rows x cols matrices over featlab.DefaultMaxCells values (ErrTooLarge).
func checkDense(o *Observations, who string) error {
	return featlab.CheckCells("sensing: "+who+"'s dense rows x cols matrices", "", o.Rows, o.Cols, 0)
}
