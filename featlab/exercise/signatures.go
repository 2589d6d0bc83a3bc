package exercise

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// The constructors below build an Exercise for a common signature from a
// name, the reference implementation and a generator of inputs. A nil
// generator uses the default described at each constructor. The returned
// Exercise can be adjusted (Cases, Tol, Hint, ArgNames, ...) before Check.

// VecToScalar: func(v []float64) float64, e.g. a variance or a norm.
// Default inputs: v ~ N(0, 1)^n with n = Size(i, 3, 40).
func VecToScalar(name string, ref func(v []float64) float64, gen func(r *rand.Rand, i int) []float64) Exercise[func([]float64) float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) []float64 { return Normal(r, Size(i, 3, 40)) }
	}
	return Exercise[func([]float64) float64]{
		Name: name, Reference: ref, ArgNames: []string{"v"},
		Generate: func(r *rand.Rand, i int) []any { return []any{gen(r, i)} },
		Call: func(f func([]float64) float64, a []any) (any, error) {
			return f(a[0].([]float64)), nil
		},
	}
}

// VecVecToScalar: func(v, y []float64) float64, e.g. a univariate score of
// feature values v against targets y. Default inputs: v ~ N(0, 1)^n and
// y = c v + N(0, 1)^n with c ~ U[-2, 2] and n = Size(i, 3, 40).
func VecVecToScalar(name string, ref func(v, y []float64) float64, gen func(r *rand.Rand, i int) (v, y []float64)) Exercise[func(v, y []float64) float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) ([]float64, []float64) {
			n := Size(i, 3, 40)
			v := Normal(r, n)
			c := 4*r.Float64() - 2
			y := Normal(r, n)
			for k := range y {
				y[k] += c * v[k]
			}
			return v, y
		}
	}
	return Exercise[func(v, y []float64) float64]{
		Name: name, Reference: ref, ArgNames: []string{"v", "y"},
		Generate: func(r *rand.Rand, i int) []any { v, y := gen(r, i); return []any{v, y} },
		Call: func(f func(v, y []float64) float64, a []any) (any, error) {
			return f(a[0].([]float64), a[1].([]float64)), nil
		},
	}
}

// VecToVec: func(v []float64) []float64, e.g. ranks or a standardisation.
// Default inputs: v ~ N(0, 1)^n with n = Size(i, 3, 40).
func VecToVec(name string, ref func(v []float64) []float64, gen func(r *rand.Rand, i int) []float64) Exercise[func([]float64) []float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) []float64 { return Normal(r, Size(i, 3, 40)) }
	}
	return Exercise[func([]float64) []float64]{
		Name: name, Reference: ref, ArgNames: []string{"v"},
		Generate: func(r *rand.Rand, i int) []any { return []any{gen(r, i)} },
		Call: func(f func([]float64) []float64, a []any) (any, error) {
			return f(a[0].([]float64)), nil
		},
	}
}

// VecScalarToVec: func(v []float64, a float64) []float64, e.g. soft
// thresholding at level a. Default inputs: v ~ N(0, 1)^n with
// n = Size(i, 3, 40) and a ~ U[0, 1.5].
func VecScalarToVec(name string, ref func(v []float64, a float64) []float64, gen func(r *rand.Rand, i int) ([]float64, float64)) Exercise[func([]float64, float64) []float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) ([]float64, float64) {
			return Normal(r, Size(i, 3, 40)), 1.5 * r.Float64()
		}
	}
	return Exercise[func([]float64, float64) []float64]{
		Name: name, Reference: ref, ArgNames: []string{"v", "a"},
		Generate: func(r *rand.Rand, i int) []any { v, a := gen(r, i); return []any{v, a} },
		Call: func(f func([]float64, float64) []float64, a []any) (any, error) {
			return f(a[0].([]float64), a[1].(float64)), nil
		},
	}
}

// ScalarScalarToScalar: func(x, a float64) float64, e.g. the scalar soft
// threshold. Default inputs: x ~ N(0, 2^2), a ~ U[0, 2].
func ScalarScalarToScalar(name string, ref func(x, a float64) float64, gen func(r *rand.Rand, i int) (x, a float64)) Exercise[func(x, a float64) float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) (float64, float64) { return 2 * r.NormFloat64(), 2 * r.Float64() }
	}
	return Exercise[func(x, a float64) float64]{
		Name: name, Reference: ref, ArgNames: []string{"x", "a"},
		Generate: func(r *rand.Rand, i int) []any { x, a := gen(r, i); return []any{x, a} },
		Call: func(f func(x, a float64) float64, a []any) (any, error) {
			return f(a[0].(float64), a[1].(float64)), nil
		},
	}
}

// MatToVec: func(X *mat.Dense) []float64, e.g. column means. Default inputs:
// X ~ N(0, 1)^(m x d) with m = Size(i, 3, 30), d = Size(i, 1, 6).
func MatToVec(name string, ref func(X *mat.Dense) []float64, gen func(r *rand.Rand, i int) *mat.Dense) Exercise[func(*mat.Dense) []float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) *mat.Dense { return NormalMatrix(r, Size(i, 3, 30), Size(i, 1, 6)) }
	}
	return Exercise[func(*mat.Dense) []float64]{
		Name: name, Reference: ref, ArgNames: []string{"X"},
		Generate: func(r *rand.Rand, i int) []any { return []any{gen(r, i)} },
		Call: func(f func(*mat.Dense) []float64, a []any) (any, error) {
			return f(a[0].(*mat.Dense)), nil
		},
	}
}

// MatVecToVec: func(X *mat.Dense, y []float64) []float64, e.g. one score per
// feature or a least-squares fit. Default inputs: X ~ N(0, 1)^(m x d) with
// m = Size(i, 5, 30), d = Size(i, 1, 4), and y = X w + N(0, 0.1^2) with
// w ~ N(0, 1)^d.
func MatVecToVec(name string, ref func(X *mat.Dense, y []float64) []float64, gen func(r *rand.Rand, i int) (*mat.Dense, []float64)) Exercise[func(*mat.Dense, []float64) []float64] {
	if gen == nil {
		gen = defaultRegression
	}
	return Exercise[func(*mat.Dense, []float64) []float64]{
		Name: name, Reference: ref, ArgNames: []string{"X", "y"},
		Generate: func(r *rand.Rand, i int) []any { X, y := gen(r, i); return []any{X, y} },
		Call: func(f func(*mat.Dense, []float64) []float64, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64)), nil
		},
	}
}

// MatVecScalarToVec: func(X *mat.Dense, y []float64, a float64) []float64,
// e.g. ridge regression with parameter a. Default inputs as MatVecToVec and
// a ~ U[0, 1].
func MatVecScalarToVec(name string, ref func(X *mat.Dense, y []float64, a float64) []float64, gen func(r *rand.Rand, i int) (*mat.Dense, []float64, float64)) Exercise[func(*mat.Dense, []float64, float64) []float64] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) (*mat.Dense, []float64, float64) {
			X, y := defaultRegression(r, i)
			return X, y, r.Float64()
		}
	}
	return Exercise[func(*mat.Dense, []float64, float64) []float64]{
		Name: name, Reference: ref, ArgNames: []string{"X", "y", "a"},
		Generate: func(r *rand.Rand, i int) []any { X, y, a := gen(r, i); return []any{X, y, a} },
		Call: func(f func(*mat.Dense, []float64, float64) []float64, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64), a[2].(float64)), nil
		},
	}
}

// MatToMat: func(X *mat.Dense) *mat.Dense, e.g. a normalisation of every
// column. Default inputs: X = 3 N(0, 1)^(m x d) + 1 with m = Size(i, 3, 30),
// d = Size(i, 1, 6).
func MatToMat(name string, ref func(X *mat.Dense) *mat.Dense, gen func(r *rand.Rand, i int) *mat.Dense) Exercise[func(*mat.Dense) *mat.Dense] {
	if gen == nil {
		gen = func(r *rand.Rand, i int) *mat.Dense {
			X := NormalMatrix(r, Size(i, 3, 30), Size(i, 1, 6))
			X.Apply(func(_, _ int, v float64) float64 { return 3*v + 1 }, X)
			return X
		}
	}
	return Exercise[func(*mat.Dense) *mat.Dense]{
		Name: name, Reference: ref, ArgNames: []string{"X"},
		Generate: func(r *rand.Rand, i int) []any { return []any{gen(r, i)} },
		Call: func(f func(*mat.Dense) *mat.Dense, a []any) (any, error) {
			out := f(a[0].(*mat.Dense))
			if out == nil {
				return &mat.Dense{}, nil
			}
			return out, nil
		},
	}
}

func defaultRegression(r *rand.Rand, i int) (*mat.Dense, []float64) {
	m, d := Size(i, 5, 30), Size(i, 1, 4)
	X := NormalMatrix(r, m, d)
	w := Normal(r, d)
	y := make([]float64, m)
	for k := range y {
		y[k] = mat.Dot(mat.NewVecDense(d, X.RawRowView(k)), mat.NewVecDense(d, w)) + 0.1*r.NormFloat64()
	}
	return X, y
}

// Size returns the size of case i cycling through lo, lo+1, ..., hi, so
// that the first cases are the smallest (and easiest to read in a report).
//
// The generators below are for exercise authors: a negative case index,
// size or class count is a programmer error and panics with a message
// naming it (inside Check, that is reported as a bug in the exercise).
func Size(i, lo, hi int) int {
	nonNegative("Size", "case index i", i)
	if hi <= lo {
		return lo
	}
	return lo + i%(hi-lo+1)
}

// Normal returns n independent N(0, 1) draws.
func Normal(r *rand.Rand, n int) []float64 {
	nonNegative("Normal", "n", n)
	v := make([]float64, n)
	for k := range v {
		v[k] = r.NormFloat64()
	}
	return v
}

// Uniform returns n independent U[lo, hi) draws.
func Uniform(r *rand.Rand, n int, lo, hi float64) []float64 {
	nonNegative("Uniform", "n", n)
	v := make([]float64, n)
	for k := range v {
		v[k] = lo + (hi-lo)*r.Float64()
	}
	return v
}

// Signs returns n labels in {-1, +1}, each equally likely, with both
// present when n >= 2.
func Signs(r *rand.Rand, n int) []float64 {
	nonNegative("Signs", "n", n)
	v := make([]float64, n)
	for k := range v {
		v[k] = 1
		if r.IntN(2) == 0 {
			v[k] = -1
		}
	}
	if n >= 2 {
		v[0], v[1] = -1, 1
		r.Shuffle(n, func(a, b int) { v[a], v[b] = v[b], v[a] })
	}
	return v
}

// Labels returns n class labels in {0, ..., k-1} with every class present
// when n >= k.
func Labels(r *rand.Rand, n, k int) []float64 {
	nonNegative("Labels", "n", n)
	if k < 1 {
		panic(fmt.Sprintf("exercise: Labels: k = %d classes, need at least 1", k))
	}
	v := make([]float64, n)
	for i := range v {
		if i < k {
			v[i] = float64(i)
		} else {
			v[i] = float64(r.IntN(k))
		}
	}
	r.Shuffle(n, func(a, b int) { v[a], v[b] = v[b], v[a] })
	return v
}

// NormalMatrix returns an m x d matrix of independent N(0, 1) draws.
func NormalMatrix(r *rand.Rand, m, d int) *mat.Dense {
	if m < 1 || d < 1 {
		panic(fmt.Sprintf("exercise: NormalMatrix: %d x %d matrix, need m, d >= 1", m, d))
	}
	return mat.NewDense(m, d, Normal(r, m*d))
}

func nonNegative(fn, what string, v int) {
	if v < 0 {
		panic(fmt.Sprintf("exercise: %s: %s = %d is negative", fn, what, v))
	}
}
