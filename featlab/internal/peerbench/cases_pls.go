package main

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/synth"
)

// plsData is scikit-learn's make_regression design (synth.Regression),
// 5000 x 100, 20 informative features, noise 1.
func plsData() map[string]*mat.Dense {
	ds, _, err := synth.Regression(5000, synth.RegressionConfig{Features: 100, Informative: 20, Noise: 1}, 0)
	if err != nil {
		panic(err)
	}
	return map[string]*mat.Dense{"X": ds.X, "y": mat.NewDense(len(ds.Y), 1, ds.Y)}
}

func init() {
	Register(Case{
		Group: "represent",
		Name:  "PLS1, 20 components, m=5000 d=100",
		Data:  plsData,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				_, err := represent.FitPLS(X, y, represent.PLSConfig{Components: 20})
				return err
			}, nil
		},
		Python: "peer_pls:pls1",
		R:      "peer_pls.R:plsr1",
		Note: "PLS1 with X standardized, coefficients of all 20 component counts on our side; sklearn PLSRegression(n_components=20, " +
			"scale=True) (NIPALS, coefficients for 20 only); R pls plsr(ncomp=20, scale=TRUE, method='kernelpls', validation='none'), " +
			"the R column being pls, not glmnet",
	})
	Register(Case{
		Group: "represent",
		Name:  "PCR, 20 components, m=5000 d=100",
		Data:  plsData,
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			X, y := data["X"], col(data["y"])
			return func() error {
				_, err := represent.FitPCR(X, y, represent.PCRConfig{Components: 20})
				return err
			}, nil
		},
		R:    "peer_pls.R:pcr20",
		Note: "PCR with X standardized: R pls pcr(ncomp=20, scale=TRUE, validation='none') (svdpc), the R column being pls",
	})
}
