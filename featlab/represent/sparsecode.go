package represent

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/linear"
)

// Coder selects the sparse encoder.
type Coder int

const (
	// OMP (the default): the s-sparse encoder of 25.3.1,
	// psi(x) = argmin_v ||x - phi(v)||^2 s.t. ||v||_0 <= s, approximated
	// greedily by orthogonal matching pursuit, greedy.OMPBatch (with Rule
	// Correlation, scikit-learn's SparseCoder(transform_algorithm="omp",
	// transform_n_nonzero_coefs=s)).
	OMP Coder = iota
	// Lasso: the l1 encoder psi(x) = argmin_v ||x - phi(v)||^2 +
	// lambda ||v||_1 (25.3.1, Zhou 11.16), solved by featlab/linear's
	// lasso with lambda' = lambda / (2d) (scikit-learn's
	// SparseCoder(transform_algorithm="lasso_cd", transform_alpha=lambda/2)).
	Lasso
)

// SparseCodeConfig configures sparse coding against a fixed dictionary.
type SparseCodeConfig struct {
	// Atoms is the k x d dictionary (rows mu_1..mu_k). Required; no atom
	// may be zero. OMP assumes, as scikit-learn, unit-norm atoms for its
	// selection rule (largest |<r, mu_j>|); other norms are allowed.
	Atoms *mat.Dense
	// Coder: OMP (default) or Lasso.
	Coder Coder
	// Rule is OMP's selection rule (featlab/greedy): Exact (the default,
	// the book's: the atom whose addition lowers the residual most) or
	// Correlation (scikit-learn's: the atom most correlated with the
	// residual; the two agree for orthonormal atoms).
	Rule greedy.Rule
	// S, 1 <= S <= k, bounds the nonzeros of an OMP code. Default
	// max(1, min(k, d/10)) (scikit-learn's default).
	S int
	// Lambda >= 0 is the l1 weight of the Lasso coder in the texts'
	// scaling ||x - phi(v)||^2 + lambda ||v||_1 (no 1/2, no 1/d).
	Lambda float64
	// Tol and MaxIter are passed to the lasso (linear.LassoConfig). Default
	// linear's defaults.
	Tol     float64
	MaxIter int
	// Workers bounds the goroutines coding samples (0: all cores).
	Workers int
	// Progress, when non-nil, is told of coded samples.
	Progress featlab.Progress
}

// SparseEncode returns the m x k codes of the rows of X against cfg.Atoms.
// A zero sample gets the zero code.
//
// Errors: nil or empty Atoms, a zero or non-finite atom, S outside [1, k],
// Lambda < 0 or non-finite (ErrParam, ErrEmpty, ErrNotFinite); X of the
// wrong width (ErrShape); empty or non-finite X.
func SparseEncode(X mat.Matrix, cfg SparseCodeConfig) (*mat.Dense, error) {
	return SparseEncodeContext(context.Background(), X, cfg)
}

// SparseEncodeContext is SparseEncode with cancellation: ctx is checked
// before every sample (and inside each lasso), and once it is done the
// error wraps ctx.Err() (the result is then nil).
//
// Memory: the m x k codes; the OMP coder also the m x k correlations and
// the k x k Gram matrix (greedy.OMPBatch, which refuses an m x k table
// over featlab.DefaultMaxCells values), plus a copy of X when it is not a
// *mat.Dense.
func SparseEncodeContext(ctx context.Context, X mat.Matrix, cfg SparseCodeConfig) (*mat.Dense, error) {
	k, d, err := checkAtoms(cfg.Atoms)
	if err != nil {
		return nil, err
	}
	s, err := cfg.sparsity(k, d)
	if err != nil {
		return nil, err
	}
	if err := checkWidth(X, d, "X"); err != nil {
		return nil, err
	}
	if _, _, err := checkData(X, "X"); err != nil {
		return nil, err
	}
	return encodeWith(ctx, X, cfg.Atoms, cfg.Coder, s, cfg.Rule, cfg.Lambda, cfg.Tol, cfg.MaxIter, cfg.Workers, cfg.Progress, nil)
}

func (cfg SparseCodeConfig) sparsity(k, d int) (int, error) {
	switch cfg.Coder {
	case OMP:
		s := cfg.S
		if s == 0 {
			s = max(1, min(k, d/10))
		}
		if s < 1 || s > k {
			return 0, featlab.Errorf(featlab.ErrParam, "represent: S = %d outside [1, k = %d atoms]", cfg.S, k)
		}
		return s, nil
	case Lasso:
		if !(cfg.Lambda >= 0) || math.IsInf(cfg.Lambda, 0) {
			return 0, featlab.Errorf(featlab.ErrParam, "represent: Lambda = %v must be finite and >= 0", cfg.Lambda)
		}
		if cfg.Tol < 0 || math.IsNaN(cfg.Tol) || cfg.MaxIter < 0 {
			return 0, featlab.Errorf(featlab.ErrParam, "represent: Tol = %v and MaxIter = %d must be >= 0", cfg.Tol, cfg.MaxIter)
		}
		return 0, nil
	}
	return 0, featlab.Errorf(featlab.ErrParam, "represent: unknown Coder %d", cfg.Coder)
}

// checkAtoms validates a dictionary: non-empty, finite, no zero atom.
func checkAtoms(D *mat.Dense) (k, d int, err error) {
	if featlab.IsNil(D) || D.IsEmpty() {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "represent: no dictionary (Atoms is nil or empty)")
	}
	k, d, err = checkData(D, "Atoms")
	if err != nil {
		return 0, 0, err
	}
	for j := 0; j < k; j++ {
		row := D.RawRowView(j)
		if kernel.Dot(row, row) == 0 {
			return 0, 0, featlab.Errorf(featlab.ErrParam, "represent: atom %d of the dictionary is zero", j)
		}
	}
	return k, d, nil
}

// encodeWith codes the rows of X (checked) against D (checked).
// A non-nil warm (m x k) gives the lasso its starting points.
func encodeWith(ctx context.Context, X mat.Matrix, D *mat.Dense, coder Coder, s int, rule greedy.Rule, lambda, tol float64, maxIter, workers int, progress featlab.Progress, warm *mat.Dense) (*mat.Dense, error) {
	xd, ok := X.(*mat.Dense)
	if !ok {
		xd = mat.DenseCopyOf(X)
	}
	if coder == OMP {
		V, err := greedy.OMPBatchContext(ctx, mat.DenseCopyOf(D.T()), xd, greedy.OMPConfig{T: s, Rule: rule, Workers: workers, Progress: progress})
		if err != nil {
			if ctx.Err() != nil {
				return nil, featlab.Errorf(err, "represent: sparse coding cancelled")
			}
			return nil, featlab.Errorf(err, "represent: sparse coding")
		}
		return V, nil
	}
	k, d := D.Dims()
	m, _ := xd.Dims()
	Dt := mat.DenseCopyOf(D.T())
	out := mat.NewDense(m, k, nil)
	lcfg := linear.LassoConfig{Lambda: lambda / (2 * float64(d)), Tol: tol, MaxIter: maxIter}
	err := par.Do(ctx, m, workers, progress, func(i int) error {
		x := xd.RawRowView(i)
		if kernel.Dot(x, x) == 0 {
			return nil
		}
		c := lcfg
		if warm != nil {
			c.Init = warm.RawRowView(i)
		}
		r, err := linear.LassoContext(ctx, Dt, x, c) // cancellable within a sample
		if err != nil {
			return err
		}
		copy(out.RawRowView(i), r.Coef)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SparseCode is sparse coding against a fixed dictionary as an
// auto-encoder: Encode is SparseEncode, Decode is phi(v) = sum_j v_j mu_j.
// Fit only checks the configuration and records the width.
type SparseCode struct {
	SparseCodeConfig
	fitted bool
}

// Fit checks the dictionary and that X has its width (featlab.Transformer).
func (sc *SparseCode) Fit(X mat.Matrix) error {
	k, d, err := checkAtoms(sc.Atoms)
	if err != nil {
		return err
	}
	if _, err := sc.sparsity(k, d); err != nil {
		return err
	}
	if err := checkWidth(X, d, "X"); err != nil {
		return err
	}
	if _, _, err := checkData(X, "X"); err != nil {
		return err
	}
	sc.fitted = true
	return nil
}

// Encode returns the sparse codes of the rows of X.
func (sc *SparseCode) Encode(X mat.Matrix) (*mat.Dense, error) {
	if sc == nil || !sc.fitted {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: SparseCode used before Fit")
	}
	return SparseEncode(X, sc.SparseCodeConfig)
}

// Transform is Encode.
func (sc *SparseCode) Transform(X mat.Matrix) (*mat.Dense, error) { return sc.Encode(X) }

// OutputNames names the k output columns atom1..atomk (featlab.Namer).
func (sc *SparseCode) OutputNames([]string) ([]string, error) {
	if sc == nil || !sc.fitted {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: SparseCode used before Fit")
	}
	k, _ := sc.Atoms.Dims()
	return names("atom", k), nil
}

// Decode returns V Atoms.
func (sc *SparseCode) Decode(V mat.Matrix) (*mat.Dense, error) {
	if sc == nil || !sc.fitted {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: SparseCode used before Fit")
	}
	return decode(V, sc.Atoms, "SparseCode")
}
