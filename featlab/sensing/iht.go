package sensing

import (
	"context"
	"errors"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// IHTConfig configures IHT.
type IHTConfig struct {
	// K is the sparsity kept at every step (required, 1 <= K <= n).
	K int
	// Step is a fixed step size mu; it must be below 1/||A||_2^2 for the
	// plain iteration to be stable. Default 0: the normalised step of
	// Blumensath and Davies (2010), computed at every iteration.
	Step float64
	// Tol stops the iteration when ||s_{t+1} - s_t|| <= Tol max(1, ||s_t||).
	// Default 1e-12.
	Tol float64
	// MaxIter bounds the iterations. Default 1000.
	MaxIter int
	// Names are the names of the m unknowns (nil: x1..xm).
	Names []string
}

// HardThreshold writes into dst (length len(x), allocated when nil) the
// vector H_k(x): the k entries of x largest in absolute value, the others
// 0 (ties broken towards the lower index).
//
// k < 0, or a dst of another length than x, panics (a programmer error).
func HardThreshold(dst, x []float64, k int) []float64 {
	if k < 0 {
		argPanic("HardThreshold: k = %d < 0", k)
	}
	if dst != nil && len(dst) != len(x) {
		argPanic("HardThreshold: len(dst) = %d, len(x) = %d", len(dst), len(x))
	}
	if dst == nil {
		dst = make([]float64, len(x))
	}
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return math.Abs(x[idx[a]]) > math.Abs(x[idx[b]]) })
	keep := make([]bool, len(x))
	for _, i := range idx[:min(k, len(x))] {
		keep[i] = true
	}
	for i, v := range x {
		if keep[i] {
			dst[i] = v
		} else {
			dst[i] = 0
		}
	}
	return dst
}

// IHTStep returns one iterative hard thresholding step,
//
//	s+ = H_k(s + mu A^T (y - A s)),
//
// a gradient step on (1/2)||A s - y||^2 followed by keeping the k largest
// entries. It is the exercise of notebook 09 (A is n x m). A nil A, y of
// a length other than n, s of a length other than m, or k < 0 panics with
// a message naming the argument (a programmer error).
func IHTStep(A mat.Matrix, y, s []float64, k int, mu float64) []float64 {
	if featlab.IsNil(A) {
		argPanic("IHTStep: nil A")
	}
	n, m := A.Dims()
	if len(y) != n {
		argPanic("IHTStep: len(y) = %d, A has n = %d rows", len(y), n)
	}
	if len(s) != m {
		argPanic("IHTStep: len(s) = %d, A has m = %d columns", len(s), m)
	}
	if k < 0 {
		argPanic("IHTStep: k = %d < 0", k)
	}
	r := mat.NewVecDense(n, append([]float64(nil), y...))
	var As mat.VecDense
	As.MulVec(A, mat.NewVecDense(m, s))
	r.SubVec(r, &As)
	var g mat.VecDense
	g.MulVec(A.T(), r)
	z := make([]float64, m)
	for j := range z {
		z[j] = s[j] + mu*g.AtVec(j)
	}
	return HardThreshold(nil, z, k)
}

// IHT is iterative hard thresholding (Blumensath and Davies 2009) for
//
//	min ||A s - y||^2  s.t.  ||s||_0 <= K,
//
// repeating IHTStep from s = 0. With Step = 0 the step is the normalised
// one of Blumensath and Davies (2010): mu = ||g_S||^2 / ||A_S g_S||^2 on
// the current support S (the support of H_K(g) at the start), halved while
// a change of support would increase the objective. Convergence records the
// iterations and the final relative change.
func IHT(A mat.Matrix, y []float64, cfg IHTConfig) (*IHTResult, error) {
	return IHTContext(context.Background(), A, y, cfg)
}

// IHTContext is IHT with cancellation, checked at every iteration and at
// every step-halving try within one (up to 51, each O(n K)); cancelled,
// it returns the last finished iterate and an error wrapping ctx.Err().
func IHTContext(ctx context.Context, A mat.Matrix, y []float64, cfg IHTConfig) (*IHTResult, error) {
	p, err := newProblemContext(ctx, A, y, cfg.Names)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			// cancelled while copying A: s = 0 is the last finished iterate
			n, m := A.Dims()
			q := &problem{n: n, m: m, y: y, scale: 1}
			return q.finish("iterative hard thresholding", make([]float64, m), cfg.Names), err
		}
		return nil, err
	}
	k := cfg.K
	if k < 1 || k > p.m {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: IHT sparsity K = %d outside [1, m = %d]", k, p.m)
	}
	if k > p.n {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: IHT sparsity K = %d > n = %d measurements: a K-sparse s is not identifiable", k, p.n)
	}
	if cfg.Step < 0 || cfg.Tol < 0 || cfg.MaxIter < 0 || math.IsNaN(cfg.Step+cfg.Tol) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Step = %g, Tol = %g, MaxIter = %d", cfg.Step, cfg.Tol, cfg.MaxIter)
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-12
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 1000
	}
	m, n := p.m, p.n
	s := make([]float64, m)
	g := make([]float64, m)
	r := make([]float64, n)
	tmp := make([]float64, n)
	z := make([]float64, m)
	next := make([]float64, m)
	resid := func(s, r []float64) float64 {
		copy(r, p.y)
		for j, v := range s {
			if v != 0 {
				c := p.col(j)
				for i := range r {
					r[i] -= v * c[i]
				}
			}
		}
		return dot(r, r)
	}
	obj := resid(s, r)
	conv := featlab.Convergence{Tol: tol}
	var ctxErr error
	for it := 1; it <= maxIter; it++ {
		if ctxErr = ctx.Err(); ctxErr != nil {
			break
		}
		mulAT(p, r, g)
		mu := cfg.Step / p.scale / p.scale // the step on scale A
		if mu == 0 {
			// support for the step: current support, or that of H_K(g)
			supp := s
			if it == 1 {
				supp = HardThreshold(z, g, k)
			}
			for i := range tmp {
				tmp[i] = 0
			}
			var gg float64
			for j, v := range supp {
				if v != 0 {
					gg += g[j] * g[j]
					c := p.col(j)
					for i := range tmp {
						tmp[i] += g[j] * c[i]
					}
				}
			}
			if den := dot(tmp, tmp); den > 0 {
				mu = gg / den
			} else {
				mu = 1
			}
		}
		var newObj float64
		for tries := 0; ; tries++ {
			// per try: up to 51 tries, each O(n K), in one iteration
			if ctxErr = ctx.Err(); ctxErr != nil {
				break
			}
			for j := range z {
				z[j] = s[j] + mu*g[j]
			}
			HardThreshold(next, z, k)
			newObj = resid(next, tmp)
			if cfg.Step != 0 || newObj <= obj || tries > 50 {
				break
			}
			mu /= 2
		}
		if ctxErr != nil {
			break // s is the last finished iterate
		}
		var ch, sn float64
		for j := range s {
			ch += (next[j] - s[j]) * (next[j] - s[j])
			sn += s[j] * s[j]
		}
		copy(s, next)
		obj = resid(s, r)
		conv.Iterations = it
		conv.Gap = math.Sqrt(ch) / math.Max(1, math.Sqrt(sn))
		if conv.Gap <= tol {
			conv.Converged = true
			break
		}
	}
	res := p.finish("iterative hard thresholding", s, cfg.Names)
	res.Convergence = conv
	if err := p.finite(res); err != nil {
		return nil, err
	}
	return res, ctxErr
}
