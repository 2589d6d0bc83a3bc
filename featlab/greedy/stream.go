package greedy

import (
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/stream"
)

// OMPFromStats is OMP computed from the one-pass statistics of [X y] (a
// stream.Gram with a target) instead of X and y. OMP reads the data only
// through inner products of the (centred with cfg.Intercept) columns and
// the target: <Xc_j, y>, ||Xc_j||² and the Gram-Schmidt products of
// chosen columns with the others. All of them are entries of
//
//	S = [Xc yc]ᵀ[Xc yc]   (C of the Gram; C + n z̄ z̄ᵀ without intercept),
//
// so OMP runs unchanged on the (d+1) x d pseudo-design R[:, :d] with
// target R[:, d], S = RᵀR (internal/design.FromGram): the same features
// in the same order, the same coefficients, RSS and rounds as OMP on the
// n rows up to rounding (TestOMPFromStatsExact), with b = ȳ − x̄ᵀw. Unlike
// OMP the statistics are not rescaled. Errors: as OMP's for the config;
// ErrParam for a nil Gram or one without a target; ErrEmpty for one
// without rows.
func OMPFromStats(g *stream.Gram, cfg OMPConfig) (*OMPResult, error) {
	if g == nil || !g.HasTarget() {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.OMPFromStats needs a stream.Gram with a target")
	}
	n, d := g.Count(), g.Features()
	if n == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "greedy.OMPFromStats: a Gram of %d rows and %d features", n, d)
	}
	names, T, err := cfg.check("OMPFromStats", int(min(n, 1<<62)), d)
	if err != nil {
		return nil, err
	}
	ds, _, err := design.FromGram(g.Centred(), g.Mean(), float64(n), cfg.Intercept, 0)
	if err != nil {
		return nil, err
	}
	mean := ds.XMean
	if mean == nil {
		mean = make([]float64, d)
	}
	return ompRun(&ompDesign{Design: ds, mean: mean}, names, T, cfg), nil
}
