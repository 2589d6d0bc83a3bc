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

// defaultRaceRelTol is CompareSolversConfig's default RelTol.
const defaultRaceRelTol = 1e-9

// CompareSolversConfig configures CompareSolvers.
type CompareSolversConfig struct {
	// Lasso is the problem and the stopping rule every run shares: all its
	// fields are kept except Solver, which each run replaces, so every run
	// starts from w = 0 with the same Tol and MaxIter.
	Lasso LassoConfig
	// FStar is the reference optimum F* > 0 (required, finite), usually
	// the objective of a coordinate-descent fit to a much smaller Tol.
	FStar float64
	// RelTol is the relative gap that counts as reached: F_k - F* <=
	// RelTol F*. 0 means the default 1e-9; otherwise
	// it must be finite and > 0 (for the tightest test pass
	// math.SmallestNonzeroFloat64).
	RelTol float64
	// Solvers are the solvers to run, in this order. nil means
	// ProximalGradient, FISTA, CoordinateDescent; an empty non-nil slice
	// is an error.
	Solvers []Solver
}

// CompareSolvers fits the lasso of cfg.Lasso, (1/2m)||Xw + b - y||^2 +
// lambda ||w||_1 (see Lasso; sklearn's Lasso(alpha=lambda)), once with each
// of cfg.Solvers and compares each objective history F_0, F_1, ... with
// the reference optimum F* = cfg.FStar: Reach is the first iteration k
// with F_k - F* <= RelTol F*, Rises whether the objective ever went up.
// The runs are in the order of cfg.Solvers.
//
// Errors wrap featlab.ErrParam (FStar not finite and > 0, RelTol negative
// or not finite, an empty non-nil Solvers) or whatever Lasso returns.
func CompareSolvers(X mat.Matrix, y []float64, cfg CompareSolversConfig) ([]SolverRun, error) {
	fStar, relTol, solvers := cfg.FStar, cfg.RelTol, cfg.Solvers
	if !(fStar > 0) || math.IsInf(fStar, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CompareSolvers: FStar = %v must be finite and > 0", fStar)
	}
	if !(relTol >= 0) || math.IsInf(relTol, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CompareSolvers: RelTol = %v must be finite and > 0 (0: the default %g)", relTol, defaultRaceRelTol)
	}
	if relTol == 0 {
		relTol = defaultRaceRelTol
	}
	if solvers == nil {
		solvers = []Solver{ProximalGradient, FISTA, CoordinateDescent}
	}
	if len(solvers) == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "linear: CompareSolvers: no solvers (nil Solvers: proximal gradient, FISTA, coordinate descent)")
	}
	out := make([]SolverRun, len(solvers))
	for i, s := range solvers {
		c := cfg.Lasso
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
