package filter

import (
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/stream"
)

// statsCorr returns the correlations of every feature with the target
// from a Gram of [X y]: r_j = C_jy / √(C_jj C_yy), C the centred cross
// products. A column with C_jj <= (1e-12 n x̄_j)² (no spread beyond the
// rounding of its mean: constant) gets r = 0 and is listed as constant;
// a target likewise constant is ErrConstant.
func statsCorr(g *stream.Gram, names []string, fn string) (*corr, error) {
	if g == nil || !g.HasTarget() {
		return nil, featlab.Errorf(featlab.ErrParam, "filter.%s needs a stream.Gram with a target", fn)
	}
	n, d := g.Count(), g.Features()
	if n == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "filter.%s: a Gram of %d rows and %d features", fn, n, d)
	}
	if names != nil && len(names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "filter.%s: %d feature names for %d features", fn, len(names), d)
	}
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	C, mean := g.Centred(), g.Mean()
	if err := design.CheckFinite(C, mean); err != nil {
		return nil, err
	}
	fn64 := float64(n)
	flat := func(j int) bool {
		t := 1e-12 * fn64 * mean[j]
		return C.At(j, j) <= t*t
	}
	if flat(d) {
		return nil, featlab.Errorf(featlab.ErrConstant, "filter.%s: target is constant (mean %v over %d rows); a regression score needs a varying target", fn, mean[d], n)
	}
	c := &corr{in: &input{m: int(min(n, math.MaxInt32)), d: d, names: append([]string(nil), names...)}, r: make([]float64, d), constant: make([]bool, d)}
	syy := math.Sqrt(C.At(d, d))
	for j := 0; j < d; j++ {
		if flat(j) {
			c.constant[j] = true
			continue
		}
		c.r[j] = clamp1(C.At(j, d) / (math.Sqrt(C.At(j, j)) * syy))
	}
	return c, nil
}

// PearsonFromStats is Pearson from the one-pass statistics of [X y] (a
// stream.Gram with a target):
//
//	r_j = C_jy / √(C_jj C_yy),   C = Σ_i (z_i − z̄)(z_i − z̄)ᵀ, z = [x y],
//
// the same scores, signs and p-values (F(1, n−2) test of r = 0) as Pearson
// on the n rows up to rounding. A constant feature (see statsCorr's rule:
// no spread beyond the rounding of its mean) scores 0 with p-value 1.
// Errors: ErrParam for a nil Gram or one without a target, ErrEmpty for
// one without rows, ErrShape for Names of the wrong length, ErrConstant
// for a constant target. cfg.Workers is not used.
func PearsonFromStats(g *stream.Gram, cfg Config) (*Scores, error) {
	c, err := statsCorr(g, cfg.Names, "PearsonFromStats")
	if err != nil {
		return nil, err
	}
	return c.pearson(), nil
}

// FRegressionFromStats is FRegression from the one-pass statistics of
// [X y]: F_j = r_j²/(1 − r_j²) (n − 2) with r_j as in PearsonFromStats and
// its F(1, n−2) p-value. Errors as PearsonFromStats'.
func FRegressionFromStats(g *stream.Gram, cfg Config) (*Scores, error) {
	c, err := statsCorr(g, cfg.Names, "FRegressionFromStats")
	if err != nil {
		return nil, err
	}
	return c.fRegression(), nil
}
