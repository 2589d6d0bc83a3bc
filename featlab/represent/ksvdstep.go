package represent

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

// RestrictedResidual returns the matrix E_j of Zhou eq. 11.18 restricted to
// the support of atom j, in our orientation: with codes V (m x k) and atoms
// D (k x d), the rows i with V[i, j] != 0 (omega, increasing) of
//
//	E_j = X - sum_{l != j} v^l mu_l,
//
// one row per sample of omega (|omega| x d), and omega itself.
func RestrictedResidual(X, atoms, codes *mat.Dense, j int) (E *mat.Dense, omega []int, err error) {
	m, d, k, err := checkStep(X, atoms, codes, j)
	if err != nil {
		return nil, nil, err
	}
	for i := 0; i < m; i++ {
		if codes.At(i, j) != 0 {
			omega = append(omega, i)
		}
	}
	if len(omega) == 0 {
		return nil, nil, nil
	}
	E = mat.NewDense(len(omega), d, nil)
	for t, i := range omega {
		e := E.RawRowView(t)
		copy(e, X.RawRowView(i))
		for l := 0; l < k; l++ {
			if c := codes.At(i, l); l != j && c != 0 {
				axpy(-c, atoms.RawRowView(l), e)
			}
		}
	}
	return E, omega, nil
}

func checkStep(X, atoms, codes *mat.Dense, j int) (m, d, k int, err error) {
	if featlab.IsNil(X) || featlab.IsNil(atoms) || featlab.IsNil(codes) {
		return 0, 0, 0, featlab.Errorf(featlab.ErrEmpty, "represent: K-SVD step: nil matrix")
	}
	m, d = X.Dims()
	k, d2 := atoms.Dims()
	m2, k2 := codes.Dims()
	if d2 != d || m2 != m || k2 != k {
		return 0, 0, 0, featlab.Errorf(featlab.ErrShape, "represent: K-SVD step: X %dx%d, atoms %dx%d, codes %dx%d do not agree", m, d, k, d2, m2, k2)
	}
	if j < 0 || j >= k {
		return 0, 0, 0, featlab.Errorf(featlab.ErrParam, "represent: K-SVD step: atom %d outside [0, %d)", j, k)
	}
	return m, d, k, nil
}

// KSVDAtomStep performs one K-SVD atom update (Zhou eq. 11.18) in place, by
// a full SVD of the restricted residual (the textbook form; the fitting
// loop uses warm-started power iteration): with E = RestrictedResidual(X,
// atoms, codes, j) = U S W^T, atom j becomes the leading right singular
// vector w_1 and the codes of atom j on omega become s_1 u_1, so codes that
// were zero stay zero. The sign makes the new atom point the way of the old
// one. An unused atom (empty omega) is left alone. It returns
// ||X - codes atoms||_F^2 before and after; after <= before always.
func KSVDAtomStep(X, atoms, codes *mat.Dense, j int) (before, after float64, err error) {
	E, omega, err := RestrictedResidual(X, atoms, codes, j)
	if err != nil {
		return 0, 0, err
	}
	before = frobResidual(X, atoms, codes)
	if E == nil {
		return before, before, nil
	}
	var svd mat.SVD
	if !svd.Factorize(E, mat.SVDThin) {
		return 0, 0, featlab.Errorf(featlab.ErrNotConverged, "represent: K-SVD step: SVD did not converge")
	}
	s := svd.Values(nil)[0]
	var U, W mat.Dense
	svd.UTo(&U)
	svd.VTo(&W)
	_, d := atoms.Dims()
	w := make([]float64, d)
	for t := range w {
		w[t] = W.At(t, 0)
	}
	sign := 1.0
	if kernel.Dot(w, atoms.RawRowView(j)) < 0 {
		sign = -1
	}
	if s == 0 {
		return before, before, nil
	}
	for t := range w {
		atoms.Set(j, t, sign*w[t])
	}
	for t, i := range omega {
		codes.Set(i, j, sign*s*U.At(t, 0))
	}
	after = frobResidual(X, atoms, codes)
	return before, after, nil
}

// frobResidual returns ||X - V D||_F^2.
func frobResidual(X, D, V *mat.Dense) float64 {
	var R mat.Dense
	R.Mul(V, D)
	R.Sub(X, &R)
	n := mat.Norm(&R, 2)
	return n * n
}
