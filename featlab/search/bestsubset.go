package search

import (
	"context"
	"errors"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// BestSubsetsConfig configures BestSubsets. The zero value fits an
// intercept and searches every size.
type BestSubsetsConfig struct {
	// NoIntercept fits no intercept (default: an unpenalised intercept,
	// as leaps::regsubsets(intercept = TRUE)).
	NoIntercept bool
	// MaxSize is the largest subset size (0: d), regsubsets' nvmax.
	MaxSize int
	// Names are the feature names (nil: x1, ..., xd).
	Names []string
	// Choose is the criterion that picks one size for Result.Subset:
	// RSS would always pick the full set, so the default (RSS, the zero
	// value) is read as BIC; R2, AdjR2, Cp, AIC and BIC are allowed.
	Choose LSScore
}

// SubsetStats are the least-squares criteria of one subset (see LSScore).
type SubsetStats struct {
	Subset                       []int // sorted
	RSS, R2, AdjR2, Cp, AIC, BIC float64
}

// BestSubsetsResult holds the best subset of every size and the criteria
// of each.
type BestSubsetsResult struct {
	*Result
	// Sizes[s-1] is the best subset of size s (least RSS) with its
	// criteria.
	Sizes []SubsetStats
	// Nodes is the number of nodes of the search tree that were expanded.
	Nodes int
}

// BestSubsets finds, for every size s, the subset of s features with the
// least residual sum of squares in least-squares regression (best-subset
// regression, leaps::regsubsets(method = "exhaustive") with nbest = 1),
// by branch and bound over the subsets in the spirit of Furnival and
// Wilson's leaps and bounds (1974): RSS never decreases when a feature is
// removed, so the RSS of a subset T bounds the RSS of every subset of T
// from below, and a whole branch is skipped when that bound is no better
// than the best subset found so far of every size the branch contains.
//
// The tree: a node is a subset T with a list A of features it may still
// remove; its children remove one a_i of A and may then remove only the
// features after a_i, so every subset is one node of the tree exactly
// once. A node keeps (X_T^T X_T)^{-1} and the coefficients w_T, from which
// RSS(T \ {j}) = RSS(T) + w_j^2 / [(X_T^T X_T)^{-1}]_jj for every j at
// O(|T|) each, and the child's inverse is an O(|T|^2) rank-one downdate.
// A's features are ordered by how much their removal costs, dearest first,
// so the largest subtrees have the largest bounds, and children are
// visited cheapest first, which finds good subsets of every size early
// (the bounds start from forward selection's subsets).
//
// The columns must be linearly independent (an error wrapping
// featlab.ErrConstant otherwise). The reported criteria of the winners are
// recomputed from a fresh Cholesky factorisation.
func BestSubsets(X mat.Matrix, y []float64, cfg BestSubsetsConfig) (*BestSubsetsResult, error) {
	return BestSubsetsContext(context.Background(), X, y, cfg)
}

// BestSubsetsContext is BestSubsets with a context, checked before every
// fit of the forward pass that sets the initial bounds (after its first
// step, so that the best single feature is always found) and every 2^17
// (about k^2 for a node of size k) units of branch-and-bound work:
// cancelled, it returns the best subsets found so far with an error
// wrapping context.Canceled, their statistics from the RSS the search
// found (not refitted; Cp is NaN when cancelled in the forward pass).
func BestSubsetsContext(ctx context.Context, X mat.Matrix, y []float64, cfg BestSubsetsConfig) (*BestSubsetsResult, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	_, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	choose, names, maxSize, err := cfg.check(d)
	if err != nil {
		return nil, err
	}
	ls, _, err := LeastSquares{NoIntercept: cfg.NoIntercept}.build(ctx, X, y)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			// cancelled while copying X or summing the Gram matrix
			// (seconds at 20000 x 300): no subset examined yet
			res := &BestSubsetsResult{Result: newResult(d), Sizes: []SubsetStats{}}
			res.Names = names
			res.Method = "best subsets (branch and bound) x " + choose.String() + " of least squares"
			res.Higher = choose.higher()
			return res, err
		}
		return nil, err
	}
	return bestSubsets(ctx, ls, choose, names, maxSize)
}

// check validates cfg for d features and returns the criterion that
// chooses, the names and the largest size.
func (cfg BestSubsetsConfig) check(d int) (choose LSScore, names []string, maxSize int, err error) {
	if cfg.MaxSize < 0 || cfg.MaxSize > d {
		return 0, nil, 0, featlab.Errorf(featlab.ErrParam, "search: best subsets MaxSize = %d outside [1, d = %d] (0: d)", cfg.MaxSize, d)
	}
	choose = cfg.Choose
	if choose == RSS {
		choose = BIC
	}
	if choose == CVMSE || choose < RSS || choose > CVMSE {
		return 0, nil, 0, featlab.Errorf(featlab.ErrParam, "search: best subsets cannot choose by %v", choose)
	}
	names = cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	maxSize = cfg.MaxSize
	if maxSize == 0 {
		maxSize = d
	}
	return choose, names, maxSize, nil
}

// bestSubsets runs the branch and bound on the least-squares systems of
// ls (d features, ls.m rows).
func bestSubsets(ctx context.Context, ls *lsEval, choose LSScore, names []string, maxSize int) (*BestSubsetsResult, error) {
	d := ls.d
	sys := ls.sys[0]
	le := ls.eval
	bb := &bnb{d: d, G: sys.G, b: sys.b, yy: sys.yy, maxSize: maxSize, ctx: ctx}
	bb.best = make([]float64, d+1)
	bb.set = make([][]int, d+1)
	for s := range bb.best {
		bb.best[s] = math.Inf(1)
	}
	// initial bounds: forward selection's subsets
	var cur []int
	var cerr error
forward:
	for len(cur) < maxSize {
		bi, bv := -1, math.Inf(1)
		for j := 0; j < d; j++ {
			if contains(cur, j) {
				continue
			}
			// per candidate after the first step (d fits of one
			// column, so that a result has at least size 1): one fit is
			// O(k^3), a step O(d k^3)
			if len(cur) > 0 {
				cerr = ctx.Err()
			}
			if cerr != nil {
				break forward
			}
			v, err := le(with(cur, j))
			if err != nil {
				return nil, err
			}
			if v < bv {
				bi, bv = j, v
			}
		}
		cur = with(cur, bi)
		bb.offer(cur, bv)
	}
	full := make([]int, d)
	for j := range full {
		full[j] = j
	}
	if cerr != nil {
		ls.sigma2 = math.NaN() // cancelled before the full fit: Cp is NaN
		return bb.result(ls, choose, names, d, maxSize, cerr), cerr
	}
	inv, w, rss, ok := bb.root(full)
	if !ok {
		return nil, featlab.Errorf(featlab.ErrConstant, "search: best subsets: the columns of X are linearly dependent")
	}
	bb.offer(full, rss)
	if dof := ls.m - float64(d) - ls.icpt; dof > 0 && rss > 0 {
		ls.sigma2 = rss / dof
	} else {
		ls.sigma2 = 1 // no estimate: Cp is then RSS + 2p' - m
	}
	bb.levels = make([][]float64, d+1)
	bb.wbuf = make([][]float64, d+1)
	bb.child = make([][]float64, d+1)
	bb.pos = make([][]int, d+1)
	for k := range bb.levels {
		bb.levels[k] = make([]float64, k*k)
		bb.wbuf[k] = make([]float64, k)
		bb.child[k] = make([]float64, k)
		bb.pos[k] = make([]int, d)
	}
	copy(bb.levels[d], inv)
	copy(bb.wbuf[d], w)
	if cerr = ctx.Err(); cerr == nil {
		cerr = bb.visit(full, bb.levels[d], bb.wbuf[d], rss, append([]int(nil), full...))
	}
	return bb.result(ls, choose, names, d, maxSize, cerr), cerr
}

// result builds the result from the best subsets found. Each is refitted
// for its statistics; once cancelled (cerr != nil) the RSS found by the
// search is used instead (a refit is O(s^3), maxSize of them seconds).
func (bb *bnb) result(ls *lsEval, choose LSScore, names []string, d, maxSize int, cerr error) *BestSubsetsResult {
	res := &BestSubsetsResult{Result: newResult(d), Nodes: bb.nodes}
	res.Names = names
	res.Method = "best subsets (branch and bound) x " + choose.String() + " of least squares"
	res.Higher = choose.higher()
	res.Evaluations = bb.nodes
	res.Requests = bb.nodes
	for s := 1; s <= maxSize; s++ {
		sub := bb.set[s]
		if sub == nil {
			continue
		}
		sub = append([]int(nil), sub...)
		sort.Ints(sub)
		rss := bb.best[s]
		if cerr == nil {
			f := ls.factor(sub)
			rss, _ = ls.rss(f, sub)
		}
		st := SubsetStats{Subset: sub, RSS: rss, R2: ls.fromRSS(R2, rss, s), AdjR2: ls.fromRSS(AdjR2, rss, s),
			Cp: ls.fromRSS(Cp, rss, s), AIC: ls.fromRSS(AIC, rss, s), BIC: ls.fromRSS(BIC, rss, s)}
		res.Sizes = append(res.Sizes, st)
		v := ls.fromRSS(choose, rss, s)
		res.BySize[s-1] = Scored{Subset: sub, Score: v}
		res.History = append(res.History, featlab.Step{Action: "best of size", Feature: -1, Score: v, Subset: sub})
		if res.Subset == nil || (choose.higher() && v > res.Score) || (!choose.higher() && v < res.Score) {
			res.Subset, res.Score = sub, v
		}
	}
	return res
}

type bnb struct {
	d, maxSize int
	G, b       []float64
	yy         float64
	best       []float64 // best[s]: least RSS of size s so far
	set        [][]int
	levels     [][]float64 // inverse buffers by subset size
	child      [][]float64 // child RSS buffers by subset size
	pos        [][]int     // feature -> position buffers by subset size
	wbuf       [][]float64
	nodes      int
	work       int // flops (roughly) since the context was last checked
	ctx        context.Context
}

// bbCheckWork is the work (about k^2 + 64 a node of size k) between two
// looks at the context in branch and bound: well under a millisecond.
const bbCheckWork = 1 << 17

func (bb *bnb) offer(s []int, rss float64) {
	k := len(s)
	if k <= bb.maxSize && rss < bb.best[k] {
		bb.best[k] = rss
		bb.set[k] = append(bb.set[k][:0:0], s...)
	}
}

// root returns (G_T)^{-1}, w and RSS for subset T from a Cholesky
// factorisation.
func (bb *bnb) root(T []int) ([]float64, []float64, float64, bool) {
	k := len(T)
	A := mat.NewSymDense(k, nil)
	for a, ja := range T {
		for c, jc := range T {
			A.SetSym(a, c, bb.G[ja*bb.d+jc])
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(A) {
		return nil, nil, 0, false
	}
	var inv mat.SymDense
	if err := ch.InverseTo(&inv); err != nil {
		return nil, nil, 0, false
	}
	out := make([]float64, k*k)
	w := make([]float64, k)
	rss := bb.yy
	for a := 0; a < k; a++ {
		for c := 0; c < k; c++ {
			out[a*k+c] = inv.At(a, c)
			w[a] += inv.At(a, c) * bb.b[T[c]]
		}
	}
	for a := 0; a < k; a++ {
		rss -= w[a] * bb.b[T[a]]
	}
	return out, w, rss, true
}

// visit expands node T (inverse inv, coefficients w, RSS rss) whose
// removable features are allow.
func (bb *bnb) visit(T []int, inv, w []float64, rss float64, allow []int) error {
	bb.nodes++
	k := len(T)
	// checked by work, not by nodes: a node costs O(k^2) (the
	// downdates of its children), so 1024 nodes at d = 300 took seconds
	if bb.work += k*k + 64; bb.work >= bbCheckWork {
		bb.work = 0
		if err := bb.ctx.Err(); err != nil {
			return err
		}
	}
	if k <= 1 {
		return nil
	}
	// RSS of every child T \ {T[i]}
	child := bb.child[k][:k]
	pos := bb.pos[k] // position in T of each feature
	for i, j := range T {
		pos[j] = i
		child[i] = rss + w[i]*w[i]/inv[i*k+i]
		if k-1 <= bb.maxSize && child[i] < bb.best[k-1] {
			bb.offer(without(T, j), child[i])
		}
	}
	if len(allow) <= 1 || k-1 <= 1 {
		return nil
	}
	// dearest removal first (insertion sort: allow is short; stable)
	for i := 1; i < len(allow); i++ {
		for c := i; c > 0 && child[pos[allow[c]]] > child[pos[allow[c-1]]]; c-- {
			allow[c], allow[c-1] = allow[c-1], allow[c]
		}
	}
	for i := len(allow) - 1; i >= 0; i-- {
		rest := allow[i+1:]
		if len(rest) == 0 {
			continue
		}
		a := allow[i]
		bound := child[pos[a]]
		// sizes of the child's proper descendants: k-1-len(rest) .. k-2
		prune := true
		for s := k - 1 - len(rest); s <= k-2; s++ {
			if s >= 1 && s <= bb.maxSize && bound < bb.best[s] {
				prune = false
				break
			}
		}
		if prune {
			continue
		}
		// downdate: remove position p
		p := pos[a]
		n := k - 1
		cinv := bb.levels[n]
		cw := bb.wbuf[n]
		ipp := inv[p*k+p]
		r := 0
		for x := 0; x < k; x++ {
			if x == p {
				continue
			}
			c := 0
			fx := inv[x*k+p] / ipp
			for z := 0; z < k; z++ {
				if z == p {
					continue
				}
				cinv[r*n+c] = inv[x*k+z] - fx*inv[p*k+z]
				c++
			}
			cw[r] = w[x] - fx*w[p]
			r++
		}
		cT := without(T, a)
		// allowed list for the child, kept in the order chosen here
		if err := bb.visit(cT, cinv, cw, bound, append([]int(nil), rest...)); err != nil {
			return err
		}
	}
	return nil
}
