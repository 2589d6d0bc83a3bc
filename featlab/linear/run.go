package linear

import (
	"context"
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// monitor carries a fit's context and progress callback. It reports
// progress (never backwards), turns a panic in the callback into an error
// wrapping featlab.ErrPanic and a finished context into an error wrapping
// ctx.Err(); once either happened, stop reports true and the solver
// returns the point it has. A nil *monitor does nothing.
type monitor struct {
	ctx      context.Context
	progress featlab.Progress
	err      error
	last     int
	what     string // "lasso", "logistic path", ... for the messages
}

func newMonitor(ctx context.Context, p featlab.Progress, what string) *monitor {
	if ctx == nil {
		ctx = context.Background()
	}
	return &monitor{ctx: ctx, progress: p, last: -1, what: what}
}

// stop reports whether the fit must stop now (cancelled context or a
// panicking callback).
func (mo *monitor) stop() bool {
	if mo == nil {
		return false
	}
	if mo.err == nil && mo.ctx.Err() != nil {
		mo.err = fmt.Errorf("linear: %s stopped: %w", mo.what, mo.ctx.Err())
	}
	return mo.err != nil
}

// report calls the progress callback with (done, total) when done moved
// forward.
func (mo *monitor) report(done, total int) {
	if mo == nil || mo.progress == nil || mo.err != nil || done <= mo.last {
		return
	}
	mo.last = done
	defer func() {
		if r := recover(); r != nil {
			mo.err = featlab.Errorf(featlab.ErrPanic, "linear: %s: progress callback panicked: %v", mo.what, r)
		}
	}()
	mo.progress(done, total)
}

// progressUnits is the total of the progress reports of a single fit.
const progressUnits = 1000

// fitProgress reports the progress of a single iterative fit in
// progressUnits: the larger of the share of the iteration budget used and
// the share of the way, on a log scale, from the first stopping quantity
// gap0 to the tolerance (the solvers converge linearly, so equal ratios of
// the gap take about equal work).
func (mo *monitor) fitProgress(gap0, gap, tol float64, iter, maxIter int) {
	if mo == nil || mo.progress == nil {
		return
	}
	frac := 0.0
	if maxIter > 0 {
		frac = float64(iter) / float64(maxIter)
	}
	if gap0 > tol && gap > 0 && tol > 0 {
		frac = math.Max(frac, math.Log(gap0/gap)/math.Log(gap0/tol))
	}
	if gap <= tol {
		frac = 1
	}
	frac = math.Min(math.Max(frac, 0), 1)
	done := int(frac * progressUnits)
	if done == progressUnits && gap > tol && iter < maxIter {
		done--
	}
	mo.report(done, progressUnits)
}

// finish reports 100% (after a fit that was not stopped) and returns the
// error that stopped it, if any.
func (mo *monitor) finish() error {
	if mo == nil {
		return nil
	}
	if mo.err == nil {
		mo.report(progressUnits, progressUnits)
	}
	return mo.err
}

// checkNames returns an error unless names is nil or has d entries.
func checkNames(names []string, d int) error {
	if names != nil && len(names) != d {
		return featlab.Errorf(featlab.ErrShape, "Names has %d entries for %d features", len(names), d)
	}
	return nil
}

// Path is the record every regularization path shares (LassoPathResult,
// LogisticPathResult): one fit per lambda of a decreasing grid, each
// warm-started from the previous one. The coefficients are stored once,
// as a d x len(Lambdas) matrix. Its embedded Convergence summarises the
// fits: Iterations is their total, Converged that all converged, Gap the
// largest final gap and Tol the tolerance of each fit.
type Path struct {
	featlab.Convergence
	// Lambdas, in decreasing order.
	Lambdas []float64
	// LambdaMax is the smallest lambda at which w = 0 (see each path).
	LambdaMax float64
	// Coefs holds w(lambda_k) in column k (d x len(Lambdas)).
	Coefs *mat.Dense
	// Intercepts[k] is b(lambda_k) (0 without intercept).
	Intercepts []float64
	// Fits[k] is the convergence record of fit k.
	Fits []featlab.Convergence
	// NonZeros[k] is the number of non-zero coefficients of fit k.
	NonZeros []int
	// Order lists the features in the order in which they first became
	// non-zero along the path (features entering at the same lambda are
	// ordered by decreasing |w_j|).
	Order []int
	// Entry[j] is the index of the first lambda at which feature j is
	// non-zero, or -1 if it never is.
	Entry []int

	names  []string
	method string
}

func newPath(d int, lambdas []float64, lmax, tol float64, names []string, method string) Path {
	n := len(lambdas)
	p := Path{
		Lambdas: lambdas, LambdaMax: lmax,
		Coefs: mat.NewDense(d, n, nil), Intercepts: make([]float64, n),
		Fits: make([]featlab.Convergence, n), NonZeros: make([]int, n), Entry: make([]int, d),
		names: names, method: method,
	}
	p.Tol = tol
	p.Converged = true
	for j := range p.Entry {
		p.Entry[j] = -1
	}
	return p
}

// unscale maps a path fitted on c X (c an exact power of two, see
// matx.Prescale) at lambdas cl lambda back to X: lambdas / cl and
// coefficients c w (the objectives, intercepts and gaps are the same; cl
// is c for an l1 penalty, c^2 for an l2 one); a coefficient or lambda
// beyond float64, or a lambda that underflows to 0, is refused with
// ErrNotFinite.
func (p *Path) unscale(c, cl float64) error {
	for k := range p.Lambdas {
		was := p.Lambdas[k]
		p.Lambdas[k] /= cl
		if was != 0 && p.Lambdas[k] == 0 {
			return featlab.Errorf(featlab.ErrNotFinite, "linear: %s: lambda underflows float64 on X of scale %g", p.method, 1/c)
		}
	}
	p.LambdaMax /= cl
	raw := p.Coefs.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		if !matx.Unscale(raw.Data[i*raw.Stride:i*raw.Stride+raw.Cols], c) {
			return featlab.Errorf(featlab.ErrNotFinite, "linear: %s: a coefficient overflows float64 on X of scale %g", p.method, 1/c)
		}
	}
	for _, l := range append(p.Lambdas, p.LambdaMax) {
		if math.IsInf(l, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "linear: %s: lambda overflows float64 on X of scale %g", p.method, 1/c)
		}
	}
	return nil
}

// record stores fit k: its coefficients, intercept and convergence, and
// updates the entry bookkeeping.
func (p *Path) record(k int, w []float64, b float64, fit featlab.Convergence) {
	coefs := p.Coefs.RawMatrix()
	first := len(p.Order)
	nnz := 0
	for j, v := range w {
		if v != 0 {
			nnz++
			coefs.Data[j*coefs.Stride+k] = v
			if p.Entry[j] < 0 {
				p.Entry[j] = k
				p.Order = append(p.Order, j)
			}
		}
	}
	entered := p.Order[first:]
	// Entering together: by decreasing |w_j| (stable, so ties by index).
	for i := 1; i < len(entered); i++ {
		for a := i; a > 0 && math.Abs(w[entered[a]]) > math.Abs(w[entered[a-1]]); a-- {
			entered[a], entered[a-1] = entered[a-1], entered[a]
		}
	}
	p.NonZeros[k] = nnz
	p.Intercepts[k] = b
	p.Fits[k] = fit
	p.Iterations += fit.Iterations
	p.Converged = p.Converged && fit.Converged
	p.Gap = math.Max(p.Gap, fit.Gap)
}

// drivePath is the one path driver of the lasso and the logistic paths
// (celer's design): for each lambda of p, in decreasing order, fit(k,
// lambda) fits warm-started from the previous solution and returns the
// coefficients (read at once), the intercept and the fit's convergence;
// the driver records them and reports progress (k+1, len(Lambdas)). When
// mon stops (cancelled context, panicking callback) before or during a
// fit, p is truncated to the fits completed. It returns their number.
func drivePath(p *Path, mon *monitor, fit func(k int, lambda float64) (w []float64, b float64, c featlab.Convergence)) int {
	n := len(p.Lambdas)
	for k := 0; k < n; k++ {
		if mon.stop() {
			p.truncate(k)
			return k
		}
		w, b, c := fit(k, p.Lambdas[k])
		if mon.stop() { // stopped inside this fit: it is not complete
			p.truncate(k)
			return k
		}
		p.record(k, w, b, c)
		mon.report(k+1, n)
	}
	return n
}

// truncate keeps the first n fits (after a cancelled path).
func (p *Path) truncate(n int) {
	d, _ := p.Coefs.Dims()
	if n == len(p.Lambdas) {
		return
	}
	p.Lambdas = p.Lambdas[:n]
	p.Intercepts, p.Fits, p.NonZeros = p.Intercepts[:n], p.Fits[:n], p.NonZeros[:n]
	if n == 0 {
		p.Coefs = nil
		p.Converged = false
		return
	}
	p.Coefs = mat.DenseCopyOf(p.Coefs.Slice(0, d, 0, n))
}

// checkIndex panics, naming the method, the index and the length, when k
// is not a valid lambda index: a programmer error.
func (p *Path) checkIndex(method string, k int) {
	if k < 0 || k >= len(p.Lambdas) {
		panic(fmt.Sprintf("linear: %s(%d): index out of range [0, %d)", method, k, len(p.Lambdas)))
	}
}

// Coef returns a copy of w(lambda_k). An index outside [0, len(Lambdas))
// is a programmer error: Coef panics with a message naming it.
func (p *Path) Coef(k int) []float64 {
	p.checkIndex("Path.Coef", k)
	return mat.Col(nil, k, p.Coefs)
}

// Support returns the indices of the non-zero coefficients at lambda_k, in
// increasing order. It panics on a bad index, as Coef does.
func (p *Path) Support(k int) []int {
	p.checkIndex("Path.Support", k)
	return support(p.Coef(k))
}

// Selection returns the path as a featlab.Selection (names from the
// config's Names): Chosen lists the features in the order they entered
// (Order), Scores[j] is the lambda at which feature j entered (0 if it
// never did), Ranking is the entry order followed by the features that
// never entered (by index), and History has one "add" step per entering
// feature whose Score is its entry lambda and whose Subset is the support
// at that lambda.
func (p *Path) Selection() *featlab.Selection {
	d := len(p.Entry)
	names := p.names
	if len(names) != d {
		names = featlab.DefaultNames(d)
	}
	s := featlab.NewSelection(fmt.Sprintf("%s, %d lambdas, order of entry", p.method, len(p.Lambdas)), names, append([]int(nil), p.Order...))
	s.Scores = make([]float64, d)
	s.Ranking = append([]int(nil), p.Order...)
	for j, k := range p.Entry {
		if k >= 0 {
			s.Scores[j] = p.Lambdas[k]
		} else {
			s.Ranking = append(s.Ranking, j)
		}
	}
	for _, j := range p.Order {
		k := p.Entry[j]
		var sub []int
		for i := 0; i < d; i++ {
			if p.Coefs.At(i, k) != 0 {
				sub = append(sub, i)
			}
		}
		s.History = append(s.History, featlab.Step{Action: "add", Feature: j, Name: names[j], Score: p.Lambdas[k], Subset: sub})
	}
	return s
}

// support returns the indices j with w[j] != 0, in increasing order.
func support(w []float64) []int {
	var s []int
	for j, v := range w {
		if v != 0 {
			s = append(s, j)
		}
	}
	return s
}
