package main

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/transform"
)

// transformData returns an m x d matrix with column j distributed as
// 3j + (j+1) N(0, 1) (seeded), so that every column has its own mean and
// scale.
func transformData(m, d int) map[string]*mat.Dense {
	rng := rand.New(rand.NewPCG(2025, 6))
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			raw[i*d+j] = 3*float64(j) + float64(j+1)*rng.NormFloat64()
		}
	}
	return map[string]*mat.Dense{"X": X}
}

func init() {
	Register(Case{
		Group:    "transform",
		Name:     "standardize fit+transform, m=100000 d=100",
		Data:     func() map[string]*mat.Dense { return transformData(100000, 100) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := transform.FitTransform(&transform.Standardize{Workers: workers}, X)
				return err
			}, nil
		},
		Python: "peer_transform:standard_scaler",
		Bytes:  func(data map[string]*mat.Dense) float64 { return 3 * matBytes(data["X"]) },
		Note:   "Standardize (population variance, NaN/Inf check) vs StandardScaler().fit_transform; floor bytes = 3|X|: the fit reads X, the transform reads X again and writes the result",
	})
	Register(Case{
		Group:    "transform",
		Name:     "polynomial degree 2 (1326 columns), m=10000 d=50",
		Data:     func() map[string]*mat.Dense { return transformData(10000, 50) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := transform.FitTransform(&transform.Polynomial{Degree: 2, Workers: workers}, X)
				return err
			}, nil
		},
		Python: "peer_transform:polynomial2",
		Note:   "Polynomial{Degree: 2} vs PolynomialFeatures(2).fit_transform (bias included, same column order, same values bit for bit)",
	})
	Register(Case{
		Group:    "transform",
		Name:     "unit range [0, 1] fit+transform, m=100000 d=100",
		Data:     func() map[string]*mat.Dense { return transformData(100000, 100) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := transform.FitTransform(&transform.UnitRange{Workers: workers}, X)
				return err
			}, nil
		},
		Python: "peer_transform:minmax_scaler",
		Bytes:  func(data map[string]*mat.Dense) float64 { return 3 * matBytes(data["X"]) },
		Note:   "UnitRange vs MinMaxScaler().fit_transform; floor bytes = 3|X| (fit reads X, transform reads X and writes the result)",
	})
	Register(Case{
		Group:    "transform",
		Name:     "row normalization l2, m=100000 d=100",
		Data:     func() map[string]*mat.Dense { return transformData(100000, 100) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X := data["X"]
			return func() error {
				_, err := transform.FitTransform(&transform.RowNormalize{Workers: workers}, X)
				return err
			}, nil
		},
		Python: "peer_transform:normalizer",
		Bytes:  func(data map[string]*mat.Dense) float64 { return 2 * matBytes(data["X"]) },
		Note:   "RowNormalize{L2} vs Normalizer().fit_transform; floor bytes = 2|X| (one pass: read X, write the result)",
	})
}
