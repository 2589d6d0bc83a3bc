package main

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/sensing"
	"github.com/featlab/course/featlab/synth"
)

// Compressed sensing and matrix completion (featlab/sensing, notebook 09).
func init() {
	Register(Case{
		Group: "sensing",
		Name:  "basis pursuit, Gaussian A n=256 x m=1024, k=30",
		Data: func() map[string]*mat.Dense {
			A, err := sensing.Gaussian(256, 1024, 1)
			if err != nil {
				panic(err)
			}
			s, err := synth.SparseVector(1024, 30, 1)
			if err != nil {
				panic(err)
			}
			var y mat.VecDense
			y.MulVec(A, mat.NewVecDense(1024, s))
			return map[string]*mat.Dense{"A": A, "y": mat.NewDense(256, 1, y.RawVector().Data), "s": mat.NewDense(1024, 1, s)}
		},
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			A, y, s := data["A"], col(data["y"]), col(data["s"])
			return func() error {
				r, err := sensing.BasisPursuit(A, y, sensing.BasisPursuitConfig{})
				if err != nil {
					return err
				}
				var d float64
				for j := range s {
					d = math.Max(d, math.Abs(r.Coef[j]-s[j]))
				}
				if !r.Converged || d > 1e-9 {
					return fmt.Errorf("not recovered: converged %v, max error %g", r.Converged, d)
				}
				return nil
			}, nil
		},
		Python: "peer_sensing:basis_pursuit_highs",
		Note: "peer: scipy linprog(method='highs') on the LP form min 1.(u+w) s.t. A(u-w) = y, u,w >= 0 (HiGHS default " +
			"tolerances 1e-7, result checked to 1e-6 of the true s); featlab: lasso homotopy to lambda = 0 with its dual certificate " +
			"checked to 1e-9 and the true s recovered to 1e-9, so featlab is at least as accurate",
	})
	Register(Case{
		Group: "sensing",
		Name:  "matrix completion 1000x1000 rank 10, 20% observed (soft-impute + refit)",
		Data: func() map[string]*mat.Dense {
			M, I, J, V, err := synth.LowRank(synth.LowRankConfig{Rows: 1000, Cols: 1000, Rank: 10, Fraction: 0.2}, 1)
			if err != nil {
				panic(err)
			}
			n := len(V)
			fi, fj := make([]float64, n), make([]float64, n)
			for t := range V {
				fi[t], fj[t] = float64(I[t]), float64(J[t])
			}
			return map[string]*mat.Dense{"M": M, "I": mat.NewDense(n, 1, fi), "J": mat.NewDense(n, 1, fj), "V": mat.NewDense(n, 1, V)}
		},
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			fi, fj, V := col(data["I"]), col(data["J"]), col(data["V"])
			I, J := make([]int, len(fi)), make([]int, len(fj))
			for t := range fi {
				I[t], J[t] = int(fi[t]), int(fj[t])
			}
			o, err := sensing.ObserveEntries(1000, 1000, I, J, V)
			if err != nil {
				return nil, err
			}
			return func() error {
				p, err := sensing.SoftImpute(o, sensing.SoftImputeConfig{NLambda: 5, Tol: 1e-4, MaxRank: 30, Refit: true})
				if err != nil {
					return err
				}
				if e := sensing.MissingError(o, p.Last(), data["M"]); e > 1e-4 {
					return fmt.Errorf("relative error on the missing entries %g > 1e-4", e)
				}
				return nil
			}, nil
		},
		Note: "no peer in Debian's Python stack; goal: under 10 s on one core with relative error < 1e-4 on the missing entries " +
			"(checked inside the timed call); iterations and time per iteration: go test -bench SoftImpute1000 ./featlab/sensing",
	})
	Register(Case{
		Group: "sensing",
		Name:  "nuclear-norm minimisation 30x30 rank 2, half observed: ADMM vs SDP",
		Data: func() map[string]*mat.Dense {
			M, I, J, V, err := synth.LowRank(synth.LowRankConfig{Rows: 30, Cols: 30, Rank: 2, Fraction: 0.5}, 2)
			if err != nil {
				panic(err)
			}
			obs := mat.NewDense(30, 30, nil)
			for i := 0; i < 30; i++ {
				for j := 0; j < 30; j++ {
					obs.Set(i, j, math.NaN())
				}
			}
			for t, v := range V {
				obs.Set(I[t], J[t], v)
			}
			return map[string]*mat.Dense{"obs": obs, "M": M}
		},
		Go: func(data map[string]*mat.Dense, workers int) (func() error, error) {
			o, err := sensing.ObserveMatrix(data["obs"])
			if err != nil {
				return nil, err
			}
			return func() error {
				c, err := sensing.NuclearNorm(o, sensing.NuclearNormConfig{})
				if err != nil {
					return err
				}
				if !c.Certificate.Certified {
					return fmt.Errorf("certificate failed: %+v", *c.Certificate)
				}
				return nil
			}, nil
		},
		Python: "peer_sensing:nuclear_norm_sdp",
		Note: "peer: CVXOPT solvers.sdp on the SDP form of eq. 11.26 (a 60 x 60 PSD block, testdata/golden_nuclear_cvxopt.py's " +
			"formulation, tolerances 1e-10 relaxed on breakdown); featlab: ADMM to 1e-10 with the dual certificate checked to 1e-8. " +
			"An interior-point SDP solver forms a Newton system with one row per free variable, about (rows + cols)^2 / 2 of them, so its cost grows far faster than the matrix: it does not scale",
	})
}
