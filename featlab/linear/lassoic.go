package linear

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
)

// Criterion is an information criterion for choosing a point of a path.
type Criterion int

const (
	// AIC is Akaike's criterion: penalty 2 per degree of freedom.
	AIC Criterion = iota
	// BIC is Schwarz's Bayesian criterion: penalty log(m) per degree of
	// freedom.
	BIC
)

// String returns "AIC" or "BIC".
func (c Criterion) String() string {
	switch c {
	case AIC:
		return "AIC"
	case BIC:
		return "BIC"
	}
	return fmt.Sprintf("Criterion(%d)", int(c))
}

// LassoICConfig configures LassoIC.
type LassoICConfig struct {
	// Criterion is AIC (the zero value) or BIC.
	Criterion Criterion
	// Intercept fits an unpenalised intercept by centring X and y
	// (scikit-learn's fit_intercept=True). Default false.
	Intercept bool
	// NoiseVariance is sigma^2 in the criterion. 0 (the default) means
	// estimate it from the least-squares fit on all features,
	// RSS_ols/(m - d - [Intercept]), which needs m > d + [Intercept].
	// Negative is an error.
	NoiseVariance float64
	// MaxIter bounds the LARS steps (additions and drops). Default 500,
	// scikit-learn's.
	MaxIter int
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
}

// LassoICResult is the exact lasso path at its breakpoints with an
// information criterion evaluated at each, and the point it chooses.
type LassoICResult struct {
	Criterion Criterion
	// Alphas are the breakpoints of the path, decreasing, from
	// alpha_max = ||Xc^T yc||_inf/m (all weights zero) to the last point
	// (0 when every feature entered: the least-squares fit). In the
	// lasso scaling (1/2m)||y - Xw||^2 + alpha ||w||_1 of LassoConfig,
	// scikit-learn's alphas_.
	Alphas []float64
	// Path holds the weights at Alphas[k] in column k (d x len(Alphas));
	// between breakpoints the lasso solution is linear in alpha.
	Path *mat.Dense
	// Intercepts[k] is the intercept at Alphas[k] (0 without Intercept).
	Intercepts []float64
	// RSS[k] = ||yc - Xc w_k||^2, DF[k] the number of non-zero weights.
	RSS []float64
	DF  []int
	// Values[k] is the criterion at Alphas[k] (scikit-learn's criterion_).
	Values []float64
	// NoiseVariance is the sigma^2 used (given or estimated).
	NoiseVariance float64
	// Index is the argmin of Values (the first among ties); Alpha =
	// Alphas[Index] and Model is the fit there.
	Index int
	Alpha float64
	Model *Model
	// Steps is the number of LARS steps taken, Drops how many of them
	// removed a feature from the active set (the lasso modification).
	Steps, Drops int

	names []string
}

// Selection returns the non-zero weights of the chosen model, ranked by
// |w_j|.
func (r *LassoICResult) Selection() *featlab.Selection {
	return weightSelection(fmt.Sprintf("lasso %s, alpha = %s", r.Criterion, featlab.FormatFloat(r.Alpha)), r.Model.Coef, r.names)
}

// LassoIC computes the exact lasso path by LARS with the lasso
// modification (Efron, Hastie, Johnstone and Tibshirani 2004, section 3.1)
// and chooses the breakpoint that minimises an information criterion, as
// scikit-learn 1.2's LassoLarsIC does:
//
//	crit(alpha_k) = m log(2 pi sigma^2) + RSS_k / sigma^2 + c df_k
//
// with c = 2 (AIC) or log m (BIC), RSS_k = ||yc - Xc w_k||^2, df_k the
// number of non-zero weights (an unbiased estimate of the degrees of
// freedom of the lasso: Zou, Hastie and Tibshirani 2007) and sigma^2 the
// given noise variance or RSS_ols/(m - d - [Intercept]).
//
// The path: with G = Xc^T Xc and c = Xc^T (yc - Xc w) the current
// correlations, the active set A holds the features with |c_j| = C =
// max_j |c_j|, and alpha = C/m. Each step moves w_A along the equiangular
// direction d_A = a G_AA^{-1} s_A (s_A the signs of c_A, a = (s_A^T
// G_AA^{-1} s_A)^{-1/2}), which lowers every active |c_j| at rate a, for
// the step gamma = min(C/a, the first gamma at which an inactive |c_j|
// reaches C, the first gamma at which an active w_j reaches zero). In the
// second case the feature joins A; in the third (the lasso modification)
// it leaves A, and the next step does not add one. The path stops when
// alpha reaches 1.2e-7 alpha_max (float32 epsilon, relative: scikit-learn
// uses it as an absolute tolerance), when every feature is active and the
// least-squares fit reached, or after MaxIter steps. A feature whose
// column is (numerically) a combination of the active ones never enters:
// its distance from their span, squared, is at most 1e-12 ||xc_j||^2.
//
// Each step solves G_AA by Cholesky afresh: O(|A|^3) per step on top of
// one O(m d^2) Gram matrix, meant for d up to a few hundred.
//
// Errors wrap featlab.ErrEmpty, ErrShape, ErrNotFinite (the data) or
// ErrParam (a negative NoiseVariance; MaxIter < 0; m <= d + [Intercept]
// without a NoiseVariance; an unknown Criterion).
func LassoIC(X mat.Matrix, y []float64, cfg LassoICConfig) (*LassoICResult, error) {
	return LassoICContext(context.Background(), X, y, cfg)
}

// LassoICContext is LassoIC with a context, checked before the Gram
// matrix and at every LARS step: once ctx is done it returns nil and an
// error wrapping ctx.Err() (a path cut short has no criterion to compare).
func LassoICContext(ctx context.Context, X mat.Matrix, y []float64, cfg LassoICConfig) (*LassoICResult, error) {
	if cfg.Criterion != AIC && cfg.Criterion != BIC {
		return nil, featlab.Errorf(featlab.ErrParam, "unknown Criterion %d", int(cfg.Criterion))
	}
	if cfg.NoiseVariance < 0 || math.IsNaN(cfg.NoiseVariance) || math.IsInf(cfg.NoiseVariance, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "NoiseVariance = %v, want a finite value >= 0", cfg.NoiseVariance)
	}
	if cfg.MaxIter < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "MaxIter = %d, want >= 0", cfg.MaxIter)
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 500
	}
	ds, err := design.New(X, y, cfg.Intercept)
	if err != nil {
		return nil, err
	}
	m, d := ds.M, ds.D
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	icpt := 0
	if cfg.Intercept {
		icpt = 1
	}
	if cfg.NoiseVariance == 0 && m <= d+icpt {
		return nil, featlab.Errorf(featlab.ErrParam, "estimating the noise variance needs m > d + intercept (m = %d, d = %d): give NoiseVariance", m, d)
	}
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "LassoIC")
	}
	Xc := ds.DenseCentred()
	var G mat.SymDense
	G.SymOuterK(1, Xc.T())
	alphas, coefs, steps, drops := larsLasso(ctx, &G, ds.XtY, float64(m), maxIter)
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "LassoIC: after %d LARS steps", steps)
	}

	sigma2 := cfg.NoiseVariance
	if sigma2 == 0 {
		var w mat.VecDense
		yc := mat.NewVecDense(m, ds.Y)
		if err := w.SolveVec(Xc, yc); err != nil {
			if _, ok := err.(mat.Condition); !ok {
				return nil, featlab.Errorf(featlab.ErrParam, "least-squares fit for the noise variance failed (%v): give NoiseVariance", err)
			}
		}
		r := make([]float64, m)
		sigma2 = ds.Residual(r, w.RawVector().Data) / float64(m-d-icpt)
		if !(sigma2 > 0) || math.IsInf(sigma2, 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "the least-squares fit leaves a noise variance of %v: give NoiseVariance", sigma2)
		}
	}
	factor := 2.0
	if cfg.Criterion == BIC {
		factor = math.Log(float64(m))
	}
	K := len(alphas)
	res := &LassoICResult{
		Criterion: cfg.Criterion, Alphas: alphas, Path: mat.NewDense(d, K, nil),
		Intercepts: make([]float64, K), RSS: make([]float64, K), DF: make([]int, K),
		Values: make([]float64, K), NoiseVariance: sigma2, Steps: steps, Drops: drops,
		names: cfg.Names,
	}
	r := make([]float64, m)
	for k, w := range coefs {
		res.Path.SetCol(k, w)
		res.Intercepts[k] = ds.Intercept(w)
		res.RSS[k] = ds.Residual(r, w)
		res.DF[k] = len(support(w))
		res.Values[k] = float64(m)*math.Log(2*math.Pi*sigma2) + res.RSS[k]/sigma2 + factor*float64(res.DF[k])
		if res.Values[k] < res.Values[res.Index] {
			res.Index = k
		}
	}
	res.Alpha = alphas[res.Index]
	res.Model = &Model{Coef: coefs[res.Index], Intercept: res.Intercepts[res.Index]}
	if err := finiteModel(res.Model, "LassoIC"); err != nil {
		return nil, err
	}
	return res, nil
}

// larsLasso runs LARS with the lasso modification on the Gram matrix G
// and Xty = Xc^T yc (see LassoIC) and returns the breakpoints alpha_k =
// C_k/m with the weights there, the number of steps and of drops.
// It stops early, leaving the path short, once ctx is done.
func larsLasso(ctx context.Context, G *mat.SymDense, Xty []float64, m float64, maxIter int) (alphas []float64, coefs [][]float64, steps, drops int) {
	d := len(Xty)
	w := make([]float64, d)
	c := make([]float64, d)
	active := make([]bool, d)
	barred := make([]bool, d) // degenerate: never enters
	sign := make([]float64, d)
	var A []int
	var justDropped []int
	drop, skipRecord := false, false
	const tol32 = 1.1920928955078125e-07
	C0 := -1.0
	for ctx.Err() == nil {
		// c = Xty - G w
		for j := 0; j < d; j++ {
			s := Xty[j]
			for _, k := range A {
				s -= G.At(j, k) * w[k]
			}
			c[j] = s
		}
		// C: the largest |c_j| outside A (it equals C on A where a
		// feature is about to enter); 0 once every feature is active.
		C, jmax := 0.0, -1
		for j := 0; j < d; j++ {
			if !active[j] && !barred[j] && math.Abs(c[j]) > C {
				C, jmax = math.Abs(c[j]), j
			}
		}
		if drop && len(justDropped) > 0 {
			C = math.Abs(c[justDropped[0]])
		}
		if C0 < 0 {
			C0 = C
		}
		if skipRecord {
			skipRecord = false
		} else {
			alphas = append(alphas, C/m)
			coefs = append(coefs, append([]float64(nil), w...))
		}
		if C <= tol32*C0 || C0 == 0 || steps >= maxIter {
			break
		}
		added := false
		if !drop {
			if jmax < 0 {
				break
			}
			active[jmax] = true
			A = append(A, jmax)
			sign[jmax] = math.Copysign(1, c[jmax])
			added = true
		}
		// Direction: solve G_AA x = s_A. An entering column that is a
		// combination of the active ones (the last pivot squared, its
		// squared distance from their span, at most 1e-12 of its squared
		// norm: a scale-free test) is barred and the step goes on with
		// the active set as it was.
		var ch mat.Cholesky
		k := len(A)
		for k > 0 {
			GA := mat.NewSymDense(k, nil)
			for a := 0; a < k; a++ {
				for b := a; b < k; b++ {
					GA.SetSym(a, b, G.At(A[a], A[b]))
				}
			}
			ok := ch.Factorize(GA)
			if ok && added {
				var L mat.TriDense
				ch.LTo(&L)
				piv := L.At(k-1, k-1)
				ok = piv*piv > 1e-12*G.At(A[k-1], A[k-1])
			}
			if ok {
				break
			}
			if !added {
				k = -1
				break
			}
			j := A[k-1]
			A = A[:k-1]
			active[j] = false
			barred[j] = true
			added = false
			k--
		}
		if k < 0 {
			break
		}
		if k == 0 {
			skipRecord = true
			continue
		}
		sA := make([]float64, k)
		for a, j := range A {
			sA[a] = sign[j]
		}
		var x mat.VecDense
		if err := ch.SolveVecTo(&x, mat.NewVecDense(k, sA)); err != nil {
			break
		}
		var ss float64
		for a := range sA {
			ss += sA[a] * x.AtVec(a)
		}
		if !(ss > 0) {
			break
		}
		AA := 1 / math.Sqrt(ss)
		dir := make([]float64, k)
		for a := range dir {
			dir[a] = AA * x.AtVec(a)
		}
		// C on the active set: the entering feature's |c_j| (the largest
		// outside it), else that of any active feature.
		Cact := math.Abs(c[A[0]])
		if added {
			Cact = math.Abs(c[jmax])
		} else if drop {
			Cact = C
		}
		gamma := Cact / AA
		skip := make(map[int]bool, len(justDropped))
		for _, j := range justDropped {
			skip[j] = true
		}
		for j := 0; j < d; j++ {
			if active[j] || barred[j] {
				continue
			}
			var aj float64
			for a, i := range A {
				aj += G.At(j, i) * dir[a]
			}
			// A feature that has just left sits at |c_j| = C: only the
			// opposite boundary, -sign(c_j) C, can bring it back.
			if g := (Cact - c[j]) / (AA - aj); g > 0 && g < gamma && !(skip[j] && c[j] > 0) {
				gamma = g
			}
			if g := (Cact + c[j]) / (AA + aj); g > 0 && g < gamma && !(skip[j] && c[j] < 0) {
				gamma = g
			}
		}
		zpos := math.Inf(1)
		z := make([]float64, k)
		for a, j := range A {
			if z[a] = -w[j] / dir[a]; z[a] > 0 && z[a] < zpos {
				zpos = z[a]
			}
		}
		drop = zpos < gamma
		if drop {
			gamma = zpos
		}
		for a, j := range A {
			w[j] += gamma * dir[a]
		}
		justDropped = justDropped[:0]
		if drop {
			keep := A[:0]
			for a, j := range A {
				if z[a] == zpos {
					w[j] = 0
					active[j] = false
					justDropped = append(justDropped, j)
					drops++
					continue
				}
				keep = append(keep, j)
			}
			A = keep
		}
		steps++
	}
	return alphas, coefs, steps, drops
}
