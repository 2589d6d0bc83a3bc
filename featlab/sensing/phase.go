package sensing

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

const streamPhase = 0x1128

// L1PhaseTransition returns the Donoho-Tanner weak phase transition of l1
// recovery (basis pursuit) for Gaussian measurements, rho(delta) with
// delta = n/m (undersampling) and rho = k/n (sparsity): in the large-system
// limit, k-sparse vectors are recovered with probability tending to 1 below
// the curve and to 0 above it. It is computed through the formula of
// Donoho, Maleki and Montanari (2009, PNAS, eq. 8), which equals the
// cross-polytope weak threshold of Donoho and Tanner (2009):
//
//	rho(delta) = max_{z >= 0} [1 - (2/delta) g(z)] / [1 + z^2 - 2 g(z)],
//	g(z) = (1 + z^2) Phi(-z) - z phi(z),
//
// phi and Phi the standard normal density and distribution function. The
// maximum is found by golden-section search. delta must be in (0, 1].
func L1PhaseTransition(delta float64) float64 {
	if !(delta > 0) || delta > 1 {
		return math.NaN()
	}
	if delta == 1 {
		return 1
	}
	g := func(z float64) float64 {
		Phi := 0.5 * math.Erfc(z/math.Sqrt2)
		phi := math.Exp(-z*z/2) / math.Sqrt(2*math.Pi)
		return (1+z*z)*Phi - z*phi
	}
	f := func(z float64) float64 {
		gz := g(z)
		return (1 - 2/delta*gz) / (1 + z*z - 2*gz)
	}
	lo, hi := 0.0, 10.0
	r := (math.Sqrt(5) - 1) / 2
	a, b := hi-r*(hi-lo), lo+r*(hi-lo)
	fa, fb := f(a), f(b)
	for k := 0; k < 200; k++ {
		if fa < fb {
			lo, a, fa = a, b, fb
			b = lo + r*(hi-lo)
			fb = f(b)
		} else {
			hi, b, fb = b, a, fa
			a = hi - r*(hi-lo)
			fa = f(a)
		}
	}
	return math.Max(fa, fb)
}

// Recovery names a recovery method of PhaseTransition.
type Recovery int

const (
	// RecoverBP is basis pursuit (BasisPursuit).
	RecoverBP Recovery = iota
	// RecoverOMP is orthogonal matching pursuit with K = k (OMP).
	RecoverOMP
)

// PhaseTransitionConfig configures PhaseTransition.
type PhaseTransitionConfig struct {
	// M is the signal length. Default 100.
	M int
	// Deltas are the undersampling ratios n/m, Rhos the sparsity ratios
	// k/n, each in (0, 1]. Defaults: 20 evenly spaced values 0.05..1.
	Deltas, Rhos []float64
	// Trials per cell. Default 20.
	Trials int
	// Method is the recovery method. Default RecoverBP.
	Method Recovery
	// Seed seeds the Gaussian matrices and the signals.
	Seed uint64
	// Workers bounds the goroutines (0: all cores); results do not depend
	// on it.
	Workers int
	// Progress, when set, is called with (done, total) cells as cells of
	// the grid finish.
	Progress featlab.Progress
}

// PhaseTransitionResult holds the empirical probability of exact recovery per cell:
// Success[i][j] for Rhos[i] and Deltas[j].
type PhaseTransitionResult struct {
	M            int
	Deltas, Rhos []float64
	Success      [][]float64
	Trials       int
	Method       Recovery
}

// PhaseTransition estimates the probability of exact recovery (max
// |s - s0| <= 1e-6 max |s0|) over a grid of undersampling delta = n/m and
// sparsity rho = k/n (Donoho and Tanner 2009): in every cell, Trials
// times, a Gaussian n x m matrix (Gaussian), a k-sparse s0 with N(0, 1)
// nonzeros on a uniformly random support, y = A s0, and recovery by the
// chosen method; n = round(delta m) and k = max(1, round(rho n)).
func PhaseTransition(cfg PhaseTransitionConfig) (*PhaseTransitionResult, error) {
	return PhaseTransitionContext(context.Background(), cfg)
}

// PhaseTransitionContext is PhaseTransition with cancellation.
func PhaseTransitionContext(ctx context.Context, cfg PhaseTransitionConfig) (*PhaseTransitionResult, error) {
	m := cfg.M
	if m == 0 {
		m = 100
	}
	trials := cfg.Trials
	if trials == 0 {
		trials = 20
	}
	grid := func() []float64 {
		g := make([]float64, 20)
		for i := range g {
			g[i] = 0.05 * float64(i+1)
		}
		return g
	}
	deltas, rhos := cfg.Deltas, cfg.Rhos
	if deltas == nil {
		deltas = grid()
	}
	if rhos == nil {
		rhos = grid()
	}
	if m < 2 || m > 4096 || trials < 0 || cfg.Method < RecoverBP || cfg.Method > RecoverOMP {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: phase transition M = %d (2..4096), Trials = %d, Method = %d", m, trials, cfg.Method)
	}
	for _, v := range append(append([]float64(nil), deltas...), rhos...) {
		if !(v > 0) || v > 1 {
			return nil, featlab.Errorf(featlab.ErrParam, "sensing: phase-transition ratio %g outside (0, 1]", v)
		}
	}
	res := &PhaseTransitionResult{M: m, Deltas: deltas, Rhos: rhos, Trials: trials, Method: cfg.Method, Success: make([][]float64, len(rhos))}
	for i := range res.Success {
		res.Success[i] = make([]float64, len(deltas))
	}
	ncell := len(rhos) * len(deltas)
	err := par.Do(ctx, ncell, cfg.Workers, cfg.Progress, func(c int) error {
		i, j := c/len(deltas), c%len(deltas)
		n := max(1, int(math.Round(deltas[j]*float64(m))))
		k := max(1, int(math.Round(rhos[i]*float64(n))))
		ok := 0
		for t := 0; t < trials; t++ {
			seed := cfg.Seed*1000003 + uint64(c)*7919 + uint64(t)
			A, err := Gaussian(n, m, seed)
			if err != nil {
				return err
			}
			r := rand.New(rand.NewPCG(seed, streamPhase))
			s0 := make([]float64, m)
			var big float64
			for _, q := range r.Perm(m)[:k] {
				s0[q] = r.NormFloat64()
				big = math.Max(big, math.Abs(s0[q]))
			}
			y := make([]float64, n)
			var yv mat.VecDense
			yv.MulVec(A, mat.NewVecDense(m, s0))
			copy(y, yv.RawVector().Data)
			var s []float64
			switch cfg.Method {
			case RecoverBP:
				bp, err := BasisPursuit(A, y, BasisPursuitConfig{})
				if err != nil {
					continue // a degenerate draw counts as a failure
				}
				s = bp.Coef
			case RecoverOMP:
				om, err := OMP(A, y, OMPConfig{K: min(k, n), Workers: 1})
				if err != nil {
					continue
				}
				s = om.Coef
			}
			if maxAbsDiff(s, s0) <= 1e-6*big {
				ok++
			}
		}
		res.Success[i][j] = float64(ok) / float64(trials)
		return nil
	})
	return res, err
}

func maxAbsDiff(a, b []float64) float64 {
	var d float64
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// LeastNormConfig configures LeastNorm.
type LeastNormConfig struct {
	// Names are the names of the m unknowns (nil: x1..xm).
	Names []string
}

// LeastNorm returns the minimum l2-norm solution of A s = y, s = A^T (A
// A^T)^{-1} y (through the pseudo-inverse, so a rank-deficient A is fine):
// the "l2 recovery" that compressed sensing improves on. It is dense: the
// energy of s spreads over all m coefficients.
func LeastNorm(A mat.Matrix, y []float64, cfg LeastNormConfig) (*LeastNormResult, error) {
	names := cfg.Names
	p, err := newProblem(A, y, names)
	if err != nil {
		return nil, err
	}
	var svd mat.SVD
	if !svd.Factorize(p.a, mat.SVDThin) {
		return nil, featlab.Errorf(featlab.ErrNotConverged, "sensing: SVD of A failed")
	}
	sv := svd.Values(nil)
	var U, V mat.Dense
	svd.UTo(&U)
	svd.VTo(&V)
	var uty mat.VecDense
	uty.MulVec(U.T(), mat.NewVecDense(p.n, append([]float64(nil), y...)))
	for q, v := range sv {
		if v > 1e-12*sv[0] {
			uty.SetVec(q, uty.AtVec(q)/v)
		} else {
			uty.SetVec(q, 0)
		}
	}
	var s mat.VecDense
	s.MulVec(&V, &uty)
	res := p.finish("minimum l2 norm", append([]float64(nil), s.RawVector().Data...), names)
	if err := p.finite(res); err != nil {
		return nil, err
	}
	return res, nil
}
