package knockoff

import (
	"context"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
)

// Statistic chooses the knockoff statistic W.
type Statistic int

const (
	// CoefDiff is the lasso coefficient difference W_j = |b_j| - |b~_j|
	// of a lasso fit of y on [X X~] (Candès et al. 2018, section 3.2; R
	// knockoff's stat.glmnet_coefdiff) at the configured Lambda, or at
	// the cross-validated lambda_min when Lambda is 0. The default.
	CoefDiff Statistic = iota
	// SignedMax is the lasso signed max (Barber and Candès 2015, section
	// 2.2): with Z_j the largest lambda at which feature j is non-zero on
	// the lasso path of y on [X X~], W_j = max(Z_j, Z~_j) sign(Z_j - Z~_j).
	SignedMax
)

// String names the statistic.
func (s Statistic) String() string {
	if s == SignedMax {
		return "lasso signed max"
	}
	return "lasso coefficient difference"
}

// checkPair validates X, its knockoffs and y for the statistics.
func checkPair(X, Xk mat.Matrix, y []float64) error {
	if _, _, err := featlab.CheckXY(X, y, nil); err != nil {
		return err
	}
	if err := featlab.CheckMatrix(Xk, nil); err != nil {
		return featlab.Wrap(err, "knockoffs")
	}
	m, d := X.Dims()
	if mk, dk := Xk.Dims(); mk != m || dk != d {
		return featlab.Errorf(featlab.ErrShape, "X is %dx%d but the knockoffs are %dx%d", m, d, mk, dk)
	}
	return nil
}

// joined returns [X X~] as one m x 2d matrix.
func joined(X, Xk mat.Matrix) *mat.Dense {
	m, d := X.Dims()
	A := mat.NewDense(m, 2*d, nil)
	A.Slice(0, m, 0, d).(*mat.Dense).Copy(X)
	A.Slice(0, m, d, 2*d).(*mat.Dense).Copy(Xk)
	return A
}

// CoefDiffW returns W_j = |b_j| - |b_{j+d}| for the lasso fit b of y on
// [X X~] ((1/2m)||[X X~] b - y||^2 + lambda ||b||_1, linear.Lasso) and the
// lambda used. lambda = 0 chooses lambda_min by 5-fold linear.LassoCV
// (folds from seed). The fit has an intercept when intercept is true.
// Errors: as SignedMaxW, and a negative or non-finite lambda (ErrParam).
func CoefDiffW(X, Xk mat.Matrix, y []float64, lambda float64, intercept bool, seed uint64) (W []float64, lam float64, err error) {
	return coefDiffW(context.Background(), X, Xk, y, lambda, intercept, seed)
}

// coefDiffW is CoefDiffW whose lasso CV and fit stop when ctx is done.
func coefDiffW(ctx context.Context, X, Xk mat.Matrix, y []float64, lambda float64, intercept bool, seed uint64) (W []float64, lam float64, err error) {
	if err := checkPair(X, Xk, y); err != nil {
		return nil, 0, featlab.Wrap(err, "knockoff.CoefDiffW")
	}
	if lambda < 0 || math.IsNaN(lambda) || math.IsInf(lambda, 0) {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "knockoff.CoefDiffW: lambda = %v must be finite and >= 0", lambda)
	}
	_, d := X.Dims()
	A := joined(X, Xk)
	lam = lambda
	if lam == 0 {
		cv, err := linear.LassoCVContext(ctx, A, y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: intercept}, Seed: seed, Workers: 1})
		if err != nil {
			return nil, 0, featlab.Wrap(err, "lasso CV on [X X~]")
		}
		lam = cv.LambdaMin
	}
	fit, err := linear.LassoContext(ctx, A, y, linear.LassoConfig{Lambda: lam, Intercept: intercept})
	if err != nil {
		return nil, 0, featlab.Wrap(err, "lasso on [X X~]")
	}
	W = make([]float64, d)
	for j := range W {
		W[j] = math.Abs(fit.Coef[j]) - math.Abs(fit.Coef[j+d])
	}
	return W, lam, nil
}

// SignedMaxW returns the signed-max statistic W_j = max(Z_j, Z~_j)
// sign(Z_j - Z~_j), Z_j the largest lambda of a lasso path of y on
// [X X~] (linear.LassoPath: nLambdas values from lambda_max down to
// 1e-3 lambda_max, geometric) at which column j is non-zero, 0 if never.
// Ties on the grid give W_j = 0. nLambdas = 0 means 200. Errors: X, X~
// and y of disagreeing shapes (ErrShape), not finite (ErrNotFinite),
// nLambdas < 0 (ErrParam).
func SignedMaxW(X, Xk mat.Matrix, y []float64, nLambdas int, intercept bool) ([]float64, error) {
	return signedMaxW(context.Background(), X, Xk, y, nLambdas, intercept)
}

// signedMaxW is SignedMaxW whose lasso path stops when ctx is done.
func signedMaxW(ctx context.Context, X, Xk mat.Matrix, y []float64, nLambdas int, intercept bool) ([]float64, error) {
	if err := checkPair(X, Xk, y); err != nil {
		return nil, featlab.Wrap(err, "knockoff.SignedMaxW")
	}
	if nLambdas < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "knockoff.SignedMaxW: nLambdas = %d must be >= 0", nLambdas)
	}
	_, d := X.Dims()
	if nLambdas == 0 {
		nLambdas = 200
	}
	p, err := linear.LassoPathContext(ctx, joined(X, Xk), y, linear.LassoPathConfig{NLambdas: nLambdas, Intercept: intercept})
	if err != nil {
		return nil, featlab.Wrap(err, "lasso path on [X X~]")
	}
	z := make([]float64, 2*d)
	for j, k := range p.Entry {
		if k >= 0 {
			z[j] = p.Lambdas[k]
		}
	}
	W := make([]float64, d)
	for j := range W {
		a, b := z[j], z[j+d]
		switch {
		case a > b:
			W[j] = a
		case b > a:
			W[j] = -b
		}
	}
	return W, nil
}

// Threshold returns the knockoff threshold of the statistics W at target
// FDR q (Barber and Candès 2015, section 2.3):
//
//	T = min{ t in {|W_j| : W_j != 0} : (offset + #{j: W_j <= -t}) / max(1, #{j: W_j >= t}) <= q },
//
// with offset 1 for knockoff+ (plus = true; FDR <= q exactly) and 0 for
// the knockoff filter (a modified FDR <= q). When no t qualifies T is
// +Inf and nothing is selected. The selected features are those with
// W_j >= T. Cost O(d log d). Errors: q outside (0, 1], a NaN in W (ErrParam,
// ErrNotFinite).
func Threshold(W []float64, q float64, plus bool) (float64, error) {
	if !(q > 0 && q <= 1) {
		return 0, featlab.Errorf(featlab.ErrParam, "knockoff.Threshold: q = %v must be in (0, 1]", q)
	}
	var pos, neg []float64 // W_j > 0 and |W_j| for W_j < 0, ascending
	for j, w := range W {
		if math.IsNaN(w) {
			return 0, featlab.Errorf(featlab.ErrNotFinite, "knockoff.Threshold: W[%d] is NaN", j)
		}
		if w > 0 {
			pos = append(pos, w)
		} else if w < 0 {
			neg = append(neg, -w)
		}
	}
	sort.Float64s(pos)
	sort.Float64s(neg)
	ts := append(append([]float64(nil), pos...), neg...)
	sort.Float64s(ts)
	offset := 0.0
	if plus {
		offset = 1
	}
	// #{W_j >= t} and #{W_j <= -t} by binary search: O(d log d) in all
	for _, t := range ts {
		np := len(pos) - sort.SearchFloat64s(pos, t)
		nn := len(neg) - sort.SearchFloat64s(neg, t)
		if (offset+float64(nn))/math.Max(1, float64(np)) <= q {
			return t, nil
		}
	}
	return math.Inf(1), nil
}
