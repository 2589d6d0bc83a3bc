package knockoff

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// SMethod chooses the vector s of the knockoff construction: the amount
// by which each feature is decorrelated from its knockoff
// (corr(X_j, X~_j) = 1 - s_j on the correlation scale).
type SMethod int

const (
	// Equicorrelated: s_j = min(2 lambda_min(R), 1) for every j, R the
	// correlation matrix (Barber and Candès 2015, section 2.1.1). The
	// default.
	Equicorrelated SMethod = iota
	// SDP: s maximises sum_j s_j subject to 0 <= s_j <= 1 and
	// 2R - diag(s) positive semidefinite (Barber and Candès 2015, section
	// 2.1.1), solved by SolveSDP, this package's own log-barrier Newton
	// method (no external solver).
	SDP
)

// String names the method.
func (m SMethod) String() string {
	switch m {
	case Equicorrelated:
		return "equicorrelated"
	case SDP:
		return "SDP"
	}
	return fmt.Sprintf("SMethod(%d)", int(m))
}

func (m SMethod) check() error {
	if m != Equicorrelated && m != SDP {
		return featlab.Errorf(featlab.ErrParam, "S = %d is not a knockoff SMethod (Equicorrelated or SDP)", int(m))
	}
	return nil
}

// minEigen returns the smallest eigenvalue of the symmetric matrix A.
func minEigen(A *mat.SymDense) (float64, error) {
	var eig mat.EigenSym
	if !eig.Factorize(A, false) {
		return 0, featlab.Errorf(featlab.ErrParam, "eigendecomposition of the covariance failed")
	}
	return eig.Values(nil)[0], nil
}

// EquicorrelatedS returns the equicorrelated s of a correlation matrix R
// (unit diagonal): s_j = min(2 lambda_min(R), 1) for all j. R must be
// positive definite (lambda_min > 1e-12); otherwise the error wraps
// featlab.ErrParam.
func EquicorrelatedS(R *mat.SymDense) ([]float64, error) {
	if R == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "EquicorrelatedS: nil matrix")
	}
	if err := checkCorrelation(R); err != nil {
		return nil, err
	}
	lmin, err := minEigen(R)
	if err != nil {
		return nil, err
	}
	if !(lmin > 1e-12) {
		return nil, featlab.Errorf(featlab.ErrParam, "EquicorrelatedS: smallest eigenvalue %g: the correlation matrix is singular (collinear features)", lmin)
	}
	d := R.SymmetricDim()
	s := make([]float64, d)
	for j := range s {
		s[j] = math.Min(2*lmin, 1)
	}
	return s, nil
}

func checkCorrelation(R *mat.SymDense) error {
	d := R.SymmetricDim()
	if d == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "correlation matrix is 0x0")
	}
	for i := 0; i < d; i++ {
		for j := 0; j <= i; j++ {
			v := R.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return featlab.Errorf(featlab.ErrNotFinite, "correlation matrix has %v at (%d, %d)", v, i, j)
			}
		}
		if math.Abs(R.At(i, i)-1) > 1e-8 {
			return featlab.Errorf(featlab.ErrParam, "correlation matrix has %v on its diagonal at %d, want 1", R.At(i, i), i)
		}
	}
	return nil
}

// chooseS returns s for the covariance Sigma (any positive diagonal):
// computed on the correlation scale and scaled back by Sigma_jj.
func chooseS(Sigma *mat.SymDense, method SMethod) ([]float64, error) {
	d := Sigma.SymmetricDim()
	sd := make([]float64, d)
	for j := range sd {
		v := Sigma.At(j, j)
		if !(v > 0) {
			return nil, featlab.Errorf(featlab.ErrConstant, "feature %d has variance %v", j, v)
		}
		sd[j] = math.Sqrt(v)
	}
	R := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			R.SetSym(i, j, Sigma.At(i, j)/(sd[i]*sd[j]))
		}
		R.SetSym(i, i, 1)
	}
	var s []float64
	var err error
	if method == SDP {
		var r *SDPResult
		r, err = SolveSDP(R, SDPConfig{})
		if r != nil {
			s = r.S
		}
	} else {
		s, err = EquicorrelatedS(R)
	}
	if err != nil {
		return nil, err
	}
	for j := range s {
		s[j] *= sd[j] * sd[j]
	}
	return s, nil
}

// condSqrt returns, for Sigma and s, the matrices P = I - Sigma^-1 diag(s)
// and C with C^T C = V = 2 diag(s) - diag(s) Sigma^-1 diag(s). C is
// Lambda^{1/2} Q^T from the eigendecomposition V = Q Lambda Q^T, with
// eigenvalues below 0 (rounding: V is singular by construction for the
// equicorrelated s) set to 0. This is exact where a Cholesky factor would
// need a ridge on the diagonal of V: C^T C = V up to rounding.
func condSqrt(Sigma *mat.SymDense, s []float64) (P, C *mat.Dense, err error) {
	d := len(s)
	var ch mat.Cholesky
	if !ch.Factorize(Sigma) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "the covariance (Gram) matrix is not positive definite: collinear features")
	}
	S := mat.NewDense(d, d, nil)
	for j, v := range s {
		S.Set(j, j, v)
	}
	var SiS mat.Dense // Sigma^-1 diag(s)
	if err := ch.SolveTo(&SiS, S); err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "the covariance matrix is numerically singular: %v", err)
	}
	P = mat.NewDense(d, d, nil)
	V := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			p := -SiS.At(i, j)
			if i == j {
				p++
			}
			P.Set(i, j, p)
		}
		for j := i; j < d; j++ {
			// (diag s Sigma^-1 diag s)_ij = s_i (Sigma^-1 diag s)_ij, symmetrised
			v := -0.5 * (s[i]*SiS.At(i, j) + s[j]*SiS.At(j, i))
			if i == j {
				v += 2 * s[i]
			}
			V.SetSym(i, j, v)
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(V, true) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "eigendecomposition of 2 diag(s) - diag(s) Sigma^-1 diag(s) failed")
	}
	vals := eig.Values(nil)
	var Q mat.Dense
	eig.VectorsTo(&Q)
	C = mat.NewDense(d, d, nil)
	for k, l := range vals {
		r := math.Sqrt(math.Max(l, 0))
		for j := 0; j < d; j++ {
			C.Set(k, j, r*Q.At(j, k))
		}
	}
	return P, C, nil
}
