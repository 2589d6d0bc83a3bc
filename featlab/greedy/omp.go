package greedy

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Rule is the criterion OMP maximises to choose the next feature.
type Rule int

const (
	// Exact is the book's criterion (Example 25.2):
	// <u_j, y>^2 / ||u_j||^2, the decrease of the residual sum of squares
	// obtained by adding feature j and refitting. OMP with this rule is
	// exact forward greedy selection for least squares.
	Exact Rule = iota
	// Correlation is the classic OMP criterion |<X_j, r>| = |<u_j, y>|
	// (scikit-learn's OrthogonalMatchingPursuit, orthogonal_mp_gram, and
	// batch OMP of Rubinstein et al.); with Normalize it is
	// |<X_j, r>| / ||X_j||.
	Correlation
)

// String names the rule.
func (r Rule) String() string {
	switch r {
	case Exact:
		return "exact"
	case Correlation:
		return "correlation"
	}
	return fmt.Sprintf("Rule(%d)", int(r))
}

// DependenceTol is the threshold below which a column counts as lying in
// the span of the chosen ones, the floating-point reading of the book's
// condition ||u_j|| > 0: a column is eligible only when
// ||u_j||^2 > DependenceTol * ||X_j||^2 (the sine of its angle to the span
// exceeds 1e-6). An all-zero column is never eligible, so a duplicate or
// a zero column is never chosen and nothing is divided by zero.
const DependenceTol = 1e-12

// orthTol: a residual whose correlation with every eligible column is at
// most orthTol * ||y|| * ||X_j|| counts as orthogonal to all of them.
const orthTol = 1e-13

// OMPConfig configures OMP, OMPTextbook and OMPBatch. The zero value is
// the book's OMP with scikit-learn's default budget, no intercept.
//
// Against scikit-learn 1.2's OrthogonalMatchingPursuit(n_nonzero_coefs=T,
// tol=Tol, fit_intercept, normalize): set Rule: Correlation and
// Intercept: true (scikit-learn's default fit_intercept=True; ours is
// false, the texts' form); scikit-learn's normalize defaults to False, as
// Normalize does here.
type OMPConfig struct {
	// T is the budget of features. Default (0): max(floor(d/10), 1) when
	// Tol is 0 (scikit-learn's default), no budget when Tol > 0. A budget
	// above d or above the rank of X is not an error: the run stops early
	// and Stop says why.
	T int
	// Tol > 0 stops as soon as the residual sum of squares
	// ||y - Xw - b||^2 is at most Tol (scikit-learn's tol, which is a
	// squared norm despite its doc string). Default 0: no such test.
	Tol float64
	// Rule is the selection criterion. Default Exact (the book's).
	Rule Rule
	// Intercept fits an unpenalised intercept by centring X and y (the
	// criterion then works on the centred columns). Default false.
	Intercept bool
	// Normalize divides the (centred) columns by their norms for the
	// Correlation rule, as scikit-learn's deprecated normalize=True did
	// (scikit-learn applied it only with fit_intercept=True; here it
	// applies with or without Intercept). Coefficients are reported in
	// the original units. The Exact rule is
	// invariant to column scaling, so Normalize changes nothing there.
	// Default false.
	Normalize bool
	// Names names the d features. Default x1..xd.
	Names []string
	// Workers bounds the goroutines of OMPTextbook and OMPBatch (0: all
	// cores); OMP runs on one, its pass over X being memory-bound. Results
	// are identical for every value.
	Workers int
	// Progress, when non-nil, receives (signals coded, total) from
	// OMPBatch; OMP and OMPTextbook, which take one signal, ignore it.
	Progress featlab.Progress
	// Trace records in every round the criterion of every feature
	// (OMPRound.Scores); OMPBatch ignores it. Default false.
	Trace bool
}

// StopReason says why an OMP run ended.
type StopReason int

const (
	// StopBudget: T features were chosen.
	StopBudget StopReason = iota
	// StopTol: the residual sum of squares reached Tol.
	StopTol
	// StopDependent: no remaining column has ||u_j|| > 0 (all lie in the
	// span of the chosen ones, or are zero): the budget exceeded the rank
	// of X, or d.
	StopDependent
	// StopOrthogonal: the residual is orthogonal to every eligible column
	// (y lies in the span of the chosen ones), so no column decreases the
	// risk.
	StopOrthogonal
)

// String describes the reason.
func (s StopReason) String() string {
	switch s {
	case StopBudget:
		return "budget T reached"
	case StopTol:
		return "residual sum of squares <= Tol"
	case StopDependent:
		return "no remaining column has ||u_j|| > 0 (budget exceeds the rank or d)"
	case StopOrthogonal:
		return "residual orthogonal to every remaining column"
	}
	return fmt.Sprintf("StopReason(%d)", int(s))
}

// OMPRound is one round of OMP.
type OMPRound struct {
	Feature int    // the feature added, j_t
	Name    string // its name
	// Criterion is the rule's value for j_t: <u_j, y>^2/||u_j||^2 (Exact),
	// |<X_j, r>| (Correlation; divided by ||X_j|| with Normalize).
	Criterion float64
	// Gain = <u_j, y>^2/||u_j||^2, the decrease of the residual sum of
	// squares in this round (equal to Criterion under Exact).
	Gain float64
	// Residual is ||y - X w_t - b_t|| after the round (a norm, not squared).
	Residual float64
	// Theta is theta_t = V_t^T y, the coordinates of the fit in the
	// Gram-Schmidt basis V_t of the chosen columns (in entry order, with
	// positive diagonal). Its last entry is <u_j, y>/||u_j||; the book
	// prints <u_j, y>/||u_j||^2 there, which is the coefficient of u_j
	// itself, not of the unit column u_j/||u_j|| that V_t gets.
	Theta []float64
	// Coef is the least-squares fit on the first t chosen features, in
	// entry order; Intercept its intercept (0 without Intercept).
	Coef      []float64
	Intercept float64
	// Scores (with Trace) holds every feature's criterion before the
	// choice; NaN for chosen or ineligible features.
	Scores []float64
}

// OMPResult is the outcome of OMP or OMPTextbook.
type OMPResult struct {
	Method    string
	Names     []string
	Rule      Rule
	Coef      []float64 // d weights, zero off the support
	Intercept float64
	Support   []int      // chosen features in order of entry
	Rounds    []OMPRound // one per chosen feature
	RSS       float64    // final residual sum of squares ||y - Xw - b||^2
	Stop      StopReason // why the run ended
	// Convergence: Iterations is the number of rounds (= len(Support)),
	// Gap the final RSS, Tol the Tol asked for; Converged reports that the
	// run ended as asked: RSS <= Tol when Tol > 0, otherwise T features
	// chosen or y fitted exactly (StopBudget, StopOrthogonal). A budget
	// that exceeded the rank (StopDependent) leaves it false.
	featlab.Convergence
}

// Selection returns the chosen features in order of entry with one "add"
// step per round whose Score is the residual sum of squares after it.
func (r *OMPResult) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.Method, r.Names, append([]int(nil), r.Support...))
	for t, rd := range r.Rounds {
		s.History = append(s.History, featlab.Step{
			Action: "add", Feature: rd.Feature, Name: rd.Name,
			Score: rd.Residual * rd.Residual, Subset: append([]int(nil), r.Support[:t+1]...),
		})
	}
	return s
}

// checkConfig validates cfg against d features and returns the budget.
func (cfg *OMPConfig) check(fn string, m, d int) (names []string, T int, err error) {
	if cfg.T < 0 {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "greedy.%s: budget T = %d is negative", fn, cfg.T)
	}
	if math.IsNaN(cfg.Tol) || math.IsInf(cfg.Tol, 0) || cfg.Tol < 0 {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "greedy.%s: Tol = %v must be finite and >= 0", fn, cfg.Tol)
	}
	if cfg.Rule != Exact && cfg.Rule != Correlation {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "greedy.%s: unknown Rule %d", fn, int(cfg.Rule))
	}
	names = cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	} else if len(names) != d {
		return nil, 0, featlab.Errorf(featlab.ErrShape, "greedy.%s: %d names for %d features", fn, len(names), d)
	}
	T = cfg.T
	if T == 0 {
		if cfg.Tol > 0 {
			T = d
		} else {
			T = max(d/10, 1)
		}
	}
	return names, T, nil
}

// ompDesign is the shared design core (internal/design: one pass for the
// column means, centred norms and Xc^T y; implicit centring; constant and
// overflowing columns detected) with the means as a slice even without an
// intercept.
type ompDesign struct {
	*design.Design
	mean []float64 // column means (zeros without intercept)
}

func newOMPDesign(X mat.Matrix, y []float64, intercept bool) (*ompDesign, error) {
	ds, err := design.New(X, y, intercept)
	if err != nil {
		return nil, err
	}
	mean := ds.XMean
	if mean == nil {
		mean = make([]float64, ds.D)
	}
	return &ompDesign{Design: ds, mean: mean}, nil
}

func checkXY(fn string, X mat.Matrix, y []float64) (m, d int, err error) {
	if featlab.IsNil(X) {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "greedy.%s: nil matrix", fn)
	}
	m, d = X.Dims()
	if m == 0 || d == 0 {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "greedy.%s: matrix is %dx%d", fn, m, d)
	}
	if len(y) != m {
		return 0, 0, featlab.Errorf(featlab.ErrShape, "greedy.%s: X has %d rows but y has %d values", fn, m, len(y))
	}
	if err := featlab.CheckVector(y, "target"); err != nil {
		return 0, 0, fmt.Errorf("greedy.%s: %w", fn, err)
	}
	return m, d, nil
}

// OMP runs Orthogonal Matching Pursuit (Shalev-Shwartz & Ben-David,
// Example 25.2): starting from I = {}, each round adds the feature that
// maximises cfg.Rule over the columns with ||u_j|| > 0, where
// u_j = X_j - V V^T X_j is the part of column j orthogonal to the chosen
// ones, and refits least squares on the chosen set,
//
//	w_t = argmin_{supp(w) = I_t} ||y - X w||^2      (centred with Intercept).
//
// With the default Exact rule this is exact forward greedy selection for
// least squares and chooses the same features in the same order as
// OMPTextbook and Forward. With Rule: Correlation and Intercept: true it is
// scikit-learn's OrthogonalMatchingPursuit(n_nonzero_coefs=T, tol=Tol).
//
// The implementation never forms the u_j: it keeps an orthonormal basis V
// of the chosen columns (classical Gram-Schmidt applied twice, which is
// as accurate as Householder QR for the columns it accepts) and updates
// for every j the two numbers the criteria need, <u_j, y> and ||u_j||^2,
// with the row q = X^T v of the newest basis vector:
//
//	<u_j, y> -= q_j theta_t,   ||u_j||^2 -= q_j^2.
//
// A round costs one pass over X (O(md)) plus O(mt); no Gram matrix is
// formed. The statistics of X (means, centred norms, Xc^T y) come from
// the shared design core in one pass, with implicit centring. The stopping rules, in order: budget T, Tol on the
// residual sum of squares, no eligible column left (see DependenceTol),
// residual orthogonal to every eligible column. Stop records which.
//
// Errors: nil or empty X, NaN/Inf in X or y, len(y) != rows of X, negative
// T or Tol, unknown Rule, len(Names) != d.
//
// Scale: X whose entries lie far outside the ordinary range (1e+-300) is
// multiplied internally by an exact power of two, so OMP, OMPTextbook,
// Forward and Backward choose the features they choose on the unscaled
// data; coefficients are scaled back (an overflow is ErrNotFinite).
func OMP(X mat.Matrix, y []float64, cfg OMPConfig) (*OMPResult, error) {
	if Xs, s := prescaled(X); s != 1 {
		res, err := OMP(Xs, y, cfg)
		if res != nil {
			if uerr := res.unscale(s, cfg.Rule == Correlation && !cfg.Normalize); uerr != nil && err == nil {
				return nil, uerr
			}
		}
		return res, err
	}
	m, d, err := checkXY("OMP", X, y)
	if err != nil {
		return nil, err
	}
	names, T, err := cfg.check("OMP", m, d)
	if err != nil {
		return nil, err
	}
	ds, err := newOMPDesign(X, y, cfg.Intercept)
	if err != nil {
		return nil, fmt.Errorf("greedy.OMP: %w", err)
	}
	return ompRun(ds, names, T, cfg), nil
}

// ompRun is OMP on a prepared design (the data's, or the pseudo-design of
// OMPFromStats).
func ompRun(ds *ompDesign, names []string, T int, cfg OMPConfig) *OMPResult {
	m, d := ds.M, ds.D
	res := &OMPResult{Method: ompMethod("OMP", cfg), Names: names, Rule: cfg.Rule, Coef: make([]float64, d)}
	res.Tol = cfg.Tol

	c := append([]float64(nil), ds.XtY...)    // <u_j, y> = <Xc_j, r>
	n2 := append([]float64(nil), ds.Norm2...) // ||u_j||^2
	eligible := make([]bool, d)
	for j := range eligible {
		eligible[j] = ds.Norm2[j] > 0
	}
	r := append([]float64(nil), ds.Y...)
	var yy float64
	for _, v := range r {
		yy += v * v
	}
	ynorm := math.Sqrt(yy)
	var V [][]float64 // orthonormal basis, one slice of length m per column
	var R [][]float64 // R[t] = column t of the upper triangular factor (length t+1)
	var theta []float64
	u := make([]float64, m)
	q := make([]float64, d)
	h := make([]float64, 0, min(T, d)) // the support never exceeds d: a larger T allocates nothing more
	rss := yy
	res.Stop = StopBudget
	if cfg.Tol > 0 && rss <= cfg.Tol {
		res.Stop = StopTol
	}
	for len(res.Support) < T && !(cfg.Tol > 0 && rss <= cfg.Tol) {
		var scores []float64
		if cfg.Trace {
			scores = make([]float64, d)
		}
		jt, crit, any := -1, 0.0, false
		for j := 0; j < d; j++ {
			if !eligible[j] || n2[j] <= DependenceTol*ds.Norm2[j] {
				if scores != nil {
					scores[j] = math.NaN()
				}
				continue
			}
			any = true
			v := criterion(cfg.Rule, cfg.Normalize, c[j], n2[j], ds.Norm2[j])
			if scores != nil {
				scores[j] = v
			}
			if jt < 0 || v > crit {
				jt, crit = j, v
			}
		}
		if !any {
			res.Stop = StopDependent
			break
		}
		if math.Abs(c[jt]) <= orthTol*ynorm*math.Sqrt(ds.Norm2[jt]) {
			res.Stop = StopOrthogonal
			break
		}
		// u = Xc_jt - V V^T Xc_jt, twice; h accumulates V^T Xc_jt.
		ds.Column(u, jt)
		h = h[:len(V)]
		for k := range h {
			h[k] = 0
		}
		for pass := 0; pass < 2; pass++ {
			for k, vk := range V {
				a := blas64.Dot(blas64.Vector{N: m, Inc: 1, Data: vk}, blas64.Vector{N: m, Inc: 1, Data: u})
				h[k] += a
				blas64.Axpy(-a, blas64.Vector{N: m, Inc: 1, Data: vk}, blas64.Vector{N: m, Inc: 1, Data: u})
			}
		}
		nu := blas64.Nrm2(blas64.Vector{N: m, Inc: 1, Data: u})
		if nu*nu <= DependenceTol*ds.Norm2[jt] {
			// The running ||u_j||^2 was optimistic: jt lies in the span.
			eligible[jt] = false
			continue
		}
		v := make([]float64, m)
		for i := range v {
			v[i] = u[i] / nu
		}
		th := blas64.Dot(blas64.Vector{N: m, Inc: 1, Data: v}, blas64.Vector{N: m, Inc: 1, Data: ds.Y})
		ds.MulTVec(q, v)
		for j := 0; j < d; j++ {
			c[j] -= q[j] * th
			n2[j] -= q[j] * q[j]
		}
		blas64.Axpy(-th, blas64.Vector{N: m, Inc: 1, Data: v}, blas64.Vector{N: m, Inc: 1, Data: r})
		eligible[jt] = false
		V = append(V, v)
		R = append(R, append(append([]float64(nil), h...), nu))
		theta = append(theta, th)
		res.Support = append(res.Support, jt)
		rn := blas64.Nrm2(blas64.Vector{N: m, Inc: 1, Data: r})
		rss = rn * rn
		w := backSolve(R, theta)
		res.Rounds = append(res.Rounds, OMPRound{
			Feature: jt, Name: names[jt], Criterion: crit, Gain: th * th, Residual: rn,
			Theta: append([]float64(nil), theta...), Coef: w, Intercept: ds.intercept(res.Support, w), Scores: scores,
		})
		if cfg.Tol > 0 && rss <= cfg.Tol {
			res.Stop = StopTol
		}
	}
	res.finish(ds, rss)
	return res
}

// criterion evaluates a rule from <u_j, y>, ||u_j||^2 and ||X_j||^2.
func criterion(rule Rule, normalize bool, c, n2, norm2 float64) float64 {
	if rule == Exact {
		return c * c / n2
	}
	if normalize {
		return math.Abs(c) / math.Sqrt(norm2)
	}
	return math.Abs(c)
}

// backSolve solves R w = theta for the upper triangular R stored by
// columns (R[k] is column k, length k+1).
func backSolve(R [][]float64, theta []float64) []float64 {
	t := len(theta)
	w := append([]float64(nil), theta...)
	for k := t - 1; k >= 0; k-- {
		w[k] /= R[k][k]
		for i := 0; i < k; i++ {
			w[i] -= R[k][i] * w[k]
		}
	}
	return w
}

func (ds *ompDesign) intercept(support []int, w []float64) float64 {
	b := ds.YMean
	for k, j := range support {
		b -= ds.mean[j] * w[k]
	}
	return b
}

func (res *OMPResult) finish(ds *ompDesign, rss float64) {
	res.RSS = rss
	res.Iterations = len(res.Support)
	res.Gap = rss
	if res.Stop == StopTol {
		res.Converged = true
	} else if res.Tol == 0 {
		res.Converged = res.Stop == StopBudget || res.Stop == StopOrthogonal
	}
	res.Intercept = ds.YMean
	if n := len(res.Rounds); n > 0 {
		last := res.Rounds[n-1]
		for k, j := range res.Support {
			res.Coef[j] = last.Coef[k]
		}
		res.Intercept = last.Intercept
	}
}

func ompMethod(name string, cfg OMPConfig) string {
	s := fmt.Sprintf("%s (%s rule", name, cfg.Rule)
	if cfg.Intercept {
		s += ", intercept"
	}
	if cfg.Normalize && cfg.Rule == Correlation {
		s += ", normalized"
	}
	return s + ")"
}
