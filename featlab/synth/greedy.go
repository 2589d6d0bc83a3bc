package synth

import (
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// This file holds the generators of the greedy-selection chapter:
// Shalev-Shwartz and Ben-David (2014) section 25.1.2 and the Aalto
// lecture's slide on the case where forward selection misses the best
// pair.

// Stream constants of the greedy generators.
const (
	streamGreedyTrap  = 0x2512
	streamConditioned = 0x2513
)

// GreedyTrap samples m examples of a problem on which forward greedy
// selection is suboptimal:
//
//	u, v, e ~ N(0, 1) independent,  x1 = u + v,  x2 = v,  x3 = u + 0.8 e,
//	y = x1 - x2 + 0.1 z = u + 0.1 z,  z ~ N(0, 1).
//
// x3 is the single feature most correlated with y (about 0.78 against
// 0.70 for x1 and 0 for x2), so greedy selection picks it first; but the
// best pair is {x1, x2}, whose difference is u, and no pair containing x3
// comes close. Features are x1, x2, x3; target y. m must be at least 4.
func GreedyTrap(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 4); err != nil {
		return nil, err
	}
	r := newRand(seed, streamGreedyTrap)
	X := mat.NewDense(m, 3, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		u, v, e, z := r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()
		X.Set(i, 0, u+v)
		X.Set(i, 1, v)
		X.Set(i, 2, u+0.8*e)
		y[i] = u + 0.1*z
	}
	return featlab.NewDataset(X, y, []string{"x1", "x2", "x3"}, "y")
}

// Conditioned returns an m x d matrix (m >= d >= 1) with condition number
// cond >= 1: X = U diag(s) V^T with U (m x d) and V (d x d) orthonormal,
// drawn from the seed (QR of Gaussian matrices), and singular values
// s_k = cond^(-k/(d-1)), geometric from 1 down to 1/cond. Its columns are
// nearly collinear when cond is large: the test bed for Gram-Schmidt
// against SVD.
func Conditioned(m, d int, cond float64, seed uint64) (*mat.Dense, error) {
	if d < 1 || m < d {
		return nil, featlab.Errorf(featlab.ErrParam, "synth.Conditioned: need m >= d >= 1, got m = %d, d = %d", m, d)
	}
	if !(cond >= 1) || math.IsInf(cond, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "synth.Conditioned: cond = %v must be finite and >= 1", cond)
	}
	if err := featlab.CheckCells("synth.Conditioned: the matrix", "", m, d, 0); err != nil {
		return nil, err
	}
	r := newRand(seed, streamConditioned)
	gauss := func(rows, cols int) *mat.Dense {
		A := mat.NewDense(rows, cols, nil)
		for i := 0; i < rows; i++ {
			for j := 0; j < cols; j++ {
				A.Set(i, j, r.NormFloat64())
			}
		}
		return A
	}
	orth := func(A *mat.Dense) *mat.Dense {
		var qr mat.QR
		qr.Factorize(A)
		var Q mat.Dense
		qr.QTo(&Q)
		_, c := A.Dims()
		rows, _ := Q.Dims()
		return mat.DenseCopyOf(Q.Slice(0, rows, 0, c))
	}
	U, V := orth(gauss(m, d)), orth(gauss(d, d))
	for k := 0; k < d; k++ {
		s := 1.0
		if d > 1 {
			s = math.Pow(cond, -float64(k)/float64(d-1))
		}
		for i := 0; i < m; i++ {
			U.Set(i, k, U.At(i, k)*s)
		}
	}
	var X mat.Dense
	X.Mul(U, V.T())
	return &X, nil
}
