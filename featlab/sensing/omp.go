package sensing

import (
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"gonum.org/v1/gonum/mat"
)

// OMPConfig configures OMP.
type OMPConfig struct {
	// K is the number of atoms chosen (the assumed sparsity), 1 <= K <= n.
	// Required.
	K int
	// Tol stops early once ||A s - y|| <= Tol max(1, ||y||). Default 1e-10.
	Tol float64
	// Names are the names of the m unknowns (nil: x1..xm).
	Names []string
	// Workers bounds the goroutines of featlab/greedy's OMP (0: all cores).
	Workers int
}

// OMP recovers a K-sparse s from y = A s by orthogonal matching pursuit
// (Pati, Rezaiifar and Krishnaprasad 1993; Tropp 2004): each round adds
// the column most correlated with the residual, |a_j . r| / ||a_j||, and
// refits least squares on the chosen columns. It is featlab/greedy's OMP
// with the Correlation rule on normalised columns and no intercept (one
// implementation); when k < (1 + 1/mu)/2 it recovers every k-sparse s in k
// rounds (Tropp 2004). Convergence is greedy's record (Iterations =
// rounds).
func OMP(A mat.Matrix, y []float64, cfg OMPConfig) (*OMPResult, error) {
	p, err := newProblem(A, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	if cfg.K < 1 || cfg.K > p.m {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: OMP sparsity K = %d outside [1, m = %d]", cfg.K, p.m)
	}
	if cfg.K > p.n {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: OMP sparsity K = %d > n = %d measurements: a K-sparse s is not identifiable", cfg.K, p.n)
	}
	if cfg.Tol < 0 || math.IsNaN(cfg.Tol) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Tol = %g", cfg.Tol)
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-10
	}
	rss := tol * math.Max(1, p.ynrm)
	g, err := greedy.OMP(p.a, y, greedy.OMPConfig{T: cfg.K, Tol: rss * rss, Rule: greedy.Correlation, Normalize: true, Workers: cfg.Workers})
	if err != nil {
		return nil, err
	}
	res := p.finish("orthogonal matching pursuit", append([]float64(nil), g.Coef...), cfg.Names)
	res.Convergence = g.Convergence
	if err := p.finite(res); err != nil {
		return nil, err
	}
	return res, nil
}
