package linear

import (
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
)

// SoftThreshold returns sign(x) [|x| - lambda]_+, the soft-thresholding
// operator of Shalev-Shwartz eq. 25.7: the minimiser of
//
//	(1/2) w^2 - x w + lambda |w|          (eq. 25.6)
//
// over w, that is, the proximal operator of lambda |.|. It is also Zhou's
// closed form eq. 11.14 with lambda/L in place of lambda. lambda must be
// non-negative (a negative lambda is a programming error here and gives a
// meaningless result; the fitting functions check their lambdas).
func SoftThreshold(x, lambda float64) float64 {
	switch {
	case x > lambda:
		return x - lambda
	case x < -lambda:
		return x + lambda
	}
	return 0
}

// SoftThresholdVec applies SoftThreshold to every element of x and writes
// the result into dst, which is allocated when nil and must otherwise have
// the length of x (dst may be x itself). It returns dst. This is the
// proximal operator of lambda ||.||_1. A non-nil dst of another length is
// a programmer error: SoftThresholdVec panics with a message giving both
// lengths.
func SoftThresholdVec(dst, x []float64, lambda float64) []float64 {
	if dst == nil {
		dst = make([]float64, len(x))
	}
	if len(dst) != len(x) {
		panic(fmt.Sprintf("linear: SoftThresholdVec: dst has length %d, x has length %d", len(dst), len(x)))
	}
	for i, v := range x {
		dst[i] = SoftThreshold(v, lambda)
	}
	return dst
}

// ProjectL1Ball writes into dst the Euclidean projection of v onto the l1
// ball {w : ||w||_1 <= radius}, by the exact sort-based algorithm of Duchi,
// Shalev-Shwartz, Singer and Chandra (2008): when ||v||_1 > radius the
// projection is SoftThresholdVec(v, theta) with the unique theta > 0 that
// puts it on the sphere. dst is allocated when nil, may alias v, and must
// otherwise have the length of v. A negative or non-finite radius returns
// an error wrapping featlab.ErrParam; a NaN or infinite entry of v (whose
// projection is undefined) one wrapping featlab.ErrNotFinite that names
// the entry; a dst of the wrong length one wrapping featlab.ErrShape.
func ProjectL1Ball(dst, v []float64, radius float64) ([]float64, error) {
	if !(radius >= 0) || math.IsInf(radius, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "l1-ball radius = %v must be finite and >= 0", radius)
	}
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "ProjectL1Ball: v[%d] = %v", i, x)
		}
	}
	if dst == nil {
		dst = make([]float64, len(v))
	}
	if len(dst) != len(v) {
		return nil, featlab.Errorf(featlab.ErrShape, "dst has length %d, v has %d", len(dst), len(v))
	}
	var norm, mx float64
	for _, x := range v {
		norm += math.Abs(x)
		mx = math.Max(mx, math.Abs(x))
	}
	if math.IsInf(norm, 0) {
		// ||v||_1 overflows: project v/mx onto the ball of radius
		// radius/mx (the projection is positively homogeneous) and scale
		// back.
		u := make([]float64, len(v))
		for i, x := range v {
			u[i] = x / mx
		}
		theta := l1BallTheta(u, radius/mx, nil)
		for i, x := range u {
			dst[i] = SoftThreshold(x, theta) * mx
		}
		return dst, nil
	}
	theta := l1BallTheta(v, radius, nil)
	for i, x := range v {
		dst[i] = SoftThreshold(x, theta)
	}
	return dst, nil
}

// l1BallTheta returns the soft threshold theta of the projection of v onto
// the l1 ball of the given radius (0 when v is inside). buf, when long
// enough, is used as scratch space.
func l1BallTheta(v []float64, radius float64, buf []float64) float64 {
	var norm float64
	for _, x := range v {
		norm += math.Abs(x)
	}
	if norm <= radius {
		return 0
	}
	if radius == 0 {
		return math.Inf(1)
	}
	u := buf[:0]
	for _, x := range v {
		if x != 0 {
			u = append(u, math.Abs(x))
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(u)))
	// theta = (sum_{r<=rho} u_r - radius)/rho for the largest rho with
	// u_rho > (sum_{r<=rho} u_r - radius)/rho (Duchi et al., Fig. 1).
	var cum, theta float64
	for j, x := range u {
		cum += x
		t := (cum - radius) / float64(j+1)
		// j = 0 always qualifies (u_1 > u_1 - radius); the test can fail
		// only by rounding when radius is below u_1's last digit.
		if x > t || j == 0 {
			theta = t
		} else {
			break
		}
	}
	return theta
}
