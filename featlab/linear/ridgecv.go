package linear

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
)

// RidgeCVConfig configures RidgeCV.
type RidgeCVConfig struct {
	// Alphas are the penalties to compare, each > 0, in scikit-learn's
	// Ridge scaling ||y - Xw - b||^2 + alpha ||w||^2 (unscaled squared
	// error). Default {0.1, 1, 10}, scikit-learn's RidgeCV default. They
	// are kept in the order given.
	Alphas []float64
	// Intercept fits an unpenalised intercept by centring X and y.
	// Default false.
	Intercept bool
	// Folds = 0 (the default) is exact leave-one-out by the hat-matrix
	// shortcut; Folds = K >= 2 is K-fold cross-validation with the folds
	// of validate.KFold(m, K, Seed).
	Folds int
	// Seed fixes the K-fold assignment (ignored for leave-one-out).
	Seed uint64
	// Splits, when non-nil, are the train/test pairs to use instead
	// (Folds and Seed are then ignored).
	Splits []validate.Fold
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, is told after each alpha (leave-one-out)
	// or each fold (K-fold): done of the total. A panic in it stops the
	// work with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// RidgeCVResult is the cross-validated choice of a ridge penalty.
type RidgeCVResult struct {
	// Alphas are the penalties compared, in the order given.
	Alphas []float64
	// MSE[k] is the cross-validated mean squared error at Alphas[k].
	MSE []float64
	// CVValues, for leave-one-out, holds the squared leave-one-out error
	// of example i at Alphas[k] in row i, column k (scikit-learn's
	// cv_values_ with store_cv_values=True); nil for K-fold.
	CVValues *mat.Dense
	// FoldMSE, for K-fold, holds the error of fold f at Alphas[k] in row
	// f, column k; nil for leave-one-out.
	FoldMSE *mat.Dense
	// Index is the argmin of MSE (the first among ties); Alpha =
	// Alphas[Index]; Model is the ridge fit on all the data at Alpha.
	Index int
	Alpha float64
	Model *Model

	names []string
}

// Selection returns the features with non-zero weight in the chosen fit,
// ranked by |w_j| (ridge does not zero weights: all non-constant
// features, in order of |w_j|).
func (r *RidgeCVResult) Selection() *featlab.Selection {
	return weightSelection(fmt.Sprintf("ridge CV, alpha = %s", featlab.FormatFloat(r.Alpha)), r.Model.Coef, r.names)
}

// RidgeCV chooses the ridge penalty by cross-validation, as scikit-learn
// 1.2's RidgeCV does. For each alpha the fit minimises
//
//	||yc - Xc w||^2 + alpha ||w||^2,   b = ymean - xmean^T w
//
// (Xc, yc centred with an intercept, else X and y). With Xc = U S V^T
// (thin SVD), w = V diag(s_k/(s_k^2 + alpha)) U^T yc.
//
// Leave-one-out (Folds = 0) is exact and costs one SVD: the fitted values
// are yhat = H y with the hat matrix
//
//	H = (1/m) 1 1^T [with an intercept] + U diag(s_k^2/(s_k^2 + alpha)) U^T,
//
// and the leave-one-out residual of example i is (y_i - yhat_i)/(1 - H_ii),
// scikit-learn's "gcv" mode (its svd and eigen variants give the same
// numbers). K-fold refits on each training set (one SVD per fold).
//
// Errors wrap featlab.ErrEmpty (also: leave-one-out with one row),
// ErrShape, ErrNotFinite (the data) or ErrParam (an alpha <= 0 or not
// finite, Folds = 1 or < 0 or > m, bad Splits; leave-one-out when an
// example has leverage H_ii = 1).
func RidgeCV(X mat.Matrix, y []float64, cfg RidgeCVConfig) (*RidgeCVResult, error) {
	return RidgeCVContext(context.Background(), X, y, cfg)
}

// RidgeCVContext is RidgeCV with a context, checked before the SVD and
// after every alpha (leave-one-out) or fold (K-fold): once ctx is done it
// returns nil and an error wrapping ctx.Err().
func RidgeCVContext(ctx context.Context, X mat.Matrix, y []float64, cfg RidgeCVConfig) (*RidgeCVResult, error) {
	alphas := cfg.Alphas
	if alphas == nil {
		alphas = []float64{0.1, 1, 10}
	}
	if len(alphas) == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "Alphas is empty")
	}
	for k, a := range alphas {
		if !(a > 0) || math.IsInf(a, 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "Alphas[%d] = %v, want a finite value > 0", k, a)
		}
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	m, d := ds.M, ds.D
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	splits := cfg.Splits
	if splits == nil && cfg.Folds != 0 {
		if cfg.Folds < 2 || cfg.Folds > m {
			return nil, featlab.Errorf(featlab.ErrParam, "Folds = %d, want 0 (leave-one-out) or 2..m = %d", cfg.Folds, m)
		}
		if splits, err = validate.KFold(m, cfg.Folds, cfg.Seed); err != nil {
			return nil, err
		}
	} else if splits != nil {
		if err := validate.CheckFolds(m, splits); err != nil {
			return nil, err
		}
	}
	nA := len(alphas)
	res := &RidgeCVResult{Alphas: append([]float64(nil), alphas...), MSE: make([]float64, nA), names: cfg.Names}
	step := func(done, total int) error {
		if err := ctx.Err(); err != nil {
			return featlab.Wrap(err, "RidgeCV")
		}
		if cfg.Progress != nil {
			if err := par.Report(cfg.Progress, done, total); err != nil {
				return featlab.Wrap(err, "RidgeCV")
			}
		}
		return nil
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "RidgeCV")
	}
	full, err := newRidgeSVD(ctx, ds)
	if err != nil {
		return nil, err
	}
	if splits == nil {
		if m < 2 {
			return nil, featlab.Errorf(featlab.ErrEmpty, "leave-one-out needs at least 2 rows, X has %d", m)
		}
		res.CVValues = mat.NewDense(m, nA, nil)
		icpt := 0.0
		if cfg.Intercept {
			icpt = 1 / float64(m)
		}
		// the shrinkage factors f_l = s_l^2/(s_l^2 + alpha) once per alpha,
		// and the leverages and fits of four examples at a time (looFits)
		fs := make([]float64, len(full.s))
		var hs, fits [4]float64
		for k, a := range alphas {
			for l, s := range full.s {
				fs[l] = s * s / (s*s + a)
			}
			var sum float64
			for i0 := 0; i0 < m; i0 += 4 {
				n := min(4, m-i0)
				looFits(full.u.RawMatrix(), fs, full.uty, icpt, i0, hs[:n], fits[:n])
				for r := range n {
					i, h := i0+r, hs[r]
					if 1-h <= 1e-12 {
						return nil, featlab.Errorf(featlab.ErrParam, "example %d has leverage %v at alpha = %v: its leave-one-out error is undefined (use Folds)", i, h, a)
					}
					e := (ds.Y[i] - fits[r]) / (1 - h)
					res.CVValues.Set(i, k, e*e)
					sum += e * e
				}
			}
			res.MSE[k] = sum / float64(m)
			if err := step(k+1, nA); err != nil {
				return nil, err
			}
		}
	} else {
		res.FoldMSE = mat.NewDense(len(splits), nA, nil)
		for f, sp := range splits {
			dsf, err := design.New(matx.Rows(X, sp.Train), matx.Take(y, sp.Train), cfg.Intercept)
			if err != nil {
				return nil, featlab.Wrap(err, "fold %d", f)
			}
			sv, err := newRidgeSVD(ctx, dsf)
			if err != nil {
				return nil, err
			}
			Xt := matx.Rows(X, sp.Test)
			yt := matx.Take(y, sp.Test)
			for k, a := range alphas {
				md := &Model{Coef: sv.coef(a)}
				md.Intercept = dsf.Intercept(md.Coef)
				p, err := md.Predict(Xt)
				if err != nil {
					return nil, err
				}
				var s float64
				for i, v := range p {
					s += (yt[i] - v) * (yt[i] - v)
				}
				res.FoldMSE.Set(f, k, s/float64(len(p)))
			}
			if err := step(f+1, len(splits)); err != nil {
				return nil, err
			}
		}
		for k := range alphas {
			res.MSE[k] = mat.Sum(res.FoldMSE.ColView(k)) / float64(len(splits))
		}
	}
	for k, v := range res.MSE {
		if v < res.MSE[res.Index] {
			res.Index = k
		}
	}
	res.Alpha = alphas[res.Index]
	res.Model = &Model{Coef: full.coef(res.Alpha)}
	res.Model.Intercept = ds.Intercept(res.Model.Coef)
	if err := finiteModel(res.Model, "RidgeCV"); err != nil {
		return nil, err
	}
	return res, nil
}

// ridgeSVD is the thin SVD of a design's (centred) X with U^T yc.
type ridgeSVD struct {
	u   mat.Dense
	v   mat.Dense
	s   []float64
	uty []float64
}

func newRidgeSVD(ctx context.Context, ds *design.Design) (*ridgeSVD, error) {
	Xc := ds.DenseCentred()
	m, d := Xc.Dims()
	block := ridgeBlockRows(d)
	if m < 4*d || m <= block {
		// wide, square-ish or small: the SVD of X itself
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "RidgeCV")
		}
		var svd mat.SVD
		if !svd.Factorize(Xc, mat.SVDThin) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "SVD of X failed")
		}
		r := &ridgeSVD{s: svd.Values(nil)}
		svd.UTo(&r.u)
		svd.VTo(&r.v)
		r.uty = ridgeUTy(&r.u, ds.Y)
		return r, nil
	}
	// Tall: X = Q R by a QR of row blocks merged as they come (each step
	// the QR of [R; next block], O(block d^2), with a look at ctx between
	// steps), R = U_R S V^T by the SVD of the d x d factor, and
	// U = X V S^-1 in row blocks. The singular values and V are those of
	// X; U's columns for singular values below d eps s_max (rank
	// deficiency) are set to 0: their weight s^2/(s^2 + alpha) in every
	// fit is below (d eps s_max)^2 / alpha.
	var acc *mat.Dense
	for lo := 0; lo < m; lo += block {
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "RidgeCV: QR of X")
		}
		hi := min(lo+block, m)
		part := Xc.Slice(lo, hi, 0, d)
		if acc != nil {
			st := mat.NewDense(d+hi-lo, d, nil)
			st.Slice(0, d, 0, d).(*mat.Dense).Copy(acc)
			st.Slice(d, d+hi-lo, 0, d).(*mat.Dense).Copy(part)
			part = st
		}
		var qr mat.QR
		qr.Factorize(part)
		var R mat.Dense
		qr.RTo(&R)
		acc = mat.DenseCopyOf(R.Slice(0, d, 0, d))
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "RidgeCV")
	}
	var svd mat.SVD
	if !svd.Factorize(acc, mat.SVDThin) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "SVD of X failed")
	}
	r := &ridgeSVD{s: svd.Values(nil)}
	svd.VTo(&r.v)
	// V S^-1, with the columns of negligible singular values zeroed
	W := mat.DenseCopyOf(&r.v)
	tiny := float64(d) * 2.220446049250313e-16 * r.s[0]
	for l, sv := range r.s {
		f := 0.0
		if sv > tiny {
			f = 1 / sv
		}
		for j := 0; j < d; j++ {
			W.Set(j, l, W.At(j, l)*f)
		}
	}
	r.u.ReuseAs(m, d)
	for lo := 0; lo < m; lo += block {
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "RidgeCV: U = X V / s")
		}
		hi := min(lo+block, m)
		r.u.Slice(lo, hi, 0, d).(*mat.Dense).Mul(Xc.Slice(lo, hi, 0, d), W)
	}
	r.uty = ridgeUTy(&r.u, ds.Y)
	return r, nil
}

// looFits sets, for the rows i = i0, ..., i0+len(h)-1 of U (at most 4),
// the leverage h[r] = icpt + sum_l U_il^2 f_l and the fit fit[r] =
// sum_l U_il f_l (U^T y)_l, each sum in the order of l: the bits of one
// row at a time, with four rows giving eight independent sums (the
// one-row loop waits on the latency of its two additions).
func looFits(u blas64.General, fs, uty []float64, icpt float64, i0 int, h, fit []float64) {
	d := len(fs)
	uty = uty[:d]
	if len(h) == 4 {
		u0 := u.Data[i0*u.Stride : i0*u.Stride+d]
		u1 := u.Data[(i0+1)*u.Stride : (i0+1)*u.Stride+d]
		u2 := u.Data[(i0+2)*u.Stride : (i0+2)*u.Stride+d]
		u3 := u.Data[(i0+3)*u.Stride : (i0+3)*u.Stride+d]
		h0, h1, h2, h3 := icpt, icpt, icpt, icpt
		var g0, g1, g2, g3 float64
		for l, f := range fs {
			a, b, c, e, t := u0[l], u1[l], u2[l], u3[l], uty[l]
			h0 += a * a * f
			g0 += a * f * t
			h1 += b * b * f
			g1 += b * f * t
			h2 += c * c * f
			g2 += c * f * t
			h3 += e * e * f
			g3 += e * f * t
		}
		h[0], h[1], h[2], h[3] = h0, h1, h2, h3
		fit[0], fit[1], fit[2], fit[3] = g0, g1, g2, g3
		return
	}
	for r := range h {
		row := u.Data[(i0+r)*u.Stride : (i0+r)*u.Stride+d]
		hr, gr := icpt, 0.0
		for l, f := range fs {
			v := row[l]
			hr += v * v * f
			gr += v * f * uty[l]
		}
		h[r], fit[r] = hr, gr
	}
}

// ridgeBlockRows is the number of rows per step of RidgeCV's blocked QR.
func ridgeBlockRows(d int) int { return max(4*d, 2048) }

// ridgeUTy returns U^T y.
func ridgeUTy(u *mat.Dense, y []float64) []float64 {
	var uty mat.VecDense
	uty.MulVec(u.T(), mat.NewVecDense(len(y), y))
	return uty.RawVector().Data
}

// coef returns V diag(s/(s^2 + alpha)) U^T yc.
func (r *ridgeSVD) coef(alpha float64) []float64 {
	z := make([]float64, len(r.s))
	for l, s := range r.s {
		z[l] = s / (s*s + alpha) * r.uty[l]
	}
	var w mat.VecDense
	w.MulVec(&r.v, mat.NewVecDense(len(z), z))
	return w.RawVector().Data
}
