package chapter

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/represent"
)

// KSVDFunc updates atom j (row j of D) and its codes (column j of V) in
// place.
type KSVDFunc = func(X, D, V *mat.Dense, j int)

// MODFunc returns the dictionary D (k x d) minimising ||X - V D||_F^2 for
// the fixed codes V (m x k).
type MODFunc = func(X, V *mat.Dense) *mat.Dense

// ResidualFunc returns E_j of Zhou eq. 11.18 restricted to the samples
// that use atom j.
type ResidualFunc = func(X, D, V *mat.Dense, j int) *mat.Dense

// DictStep is the outcome of a K-SVD atom update: the atoms D and codes V
// it leaves. It prints both, so that a report shows which is wrong.
type DictStep struct{ D, V *mat.Dense }

func (s DictStep) String() string {
	return "D = " + exercise.Format(s.D) + "; V = " + exercise.Format(s.V)
}

// sparseCase draws X (m x d), D (k x d) and codes V (m x k) with about
// half the entries zero, every atom used at least once.
func sparseCase(r *rand.Rand, i int) (X, D, V *mat.Dense) {
	m, d, k := exercise.Size(i, 4, 15), exercise.Size(i, 2, 6), exercise.Size(i, 2, 5)
	V = exercise.NormalMatrix(r, m, k)
	for t := range V.RawMatrix().Data {
		if r.Float64() < 0.5 && t%k != (t/k)%k {
			V.RawMatrix().Data[t] = 0
		}
	}
	return exercise.NormalMatrix(r, m, d), exercise.NormalMatrix(r, k, d), V
}

// KSVDStep checks one K-SVD atom update (eq. 11.18) against
// represent.KSVDAtomStep, comparing the atoms and the codes separately
// (after matching the sign of the singular pair, which is arbitrary), so
// that the report says which of the two is wrong.
func KSVDStep() exercise.Exercise[KSVDFunc] {
	ref := func(X, D, V *mat.Dense, j int) {
		if _, _, err := represent.KSVDAtomStep(X, D, V, j); err != nil {
			panic(err)
		}
	}
	return exercise.Exercise[KSVDFunc]{
		Name: "one K-SVD atom update (eq. 11.18)", ArgNames: []string{"X", "D", "V", "j"},
		Reference: ref,
		Generate: func(r *rand.Rand, i int) []any {
			X, D, V := sparseCase(r, i)
			k, _ := D.Dims()
			return []any{X, D, V, r.IntN(k)}
		},
		Call: func(f KSVDFunc, a []any) (any, error) {
			X, j := a[0].(*mat.Dense), a[3].(int)
			D, V := mat.DenseCopyOf(a[1].(*mat.Dense)), mat.DenseCopyOf(a[2].(*mat.Dense))
			f(X, D, V, j)
			// the singular pair's sign is arbitrary: match it to the reference's
			rD, rV := mat.DenseCopyOf(a[1].(*mat.Dense)), mat.DenseCopyOf(a[2].(*mat.Dense))
			ref(X, rD, rV, j)
			if mat.Dot(D.RowView(j), rD.RowView(j)) < 0 {
				flipAtom(D, V, j)
			}
			return DictStep{D, V}, nil
		},
		Equal: func(want, got any) bool {
			w, g := want.(DictStep), got.(DictStep)
			return allNear(w.D, g.D, 1e-6) && allNear(w.V, g.V, 1e-6)
		},
		Hint: func(a []any, want, got any) string {
			w, g, j := want.(DictStep), got.(DictStep), a[3].(int)
			dOK, vOK := allNear(w.D, g.D, 1e-6), allNear(w.V, g.V, 1e-6)
			switch {
			case allNear(g.D, a[1].(*mat.Dense), 0) && allNear(g.V, a[2].(*mat.Dense), 0):
				return "D and V are unchanged: is it still the stub?"
			case dOK && !vOK:
				return "the atoms D are right, the codes V are wrong: " + firstDiff(w.V, g.V, "V") + " (codes of samples that did not use atom j must stay 0; the others are sigma_1 times the left singular vector)"
			case !dOK && vOK:
				return "the codes V are right, the atoms D are wrong: " + firstDiff(w.D, g.D, "D") + fmt.Sprintf(" (row %d becomes the right singular vector, a unit vector; other rows stay)", j)
			}
			return "both D and V differ: " + firstDiff(w.D, g.D, "D") + "; " + firstDiff(w.V, g.V, "V")
		},
	}
}

func flipAtom(D, V *mat.Dense, j int) {
	_, d := D.Dims()
	m, _ := V.Dims()
	for c := 0; c < d; c++ {
		D.Set(j, c, -D.At(j, c))
	}
	for i := 0; i < m; i++ {
		V.Set(i, j, -V.At(i, j))
	}
}

// firstDiff names the first entry where two matrices of a name differ.
func firstDiff(W, G *mat.Dense, name string) string {
	r, c := W.Dims()
	if gr, gc := G.Dims(); gr != r || gc != c {
		return fmt.Sprintf("%s is %dx%d, expected %dx%d", name, gr, gc, r, c)
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if !near(G.At(i, j), W.At(i, j), 1e-6) {
				return fmt.Sprintf("first at %s[%d, %d]: expected %.6g, got %.6g", name, i, j, W.At(i, j), G.At(i, j))
			}
		}
	}
	return name + " agrees"
}

// MOD checks the method of optimal directions' dictionary step,
// D = (V^T V)^{-1} V^T X (Zhou 11.17 solved in one go, before any
// rescaling of the atoms), against a least-squares solve.
func MOD() exercise.Exercise[MODFunc] {
	return exercise.Exercise[MODFunc]{
		Name: "MOD: D = (V^T V)^{-1} V^T X", ArgNames: []string{"X", "V"},
		Reference: func(X, V *mat.Dense) *mat.Dense {
			var D mat.Dense
			if err := D.Solve(V, X); err != nil {
				panic(err)
			}
			return &D
		},
		Generate: func(r *rand.Rand, i int) []any {
			k, d := exercise.Size(i, 2, 5), exercise.Size(i+1, 2, 6)
			m := k + exercise.Size(i, 2, 10)
			return []any{exercise.NormalMatrix(r, m, d), exercise.NormalMatrix(r, m, k)}
		},
		Call: func(f MODFunc, a []any) (any, error) { return f(a[0].(*mat.Dense), a[1].(*mat.Dense)), nil },
		Tol:  1e-8,
		Hint: func(a []any, want, got any) string {
			X, V := a[0].(*mat.Dense), a[1].(*mat.Dense)
			G, ok := got.(*mat.Dense)
			if !ok || G == nil || G.IsEmpty() {
				return ""
			}
			var P mat.Dense // V^T X without the inverse
			P.Mul(V.T(), X)
			if allNear(&P, G, 1e-8) {
				return "you returned V^T X: multiply by (V^T V)^{-1} (or solve the normal equations V^T V D = V^T X)"
			}
			return ""
		},
	}
}

// Residual checks the restricted residual E_j of eq. 11.18 (one row per
// sample whose code uses atom j, in increasing order) against
// represent.RestrictedResidual.
func Residual() exercise.Exercise[ResidualFunc] {
	return exercise.Exercise[ResidualFunc]{
		Name: "restricted residual E_j (eq. 11.18)", ArgNames: []string{"X", "D", "V", "j"},
		Reference: func(X, D, V *mat.Dense, j int) *mat.Dense {
			E, _, err := represent.RestrictedResidual(X, D, V, j)
			if err != nil {
				panic(err)
			}
			return E
		},
		Generate: func(r *rand.Rand, i int) []any {
			X, D, V := sparseCase(r, i)
			k, _ := D.Dims()
			return []any{X, D, V, r.IntN(k)}
		},
		Call: func(f ResidualFunc, a []any) (any, error) {
			return f(a[0].(*mat.Dense), a[1].(*mat.Dense), a[2].(*mat.Dense), a[3].(int)), nil
		},
		Hint: func(a []any, want, got any) string {
			X, D, V, j := a[0].(*mat.Dense), a[1].(*mat.Dense), a[2].(*mat.Dense), a[3].(int)
			G, ok := got.(*mat.Dense)
			W := want.(*mat.Dense)
			if !ok || G == nil || G.IsEmpty() {
				return ""
			}
			m, _ := X.Dims()
			if r, _ := G.Dims(); r == m {
				wr, _ := W.Dims()
				return fmt.Sprintf("your E_j has all %d samples: keep only the %d whose code uses atom j (V[i, j] != 0)", m, wr)
			}
			// the full residual X - V D restricted: atom j subtracted too
			var R mat.Dense
			R.Mul(V, D)
			R.Sub(X, &R)
			wr, _ := W.Dims()
			gr, _ := G.Dims()
			full, t := true, 0
			for i := 0; i < m && full; i++ {
				if V.At(i, j) != 0 {
					full = t < wr && t < gr && near(G.At(t, 0), R.At(i, 0), 1e-9)
					t++
				}
			}
			if full {
				return "you subtracted every atom's contribution, atom j's too: E_j leaves atom j out of the sum"
			}
			return ""
		},
	}
}
