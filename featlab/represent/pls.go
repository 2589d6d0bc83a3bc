package represent

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
)

// ComponentPath is the record principal components regression and partial
// least squares share: the linear models with k = 0, 1, ..., M components,
// each in the original units of X and Y,
//
//	yhat_t(x) = Intercepts[k][t] + sum_j Coefs[k][j, t] x_j,
//
// where k = 0 is the model that predicts the training mean of each target.
// Every model is fitted on the standardized data z_j = (x_j - XMean[j]) /
// XScale[j] with centred targets (R pls's scale = TRUE, or centring only
// with NoScale) and mapped back: the coefficient of x_j is the
// standardized one divided by XScale[j], and the intercept is YMean[t] -
// sum_j XMean[j] Coefs[k][j, t].
type ComponentPath struct {
	// M is the largest number of components.
	M int
	// Names of the d features (x1..xd when the config has none).
	Names []string
	// XMean is the column mean of the training X; XScale its sample
	// standard deviation (divisor m - 1), or all ones with NoScale.
	XMean, XScale []float64
	// YMean is the training mean of each target.
	YMean []float64
	// Coefs[k] is the d x r coefficient matrix with k components (k =
	// 0..M; Coefs[0] is zero), original units, one column per target.
	Coefs []*mat.Dense
	// Intercepts[k][t] is the intercept of target t with k components.
	Intercepts [][]float64
}

func (p *ComponentPath) checkK(where string, k int) {
	if p == nil || p.Coefs == nil {
		panic("represent: " + where + " on a nil or unfitted result")
	}
	if k < 0 || k > p.M {
		panic(featlab.Errorf(featlab.ErrParam, "represent: %s: %d components outside [0, %d]", where, k, p.M).Error())
	}
}

// Model returns the linear model of the first target (the only one of PCR
// and PLS1) with k components, 0 <= k <= M; k outside is a programmer
// error and panics.
func (p *ComponentPath) Model(k int) *linear.Model { return p.TargetModel(k, 0) }

// TargetModel returns the linear model of target t with k components.
// k or t out of range is a programmer error and panics.
func (p *ComponentPath) TargetModel(k, t int) *linear.Model {
	p.checkK("Model", k)
	_, r := p.Coefs[k].Dims()
	if t < 0 || t >= r {
		panic(featlab.Errorf(featlab.ErrParam, "represent: Model: target %d outside [0, %d)", t, r).Error())
	}
	return &linear.Model{Coef: mat.Col(nil, t, p.Coefs[k]), Intercept: p.Intercepts[k][t]}
}

// Predict returns the m x r predictions of the model with k components
// for the rows of X (k outside [0, M] is an ErrParam error).
func (p *ComponentPath) Predict(X mat.Matrix, k int) (*mat.Dense, error) {
	if p == nil || p.Coefs == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: Predict before Fit")
	}
	if k < 0 || k > p.M {
		return nil, featlab.Errorf(featlab.ErrParam, "represent: Predict: %d components outside [0, %d]", k, p.M)
	}
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	if err := checkWidth(X, len(p.XMean), "X"); err != nil {
		return nil, err
	}
	m, _ := X.Dims()
	_, r := p.Coefs[k].Dims()
	out := mat.NewDense(m, r, nil)
	out.Mul(X, p.Coefs[k])
	for i := 0; i < m; i++ {
		row := out.RawRowView(i)
		for t := range row {
			row[t] += p.Intercepts[k][t]
		}
	}
	return out, nil
}

// PredictPath returns the predictions of the first target for the rows of
// X by every model of the path: out[k] for k = 0..M components (the
// shape validate.CrossValidatePath asks for).
func (p *ComponentPath) PredictPath(X mat.Matrix) ([][]float64, error) {
	if p == nil || p.Coefs == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: PredictPath before Fit")
	}
	out := make([][]float64, p.M+1)
	for k := range out {
		yk, err := p.Model(k).Predict(X)
		if err != nil {
			return nil, err
		}
		out[k] = yk
	}
	return out, nil
}

// newComponentPath maps the standardized coefficient matrices B[k-1]
// (d x r, k = 1..M) to original units.
func newComponentPath(B []*mat.Dense, xmean, xscale, ymean []float64, names []string) *ComponentPath {
	d, r := len(xmean), len(ymean)
	p := &ComponentPath{M: len(B), Names: names, XMean: xmean, XScale: xscale, YMean: ymean}
	p.Coefs = make([]*mat.Dense, len(B)+1)
	p.Intercepts = make([][]float64, len(B)+1)
	p.Coefs[0] = mat.NewDense(d, r, nil)
	p.Intercepts[0] = append([]float64(nil), ymean...)
	for k, b := range B {
		c := mat.NewDense(d, r, nil)
		icpt := append([]float64(nil), ymean...)
		for j := 0; j < d; j++ {
			for t := 0; t < r; t++ {
				v := b.At(j, t) / xscale[j]
				c.Set(j, t, v)
				icpt[t] -= xmean[j] * v
			}
		}
		p.Coefs[k+1], p.Intercepts[k+1] = c, icpt
	}
	return p
}

// finite reports an error wrapping ErrNotFinite when a coefficient in X's
// units overflowed (X of subnormal scale: b / sd is beyond float64).
func (p *ComponentPath) finite(where string) error {
	for k, c := range p.Coefs {
		for _, v := range c.RawMatrix().Data {
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return featlab.Errorf(featlab.ErrNotFinite, "represent: %s: the coefficients of %d components in X's units overflow; rescale X", where, k)
			}
		}
	}
	for k, icpt := range p.Intercepts {
		for _, v := range icpt {
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return featlab.Errorf(featlab.ErrNotFinite, "represent: %s: the intercept of %d components overflows; rescale X", where, k)
			}
		}
	}
	return nil
}

// standardize returns a row-major copy Z of X with column j centred by
// its mean and, when scale is true, divided by its sample standard
// deviation (divisor m - 1, R's sd), and the means and scales. A column
// of zero spread is an ErrConstant error when scale is true.
func standardize(X mat.Matrix, scale bool, where string) (z *mat.Dense, mean, sd []float64, err error) {
	x, m, d := kernel.DenseRows(X)
	if err := kernel.CheckScale(x, "represent", "X"); err != nil {
		return nil, nil, nil, err
	}
	mean = columnMeans(x, m, d)
	zd := make([]float64, m*d)
	for i := 0; i < m; i++ {
		for j, v := range x[i*d : (i+1)*d] {
			zd[i*d+j] = v - mean[j]
		}
	}
	sd = make([]float64, d)
	for j := range sd {
		sd[j] = 1
	}
	if scale {
		// The squares are summed on each column times an exact power of
		// two (1 for columns of everyday size, so their bits are kept):
		// a column at 1e-300 would otherwise square to 0 and look constant.
		big := make([]float64, d)
		for i := 0; i < m; i++ {
			for j, v := range zd[i*d : (i+1)*d] {
				big[j] = math.Max(big[j], math.Abs(v))
			}
		}
		for j := range big {
			big[j] = matx.Pow2Scale(big[j])
		}
		ss := make([]float64, d)
		for i := 0; i < m; i++ {
			for j, v := range zd[i*d : (i+1)*d] {
				v *= big[j]
				ss[j] += v * v
			}
		}
		for j := range sd {
			sd[j] = math.Sqrt(ss[j]/float64(m-1)) / big[j]
			if !(sd[j] > 0) {
				return nil, nil, nil, featlab.Errorf(featlab.ErrConstant, "represent: %s: column %d is constant (scaling divides by its standard deviation)", where, j)
			}
		}
		for i := 0; i < m; i++ {
			row := zd[i*d : (i+1)*d]
			for j := range row {
				row[j] /= sd[j]
			}
		}
	}
	return mat.NewDense(m, d, zd), mean, sd, nil
}

// checkComponents resolves the number of components: 0 means min(m-1, d),
// the most R pls allows; anything outside [1, min(m-1, d)] is ErrParam.
func checkComponents(k, m, d int, where string) (int, error) {
	hi := min(m-1, d)
	if hi < 1 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "represent: %s needs 2 rows or more, has %d", where, m)
	}
	if k == 0 {
		k = hi
	}
	if k < 1 || k > hi {
		return 0, featlab.Errorf(featlab.ErrParam, "represent: %s: Components = %d outside [1, min(m-1, d) = %d]", where, k, hi)
	}
	return k, nil
}

// PLSConfig configures partial least squares (FitPLS, FitPLS2).
type PLSConfig struct {
	// Components is M, the largest number of PLS directions, 1 <= M <=
	// min(m-1, d). Default (0): min(m-1, d).
	Components int
	// NoScale only centres the columns of X; by default each is also
	// divided by its sample standard deviation (R pls's scale = TRUE, ESL's
	// standardized inputs). The targets are centred, never scaled.
	NoScale bool
	// Names of the features; nil: x1..xd.
	Names []string
}

// PLSResult is a fitted partial least squares path: the models with k =
// 0..M directions (ComponentPath) and the directions themselves, in the
// standardized units of Z (the centred and scaled X).
type PLSResult struct {
	ComponentPath
	// Weights is the d x M matrix W of weight vectors w_k (unit length).
	Weights *mat.Dense
	// Loadings is the d x M matrix P of X loadings p_k = Z_k^T t_k /
	// t_k^T t_k.
	Loadings *mat.Dense
	// YLoadings is the r x M matrix Q of target loadings q_k = Y^T t_k /
	// t_k^T t_k.
	YLoadings *mat.Dense
	// Projection is the d x M matrix R = W (P^T W)^{-1}, whose columns
	// map Z to the scores: T = Z R.
	Projection *mat.Dense
	// Scores is the m x M matrix T of the training scores t_k (mutually
	// orthogonal).
	Scores *mat.Dense
	// Directions is the number of directions extracted, M unless the fit
	// reached least squares first: when ||Z_k^T Y_c|| (Frobenius) falls to
	// 1e-12 times ||Z^T Y_c||, the residual Y_c - fit is orthogonal to
	// every column of Z, every further direction would have zero
	// loadings, and so Coefs[k'] = Coefs[k] for k' > k = Directions; the
	// columns of W, P, Q, R and T past Directions are zero.
	Directions int
}

// FitPLS fits PLS1, partial least squares regression of one target y on
// X, by NIPALS (ESL Algorithm 3.3, Wold 1966). With Z_1 = Z the
// standardized X and y_c = y - mean(y), for k = 1..M:
//
//	w_k = Z_k^T y_c / ||Z_k^T y_c||     (ESL: phi_k = <x_j^(k-1), y>)
//	t_k = Z_k w_k                        (the k-th PLS direction z_k)
//	p_k = Z_k^T t_k / (t_k^T t_k),  q_k = y_c^T t_k / (t_k^T t_k)
//	Z_{k+1} = Z_k - t_k p_k^T            (orthogonalize each column on t_k)
//
// so that the fit with k directions is yhat = mean(y) + sum_{a<=k} q_a t_a
// and, with r_a = w_a - sum_{b<a} (p_b^T w_a) r_b (the columns of W (P^T
// W)^{-1}, t_a = Z r_a), its standardized coefficients are beta_k =
// sum_{a<=k} q_a r_a. Each w_k maximises Corr^2(y, Z alpha) Var(Z alpha)
// over unit alpha orthogonal in S = Z^T Z to the previous ones (ESL
// 3.5.2). With M = rank(Z) the fit is least squares.
//
// The deflated Z_k are never formed: since Z_k w_k = Z r_k, Z_k^T t_k =
// Z^T t_k (t_k is orthogonal to t_1..t_{k-1}) and Z_{k+1}^T y_c = Z_k^T
// y_c - (t_k^T t_k) q_k p_k, each direction costs two passes over Z (t_k
// and p_k) instead of NIPALS's four, with the same w, t, p, q in exact
// arithmetic (Dayal and MacGregor 1997).
//
// It matches R pls 2.8's plsr(y ~ X, ncomp = M, scale = TRUE) (its
// default kernel algorithm gives the same model): coef(fit, ncomp = k,
// intercept = TRUE) are Coefs[k] and Intercepts[k] after mapping to
// original units, as ComponentPath states.
//
// Errors: X and y empty, non-finite or of different lengths (ErrEmpty,
// ErrNotFinite, ErrShape); a constant column when scaling (ErrConstant);
// Components outside [1, min(m-1, d)] (ErrParam); y constant or
// orthogonal to every column of X, Z^T y_c = 0 (ErrConstant). The fit
// reaching least squares before M directions is no error (see
// Directions).
func FitPLS(X mat.Matrix, y []float64, cfg PLSConfig) (*PLSResult, error) {
	m, _, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	return fitPLS(X, mat.NewDense(m, 1, append([]float64(nil), y...)), cfg)
}

// FitPLS2 fits PLS2, partial least squares of the r columns of Y on X:
// FitPLS's iteration with the weight w_k the dominant left singular
// vector of Z_k^T Y_c (d x r), the fixed point of the NIPALS inner loop
// (u <- Y c, w <- Z_k^T u/||.||, t <- Z_k w, c <- Y^T t/t^T t), computed
// here directly from the r x r eigenproblem of Y_c^T Z_k Z_k^T Y_c. Each
// target's coefficients are the columns of Coefs[k]; q_k is a vector of r
// loadings. With r = 1 it is FitPLS. It matches R pls's plsr(Y ~ X,
// scale = TRUE) with a matrix response. Errors as FitPLS, and Y's rows
// must match X's (ErrShape).
func FitPLS2(X, Y mat.Matrix, cfg PLSConfig) (*PLSResult, error) {
	if err := featlab.CheckMatrix(X, cfg.Names); err != nil {
		return nil, err
	}
	if _, _, err := checkData(Y, "Y"); err != nil {
		return nil, err
	}
	m, _ := X.Dims()
	if my, _ := Y.Dims(); my != m {
		return nil, featlab.Errorf(featlab.ErrShape, "represent: PLS2: Y has %d rows, X %d", my, m)
	}
	return fitPLS(X, mat.DenseCopyOf(Y), cfg)
}

// Fit fits PLS1 with cfg.Components directions and returns its model
// (featlab.Learner).
func (cfg PLSConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	res, err := FitPLS(X, y, cfg)
	if err != nil {
		return nil, err
	}
	return res.Model(res.M), nil
}

func fitPLS(X mat.Matrix, Y *mat.Dense, cfg PLSConfig) (*PLSResult, error) {
	m, d := X.Dims()
	M, err := checkComponents(cfg.Components, m, d, "PLS")
	if err != nil {
		return nil, err
	}
	z, xmean, xsd, err := standardize(X, !cfg.NoScale, "PLS")
	if err != nil {
		return nil, err
	}
	_, r := Y.Dims()
	ymean := make([]float64, r)
	for t := range ymean {
		col := mat.Col(nil, t, Y)
		for _, v := range col {
			ymean[t] += v
		}
		ymean[t] /= float64(m)
		for i := range col {
			Y.Set(i, t, col[i]-ymean[t])
		}
	}
	W := mat.NewDense(d, M, nil)
	P := mat.NewDense(d, M, nil)
	Q := mat.NewDense(r, M, nil)
	R := mat.NewDense(d, M, nil)
	T := mat.NewDense(m, M, nil)
	B := make([]*mat.Dense, M)
	zr := z.RawMatrix()
	yr := Y.RawMatrix()
	// S = Z_k^T Y_c, kept up to date without forming Z_k (see FitPLS).
	S := mat.NewDense(d, r, nil)
	for c, sc := 0, make([]float64, d); c < r; c++ {
		blas64.Gemv(blas.Trans, 1, zr, vec(mat.Col(nil, c, Y)), 0, vec(sc))
		S.SetCol(c, sc)
	}
	w := make([]float64, d)
	t := make([]float64, m)
	p := make([]float64, d)
	rk := make([]float64, d)
	q := make([]float64, r)
	first := 0.0
	res := &PLSResult{}
	for k := 0; k < M; k++ {
		if err := dominantDirection(S, w); err != nil {
			return nil, err
		}
		norm := math.Sqrt(kernel.Dot(S.RawMatrix().Data, S.RawMatrix().Data))
		if k == 0 {
			first = norm
		}
		if k > 0 && !(norm > 1e-12*first) {
			// Least squares reached: Y_c - fit is orthogonal to every
			// column of Z, so further directions have zero loadings.
			for ; k < M; k++ {
				B[k] = B[k-1]
			}
			break
		}
		// r_k = w_k - sum_{b<k} (p_b^T w_k) r_b, so that Z_k w_k = Z r_k.
		copy(rk, w)
		for b := 0; b < k; b++ {
			c := 0.0
			for j := 0; j < d; j++ {
				c += P.At(j, b) * w[j]
			}
			for j := 0; j < d; j++ {
				rk[j] -= c * R.At(j, b)
			}
		}
		blas64.Gemv(blas.NoTrans, 1, zr, vec(rk), 0, vec(t))
		tt := kernel.Dot(t, t)
		if !(tt > 0) || !(norm > 0) {
			return nil, featlab.Errorf(featlab.ErrConstant, "represent: PLS: Z^T y is zero (y constant, or uncorrelated with every column of X)")
		}
		// p_k = Z_k^T t_k / t^T t = Z^T t_k / t^T t (t_k is orthogonal to
		// t_1..t_{k-1}); q_k = Y_c^T t_k / t^T t.
		blas64.Gemv(blas.Trans, 1/tt, zr, vec(t), 0, vec(p))
		blas64.Gemv(blas.Trans, 1/tt, yr, vec(t), 0, vec(q))
		bk := mat.NewDense(d, r, nil)
		if k > 0 {
			bk.Copy(B[k-1])
		}
		bd := bk.RawMatrix().Data
		for j := 0; j < d; j++ {
			for c := 0; c < r; c++ {
				bd[j*r+c] += q[c] * rk[j]
			}
		}
		B[k] = bk
		// Z_{k+1}^T Y_c = Z_k^T Y_c - (t^T t) p_k q_k^T.
		blas64.Ger(-tt, vec(p), vec(q), S.RawMatrix())
		W.SetCol(k, w)
		P.SetCol(k, p)
		R.SetCol(k, rk)
		T.SetCol(k, t)
		Q.SetCol(k, q)
		res.Directions = k + 1
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	res.ComponentPath = *newComponentPath(B, xmean, xsd, ymean, append([]string(nil), names...))
	if err := res.ComponentPath.finite("PLS"); err != nil {
		return nil, err
	}
	res.Weights, res.Loadings, res.YLoadings, res.Projection, res.Scores = W, P, Q, R, T
	return res, nil
}

// dominantDirection writes into w the unit dominant left singular vector
// of S (d x r): S/||S|| for one column (NIPALS's sign, so q_k > 0);
// otherwise S c / ||S c|| with c the leading eigenvector of S^T S, signed
// so that its largest |w_j| is positive.
func dominantDirection(S *mat.Dense, w []float64) error {
	d, r := S.Dims()
	if r == 1 {
		mat.Col(w, 0, S)
	} else {
		var g mat.SymDense
		g.SymOuterK(1, S.T())
		var eig mat.EigenSym
		if !eig.Factorize(&g, true) {
			return featlab.Errorf(featlab.ErrNotConverged, "represent: PLS2: eigendecomposition did not converge")
		}
		var ev mat.Dense
		eig.VectorsTo(&ev)
		c := mat.Col(nil, r-1, &ev) // ascending eigenvalues: the last is largest
		wv := mat.NewVecDense(d, w)
		wv.MulVec(S, mat.NewVecDense(r, c))
	}
	n := math.Sqrt(kernel.Dot(w, w))
	big := 0.0
	for _, v := range w {
		if math.Abs(v) > math.Abs(big) {
			big = v
		}
	}
	if r > 1 && big < 0 {
		n = -n
	}
	for j := range w {
		w[j] /= n
	}
	return nil
}

func vec(v []float64) blas64.Vector { return blas64.Vector{N: len(v), Inc: 1, Data: v} }
