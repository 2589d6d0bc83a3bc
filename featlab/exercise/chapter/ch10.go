package chapter

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
)

// ColumnFunc maps the values of one feature to a column of the same length.
type ColumnFunc = func(f []float64) []float64

// OneHotFunc returns the indicators of the test codes for the categories
// of the training codes.
type OneHotFunc = func(train, test []float64) *mat.Dense

// SoftmaxFunc returns the m x K class probabilities of rows X under
// coefficients B (d x K) and intercepts b (K).
type SoftmaxFunc = func(X, B *mat.Dense, b []float64) *mat.Dense

// columnMatrix returns f as a one-column matrix (a copy).
func columnMatrix(f []float64) *mat.Dense { return mat.NewDense(len(f), 1, slices.Clone(f)) }

// withHoles returns n values uniform on [0, 10), each NaN with
// probability 0.3 except the first (so never all NaN).
func withHoles(r *rand.Rand, n int) []float64 {
	f := exercise.Uniform(r, n, 0, 10)
	for k := 1; k < n; k++ {
		if r.Float64() < 0.3 {
			f[k] = math.NaN()
		}
	}
	return f
}

// MeanImpute checks mean imputation of one column: every NaN of f
// replaced by the mean of the observed values, (1/|O|) sum_{i in O} f_i
// with O the indices of the non-NaN values (transform.Imputer's default),
// on 25 seeded columns with holes. Its hint recognises a fill that
// divides the observed sum by all the values, holes included.
func MeanImpute() exercise.Exercise[ColumnFunc] {
	ref := func(f []float64) []float64 {
		return mat.Col(nil, 0, must(transform.FitTransform(&transform.Imputer{}, columnMatrix(f))))
	}
	ex := exercise.VecToVec("mean imputation of one column", ref,
		func(r *rand.Rand, i int) []float64 { return withHoles(r, exercise.Size(i, 2, 20)) })
	ex.Hint = func(args []any, want, got any) string {
		f, w, g := args[0].([]float64), want.([]float64), got.([]float64)
		k := slices.IndexFunc(f, math.IsNaN)
		share := float64(len(slices.DeleteFunc(slices.Clone(f), math.IsNaN))) / float64(len(f))
		if k >= 0 && len(g) == len(f) && math.Abs(g[k]-w[k]*share) < 1e-9 {
			return "the fill divides the observed sum by all values, holes included"
		}
		return ""
	}
	return ex
}

// MissingIndicator checks the indicator column 1[f_i is NaN] that
// transform.Imputer{Indicator: true} appends, on 25 seeded columns with
// at least one hole. Its hint recognises an all-zero answer, the result
// of testing x == math.NaN() (always false).
func MissingIndicator() exercise.Exercise[ColumnFunc] {
	ref := func(f []float64) []float64 {
		out := must(transform.FitTransform(&transform.Imputer{Indicator: true}, columnMatrix(f)))
		return mat.Col(nil, 1, out)
	}
	ex := exercise.VecToVec("missing indicator", ref, func(r *rand.Rand, i int) []float64 {
		f := withHoles(r, exercise.Size(i, 2, 20))
		f[len(f)-1] = math.NaN() // at least one hole
		return f
	})
	ex.Hint = func(args []any, want, got any) string {
		if floats.Sum(got.([]float64)) == 0 {
			return "no 1 at all: x == math.NaN() is always false; test with math.IsNaN(x)"
		}
		return ""
	}
	return ex
}

// OneHotOther checks one-hot encoding with an "(other)" column
// (transform.Dummies{Unknown: transform.UnknownOther} fitted on train):
// one column per distinct training code c_1 < ... < c_k, then one for a
// test code never seen in training. The cases draw up to 4 codes for
// training and one more for testing, so unseen codes occur.
func OneHotOther() exercise.Exercise[OneHotFunc] {
	ref := func(train, test []float64) *mat.Dense {
		d := &transform.Dummies{Unknown: transform.UnknownOther}
		if err := d.Fit(columnMatrix(train)); err != nil {
			panic(err)
		}
		return must(d.Transform(columnMatrix(test)))
	}
	return exercise.Func("one-hot with an (other) column", ref,
		[]string{"train", "test"}, func(r *rand.Rand, i int) []any {
			k := exercise.Size(i, 2, 4)
			train := exercise.Labels(r, exercise.Size(i, 1, 10), k)
			return []any{train, exercise.Labels(r, exercise.Size(i, 1, 6), k+1)}
		})
}

// Softmax checks the class probabilities p_ik = exp(z_ik) / sum_l
// exp(z_il), z = X B + b, against linear.MultinomialResult.PredictProba.
// Every third case has scores in the hundreds, where exp overflows unless
// each row's largest score is subtracted first; the hint says so when
// the answer holds a NaN.
func Softmax() exercise.Exercise[SoftmaxFunc] {
	ref := func(X, B *mat.Dense, b []float64) *mat.Dense {
		return must((&linear.MultinomialResult{Coef: B, Intercept: b}).PredictProba(X))
	}
	ex := exercise.Func("softmax probabilities", ref, []string{"X", "B", "b"},
		func(r *rand.Rand, i int) []any {
			m, d, k := exercise.Size(i, 1, 6), exercise.Size(i, 1, 4), exercise.Size(i, 2, 4)
			B := exercise.NormalMatrix(r, d, k)
			if i%3 == 2 { // scores in the hundreds
				B.Scale(300, B)
			}
			return []any{exercise.NormalMatrix(r, m, d), B, exercise.Normal(r, k)}
		})
	ex.Hint = func(args []any, want, got any) string {
		if g, ok := got.(*mat.Dense); ok && g != nil && !g.IsEmpty() &&
			slices.ContainsFunc(g.RawMatrix().Data, math.IsNaN) {
			return "NaN: exp overflowed; subtract each row's largest score first (p is unchanged)"
		}
		return ""
	}
	return ex
}
