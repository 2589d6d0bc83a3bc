package stability

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"gonum.org/v1/gonum/mat"
)

// LassoConfig configures LassoPath, the stability paths of the lasso
// (1/2m)||Xw - y||^2 + lambda ||w||_1 (eq. 25.8, linear.LassoPath). The
// zero value is the default noted at each field; the embedded Config holds
// the stability-selection settings (Rounds, Sampling, Threshold,
// ExpectedFalse, Seed, Workers, Progress, Names), whose Selector, Grid and
// PathSelector must be left nil (LassoPath sets its own).
type LassoConfig struct {
	// Lambdas is the grid. Default: NLambdas values geometrically spaced
	// from lambda_max of the full data (linear.LassoGrid) down to
	// Eps lambda_max. A feature is selected at lambda when its coefficient
	// is nonzero. Note that a subsample of half the data has its own,
	// typically larger, lambda_max: the grid is fixed for all rounds.
	Lambdas []float64
	// NLambdas is the size of the default grid. Default 50.
	NLambdas int
	// Eps is lambda_min/lambda_max of the default grid, in (0, 1).
	// Default 0.01.
	Eps float64
	// Intercept fits an unpenalised intercept in every lasso.
	Intercept bool
	// Weakness in (0, 1) makes it the randomised lasso of Meinshausen and
	// Buhlmann (2010, section 3.1): in each round the penalty of feature j
	// becomes lambda / W_j with W_j ~ U[Weakness, 1] drawn afresh (done by
	// scaling column j by W_j). 0 (the default) or 1 is the plain lasso.
	Weakness float64
	// Tol and MaxIter are passed to linear.LassoPath (defaults
	// linear.DefaultTol and linear.DefaultMaxIterCD).
	Tol     float64
	MaxIter int
	// Config holds the stability-selection settings.
	Config
}

// LassoPath runs stability selection with the lasso over a lambda grid:
// on each subsample the lasso path is fitted (warm starts and strong rules,
// linear.LassoPath) and the support at each lambda recorded. The result's
// Frequency[j] is the stability path of feature j; its Selection is the
// stable set {j : max_lambda Pi_j(lambda) >= Threshold}.
func LassoPath(X mat.Matrix, y []float64, cfg LassoConfig) (*PathResult, error) {
	return LassoPathContext(context.Background(), X, y, cfg)
}

// LassoPathContext is LassoPath with a context, stopping as SelectContext
// does.
func LassoPathContext(ctx context.Context, X mat.Matrix, y []float64, cfg LassoConfig) (*PathResult, error) {
	if _, _, err := featlab.CheckXY(X, y, nil); err != nil {
		return nil, err
	}
	lc := cfg
	if lc.Selector != nil || lc.PathSelector != nil || lc.Grid != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: LassoPath sets its own selector and grid; leave Config.Selector, PathSelector and Grid nil (use Lambdas for the grid)")
	}
	if !(lc.Weakness >= 0 && lc.Weakness <= 1) {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: Weakness = %v must be in [0, 1]", lc.Weakness)
	}
	if lc.NLambdas < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "stability: NLambdas = %d must be >= 1 (0 means the default 50)", lc.NLambdas)
	}
	grid := lc.Lambdas
	if grid == nil {
		n, eps := lc.NLambdas, lc.Eps
		if n == 0 {
			n = 50
		}
		if eps == 0 {
			eps = 0.01
		}
		var err error
		grid, err = linear.LassoGrid(X, y, n, eps, lc.Intercept)
		if err != nil {
			return nil, err
		}
	} else {
		grid = append([]float64(nil), grid...)
		for k := 1; k < len(grid); k++ {
			if grid[k] > grid[k-1] {
				return nil, featlab.Errorf(featlab.ErrParam, "stability: Lambdas must be decreasing (Lambdas[%d] = %v > Lambdas[%d] = %v)", k, grid[k], k-1, grid[k-1])
			}
		}
	}
	pc := linear.LassoPathConfig{Lambdas: grid, Intercept: lc.Intercept, Tol: lc.Tol, MaxIter: lc.MaxIter}
	randomised := lc.Weakness > 0 && lc.Weakness < 1
	sel := func(t int, Xs *mat.Dense, ys []float64) ([][]int, error) {
		if randomised {
			// the weights come from their own stream, so that the
			// subsamples are those of the plain lasso with the same seed
			r := rand.New(rand.NewPCG(cfg.Seed^0x5ab1e5e1ec7, uint64(t)))
			m, d := Xs.Dims()
			raw := Xs.RawMatrix()
			wts := make([]float64, d)
			for j := range wts {
				wts[j] = lc.Weakness + (1-lc.Weakness)*r.Float64()
			}
			for i := 0; i < m; i++ {
				row := raw.Data[i*raw.Stride : i*raw.Stride+d]
				for j := range row {
					row[j] *= wts[j]
				}
			}
		}
		p, err := linear.LassoPathContext(ctx, Xs, ys, pc)
		if err != nil {
			return nil, err
		}
		return supports(p.Coefs), nil
	}
	res, err := path(ctx, X, y, grid, sel, lc.Config)
	if res == nil {
		return nil, err
	}
	name := "lasso"
	if randomised {
		name = fmt.Sprintf("randomised lasso (weakness %s)", featlab.FormatFloat(lc.Weakness))
	}
	res.Stable.Method = name + ", " + res.Stable.Method
	return res, err
}

// supports returns, for each column k of the d x n coefficient matrix, the
// features with nonzero coefficient.
func supports(C *mat.Dense) [][]int {
	d, n := C.Dims()
	raw := C.RawMatrix()
	out := make([][]int, n)
	for k := 0; k < n; k++ {
		for j := 0; j < d; j++ {
			if raw.Data[j*raw.Stride+k] != 0 {
				out[k] = append(out[k], j)
			}
		}
	}
	return out
}

// Lasso returns a featlab.Selector that fits the lasso at a fixed lambda
// (linear.Lasso, coordinate descent at tolerance 1e-8) and selects the
// features with nonzero coefficient.
func Lasso(lambda float64, intercept bool) featlab.Selector {
	return featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) {
		if math.IsNaN(lambda) {
			return nil, featlab.Errorf(featlab.ErrParam, "stability: lasso lambda is NaN")
		}
		r, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: lambda, Intercept: intercept, Tol: 1e-8})
		if err != nil {
			return nil, err
		}
		_, d := X.Dims()
		return featlab.NewSelection("lasso, lambda = "+featlab.FormatFloat(lambda), featlab.DefaultNames(d), r.Support()), nil
	})
}

// Select makes a LassoConfig a featlab.Selector: it runs LassoPath on X
// and y and returns the stable set.
func (c LassoConfig) Select(X mat.Matrix, y []float64) (*featlab.Selection, error) {
	r, err := LassoPath(X, y, c)
	if err != nil {
		return nil, err
	}
	return r.Selection(), nil
}
