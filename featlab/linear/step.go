package linear

import (
	"fmt"
	"github.com/featlab/course/featlab/internal/matx"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// The single steps below are the building blocks of the lasso solvers,
// exposed so that a notebook can show (and an exercise can check) one step
// on its own. They work on the objective without intercept,
//
//	F(w) = (1/2m) ||X w - y||^2 + lambda ||w||_1,
//
// the lasso of eq. 25.8 (scikit-learn's Lasso(alpha=lambda,
// fit_intercept=False)); Zhou's eq. 11.7 sums without the 1/2 and 1/m, so
// his lambda is 2m times this one.

// Lipschitz returns L = lambda_max(X^T X)/m, the Lipschitz constant of the
// gradient of f(w) = (1/2m)||X w - y||^2: the step 1/L of proximal
// gradient descent (Zhou eq. 11.8-11.14) for the objective above.
func Lipschitz(X mat.Matrix) (float64, error) {
	if featlab.IsNil(X) {
		return 0, featlab.Errorf(featlab.ErrEmpty, "linear: Lipschitz: X is nil")
	}
	m, d := X.Dims()
	if m == 0 || d == 0 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "linear: Lipschitz: X is %dx%d", m, d)
	}
	if err := finite(X); err != nil {
		return 0, err
	}
	// L(c X) = c^2 L(X): X far outside the ordinary range is multiplied by
	// an exact power of two c first, so that X^T X neither underflows nor
	// overflows (issue 20), and L is divided by c^2 after; an L beyond
	// float64 is refused (ErrNotFinite).
	if Xs, c := matx.Prescale(X); c != 1 {
		L, err := Lipschitz(Xs)
		if err != nil {
			return 0, err
		}
		L = L / c / c
		if math.IsInf(L, 0) {
			return 0, featlab.Errorf(featlab.ErrNotFinite, "linear: Lipschitz: L = lambda_max(X^T X / m) overflows float64 on X of scale %g", 1/c)
		}
		return L, nil
	}
	var s mat.SymDense
	s.SymOuterK(1/float64(m), mat.DenseCopyOf(X).T())
	var es mat.EigenSym
	if !es.Factorize(&s, false) {
		return 0, featlab.Errorf(featlab.ErrNotConverged, "linear: Lipschitz: eigenvalues of X^T X / m did not converge")
	}
	vals := es.Values(nil)
	return math.Max(vals[len(vals)-1], 0), nil
}

// ProximalGradientStep returns one step of proximal gradient descent on
// the objective above from w with step size 1/L (Zhou eq. 11.11-11.14):
//
//	z = w - (1/L) grad f(w),  grad f(w) = (1/m) X^T (X w - y),
//	w+ = S_{lambda/L}(z)      (soft thresholding, eq. 11.14 / 25.7).
//
// L must be at least Lipschitz(X) for the step to decrease F; any L > 0
// is accepted. lambda >= 0.
func ProximalGradientStep(X mat.Matrix, y, w []float64, lambda, L float64) ([]float64, error) {
	m, d, err := stepInput("ProximalGradientStep", X, y, w, lambda)
	if err != nil {
		return nil, err
	}
	if !(L > 0) || math.IsInf(L, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: ProximalGradientStep: L = %v, want a finite L > 0", L)
	}
	var r, g mat.VecDense
	r.MulVec(X, mat.NewVecDense(d, append([]float64(nil), w...)))
	r.SubVec(&r, mat.NewVecDense(m, append([]float64(nil), y...)))
	g.MulVec(X.T(), &r)
	z := make([]float64, d)
	for j := range z {
		z[j] = w[j] - g.AtVec(j)/(float64(m)*L)
		if math.IsNaN(z[j]) || math.IsInf(z[j], 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "linear: ProximalGradientStep: the gradient step overflows at coordinate %d (X or y near the float64 limit: rescale them)", j)
		}
	}
	return SoftThresholdVec(nil, z, lambda/L), nil
}

// CoordinateStep returns w after one exact coordinate-descent update of
// coordinate j for the objective above: with the partial residual
// r = y - X w + x_j w_j,
//
//	w_j <- S_lambda(<x_j, r>/m) / (||x_j||^2/m),
//
// eq. 25.7 applied to the one-dimensional problem in w_j. A zero column
// gets w_j = 0. The other coordinates are unchanged; w is not modified.
func CoordinateStep(X mat.Matrix, y, w []float64, lambda float64, j int) ([]float64, error) {
	m, d, err := stepInput("CoordinateStep", X, y, w, lambda)
	if err != nil {
		return nil, err
	}
	if j < 0 || j >= d {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CoordinateStep: coordinate %d out of range [0, %d)", j, d)
	}
	out := append([]float64(nil), w...)
	var xr, xx float64
	for i := 0; i < m; i++ {
		pred := 0.0
		for k := 0; k < d; k++ {
			if k != j {
				pred += X.At(i, k) * w[k]
			}
		}
		xij := X.At(i, j)
		xr += xij * (y[i] - pred)
		xx += xij * xij
	}
	if xx == 0 {
		out[j] = 0
		return out, nil
	}
	out[j] = SoftThreshold(xr/float64(m), lambda) / (xx / float64(m))
	if math.IsInf(xx, 0) || math.IsInf(xr, 0) || math.IsNaN(out[j]) || math.IsInf(out[j], 0) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "linear: CoordinateStep: the update of coordinate %d overflows (column %d or y near the float64 limit: rescale them)", j, j)
	}
	return out, nil
}

// Maurey returns a k-sparse approximation of w by Maurey's empirical
// method: draw k indices independently with probability |w_j|/||w||_1 and
// return the average of the k vectors ||w||_1 sign(w_j) e_j. The result has
// at most k nonzero entries, the same l1 norm as w, expectation w, and
// E||result - w||_2^2 <= ||w||_1^2 / k: a vector of small l1 norm is close
// to a sparse one, which is why the l1 norm is a good convex stand-in for
// the l0 count (25.1.3). Same seed, same result.
func Maurey(w []float64, k int, seed uint64) ([]float64, error) {
	if len(w) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "linear: Maurey: w is empty")
	}
	if k < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: Maurey: k = %d, want k >= 1", k)
	}
	norm := 0.0
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "linear: Maurey: w[%d] = %v", j, v)
		}
		norm += math.Abs(v)
	}
	if math.IsInf(norm, 0) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "linear: Maurey: ||w||_1 overflows float64 (rescale w)")
	}
	out := make([]float64, len(w))
	if norm == 0 {
		return out, nil
	}
	r := rand.New(rand.NewPCG(seed, 0x6d61757265790000))
	for t := 0; t < k; t++ {
		u, j, acc := r.Float64()*norm, 0, math.Abs(w[0])
		for acc <= u && j < len(w)-1 { // the first j with |w_0| + ... + |w_j| > u
			j++
			acc += math.Abs(w[j])
		}
		out[j] += math.Copysign(norm, w[j]) / float64(k)
	}
	return out, nil
}

func stepInput(name string, X mat.Matrix, y, w []float64, lambda float64) (m, d int, err error) {
	if featlab.IsNil(X) {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "linear: %s: X is nil", name)
	}
	m, d = X.Dims()
	if m == 0 || d == 0 {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "linear: %s: X is %dx%d", name, m, d)
	}
	if len(y) != m {
		return 0, 0, featlab.Errorf(featlab.ErrShape, "linear: %s: len(y) = %d, X has %d rows", name, len(y), m)
	}
	if len(w) != d {
		return 0, 0, featlab.Errorf(featlab.ErrShape, "linear: %s: len(w) = %d, X has %d columns", name, len(w), d)
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return 0, 0, featlab.Errorf(featlab.ErrParam, "linear: %s: lambda = %v, want a finite lambda >= 0", name, lambda)
	}
	if err := finite(X); err != nil {
		return 0, 0, err
	}
	for i, v := range y {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, 0, featlab.Errorf(featlab.ErrNotFinite, "linear: %s: y = %v at row %d", name, v, i)
		}
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, 0, featlab.Errorf(featlab.ErrNotFinite, "linear: %s: w[%d] = %v", name, j, v)
		}
	}
	return m, d, nil
}

func finite(X mat.Matrix) error {
	m, d := X.Dims()
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			if v := X.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return featlab.Wrap(featlab.NotFiniteCell(v, i, fmt.Sprintf("column %d", j)), "linear")
			}
		}
	}
	return nil
}
