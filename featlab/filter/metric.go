package filter

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

// ReliefMetric turns Relief's relevance statistics delta (the Values of
// Relief or ReliefF) into the weights of a diagonal metric
//
//	d_w(a, b)^2 = sum_j w_j diff(a_j, b_j)^2,   w_j = max(delta_j, 0) / ||max(delta, 0)||_2 .
//
// Why these weights (Zhou 11.2 calls Relief "implicitly related to metric
// learning"): for example x_i with its near-hit h_i and near-miss n_i, the
// margin of the metric is d_w(x_i, n_i)^2 - d_w(x_i, h_i)^2, and summed
// over the examples it is sum_j w_j delta_j = <w, delta> (eq. 11.3 with
// the neighbours held fixed). Among weights w >= 0 with ||w||_2 = 1 the
// total margin is largest for w proportional to the positive part of
// delta (Cauchy-Schwarz), which is what ReliefMetric returns: features
// whose near-misses differ more than their near-hits stretch the space,
// the others are dropped (weight 0).
//
// s must be non-nil with at least one positive and no NaN value; otherwise
// the error wraps featlab.ErrParam. The weights are scale-free in delta
// (Relief's sum and its Mean give the same w).
func ReliefMetric(s *Scores) ([]float64, error) {
	if s == nil || len(s.Values) == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "relief metric: no scores")
	}
	w := make([]float64, len(s.Values))
	norm := 0.0
	for j, v := range s.Values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "relief metric: score %d (%q) is %v", j, s.names()[j], v)
		}
		if v > 0 {
			w[j] = v
			norm = math.Hypot(norm, v)
		}
	}
	if norm == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "relief metric: no feature has a positive relevance statistic (%d scores <= 0)", len(w))
	}
	for j := range w {
		w[j] /= norm
	}
	return w, nil
}

// NearestNeighborConfig holds the settings of NearestNeighborAccuracy. The
// zero value is the default.
type NearestNeighborConfig struct {
	// Weights are the w_j of the diagonal metric sum_j w_j diff_j^2, one per
	// column, each finite and >= 0 with at least one positive. Default nil:
	// every w_j = 1 (the Euclidean distance on range-scaled features, the
	// distance Relief uses to find neighbours).
	Weights []float64
}

// NearestNeighborAccuracy returns the leave-one-out accuracy of the
// one-nearest-neighbour classifier
//
//	acc = (1/m) #{ i : y_{nn(i)} = y_i },   nn(i) = argmin_{k != i} sum_j w_j diff(x_ij, x_kj)^2,
//
// with diff(a, b) = (a - b) / (max_j - min_j), each feature scaled by its
// range over the m rows as in Relief (a constant feature has diff 0). Ties
// go to the lower row. The cost is O(m^2 d). y holds integer class labels
// (featlab.ErrLabels otherwise); m must be at least 2.
func NearestNeighborAccuracy(X mat.Matrix, y []float64, cfg NearestNeighborConfig) (float64, error) {
	in, err := prepare("nearest neighbour", X, y, nil, true)
	if err != nil {
		return 0, err
	}
	if in.m < 2 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "nearest neighbour: %d row, leave-one-out needs at least 2", in.m)
	}
	if _, _, err := classes(y, "nearest neighbour"); err != nil {
		return 0, err
	}
	w, err := metricWeights(cfg.Weights, in.d)
	if err != nil {
		return 0, err
	}
	// diff_j = (a_j - b_j) * inv_j with inv_j = 1 / range_j (0 for a
	// constant column), squared after scaling so that large values cannot
	// overflow.
	inv := make([]float64, in.d)
	lo, hi := make([]float64, in.d), make([]float64, in.d)
	for j := range lo {
		lo[j], hi[j] = math.Inf(1), math.Inf(-1)
	}
	for i := 0; i < in.m; i++ {
		kernel.MinMax(in.data[i*in.stride:i*in.stride+in.d], lo, hi) // prepare refused non-finite X
	}
	for j := range inv {
		if r := hi[j] - lo[j]; r > 0 {
			inv[j] = 1 / r // 0 when the range overflows
		}
	}
	correct := 0
	for i := 0; i < in.m; i++ {
		xi := in.data[i*in.stride : i*in.stride+in.d]
		best, bestK := math.Inf(1), -1
		for k := 0; k < in.m; k++ {
			if k == i {
				continue
			}
			xk := in.data[k*in.stride : k*in.stride+in.d]
			s := 0.0
			for j, wj := range w {
				if wj != 0 && inv[j] != 0 {
					t := xi[j]*inv[j] - xk[j]*inv[j]
					s += wj * t * t
				}
			}
			if s < best {
				best, bestK = s, k
			}
		}
		if bestK < 0 { // every distance overflowed: take the lowest other row
			bestK = 0
			if i == 0 {
				bestK = 1
			}
		}
		if y[bestK] == y[i] {
			correct++
		}
	}
	return float64(correct) / float64(in.m), nil
}

// metricWeights validates cfg.Weights (nil: all ones) and returns a copy.
func metricWeights(ws []float64, d int) ([]float64, error) {
	w := make([]float64, d)
	if ws == nil {
		for j := range w {
			w[j] = 1
		}
		return w, nil
	}
	if len(ws) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "nearest neighbour: %d weights for %d columns of X", len(ws), d)
	}
	pos := false
	for j, v := range ws {
		if !(v >= 0) || math.IsInf(v, 0) {
			return nil, featlab.Errorf(featlab.ErrParam, "nearest neighbour: Weights[%d] = %v must be finite and >= 0", j, v)
		}
		pos = pos || v > 0
		w[j] = v
	}
	if !pos {
		return nil, featlab.Errorf(featlab.ErrParam, "nearest neighbour: every weight is 0")
	}
	return w, nil
}
