package main

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/filter"
)

// filter.MRMR against a NumPy implementation of Peng, Long and Ding's
// formulas (py/peer_mrmr.py; scikit-learn has no mRMR).

func init() {
	Register(Case{
		Group:    "filter",
		Name:     "mRMR FCQ (F / mean |r|), 50 of d=1000, m=5000",
		Data:     func() map[string]*mat.Dense { return filterData(5000, 1000) },
		Parallel: true,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			cfg := filter.MRMRConfig{K: 50, Relevance: filter.MRMRF, Redundancy: filter.MRMRF, Form: filter.MRMRQuotient, Workers: workers}
			return func() error { _, err := filter.MRMR(X, y, cfg); return err }, nil
		},
		Python: "peer_mrmr:fcq",
		Note:   "MRMR (F relevance, |Pearson r| redundancy, quotient) vs the same greedy loop in NumPy (f_regression, then one vectorised correlation of all columns with each chosen one); same order on both sides",
	})
}
