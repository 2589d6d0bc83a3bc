package main

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/filter"
)

// filterData returns an m x d standard normal X (seeded), a continuous
// target depending on the first five columns plus noise, and its two-class
// version (y > 0).
func filterData(m, d int) map[string]*mat.Dense {
	rng := rand.New(rand.NewPCG(2024, 3))
	X := mat.NewDense(m, d, nil)
	raw := X.RawMatrix().Data
	for i := range raw {
		raw[i] = rng.NormFloat64()
	}
	y := mat.NewDense(m, 1, nil)
	yc := mat.NewDense(m, 1, nil)
	for i := 0; i < m; i++ {
		v := rng.NormFloat64()
		for j := 0; j < 5 && j < d; j++ {
			v += raw[i*d+j]
		}
		y.Set(i, 0, v)
		if v > 0 {
			yc.Set(i, 0, 1)
		}
	}
	// chi2 needs non-negative features: |X|.
	A := mat.NewDense(m, d, nil)
	for i, v := range raw {
		if v < 0 {
			v = -v
		}
		A.RawMatrix().Data[i] = v
	}
	return map[string]*mat.Dense{"X": X, "A": A, "y": y, "yc": yc}
}

func col(v *mat.Dense) []float64 {
	m, _ := v.Dims()
	return mat.Col(nil, 0, v)[:m]
}

type scoreFunc func(X mat.Matrix, y []float64, workers int) error

func filterCase(name, py string, m, d int, target, matrix string, f scoreFunc, note string) Case {
	floor := memoryBound[name]
	c := Case{
		Group:    "filter",
		Name:     name,
		Data:     func() map[string]*mat.Dense { return filterData(m, d) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data[matrix], col(data[target])
			return func() error { return f(X, y, workers) }, nil
		},
		Python: "peer_filter:" + py,
		Note:   note,
	}
	if floor {
		c.Bytes = func(data map[string]*mat.Dense) float64 { return matBytes(data[matrix]) }
	}
	return c
}

// memoryBound names the filter cases that are one pass over X (the floor
// is the time to read X once).
var memoryBound = map[string]bool{
	"pearson r, m=10000 d=1000":                    true,
	"F regression, m=10000 d=1000":                 true,
	"F classif (ANOVA), m=10000 d=1000, 2 classes": true,
	"chi2, m=10000 d=1000, 2 classes":              true,
}

func init() {
	cfg := func(w int) filter.Config { return filter.Config{Workers: w} }
	Register(filterCase("pearson r, m=10000 d=1000", "r_regression", 10000, 1000, "y", "X",
		func(X mat.Matrix, y []float64, w int) error { _, err := filter.Pearson(X, y, cfg(w)); return err },
		"Pearson (|r|, sign and p-value) vs r_regression (r only); goal: >= 1x on 1 core, >= 2x on all cores"))
	Register(filterCase("F regression, m=10000 d=1000", "f_regression", 10000, 1000, "y", "X",
		func(X mat.Matrix, y []float64, w int) error {
			_, err := filter.FRegression(X, y, cfg(w))
			return err
		},
		"FRegression vs f_regression (F and p-values on both sides)"))
	Register(filterCase("F classif (ANOVA), m=10000 d=1000, 2 classes", "f_classif", 10000, 1000, "yc", "X",
		func(X mat.Matrix, y []float64, w int) error { _, err := filter.FClassif(X, y, cfg(w)); return err },
		"FClassif vs f_classif (F and p-values)"))
	Register(filterCase("chi2, m=10000 d=1000, 2 classes", "chi2", 10000, 1000, "yc", "A",
		func(X mat.Matrix, y []float64, w int) error { _, err := filter.Chi2(X, y, cfg(w)); return err },
		"Chi2 vs chi2 on |X|"))
	Register(filterCase("mutual info k-NN (KSG), m=10000, 100 columns", "mi_regression", 10000, 100, "y", "X",
		func(X mat.Matrix, y []float64, w int) error {
			_, err := filter.MutualInfo(X, y, filter.MIConfig{Workers: w})
			return err
		},
		"MutualInfo (k=3) vs mutual_info_regression (n_neighbors=3, random_state=0); goal: >= 2x"))
	Register(filterCase("mutual info k-NN (Ross), m=10000, 100 columns, 2 classes", "mi_classif", 10000, 100, "yc", "X",
		func(X mat.Matrix, y []float64, w int) error {
			_, err := filter.MutualInfo(X, y, filter.MIConfig{DiscreteTarget: true, Workers: w})
			return err
		},
		"MutualInfo with DiscreteTarget (k=3) vs mutual_info_classif"))
	Register(filterCase("ROC AUC per feature, m=10000 d=100", "auc", 10000, 100, "yc", "X",
		func(X mat.Matrix, y []float64, w int) error { _, err := filter.AUC(X, y, cfg(w)); return err },
		"AUC vs roc_auc_score on each column"))
	Register(filterCase("Spearman rho, m=10000 d=100", "spearman", 10000, 100, "y", "X",
		func(X mat.Matrix, y []float64, w int) error { _, err := filter.Spearman(X, y, cfg(w)); return err },
		"Spearman vs scipy.stats.spearmanr on each column"))
}
