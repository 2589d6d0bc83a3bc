package synth

import (
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// This file holds the generators of the transformations chapter
// (Shalev-Shwartz and Ben-David, section 25.2): the normalization-under-ridge
// example, the clipping example, and documents of different lengths for
// row normalization; with the exact population quantities of the two
// worked examples, computed from their finite distributions.

const (
	streamRidgeScale = 0x2521
	streamClip       = 0x2522
	streamDocuments  = 0x2523
)

// RidgeScaleX2 is the scale of the second feature of RidgeScale,
// x2 = 0.0001 y.
const RidgeScaleX2 = 1e-4

// RidgeScaleSwitch is the lambda above which, in the (1/m) scaling
// (1/m)||Xw - y||^2 + lambda ||w||^2, the ridge objective is smaller at the
// poor predictor w = [1; 0] (objective 0.25 + lambda) than at the perfect
// w* = [0; 10^4] (objective lambda 10^8): 0.25/(10^8 - 1), about
// 0.25 x 10^-8 (section 25.2).
const RidgeScaleSwitch = 0.25 / (1e8 - 1)

// RidgeScale samples m examples of the normalization example of section
// 25.2 (d = 2, regression):
//
//	y ~ U{-1, +1},  alpha ~ U{-1, +1} independent,
//	x1 = y + alpha/2,  x2 = 0.0001 y.
//
// x1 takes the values +-0.5 and +-1.5 and is only correlated with y, while
// x2 determines y exactly but on a scale 10^4 times smaller: w* = [0; 10^4]
// has zero risk and ||w*||^2 = 10^8, which ridge regression punishes.
// Dividing each feature by its maximal absolute value (1.5 and 10^-4)
// gives x1 = (y + alpha/2)/1.5, x2 = y and w* = [0; 1]. Features are named
// x1, x2 and the target y; m must be at least 2.
func RidgeScale(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamRidgeScale)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		y[i] = sign(r)
		alpha := sign(r)
		X.Set(i, 0, y[i]+0.5*alpha)
		X.Set(i, 1, RidgeScaleX2*y[i])
	}
	return featlab.NewDataset(X, y, nil, "y")
}

// ridgeScaleScale returns the divisors of the two features (1, 1 for nil).
func ridgeScaleScale(scale []float64) (s1, s2 float64, err error) {
	if scale == nil {
		return 1, 1, nil
	}
	if len(scale) != 2 || !(scale[0] > 0) || !(scale[1] > 0) || math.IsInf(scale[0], 0) || math.IsInf(scale[1], 0) {
		return 0, 0, featlab.Errorf(featlab.ErrParam, "scale %v must hold two finite numbers > 0", scale)
	}
	return scale[0], scale[1], nil
}

// RidgeScaleMoments returns the exact second moments of the RidgeScale
// distribution after dividing feature j by scale[j] (nil: no scaling):
// C = E[x x^T] and b = E[x y]. Unscaled,
//
//	C = [1.25 10^-4; 10^-4 10^-8],  b = [1; 10^-4],  E[y^2] = 1.
func RidgeScaleMoments(scale []float64) (C [2][2]float64, b [2]float64, err error) {
	s1, s2, err := ridgeScaleScale(scale)
	if err != nil {
		return C, b, err
	}
	// E[x1^2] = E[y^2] + E[alpha^2]/4 = 1.25; E[x1 x2] = 10^-4 E[y^2 + y alpha/2] = 10^-4.
	C[0][0] = 1.25 / (s1 * s1)
	C[0][1] = RidgeScaleX2 / (s1 * s2)
	C[1][0] = C[0][1]
	C[1][1] = RidgeScaleX2 * RidgeScaleX2 / (s2 * s2)
	b[0] = 1 / s1
	b[1] = RidgeScaleX2 / s2
	return C, b, nil
}

// RidgeScaleRisk returns the exact risk of the linear predictor w on the
// RidgeScale distribution with feature j divided by scale[j] (nil: no
// scaling), in the squared loss without 1/2 that goes with the (1/m)
// ridge objective of 25.2:
//
//	L_D(w) = E (<w, x> - y)^2 = w^T C w - 2 b^T w + 1.
//
// L_D([1; 0]) = 0.25 and L_D([0; 10^4]) = 0 unscaled.
func RidgeScaleRisk(w, scale []float64) (float64, error) {
	if len(w) != 2 {
		return 0, featlab.Errorf(featlab.ErrShape, "w has %d entries, want 2", len(w))
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, featlab.Errorf(featlab.ErrParam, "w[%d] = %v must be finite", j, v)
		}
	}
	C, b, err := RidgeScaleMoments(scale)
	if err != nil {
		return 0, err
	}
	q := C[0][0]*w[0]*w[0] + 2*C[0][1]*w[0]*w[1] + C[1][1]*w[1]*w[1]
	return math.Max(q-2*(b[0]*w[0]+b[1]*w[1])+1, 0), nil
}

// RidgeScalePopulation returns the population ridge solution on the
// RidgeScale distribution with feature j divided by scale[j] (nil: no
// scaling), the limit of ridge on m examples as m grows in the (1/m)
// scaling:
//
//	argmin_w E (<w, x> - y)^2 + lambda ||w||^2 = (C + lambda I)^{-1} b,
//
// solved in closed form (2 x 2). lambda must be >= 0; at 0 it is w*.
func RidgeScalePopulation(lambda float64, scale []float64) ([]float64, error) {
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "lambda = %v must be finite and >= 0", lambda)
	}
	C, b, err := RidgeScaleMoments(scale)
	if err != nil {
		return nil, err
	}
	a, c, d := C[0][0]+lambda, C[0][1], C[1][1]+lambda
	det := a*d - c*c
	return []float64{(d*b[0] - c*b[1]) / det, (a*b[1] - c*b[0]) / det}, nil
}

// RidgeScaleWStar returns the zero-risk predictor of the RidgeScale
// distribution with feature j divided by scale[j]: w* = [0; 10^4 scale[1]],
// [0; 10^4] unscaled (||w*||^2 = 10^8) and [0; 1] after dividing by the
// maxima 1.5 and 10^-4 (||w*||^2 = 1).
func RidgeScaleWStar(scale []float64) ([]float64, error) {
	_, s2, err := ridgeScaleScale(scale)
	if err != nil {
		return nil, err
	}
	return []float64{0, s2 / RidgeScaleX2}, nil
}

// ClipExample samples m examples of the clipping example of section 25.2
// (d = 1, regression), for a > 1:
//
//	y ~ U{-1, +1},  x = y with probability 1 - 1/a,  x = a y with probability 1/a.
//
// The feature is usually +-1 but rarely +-a. The feature is named x and
// the target y; m must be at least 2 and a > 1 finite.
func ClipExample(m int, a float64, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	if !(a > 1) || math.IsInf(a, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "a = %v must be a finite number > 1", a)
	}
	r := newRand(seed, streamClip)
	X := mat.NewDense(m, 1, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		y[i] = sign(r)
		x := y[i]
		if r.Float64() < 1/a {
			x = a * y[i]
		}
		X.Set(i, 0, x)
	}
	return featlab.NewDataset(X, y, []string{"x"}, "y")
}

// clipLevels returns the two values of |x| after clipping at b, and checks
// a and b.
func clipLevels(a, b float64) (c1, c2 float64, err error) {
	if !(a > 1) || math.IsInf(a, 0) {
		return 0, 0, featlab.Errorf(featlab.ErrParam, "a = %v must be a finite number > 1", a)
	}
	if !(b > 0) {
		return 0, 0, featlab.Errorf(featlab.ErrParam, "clipping threshold b = %v must be > 0 (+Inf for no clipping)", b)
	}
	return math.Min(1, b), math.Min(a, b), nil
}

// ClipExampleRisk returns the exact risk, with the book's squared loss
// (1/2)(w x - y)^2, of the predictor w on the ClipExample distribution
// whose feature is clipped at b (x -> sign(x) min(b, |x|); b = +Inf for no
// clipping):
//
//	L_D(w) = (1 - 1/a) (1/2)(w c1 - 1)^2 + (1/a) (1/2)(w c2 - 1)^2,
//
// with c1 = min(1, b) and c2 = min(a, b) (y^2 = 1 and sign(x) = y).
func ClipExampleRisk(a, b, w float64) (float64, error) {
	c1, c2, err := clipLevels(a, b)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(w) || math.IsInf(w, 0) {
		return 0, featlab.Errorf(featlab.ErrParam, "w = %v must be finite", w)
	}
	p := 1 / a
	return (1-p)*0.5*(w*c1-1)*(w*c1-1) + p*0.5*(w*c2-1)*(w*c2-1), nil
}

// ClipExampleOptimum returns the minimiser w* of ClipExampleRisk for
// clipping at b (b = +Inf for none) and its risk L_D(w*):
//
//	w* = E[x y] / E[x^2] = ((1 - 1/a) c1 + c2/a) / ((1 - 1/a) c1^2 + c2^2/a).
//
// Without clipping this is the text's w* = (2a - 1)/(a^2 + a - 1), which
// goes to 0 as a grows, so that L_D(w*) goes to 1/2 (L_D(w*) >= 0.48 at
// a = 100); with b = 1 every x equals y, w* = 1 and L_D(w*) = 0.
func ClipExampleOptimum(a, b float64) (w, risk float64, err error) {
	c1, c2, err := clipLevels(a, b)
	if err != nil {
		return 0, 0, err
	}
	p := 1 / a
	if math.IsInf(b, 1) {
		w = (2*a - 1) / (a*a + a - 1)
	} else {
		w = ((1-p)*c1 + p*c2) / ((1-p)*c1*c1 + p*c2*c2)
	}
	risk, err = ClipExampleRisk(a, b, w)
	return w, risk, err
}

// Documents samples m word-count vectors ("documents") over a vocabulary
// of 6 words, for row normalization: each document has a topic, 0 or 1
// with equal probability, and a length L drawn log-uniformly from
// [10, 1000] words independently of the topic; its words are L
// independent draws from the topic's word distribution
//
//	topic 0: (0.30, 0.25, 0.20, 0.10, 0.10, 0.05)
//	topic 1: (0.05, 0.10, 0.10, 0.20, 0.25, 0.30)
//
// so that the counts are L times the topic's frequencies plus multinomial
// noise: the size of a document says nothing about its topic, but
// dominates its raw counts. Features are named word1..word6; classes
// "topic0", "topic1"; m must be at least 2.
func Documents(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 2); err != nil {
		return nil, err
	}
	r := newRand(seed, streamDocuments)
	p := [2][6]float64{
		{0.30, 0.25, 0.20, 0.10, 0.10, 0.05},
		{0.05, 0.10, 0.10, 0.20, 0.25, 0.30},
	}
	X := mat.NewDense(m, 6, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		t := r.IntN(2)
		y[i] = float64(t)
		L := int(math.Round(math.Pow(10, 1+2*r.Float64())))
		row := X.RawRowView(i)
		for k := 0; k < L; k++ {
			u := r.Float64()
			w, acc := 0, p[t][0]
			for u >= acc && w < 5 {
				w++
				acc += p[t][w]
			}
			row[w]++
		}
	}
	names := []string{"word1", "word2", "word3", "word4", "word5", "word6"}
	ds, err := featlab.NewDataset(X, y, names, "topic")
	if err != nil {
		return nil, err
	}
	ds.Classes = []string{"topic0", "topic1"}
	return ds, nil
}
