package synth

import (
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// This file holds the generators of the sparsity chapter: Shalev-Shwartz
// and Ben-David (2014) section 25.1.3, Zhou (2016) section 11.4 and
// Fig. 11.1, and the sparse-model and stability-selection slides of the
// Aalto CS-E4710 lecture 10.

// Stream constants of the sparsity generators.
const (
	streamSparse     = 0x2540
	streamDecoy      = 0x2541
	streamTwoFeature = 0x1141
	streamBestSubset = 0x2542
)

// SparseConfig sets the shape of a Sparse problem. The zero value is the
// default noted at each field.
type SparseConfig struct {
	// Features is the number d of features. Default 50.
	Features int
	// Support is the number k of features with a nonzero coefficient,
	// spread evenly over the columns: j = i floor(d/k), i = 0..k-1 (with
	// d = 50, k = 5: x1, x11, x21, x31, x41). Default 5; at most Features.
	Support int
	// Coef is the value of the nonzero coefficients. Default 1; must be
	// > 0.
	Coef float64
	// Noise is the standard deviation of the Gaussian noise on y. Default
	// 0 (noiseless); must be >= 0.
	Noise float64
	// Rho in [0, 1) correlates the features: corr(x_i, x_j) = Rho^|i-j|
	// (a stationary AR(1) sequence across the columns). Default 0
	// (independent features).
	Rho float64
}

// Sparse samples m examples of a sparse linear regression with a known
// support, the setting of the lasso (eq. 25.8) and of stability selection:
//
//	x ~ N(0, Sigma), Sigma_ij = Rho^|i-j|,
//	w_j = Coef for j in {0, s, 2s, ..., (k-1)s}, s = floor(d/k), 0 else,
//	y = w.x + Noise N(0, 1).
//
// It returns the data set (features x1..xd, target y) and the true w,
// whose nonzero entries are the support. m must be at least 1.
func Sparse(m int, cfg SparseConfig, seed uint64) (*featlab.Dataset, []float64, error) {
	if err := checkM(m, 1); err != nil {
		return nil, nil, err
	}
	d, k, c := cfg.Features, cfg.Support, cfg.Coef
	if d < 0 {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Features = %d must be >= 0 (0 means the default 50)", d)
	}
	if d == 0 {
		d = 50
	}
	if k < 0 || k > d {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Support = %d must be in [0, %d] (0 means the default 5)", k, d)
	}
	if k == 0 {
		k = min(5, d)
	}
	if c < 0 || math.IsNaN(c) || math.IsInf(c, 0) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Coef = %v must be finite and > 0 (0 means the default 1)", c)
	}
	if c == 0 {
		c = 1
	}
	if !(cfg.Noise >= 0) || math.IsInf(cfg.Noise, 0) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Noise = %v must be finite and >= 0", cfg.Noise)
	}
	if !(cfg.Rho >= 0 && cfg.Rho < 1) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Rho = %v must be in [0, 1)", cfg.Rho)
	}
	r := newRand(seed, streamSparse)
	if err := featlab.CheckCells("synth: the data", "", m, d, 0); err != nil {
		return nil, nil, err
	}
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	sq := math.Sqrt(1 - cfg.Rho*cfg.Rho)
	for i := 0; i < m; i++ {
		row := raw[i*d : (i+1)*d]
		row[0] = r.NormFloat64()
		for j := 1; j < d; j++ {
			row[j] = cfg.Rho*row[j-1] + sq*r.NormFloat64()
		}
	}
	w := make([]float64, d)
	for i := 0; i < k; i++ {
		w[i*(d/k)] = c
	}
	y := linearTarget(raw, w, m, d)
	if cfg.Noise > 0 {
		for i := range y {
			y[i] += cfg.Noise * r.NormFloat64()
		}
	}
	ds, err := featlab.NewDataset(X, y, nil, "y")
	if err != nil {
		return nil, nil, err
	}
	return ds, w, nil
}

func linearTarget(raw, w []float64, m, d int) []float64 {
	y := make([]float64, m)
	for i := range y {
		row := raw[i*d : (i+1)*d]
		s := 0.0
		for j, v := range row {
			s += v * w[j]
		}
		y[i] = s
	}
	return y
}

// Decoy samples m examples of a correlated design in which the plain lasso
// selects a wrong variable (Zhao and Yu 2006, the "irrepresentable
// condition"; Meinshausen and Buhlmann 2010, section 3.1):
//
//	x1, x2, x3 ~ N(0, 1) independent, the support; w = (1, 1, 1, 0, ...);
//	x4 = rho (x1 + x2 + x3)/sqrt(3) + sqrt(1 - rho^2) e,  e ~ N(0, 1),
//	     the decoy, correlated with every relevant feature;
//	x5..xd ~ N(0, 1) independent noise features;
//	y = x1 + x2 + x3 + noise N(0, 1).
//
// The decoy has correlation rho with (x1+x2+x3)/sqrt(3), the direction of
// the signal, so it correlates more with y than any single relevant
// feature does and enters the lasso path first. The irrepresentable
// condition |Sigma_{4,S} Sigma_SS^-1 sign(w_S)| = rho sqrt(3) < 1 fails
// for rho > 1/sqrt(3) ~ 0.577. It returns the data set (x1..xd, y) and w.
// d must be in [4, ...], m >= 1, rho in [0, 1), noise >= 0.
func Decoy(m, d int, rho, noise float64, seed uint64) (*featlab.Dataset, []float64, error) {
	if err := checkM(m, 1); err != nil {
		return nil, nil, err
	}
	if d < 4 {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "d = %d features, need at least 4 (three relevant and the decoy)", d)
	}
	if !(rho >= 0 && rho < 1) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "rho = %v must be in [0, 1)", rho)
	}
	if !(noise >= 0) || math.IsInf(noise, 0) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "noise = %v must be finite and >= 0", noise)
	}
	return decoyWith(m, d, rho, noise, newRand(seed, streamDecoy))
}

func decoyWith(m, d int, rho, noise float64, r *rand.Rand) (*featlab.Dataset, []float64, error) {
	if err := featlab.CheckCells("synth: the data", "", m, d, 0); err != nil {
		return nil, nil, err
	}
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	sq := math.Sqrt(1 - rho*rho)
	for i := 0; i < m; i++ {
		row := raw[i*d : (i+1)*d]
		for j := range row {
			row[j] = r.NormFloat64()
		}
		row[3] = rho*(row[0]+row[1]+row[2])/math.Sqrt(3) + sq*row[3]
	}
	w := make([]float64, d)
	w[0], w[1], w[2] = 1, 1, 1
	y := linearTarget(raw, w, m, d)
	for i := range y {
		y[i] += noise * r.NormFloat64()
	}
	ds, err := featlab.NewDataset(X, y, nil, "y")
	if err != nil {
		return nil, nil, err
	}
	return ds, w, nil
}

// TwoFeature samples m examples of the two-feature regression behind Zhou's
// Fig. 11.1 (the squared-error contours against the l1 diamond and the l2
// disc):
//
//	(x1, x2) ~ N(0, [[1, 0.3], [0.3, 1]]),  y = 2 x1 + 0.5 x2 + 0.5 N(0, 1).
//
// The least-squares solution lies near (2, 0.5), outside the unit balls.
// The l1-constrained solution with ||w||_1 <= 1 sits on the corner
// (1, 0) of the diamond (w2 = 0 exactly), while the l2-constrained one
// with ||w||_2 <= 1 has both coordinates nonzero. m must be at least 3.
func TwoFeature(m int, seed uint64) (*featlab.Dataset, error) {
	if err := checkM(m, 3); err != nil {
		return nil, err
	}
	r := newRand(seed, streamTwoFeature)
	const rho = 0.3
	sq := math.Sqrt(1 - rho*rho)
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		x1 := r.NormFloat64()
		x2 := rho*x1 + sq*r.NormFloat64()
		X.Set(i, 0, x1)
		X.Set(i, 1, x2)
		y[i] = 2*x1 + 0.5*x2 + 0.5*r.NormFloat64()
	}
	return featlab.NewDataset(X, y, []string{"x1", "x2"}, "y")
}

// BestSubset samples m examples of a small problem for comparing l0 (best
// subset by exhaustive search) with the lasso, Shalev-Shwartz 25.1.3 and
// the l0 slides of the Aalto lecture: d = 8 features, the support is
// {x1, x2, x3} with w = (1, 1, 1, 0, ...), x4 is a decoy as in Decoy
// with rho = 0.8, x5..x8 are independent noise, and the noise on y has
// standard deviation 0.5. Exhaustive search over the 56 subsets of size 3
// finds the support; the three features the lasso path brings in first
// include the decoy. m must be at least 4.
func BestSubset(m int, seed uint64) (*featlab.Dataset, []float64, error) {
	if err := checkM(m, 4); err != nil {
		return nil, nil, err
	}
	return decoyWith(m, 8, 0.8, 0.5, newRand(seed, streamBestSubset))
}
