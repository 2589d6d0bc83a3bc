package chapter

import (
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/transform"
)

// Notebook 06 (transformations).

// column fits t on the one-column matrix of f and returns the result.
func column(t interface {
	Fit(mat.Matrix) error
	Transform(mat.Matrix) (*mat.Dense, error)
}, f []float64) []float64 {
	return mat.Col(nil, 0, must(transform.FitTransform(t, columnMatrix(f))))
}

// Standardize checks (f_i - mean)/sqrt(v), v = (1/m) sum (f_i - mean)^2
// and 0 for a constant feature, against transform.Standardize; some cases
// are constant, and the hint names 1/(m-1) when the numbers show it.
func Standardize() exercise.Exercise[func([]float64) []float64] {
	ex := exercise.VecToVec("standardization with the 1/m variance",
		func(f []float64) []float64 { return column(&transform.Standardize{}, f) },
		func(r *rand.Rand, i int) []float64 {
			n := exercise.Size(i, 2, 30)
			if i%5 == 4 { // a constant feature
				return slices.Repeat([]float64{3.5}, n)
			}
			f := exercise.Normal(r, n)
			for k := range f {
				f[k] = 10 + 4*f[k]
			}
			return f
		})
	ex.Hint = exercise.SizeHint(0)
	return ex
}

// Clip checks sign(f_i) min(b, |f_i|) against transform.Clip; the hint
// names the book's misprint sign(f) max(b, |f|) when the output is that.
func Clip() exercise.Exercise[func([]float64, float64) []float64] {
	ex := exercise.VecScalarToVec("clipping sign(f) min(b, |f|)",
		func(f []float64, b float64) []float64 { return column(&transform.Clip{B: b}, f) },
		func(r *rand.Rand, i int) ([]float64, float64) {
			f := exercise.Normal(r, exercise.Size(i, 1, 30))
			floats.Scale(3, f)
			return f, 0.2 + 2*r.Float64()
		})
	ex.Hint = func(args []any, want, got any) string {
		f, b := args[0].([]float64), args[1].(float64)
		if exercise.Close(column(&transform.Clip{B: b, Mode: transform.ClipSmall}, f), got, 1e-9) {
			return "this is sign(f) max(b, |f|), the misprint of the book's list " +
				"(it never makes a value smaller): clipping uses min"
		}
		return ""
	}
	return ex
}

// OneHot checks the m x k indicator matrix 1[v_i = c_l] of one
// categorical feature, its distinct values c_1 < ... < c_k in increasing
// order, against transform.OneHot (some cases have codes not 0..k-1).
func OneHot() exercise.Exercise[func([]float64) *mat.Dense] {
	return exercise.Func("one-hot encoding of one feature", func(v []float64) *mat.Dense {
		X := mat.NewDense(len(v), 1, slices.Clone(v))
		return must(transform.FitTransform(&transform.OneHot{}, X))
	}, []string{"v"}, func(r *rand.Rand, i int) []any {
		v := exercise.Labels(r, exercise.Size(i, 1, 12), exercise.Size(i, 1, 4))
		if i%3 == 2 { // codes that are not 0..k-1
			for k := range v {
				v[k] = 3.5 * (v[k] + 1)
			}
		}
		return []any{v}
	})
}

// RowNormalize checks x_i/||x_i||_2 row by row (a zero row stays zero;
// some cases have one) against transform.RowNormalize.
func RowNormalize() exercise.Exercise[func(*mat.Dense) *mat.Dense] {
	ref := func(X *mat.Dense) *mat.Dense {
		return must(transform.FitTransform(&transform.RowNormalize{Norm: transform.L2}, X))
	}
	return exercise.MatToMat("l2 row normalization", ref, func(r *rand.Rand, i int) *mat.Dense {
		X := exercise.NormalMatrix(r, exercise.Size(i, 1, 8), exercise.Size(i, 1, 5))
		if i%4 == 3 { // a zero row
			X.SetRow(0, make([]float64, X.RawMatrix().Cols))
		}
		return X
	})
}
