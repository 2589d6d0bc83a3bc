package represent

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

// PCRConfig configures principal components regression (FitPCR).
type PCRConfig struct {
	// Components is M, the largest number of principal components, 1 <= M
	// <= min(m-1, d). Default (0): min(m-1, d).
	Components int
	// NoScale only centres the columns of X; by default each is also
	// divided by its sample standard deviation (R pls's scale = TRUE, ESL's
	// standardized inputs). The target is centred.
	NoScale bool
	// Names of the features; nil: x1..xd.
	Names []string
}

// PCRResult is a fitted principal components regression path: the models
// with k = 0..M components (ComponentPath, one target) and the PCA of the
// standardized X they regress on.
type PCRResult struct {
	ComponentPath
	// PCA is the PCA (K = M) of Z, the centred and scaled X: its
	// Components are the directions v_1..v_M, its SingularValues the s_j.
	PCA *PCA
	// Theta[k] is theta_{k+1} = <z_{k+1}, y> / <z_{k+1}, z_{k+1}>, the
	// coefficient of the (k+1)-th principal component z_{k+1} = Z v_{k+1}.
	Theta []float64
}

// FitPCR fits principal components regression (ESL 3.5.1): with Z the
// standardized X (each column centred and divided by its sample standard
// deviation, divisor m - 1) and PCA's directions v_1, v_2, ... of Z (the
// right singular vectors, decreasing singular values s_j), the derived
// inputs z_m = Z v_m are orthogonal, so y is regressed on each alone:
//
//	yhat_k = mean(y) + sum_{m<=k} theta_m z_m,   theta_m = <z_m, y> / s_m^2,
//	beta_k = sum_{m<=k} theta_m v_m          (standardized coefficients),
//
// mapped to original units as ComponentPath states. With M = d (m > d)
// the fit is least squares; fewer components shrink the coefficients along
// the low-variance directions of Z.
//
// It matches R pls 2.8's pcr(y ~ X, ncomp = M, scale = TRUE): coef(fit,
// ncomp = k, intercept = TRUE) are Coefs[k] and Intercepts[k].
//
// Errors: X and y empty, non-finite or of different lengths (ErrEmpty,
// ErrNotFinite, ErrShape); a constant column when scaling (ErrConstant);
// Components outside [1, min(m-1, d)] (ErrParam); a kept component of
// zero variance, M above the rank of Z (ErrConstant).
func FitPCR(X mat.Matrix, y []float64, cfg PCRConfig) (*PCRResult, error) {
	m, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	M, err := checkComponents(cfg.Components, m, d, "PCR")
	if err != nil {
		return nil, err
	}
	z, xmean, xsd, err := standardize(X, !cfg.NoScale, "PCR")
	if err != nil {
		return nil, err
	}
	pca, err := FitPCA(z, PCAConfig{K: M})
	if err != nil {
		return nil, err
	}
	cut := 2.220446049250313e-16 * float64(max(m, d)) * pca.SingularValues[0]
	ymean := 0.0
	for _, v := range y {
		ymean += v
	}
	ymean /= float64(m)
	yc := make([]float64, m)
	for i, v := range y {
		yc[i] = v - ymean
	}
	// Z^T y_c once; <z_k, y_c> = v_k^T (Z^T y_c).
	zty := mat.NewVecDense(d, nil)
	zty.MulVec(z.T(), mat.NewVecDense(m, yc))
	theta := make([]float64, M)
	B := make([]*mat.Dense, M)
	beta := make([]float64, d)
	for k := 0; k < M; k++ {
		s := pca.SingularValues[k]
		if s <= cut {
			return nil, featlab.Errorf(featlab.ErrConstant, "represent: PCR: component %d of %d has zero variance (Components above the rank of the standardized X); use Components <= %d", k+1, M, k)
		}
		v := pca.Components.RawRowView(k)
		theta[k] = kernel.Dot(v, zty.RawVector().Data) / (s * s)
		axpy(theta[k], v, beta)
		B[k] = mat.NewDense(d, 1, append([]float64(nil), beta...))
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	res := &PCRResult{
		ComponentPath: *newComponentPath(B, xmean, xsd, []float64{ymean}, append([]string(nil), names...)),
		PCA:           pca,
		Theta:         theta,
	}
	if err := res.ComponentPath.finite("PCR"); err != nil {
		return nil, err
	}
	return res, nil
}

// Fit fits PCR with cfg.Components components and returns its model
// (featlab.Learner).
func (cfg PCRConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	res, err := FitPCR(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return res.Model(res.M), nil
}
