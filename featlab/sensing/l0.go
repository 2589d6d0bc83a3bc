package sensing

import (
	"context"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// L0Config configures L0.
type L0Config struct {
	// MaxK is the largest support size tried; when the count of supports
	// up to MaxK exceeds MaxSubsets, L0 refuses before any work. Default:
	// the largest size <= min(n, m) within MaxSubsets.
	MaxK int
	// MaxSubsets bounds the number of supports examined, counted before
	// any work: sum_{j <= k} C(m, j) up to the size needed. Default 10^6.
	MaxSubsets int
	// Tol: a support S is consistent when min ||A_S s - y|| <= Tol
	// max(1, ||y||). Default 1e-9.
	Tol float64
	// Workers bounds the goroutines (0: all cores); the result does not
	// depend on it.
	Workers int
	// Names are the names of the m unknowns (nil: x1..xm).
	Names []string
}

// L0Result is an l0 recovery: the sparsest consistent s, and how many
// supports of that size are consistent (1: the l0 solution is unique).
type L0Result struct {
	Result
	// Solutions is the number of supports of size len(Support) that fit y.
	Solutions int
	// Examined is the number of supports examined.
	Examined int
}

// L0Count returns the number of supports L0 examines to rule out every
// size below k and try size k: sum_{j=0}^{k} C(m, j).
func L0Count(m, k int) float64 {
	var t float64
	for j := 0; j <= k; j++ {
		t += Binomial(m, j)
	}
	return t
}

// L0 solves eq. 11.22,
//
//	min ||s||_0  s.t.  A s = y,
//
// by exhaustive search over supports of increasing size j = 0, 1, ...,
// each fitted by least squares; the first size with a consistent support is
// the answer (the consistent support with the lowest lexicographic rank is
// returned). The problem is NP-hard; L0 counts the supports it would need
// before doing any work and returns an error wrapping featlab.ErrParam
// when the count up to MaxK exceeds MaxSubsets. Only tiny problems are
// within reach (m = 20, k = 4: 6,196 supports).
//
// Memory: a copy of A and its transpose, an n x k block per worker and two
// ints per chunk of 512 supports of the current size (at most MaxSubsets /
// 256 ints). A is scaled internally by an exact power of two when its
// entries are near the float64 limits, so the support does not depend on
// the scale of A; coefficients that overflow once scaled back are an
// error wrapping featlab.ErrNotFinite.
func L0(A mat.Matrix, y []float64, cfg L0Config) (*L0Result, error) {
	return L0Context(context.Background(), A, y, cfg)
}

// L0Context is L0 with cancellation (the error wraps ctx.Err()).
func L0Context(ctx context.Context, A mat.Matrix, y []float64, cfg L0Config) (*L0Result, error) {
	p, err := newProblemContext(ctx, A, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	maxSub := cfg.MaxSubsets
	if maxSub == 0 {
		maxSub = 1000000
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-9
	}
	if tol < 0 || math.IsNaN(tol) || maxSub < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Tol = %g, MaxSubsets = %d", tol, maxSub)
	}
	maxK := cfg.MaxK
	if maxK < 0 || maxK > p.m {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: MaxK = %d outside [0, m = %d]", maxK, p.m)
	}
	if maxK > p.n {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: MaxK = %d > n = %d measurements: a support larger than n always fits when one of size n does", maxK, p.n)
	}
	// count first: no work beyond MaxSubsets supports
	if maxK > 0 {
		if c := L0Count(p.m, maxK); c > float64(maxSub) {
			return nil, featlab.Errorf(featlab.ErrParam, "sensing: l0 search up to size %d would examine %.4g supports (m = %d), more than MaxSubsets = %d", maxK, c, p.m, maxSub)
		}
	} else {
		for maxK < min(p.n, p.m) && L0Count(p.m, maxK+1) <= float64(maxSub) {
			maxK++
		}
	}
	thr := tol * math.Max(1, p.ynrm)
	examined := 0
	if p.ynrm <= thr {
		res := &L0Result{Result: *p.finish("l0 (exhaustive)", make([]float64, p.m), cfg.Names), Solutions: 1, Examined: 1}
		return res, nil
	}
	examined = 1
	for k := 1; k <= maxK; k++ {
		cnt := int(Binomial(p.m, k))
		const chunk = 512
		nch := (cnt + chunk - 1) / chunk
		first := make([]int, nch)
		nsol := make([]int, nch)
		err := par.Do(ctx, nch, cfg.Workers, nil, func(c int) error {
			first[c] = -1
			S := make([]int, k)
			sub := mat.NewDense(p.n, k, nil)
			var qr mat.QR
			var x mat.VecDense
			yv := mat.NewVecDense(p.n, p.y)
			var r mat.VecDense
			for idx := c * chunk; idx < min(cnt, (c+1)*chunk); idx++ {
				unrank(idx, p.m, S)
				for t, j := range S {
					sub.SetCol(t, p.col(j))
				}
				qr.Factorize(sub)
				if err := qr.SolveVecTo(&x, false, yv); err != nil {
					continue // rank deficient: a smaller support spans the same space
				}
				r.MulVec(sub, &x)
				r.SubVec(&r, yv)
				if mat.Norm(&r, 2) <= thr {
					nsol[c]++
					if first[c] < 0 {
						first[c] = idx
					}
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		examined += cnt
		best, sols := -1, 0
		for c := range first {
			if best < 0 && first[c] >= 0 {
				best = first[c]
			}
			sols += nsol[c]
		}
		if best < 0 {
			continue
		}
		S := make([]int, k)
		unrank(best, p.m, S)
		sub := mat.NewDense(p.n, k, nil)
		for t, j := range S {
			sub.SetCol(t, p.col(j))
		}
		var x mat.VecDense
		if err := x.SolveVec(sub, mat.NewVecDense(p.n, p.y)); err != nil {
			return nil, err
		}
		s := make([]float64, p.m)
		for t, j := range S {
			s[j] = x.AtVec(t)
		}
		res := &L0Result{Result: *p.finish("l0 (exhaustive)", s, cfg.Names), Solutions: sols, Examined: examined}
		if err := p.finite(&res.Result); err != nil {
			return nil, err
		}
		return res, nil
	}
	if cfg.MaxK == 0 && maxK < min(p.n, p.m) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: no support of size <= %d fits y, and size %d would take the count to %.4g supports, more than MaxSubsets = %d", maxK, maxK+1, L0Count(p.m, maxK+1), maxSub)
	}
	return nil, infeasible("l0: no support of size <= %d fits y", maxK)
}
