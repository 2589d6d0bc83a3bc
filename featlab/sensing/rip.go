package sensing

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/mat"
)

// Coherence returns the mutual coherence of A,
//
//	mu(A) = max_{i != j} |a_i . a_j| / (||a_i|| ||a_j||),
//
// the largest absolute cosine between two columns, and the pair (i, j)
// attaining it. A needs at least two columns, none of them zero.
func Coherence(A mat.Matrix) (mu float64, i, j int, err error) {
	if err := featlab.CheckMatrix(A, nil); err != nil {
		return 0, 0, 0, err
	}
	n, m := A.Dims()
	if m < 2 {
		return 0, 0, 0, featlab.Errorf(featlab.ErrParam, "sensing: coherence needs at least 2 columns, A has %d", m)
	}
	G := mat.NewSymDense(m, nil)
	G.SymOuterK(1, mat.DenseCopyOf(A).T())
	_ = n
	norm := make([]float64, m)
	for k := 0; k < m; k++ {
		norm[k] = math.Sqrt(G.At(k, k))
		if norm[k] == 0 {
			return 0, 0, 0, featlab.Errorf(featlab.ErrConstant, "sensing: column %d of A is zero", k)
		}
	}
	mu, i, j = -1, 0, 1
	for a := 0; a < m; a++ {
		for b := a + 1; b < m; b++ {
			if c := math.Abs(G.At(a, b)) / (norm[a] * norm[b]); c > mu {
				mu, i, j = c, a, b
			}
		}
	}
	return mu, i, j, nil
}

// CoherenceBound returns (1 + 1/mu)/2: every s with ||s||_0 = k < (1 +
// 1/mu)/2 is the unique solution of both l0 (11.22) and l1 (11.23)
// recovery from y = A s, and OMP finds it in k steps (Donoho and Elad 2003,
// Tropp 2004).
func CoherenceBound(mu float64) float64 {
	if mu <= 0 {
		return math.Inf(1)
	}
	return (1 + 1/mu) / 2
}

// RIPConfig configures RIP.
type RIPConfig struct {
	// MaxSubsets bounds the exact enumeration: when C(m, k) <= MaxSubsets
	// every column subset is examined and the result is exact; otherwise
	// Trials random subsets give a lower bound. Default 200000.
	MaxSubsets int
	// Trials is the number of random supports of the Monte Carlo bound.
	// Default 2000.
	Trials int
	// ForceMonteCarlo samples random supports even when enumeration would
	// be cheap (to compare the two). Default false.
	ForceMonteCarlo bool
	// Seed seeds the random supports.
	Seed uint64
	// Workers bounds the goroutines (0: all cores). The result does not
	// depend on it.
	Workers int
}

// RIPResult is the restricted isometry constant of eq. 11.21 for one k.
type RIPResult struct {
	K int
	// Delta is max(1 - MinEig, MaxEig - 1) over the examined supports S of
	// size K, the eigenvalues being those of A_S^T A_S: the smallest delta
	// with (1-delta)||s||^2 <= ||A_S s||^2 <= (1+delta)||s||^2. Exact when
	// Exact, else a lower bound on the true delta_k.
	Delta          float64
	MinEig, MaxEig float64
	// Worst is the support attaining Delta.
	Worst []int
	// Subsets is the number of supports examined; Total is C(m, K) (+Inf
	// when it overflows float64).
	Subsets int
	Total   float64
	Exact   bool
}

// Binomial returns C(m, k) as a float64 (exact below 2^53).
func Binomial(m, k int) float64 {
	if k < 0 || k > m {
		return 0
	}
	k = min(k, m-k)
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(m-k+i) / float64(i)
	}
	return math.Round(c)
}

// RIP computes the restricted isometry constant delta_k of A (eq. 11.21)
// for supports of size k. Computing delta_k exactly is NP-hard in general:
// it is a maximum over all C(m, k) supports. RIP counts them first and
// enumerates them when there are at most cfg.MaxSubsets; otherwise (or with
// ForceMonteCarlo) it evaluates cfg.Trials random supports, which gives a
// lower bound only: the true delta_k is at least the reported Delta.
// Eq. 11.21 assumes columns of (about) unit norm; RIP does not rescale A.
//
// Memory: a copy of A, an n x k block per worker and a table of 4096
// chunk records: the supports are enumerated in batches, so raising
// MaxSubsets costs time (cancellable), not memory; an exact enumeration of
// more than featlab.DefaultMaxCells (2^27) supports is refused with
// ErrParam.
func RIP(A mat.Matrix, k int, cfg RIPConfig) (*RIPResult, error) {
	return RIPContext(context.Background(), A, k, cfg)
}

// RIPContext is RIP with cancellation; cancelled, it returns the supports
// examined so far (Exact false) and an error wrapping context.Canceled.
func RIPContext(ctx context.Context, A mat.Matrix, k int, cfg RIPConfig) (*RIPResult, error) {
	if err := featlab.CheckMatrix(A, nil); err != nil {
		return nil, err
	}
	n, m := A.Dims()
	if k < 1 || k > m {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: support size k = %d outside [1, %d]", k, m)
	}
	if cfg.MaxSubsets < 0 || cfg.Trials < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: MaxSubsets = %d and Trials = %d must be >= 0", cfg.MaxSubsets, cfg.Trials)
	}
	maxSub := cfg.MaxSubsets
	if maxSub == 0 {
		maxSub = 200000
	}
	trials := cfg.Trials
	if trials == 0 {
		trials = 2000
	}
	total := Binomial(m, k)
	exact := !cfg.ForceMonteCarlo && total <= float64(maxSub)
	if exact && total > featlab.DefaultMaxCells {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: RIP: MaxSubsets = %d asks for all C(%d, %d) = %.4g supports, more than the %d an exact enumeration may take (days of eigenvalues); lower MaxSubsets for a Monte Carlo bound", cfg.MaxSubsets, m, k, total, featlab.DefaultMaxCells)
	}
	count := trials
	if exact {
		count = int(total)
	}
	Ad := mat.DenseCopyOf(A)
	_ = n
	// Supports are produced per index: by unranking (exact) or from a
	// per-index random stream (Monte Carlo), so results do not depend on
	// the number of workers.
	support := func(idx int, dst []int) {
		if exact {
			unrank(idx, m, dst)
			return
		}
		r := rand.New(rand.NewPCG(cfg.Seed, streamRIP+uint64(idx)<<16))
		// partial Fisher-Yates via a map-free selection (Floyd's algorithm)
		sel := make(map[int]bool, k)
		t := 0
		for j := m - k; j < m; j++ {
			v := r.IntN(j + 1)
			if sel[v] {
				v = j
			}
			sel[v] = true
			dst[t] = v
			t++
		}
		sortInts(dst)
	}
	const chunk = 256
	nchunks := (count + chunk - 1) / chunk
	type best struct {
		delta, lo, hi float64
		idx           int
	}
	// Chunks run in batches of at most batchChunks, each batch reduced in
	// order before the next: memory does not grow with the count (C(200,
	// 6) supports would otherwise need a 10 GB table before the first
	// eigenvalue), and the result is the one of a single ordered pass.
	const batchChunks = 4096
	bests := make([]best, min(nchunks, batchChunks))
	res := &RIPResult{K: k, Total: total, Delta: -1}
	bestIdx := -1
	var err error
	for c0 := 0; c0 < nchunks && err == nil; c0 += batchChunks {
		nb := min(batchChunks, nchunks-c0)
		for c := range bests[:nb] {
			bests[c].delta = -1
		}
		err = par.Do(ctx, nb, cfg.Workers, nil, func(cb int) error {
			c := c0 + cb
			S := make([]int, k)
			sub := mat.NewDense(n, k, nil)
			var G mat.SymDense
			var eig mat.EigenSym
			b := best{delta: -1}
			for idx := c * chunk; idx < min(count, (c+1)*chunk); idx++ {
				support(idx, S)
				for t, j := range S {
					for i := 0; i < n; i++ {
						sub.Set(i, t, Ad.At(i, j))
					}
				}
				G.Reset()
				G.SymOuterK(1, sub.T())
				if !eig.Factorize(&G, false) {
					return featlab.Errorf(featlab.ErrNotConverged, "sensing: eigenvalues of support %v", S)
				}
				ev := eig.Values(nil)
				lo, hi := ev[0], ev[len(ev)-1]
				if d := math.Max(1-lo, hi-1); d > b.delta {
					b = best{d, lo, hi, idx}
				}
			}
			bests[cb] = b
			return nil
		})
		for cb, b := range bests[:nb] {
			c := c0 + cb
			if b.delta > res.Delta {
				res.Delta, res.MinEig, res.MaxEig = b.delta, b.lo, b.hi
				bestIdx = b.idx
			}
			if b.delta >= 0 {
				res.Subsets += min(count, (c+1)*chunk) - c*chunk
			}
		}
	}
	res.Exact = exact && err == nil
	if bestIdx >= 0 {
		res.Worst = make([]int, k)
		support(bestIdx, res.Worst)
	}
	if err != nil {
		return res, err
	}
	return res, nil
}

// unrank writes the idx-th k-subset of {0..m-1} in lexicographic order.
func unrank(idx, m int, dst []int) {
	k := len(dst)
	x := 0
	for t := 0; t < k; t++ {
		for {
			c := int(Binomial(m-x-1, k-t-1))
			if idx < c {
				break
			}
			idx -= c
			x++
		}
		dst[t] = x
		x++
	}
}
