package linear

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/stream"
)

// checkStats returns the feature count of a Gram with a target and rows.
func checkStats(g *stream.Gram, fn string) (int, error) {
	if g == nil || !g.HasTarget() {
		return 0, featlab.Errorf(featlab.ErrParam, "%s needs a stream.Gram with a target", fn)
	}
	if g.Count() == 0 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "%s: the Gram holds no rows", fn)
	}
	if g.Features() == 0 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "%s: no features", fn)
	}
	return g.Features(), nil
}

// LeastSquaresFromStats is LeastSquares computed from the one-pass
// statistics of [X y] (a stream.Gram with a target): the same fit and the
// same inference table (standard errors, t, p, R², adjusted R², F) for
// data that never had to fit in memory.
//
// Least squares reads the data only through S = [Xc yc]ᵀ[Xc yc] (the
// Gram's centred C with cfg.Intercept, the raw C + n z̄ z̄ᵀ without), the
// means and n: the function factors S = RᵀR and runs LeastSquares' QR on
// the (d+1) x d pseudo-design R[:, :d] with target R[:, d], whose cross
// products are S, so that
//
//	w = (XcᵀXc)⁻¹ Xcᵀyc,  RSS = ycᵀyc − ycᵀXc w,  b = ȳ − x̄ᵀw,
//
// and the statistics use the data's n (DF = n − d − 1 with an intercept,
// n − d without). Rank deficiency is decided as LeastSquares does but with
// the rank tolerance eps·max(d+1, d) instead of eps·max(n, d) (the
// singular values of R[:, :d] are those of Xc); a rank-deficient S gives
// the minimum-norm fit and nil Stats. A constant column (see
// LassoPathFromStats) gets coefficient 0. A column of [X y] whose root
// sum of squares lies outside [2^-60, 2^60] is scaled by its own exact
// power of two before the fit and the result mapped back, so a column
// near 1e±150 gets the fit and table of its unit-scale copy, in the
// data's units (TestLeastSquaresFromStatsExtremeScales). Errors: ErrParam for a nil Gram
// or one without a target, ErrEmpty for one without rows, ErrShape for
// Names of the wrong length, ErrNotFinite naming the column for
// statistics whose squares overflowed during the pass.
func LeastSquaresFromStats(g *stream.Gram, cfg LeastSquaresConfig) (*LeastSquaresResult, error) {
	d, err := checkStats(g, "LeastSquaresFromStats")
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	sc, err := gramScale(g, cfg.Intercept, false)
	if err != nil {
		return nil, err
	}
	ds, err := sc.fromGram(g, cfg.Intercept, 0)
	if err != nil {
		return nil, err
	}
	res, R, err := leastSquares(ds)
	if err != nil {
		return nil, err
	}
	res.names, res.intercept = cfg.Names, cfg.Intercept
	res.statistics(ds, R, int(min(g.Count(), math.MaxInt32)))
	sc.leastSquares(res)
	return res, nil
}

// RidgeFromStats is Ridge from the one-pass statistics of [X y]: with
// G = XcᵀXc and b = Xcᵀyc read from the Gram (centred with cfg.Intercept,
// raw without) it solves
//
//	(G + c I) w = b,  b_0 = ȳ − x̄ᵀw (with an intercept),
//
// by Cholesky, c = 2nλ, nλ or λ as cfg.Objective says (n the Gram's
// count): the primal system Ridge solves when d <= n, hence Ridge's
// answer up to rounding for any n. Lambda = 0 is LeastSquaresFromStats.
// The statistics are scaled by powers of two as LassoPathFromStats' (one
// for the features, one for the target; c by the square of the
// features' scale), exact. Errors as Ridge's and
// LeastSquaresFromStats'.
func RidgeFromStats(g *stream.Gram, cfg RidgeConfig) (*RidgeResult, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	d, err := checkStats(g, "RidgeFromStats")
	if err != nil {
		return nil, err
	}
	if cfg.Lambda == 0 {
		r, err := LeastSquaresFromStats(g, LeastSquaresConfig{Intercept: cfg.Intercept})
		if err != nil {
			return nil, err
		}
		return &RidgeResult{Model: r.Model, Objective: cfg.Objective}, nil
	}
	n := g.Count()
	sc, err := gramScale(g, cfg.Intercept, true)
	if err != nil {
		return nil, err
	}
	C, mean := sc.e.Scale(g.Centred(), g.Mean())
	S := design.CrossProducts(C, mean, float64(n), cfg.Intercept)
	G := mat.NewSymDense(d, nil)
	G.CopySym(S.SliceSym(0, d))
	b := mat.NewVecDense(d, nil)
	for j := 0; j < d; j++ {
		b.SetVec(j, S.At(j, d))
	}
	w := mat.NewVecDense(d, nil)
	c := math.Ldexp(cfg.Objective.shift(cfg.Lambda, int(min(n, math.MaxInt))), -2*sc.a)
	if err := ridgeGram(w, G, b, c); err != nil {
		return nil, err
	}
	md := &RidgeResult{Model: Model{Coef: w.RawVector().Data}, Lambda: cfg.Lambda, Objective: cfg.Objective}
	if cfg.Intercept {
		md.Intercept = mean[d] - mat.Dot(w, mat.NewVecDense(d, mean[:d]))
	}
	sc.model(&md.Model)
	if err := finiteModel(&md.Model, "ridge"); err != nil {
		return nil, err
	}
	return md, nil
}

// LassoCVFromStats is LassoCV from one pass over the data: a
// stream.FoldGram holds one Gram of [X y] per fold, and
//
//   - the grid (when cfg.Path.Lambdas is nil) and the full-data path come
//     from the merge of all the folds (LassoPathFromStats on it);
//
//   - the path of split f is fitted on the merge of the other folds'
//     Grams (an exact merge, no subtraction), with the same grid;
//
//   - its held-out error at lambda_k is, with v = [−w_k; 1], fold f's
//     centred Gram C_f, means z̄_f and count n_f,
//
//     MSE_fk = (vᵀ C_f v + n_f (vᵀ z̄_f − b_k)²) / n_f,
//
//     the mean squared error of the fold's rows without reading them.
//
// MSE, SE, lambda_min and the one-standard-error lambda are then LassoCV's
// (Index1SE is validate.OneSE's choice with Complexity = −lambda). On the
// same folds, stream.FoldSplits(X, y, K, seed) given to LassoCV as
// Splits, the answers agree to rounding (TestLassoCVFromStatsExact).
//
// The folds are the FoldGram's: cfg.Splits must be nil, and cfg.Folds and
// cfg.Seed must be 0 or equal to fg.K() and fg.Seed() (ErrParam). The
// result's Splits is nil (the rows were never indexed). Every fold must
// hold a row (ErrEmpty). The K+1 paths run on cfg.Workers goroutines;
// the result does not depend on their number.
func LassoCVFromStats(fg *stream.FoldGram, cfg LassoCVConfig) (*LassoCVResult, error) {
	return LassoCVFromStatsContext(context.Background(), fg, cfg)
}

// LassoCVFromStatsContext is LassoCVFromStats with a context, as
// LassoCVContext: once ctx is done no new path starts, running ones stop
// between sweeps, and the error wraps ctx.Err() (nil result).
func LassoCVFromStatsContext(ctx context.Context, fg *stream.FoldGram, cfg LassoCVConfig) (*LassoCVResult, error) {
	rho, err := cfg.Path.check()
	if err != nil {
		return nil, err
	}
	if fg == nil || !fg.HasTarget() {
		return nil, featlab.Errorf(featlab.ErrParam, "LassoCVFromStats needs a stream.FoldGram with a target")
	}
	K := fg.K()
	switch {
	case cfg.Splits != nil:
		return nil, featlab.Errorf(featlab.ErrParam, "LassoCVFromStats: the folds are the FoldGram's; Splits must be nil")
	case cfg.Folds != 0 && cfg.Folds != K:
		return nil, featlab.Errorf(featlab.ErrParam, "LassoCVFromStats: Folds = %d, the FoldGram has %d", cfg.Folds, K)
	case cfg.Seed != 0 && cfg.Seed != fg.Seed():
		return nil, featlab.Errorf(featlab.ErrParam, "LassoCVFromStats: Seed = %d, the FoldGram's is %d", cfg.Seed, fg.Seed())
	}
	total := fg.Total()
	d, err := checkStats(total, "LassoCVFromStats")
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Path.Names, d); err != nil {
		return nil, err
	}
	folds := make([]*stream.Gram, K)
	for f := range folds {
		if folds[f] = fg.Fold(f); folds[f].Count() == 0 {
			return nil, featlab.Errorf(featlab.ErrEmpty, "LassoCVFromStats: fold %d of %d holds no rows", f, K)
		}
	}
	sc, err := gramScale(total, cfg.Path.Intercept, true)
	if err != nil {
		return nil, err
	}
	ds, err := lassoDesign(total, cfg.Path.Intercept, sc)
	if err != nil {
		return nil, err
	}
	pc := cfg.Path
	pc.Progress = nil
	pc.Lambdas = sc.lambdas(cfg.Path.Lambdas)
	lambdas := cvGrid(pc, ds, rho)
	nl := len(lambdas)
	foldMSE := mat.NewDense(K, nl, nil)
	var full *LassoPathResult
	err = par.Do(ctx, K+1, cfg.Workers, cfg.Progress, func(f int) error {
		mon := newMonitor(ctx, nil, "lasso CV from statistics")
		if f == 0 {
			full = pathOn(ds, pc, rho, append([]float64(nil), lambdas...), mon)
			if mon.err != nil {
				return mon.err
			}
			return sc.path(&full.Path)
		}
		f--
		tds, err := lassoDesign(fg.Train(f), pc.Intercept, sc)
		if err != nil {
			return err
		}
		p := pathOn(tds, pc, rho, append([]float64(nil), lambdas...), mon)
		if mon.err != nil {
			return fmt.Errorf("linear: LassoCVFromStats fold %d: %w", f, mon.err)
		}
		if err := sc.path(&p.Path); err != nil {
			return err
		}
		heldOutMSE(foldMSE.RawRowView(f), folds[f], p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	res := &LassoCVResult{Path: full}
	res.summarize(full.Lambdas, foldMSE)
	return res, nil
}

// lassoDesign is the pseudo-design of LassoPathFromStats on the
// statistics of g scaled by sc: p = d+1 rows scaled by √(p/n).
func lassoDesign(g *stream.Gram, intercept bool, sc statsScale) (*design.Design, error) {
	p, n := float64(g.Features()+1), float64(g.Count())
	return sc.fromGram(g, intercept, math.Sqrt(p/n))
}

// heldOutMSE sets out[k] to the mean squared error on the rows of the
// fold Gram h of the path's fit k: (vᵀ C v + n (vᵀ z̄ − b)²)/n, v = [−w; 1].
func heldOutMSE(out []float64, h *stream.Gram, p *LassoPathResult) {
	d := h.Features()
	C := h.Centred()
	mean := h.Mean()
	n := float64(h.Count())
	v := make([]float64, d+1)
	for k := range out {
		for j := 0; j < d; j++ {
			v[j] = -p.Coefs.At(j, k)
		}
		v[d] = 1
		var q, e float64
		for a := 0; a <= d; a++ {
			var s float64
			for b := 0; b <= d; b++ {
				if v[b] != 0 {
					s += C.At(a, b) * v[b]
				}
			}
			q += v[a] * s
			e += v[a] * mean[a]
		}
		e -= p.Intercepts[k]
		out[k] = (q + n*e*e) / n
	}
}
