package main

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/transform"
)

// imputeData is transformData with a fraction frac of the cells (seeded,
// at random) set to NaN.
func imputeData(m, d int, frac float64) map[string]*mat.Dense {
	data := transformData(m, d)
	raw := data["X"].RawMatrix().Data
	rng := rand.New(rand.NewPCG(2026, 19))
	for k := range raw {
		if rng.Float64() < frac {
			raw[k] = math.NaN()
		}
	}
	return data
}

func init() {
	Register(Case{
		Group: "transform",
		Name:  "mean imputation + indicators, m=100000 d=100, 20% NaN",
		Data:  func() map[string]*mat.Dense { return imputeData(100000, 100, 0.2) },
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := transform.FitTransform(&transform.Imputer{Indicator: true, Workers: workers}, X)
				return err
			}, nil
		},
		Python: "peer_impute:simple_mean",
		Note:   "Imputer{Indicator: true} vs SimpleImputer(add_indicator=True).fit_transform",
	})
	Register(Case{
		Group:    "transform",
		Name:     "KNN imputation K=5, m=2000 d=20, 20% NaN",
		Data:     func() map[string]*mat.Dense { return imputeData(2000, 20, 0.2) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := transform.FitTransform(&transform.Imputer{Strategy: transform.ImputeKNN, Workers: workers}, X)
				return err
			}, nil
		},
		Python: "peer_impute:knn5",
		Note:   "Imputer{Strategy: ImputeKNN} (K = 5, uniform) vs KNNImputer().fit_transform (nan_euclidean)",
	})
}
