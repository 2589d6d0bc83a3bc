package sensing

import (
	"context"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"gonum.org/v1/gonum/mat"
)

// BPDNConfig configures BPDN.
type BPDNConfig struct {
	// Lambda >= 0 weights the l1 penalty in
	//
	//	(1/2n) ||A s - y||^2 + Lambda ||s||_1,
	//
	// n the number of measurements (rows of A): featlab/linear's lasso
	// scaling, which is eq. 25.8 of Shalev-Shwartz and Ben-David with the
	// n measurements as its m examples, and scikit-learn's
	// Lasso(alpha=Lambda, fit_intercept=False). Zhou's LASSO form (11.7),
	// sum_i (y_i - a_i s)^2 + lambda_Z ||s||_1, has lambda_Z = 2 n Lambda
	// (ZhouLambda converts). Lambda = 0 is refused: use BasisPursuit.
	Lambda float64
	// Tol is the lasso's duality-gap tolerance (linear.LassoConfig.Tol).
	// Default 1e-8.
	Tol float64
	// MaxIter bounds the coordinate-descent sweeps. Default linear's.
	MaxIter int
	// Names are the names of the m unknowns (nil: x1..xm).
	Names []string
}

// ZhouLambda returns Zhou's lambda (eq. 11.7, sums, no 1/2) equivalent to
// the Lambda of BPDNConfig for n measurements: 2 n Lambda.
func ZhouLambda(lambda float64, n int) float64 { return 2 * float64(n) * lambda }

// BPDN is basis pursuit de-noising (Chen, Donoho and Saunders 1998): the
// l1-penalised least squares form of eq. 11.23 for noisy measurements
// y = A s + e, which Zhou notes is the LASSO. It is solved by
// featlab/linear's lasso (coordinate descent with a duality-gap stop, no
// intercept). As Lambda -> 0 its solution tends to the basis pursuit
// solution. Convergence.Gap is the lasso's final duality gap.
func BPDN(A mat.Matrix, y []float64, cfg BPDNConfig) (*BPDNResult, error) {
	return BPDNContext(context.Background(), A, y, cfg)
}

// BPDNContext is BPDN with cancellation (linear.LassoContext): cancelled,
// it returns the lasso's current point and an error wrapping ctx.Err().
func BPDNContext(ctx context.Context, A mat.Matrix, y []float64, cfg BPDNConfig) (*BPDNResult, error) {
	p, err := newProblemContext(ctx, A, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	if !(cfg.Lambda > 0) || math.IsInf(cfg.Lambda, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: BPDN Lambda = %g must be > 0 and finite (Lambda = 0 is basis pursuit)", cfg.Lambda)
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-8
	}
	// On scale A the same problem has penalty scale Lambda (s/scale).
	lam := cfg.Lambda * p.scale
	if lam == 0 || math.IsInf(lam, 0) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "sensing: BPDN Lambda = %g on A of scale %g leaves the floating-point range", cfg.Lambda, 1/p.scale)
	}
	fit, err := linear.LassoContext(ctx, p.a, y, linear.LassoConfig{Lambda: lam, Tol: tol, MaxIter: cfg.MaxIter})
	if fit == nil {
		return nil, err
	}
	s := append([]float64(nil), fit.Coef...)
	res := p.finish("basis pursuit de-noising (lasso)", s, cfg.Names)
	res.Convergence = fit.Convergence
	if ferr := p.finite(res); ferr != nil {
		return nil, ferr
	}
	return res, err
}
