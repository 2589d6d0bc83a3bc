package sensing

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// CompletionStep records one iteration of a matrix completion solver.
type CompletionStep struct {
	// Rank and Nuclear are the rank and nuclear norm (eq. 11.25) of the
	// iterate.
	Rank    int
	Nuclear float64
	// Residual is ||P_Omega(X - A)||_F / ||P_Omega(A)||_F.
	Residual float64
	// Change is the solver's stopping quantity (its doc says which).
	Change float64
}

// Completion is a completed matrix X = U diag(Sigma) V^T (rows x cols,
// rank len(Sigma)) with its convergence record.
type Completion struct {
	U, V  *mat.Dense
	Sigma []float64
	// Rank is len(Sigma); Nuclear is ||X||_* = sum(Sigma).
	Rank    int
	Nuclear float64
	// Residual is ||P_Omega(X - A)||_F / ||P_Omega(A)||_F on the observed
	// entries.
	Residual float64
	// Lambda is the penalty (SoftImpute) or Tau the threshold (SVT); 0 for
	// NuclearNorm.
	Lambda, Tau float64
	// History holds one record per iteration.
	History []CompletionStep
	// Dual (NuclearNorm only) is the dual certificate Y, zero off Omega,
	// and Certificate its check.
	Dual        *mat.Dense
	Certificate *Certificate
	featlab.Convergence
	rows, cols int
}

// The completion methods share the one Completion shape (SoftImpute a
// path of them); each method's name for it follows the library's
// Name/NameResult convention.
type (
	NuclearNormResult = Completion
	SVTResult         = Completion
	RefineResult      = Completion
	SoftImputeResult  = CompletionPath
)

// Matrix returns X as a dense matrix.
func (c *Completion) Matrix() *mat.Dense {
	if c.Rank == 0 {
		return mat.NewDense(c.rows, c.cols, nil)
	}
	return lowRankDense(c.U, c.Sigma, c.V)
}

// At returns X_ij without forming X. Indices outside the rows x cols
// matrix panic with a message naming them (a programmer error).
func (c *Completion) At(i, j int) float64 {
	if i < 0 || i >= c.rows || j < 0 || j >= c.cols {
		argPanic("Completion.At(%d, %d) outside the %d x %d matrix", i, j, c.rows, c.cols)
	}
	var t float64
	for k, s := range c.Sigma {
		t += c.U.At(i, k) * s * c.V.At(j, k)
	}
	return t
}

func newCompletion(o *Observations, U *mat.Dense, s []float64, V *mat.Dense) *Completion {
	c := &Completion{U: U, Sigma: s, V: V, Rank: len(s), Nuclear: sum(s), rows: o.Rows, cols: o.Cols}
	c.Residual = relResidual(o, U, s, V)
	return c
}

// observedValues returns X_ij on Omega for X = U diag(s) V^T.
func observedValues(o *Observations, U *mat.Dense, s []float64, V *mat.Dense, dst []float64) []float64 {
	if dst == nil {
		dst = make([]float64, len(o.V))
	}
	r := len(s)
	if r == 0 {
		clear(dst)
		return dst
	}
	ur, vr := U.RawMatrix(), V.RawMatrix()
	us := make([]float64, r)
	for i := 0; i < o.Rows; i++ {
		lo, hi := o.rowPtr[i], o.rowPtr[i+1]
		if lo == hi {
			continue
		}
		urow := ur.Data[i*ur.Stride : i*ur.Stride+r]
		for k := range us {
			us[k] = urow[k] * s[k]
		}
		for t := lo; t < hi; t++ {
			vrow := vr.Data[o.J[t]*vr.Stride : o.J[t]*vr.Stride+r]
			dst[t] = dot(us, vrow)
		}
	}
	return dst
}

func relResidual(o *Observations, U *mat.Dense, s []float64, V *mat.Dense) float64 {
	x := observedValues(o, U, s, V, nil)
	for t, v := range o.V {
		x[t] -= v
	}
	num, den := scaledNorm(x), scaledNorm(o.V)
	if den == 0 {
		return num
	}
	return num / den
}

// Certificate is the check of a dual certificate for eq. 11.26: X is
// optimal when it is feasible (X_ij = A_ij on Omega) and some Y, zero off
// Omega, is a subgradient of the nuclear norm at X, that is (with X = U S
// V^T its compact SVD of rank r)
//
//	U^T Y = V^T,  Y V = U  (P_T(Y) = U V^T),  ||(I - U U^T) Y (I - V V^T)||_2 <= 1.
type Certificate struct {
	Rank int
	// Feasibility is max |X_ij - A_ij| over Omega.
	Feasibility float64
	// OffSupport is max |Y_ij| off Omega.
	OffSupport float64
	// Tangent is ||P_T(Y) - U V^T||_F.
	Tangent float64
	// Normal is ||P_T^perp(Y)||_2, which must not exceed 1.
	Normal float64
	// Certified: Feasibility, OffSupport and Tangent <= Tol (relative to
	// max(1, max |A_ij|) for Feasibility) and Normal <= 1 + Tol.
	Certified bool
	Tol       float64
}

// CheckCertificate checks that Y proves X optimal for eq. 11.26 on the
// observations (see Certificate). The rank of X counts the singular values
// above RankTol sigma_1 (RankTol 1e-9 when 0). Small problems only (it
// takes dense SVDs).
func CheckCertificate(o *Observations, X, Y mat.Matrix, tol, rankTol float64) (*Certificate, error) {
	if err := o.checkEmpty(true); err != nil {
		return nil, err
	}
	for _, M := range []mat.Matrix{X, Y} {
		if err := featlab.CheckMatrix(M, nil); err != nil {
			return nil, err
		}
		if r, c := M.Dims(); r != o.Rows || c != o.Cols {
			return nil, featlab.Errorf(featlab.ErrShape, "sensing: a %dx%d matrix for %dx%d observations", r, c, o.Rows, o.Cols)
		}
	}
	if rankTol == 0 {
		rankTol = 1e-9
	}
	U, s, V := fullSVD(mat.DenseCopyOf(X))
	r := 0
	for r < len(s) && s[r] > rankTol*s[0] {
		r++
	}
	U = mat.DenseCopyOf(U.Slice(0, o.Rows, 0, max(r, 1)))
	V = mat.DenseCopyOf(V.Slice(0, o.Cols, 0, max(r, 1)))
	if r == 0 {
		U.Zero()
		V.Zero()
	}
	c := &Certificate{Rank: r, Tol: tol}
	scale := 1.0
	obs := make(map[[2]int]bool, len(o.V))
	for t, v := range o.V {
		scale = math.Max(scale, math.Abs(v))
		c.Feasibility = math.Max(c.Feasibility, math.Abs(X.At(o.I[t], o.J[t])-v))
		obs[[2]int{o.I[t], o.J[t]}] = true
	}
	for i := 0; i < o.Rows; i++ {
		for j := 0; j < o.Cols; j++ {
			if !obs[[2]int{i, j}] {
				c.OffSupport = math.Max(c.OffSupport, math.Abs(Y.At(i, j)))
			}
		}
	}
	Yd := mat.DenseCopyOf(Y)
	// P_T(Y) - U V^T = U U^T Y + Y V V^T - U U^T Y V V^T - U V^T
	var UtY, YV, PT, t1, UtYV, t2, t3 mat.Dense
	UtY.Mul(U.T(), Yd)
	YV.Mul(Yd, V)
	PT.Mul(U, &UtY)
	t1.Mul(&YV, V.T())
	PT.Add(&PT, &t1)
	UtYV.Mul(&UtY, V)
	t2.Mul(U, &UtYV)
	t3.Mul(&t2, V.T())
	PT.Sub(&PT, &t3)
	var UVt mat.Dense
	UVt.Mul(U, V.T())
	var D mat.Dense
	D.Sub(&PT, &UVt)
	c.Tangent = mat.Norm(&D, 2)
	var N mat.Dense
	N.Sub(Yd, &PT)
	_, ns, _ := fullSVD(&N)
	if len(ns) > 0 {
		c.Normal = ns[0]
	}
	c.Certified = c.Feasibility <= tol*scale && c.OffSupport <= tol && c.Tangent <= tol && c.Normal <= 1+tol
	return c, nil
}

// NuclearNormConfig configures NuclearNorm.
type NuclearNormConfig struct {
	// Tol stops ADMM when the primal residual ||P_Omega(X - A)||_F and the
	// dual residual are at most Tol max(1, ||P_Omega(A)||_F). Default 1e-10.
	Tol float64
	// MaxIter bounds the ADMM iterations. Default 20000.
	MaxIter int
	// AllowEmpty accepts rows or columns with no observed entry (they come
	// out 0, the minimum-nuclear-norm value). Default false: an error.
	AllowEmpty bool
	// CertTol is the tolerance of the certificate check. Default 1e-8.
	CertTol float64
}

// NuclearNorm solves eq. 11.26,
//
//	min ||X||_*  s.t.  X_ij = A_ij, (i, j) in Omega,
//
// to high accuracy for small problems (dense SVDs: up to a few hundred
// rows and columns), by ADMM (Boyd et al. 2011) on the split X = Z with Z
// in the affine set of matrices that agree with A on Omega:
//
//	X <- D_{1/rho}(Z - W),  Z <- X + W with Z_Omega = A_Omega,  W <- W + X - Z,
//
// D the singular value thresholding operator, rho adapted by residual
// balancing. -rho W is zero off Omega at every step and converges to a dual
// certificate; NuclearNorm refines it by least squares (the minimum-norm
// correction that makes P_T(Y) = U V^T exactly) and returns it as Dual with
// its check (Certificate). It is the problem Zhou says is solvable as an
// SDP; an SDP solver agrees to its own accuracy (see the package tests).
//
// Memory: about six dense rows x cols matrices (Z, Z - W, the iterate and
// the SVD's factors and work space); over featlab.DefaultMaxCells values
// each is refused with ErrTooLarge before any work.
func NuclearNorm(o *Observations, cfg NuclearNormConfig) (*NuclearNormResult, error) {
	return NuclearNormContext(context.Background(), o, cfg)
}

// NuclearNormContext is NuclearNorm with cancellation: cancelled, it
// returns the current iterate and an error wrapping ctx.Err().
func NuclearNormContext(ctx context.Context, o *Observations, cfg NuclearNormConfig) (*NuclearNormResult, error) {
	if err := o.checkEmpty(cfg.AllowEmpty); err != nil {
		return nil, err
	}
	if cfg.Tol < 0 || cfg.MaxIter < 0 || cfg.CertTol < 0 || math.IsNaN(cfg.Tol+cfg.CertTol) {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: Tol = %g, MaxIter = %d, CertTol = %g", cfg.Tol, cfg.MaxIter, cfg.CertTol)
	}
	if err := checkDense(o, "NuclearNorm"); err != nil {
		return nil, err
	}
	if os, s := o.prescaled(); s != 1 {
		c, err := NuclearNormContext(ctx, os, cfg)
		c.unscale(s)
		return c, err
	}
	if o.Rows*o.Cols > 1<<20 {
		return nil, featlab.Errorf(featlab.ErrParam, "sensing: NuclearNorm takes dense SVDs; %d x %d is too large (use SoftImpute)", o.Rows, o.Cols)
	}
	tol := cfg.Tol
	if tol == 0 {
		tol = 1e-10
	}
	maxIter := cfg.MaxIter
	if maxIter == 0 {
		maxIter = 20000
	}
	if allZero(o.V) {
		c := zeroCompletion(o)
		c.Dual = mat.NewDense(o.Rows, o.Cols, nil)
		c.Certificate = &Certificate{Certified: true, Tol: cfg.CertTol}
		return c, nil
	}
	certTol := cfg.CertTol
	if certTol == 0 {
		certTol = 1e-8
	}
	R, C := o.Rows, o.Cols
	Z := mat.NewDense(R, C, nil)
	for t, v := range o.V {
		Z.Set(o.I[t], o.J[t], v)
	}
	an := scaledNorm(o.V)
	W := make([]float64, len(o.V)) // scaled dual on Omega (zero elsewhere)
	_, s0, _ := fullSVD(mat.DenseCopyOf(Z))
	rho := 1 / math.Max(0.1*s0[0], 1e-300)
	thr := tol * math.Max(1, an)
	res := &Completion{rows: R, cols: C}
	res.Tol = tol
	T := mat.NewDense(R, C, nil)
	var U, V *mat.Dense
	var s []float64
	xo := make([]float64, len(o.V))
	var ctxErr error
	for it := 1; it <= maxIter; it++ {
		if ctxErr = ctx.Err(); ctxErr != nil {
			break
		}
		T.Copy(Z)
		for t, w := range W {
			T.Set(o.I[t], o.J[t], T.At(o.I[t], o.J[t])-w)
		}
		Uf, sf, Vf := fullSVD(T)
		U, s, V = keepAbove(Uf, sf, Vf, 1/rho)
		// Z off Omega becomes X (W is zero there); on Omega it is A.
		var X *mat.Dense
		if len(s) > 0 {
			X = lowRankDense(U, s, V)
		} else {
			X = mat.NewDense(R, C, nil)
		}
		var dz float64
		for i := 0; i < R; i++ {
			for j := 0; j < C; j++ {
				v := X.At(i, j)
				d := v - Z.At(i, j)
				dz += d * d
				Z.Set(i, j, v)
			}
		}
		for t, v := range o.V {
			xv := X.At(o.I[t], o.J[t])
			Z.Set(o.I[t], o.J[t], v)
			d := xv - v
			// dz above compared X with old Z everywhere; on Omega Z does
			// not change, so remove that part.
			dz -= d * d
			xo[t] = d
			W[t] += d
		}
		pr := scaledNorm(xo) // ||P_Omega(X - A)||, without overflow of the squares
		dr := rho * math.Sqrt(math.Max(dz, 0))
		res.History = append(res.History, CompletionStep{Rank: len(s), Nuclear: sum(s), Residual: pr / math.Max(an, 1e-300), Change: math.Max(pr, dr)})
		res.Iterations = it
		res.Gap = math.Max(pr, dr) / math.Max(1, an)
		if pr <= thr && dr <= thr {
			res.Converged = true
			break
		}
		if it%10 == 0 {
			if pr > 10*dr {
				rho *= 2
				for t := range W {
					W[t] /= 2
				}
			} else if dr > 10*pr {
				rho /= 2
				for t := range W {
					W[t] *= 2
				}
			}
		}
	}
	if len(s) == 0 {
		U, V = mat.NewDense(R, 1, nil), mat.NewDense(C, 1, nil)
		s = nil
	}
	c := newCompletion(o, U, s, V)
	c.History, c.Convergence = res.History, res.Convergence
	Y := mat.NewDense(R, C, nil)
	for t, w := range W {
		Y.Set(o.I[t], o.J[t], -rho*w)
	}
	if len(s) > 0 {
		refineDual(o, U, V, Y)
	}
	c.Dual = Y
	X := c.Matrix()
	cert, err := CheckCertificate(o, X, Y, certTol, 0)
	if err != nil {
		return c, err
	}
	c.Certificate = cert
	return c, ctxErr
}

// refineDual replaces Y (zero off Omega) by Y + delta, delta zero off
// Omega, the minimum-norm correction with U^T (Y+delta) = V^T and
// (Y+delta) V = U, when the linear system is small enough for a dense SVD.
func refineDual(o *Observations, U, V, Y *mat.Dense) {
	_, r := U.Dims()
	R, C := o.Rows, o.Cols
	neq := r * (R + C)
	nv := len(o.V)
	if neq*nv > 4e6 {
		return
	}
	A := mat.NewDense(neq, nv, nil)
	for t := range o.V {
		i, j := o.I[t], o.J[t]
		for k := 0; k < r; k++ {
			A.Set(k*C+j, t, U.At(i, k))
			A.Set(r*C+i*r+k, t, V.At(j, k))
		}
	}
	b := make([]float64, neq)
	for k := 0; k < r; k++ {
		for j := 0; j < C; j++ {
			b[k*C+j] = V.At(j, k)
		}
		for i := 0; i < R; i++ {
			b[r*C+i*r+k] = U.At(i, k)
		}
	}
	y0 := make([]float64, nv)
	for t := range o.V {
		y0[t] = Y.At(o.I[t], o.J[t])
	}
	var Ay mat.VecDense
	Ay.MulVec(A, mat.NewVecDense(nv, y0))
	rhs := mat.NewVecDense(neq, nil)
	for q := range b {
		rhs.SetVec(q, b[q]-Ay.AtVec(q))
	}
	var svd mat.SVD
	if !svd.Factorize(A, mat.SVDThin) {
		return
	}
	sv := svd.Values(nil)
	var Us, Vs mat.Dense
	svd.UTo(&Us)
	svd.VTo(&Vs)
	var utb mat.VecDense
	utb.MulVec(Us.T(), rhs)
	for q, v := range sv {
		if v > 1e-10*sv[0] {
			utb.SetVec(q, utb.AtVec(q)/v)
		} else {
			utb.SetVec(q, 0)
		}
	}
	var delta mat.VecDense
	delta.MulVec(&Vs, &utb)
	for t := range o.V {
		Y.Set(o.I[t], o.J[t], y0[t]+delta.AtVec(t))
	}
}

func seededRand(seed uint64, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream))
}

// MissingError returns ||P_Omega^perp(X - M)||_F / ||P_Omega^perp(M)||_F,
// the relative error of a completion X on the entries that were not
// observed, against the true matrix M (rows x cols). A nil argument, or c
// or M of another shape than o, panics with a message naming it (a
// programmer error).
func MissingError(o *Observations, c *Completion, M mat.Matrix) float64 {
	if o == nil || c == nil || featlab.IsNil(M) {
		argPanic("MissingError: nil argument (Observations %v, Completion %v, M %v)", o != nil, c != nil, !featlab.IsNil(M))
	}
	r, cc := M.Dims()
	if r != o.Rows || cc != o.Cols || c.rows != o.Rows || c.cols != o.Cols {
		argPanic("MissingError: Observations are %d x %d, Completion %d x %d, M %d x %d", o.Rows, o.Cols, c.rows, c.cols, r, cc)
	}
	seen := make([]bool, r*cc)
	for t := range o.V {
		seen[o.I[t]*cc+o.J[t]] = true
	}
	X := c.Matrix()
	var num, den float64
	for i := 0; i < r; i++ {
		for j := 0; j < cc; j++ {
			if seen[i*cc+j] {
				continue
			}
			d := X.At(i, j) - M.At(i, j)
			num += d * d
			den += M.At(i, j) * M.At(i, j)
		}
	}
	if den == 0 {
		return math.Sqrt(num)
	}
	return math.Sqrt(num / den)
}

// zeroCompletion is the answer of every solver when all observed entries
// are 0: X = 0 (rank 0, nuclear norm 0), converged at once.
func zeroCompletion(o *Observations) *Completion {
	c := &Completion{U: mat.NewDense(o.Rows, 1, nil), V: mat.NewDense(o.Cols, 1, nil), rows: o.Rows, cols: o.Cols}
	c.Converged = true
	return c
}

func allZero(v []float64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}
