package sensing

import (
	"github.com/featlab/course/featlab"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// linop is a rows x cols linear operator applied to blocks of vectors.
type linop struct {
	rows, cols int
	mul        func(dst, Q *mat.Dense) // dst (rows x b) = A Q (cols x b)
	mulT       func(dst, P *mat.Dense) // dst (cols x b) = A^T P (rows x b)
}

// thinQR returns Q (n x b, orthonormal columns) and R (b x b, upper
// triangular) with F = Q R, by modified Gram-Schmidt applied twice
// (stable for the small b used here). A column dependent on the previous
// ones gets a zero column in Q and a zero diagonal in R.
func thinQR(F *mat.Dense) (*mat.Dense, *mat.Dense) {
	n, b := F.Dims()
	cols := make([][]float64, b)
	for j := range cols {
		cols[j] = mat.Col(nil, j, F)
	}
	R := mat.NewDense(b, b, nil)
	for j := 0; j < b; j++ {
		v := cols[j]
		orig := norm2(v)
		for pass := 0; pass < 2; pass++ {
			for k := 0; k < j; k++ {
				c := dot(cols[k], v)
				R.Set(k, j, R.At(k, j)+c)
				for i := range v {
					v[i] -= c * cols[k][i]
				}
			}
		}
		nv := norm2(v)
		if nv <= 1e-13*orig || nv == 0 {
			clear(v)
			continue
		}
		R.Set(j, j, nv)
		for i := range v {
			v[i] /= nv
		}
	}
	Q := mat.NewDense(n, b, nil)
	for j, c := range cols {
		Q.SetCol(j, c)
	}
	return Q, R
}

// orth replaces the columns of Q by an orthonormal basis of their span.
func orth(Q *mat.Dense) {
	q, _ := thinQR(Q)
	Q.Copy(q)
}

// partialSVD returns an approximate rank-b SVD of op by subspace iteration
// (Halko, Martinsson and Tropp 2011) started from V0 (cols x b; random
// columns from rng fill any it lacks), with `power` power iterations.
// Singular values come in decreasing order.
func partialSVD(op linop, b int, V0 *mat.Dense, power int, rng *rand.Rand) (U *mat.Dense, sigma []float64, V *mat.Dense) {
	b = min(b, op.rows, op.cols)
	Q := mat.NewDense(op.cols, b, nil)
	c0 := 0
	if V0 != nil {
		_, c0 = V0.Dims()
		c0 = min(c0, b)
		Q.Slice(0, op.cols, 0, c0).(*mat.Dense).Copy(V0.Slice(0, op.cols, 0, c0))
	}
	for j := c0; j < b; j++ {
		for i := 0; i < op.cols; i++ {
			Q.Set(i, j, rng.NormFloat64())
		}
	}
	orth(Q)
	P := mat.NewDense(op.rows, b, nil)
	for it := 0; it < power; it++ {
		op.mul(P, Q)
		orth(P)
		op.mulT(Q, P)
		orth(Q)
	}
	op.mul(P, Q)
	orth(P)
	Bt := mat.NewDense(op.cols, b, nil)
	op.mulT(Bt, P) // A^T P = W S Z^T  =>  A ~ (P Z) S W^T
	var svd mat.SVD
	if !svd.Factorize(Bt, mat.SVDThin) {
		panic("sensing: SVD failed")
	}
	sigma = svd.Values(nil)
	var W, Z mat.Dense
	svd.UTo(&W)
	svd.VTo(&Z)
	U = mat.NewDense(op.rows, b, nil)
	U.Mul(P, &Z)
	return U, sigma, &W
}

// fullSVD returns the thin SVD of a dense matrix.
func fullSVD(X *mat.Dense) (U *mat.Dense, sigma []float64, V *mat.Dense) {
	var svd mat.SVD
	if !svd.Factorize(X, mat.SVDThin) {
		panic("sensing: SVD failed")
	}
	sigma = svd.Values(nil)
	U, V = new(mat.Dense), new(mat.Dense)
	svd.UTo(U)
	svd.VTo(V)
	return U, sigma, V
}

// keepAbove shrinks (soft-thresholds) sigma by tau and keeps the factors
// of the positive values: the singular value thresholding operator D_tau.
func keepAbove(U *mat.Dense, sigma []float64, V *mat.Dense, tau float64) (*mat.Dense, []float64, *mat.Dense) {
	r := 0
	for r < len(sigma) && sigma[r] > tau {
		r++
	}
	d := make([]float64, r)
	for k := range d {
		d[k] = sigma[k] - tau
	}
	if r == 0 {
		return nil, nil, nil
	}
	ur, _ := U.Dims()
	vr, _ := V.Dims()
	return mat.DenseCopyOf(U.Slice(0, ur, 0, r)), d, mat.DenseCopyOf(V.Slice(0, vr, 0, r))
}

// SoftThresholdSV returns the singular value soft-thresholding of X at tau >= 0,
//
//	D_tau(X) = U diag(max(sigma_i - tau, 0)) V^T,
//
// the proximal operator of tau ||.||_* (Cai, Candes and Shen 2010): the
// matrix analogue of soft thresholding. It is the exercise of notebook 09.
//
// It has no error result: a nil or empty X, or tau negative or NaN, panics
// with a message naming the argument; a NaN or infinite entry of X panics
// with an error wrapping featlab.ErrNotFinite.
func SoftThresholdSV(X mat.Matrix, tau float64) *mat.Dense {
	if featlab.IsNil(X) {
		argPanic("SoftThresholdSV: nil X")
	}
	r, c := X.Dims()
	if r == 0 || c == 0 {
		argPanic("SoftThresholdSV: X is %d x %d (empty)", r, c)
	}
	if !(tau >= 0) {
		argPanic("SoftThresholdSV: tau = %v must be >= 0", tau)
	}
	mustFinite("SoftThresholdSV", "X", X)
	U, s, V := fullSVD(mat.DenseCopyOf(X))
	U, s, V = keepAbove(U, s, V, tau)
	out := mat.NewDense(r, c, nil)
	if len(s) == 0 {
		return out
	}
	return lowRankDense(U, s, V)
}

func lowRankDense(U *mat.Dense, s []float64, V *mat.Dense) *mat.Dense {
	r, _ := U.Dims()
	c, _ := V.Dims()
	US := mat.DenseCopyOf(U)
	for k, v := range s {
		for i := 0; i < r; i++ {
			US.Set(i, k, US.At(i, k)*v)
		}
	}
	out := mat.NewDense(r, c, nil)
	out.Mul(US, V.T())
	return out
}

func sum(v []float64) float64 {
	var t float64
	for _, x := range v {
		t += x
	}
	return t
}

func norm2(v []float64) float64 { return math.Sqrt(dot(v, v)) }
