package greedy

import (
	"context"
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// OMPBatch sparse-codes many signals against one dictionary with batch OMP
// (Rubinstein, Zibulevsky & Elad, "Efficient implementation of the K-SVD
// algorithm using batch orthogonal matching pursuit", 2008).
//
// D is m x K: its K columns are the atoms (features), each of length m.
// Y is n x m: each of its n rows is one signal y_i of length m. The result
// is the n x K matrix of codes, row i holding the coefficients w_i of
// signal i, so that Y ≈ codes D^T (row i: y_i ≈ D w_i). Each row is
// exactly what OMP(D, y_i, cfg) returns as Coef (same features, same
// order, coefficients equal up to rounding), with scikit-learn's
// orthogonal_mp_gram(D^T D, D^T y_i, n_nonzero_coefs=T, tol=Tol) for
// Rule: Correlation.
//
// The Gram matrix G = D^T D and the correlations Y D are computed once;
// then each signal costs O(T K) per round and never touches D again: the
// round adds the row q_t = (G_{j_t,:} - sum_k q_k[j_t] q_k) / ||u_{j_t}||
// of L^{-1} G_{I,:} (the incremental Cholesky factor L of G_{I,I}) and
// updates <u_j, y> and ||u_j||^2 as OMP does. Signals run in parallel on
// cfg.Workers goroutines; the result does not depend on the count.
//
// Dependence is judged from the running ||u_j||^2 = G_jj - sum_k q_k[j]^2
// (an atom is skipped once it falls to DependenceTol G_jj); since the
// recursion works on the Gram matrix it squares the condition number of
// the chosen atoms, so for nearly collinear atoms OMP per signal, which
// re-orthogonalises against the data, is the more accurate choice.
//
// cfg is OMPConfig: T (default max(floor(K/10), 1) without Tol), Tol
// (per-signal residual sum of squares, computed as ||y||^2 - ||theta||^2),
// Rule, Normalize, Workers and Progress apply; Intercept must be false (sparse
// coding has none); Names and Trace are ignored except that Names, when
// given, must have K entries.
//
// Errors: nil, empty or non-finite D or Y, Y with a column count different
// from D's row count, negative T or Tol, unknown Rule, Intercept set.
//
// For K-SVD and sparse coding with unit-norm atoms, Rule: Correlation is
// the classic batch OMP of Rubinstein et al. (and scikit-learn's
// sparse_encode with algorithm="omp"); the default Exact rule chooses the
// atom that lowers the residual most.
func OMPBatch(D mat.Matrix, Y mat.Matrix, cfg OMPConfig) (*mat.Dense, error) {
	return OMPBatchContext(context.Background(), D, Y, cfg)
}

// batchChunk is the number of signals one piece of parallel work codes.
const batchChunk = 64

// OMPBatchContext is OMPBatch with cancellation: ctx is checked before
// every signal, and once it is done it returns the codes computed so far
// (rows not reached are zero) with an error wrapping ctx.Err(); nil codes
// when it was cancelled while the codes (of 2^20 cells or more) were
// being allocated.
// cfg.Progress, when set, is called with (signals coded, n) as chunks
// finish.
//
// Memory: the n x K codes, the n x K correlations Y D and the K x K Gram
// matrix (each n x K table over featlab.DefaultMaxCells values is refused
// with ErrTooLarge), plus O(T K) per worker; a copy of Y when it is not a
// *mat.Dense.
func OMPBatchContext(ctx context.Context, D mat.Matrix, Y mat.Matrix, cfg OMPConfig) (*mat.Dense, error) {
	if featlab.IsNil(D) || featlab.IsNil(Y) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "greedy.OMPBatch: nil dictionary or signals")
	}
	if err := featlab.CheckMatrix(D, nil); err != nil {
		return nil, fmt.Errorf("greedy.OMPBatch: dictionary D: %w", err)
	}
	if err := featlab.CheckMatrix(Y, nil); err != nil {
		return nil, fmt.Errorf("greedy.OMPBatch: signals Y: %w", err)
	}
	m, K := D.Dims()
	n, my := Y.Dims()
	if my != m {
		return nil, featlab.Errorf(featlab.ErrShape, "greedy.OMPBatch: signals (rows of Y) have length %d but atoms (columns of D) have length %d", my, m)
	}
	if cfg.Intercept {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.OMPBatch: Intercept is not supported (centre the signals and atoms first)")
	}
	_, T, err := cfg.check("OMPBatch", m, K)
	if err != nil {
		return nil, err
	}
	if err := featlab.CheckCells("greedy.OMPBatch: the codes and correlations (each)", "", n, K, 0); err != nil {
		return nil, err
	}
	// the codes first: allocating n x K values after a cancellation took
	// about a second at 10^5 x 512
	codes, err := allocContext(ctx, n, K)
	if err != nil {
		return nil, fmt.Errorf("greedy.OMPBatch: %w", err)
	}
	var G mat.Dense
	G.Mul(D.T(), D)                         // K x K
	A, err := correlations(ctx, Y, D, n, K) // n x K: row i = D^T y_i
	if err != nil {
		return codes, fmt.Errorf("greedy.OMPBatch: %w", err)
	}
	g := G.RawMatrix()
	a := A.RawMatrix()
	for j := 0; j < K; j++ {
		if v := g.Data[j*g.Stride+j]; math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "greedy.OMPBatch: atom %d overflows: its squared norm is %v", j, v)
		}
	}
	for i := 0; i < n; i++ {
		for _, v := range a.Data[i*a.Stride : i*a.Stride+K] {
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "greedy.OMPBatch: signal %d overflows: a correlation with an atom is %v", i, v)
			}
		}
	}
	yr := matx.RowMajor(Y)
	cr := codes.RawMatrix()
	pieces := (n + batchChunk - 1) / batchChunk
	var progress func(done, total int)
	if cfg.Progress != nil {
		progress = func(done, _ int) { cfg.Progress(min(done*batchChunk, n), n) }
	}
	err = par.Do(ctx, pieces, cfg.Workers, progress, func(p int) error {
		b := newBatchBuf(T, K)
		for i := p * batchChunk; i < min((p+1)*batchChunk, n); i++ {
			if err := ctx.Err(); err != nil {
				return err // checked per signal: a chunk can take seconds
			}
			var yy float64
			for _, v := range yr.Data[i*yr.Stride : i*yr.Stride+m] {
				yy += v * v
			}
			b.code(g, a.Data[i*a.Stride:i*a.Stride+K], yy, T, cfg, cr.Data[i*cr.Stride:i*cr.Stride+K])
		}
		return nil
	})
	if err != nil {
		return codes, fmt.Errorf("greedy.OMPBatch: %w", err)
	}
	return codes, nil
}

// corrBlock is the number of signals per block of the correlations Y D:
// a multiple of gonum's 64-row gemm blocks, and at least its 4 x 64 rows
// so that every block takes gemm's parallel path as the whole product
// does, so each entry is computed exactly as by one call. 512 rows x 256
// x 512 atoms is about 70 Mflop between two looks at the context (4096
// rows took over a second on a loaded machine).
const corrBlock = 512

// correlations returns Y D (n x K), computed in row blocks of Y with the
// context checked between them (one product over 10^5 signals takes
// seconds); the last block takes the remainder (corrBlock to 2 corrBlock
// - 1 rows). A Y that is not a *mat.Dense is multiplied in one call.
func correlations(ctx context.Context, Y, D mat.Matrix, n, K int) (*mat.Dense, error) {
	A, err := allocContext(ctx, n, K)
	if err != nil {
		return nil, err
	}
	yd, ok := Y.(*mat.Dense)
	if !ok || n < 2*corrBlock {
		A.Mul(Y, D)
		return A, ctx.Err()
	}
	_, m := yd.Dims()
	for lo := 0; lo < n; {
		hi := lo + corrBlock
		if n-hi < corrBlock {
			hi = n
		}
		if err := ctx.Err(); err != nil {
			return A, err
		}
		A.Slice(lo, hi, 0, K).(*mat.Dense).Mul(yd.Slice(lo, hi, 0, m), D)
		lo = hi
	}
	return A, ctx.Err()
}

// newDense allocates an n x K matrix (a variable so that a test can stall
// the allocation).
var newDense = func(n, K int) *mat.Dense { return mat.NewDense(n, K, nil) }

// allocAsyncCells is the size from which allocContext allocates in a
// goroutine of its own.
const allocAsyncCells = 1 << 20

// allocContext returns newDense(n, K), or ctx's error as soon as ctx is
// done: on a loaded machine a single allocation of hundreds of megabytes
// waited 6-7 s (10^5 x 512, behind the garbage collector), with nothing
// able to look at the context meanwhile. An abandoned allocation finishes
// in its goroutine and is collected.
func allocContext(ctx context.Context, n, K int) (*mat.Dense, error) {
	if n*K < allocAsyncCells {
		return newDense(n, K), nil
	}
	ch := make(chan *mat.Dense, 1)
	go func() { ch <- newDense(n, K) }()
	select {
	case d := <-ch:
		return d, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type batchBuf struct {
	q        [][]float64 // rows of L^{-1} G_{I,:}
	c, n2    []float64
	eligible []bool
	theta    []float64
	support  []int
}

func newBatchBuf(T, K int) *batchBuf {
	b := &batchBuf{c: make([]float64, K), n2: make([]float64, K), eligible: make([]bool, K)}
	T = min(T, K)
	b.q = make([][]float64, T)
	for k := range b.q {
		b.q[k] = make([]float64, K)
	}
	b.theta = make([]float64, 0, T)
	b.support = make([]int, 0, T)
	return b
}

// code runs one signal's OMP from the Gram matrix g, the correlations
// alpha = D^T y and yy = ||y||^2, writing the coefficients into out.
func (b *batchBuf) code(g blas64.General, alpha []float64, yy float64, T int, cfg OMPConfig, out []float64) {
	K := len(alpha)
	copy(b.c, alpha)
	for j := 0; j < K; j++ {
		b.n2[j] = g.Data[j*g.Stride+j]
		b.eligible[j] = b.n2[j] > 0
	}
	b.theta, b.support = b.theta[:0], b.support[:0]
	ynorm := math.Sqrt(yy)
	rss := yy
	for len(b.support) < T && len(b.support) < len(b.q) && !(cfg.Tol > 0 && rss <= cfg.Tol) {
		jt, crit := -1, 0.0
		for j := 0; j < K; j++ {
			gjj := g.Data[j*g.Stride+j]
			if !b.eligible[j] || b.n2[j] <= DependenceTol*gjj {
				continue
			}
			if v := criterion(cfg.Rule, cfg.Normalize, b.c[j], b.n2[j], gjj); jt < 0 || v > crit {
				jt, crit = j, v
			}
		}
		if jt < 0 || math.Abs(b.c[jt]) <= orthTol*ynorm*math.Sqrt(g.Data[jt*g.Stride+jt]) {
			break
		}
		t := len(b.support)
		ltt := math.Sqrt(b.n2[jt])
		qt := b.q[t]
		copy(qt, g.Data[jt*g.Stride:jt*g.Stride+K])
		for k := 0; k < t; k++ {
			if f := b.q[k][jt]; f != 0 {
				qk := b.q[k]
				for j := range qt {
					qt[j] -= f * qk[j]
				}
			}
		}
		for j := range qt {
			qt[j] /= ltt
		}
		th := b.c[jt] / ltt
		for j := 0; j < K; j++ {
			b.c[j] -= qt[j] * th
			b.n2[j] -= qt[j] * qt[j]
		}
		b.eligible[jt] = false
		b.theta = append(b.theta, th)
		b.support = append(b.support, jt)
		rss -= th * th
	}
	// R = L^T: R[k][l] = q_k[I_l]; solve R w = theta.
	t := len(b.support)
	w := append([]float64(nil), b.theta...)
	for k := t - 1; k >= 0; k-- {
		w[k] /= b.q[k][b.support[k]]
		for i := 0; i < k; i++ {
			w[i] -= b.q[i][b.support[k]] * w[k]
		}
	}
	for k := range out {
		out[k] = 0
	}
	for k, j := range b.support {
		out[j] = w[k]
	}
}
