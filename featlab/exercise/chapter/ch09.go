package chapter

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/sensing"
)

// SVTFunc is singular value soft-thresholding D_tau(X).
type SVTFunc = func(X *mat.Dense, tau float64) *mat.Dense

// IHTFunc is one iterative hard thresholding step.
type IHTFunc = func(A *mat.Dense, y, s []float64, k int, mu float64) []float64

// CoherenceFunc returns the mutual coherence of the columns of A.
type CoherenceFunc = func(A *mat.Dense) float64

// SVT checks D_tau(X) = U diag(max(sigma_i - tau, 0)) V^T against
// sensing.SoftThresholdSV.
func SVT() exercise.Exercise[SVTFunc] {
	return exercise.Exercise[SVTFunc]{
		Name: "singular value soft-thresholding", ArgNames: []string{"X", "tau"},
		Reference: func(X *mat.Dense, tau float64) *mat.Dense { return sensing.SoftThresholdSV(X, tau) },
		Generate: func(r *rand.Rand, i int) []any {
			return []any{exercise.NormalMatrix(r, exercise.Size(i, 1, 6), exercise.Size(i+3, 1, 6)), 2 * r.Float64()}
		},
		Call: func(f SVTFunc, a []any) (any, error) { return f(a[0].(*mat.Dense), a[1].(float64)), nil },
		Hint: func(a []any, want, got any) string {
			G, ok := got.(*mat.Dense)
			if !ok || G == nil || G.IsEmpty() {
				return ""
			}
			// entrywise soft thresholding instead of the singular values
			X, tau := a[0].(*mat.Dense), a[1].(float64)
			E := mat.DenseCopyOf(X)
			E.Apply(func(_, _ int, v float64) float64 { return math.Copysign(math.Max(math.Abs(v)-tau, 0), v) }, X)
			if allNear(E, G, 1e-9) {
				return "you soft-thresholded the entries of X: D_tau shrinks its singular values (take the SVD first)"
			}
			return ""
		},
	}
}

// IHT checks one IHT step s+ = H_k(s + mu A^T (y - A s)) against
// sensing.IHTStep.
func IHT() exercise.Exercise[IHTFunc] {
	return exercise.Exercise[IHTFunc]{
		Name: "one iterative hard thresholding step", ArgNames: []string{"A", "y", "s", "k", "mu"},
		Reference: func(A *mat.Dense, y, s []float64, k int, mu float64) []float64 {
			return sensing.IHTStep(A, y, s, k, mu)
		},
		Generate: func(r *rand.Rand, i int) []any {
			n, m := exercise.Size(i, 2, 8), exercise.Size(i, 3, 16)
			return []any{exercise.NormalMatrix(r, n, m), exercise.Normal(r, n), exercise.Normal(r, m), 1 + r.IntN(n), r.Float64() / float64(m)}
		},
		Call: func(f IHTFunc, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64), a[2].([]float64), a[3].(int), a[4].(float64)), nil
		},
		Hint: func(a []any, want, got any) string {
			w, g, k := want.([]float64), got.([]float64), a[3].(int)
			if len(g) != len(w) || slices.Equal(g, a[2].([]float64)) {
				return "" // the generic hint names a stub that returns s
			}
			n := 0
			for _, v := range g {
				if v != 0 {
					n++
				}
			}
			if n != k {
				return fmt.Sprintf("your step keeps %d nonzeros, H_k keeps k = %d (the largest in absolute value)", n, k)
			}
			return ""
		},
	}
}

// Coherence checks the mutual coherence mu(A) = max_{i != j} |a_i . a_j| /
// (||a_i|| ||a_j||) against sensing.Coherence.
func Coherence() exercise.Exercise[CoherenceFunc] {
	return exercise.Exercise[CoherenceFunc]{
		Name: "mutual coherence mu(A)", ArgNames: []string{"A"},
		Reference: func(A *mat.Dense) float64 {
			mu, _, _, err := sensing.Coherence(A)
			if err != nil {
				panic(err)
			}
			return mu
		},
		Generate: func(r *rand.Rand, i int) []any {
			n, m := exercise.Size(i, 2, 8), exercise.Size(i+2, 2, 12)
			A := exercise.NormalMatrix(r, n, m)
			for j := 0; j < m; j++ { // columns of unequal norms
				s := 0.2 + 3*r.Float64()
				for t := 0; t < n; t++ {
					A.Set(t, j, s*A.At(t, j))
				}
			}
			return []any{A}
		},
		Call: func(f CoherenceFunc, a []any) (any, error) { return f(a[0].(*mat.Dense)), nil },
		Hint: func(a []any, want, got any) string {
			A, g := a[0].(*mat.Dense), got.(float64)
			_, m := A.Dims()
			raw := 0.0
			for i := 0; i < m; i++ {
				for j := i + 1; j < m; j++ {
					raw = math.Max(raw, math.Abs(mat.Dot(A.ColView(i), A.ColView(j))))
				}
			}
			switch {
			case near(g, 1, 1e-9) && !near(want.(float64), 1, 1e-9):
				return "1 is the cosine of a column with itself: the maximum runs over pairs i != j"
			case near(g, raw, 1e-9):
				return "you took the largest |a_i . a_j| without dividing by ||a_i|| ||a_j||: normalise the columns"
			case g < 0:
				return "a coherence is a largest absolute cosine: take |a_i . a_j|"
			}
			return ""
		},
	}
}
