package synth

import (
	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// streamRegression is the second PCG word of Regression.
const streamRegression = 0x2583

// RegressionConfig sets the shape of a Regression problem. The zero value
// is the default noted at each field (scikit-learn's make_regression
// defaults, except the explicit seed).
type RegressionConfig struct {
	// Features is the number d of features. Default 100.
	Features int
	// Informative is the number of features with a non-zero coefficient,
	// at most Features. Default 10.
	Informative int
	// Noise is the standard deviation of the Gaussian noise added to y.
	// Default 0 (noiseless); must be >= 0.
	Noise float64
	// Bias is added to every target. Default 0.
	Bias float64
	// NoShuffle keeps the informative features in the first columns and
	// the rows in generation order. By default rows and columns are
	// shuffled, as in make_regression.
	NoShuffle bool
}

// Regression samples m examples of scikit-learn's make_regression design,
// the dense sparse-regression problem of the lasso benchmarks:
//
//	x ~ N(0, I_d),  w_j ~ 100 U(0, 1) for the Informative features, 0 else,
//	y = w.x + Bias + Noise N(0, 1).
//
// It returns the data set (features x1..xd, target y) and the true
// coefficient vector w (aligned with the columns of X, after the column
// shuffle). The draws differ from numpy's, so the numbers are not those of
// make_regression with the same seed; the distribution is the same.
// m must be at least 1.
func Regression(m int, cfg RegressionConfig, seed uint64) (*featlab.Dataset, []float64, error) {
	if err := checkM(m, 1); err != nil {
		return nil, nil, err
	}
	d := cfg.Features
	if d < 0 {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Features = %d must be >= 0 (0 means the default 100)", d)
	}
	if d == 0 {
		d = 100
	}
	k := cfg.Informative
	if k < 0 || k > d {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Informative = %d must be in [0, %d] (0 means the default 10)", k, d)
	}
	if k == 0 {
		k = min(10, d)
	}
	if !(cfg.Noise >= 0) {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "Noise = %v must be >= 0", cfg.Noise)
	}
	r := newRand(seed, streamRegression)
	if err := featlab.CheckCells("synth: the data", "", m, d, 0); err != nil {
		return nil, nil, err
	}
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	for i := range raw {
		raw[i] = r.NormFloat64()
	}
	w := make([]float64, d)
	for j := 0; j < k; j++ {
		w[j] = 100 * r.Float64()
	}
	y := make([]float64, m)
	for i := range y {
		row := raw[i*d : (i+1)*d]
		s := cfg.Bias
		for j := 0; j < k; j++ {
			s += row[j] * w[j]
		}
		y[i] = s
	}
	if cfg.Noise > 0 {
		for i := range y {
			y[i] += cfg.Noise * r.NormFloat64()
		}
	}
	if !cfg.NoShuffle {
		shuffleRows(r, X, y)
		perm := r.Perm(d)
		tmp := make([]float64, d)
		for i := 0; i < m; i++ {
			row := raw[i*d : (i+1)*d]
			for j, p := range perm {
				tmp[j] = row[p]
			}
			copy(row, tmp)
		}
		wp := make([]float64, d)
		for j, p := range perm {
			wp[j] = w[p]
		}
		w = wp
	}
	ds, err := featlab.NewDataset(X, y, nil, "y")
	if err != nil {
		return nil, nil, err
	}
	return ds, w, nil
}
