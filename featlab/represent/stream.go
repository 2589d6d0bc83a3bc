package represent

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/stream"
)

// PCAFromStats is FitPCA from the one-pass statistics of the rows (a
// stream.Gram; with a target only the d features are used): PCA needs
// only the column means x̄ and the scatter matrix
//
//	C = Σ_i (x_i − x̄)(x_i − x̄)ᵀ = Xcᵀ Xc,
//
// whose Cholesky factor R (RᵀR = C; Λ^½Vᵀ from its eigendecomposition
// when C is singular) has the singular values and right singular vectors
// of Xc. FitPCA's SVD then runs on R, so the components, singular values
// and explained variances (s²/(n−1)) are those of FitPCA on the n rows up
// to rounding, for well-separated eigenvalues (TestPCAFromStatsExact); the
// smallest singular values lose relative accuracy as C squares them
// (about eps s_max²/s_j² instead of eps s_max/s_j). Errors: ErrParam for
// a nil Gram or K outside [1, min(n, d)]; ErrEmpty for a Gram without rows;
// with Whiten, as FitPCA's.
func PCAFromStats(g *stream.Gram, cfg PCAConfig) (*PCA, error) {
	if g == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "represent: PCAFromStats of a nil Gram")
	}
	n, d := g.Count(), g.Features()
	if n == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "represent: PCAFromStats: a Gram of %d rows and %d features", n, d)
	}
	m := int(min(n, math.MaxInt32))
	k := cfg.K
	if k == 0 {
		k = min(m, d)
	}
	if k < 1 || k > min(m, d) {
		return nil, featlab.Errorf(featlab.ErrParam, "represent: PCA: K = %d outside [1, min(m, d) = %d]", cfg.K, min(m, d))
	}
	C := g.Centred()
	if err := design.CheckFinite(C, g.Mean()); err != nil {
		return nil, err
	}
	Cx := mat.NewSymDense(d, nil)
	Cx.CopySym(C.SliceSym(0, d))
	R := design.FactorGram(Cx)
	p := &PCA{PCAConfig: cfg}
	if err := p.fromFactor(R, g.Mean()[:d], m, d, k); err != nil {
		return nil, err
	}
	return p, nil
}
