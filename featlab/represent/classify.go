package represent

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
)

// LinearClassifier is the linear predictor put on top of a learned
// representation psi in 25.3: one-versus-rest ridge regression, one
// linear.Ridge fit (with intercept, Lambda in the book's (1/2m) scaling) per
// class on the 0/1 indicator of that class; a row is predicted as the class
// whose score w_c . x + b_c is largest (ties: the smallest label). With
// indicator features of k clusters (k-means' psi) and Lambda = 0 it
// predicts, per cluster, the class with the highest score, a constant on
// each cluster: the piecewise-constant predictor of 25.3.1.
type LinearClassifier struct {
	// Lambda >= 0 is the ridge penalty of each class's fit. Default 0.
	Lambda float64
}

// Fit fits the classifier to class labels y (whole numbers, at least two
// distinct).
func (c LinearClassifier) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	if _, _, err := featlab.CheckXY(X, y, nil); err != nil {
		return nil, err
	}
	labels, err := featlab.ClassLabels(y, 2)
	if err != nil {
		return nil, err
	}
	models := make([]*linear.Model, len(labels))
	t := make([]float64, len(y))
	for k, l := range labels {
		for i, v := range y {
			t[i] = 0
			if int(v) == l {
				t[i] = 1
			}
		}
		md, err := linear.Ridge(X, t, linear.RidgeConfig{Lambda: c.Lambda, Intercept: true})
		if err != nil {
			return nil, err
		}
		models[k] = &md.Model
	}
	_, d := X.Dims()
	return featlab.PredictorFunc(func(Z mat.Matrix) ([]float64, error) {
		if err := checkWidth(Z, d, "X"); err != nil {
			return nil, err
		}
		m, _ := Z.Dims()
		out := make([]float64, m)
		best := make([]float64, m)
		for i := range best {
			best[i] = math.Inf(-1)
		}
		for k, md := range models {
			p, err := md.Predict(Z)
			if err != nil {
				return nil, err
			}
			for i, v := range p {
				if v > best[i] {
					best[i], out[i] = v, float64(labels[k])
				}
			}
		}
		return out, nil
	}), nil
}
