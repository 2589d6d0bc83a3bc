package knockoff

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// SDPConfig configures SolveSDP. The zero value is the default.
type SDPConfig struct {
	// Tol bounds the barrier's duality-gap estimate per coordinate, 3/t,
	// at which the solver stops: the optimum of sum_j s_j exceeds the sum
	// of the returned s by at most 3d/t <= d Tol. Default 1e-8.
	Tol float64
	// MaxIter bounds the total number of Newton steps. Default 500.
	MaxIter int
}

// SDPResult is the solution of the knockoff SDP.
type SDPResult struct {
	// S is the solution, strictly inside the feasible set.
	S []float64
	// Objective is sum_j S_j.
	Objective float64
	// Iterations counts Newton steps; Gap is the final 3/t (Converged:
	// Gap <= Tol).
	featlab.Convergence
}

// SolveSDP solves the knockoff SDP of Barber and Candès (2015, section
// 2.1.1) for a correlation matrix R (unit diagonal, positive definite):
//
//	maximise sum_j s_j  subject to  0 <= s_j <= 1,  2R - diag(s) PSD,
//
// by this package's own primal log-barrier method (Boyd and Vandenberghe
// 2004, section 11.3): for t = 1, 10, 100, ... it minimises
//
//	-t sum_j s_j - log det(2R - diag(s)) - sum_j log s_j - sum_j log(1 - s_j)
//
// by damped Newton steps (at most 50 per t, until the Newton decrement
// lambda^2/2 is below 1e-9; gradient -t + M_jj - 1/s_j + 1/(1-s_j), Hessian
// M_jk^2 + diag(1/s_j^2 + 1/(1-s_j)^2), M = (2R - diag(s))^-1), with a
// backtracking line search that keeps 2R - diag(s) positive definite
// (Cholesky), until the barrier's gap bound per coordinate 3/t is below
// Tol. It starts
// from s_j = min(lambda_min(R), 1/2). No external solver is used; the
// result agrees with CVXOPT: the optimum to 1e-8 and s to 2e-6 on the
// golden cases (testdata/golden_sdp.py).
func SolveSDP(R *mat.SymDense, cfg SDPConfig) (*SDPResult, error) {
	if R == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: nil matrix")
	}
	if cfg.Tol < 0 || math.IsNaN(cfg.Tol) || math.IsInf(cfg.Tol, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: Tol = %v must be finite and >= 0", cfg.Tol)
	}
	if cfg.MaxIter < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: MaxIter = %d must be >= 0", cfg.MaxIter)
	}
	if cfg.Tol == 0 {
		cfg.Tol = 1e-8
	}
	if cfg.MaxIter == 0 {
		cfg.MaxIter = 500
	}
	if err := checkCorrelation(R); err != nil {
		return nil, featlab.Wrap(err, "SolveSDP")
	}
	lmin, err := minEigen(R)
	if err != nil {
		return nil, err
	}
	if !(lmin > 1e-12) {
		return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: smallest eigenvalue %g: the correlation matrix is singular (collinear features)", lmin)
	}
	d := R.SymmetricDim()
	s := make([]float64, d)
	for j := range s {
		s[j] = math.Min(lmin, 0.5)
	}
	A := mat.NewSymDense(d, nil)
	var ch mat.Cholesky
	// phi returns the barrier objective at s, or +Inf outside the domain;
	// on success ch holds the factor of 2R - diag(s).
	phi := func(s []float64, t float64) float64 {
		f := 0.0
		for _, v := range s {
			if !(v > 0 && v < 1) {
				return math.Inf(1)
			}
			f += -t*v - math.Log(v) - math.Log(1-v)
		}
		for i := 0; i < d; i++ {
			for j := i; j < d; j++ {
				A.SetSym(i, j, 2*R.At(i, j))
			}
			A.SetSym(i, i, 2*R.At(i, i)-s[i])
		}
		if !ch.Factorize(A) {
			return math.Inf(1)
		}
		return f - ch.LogDet()
	}
	res := &SDPResult{}
	res.Tol = cfg.Tol
	g := make([]float64, d)
	H := mat.NewSymDense(d, nil)
	var M mat.SymDense
	trial := make([]float64, d)
	t := 1.0
	iter := 0
	for iter < cfg.MaxIter {
		// centring by Newton's method: until the Newton decrement is
		// below 1e-9, the line search stalls, or 50 steps
		centred := false
		for inner := 0; inner < 50 && iter < cfg.MaxIter; inner++ {
			f := phi(s, t)
			if err := ch.InverseTo(&M); err != nil {
				return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: 2R - diag(s) became singular: %v", err)
			}
			for j := 0; j < d; j++ {
				g[j] = -t + M.At(j, j) - 1/s[j] + 1/(1-s[j])
				for k := j; k < d; k++ {
					H.SetSym(j, k, M.At(j, k)*M.At(j, k))
				}
				H.SetSym(j, j, H.At(j, j)+1/(s[j]*s[j])+1/((1-s[j])*(1-s[j])))
			}
			var hc mat.Cholesky
			if !hc.Factorize(H) {
				return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: the Newton system is not positive definite")
			}
			var step mat.VecDense
			if err := hc.SolveVecTo(&step, mat.NewVecDense(d, g)); err != nil {
				return nil, featlab.Errorf(featlab.ErrParam, "SolveSDP: Newton system: %v", err)
			}
			dec := 0.0 // Newton decrement squared, g^T H^-1 g
			for j := range g {
				dec += g[j] * step.AtVec(j)
			}
			iter++
			if dec/2 <= 1e-9 {
				centred = true
				break
			}
			a := 1.0
			for ; a > 1e-12; a /= 2 {
				for j := range s {
					trial[j] = s[j] - a*step.AtVec(j)
				}
				if phi(trial, t) <= f-0.25*a*dec {
					break
				}
			}
			if a <= 1e-12 {
				centred = true // no progress left at this t (rounding)
				break
			}
			copy(s, trial)
		}
		gap := 3 / t
		res.Gap = gap
		if !centred {
			break // MaxIter reached: not converged
		}
		if gap <= cfg.Tol {
			res.Converged = true
			break
		}
		t *= 10
	}
	res.Iterations = iter
	res.S = s
	for _, v := range s {
		res.Objective += v
	}
	return res, nil
}
