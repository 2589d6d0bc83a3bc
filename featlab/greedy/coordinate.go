package greedy

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Loss is the empirical risk R(w) minimised by CoordinateGreedy.
type Loss int

const (
	// Squared is R(w) = (1/m) ||Xw + b - y||^2 (the slides' squared risk).
	Squared Loss = iota
	// Logistic is R(w) = (1/m) sum_i log(1 + exp(-y_i (<w, x_i> + b))) with
	// labels y_i in {-1, +1}.
	Logistic
)

// String names the loss.
func (l Loss) String() string {
	switch l {
	case Squared:
		return "squared"
	case Logistic:
		return "logistic"
	}
	return fmt.Sprintf("Loss(%d)", int(l))
}

// Criterion is how CoordinateGreedy scores a candidate feature.
type Criterion int

const (
	// LineSearch scores j by min_eta R(w + eta e_j), the risk after the
	// best step on coordinate j alone with the other weights kept
	// (smaller is better).
	LineSearch Criterion = iota
	// Gradient scores j by |dR(w)/dw_j| (larger is better): the largest
	// decrease of the beta-smoothness upper bound
	// R(w) - (dR/dw_j)^2 / (2 beta). The slides print argmin here; it is
	// argmax.
	Gradient
)

// String names the criterion.
func (c Criterion) String() string {
	switch c {
	case LineSearch:
		return "line search"
	case Gradient:
		return "largest gradient"
	}
	return fmt.Sprintf("Criterion(%d)", int(c))
}

// CoordinateConfig configures CoordinateGreedy.
type CoordinateConfig struct {
	// T is the budget of features. Default (0): d.
	T int
	// Loss is the risk. Default Squared.
	Loss Loss
	// Criterion scores candidates. Default LineSearch.
	Criterion Criterion
	// FullyCorrective refits R on the whole support (and the intercept)
	// after each addition. Default false: the book's description, which
	// keeps the earlier weights and sets only the new one, by the exact
	// line search on that coordinate.
	FullyCorrective bool
	// Intercept adds an unpenalised intercept b: for Squared by centring
	// (b is then always optimal), for Logistic as a free weight fitted at
	// the start (the log-odds of the labels) and refitted only when
	// FullyCorrective. Default false.
	Intercept bool
	// Tol is the tolerance of the inner one-dimensional and corrective
	// Newton solves of the logistic risk, on the largest absolute partial
	// derivative. Default 1e-10.
	Tol float64
	// MaxIter bounds each inner Newton solve. Default 100.
	MaxIter int
	// Names names the features. Default x1..xd.
	Names []string
	// Workers bounds the goroutines scoring candidates (0: all cores).
	Workers int
}

// CoordinateRound is one round of CoordinateGreedy.
type CoordinateRound struct {
	Feature int    // the feature added
	Name    string // its name
	// Criterion is the chosen feature's score: min_eta R(w + eta e_j)
	// (LineSearch) or |dR/dw_j| (Gradient).
	Criterion float64
	// Gradient is dR/dw_j at the weights before the round (signed).
	Gradient float64
	// Eta is the step taken on the new coordinate before any corrective
	// refit.
	Eta float64
	// Risk is R after the round; Coef (d entries) and Intercept the
	// weights after it.
	Risk      float64
	Coef      []float64
	Intercept float64
	// Scores holds every feature's score this round (NaN for features
	// already chosen or with an all-zero column).
	Scores []float64
	// Converged reports that the inner solves of this round met Tol
	// (always true for Squared).
	Converged bool
}

// CoordinateResult is the outcome of CoordinateGreedy.
type CoordinateResult struct {
	Method    string
	Names     []string
	Loss      Loss
	Criterion Criterion
	Risk0     float64 // R at the start (w = 0, intercept fitted)
	Support   []int   // features in order of entry
	Rounds    []CoordinateRound
	Coef      []float64
	Intercept float64
	Risk      float64
}

// Selection returns the features in order of entry, one "add" step per
// round with Score R after it.
func (r *CoordinateResult) Selection() *featlab.Selection {
	s := featlab.NewSelection(r.Method, r.Names, append([]int(nil), r.Support...))
	for t, rd := range r.Rounds {
		s.History = append(s.History, featlab.Step{Action: "add", Feature: rd.Feature, Name: rd.Name,
			Score: rd.Risk, Subset: append([]int(nil), r.Support[:t+1]...)})
	}
	return s
}

// CoordinateGreedy is forward greedy selection with the cheaper criteria of
// Shalev-Shwartz & Ben-David 25.1.2 ("More Efficient Greedy Selection
// Criteria") for a smooth risk R: at each round, over the features not yet
// chosen,
//
//	LineSearch:  j_t = argmin_j min_eta R(w_{t-1} + eta e_j)
//	Gradient:    j_t = argmax_j |dR(w_{t-1})/dw_j|
//
// then the new weight is set by the exact line search on coordinate j_t
// (the earlier weights kept, as the book describes) or, with
// FullyCorrective, R is minimised over the whole support.
//
// For the Squared loss the line search is closed form, min_eta R = R -
// <X_j, r>^2 / (m ||X_j||^2), and the gradient is -(2/m) <X_j, r>;
// FullyCorrective then makes LineSearch OMP with the Correlation rule and
// Normalize, and Gradient OMP with the Correlation rule (scikit-learn's),
// while exact forward selection (OMP's Exact rule) divides by ||u_j||^2
// instead. For Logistic the line search and corrective refits are Newton
// iterations with backtracking (Tol, MaxIter).
//
// Errors: as for OMP; labels not in {-1, +1} for Logistic (ErrLabels);
// negative T, Tol or MaxIter, unknown Loss or Criterion (ErrParam).
//
// Scaling: X whose entries lie far outside the ordinary range (near
// 1e+-300) is first multiplied by an exact power of two s
// (internal/matx.Prescale), so that the same features are chosen as in
// exact arithmetic; the result is then stated on X: coefficients times s,
// Eta times s, gradients and Gradient-criterion scores divided by s (risks
// and line-search criteria are scale-free). Tol then applies to the
// partial derivatives on s X.
func CoordinateGreedy(X mat.Matrix, y []float64, cfg CoordinateConfig) (*CoordinateResult, error) {
	if Xs, s := prescaled(X); s != 1 {
		res, err := CoordinateGreedy(Xs, y, cfg)
		if res != nil {
			if uerr := res.unscale(s, cfg.Criterion == Gradient); uerr != nil && err == nil {
				return nil, uerr
			}
		}
		return res, err
	}
	m, d, err := checkXY("CoordinateGreedy", X, y)
	if err != nil {
		return nil, err
	}
	if cfg.Loss != Squared && cfg.Loss != Logistic {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.CoordinateGreedy: unknown Loss %d", int(cfg.Loss))
	}
	if cfg.Criterion != LineSearch && cfg.Criterion != Gradient {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.CoordinateGreedy: unknown Criterion %d", int(cfg.Criterion))
	}
	if cfg.MaxIter < 0 || cfg.Tol < 0 || math.IsNaN(cfg.Tol) || math.IsInf(cfg.Tol, 0) {
		return nil, featlab.Errorf(featlab.ErrParam, "greedy.CoordinateGreedy: Tol = %v and MaxIter = %d must be >= 0", cfg.Tol, cfg.MaxIter)
	}
	if cfg.Loss == Logistic {
		if err := pmOne("CoordinateGreedy", y); err != nil {
			return nil, err
		}
	}
	oc := OMPConfig{T: cfg.T, Names: cfg.Names}
	if cfg.T == 0 {
		oc.T = d
	}
	names, T, err := oc.check("CoordinateGreedy", m, d)
	if err != nil {
		return nil, err
	}
	T = min(T, d)
	tol, maxIter := cfg.Tol, cfg.MaxIter
	if tol == 0 {
		tol = 1e-10
	}
	if maxIter == 0 {
		maxIter = 100
	}
	centre := cfg.Intercept && cfg.Loss == Squared
	ds, err := newOMPDesign(X, y, centre)
	if err != nil {
		return nil, fmt.Errorf("greedy.CoordinateGreedy: %w", err)
	}
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, m)
		ds.Column(cols[j], j)
	}
	p := &riskProblem{loss: cfg.Loss, cols: cols, y: ds.Y, m: m, tol: tol, maxIter: maxIter}
	corr := ""
	if cfg.FullyCorrective {
		corr = ", fully corrective"
	}
	res := &CoordinateResult{Method: fmt.Sprintf("greedy %s, %s loss%s", cfg.Criterion, cfg.Loss, corr),
		Names: names, Loss: cfg.Loss, Criterion: cfg.Criterion, Coef: make([]float64, d)}
	w := make([]float64, d)
	b := 0.0
	if cfg.Loss == Logistic && cfg.Intercept {
		var pos float64
		for _, v := range y {
			if v > 0 {
				pos++
			}
		}
		if pos > 0 && pos < float64(m) {
			b = math.Log(pos / (float64(m) - pos))
		}
	}
	z := p.margins(w, b)
	res.Risk0 = p.risk(z)
	chosen := make([]bool, d)
	scores := make([]float64, d)
	etas := make([]float64, d)
	grads := make([]float64, d)
	for len(res.Support) < T {
		g := p.derivs(z)
		par.For(d, cfg.Workers, func(j int) {
			scores[j], etas[j] = math.NaN(), 0
			grads[j] = floats.Dot(cols[j], g) / float64(m)
			if chosen[j] || ds.Norm2[j] == 0 {
				return
			}
			if cfg.Criterion == Gradient {
				scores[j] = math.Abs(grads[j])
				return
			}
			etas[j], scores[j], _ = p.lineSearch(z, cols[j])
		})
		jt := -1
		for j, s := range scores {
			if math.IsNaN(s) {
				continue
			}
			better := s < scores[max(jt, 0)]
			if cfg.Criterion == Gradient {
				better = s > scores[max(jt, 0)]
			}
			if jt < 0 || better {
				jt = j
			}
		}
		if jt < 0 {
			break
		}
		eta, conv := etas[jt], true
		if cfg.Criterion == Gradient {
			eta, _, conv = p.lineSearch(z, cols[jt])
		}
		chosen[jt] = true
		res.Support = append(res.Support, jt)
		w[jt] += eta
		if cfg.FullyCorrective {
			var ok bool
			b, ok = p.refit(w, b, res.Support, cfg.Intercept && cfg.Loss == Logistic)
			conv = conv && ok
		}
		z = p.margins(w, b)
		icpt := b
		if centre {
			icpt = ds.intercept(res.Support, take(w, res.Support))
		}
		res.Rounds = append(res.Rounds, CoordinateRound{
			Feature: jt, Name: names[jt], Criterion: scores[jt], Gradient: grads[jt], Eta: eta,
			Risk: p.risk(z), Coef: append([]float64(nil), w...), Intercept: icpt,
			Scores: append([]float64(nil), scores...), Converged: conv,
		})
	}
	copy(res.Coef, w)
	res.Intercept = b
	if centre {
		res.Intercept = ds.intercept(res.Support, take(w, res.Support))
	}
	res.Risk = p.risk(z)
	return res, nil
}

func take(w []float64, idx []int) []float64 {
	out := make([]float64, len(idx))
	for k, j := range idx {
		out[k] = w[j]
	}
	return out
}

// pmOne checks that y holds only -1 and +1.
func pmOne(fn string, y []float64) error {
	for i, v := range y {
		if v != 1 && v != -1 {
			return featlab.Errorf(featlab.ErrLabels, "greedy.%s: label %v at row %d; labels must be -1 or +1", fn, v, i)
		}
	}
	return nil
}

// riskProblem evaluates the risk and its derivatives on columns.
type riskProblem struct {
	loss    Loss
	cols    [][]float64
	y       []float64
	m       int
	tol     float64
	maxIter int
}

// margins returns z = Xw + b (the prediction for Squared).
func (p *riskProblem) margins(w []float64, b float64) []float64 {
	z := make([]float64, p.m)
	for i := range z {
		z[i] = b
	}
	for j, wj := range w {
		if wj != 0 {
			floats.AddScaled(z, wj, p.cols[j])
		}
	}
	return z
}

func softplus(t float64) float64 { return math.Max(t, 0) + math.Log1p(math.Exp(-math.Abs(t))) }

func sigmoid(t float64) float64 {
	if t >= 0 {
		return 1 / (1 + math.Exp(-t))
	}
	e := math.Exp(t)
	return e / (1 + e)
}

// risk returns R at margins z.
func (p *riskProblem) risk(z []float64) float64 {
	var s float64
	for i, zi := range z {
		if p.loss == Squared {
			e := zi - p.y[i]
			s += e * e
		} else {
			s += softplus(-p.y[i] * zi)
		}
	}
	return s / float64(p.m)
}

// derivs returns l'(z_i) per example, so that dR/dw_j = (1/m) <X_j, l'>.
func (p *riskProblem) derivs(z []float64) []float64 {
	g := make([]float64, p.m)
	for i, zi := range z {
		if p.loss == Squared {
			g[i] = 2 * (zi - p.y[i])
		} else {
			g[i] = -p.y[i] * sigmoid(-p.y[i]*zi)
		}
	}
	return g
}

// lineSearch minimises R(z + eta x) over eta, returning the step, the
// minimum and whether the Newton iteration met tol.
func (p *riskProblem) lineSearch(z, x []float64) (eta, r float64, conv bool) {
	fm := float64(p.m)
	if p.loss == Squared {
		var xr, xx, rr float64
		for i, xi := range x {
			e := p.y[i] - z[i]
			xr += xi * e
			xx += xi * xi
			rr += e * e
		}
		return xr / xx, (rr - xr*xr/xx) / fm, true
	}
	f := func(eta float64) (v, d1, d2 float64) {
		for i, xi := range x {
			t := p.y[i] * (z[i] + eta*xi)
			v += softplus(-t)
			s := sigmoid(-t)
			d1 -= p.y[i] * xi * s
			d2 += xi * xi * s * (1 - s)
		}
		return v / fm, d1 / fm, d2 / fm
	}
	v, d1, d2 := f(0)
	for it := 0; it < p.maxIter; it++ {
		if math.Abs(d1) <= p.tol {
			return eta, v, true
		}
		step := -d1 / d2
		if d2 <= 0 || math.IsInf(step, 0) || math.IsNaN(step) {
			step = -d1
		}
		// Backtracking: Newton steps on a convex f may overshoot.
		for k := 0; k < 60; k++ {
			nv, nd1, nd2 := f(eta + step)
			if nv <= v+1e-4*step*d1 {
				eta, v, d1, d2 = eta+step, nv, nd1, nd2
				break
			}
			step /= 2
			if k == 59 {
				return eta, v, math.Abs(d1) <= p.tol
			}
		}
	}
	return eta, v, math.Abs(d1) <= p.tol
}

// refit minimises R over the weights on support (and b when fitB),
// starting from w, b. It updates w in place and returns b and whether
// the solve met tol.
func (p *riskProblem) refit(w []float64, b float64, support []int, fitB bool) (float64, bool) {
	t := len(support)
	if p.loss == Squared {
		// Minimum-norm least squares by SVD: defined whatever the rank.
		A := mat.NewDense(p.m, t, nil)
		for k, j := range support {
			A.SetCol(k, p.cols[j])
		}
		var svd mat.SVD
		if !svd.Factorize(A, mat.SVDThin) {
			return b, false
		}
		rank := svd.Rank(float64(max(p.m, t)) * 2.220446049250313e-16)
		if rank == 0 {
			for _, j := range support {
				w[j] = 0
			}
			return b, true
		}
		var sol mat.Dense
		svd.SolveTo(&sol, mat.NewDense(p.m, 1, append([]float64(nil), p.y...)), rank)
		for k, j := range support {
			w[j] = sol.At(k, 0)
		}
		return b, true
	}
	n := t
	if fitB {
		n++
	}
	col := func(k int) []float64 {
		if k < t {
			return p.cols[support[k]]
		}
		return nil // the intercept's column of ones
	}
	fm := float64(p.m)
	for it := 0; it < p.maxIter; it++ {
		z := p.margins(w, b)
		v := p.risk(z)
		grad := make([]float64, n)
		H := mat.NewSymDense(n, nil)
		sv := make([]float64, p.m)
		hv := make([]float64, p.m)
		for i, zi := range z {
			s := sigmoid(-p.y[i] * zi)
			sv[i] = -p.y[i] * s
			hv[i] = s * (1 - s)
		}
		at := func(k, i int) float64 {
			if c := col(k); c != nil {
				return c[i]
			}
			return 1
		}
		for k := 0; k < n; k++ {
			for i := 0; i < p.m; i++ {
				grad[k] += at(k, i) * sv[i] / fm
			}
			for l := k; l < n; l++ {
				var h float64
				for i := 0; i < p.m; i++ {
					h += at(k, i) * at(l, i) * hv[i]
				}
				H.SetSym(k, l, h/fm+1e-12)
			}
		}
		if floats.Norm(grad, math.Inf(1)) <= p.tol {
			return b, true
		}
		var ch mat.Cholesky
		dir := make([]float64, n)
		if ch.Factorize(H) {
			var dv mat.VecDense
			if err := ch.SolveVecTo(&dv, mat.NewVecDense(n, grad)); err == nil {
				for k := range dir {
					dir[k] = -dv.AtVec(k)
				}
			}
		}
		if floats.Dot(dir, grad) >= 0 {
			for k := range dir {
				dir[k] = -grad[k]
			}
		}
		step, slope := 1.0, floats.Dot(dir, grad)
		nw := append([]float64(nil), w...)
		accepted := false
		for k := 0; k < 60; k++ {
			copy(nw, w)
			nb := b
			for q := 0; q < t; q++ {
				nw[support[q]] += step * dir[q]
			}
			if fitB {
				nb += step * dir[t]
			}
			if p.risk(p.margins(nw, nb)) <= v+1e-4*step*slope {
				copy(w, nw)
				b = nb
				accepted = true
				break
			}
			step /= 2
		}
		if !accepted {
			return b, false
		}
	}
	return b, false
}
