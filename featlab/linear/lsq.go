package linear

import (
	"math"

	"github.com/featlab/course/featlab/internal/design"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// LeastSquaresConfig configures LeastSquares. The zero value fits
// min_w ||Xw - y||^2 without an intercept.
type LeastSquaresConfig struct {
	// Intercept fits an unpenalised intercept by centring X and y.
	// Default false.
	Intercept bool
}

// LeastSquaresResult is a least-squares fit and the numerical rank of the
// (centred) design it was computed from.
type LeastSquaresResult struct {
	Model
	// Rank is the numerical rank of X (centred when Intercept is set).
	Rank int
	// MinNorm reports that X was rank-deficient (or wide) and Coef is the
	// minimum-norm minimiser.
	MinNorm bool
}

// LeastSquares minimises ||Xw - y||^2 (any positive scaling, such as the
// (1/2m) of eq. 25.8 with lambda = 0, has the same minimiser), Zhou's eq.
// 11.5, scikit-learn's LinearRegression.
//
// When X has full column rank the solution comes from a Householder QR
// factorisation, X = QR, w = R^{-1} Q^T y. When X is rank-deficient (the
// condition number of R exceeds 1/(eps max(m, d))) or has more columns than
// rows, the minimiser is not unique and LeastSquares returns the one of
// minimum Euclidean norm, from the SVD with singular values below
// eps max(m, d) s_max treated as zero (the rule of numpy's and scipy's
// lstsq, hence identical to LinearRegression's answer).
func LeastSquares(X mat.Matrix, y []float64, cfg LeastSquaresConfig) (*LeastSquaresResult, error) {
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	A := ds.DenseCentred()
	m, d := ds.M, ds.D
	rtol := eps * float64(max(m, d))
	yv := mat.NewVecDense(m, ds.Y)
	res := &LeastSquaresResult{}
	if m >= d {
		var qr mat.QR
		qr.Factorize(A)
		if qr.Cond() < 1/rtol {
			w := mat.NewVecDense(d, nil)
			if err := qr.SolveVecTo(w, false, yv); err == nil {
				res.Coef = w.RawVector().Data
				res.Rank = d
				res.Intercept = ds.Intercept(res.Coef)
				if err := finiteModel(&res.Model, "least-squares"); err != nil {
					return nil, err
				}
				return res, nil
			}
		}
	}
	var svd mat.SVD
	if !svd.Factorize(A, mat.SVDThin) {
		return nil, featlab.Errorf(featlab.ErrNotConverged, "SVD of the %dx%d design", m, d)
	}
	s := svd.Values(nil)
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	cut := rtol * s[0]
	w := make([]float64, d)
	uty := mat.NewVecDense(len(s), nil)
	uty.MulVec(u.T(), yv)
	for k, sk := range s {
		if sk <= cut || sk == 0 {
			continue
		}
		res.Rank++
		c := uty.AtVec(k) / sk
		for j := 0; j < d; j++ {
			w[j] += c * v.At(j, k)
		}
	}
	res.Coef = w
	res.MinNorm = true
	res.Intercept = ds.Intercept(w)
	if err := finiteModel(&res.Model, "least-squares"); err != nil {
		return nil, err
	}
	return res, nil
}

// finiteModel returns an ErrNotFinite error when a fitted weight or the
// intercept overflowed (a solution too large for float64, as for nearly
// singular X at extreme scales).
func finiteModel(md *Model, what string) error {
	for j, v := range md.Coef {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "%s weight %d is %v: the solution is not representable at this data scale", what, j, v)
		}
	}
	if math.IsNaN(md.Intercept) || math.IsInf(md.Intercept, 0) {
		return featlab.Errorf(featlab.ErrNotFinite, "%s intercept is %v: the solution is not representable at this data scale", what, md.Intercept)
	}
	return nil
}

const eps = 0x1p-52

// RidgeObjective selects the scaling of the ridge objective, which fixes
// what lambda means. All three have the same family of solutions.
type RidgeObjective int

const (
	// RidgeHalfMean is (1/2m)||Xw - y||^2 + lambda ||w||^2, the book's
	// squared loss with its 1/2; its minimiser is the closed form printed in
	// Shalev-Shwartz 25.2, (2 lambda m I + X^T X)^{-1} X^T y, and Remark
	// 25.4's one-dimensional solution. scikit-learn's Ridge(alpha) is
	// alpha = 2 m lambda. The default.
	RidgeHalfMean RidgeObjective = iota
	// RidgeMean is (1/m)||Xw - y||^2 + lambda ||w||^2, the objective printed
	// beside the closed form in 25.2; its minimiser is
	// (lambda m I + X^T X)^{-1} X^T y. scikit-learn's alpha = m lambda.
	RidgeMean
	// RidgeSum is ||Xw - y||^2 + lambda ||w||^2, Zhou's eq. 11.6 with sums;
	// lambda is scikit-learn's Ridge alpha as is. Minimiser
	// (lambda I + X^T X)^{-1} X^T y.
	RidgeSum
)

// String names the objective.
func (o RidgeObjective) String() string {
	switch o {
	case RidgeHalfMean:
		return "(1/2m)||Xw-y||^2 + lambda||w||^2"
	case RidgeMean:
		return "(1/m)||Xw-y||^2 + lambda||w||^2"
	case RidgeSum:
		return "||Xw-y||^2 + lambda||w||^2"
	}
	return "RidgeObjective(?)"
}

// shift returns the ridge term c with (X^T X + c I) w = X^T y.
func (o RidgeObjective) shift(lambda float64, m int) float64 {
	switch o {
	case RidgeMean:
		return lambda * float64(m)
	case RidgeSum:
		return lambda
	}
	return 2 * lambda * float64(m)
}

// RidgeConfig configures Ridge. The zero value is lambda = 0 (ordinary
// least squares) in the book's scaling without an intercept.
type RidgeConfig struct {
	// Lambda >= 0 is the regularization parameter, in the scaling chosen by
	// Objective. Default 0, which gives LeastSquares.
	Lambda float64
	// Objective selects the scaling (what Lambda means). Default
	// RidgeHalfMean, (1/2m)||Xw - y||^2 + lambda ||w||^2.
	Objective RidgeObjective
	// Intercept fits an unpenalised intercept by centring X and y.
	// Default false.
	Intercept bool
}

// RidgeResult is a ridge fit.
type RidgeResult struct {
	Model
	// Lambda and Objective are those of the config.
	Lambda    float64
	Objective RidgeObjective
}

// Ridge returns the ridge regression (Tikhonov) solution
//
//	w = (X^T X + c I)^{-1} X^T y,
//
// with c = 2 m lambda for RidgeHalfMean (the default: minimiser of
// (1/2m)||Xw - y||^2 + lambda ||w||^2, Shalev-Shwartz 25.2), c = m lambda for
// RidgeMean ((1/m)||Xw - y||^2 + lambda ||w||^2) and c = lambda for RidgeSum
// (Zhou eq. 11.6; scikit-learn's Ridge(alpha=lambda)). With Intercept, X and
// y are centred first and b = mean(y) - mean(X) w.
//
// It solves the d x d system by Cholesky when d <= m and the m x m dual
// system w = X^T (X X^T + c I)^{-1} y otherwise. Lambda = 0 is
// LeastSquares (minimum-norm when X is rank-deficient).
func Ridge(X mat.Matrix, y []float64, cfg RidgeConfig) (*RidgeResult, error) {
	if !(cfg.Lambda >= 0) || math.IsInf(cfg.Lambda, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "ridge lambda = %v must be finite and >= 0", cfg.Lambda)
	}
	if cfg.Objective < RidgeHalfMean || cfg.Objective > RidgeSum {
		return nil, featlab.Errorf(featlab.ErrParam, "ridge objective %d unknown", int(cfg.Objective))
	}
	if cfg.Lambda == 0 {
		r, err := LeastSquares(X, y, LeastSquaresConfig{Intercept: cfg.Intercept})
		if err != nil {
			return nil, err
		}
		return &RidgeResult{Model: r.Model, Objective: cfg.Objective}, nil
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	A := ds.DenseCentred()
	m, d := ds.M, ds.D
	c := cfg.Objective.shift(cfg.Lambda, m)
	yv := mat.NewVecDense(m, ds.Y)
	w := mat.NewVecDense(d, nil)
	if d <= m {
		var G mat.SymDense
		G.SymOuterK(1, A.T())
		for j := 0; j < d; j++ {
			G.SetSym(j, j, G.At(j, j)+c)
		}
		var ch mat.Cholesky
		if !ch.Factorize(&G) {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "ridge system X^T X + %v I is not numerically positive definite", c)
		}
		b := mat.NewVecDense(d, nil)
		b.MulVec(A.T(), yv)
		if err := ch.SolveVecTo(w, b); err != nil {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "ridge solve: %v", err)
		}
	} else {
		var K mat.SymDense
		K.SymOuterK(1, A)
		for i := 0; i < m; i++ {
			K.SetSym(i, i, K.At(i, i)+c)
		}
		var ch mat.Cholesky
		if !ch.Factorize(&K) {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "ridge dual system X X^T + %v I is not numerically positive definite", c)
		}
		a := mat.NewVecDense(m, nil)
		if err := ch.SolveVecTo(a, yv); err != nil {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "ridge solve: %v", err)
		}
		w.MulVec(A.T(), a)
	}
	md := &RidgeResult{Model: Model{Coef: w.RawVector().Data}, Lambda: cfg.Lambda, Objective: cfg.Objective}
	md.Intercept = ds.Intercept(md.Coef)
	if err := finiteModel(&md.Model, "ridge"); err != nil {
		return nil, err
	}
	return md, nil
}
