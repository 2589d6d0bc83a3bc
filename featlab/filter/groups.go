package filter

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/featlab/course/featlab"
)

// QuantileGroups labels each value of v by the k-quantile group it falls in:
//
//	g_i = #{ l in 1..k-1 : v_i > q_{l/k} },
//
// with q_p the empirical p-quantile of v (stat.Quantile with
// stat.Empirical, the smallest value with at least a fraction p of v at or
// below it). So g_i is in 0..k-1, group 0 holds the smallest values, and
// k = 3 gives the terciles. v must be non-empty and finite, k >= 1
// (featlab.ErrEmpty, featlab.ErrNotFinite, featlab.ErrParam).
func QuantileGroups(v []float64, k int) ([]float64, error) {
	if k < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "quantile groups: k = %d must be at least 1", k)
	}
	if len(v) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "quantile groups: no values")
	}
	if err := featlab.CheckVector(v, "v"); err != nil {
		return nil, err
	}
	s := slices.Sorted(slices.Values(v))
	q := make([]float64, k-1)
	for l := range q {
		q[l] = stat.Quantile(float64(l+1)/float64(k), stat.Empirical, s, nil)
	}
	out := make([]float64, len(v))
	for i, x := range v {
		for _, t := range q {
			if x > t {
				out[i]++
			}
		}
	}
	return out, nil
}

// StandardizedShift is the difference of the mean of v between the rows of
// group hi and those of group lo, in population standard deviations of
// all of v:
//
//	( mean{v_i : g_i = hi} - mean{v_i : g_i = lo} ) / sd(v),   sd(v)^2 = (1/m) sum_i (v_i - mean v)^2 .
//
// It measures how far a feature moves between two groups of examples (for
// example the low and the high tercile of the target, QuantileGroups):
// 0 when the groups have the same mean, about 1 when they differ by one
// standard deviation. v and g must have the same length, be finite, and
// both groups must be non-empty; v must not be constant
// (featlab.ErrShape, featlab.ErrNotFinite, featlab.ErrParam,
// featlab.ErrConstant).
func StandardizedShift(v, g []float64, lo, hi float64) (float64, error) {
	if len(v) != len(g) {
		return 0, featlab.Errorf(featlab.ErrShape, "standardized shift: %d values but %d group labels", len(v), len(g))
	}
	if len(v) == 0 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "standardized shift: no values")
	}
	if err := featlab.CheckVector(v, "v"); err != nil {
		return 0, err
	}
	if err := featlab.CheckVector(g, "groups g"); err != nil {
		return 0, err
	}
	// The shift is scale-free: divide by max |v_i| first, so that sums of
	// values near the largest float64 cannot overflow.
	scale := 0.0
	for _, x := range v {
		scale = math.Max(scale, math.Abs(x))
	}
	if scale == 0 {
		return 0, featlab.Errorf(featlab.ErrConstant, "standardized shift: v is all zeros")
	}
	u := make([]float64, len(v))
	for i, x := range v {
		u[i] = x / scale
	}
	var sLo, sHi float64
	var nLo, nHi int
	for i, x := range u {
		switch g[i] {
		case lo:
			sLo, nLo = sLo+x, nLo+1
		case hi:
			sHi, nHi = sHi+x, nHi+1
		}
	}
	if nLo == 0 || nHi == 0 {
		return 0, featlab.Errorf(featlab.ErrParam, "standardized shift: group lo = %v has %d rows, group hi = %v has %d: both must be non-empty", lo, nLo, hi, nHi)
	}
	sd := stat.PopStdDev(u, nil)
	if !(sd > 0) || math.IsInf(sd, 0) {
		return 0, featlab.Errorf(featlab.ErrConstant, "standardized shift: v has standard deviation %v", sd)
	}
	return (sHi/float64(nHi) - sLo/float64(nLo)) / sd, nil
}
