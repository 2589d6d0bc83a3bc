package sensing

import (
	"context"
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// RefineConfig configures Refine.
type RefineConfig struct {
	// Rank is the rank of the refit. Default: the rank r <= rank of the
	// start with the largest gap sigma_r / sigma_{r+1} between consecutive
	// singular values of the start, when that gap exceeds 10 (a clear
	// low-rank structure); otherwise the rank of the start.
	Rank int
	// Tol stops when the relative residual ||P_Omega(X - A)||_F /
	// ||P_Omega(A)||_F falls to Tol or decreases by less than a factor
	// (1 - Tol) in a sweep. Default 1e-13.
	Tol float64
	// MaxIter bounds the alternating sweeps. Default 300.
	MaxIter int
}

// Refine refits a completion at fixed rank r by alternating least squares
// on the observed entries,
//
//	min_{L (rows x r), R (cols x r)} ||P_Omega(L R^T - A)||_F^2,
//
// from L = U S^(1/2), R = V S^(1/2) of the start: the rank-constrained form
// of eq. 11.24 with the rank found by nuclear-norm minimisation, which
// removes the shrinkage bias of soft-impute. When the data are an exact
// rank-r matrix sampled enough, it converges to it (residual -> 0). Rows
// and columns without observations get the minimum-norm value 0.
// Convergence: Iterations counts alternating sweeps, Gap is the final
// relative residual on Omega; History records rank, nuclear norm and
// residual after every sweep.
func Refine(o *Observations, start *Completion, cfg RefineConfig) (*RefineResult, error) {
	return RefineContext(context.Background(), o, start, cfg)
}

// RefineContext is Refine with cancellation.
func RefineContext(ctx context.Context, o *Observations, start *Completion, cfg RefineConfig) (*RefineResult, error) {
	if err := o.checkEmpty(true); err != nil {
		return nil, err
	}
	if start == nil || start.U == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Refine needs a starting completion (nil)")
	}
	if ur, _ := start.U.Dims(); ur != o.Rows || start.V == nil || start.rows != o.Rows || start.cols != o.Cols {
		return nil, featlab.Errorf(featlab.ErrShape, "sensing: Refine: the starting completion is %d x %d, the observations %d x %d", start.rows, start.cols, o.Rows, o.Cols)
	}
	if vr, _ := start.V.Dims(); vr != o.Cols {
		return nil, featlab.Errorf(featlab.ErrShape, "sensing: Refine: the starting completion's V has %d rows, the observations %d columns", vr, o.Cols)
	}
	r := cfg.Rank
	if r == 0 {
		r = GapRank(start.Sigma, 10)
	}
	if r < 1 || r > start.Rank || cfg.Tol < 0 || cfg.MaxIter < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: refit rank %d outside [1, %d] (start rank), Tol = %g, MaxIter = %d", r, start.Rank, cfg.Tol, cfg.MaxIter)
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-13
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 300
	}
	L := mat.NewDense(o.Rows, r, nil)
	R := mat.NewDense(o.Cols, r, nil)
	for k := 0; k < r; k++ {
		s := math.Sqrt(start.Sigma[k])
		for i := 0; i < o.Rows; i++ {
			L.Set(i, k, start.U.At(i, k)*s)
		}
		for j := 0; j < o.Cols; j++ {
			R.Set(j, k, start.V.At(j, k)*s)
		}
	}
	// column-major index of Omega
	colPtr := make([]int, o.Cols+1)
	for _, j := range o.J {
		colPtr[j+1]++
	}
	for j := 0; j < o.Cols; j++ {
		colPtr[j+1] += colPtr[j]
	}
	byCol := make([]int, len(o.V))
	fill := append([]int(nil), colPtr[:o.Cols]...)
	for t, j := range o.J {
		byCol[fill[j]] = t
		fill[j]++
	}
	var an float64
	for _, v := range o.V {
		an += v * v
	}
	an = math.Sqrt(an)
	G := mat.NewSymDense(r, nil)
	rhs := mat.NewVecDense(r, nil)
	var chol mat.Cholesky
	var sol mat.VecDense
	// solveRow fits row `dst` of F (the factor being updated) on the
	// entries idx (indices into Omega) against the other factor H.
	solveRow := func(dst []float64, idx []int, other func(t int) []float64) {
		G.Zero()
		for q := 0; q < r; q++ {
			rhs.SetVec(q, 0)
		}
		g := G.RawSymmetric().Data
		for _, t := range idx {
			h := other(t)
			v := o.V[t]
			for a := 0; a < r; a++ {
				ha := h[a]
				rhs.SetVec(a, rhs.AtVec(a)+v*ha)
				row := g[a*r : a*r+r]
				for b := a; b < r; b++ {
					row[b] += ha * h[b]
				}
			}
		}
		// tiny ridge so that rows with fewer than r entries stay defined
		var tr float64
		for a := 0; a < r; a++ {
			tr += g[a*r+a]
		}
		for a := 0; a < r; a++ {
			g[a*r+a] += 1e-14*tr/float64(r) + 1e-300
		}
		if len(idx) == 0 || !chol.Factorize(G) {
			clear(dst)
			return
		}
		if err := chol.SolveVecTo(&sol, rhs); err != nil {
			clear(dst)
			return
		}
		for a := 0; a < r; a++ {
			dst[a] = sol.AtVec(a)
		}
	}
	rowIdx := make([]int, 0)
	res := &Completion{rows: o.Rows, cols: o.Cols}
	res.Tol = tol
	prev := math.Inf(1)
	xo := make([]float64, len(o.V))
	ones := make([]float64, r)
	for k := range ones {
		ones[k] = 1
	}
	var ctxErr error
	for it := 1; it <= maxIter; it++ {
		if ctxErr = ctx.Err(); ctxErr != nil {
			break
		}
		for i := 0; i < o.Rows; i++ {
			rowIdx = rowIdx[:0]
			for t := o.rowPtr[i]; t < o.rowPtr[i+1]; t++ {
				rowIdx = append(rowIdx, t)
			}
			solveRow(L.RawRowView(i), rowIdx, func(t int) []float64 { return R.RawRowView(o.J[t]) })
		}
		for j := 0; j < o.Cols; j++ {
			solveRow(R.RawRowView(j), byCol[colPtr[j]:colPtr[j+1]], func(t int) []float64 { return L.RawRowView(o.I[t]) })
		}
		observedValues(o, L, ones, R, xo)
		var num float64
		for t, v := range o.V {
			num += (xo[t] - v) * (xo[t] - v)
		}
		rel := math.Sqrt(num) / math.Max(an, 1e-300)
		res.Iterations = it
		res.Gap = rel
		_, sv, _ := factorSVD(L, R)
		res.History = append(res.History, CompletionStep{Rank: len(sv), Nuclear: sum(sv), Residual: rel, Change: rel})
		if rel <= tol || rel > prev*(1-tol) && it > 3 {
			res.Converged = rel <= tol || rel < 1e-8
			break
		}
		prev = rel
	}
	// back to an SVD: L R^T = (Q_L R_L)(Q_R R_R)^T, SVD of R_L R_R^T
	U, s, V := factorSVD(L, R)
	c := newCompletion(o, U, s, V)
	c.History, c.Convergence = res.History, res.Convergence
	return c, ctxErr
}

// factorSVD returns the SVD of L R^T from thin QRs of the factors.
func factorSVD(L, R *mat.Dense) (*mat.Dense, []float64, *mat.Dense) {
	qr := thinQR
	QL, RL := qr(L)
	QR, RR := qr(R)
	var core mat.Dense
	core.Mul(RL, RR.T())
	Uc, s, Vc := fullSVD(&core)
	var U, V mat.Dense
	U.Mul(QL, Uc)
	V.Mul(QR, Vc)
	k := 0
	for k < len(s) && s[k] > 1e-14*s[0] {
		k++
	}
	return mat.DenseCopyOf(U.Slice(0, U.RawMatrix().Rows, 0, k)), s[:k], mat.DenseCopyOf(V.Slice(0, V.RawMatrix().Rows, 0, k))
}

// GapRank returns the r with the largest ratio sigma[r-1] / sigma[r]
// (sigma decreasing) when that ratio is at least minGap, else len(sigma).
func GapRank(sigma []float64, minGap float64) int {
	best, r := minGap, len(sigma)
	for k := 1; k < len(sigma); k++ {
		if sigma[k] <= 0 {
			return k
		}
		if g := sigma[k-1] / sigma[k]; g >= best {
			best, r = g, k
		}
	}
	return r
}
