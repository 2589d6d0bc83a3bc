package sensing

import (
	"context"
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// svtDiverged is the relative residual at which SVT declares divergence.
const svtDiverged = 1e6

// SVTConfig configures SVT. Defaults are those of Cai, Candes and Shen
// (2010, section 5).
type SVTConfig struct {
	// Tau is the threshold. Default 5 sqrt(rows cols).
	Tau float64
	// Delta is the step. Default 1.2 rows cols / |Omega|.
	Delta float64
	// Tol stops when ||P_Omega(X - A)||_F / ||P_Omega(A)||_F <= Tol.
	// Default 1e-4.
	Tol float64
	// MaxIter bounds the iterations. Default 500.
	MaxIter int
	// MaxRank caps the rank of the iterates (partial SVDs). Default
	// min(rows, cols).
	MaxRank int
	// AllowEmpty accepts empty rows and columns (they come out 0).
	AllowEmpty bool
	// Seed seeds the partial SVDs' random start.
	Seed uint64
}

// SVT is singular value thresholding (Cai, Candes and Shen 2010) for eq.
// 11.26. It solves
//
//	min tau ||X||_* + (1/2) ||X||_F^2  s.t.  X_ij = A_ij on Omega,
//
// whose solution tends to that of 11.26 as tau -> infinity, by Uzawa's
// iteration on the dual variable Y (zero off Omega):
//
//	X <- D_tau(Y),  Y <- Y + Delta P_Omega(A - X),
//
// starting from Y = k0 Delta P_Omega(A), k0 = ceil(tau / (Delta
// ||P_Omega(A)||_2)). Y is sparse, so only the singular values above tau
// are computed (partial SVDs with the rank grown by 5 until the smallest
// computed value falls below tau), except for small problems. Every
// iteration records the rank and nuclear norm of X.
//
// SVT is meant for large problems. With the default tau = 5 sqrt(rows
// cols) it converges slowly on tiny ones: a 30 x 30 rank-2 matrix with half
// its entries observed still has a relative residual of about 2e-2 after
// the default 500 iterations. Use NuclearNorm for small problems (up to a
// few hundred rows and columns): it solves 11.26 itself, to a certified
// optimum. A run that stops at MaxIter (or is cancelled) before the
// stopping test passes returns its last iterate with Converged false and
// Gap the last relative residual; check Converged before trusting X.
// Iterates that diverge (a relative residual above 1e6, as with a step
// Delta far above 2: with very few observed entries the default step is
// such a step) stop the run with an error wrapping featlab.ErrNotConverged
// and featlab.ErrNotFinite and no result.
//
// Memory: the observations and Y (|Omega| values each), and the factors of
// the iterate, (rows + cols) rank values; small problems (min(rows, cols)
// <= 100) also form dense rows x cols matrices for their full SVDs
// (refused over featlab.DefaultMaxCells values with ErrTooLarge).
func SVT(o *Observations, cfg SVTConfig) (*SVTResult, error) {
	return SVTContext(context.Background(), o, cfg)
}

// SVTContext is SVT with cancellation: cancelled, it returns the current
// iterate and an error wrapping ctx.Err().
func SVTContext(ctx context.Context, o *Observations, cfg SVTConfig) (*SVTResult, error) {
	if err := o.checkEmpty(cfg.AllowEmpty); err != nil {
		return nil, err
	}
	if cfg.Tau < 0 || cfg.Delta < 0 || cfg.Tol < 0 || cfg.MaxIter < 0 || cfg.MaxRank < 0 || math.IsNaN(cfg.Tau+cfg.Delta+cfg.Tol) || math.IsInf(cfg.Tau+cfg.Delta, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Tau = %g, Delta = %g, Tol = %g, MaxIter = %d, MaxRank = %d", cfg.Tau, cfg.Delta, cfg.Tol, cfg.MaxIter, cfg.MaxRank)
	}
	if os, s := o.prescaled(); s != 1 {
		sc := cfg
		if sc.Tau == 0 {
			sc.Tau = 5 * math.Sqrt(float64(o.Rows*o.Cols)) // the default, in A's units
		}
		sc.Tau *= s
		if sc.Tau == 0 || math.IsInf(sc.Tau, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "sensing: SVT: Tau = %g on data of scale %g leaves the floating-point range", sc.Tau/s, 1/s)
		}
		c, err := SVTContext(ctx, os, sc)
		c.unscale(s)
		return c, err
	}
	R, C := o.Rows, o.Cols
	tau := cfg.Tau
	if tau == 0 {
		tau = 5 * math.Sqrt(float64(R*C))
	}
	delta := cfg.Delta
	if delta == 0 {
		delta = 1.2 * float64(R*C) / float64(len(o.V))
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-4
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 500
	}
	maxRank := cfg.MaxRank
	if maxRank == 0 || maxRank > min(R, C) {
		maxRank = min(R, C)
	}
	if allZero(o.V) {
		c := zeroCompletion(o)
		c.Tau = tau
		return c, nil
	}
	small := min(R, C) <= 100
	if small {
		if err := checkDense(o, "SVT"); err != nil {
			return nil, err
		}
	}
	rng := seededRand(cfg.Seed, streamSVT)
	yv := append([]float64(nil), o.V...)
	_, s1, _ := topSV(o, yv, nil, nil, nil, 1, small, rng)
	k0 := math.Ceil(tau / (delta * s1[0]))
	for t := range yv {
		yv[t] = k0 * delta * o.V[t]
	}
	res := &Completion{Tau: tau, rows: R, cols: C}
	res.Tol = tol
	var U, V *mat.Dense
	var d []float64
	xo := make([]float64, len(o.V))
	an := scaledNorm(o.V)
	diff := make([]float64, len(o.V))
	var ctxErr error
	for it := 1; it <= maxIter; it++ {
		if ctxErr = ctx.Err(); ctxErr != nil {
			break
		}
		var Un, Vn *mat.Dense
		var sn []float64
		if small {
			Un, sn, Vn = topSV(o, yv, nil, nil, nil, 0, true, rng)
		} else {
			b := min(maxRank, len(d)+1)
			for {
				Un, sn, Vn = partialSVD(sparseLowRank(o, yv, nil, nil, nil), b, V, 2, rng)
				if sn[len(sn)-1] <= tau || b >= maxRank {
					break
				}
				b = min(maxRank, b+5)
			}
		}
		U, d, V = keepAbove(Un, sn, Vn, tau)
		observedValues(o, U, d, V, xo)
		for t, v := range o.V {
			diff[t] = xo[t] - v
			yv[t] += delta * (v - xo[t])
		}
		rel := scaledNorm(diff) / math.Max(an, 1e-300)
		if !(rel <= svtDiverged) {
			// Uzawa's iteration is stable for 0 < Delta < 2 (Cai, Candes
			// and Shen 2010, Theorem 4.2); beyond, the iterates grow
			// geometrically to Inf, where no SVD returns.
			return nil, fmt.Errorf("featlab: sensing: SVT diverges: relative residual %.3g at iteration %d with step Delta = %.3g and threshold Tau = %.3g (stable for Delta < 2, and the default 1.2 rows cols / |Omega| exceeds it when few entries are observed; the default Tau = 5 sqrt(rows cols) suits data of order 1): %w, the iterates head for %w",
				rel, it, delta, tau, featlab.ErrNotConverged, featlab.ErrNotFinite)
		}
		res.History = append(res.History, CompletionStep{Rank: len(d), Nuclear: sum(d), Residual: rel, Change: rel})
		res.Iterations = it
		res.Gap = rel
		if rel <= tol {
			res.Converged = true
			break
		}
	}
	c := finishFit(o, res, U, d, V)
	c.Tau = tau
	return c, ctxErr
}
