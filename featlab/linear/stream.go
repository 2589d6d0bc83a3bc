package linear

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/stream"
)

// LassoPathFromStats is LassoPath computed from the one-pass statistics
// of [X y] (a stream.Gram with a target) instead of X: the same grid,
// the same covariance-update coordinate descent with strong rules, the
// same entry order, for data that never had to fit in memory.
//
// Coordinate descent with covariance updates reads the data only through
// S = [X y]ᵀ[X y] of the centred columns (with cfg.Intercept: the Gram's
// C; without: C + n z̄ z̄ᵀ, the raw cross products) and the count n. The
// function factors S = RᵀR (Cholesky; a symmetric eigendecomposition
// S = V Λ Vᵀ, R = Λ^½ Vᵀ, when S is singular), scales R by √(p/n) for
// p = d+1, and runs the in-memory path on the p x p "design" whose rows
// are R's: its cross products are (p/n) S, so the (1/2p) objective on it is
// the (1/2n) objective on the data, lambda_max and every fit are those of
// LassoPath on the n rows (up to the rounding of the factorisation, about
// 1e-13 relative on well-conditioned data), and the intercept is
// ȳ − x̄ᵀw. A column whose centred sum of squares is below (1e-12 n x̄_j)²
// (constant in the data) is treated as constant, coefficient 0, as
// LassoPath does. Errors: ErrParam for a nil Gram, one without a target or
// a bad config; ErrEmpty for a Gram without rows.
func LassoPathFromStats(g *stream.Gram, cfg LassoPathConfig) (*LassoPathResult, error) {
	rho, err := cfg.check()
	if err != nil {
		return nil, err
	}
	if g == nil || !g.HasTarget() {
		return nil, featlab.Errorf(featlab.ErrParam, "LassoPathFromStats needs a stream.Gram with a target")
	}
	if g.Count() == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "LassoPathFromStats: the Gram holds no rows")
	}
	d := g.Features()
	if d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "LassoPathFromStats: no features")
	}
	if err := checkNames(cfg.Names, d); err != nil {
		return nil, err
	}
	p := d + 1
	n := float64(g.Count())
	mean := g.Mean()
	S := g.Centred()
	constant := make([]bool, p)
	for j := 0; j < d && cfg.Intercept; j++ {
		t := 1e-12 * n * mean[j]
		if S.At(j, j) <= t*t {
			constant[j] = true
			for k := 0; k < p; k++ {
				S.SetSym(j, k, 0)
			}
		}
	}
	if !cfg.Intercept {
		for j := 0; j < p; j++ {
			for k := j; k < p; k++ {
				S.SetSym(j, k, S.At(j, k)+n*mean[j]*mean[k])
			}
		}
	}
	R := factorGram(S)
	R.Scale(math.Sqrt(float64(p)/n), R)
	for j := 0; j < d; j++ {
		if constant[j] {
			for i := 0; i < p; i++ {
				R.Set(i, j, 0)
			}
		}
	}
	ds, err := design.New(R.Slice(0, p, 0, d), mat.Col(nil, d, R), false)
	if err != nil {
		return nil, err
	}
	if cfg.Intercept {
		ds.XMean, ds.YMean = mean[:d], mean[d]
	}
	mon := newMonitor(context.Background(), cfg.Progress, "lasso path from statistics")
	res := pathOn(ds, cfg, rho, nil, mon)
	if mon.err != nil {
		return res, mon.err
	}
	return res, nil
}

// factorGram returns a p x p matrix R with RᵀR = S (S positive
// semi-definite): Cholesky's factor, or Λ^½ Vᵀ from the eigendecomposition
// (negative rounding eigenvalues taken as 0) when S is singular.
func factorGram(S *mat.SymDense) *mat.Dense {
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
