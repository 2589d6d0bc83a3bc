package sensing

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

const (
	streamSoftImpute = 0x1126
	streamSVT        = 0x1127
)

// sparseLowRank returns the operator S + U diag(d) V^T, S the rows x cols
// sparse matrix with values sv on Omega.
func sparseLowRank(o *Observations, sv []float64, U *mat.Dense, d []float64, V *mat.Dense) linop {
	var mulLR func(dst, Q *mat.Dense, left, right *mat.Dense)
	mulLR = func(dst, Q *mat.Dense, left, right *mat.Dense) {
		// dst += left diag(d) (right^T Q)
		if len(d) == 0 {
			return
		}
		var RtQ mat.Dense
		RtQ.Mul(right.T(), Q)
		for k, v := range d {
			row := RtQ.RawRowView(k)
			for q := range row {
				row[q] *= v
			}
		}
		var t mat.Dense
		t.Mul(left, &RtQ)
		dst.Add(dst, &t)
	}
	return linop{
		rows: o.Rows, cols: o.Cols,
		mul: func(dst, Q *mat.Dense) {
			dst.Zero()
			_, b := Q.Dims()
			for i := 0; i < o.Rows; i++ {
				drow := dst.RawRowView(i)
				for t := o.rowPtr[i]; t < o.rowPtr[i+1]; t++ {
					v := sv[t]
					qrow := Q.RawRowView(o.J[t])
					for q := 0; q < b; q++ {
						drow[q] += v * qrow[q]
					}
				}
			}
			mulLR(dst, Q, U, V)
		},
		mulT: func(dst, P *mat.Dense) {
			dst.Zero()
			_, b := P.Dims()
			for i := 0; i < o.Rows; i++ {
				prow := P.RawRowView(i)
				for t := o.rowPtr[i]; t < o.rowPtr[i+1]; t++ {
					v := sv[t]
					drow := dst.RawRowView(o.J[t])
					for q := 0; q < b; q++ {
						drow[q] += v * prow[q]
					}
				}
			}
			mulLR(dst, P, V, U)
		},
	}
}

// SoftImputeConfig configures SoftImpute.
type SoftImputeConfig struct {
	// Lambdas is the decreasing grid of penalties; nil: NLambda values
	// from lambda_max = sigma_1(P_Omega(A)) (where the solution is 0) down
	// to LambdaMinRatio lambda_max, evenly spaced on a log scale, without
	// lambda_max itself.
	Lambdas []float64
	// NLambda is the grid size. Default 10.
	NLambda int
	// LambdaMinRatio is the smallest lambda over lambda_max. Default 1e-3.
	LambdaMinRatio float64
	// MaxRank caps the rank of the iterates (the partial SVD's size).
	// Default min(rows, cols); small problems (min(rows, cols) <= 100)
	// use full SVDs whatever MaxRank. The path stops at the first lambda
	// whose fit reaches MaxRank.
	MaxRank int
	// Tol stops the iterations at one lambda when ||Z_new - Z||_F^2 /
	// ||Z||_F^2 <= Tol (Mazumder et al.'s criterion). Default 1e-9.
	Tol float64
	// MaxIter bounds the iterations per lambda. Default 500.
	MaxIter int
	// Refit adds, after the path, the rank-constrained refit of Refine
	// (the "debiased" completion). Its rank r and starting fit are those
	// with the largest spectral gap along the path: the largest ratio
	// (sigma_r + lambda) / (sigma_{r+1} + lambda) over the fits, sigma the
	// fit's singular values (shrunk by lambda, so sigma + lambda are the
	// singular values before thresholding; sigma_{rank+1} counts as 0).
	// Default false.
	Refit bool
	// AllowEmpty accepts empty rows and columns (they come out 0).
	AllowEmpty bool
	// Seed seeds the random start of the partial SVDs.
	Seed uint64
	// Progress, when set, is called after each lambda with (done, total).
	Progress featlab.Progress
}

// CompletionPath holds one completion per lambda, in grid order; Refit is
// the rank-constrained refit of the last one (nil unless asked for).
type CompletionPath struct {
	Lambdas []float64
	Fits    []*Completion
	Refit   *Completion
}

// Last returns the refit when there is one, else the fit at the smallest
// lambda; nil for an empty path (or a nil *CompletionPath).
func (p *CompletionPath) Last() *Completion {
	if p == nil {
		return nil
	}
	if p.Refit != nil {
		return p.Refit
	}
	if len(p.Fits) == 0 {
		return nil
	}
	return p.Fits[len(p.Fits)-1]
}

// SoftImpute is soft-impute (Mazumder, Hastie and Tibshirani 2010), the
// noisy form of eq. 11.26:
//
//	min_X (1/2) ||P_Omega(X - A)||_F^2 + lambda ||X||_*,
//
// solved for each lambda of a decreasing grid by the iteration
//
//	Z <- D_lambda(P_Omega(A) + P_Omega^perp(Z)),
//
// D the singular value thresholding operator, each lambda warm-started
// from the previous solution. The matrix inside D is sparse plus low rank,
// so large problems use a partial SVD (subspace iteration warm-started
// from the previous right singular vectors) of rank at most MaxRank; small
// ones a full SVD. As lambda -> 0 the solutions tend to the solution of
// 11.26. Every iteration's rank and nuclear norm are recorded (History).
//
// Memory: the observations (|Omega| values and indices, twice), one
// completion per lambda ((rows + cols) rank values each) and the partial
// SVD's blocks, (rows + cols) (rank + 5) values; small problems
// (min(rows, cols) <= 100) form dense rows x cols matrices for full SVDs,
// refused over featlab.DefaultMaxCells values (ErrTooLarge). A panicking
// Progress is returned as an error wrapping featlab.ErrPanic.
func SoftImpute(o *Observations, cfg SoftImputeConfig) (*SoftImputeResult, error) {
	return SoftImputeContext(context.Background(), o, cfg)
}

// SoftImputeContext is SoftImpute with cancellation: cancelled, it returns
// the fits finished so far (and the current one) with an error wrapping
// ctx.Err().
func SoftImputeContext(ctx context.Context, o *Observations, cfg SoftImputeConfig) (*SoftImputeResult, error) {
	if err := o.checkEmpty(cfg.AllowEmpty); err != nil {
		return nil, err
	}
	if cfg.NLambda < 0 || cfg.LambdaMinRatio < 0 || cfg.LambdaMinRatio >= 1 || cfg.MaxRank < 0 || cfg.Tol < 0 || cfg.MaxIter < 0 || math.IsNaN(cfg.Tol+cfg.LambdaMinRatio) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: NLambda = %d, LambdaMinRatio = %g (in [0, 1)), MaxRank = %d, Tol = %g, MaxIter = %d", cfg.NLambda, cfg.LambdaMinRatio, cfg.MaxRank, cfg.Tol, cfg.MaxIter)
	}
	for k, l := range cfg.Lambdas {
		if !(l >= 0) || math.IsInf(l, 0) || k > 0 && l > cfg.Lambdas[k-1] {
			return nil, featlab.Errorf(featlab.ErrParam, "sensing: Lambdas[%d] = %g: the grid must be finite, >= 0 and decreasing", k, l)
		}
	}
	// The grid (and one fit per lambda): refuse an NLambda whose grid
	// alone could not be stored before allocating anything (issue 20).
	if err := featlab.CheckCells("sensing: SoftImpute's lambda grid", "", cfg.NLambda, 1, 0); err != nil {
		return nil, err
	}
	if os, s := o.prescaled(); s != 1 {
		sc := cfg
		if cfg.Lambdas != nil {
			sc.Lambdas = make([]float64, len(cfg.Lambdas))
			for k, l := range cfg.Lambdas {
				sc.Lambdas[k] = l * s
			}
		}
		p, err := SoftImputeContext(ctx, os, sc)
		p.unscale(s)
		return p, err
	}
	nl := cfg.NLambda
	if nl == 0 {
		nl = 10
	}
	ratio := cfg.LambdaMinRatio
	if ratio == 0 {
		ratio = 1e-3
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-9
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 500
	}
	if allZero(o.V) {
		return &CompletionPath{Lambdas: []float64{0}, Fits: []*Completion{zeroCompletion(o)}}, nil
	}
	small := min(o.Rows, o.Cols) <= 100
	if small {
		if err := checkDense(o, "SoftImpute"); err != nil {
			return nil, err
		}
	}
	maxRank := cfg.MaxRank
	if maxRank == 0 || maxRank > min(o.Rows, o.Cols) {
		maxRank = min(o.Rows, o.Cols)
	}
	rng := seededRand(cfg.Seed, streamSoftImpute)
	sv := make([]float64, len(o.V))
	var an float64
	for _, v := range o.V {
		an += v * v
	}
	lambdas := cfg.Lambdas
	if lambdas == nil {
		copy(sv, o.V)
		_, s1, _ := topSV(o, sv, nil, nil, nil, 1, small, rng)
		lmax := s1[0]
		lambdas = make([]float64, nl)
		for k := range lambdas {
			lambdas[k] = lmax * math.Pow(ratio, float64(k+1)/float64(nl))
		}
	}
	path := &CompletionPath{Lambdas: lambdas}
	var U, V *mat.Dense
	var d []float64
	zo := make([]float64, len(o.V))
	for li, lam := range lambdas {
		fit := &Completion{Lambda: lam, rows: o.Rows, cols: o.Cols}
		fit.Tol = tol
		for it := 1; it <= maxIter; it++ {
			if err := ctx.Err(); err != nil {
				if U != nil {
					path.Fits = append(path.Fits, finishFit(o, fit, U, d, V))
				}
				return path, err
			}
			observedValues(o, U, d, V, zo)
			for t, v := range o.V {
				sv[t] = v - zo[t]
			}
			b := min(maxRank, len(d)+5)
			if len(d) >= maxRank {
				b = maxRank
			}
			Un, sn, Vn := topSV(o, sv, U, d, V, b, small, rng)
			Un, dn, Vn := keepAbove(Un, sn, Vn, lam)
			ch := frobChange(U, d, V, Un, dn, Vn)
			U, d, V = Un, dn, Vn
			fit.History = append(fit.History, CompletionStep{Rank: len(d), Nuclear: sum(d), Residual: relResidual(o, U, d, V), Change: ch})
			fit.Iterations = it
			fit.Gap = ch
			if ch <= tol {
				fit.Converged = true
				break
			}
		}
		path.Fits = append(path.Fits, finishFit(o, fit, U, d, V))
		if err := callProgress(cfg.Progress, li+1, len(lambdas)); err != nil {
			return path, err
		}
		if len(d) >= maxRank && li+1 < len(lambdas) {
			path.Lambdas = lambdas[:li+1]
			break // the rank cap is reached: smaller lambdas would exceed it
		}
	}
	if cfg.Refit {
		start, r := refitChoice(path.Fits)
		rf, err := RefineContext(ctx, o, start, RefineConfig{Rank: r})
		path.Refit = rf
		if err != nil {
			return path, err
		}
	}
	return path, nil
}

func finishFit(o *Observations, fit *Completion, U *mat.Dense, d []float64, V *mat.Dense) *Completion {
	c := newCompletion(o, U, d, V)
	if U == nil {
		c.U, c.V = mat.NewDense(o.Rows, 1, nil), mat.NewDense(o.Cols, 1, nil)
	}
	c.Lambda, c.History, c.Convergence = fit.Lambda, fit.History, fit.Convergence
	return c
}

// topSV returns the leading b singular triples of S + U diag(d) V^T.
func topSV(o *Observations, sv []float64, U *mat.Dense, d []float64, V *mat.Dense, b int, small bool, rng *rand.Rand) (*mat.Dense, []float64, *mat.Dense) {
	if small {
		X := mat.NewDense(o.Rows, o.Cols, nil)
		if len(d) > 0 {
			X = lowRankDense(U, d, V)
		}
		for t, v := range sv {
			X.Set(o.I[t], o.J[t], X.At(o.I[t], o.J[t])+v)
		}
		return fullSVD(X)
	}
	op := sparseLowRank(o, sv, U, d, V)
	return partialSVD(op, b, V, 1, rng)
}

// frobChange returns ||Z1 - Z0||_F^2 / ||Z0||_F^2 for two factored
// matrices (1 when Z0 = 0), computed from the factors.
func frobChange(U0 *mat.Dense, d0 []float64, V0 *mat.Dense, U1 *mat.Dense, d1 []float64, V1 *mat.Dense) float64 {
	n0 := dot(d0, d0)
	n1 := dot(d1, d1)
	if n0 == 0 {
		if n1 == 0 {
			return 0
		}
		return 1
	}
	if len(d1) == 0 {
		return 1
	}
	// <Z0, Z1> = tr(D0 U0^T U1 D1 V1^T V0)
	var A, B mat.Dense
	A.Mul(U0.T(), U1)
	B.Mul(V1.T(), V0)
	var cross float64
	for i := range d0 {
		for j := range d1 {
			cross += d0[i] * A.At(i, j) * d1[j] * B.At(j, i)
		}
	}
	return math.Max(0, n0+n1-2*cross) / n0
}

// refitChoice returns the fit and rank with the largest spectral gap along
// a soft-impute path (see SoftImputeConfig.Refit).
func refitChoice(fits []*Completion) (*Completion, int) {
	best, bf, br := 0.0, fits[len(fits)-1], max(1, fits[len(fits)-1].Rank)
	for _, f := range fits {
		for r := 1; r <= f.Rank; r++ {
			next := 0.0
			if r < f.Rank {
				next = f.Sigma[r]
			}
			if g := (f.Sigma[r-1] + f.Lambda) / (next + f.Lambda); g > best {
				best, bf, br = g, f, r
			}
		}
	}
	return bf, br
}
