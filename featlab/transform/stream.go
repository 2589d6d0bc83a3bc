package transform

import (
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// FitMoments fits Standardize from one-pass per-feature moments instead
// of X: with the count n, the means x̄_j and M2_j = Σ_i (x_ij − x̄_j)² that
// stream.Moments merges by Chan et al.'s update, the variance is
//
//	v_j = M2_j / n   (M2_j / (n − 1) with Sample),
//
// and the rule for constant features is Fit's (v <= n eps v + (n x̄ eps)²,
// or min = max), so Transform then maps data exactly as after Fit on the
// n rows, up to rounding (TestStandardizeFitMomentsExact). Moments built
// with a target are read for their d features only. Errors: ErrParam for
// nil moments, ErrEmpty for moments without rows.
func (s *Standardize) FitMoments(m *stream.Moments) error {
	if m == nil {
		return featlab.Errorf(featlab.ErrParam, "transform: Standardize.FitMoments of nil moments")
	}
	n := m.Count()
	if n == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "transform: Standardize.FitMoments: the moments hold no rows")
	}
	d := m.Features()
	if d == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "transform: Standardize.FitMoments: no features")
	}
	mean, m2, lo, hi := m.Mean()[:d], m.M2()[:d], m.Min(), m.Max()
	variance := make([]float64, d)
	for j := range variance {
		if lo[j] < hi[j] {
			variance[j] = m2[j] / float64(n)
		}
		if math.IsInf(variance[j], 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "transform: Standardize.FitMoments: the variance of feature %d overflows", j)
		}
	}
	s.finish(mean, variance, nil, int(min(n, math.MaxInt32)))
	return nil
}
