package knockoff

import (
	"context"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// SimulateConfig configures Simulate. M, D and K are required.
type SimulateConfig struct {
	// M rows, D features, K of them non-null (1 <= K <= D).
	M, D, K int
	// Amplitude A: each non-null coefficient is +-A/sqrt(M) (random
	// sign), so that with N(0, 1) entries the signal of a feature is A in
	// the units of a unit-norm column (Barber and Candès 2015, section 4,
	// use A = 3.5). Default 3.5.
	Amplitude float64
	// Rho >= 0 (< 1) correlates the features: rows ~ N(0, Sigma) with
	// Sigma_jk = Rho^|j-k|. Default 0 (independent).
	Rho float64
	// Runs is the number of simulations. Default 200.
	Runs int
	// ModelX runs the model-X filter with the true mu = 0 and Sigma;
	// default false: the fixed-X filter.
	ModelX bool
	// Filter configures each filter (its Seed is replaced by one derived
	// from Seed and the run's index; Names is ignored).
	Filter FilterConfig
	// Seed fixes everything: run i draws from PCG(Seed, i).
	Seed uint64
	// Workers bounds the runs in parallel; <= 0 means all cores. The
	// result does not depend on it.
	Workers int
	// Progress, when non-nil, is called as runs finish.
	Progress featlab.Progress
}

// SimulateResult holds the false discovery proportion and power of each
// run, and their means.
type SimulateResult struct {
	// FDP[i] = #false discoveries / max(1, #discoveries) in run i;
	// Power[i] = #true discoveries / K.
	FDP, Power []float64
	// MeanFDP estimates the FDR, SEFDP is its Monte Carlo standard error
	// (standard deviation of FDP / sqrt(Runs)); MeanPower likewise.
	MeanFDP, SEFDP, MeanPower float64
}

// Simulate measures a knockoff filter's false discovery rate and power on
// the linear model y = X beta + N(0, 1) noise, X with rows
// N(0, Sigma), beta with K non-zero entries at random places. Runs are
// independent and seeded; they run in parallel with results identical
// to the serial order.
func Simulate(cfg SimulateConfig) (*SimulateResult, error) {
	return SimulateContext(context.Background(), cfg)
}

// SimulateContext is Simulate with a context: once ctx is done no new
// run starts and the error wraps ctx.Err().
func SimulateContext(ctx context.Context, cfg SimulateConfig) (*SimulateResult, error) {
	if cfg.M <= 0 || cfg.D <= 0 || cfg.K < 1 || cfg.K > cfg.D {
		return nil, featlab.Errorf(featlab.ErrParam, "knockoff.Simulate: M = %d, D = %d, K = %d: need M, D >= 1 and 1 <= K <= D", cfg.M, cfg.D, cfg.K)
	}
	if cfg.Amplitude == 0 {
		cfg.Amplitude = 3.5
	}
	if cfg.Runs == 0 {
		cfg.Runs = 200
	}
	if cfg.Runs < 0 || !(cfg.Amplitude > 0) || math.IsInf(cfg.Amplitude, 0) || !(cfg.Rho >= 0 && cfg.Rho < 1) {
		return nil, featlab.Errorf(featlab.ErrParam, "knockoff.Simulate: Runs = %d, Amplitude = %v, Rho = %v: need Runs >= 1, Amplitude > 0 finite, 0 <= Rho < 1", cfg.Runs, cfg.Amplitude, cfg.Rho)
	}
	fc := cfg.Filter
	if err := fc.check(); err != nil {
		return nil, featlab.Wrap(err, "knockoff.Simulate")
	}
	fc.Names = nil
	m, d := cfg.M, cfg.D
	Sigma := mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			Sigma.SetSym(i, j, math.Pow(cfg.Rho, float64(j-i)))
		}
	}
	var L mat.Cholesky
	if !L.Factorize(Sigma) {
		return nil, featlab.Errorf(featlab.ErrParam, "knockoff.Simulate: Rho = %v gives a singular covariance", cfg.Rho)
	}
	var Lt mat.TriDense
	L.LTo(&Lt)
	res := &SimulateResult{FDP: make([]float64, cfg.Runs), Power: make([]float64, cfg.Runs)}
	err := par.Do(ctx, cfg.Runs, cfg.Workers, cfg.Progress, func(i int) error {
		rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		Z := mat.NewDense(m, d, nil)
		for k, raw := 0, Z.RawMatrix().Data; k < len(raw); k++ {
			raw[k] = rng.NormFloat64()
		}
		var X mat.Dense
		X.Mul(Z, Lt.T())
		beta := make([]float64, d)
		signal := make([]bool, d)
		for _, j := range rng.Perm(d)[:cfg.K] {
			signal[j] = true
			beta[j] = cfg.Amplitude / math.Sqrt(float64(m))
			if rng.IntN(2) == 0 {
				beta[j] = -beta[j]
			}
		}
		y := make([]float64, m)
		for r := 0; r < m; r++ {
			v := rng.NormFloat64()
			for j, b := range beta {
				if b != 0 {
					v += X.At(r, j) * b
				}
			}
			y[r] = v
		}
		f := fc
		f.Seed = rng.Uint64()
		var fr *FilterResult
		var err error
		if cfg.ModelX {
			fr, err = FilterModelXContext(ctx, &X, y, ModelXSelector{FilterConfig: f, Mu: make([]float64, d), Sigma: Sigma})
		} else {
			fr, err = FilterFixedXContext(ctx, &X, y, FixedXSelector{FilterConfig: f})
		}
		if err != nil {
			return featlab.Wrap(err, "simulation %d", i)
		}
		tp := 0
		for _, j := range fr.Chosen {
			if signal[j] {
				tp++
			}
		}
		res.FDP[i] = float64(len(fr.Chosen)-tp) / math.Max(1, float64(len(fr.Chosen)))
		res.Power[i] = float64(tp) / float64(cfg.K)
		return nil
	})
	if err != nil {
		return nil, featlab.Wrap(err, "knockoff.Simulate")
	}
	n := float64(cfg.Runs)
	for i := range res.FDP {
		res.MeanFDP += res.FDP[i] / n
		res.MeanPower += res.Power[i] / n
	}
	if cfg.Runs > 1 {
		ss := 0.0
		for _, v := range res.FDP {
			ss += (v - res.MeanFDP) * (v - res.MeanFDP)
		}
		res.SEFDP = math.Sqrt(ss/(n-1)) / math.Sqrt(n)
	}
	return res, nil
}
