package linear

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/featlab/course/featlab/internal/design"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// LeastSquaresConfig configures LeastSquares. The zero value fits
// min_w ||Xw - y||^2 without an intercept.
type LeastSquaresConfig struct {
	// Intercept fits an unpenalised intercept by centring X and y.
	// Default false.
	Intercept bool
	// Names names the features in Table (nil: x1, ..., xd).
	Names []string
}

// LeastSquaresResult is a least-squares fit, the numerical rank of the
// (centred) design it was computed from, its residual sum of squares and
// degrees of freedom, and, in Stats, what a statistics text prints for it.
type LeastSquaresResult struct {
	Model
	// Rank is the numerical rank of X (centred when Intercept is set).
	Rank int
	// MinNorm reports that X was rank-deficient (or wide) and Coef is the
	// minimum-norm minimiser.
	MinNorm bool
	// RSS = ||y - X w - b||^2, the residual sum of squares.
	RSS float64
	// DF = m - p, the residual degrees of freedom, p = Rank (+1 with an
	// intercept) the number of estimated parameters.
	DF int
	// Stats holds the inference statistics; nil where they are undefined
	// (R prints NA/NaN there): X rank-deficient (MinNorm), DF = 0, or a
	// constant target (total sum of squares 0).
	Stats *LeastSquaresStats

	names     []string
	intercept bool
}

// LeastSquaresStats are the statistics of R's summary.lm, statsmodels' OLS
// and ESL Table 3.2 for a least-squares fit, under the usual model
// y = X w + b + e with independent N(0, sigma^2) errors:
//
//	Sigma2   = RSS / DF, the unbiased residual variance
//	StdErr_j = sqrt(Sigma2 [(Xc^T Xc)^{-1}]_jj)
//	T_j      = Coef_j / StdErr_j  (ESL's "Z score", R's "t value")
//	P_j      = 2 P(t_DF > |T_j|), two-sided
//	R2       = 1 - RSS/TSS, TSS = ||y - mean(y)||^2 with an intercept and
//	           ||y||^2 without (R's convention)
//	AdjR2    = 1 - (1 - R2) (m - i)/DF, i = 1 with an intercept, else 0
//	F        = ((TSS - RSS)/FNumDF) / Sigma2, FNumDF = Rank, FDenDF = DF
//	FP       = P(F_{FNumDF,FDenDF} > F), the upper tail
//
// F tests all coefficients (the intercept excepted) being zero: R's
// "F-statistic: F on FNumDF and FDenDF DF, p-value: FP" of summary.lm. FP
// is the regularized incomplete beta I_{x}(FDenDF/2, FNumDF/2) at
// x = FDenDF/(FDenDF + FNumDF F), computed as such so that it does not
// round to 0 before it underflows.
//
// The intercept's standard error is sqrt(Sigma2 (1/m + xbar^T
// (Xc^T Xc)^{-1} xbar)); the three intercept fields are 0 without an
// intercept (as Model.Intercept is).
type LeastSquaresStats struct {
	Sigma2, R2, AdjR2 float64
	// StdErr, T and P hold one value per coefficient.
	StdErr, T, P []float64
	// InterceptStdErr, InterceptT and InterceptP are those of the
	// intercept.
	InterceptStdErr, InterceptT, InterceptP float64
	// F is the overall F statistic, FNumDF and FDenDF its degrees of
	// freedom and FP its upper-tail p-value.
	F, FP          float64
	FNumDF, FDenDF int
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
	if err := checkNames(cfg.Names, ds.D); err != nil {
		return nil, err
	}
	res, R, err := leastSquares(ds)
	if err != nil {
		return nil, err
	}
	res.names, res.intercept = cfg.Names, cfg.Intercept
	res.statistics(ds, R, ds.M)
	return res, nil
}

// leastSquares fits ds; R is the triangular factor of the QR of Xc when
// the full-rank path was taken, else nil.
func leastSquares(ds *design.Design) (*LeastSquaresResult, *mat.TriDense, error) {
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
					return nil, nil, err
				}
				var Rd mat.Dense
				qr.RTo(&Rd)
				R := mat.NewTriDense(d, mat.Upper, nil)
				for i := 0; i < d; i++ {
					for j := i; j < d; j++ {
						R.SetTri(i, j, Rd.At(i, j))
					}
				}
				return res, R, nil
			}
		}
	}
	var svd mat.SVD
	if !svd.Factorize(A, mat.SVDThin) {
		return nil, nil, featlab.Errorf(featlab.ErrNotConverged, "SVD of the %dx%d design", m, d)
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
		return nil, nil, err
	}
	return res, nil, nil
}

// statistics fills RSS and DF and, with the triangular factor R of a
// full-rank fit (Xc^T Xc = R^T R), Stats; m is the number of data rows
// (ds.M, or the count of the statistics a pseudo-design stands for).
func (res *LeastSquaresResult) statistics(ds *design.Design, R *mat.TriDense, m int) {
	d := ds.D
	r := make([]float64, ds.M)
	res.RSS = ds.Residual(r, res.Coef)
	i := 0
	if ds.XMean != nil {
		i = 1
	}
	res.DF = m - res.Rank - i
	tss := ds.YY // ||y - ybar||^2 with an intercept, ||y||^2 without
	if R == nil || res.DF <= 0 || tss == 0 {
		return
	}
	// (Xc^T Xc)^{-1} = R^{-1} R^{-T}: its diagonal is the row sums of
	// squares of R^{-1}.
	var Ri mat.TriDense
	if err := Ri.InverseTri(R); err != nil {
		return
	}
	st := &LeastSquaresStats{StdErr: make([]float64, d), T: make([]float64, d), P: make([]float64, d)}
	st.R2 = 1 - res.RSS/tss
	st.Sigma2 = res.RSS / float64(res.DF)
	st.AdjR2 = 1 - (1-st.R2)*float64(m-i)/float64(res.DF)
	tdist := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(res.DF)}
	pval := func(t float64) float64 { return 2 * tdist.Survival(math.Abs(t)) }
	row := make([]float64, d)
	for j := 0; j < d; j++ {
		for k := j; k < d; k++ {
			row[k-j] = Ri.At(j, k)
		}
		// sqrt(Sigma2) ||row j of R^{-1}||, the norm computed with
		// scaling: the sum of squares overflows when X ~ 1e-300.
		st.StdErr[j] = math.Sqrt(st.Sigma2) * floats.Norm(row[:d-j], 2)
		st.T[j] = res.Coef[j] / st.StdErr[j]
		st.P[j] = pval(st.T[j])
	}
	if ds.XMean != nil {
		// xbar^T (R^T R)^{-1} xbar = ||R^{-T} xbar||^2
		u := mat.NewVecDense(d, nil)
		u.MulVec(Ri.T(), mat.NewVecDense(d, ds.XMean))
		q := 1/float64(m) + mat.Dot(u, u)
		st.InterceptStdErr = math.Sqrt(st.Sigma2 * q)
		st.InterceptT = res.Intercept / st.InterceptStdErr
		st.InterceptP = pval(st.InterceptT)
	}
	st.FNumDF, st.FDenDF = res.Rank, res.DF
	st.F = (tss - res.RSS) / float64(st.FNumDF) / st.Sigma2
	st.FP = fUpper(st.F, float64(st.FNumDF), float64(st.FDenDF))
	for _, v := range append(append(append([]float64{st.R2, st.AdjR2, st.F, st.FP, st.InterceptT, st.InterceptP, st.InterceptStdErr}, st.T...), st.P...), st.StdErr...) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return // a zero standard error (an exact fit): undefined
		}
	}
	res.Stats = st
}

// Table returns the coefficient table of a statistics text, in the layout
// of ESL Table 3.2 (term, coefficient, standard error, Z score) with the
// two-sided p-value added, followed by the residual standard error, R^2
// and adjusted R^2, and R's overall F test; the intercept comes first when there is one. Without
// Stats the statistics print as NA.
func (res *LeastSquaresResult) Table() string {
	names := res.names
	if len(names) != len(res.Coef) {
		names = featlab.DefaultNames(len(res.Coef))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s %12s %11s %8s %10s\n", "Term", "Coefficient", "Std. Error", "Z Score", "p-value")
	st := res.Stats
	row := func(name string, c float64, k int) {
		if st == nil {
			fmt.Fprintf(&b, "%-12s %12.4g %11s %8s %10s\n", name, c, "NA", "NA", "NA")
		} else if k < 0 {
			fmt.Fprintf(&b, "%-12s %12.4g %11.4g %8.2f %10.3g\n", name, c, st.InterceptStdErr, st.InterceptT, st.InterceptP)
		} else {
			fmt.Fprintf(&b, "%-12s %12.4g %11.4g %8.2f %10.3g\n", name, c, st.StdErr[k], st.T[k], st.P[k])
		}
	}
	if res.intercept {
		row("Intercept", res.Intercept, -1)
	}
	for j, c := range res.Coef {
		row(names[j], c, j)
	}
	if st == nil {
		fmt.Fprintf(&b, "RSS %.4g on %d degrees of freedom; statistics undefined\n", res.RSS, res.DF)
	} else {
		fmt.Fprintf(&b, "Residual standard error %.4g on %d degrees of freedom; R^2 = %.4f, adjusted R^2 = %.4f\n", math.Sqrt(st.Sigma2), res.DF, st.R2, st.AdjR2)
		fmt.Fprintf(&b, "F-statistic %.4g on %d and %d DF, p-value %.3g\n", st.F, st.FNumDF, st.FDenDF, st.FP)
	}
	return b.String()
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

func (cfg RidgeConfig) check() error {
	if !(cfg.Lambda >= 0) || math.IsInf(cfg.Lambda, 0) {
		return featlab.Errorf(featlab.ErrParam, "ridge lambda = %v must be finite and >= 0", cfg.Lambda)
	}
	if cfg.Objective < RidgeHalfMean || cfg.Objective > RidgeSum {
		return featlab.Errorf(featlab.ErrParam, "ridge objective %d unknown", int(cfg.Objective))
	}
	return nil
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
	return ridge(context.Background(), X, y, cfg)
}

// ridge is Ridge with a context (RidgeConfig.FitContext): with a
// cancellable ctx the Gram matrix X^T X, the bulk of the work, is summed
// in blocks of ridgeBlock rows with a check of ctx between blocks.
func ridge(ctx context.Context, X mat.Matrix, y []float64, cfg RidgeConfig) (*RidgeResult, error) {
	if err := cfg.check(); err != nil {
		return nil, err
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
		G, err := gramContext(ctx, A)
		if err != nil {
			return nil, err
		}
		b := mat.NewVecDense(d, nil)
		b.MulVec(A.T(), yv)
		if err := ridgeGram(w, G, b, c); err != nil {
			return nil, err
		}
	} else {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
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

// ridgeGram solves (G + c I) w = b by Cholesky (G = X^T X, b = X^T y of
// the centred design); G is overwritten.
func ridgeGram(w *mat.VecDense, G *mat.SymDense, b *mat.VecDense, c float64) error {
	d := G.SymmetricDim()
	for j := 0; j < d; j++ {
		G.SetSym(j, j, G.At(j, j)+c)
	}
	var ch mat.Cholesky
	if !ch.Factorize(G) {
		return featlab.Errorf(featlab.ErrNotConverged, "ridge system X^T X + %v I is not numerically positive definite", c)
	}
	if err := ch.SolveVecTo(w, b); err != nil {
		return featlab.Errorf(featlab.ErrNotConverged, "ridge solve: %v", err)
	}
	return nil
}

// fUpper is P(F_{d1,d2} > f), the upper tail of Snedecor's F
// distribution: I_{d2/(d2+d1 f)}(d2/2, d1/2), as R's pf(lower.tail =
// FALSE) computes it, accurate where 1 - CDF would round to 0.
func fUpper(f, d1, d2 float64) float64 {
	if f <= 0 {
		return 1
	}
	if math.IsInf(f, 1) {
		return 0
	}
	return mathext.RegIncBeta(d2/2, d1/2, d2/(d2+d1*f))
}
