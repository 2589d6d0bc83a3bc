package linear

import (
	"context"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// SGDLeastSquaresConfig configures SGDLeastSquares. The zero value runs 100000 updates
// with the step 1/max_i ||x_i||^2 from seed 0, checking the objective once
// per m updates.
type SGDLeastSquaresConfig struct {
	// Step is the constant step size eta > 0. Default 0 means
	// eta = 1/beta with beta = max_i ||x_i||^2, the smoothness constant of
	// the per-example losses (1/2)(<w, x_i> - y_i)^2: the largest step for
	// which no single update overshoots its own example.
	Step float64
	// MaxIter is the largest number of updates. Default 100000.
	MaxIter int
	// Tol stops the run as soon as the objective F(w) <= Tol at a check.
	// Default 0: run all MaxIter updates. On data that a linear predictor
	// fits exactly (min F = 0), Tol is the accuracy reached.
	Tol float64
	// CheckEvery is the number of updates between two evaluations of F
	// (each costs one pass over the data, O(md)). Default m.
	CheckEvery int
	// LogChecks evaluates F at about 20 update counts per decade (1, 2,
	// ..., 10, 11, 13, 14, 16, ...) instead of every CheckEvery updates:
	// a trace for a plot with a logarithmic axis, at a cost that grows
	// with log(MaxIter) only. Tol is tested at those counts.
	LogChecks bool
	// Seed seeds the choice of examples (PCG with second word 0x56d).
	Seed uint64
	// Progress, when non-nil, is called after each check with the
	// updates done and MaxIter. A panic in it stops the run with an error
	// wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// SGDPoint is one evaluation of the objective during SGD.
type SGDPoint struct {
	Iter      int     // updates done
	Objective float64 // F(w) after Iter updates
}

// SGDLeastSquaresResult is the outcome of SGDLeastSquares: the last
// iterate (Coef; Intercept is 0) and its convergence record (Iterations:
// updates done; Gap: F at the last check; Converged: F <= Tol was reached,
// false when Tol = 0).
type SGDLeastSquaresResult struct {
	Model
	featlab.Convergence
	Step  float64    // the step size used
	Trace []SGDPoint // F at iteration 0 and at every check, in order
}

// SGDLeastSquares minimises the empirical squared loss with the book's 1/2,
//
//	F(w) = (1/2m) ||Xw - y||^2 = (1/m) sum_i (1/2)(<w, x_i> - y_i)^2,
//
// by plain stochastic gradient descent without intercept or
// regularization: starting from w = 0, each update draws an example i
// uniformly at random (seeded) and takes a step along its loss gradient,
//
//	w <- w - eta (<w, x_i> - y_i) x_i,
//
// with a constant step eta (default 1/max_i ||x_i||^2). The iterate itself
// is returned, not an average. It is the minimal SGD used to show the
// runtime claim of Shalev-Shwartz 25.2: the number of updates needed for a
// given accuracy grows with ||w*||^2 and max_i ||x_i||^2 (Section 14.5.3),
// so badly scaled features make it far slower, and normalizing them
// (transform.MaxAbs) makes it fast. It is not a production solver: use
// LeastSquares or Ridge for that.
func SGDLeastSquares(X mat.Matrix, y []float64, cfg SGDLeastSquaresConfig) (*SGDLeastSquaresResult, error) {
	return SGDLeastSquaresContext(context.Background(), X, y, cfg)
}

// SGDLeastSquaresContext is SGDLeastSquares with a context: once ctx is
// done the run stops at the next check and returns the current iterate
// with an error wrapping ctx.Err().
func SGDLeastSquaresContext(ctx context.Context, X mat.Matrix, y []float64, cfg SGDLeastSquaresConfig) (*SGDLeastSquaresResult, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, err
	}
	if cfg.Step < 0 || math.IsNaN(cfg.Step) || math.IsInf(cfg.Step, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "SGD step %v must be finite and > 0 (0 for the default)", cfg.Step)
	}
	if cfg.MaxIter < 0 || cfg.CheckEvery < 0 || cfg.Tol < 0 || math.IsNaN(cfg.Tol) {
		return nil, featlab.Errorf(featlab.ErrParam, "SGD MaxIter %d, CheckEvery %d and Tol %v must be >= 0", cfg.MaxIter, cfg.CheckEvery, cfg.Tol)
	}
	// X far outside the ordinary range (1e+-300: the squared row norms
	// of the default step overflow or underflow) is multiplied by an
	// exact power of two c: SGD on c X with step eta / c^2 makes the
	// iterates w / c, with the same objective values, so it runs there and
	// maps back exactly; a step on X beyond float64 is refused (issue 20).
	if Xs, c := matx.Prescale(X); c != 1 {
		cs := cfg
		cs.Step = cfg.Step / c / c
		if cfg.Step != 0 && (cs.Step == 0 || math.IsInf(cs.Step, 0)) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "SGD step %v on X of scale %g leaves the floating-point range", cfg.Step, 1/c)
		}
		res, err := SGDLeastSquaresContext(ctx, Xs, y, cs)
		if res == nil {
			return nil, err
		}
		res.Step = res.Step * c * c
		if res.Step == 0 || math.IsInf(res.Step, 0) || !matx.Unscale(res.Coef, c) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "SGD on X of scale %g: the step 1/max ||x_i||^2 or a coefficient leaves the floating-point range; rescale X", 1/c)
		}
		return res, err
	}
	raw := matx.RowMajor(X)
	rowOf := func(i int) []float64 { return raw.Data[i*raw.Stride : i*raw.Stride+d] }
	mon := newMonitor(ctx, cfg.Progress, "SGD")
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 100000
	}
	every := cfg.CheckEvery
	if every == 0 {
		every = m
	}
	eta := cfg.Step
	if eta == 0 {
		beta := 0.0
		for i := 0; i < m; i++ {
			row := rowOf(i)
			s := 0.0
			for _, v := range row {
				s += v * v
			}
			beta = math.Max(beta, s)
		}
		if beta == 0 {
			return nil, featlab.Errorf(featlab.ErrConstant, "every row of X is zero: SGD cannot move")
		}
		eta = 1 / beta
	}
	w := make([]float64, d)
	objective := func() float64 {
		s := 0.0
		for i := 0; i < m; i++ {
			row := rowOf(i)
			r := -y[i]
			for j, v := range row {
				r += w[j] * v
			}
			s += r * r
		}
		return s / (2 * float64(m))
	}
	res := &SGDLeastSquaresResult{Step: eta}
	res.Tol = cfg.Tol
	f := objective()
	res.Gap = f
	res.Trace = append(res.Trace, SGDPoint{0, f})
	if cfg.Tol > 0 && f <= cfg.Tol {
		res.Coef, res.Converged = w, true
		return res, nil
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x56d))
	next, k := every, 0
	if cfg.LogChecks {
		next = 1
	}
	for t := 1; t <= maxIter; t++ {
		i := rng.IntN(m)
		row := rowOf(i)
		r := -y[i]
		for j, v := range row {
			r += w[j] * v
		}
		g := eta * r
		for j, v := range row {
			w[j] -= g * v
		}
		if t == next || t == maxIter {
			if cfg.LogChecks {
				for next <= t {
					k++
					next = max(next, int(math.Round(math.Pow(10, float64(k)/20))))
				}
			} else {
				next += every
			}
			f = objective()
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, featlab.Errorf(featlab.ErrNotConverged, "SGD diverged at update %d (step %v is too large)", t, eta)
			}
			res.Trace = append(res.Trace, SGDPoint{t, f})
			res.Iterations, res.Gap = t, f
			mon.report(t, maxIter)
			if cfg.Tol > 0 && f <= cfg.Tol {
				res.Converged = true
				break
			}
			if mon.stop() {
				break
			}
		}
	}
	res.Coef = w
	if mon.err != nil {
		return res, mon.err
	}
	return res, nil
}
