package sensing

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// ErrInfeasible is wrapped by the errors of exact recovery when no s
// satisfies A s = y (y outside the range of A: inconsistent constraints).
// Those errors also wrap featlab.ErrParam: exact recovery is the wrong
// method for such data (BPDN is the one for noisy measurements).
var ErrInfeasible = errors.New("infeasible: no s with A s = y")

func infeasible(format string, args ...any) error {
	return fmt.Errorf("featlab: sensing: %s: %w (%w)", fmt.Sprintf(format, args...), ErrInfeasible, featlab.ErrParam)
}

// Result is a sparse recovery: the coefficients s, their support and how
// well they explain the measurements. Iterative methods fill Convergence.
type Result struct {
	// Method names the algorithm, e.g. "basis pursuit".
	Method string
	// Coef is the recovered s (length m); x = Psi s.
	Coef []float64
	// Support lists the indices of the nonzero entries of Coef, increasing.
	Support []int
	// Residual is ||A s - y||_2.
	Residual float64
	// L1 is ||s||_1.
	L1 float64
	// Dual is, for basis pursuit, the dual certificate v (length n): a
	// solution of max y.v s.t. ||A^T v||_inf <= 1. s is optimal for eq.
	// 11.23 when A s = y, ||A^T v||_inf <= 1 and y.v = ||s||_1. Nil for the
	// other methods.
	Dual []float64
	// DualInfeas is max(0, ||A^T v||_inf - 1) and DualGap is
	// |y.v - ||s||_1| / max(1, ||s||_1); both 0 up to rounding when the
	// certificate proves optimality. Basis pursuit only.
	DualInfeas, DualGap float64
	// Note records documented behaviour worth knowing (for example n >= m:
	// not compressed sensing).
	Note string
	// Names are the names of the m coefficients (nil: x1..xm).
	Names []string
	featlab.Convergence
}

// The results of the recovery methods share the one Result shape; each
// method's name for it follows the library's Name/NameResult convention.
type (
	BasisPursuitResult = Result
	BPDNResult         = Result
	OMPResult          = Result
	IHTResult          = Result
	LeastNormResult    = Result
)

// Selection returns the support as a featlab.Selection over the m
// coefficients, with |s_j| as scores.
func (r *Result) Selection() *featlab.Selection {
	names := r.Names
	if names == nil {
		names = featlab.DefaultNames(len(r.Coef))
	}
	s := featlab.NewSelection(r.Method, names, append([]int(nil), r.Support...))
	s.Scores = make([]float64, len(r.Coef))
	for j, v := range r.Coef {
		s.Scores[j] = math.Abs(v)
	}
	return s
}

// String prints a one-line summary.
func (r *Result) String() string {
	return fmt.Sprintf("%s: |support| = %d, ||s||_1 = %.6g, ||As - y|| = %.3g", r.Method, len(r.Support), r.L1, r.Residual)
}

// problem is a validated recovery problem: A (n x m) with its transpose
// stored row-major so that column j of A is the contiguous row j of at.
type problem struct {
	n, m int
	a    *mat.Dense // n x m
	at   []float64  // m x n, row j = column j of A
	y    []float64
	ynrm float64
	note string
	// scale is the exact power of two A was multiplied by (1 for data in
	// the ordinary range, see matx.Prescale): the solvers work on scale A,
	// whose coefficients are s / scale; finish multiplies them back.
	scale float64
}

func newProblem(A mat.Matrix, y []float64, names []string) (*problem, error) {
	return newProblemContext(context.Background(), A, y, names)
}

// setupLookElems is about how many entries of A the set-up copies between
// two looks at its context (a few milliseconds of work).
const setupLookElems = 1 << 20

// newProblemContext checks A and y and builds the problem: a copy of A
// scaled by an exact power of two (matx.Pow2Scale) and its transpose.
// On a large A that is seconds of work (40000 x 400: two passes over 128
// MB), so it looks at ctx after every setupLookElems entries copied (never
// before the first: a small A is built without a look) and returns an
// error wrapping ctx.Err() when cancelled.
func newProblemContext(ctx context.Context, A mat.Matrix, y []float64, names []string) (*problem, error) {
	if featlab.IsNil(A) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "sensing: nil matrix A")
	}
	n, m, err := featlab.CheckXY(A, y, names)
	if err != nil {
		return nil, err
	}
	every := max(1, setupLookElems/m) // rows between two looks
	look := func(i int, what string) error {
		if i > 0 && i%every == 0 {
			if err := ctx.Err(); err != nil {
				return featlab.Errorf(err, "sensing: cancelled while %s (row %d of %d)", what, i, n)
			}
		}
		return nil
	}
	src := matx.RowMajor(A)
	// the two n x m tables are allocated where a cancel is seen (an
	// allocation of 128 MB waited seconds on a loaded machine)
	data, err := matx.MakeContext(ctx, n*m)
	if err != nil {
		return nil, featlab.Errorf(err, "sensing: cancelled while allocating a copy of A")
	}
	p := &problem{n: n, m: m, a: mat.NewDense(n, m, data), y: y}
	big := 0.0
	for i := 0; i < n; i++ {
		if err := look(i, "copying A"); err != nil {
			return nil, err
		}
		dst := p.a.RawRowView(i)
		copy(dst, matx.Row(src, i))
		for _, v := range dst {
			if a := math.Abs(v); a > big {
				big = a
			}
		}
	}
	// the exact power-of-two scale of matx.ScaleInPlace
	p.scale = matx.Pow2Scale(big)
	if p.at, err = matx.MakeContext(ctx, m*n); err != nil {
		return nil, featlab.Errorf(err, "sensing: cancelled while allocating the transpose of A")
	}
	for i := 0; i < n; i++ {
		if err := look(i, "transposing A"); err != nil {
			return nil, err
		}
		row := p.a.RawRowView(i)
		if p.scale != 1 {
			for j := range row {
				row[j] *= p.scale
			}
		}
		for j, v := range row {
			p.at[j*n+i] = v
		}
	}
	for _, v := range y {
		p.ynrm += v * v
	}
	p.ynrm = math.Sqrt(p.ynrm)
	if n >= m {
		p.note = fmt.Sprintf("n = %d measurements >= m = %d unknowns: an (over)determined system, not compressed sensing; solved anyway", n, m)
	}
	return p, nil
}

// finite returns an error wrapping featlab.ErrNotFinite when the result
// overflowed (data near the float64 limits: rescale A or y).
func (p *problem) finite(r *Result) error {
	if math.IsNaN(r.Residual) || math.IsInf(r.Residual, 0) || math.IsNaN(r.L1) || math.IsInf(r.L1, 0) {
		return featlab.Errorf(featlab.ErrNotFinite, "sensing: %s: the solution or its residual overflows float64 (||s||_1 = %v, residual %v); rescale A or y", r.Method, r.L1, r.Residual)
	}
	for j, v := range r.Coef {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "sensing: %s: coefficient %d is %v (overflow); rescale A or y", r.Method, j, v)
		}
	}
	return nil
}

func (p *problem) col(j int) []float64 { return p.at[j*p.n : (j+1)*p.n] }

// residual returns ||A s - y|| for a full s.
func (p *problem) residual(s []float64) float64 {
	r := make([]float64, p.n)
	copy(r, p.y)
	for j, v := range s {
		if v != 0 {
			c := p.col(j)
			for i := range r {
				r[i] -= v * c[i]
			}
		}
	}
	var t float64
	for _, v := range r {
		t += v * v
	}
	return math.Sqrt(t)
}

// finish builds the result from s, the coefficients on the scaled A (the
// residual is the same on both), and returns the coefficients on A.
func (p *problem) finish(method string, s []float64, names []string) *Result {
	r := &Result{Method: method, Coef: s, Names: names, Note: p.note}
	r.Residual = p.residual(s)
	matx.Unscale(s, p.scale) // overflow is reported by finite
	for j, v := range s {
		if v != 0 {
			r.Support = append(r.Support, j)
			r.L1 += math.Abs(v)
		}
	}
	return r
}
