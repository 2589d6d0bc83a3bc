package chapter

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/represent"
)

// EncoderFunc maps the rows of X to one-hot codes over the centroids C.
type EncoderFunc = func(C, X *mat.Dense) *mat.Dense

// PCAErrorFunc returns the reconstruction error of PCA with k components.
type PCAErrorFunc = func(X *mat.Dense, k int) float64

// CodeFunc returns the code of x against the atoms D (rows), with a
// parameter: the l1 weight lambda or the number of nonzeros s.
type (
	L1CodeFunc  = func(D *mat.Dense, x []float64, lambda float64) []float64
	OMPCodeFunc = func(D *mat.Dense, x []float64, s int) []float64
)

// KMeansEncoder checks the k-means encoder psi (25.3.1): row i of the
// result is the indicator of the centroid nearest to x_i.
func KMeansEncoder() exercise.Exercise[EncoderFunc] {
	return exercise.Exercise[EncoderFunc]{
		Name: "k-means encoder psi (25.3.1)", ArgNames: []string{"C", "X"},
		Reference: func(C, X *mat.Dense) *mat.Dense {
			k, _ := C.Dims()
			km := &represent.KMeans{KMeansConfig: represent.KMeansConfig{K: k}, Centroids: C}
			return must(km.Encode(X))
		},
		Generate: func(r *rand.Rand, i int) []any {
			k, d, m := exercise.Size(i, 1, 6), exercise.Size(i, 1, 5), exercise.Size(i, 1, 12)
			return []any{exercise.NormalMatrix(r, k, d), exercise.NormalMatrix(r, m, d)}
		},
		Call: func(f EncoderFunc, a []any) (any, error) { return f(a[0].(*mat.Dense), a[1].(*mat.Dense)), nil },
	}
}

// scatterEigen returns the eigenvalues, in decreasing order, of Xc^T Xc
// for X centred (centre) or not.
func scatterEigen(X *mat.Dense, centre bool) []float64 {
	m, d := X.Dims()
	Xc := mat.DenseCopyOf(X)
	if centre {
		for j := 0; j < d; j++ {
			mu := floats.Sum(mat.Col(nil, j, X)) / float64(m)
			for i := 0; i < m; i++ {
				Xc.Set(i, j, X.At(i, j)-mu)
			}
		}
	}
	var svd mat.SVD
	if !svd.Factorize(Xc, mat.SVDNone) {
		return nil
	}
	sv := svd.Values(nil)
	for i := range sv {
		sv[i] *= sv[i]
	}
	return sv
}

// PCAError checks the reconstruction error sum_i ||x_i - phi(psi(x_i))||^2
// of PCA with k components (represent.FitPCA and ReconstructionError)
// against the student's, meant to be the sum of the discarded eigenvalues
// of the centred scatter matrix.
func PCAError() exercise.Exercise[PCAErrorFunc] {
	return exercise.Exercise[PCAErrorFunc]{
		Name: "PCA's error = the discarded eigenvalues", ArgNames: []string{"X", "k"},
		Reference: func(X *mat.Dense, k int) float64 {
			p := must(represent.FitPCA(X, represent.PCAConfig{K: k}))
			return must(represent.ReconstructionError(p, X))
		},
		Generate: func(r *rand.Rand, i int) []any {
			m, d := exercise.Size(i, 4, 20), exercise.Size(i, 2, 6)
			X := exercise.NormalMatrix(r, m, d)
			for j := 0; j < d; j++ { // unequal spreads and means
				s, mu := 0.5+2*r.Float64(), 3*r.NormFloat64()
				for t := 0; t < m; t++ {
					X.Set(t, j, mu+s*X.At(t, j))
				}
			}
			return []any{X, 1 + r.IntN(min(m, d))}
		},
		Call: func(f PCAErrorFunc, a []any) (any, error) { return f(a[0].(*mat.Dense), a[1].(int)), nil },
		Hint: func(a []any, want, got any) string {
			X, k, w, g := a[0].(*mat.Dense), a[1].(int), want.(float64), got.(float64)
			m, _ := X.Dims()
			ev := scatterEigen(X, true)
			kept := floats.Sum(ev[:min(k, len(ev))])
			raw := scatterEigen(X, false)
			switch {
			case near(g, kept, 1e-6) && !near(w, kept, 1e-6):
				return fmt.Sprintf("%.6g is the sum of the %d kept eigenvalues: the error is the sum of the discarded ones", g, k)
			case k < len(raw) && near(g, floats.Sum(raw[k:]), 1e-6):
				return "your value is the sum of the discarded eigenvalues of X^T X without centring: PCA centres X first"
			case near(g*float64(m-1), w, 1e-6):
				return fmt.Sprintf("your value is 1/(m-1) = 1/%d times the expected one: eigenvalues of the covariance matrix; the error is a plain sum, use Xc^T Xc", m-1)
			case k+1 < len(ev) && near(g, floats.Sum(ev[k+1:]), 1e-6) || k > 0 && near(g, floats.Sum(ev[k-1:]), 1e-6):
				return "off by one: you discarded one eigenvalue too many or too few (keep the k largest)"
			}
			return ""
		},
	}
}

// unitAtoms draws k random atoms of length d with unit norm.
func unitAtoms(r *rand.Rand, k, d int) *mat.Dense {
	D := exercise.NormalMatrix(r, k, d)
	for j := 0; j < k; j++ {
		row := D.RawRowView(j)
		floats.Scale(1/floats.Norm(row, 2), row)
	}
	return D
}

func l1Ref(D *mat.Dense, x []float64, lambda float64) []float64 {
	cfg := represent.SparseCodeConfig{Atoms: D, Coder: represent.Lasso, Lambda: lambda, Tol: 1e-13, MaxIter: 1000000}
	return must(represent.SparseEncode(mat.NewDense(1, len(x), x), cfg)).RawRowView(0)
}

// L1Code checks the l1 encoder psi(x) = argmin_v ||x - D^T v||^2 +
// lambda ||v||_1 (25.3.1, Zhou 11.16; the atoms are the rows of D) against
// represent.SparseEncode with the Lasso coder, to 1e-5.
func L1Code() exercise.Exercise[L1CodeFunc] {
	return exercise.Exercise[L1CodeFunc]{
		Name: "l1 encoder argmin ||x - D^T v||^2 + lambda ||v||_1", ArgNames: []string{"D", "x", "lambda"},
		Reference: l1Ref,
		Generate: func(r *rand.Rand, i int) []any {
			k := exercise.Size(i, 2, 6)
			d := k + exercise.Size(i, 0, 4)
			return []any{unitAtoms(r, k, d), exercise.Normal(r, d), 0.1 + 1.5*r.Float64()}
		},
		Call: func(f L1CodeFunc, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64), a[2].(float64)), nil
		},
		Tol: 1e-5,
		Hint: func(a []any, want, got any) string {
			D, x, lam, g := a[0].(*mat.Dense), a[1].([]float64), a[2].(float64), got.([]float64)
			if k, _ := D.Dims(); len(g) != k {
				return fmt.Sprintf("the code has one entry per atom (row of D): %d, you returned %d", k, len(g))
			}
			if floats.Norm(g, 1) == 0 {
				return "" // the generic hint names a stub that returns zeros
			}
			for _, c := range []struct {
				f    float64
				what string
			}{{0.5, "lambda/2: your objective has a 1/2 in front of the squared error or you halved lambda"}, {2, "2 lambda: your soft threshold is lambda where the objective's is lambda/2"}} {
				if exercise.Close(l1Ref(D, x, c.f*lam), g, 1e-5) {
					return "you solved the problem for " + c.what + " (the texts' objective ||x - D^T v||^2 + lambda ||v||_1 has none)"
				}
			}
			return ""
		},
	}
}

func ompRef(D *mat.Dense, x []float64, s int) []float64 {
	cfg := represent.SparseCodeConfig{Atoms: D, S: s, Rule: greedy.Correlation}
	return must(represent.SparseEncode(mat.NewDense(1, len(x), x), cfg)).RawRowView(0)
}

// OMPCode checks the s-sparse encoder of 25.3.1 by orthogonal matching
// pursuit (unit-norm atoms, the rows of D; each round adds the atom most
// correlated with the residual, |<mu_j, r>|, and refits least squares on
// the chosen atoms) against represent.SparseEncode with greedy.Correlation.
func OMPCode() exercise.Exercise[OMPCodeFunc] {
	return exercise.Exercise[OMPCodeFunc]{
		Name: "s-sparse code by OMP", ArgNames: []string{"D", "x", "s"},
		Reference: ompRef,
		Generate: func(r *rand.Rand, i int) []any {
			k, d := exercise.Size(i, 3, 8), exercise.Size(i, 2, 6)
			return []any{unitAtoms(r, k, d), exercise.Normal(r, d), 1 + r.IntN(min(k, d))}
		},
		Call: func(f OMPCodeFunc, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].([]float64), a[2].(int)), nil
		},
		Hint: func(a []any, want, got any) string {
			w, g, s := want.([]float64), got.([]float64), a[2].(int)
			if len(g) != len(w) {
				return ""
			}
			nz := func(v []float64) (n int, supp []int) {
				for j, x := range v {
					if math.Abs(x) > 1e-12 {
						n, supp = n+1, append(supp, j)
					}
				}
				return
			}
			gn, gs := nz(g)
			_, ws := nz(w)
			switch {
			case gn == 0:
				return "" // the generic hint names a stub that returns zeros
			case gn != len(ws) && gn == s+1 || gn == s-1:
				return fmt.Sprintf("your code has %d nonzeros, the expected one %d (s = %d): off by one in the number of rounds?", gn, len(ws), s)
			case fmt.Sprint(gs) == fmt.Sprint(ws):
				return fmt.Sprintf("right atoms %v, wrong coefficients: after each choice refit least squares on all chosen atoms (the orthogonal step of OMP)", ws)
			}
			return fmt.Sprintf("your code uses atoms %v, the expected one %v: choose the atom most correlated with the current residual", gs, ws)
		},
	}
}
