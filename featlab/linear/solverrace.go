package linear

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// SolverRun is one solver's fit in CompareSolvers: the fit itself and how
// its objective history F_0, F_1, ... (LassoResult.History) approached the
// reference optimum F*.
type SolverRun struct {
	*LassoResult
	// Reach is the first iteration k with F_k - F* <= RelTol F* (-1: never).
	Reach int
	// Rises reports that F_k > F_{k-1} at some iteration k (momentum
	// methods are not monotone).
	Rises bool
}

// CompareSolvers fits the lasso of cfg, (1/2m)||Xw + b - y||^2 +
// lambda ||w||_1 (see Lasso), once with each of the given solvers (the
// Solver field of cfg is replaced; every other field is kept, so all runs
// start from w = 0 with the same tolerance) and compares each objective
// history with the reference optimum fStar > 0, usually a coordinate-
// descent fit to a much smaller tolerance: Reach is the first iteration
// within relTol of it, Rises whether the objective ever went up. The runs
// are in the order of solvers.
func CompareSolvers(X mat.Matrix, y []float64, cfg LassoConfig, fStar, relTol float64, solvers ...Solver) ([]SolverRun, error) {
	if !(fStar > 0) || math.IsInf(fStar, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CompareSolvers: fStar = %v must be finite and > 0", fStar)
	}
	if !(relTol >= 0) || math.IsInf(relTol, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CompareSolvers: relTol = %v must be finite and >= 0", relTol)
	}
	if len(solvers) == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CompareSolvers: no solvers")
	}
	out := make([]SolverRun, len(solvers))
	for i, s := range solvers {
		c := cfg
		c.Solver = s
		res, err := Lasso(X, y, c)
		if err != nil {
			return nil, err
		}
		out[i] = SolverRun{LassoResult: res, Reach: -1}
		for k, f := range res.History {
			if out[i].Reach < 0 && f-fStar <= relTol*fStar {
				out[i].Reach = k
			}
			out[i].Rises = out[i].Rises || k > 0 && f > res.History[k-1]
		}
	}
	return out, nil
}
