package design

import (
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// FromGram returns a pseudo-design with the same cross products as the n
// data rows summarised by S, the centred cross-product matrix of [X y]
// (p x p, p = d+1, the target last) and their column means: the solvers
// that read a design only through XcᵀXc, Xcᵀy, yᵀy and the means (the
// lasso's covariance updates, least squares by QR, OMP's Gram-Schmidt)
// then give on it the answers they give on the data.
//
// Without intercept the raw cross products S + n z̄ z̄ᵀ are used. The
// matrix is factored S = RᵀR (Cholesky, or R = Λ^½ Vᵀ from S = V Λ Vᵀ with
// negative rounding eigenvalues taken as 0 when S is singular); the design
// has the p rows of R, X = R[:, :d] and y = R[:, d], so that XᵀX, Xᵀy and
// yᵀy are those of the data up to the rounding of the factorisation.
// With scale > 0 R is multiplied by scale (the lasso uses √(p/n), so that
// the (1/2p) objective on the p rows is the (1/2n) objective on the n).
// With an intercept, XMean and YMean are the data's means (products are
// not re-centred: R is already centred) and a column whose centred sum of
// squares is at most (1e-12 n x̄_j)² is constant: its row and column of S
// are zeroed, its Norm2 is exactly 0, and it is listed in the returned
// slice. S is factored with its columns scaled by powers of two (exact;
// see factorScaled), so statistics of values near 1e±150 factor; only
// NaN or infinite statistics (squares that overflowed) are refused, with
// ErrNotFinite. Errors: ErrEmpty for n < 1 or d < 1, ErrShape for a mean
// of the wrong length.
func FromGram(S *mat.SymDense, mean []float64, n float64, intercept bool, scale float64) (*Design, []int, error) {
	p := S.SymmetricDim()
	d := p - 1
	if d < 1 || !(n >= 1) {
		return nil, nil, featlab.Errorf(featlab.ErrEmpty, "design from a Gram of %d features and %v rows", d, n)
	}
	if len(mean) != p {
		return nil, nil, featlab.Errorf(featlab.ErrShape, "design from a Gram of %d columns with %d means", p, len(mean))
	}
	if err := checkNaNInf(S, mean); err != nil {
		return nil, nil, err
	}
	S0 := S
	S = mat.NewSymDense(p, nil)
	S.CopySym(S0)
	var constant []int
	for j := 0; j < d && intercept; j++ {
		t := 1e-12 * n * mean[j]
		if S.At(j, j) <= t*t {
			constant = append(constant, j)
			for k := 0; k < p; k++ {
				S.SetSym(j, k, 0)
			}
		}
	}
	if !intercept {
		S = CrossProducts(S, mean, n, false)
		if err := checkNaNInf(S, mean); err != nil {
			return nil, nil, err
		}
	}
	R := factorScaled(S)
	if scale > 0 {
		R.Scale(scale, R)
	}
	for _, j := range constant {
		for i := 0; i < p; i++ {
			R.Set(i, j, 0)
		}
	}
	ds, err := New(R.Slice(0, p, 0, d), mat.Col(nil, d, R), false)
	if err != nil {
		return nil, nil, err
	}
	if intercept {
		ds.XMean, ds.YMean = append([]float64(nil), mean[:d]...), mean[d]
	}
	return ds, constant, nil
}

// CheckFinite returns an error wrapping featlab.ErrNotFinite when a mean
// or a cross product of the statistics is not finite or exceeds 1e250
// (data whose squares overflow: one-pass statistics are not rescaled).
func CheckFinite(S *mat.SymDense, mean []float64) error {
	return checkStats(S, mean, 1e250, "rescale the columns before the pass")
}

// checkNaNInf is CheckFinite without its bound: FromGram factors a
// rescaled S (factorScaled), so only statistics that overflowed are
// refused.
func checkNaNInf(S *mat.SymDense, mean []float64) error {
	return checkStats(S, mean, math.Inf(1), "values beyond about 1e154: rescale the columns before the pass")
}

// checkStats refuses a mean that is NaN or infinite and a cross product
// that is NaN, infinite or larger than bound in magnitude; hint ends the
// message.
func checkStats(S *mat.SymDense, mean []float64, bound float64, hint string) error {
	for j, v := range mean {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "statistics: the mean of column %d is %v", j, v)
		}
	}
	p := S.SymmetricDim()
	for j := 0; j < p; j++ {
		for k := j; k < p; k++ {
			if v := S.At(j, k); math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > bound {
				return featlab.Errorf(featlab.ErrNotFinite, "statistics: the cross product of columns %d and %d is %v: the data's squares overflow (%s)", j, k, v, hint)
			}
		}
	}
	return nil
}

// factorScaled is FactorGram of D S D with D = diag(2^(-e_j)), e_j the
// binary exponent of √S_jj, with column j of the factor then multiplied
// by 2^(e_j): RᵀR = S as FactorGram's, but the factorisation works on a
// matrix of unit-order diagonal, so data whose squares are near the ends
// of float64's range (values near 1e±150) factor without overflow or
// underflow. Powers of two scale exactly.
func factorScaled(S *mat.SymDense) *mat.Dense {
	p := S.SymmetricDim()
	e := make([]int, p)
	for j := range e {
		if v := S.At(j, j); v > 0 {
			_, e[j] = math.Frexp(math.Sqrt(v))
		}
	}
	T := mat.NewSymDense(p, nil)
	for j := 0; j < p; j++ {
		for k := j; k < p; k++ {
			T.SetSym(j, k, math.Ldexp(S.At(j, k), -e[j]-e[k]))
		}
	}
	R := FactorGram(T)
	for i := 0; i < p; i++ {
		for j := 0; j < p; j++ {
			R.Set(i, j, math.Ldexp(R.At(i, j), e[j]))
		}
	}
	return R
}

// CrossProducts returns the cross products of [X y] the solvers fit on:
// with an intercept a copy of the centred S, without one the raw
// S + n z̄ z̄ᵀ.
func CrossProducts(S *mat.SymDense, mean []float64, n float64, intercept bool) *mat.SymDense {
	p := S.SymmetricDim()
	out := mat.NewSymDense(p, nil)
	out.CopySym(S)
	if !intercept {
		for j := 0; j < p; j++ {
			for k := j; k < p; k++ {
				out.SetSym(j, k, S.At(j, k)+n*mean[j]*mean[k])
			}
		}
	}
	return out
}

// FactorGram returns a p x p matrix R with RᵀR = S (S positive
// semi-definite): Cholesky's factor, or Λ^½ Vᵀ from the eigendecomposition
// (negative rounding eigenvalues taken as 0) when S is singular.
func FactorGram(S *mat.SymDense) *mat.Dense {
	p := S.SymmetricDim()
	var ch mat.Cholesky
	if ch.Factorize(S) {
		var U mat.TriDense
		ch.UTo(&U)
		return mat.DenseCopyOf(&U)
	}
	var es mat.EigenSym
	R := mat.NewDense(p, p, nil)
	if !es.Factorize(S, true) {
		return R
	}
	var V mat.Dense
	es.VectorsTo(&V)
	for i, l := range es.Values(nil) {
		s := math.Sqrt(math.Max(l, 0))
		for k := 0; k < p; k++ {
			R.Set(i, k, s*V.At(k, i))
		}
	}
	return R
}
