package linear

import (
	"math"
	"sort"

	"github.com/featlab/course/featlab/internal/design"

	"gonum.org/v1/gonum/floats"
)

// covCD is coordinate descent with covariance or residual ("naive")
// updates (Friedman, Hastie and Tibshirani 2010, section 2.2) on the
// unscaled problem
//
//	(1/2)||y - Xc w||^2 + L1 ||w||_1 + (L2/2)||w||^2,   L1 = m l1, L2 = m l2,
//
// which has the minimisers of the (1/2m) form.
//
// Covariance updates keep g = Xc^T (y - Xc w) for every feature; when w_j
// changes by delta, g -= delta Xc^T Xc_j, O(d). The Gram column Xc^T Xc_j
// is computed (one pass over X) the first time w_j becomes non-zero and
// cached, so the cost is one pass per feature that is ever active instead
// of the d passes of a full Gram matrix.
//
// Naive updates keep the residual r = y - Xc w instead: updating w_j
// reads g_j = Xc_j^T r and writes r -= delta Xc_j, O(m), on a copy of
// the centred column gathered when the feature first enters the working
// set; the full g (for the strong rules, the KKT check and the duality
// gap) is one product Xc^T r, made once per lambda on a path. They win when
// d is large compared with m: each update costs m instead of d and no
// Gram column (m d each) is formed. useNaive chooses.
//
// The coordinates cycled are those of a working set (strong-rule survivors
// and everything ever active); a KKT check over the other features adds any
// violator before convergence is declared, so no feature is wrongly
// discarded.
type covCD struct {
	ds      *design.Design
	w, g    []float64
	gram    [][]float64
	inWork  []bool
	work    []int
	act     []int
	scratch []float64
	L1, L2  float64
	ngram   int // number of Gram columns computed
	npass   int // number of passes over X made for them
	batch   []int
	cols    [][]float64
	vbuf    []float64
	plain   bool // textbook cyclic mode: every feature in index order, g recomputed from w (see sweep)
	r       []float64
	mon     *monitor // stop checks; progress too when fitProg
	fitProg bool     // report the progress of a single fit
	gap0    float64  // first gap computed, for progress

	naive bool      // residual updates
	rRef  []float64 // naive: the residual at the last full refresh of g
	cnorm []float64 // naive: ||Xc_j||
	// naive: kktScreened showed |Xc_j^T r| <= L1 off the working set at
	// the current residual (cleared by any change of w)
	certified bool
	xcol      *design.Columns // naive: centred columns, gathered as needed
	res       []float64       // naive: r = y - Xc w
	gFresh    bool            // naive: g is Xc^T r for every feature
}

// Update rule override, for tests: 0 chooses (useNaive), 1 forces
// covariance updates, 2 naive updates.
var forceUpdates = 0

// useNaive reports whether coordinate descent on an m x d design uses
// residual ("naive") updates: glmnet's rule (naive from 500 features on)
// refined by the cost of one update, O(m) naive against O(d) covariance,
// plus the m d of each Gram column: naive when d >= 500 and d > m.
func useNaive(m, d int) bool {
	switch forceUpdates {
	case 1:
		return false
	case 2:
		return true
	}
	return d >= 500 && d > m
}

// newCD makes the solver state at w; naive selects residual updates.
func newCD(ds *design.Design, w []float64, naive bool) *covCD {
	s := &covCD{
		ds:      ds,
		w:       w,
		g:       make([]float64, ds.D),
		gram:    make([][]float64, ds.D),
		inWork:  make([]bool, ds.D),
		scratch: make([]float64, ds.M),
		naive:   naive,
	}
	if naive {
		s.xcol = ds.Columns()
		s.res = make([]float64, ds.M)
		s.rRef = make([]float64, ds.M)
		s.cnorm = make([]float64, ds.D)
		for j, n2 := range ds.Norm2 {
			s.cnorm[j] = math.Sqrt(n2)
		}
		warm := false
		for j, v := range w {
			if v != 0 {
				if ds.Norm2[j] == 0 {
					w[j] = 0
					continue
				}
				s.addWork(j)
				warm = true
			}
		}
		if warm {
			ds.Residual(s.res, w)
			s.refreshNaive()
		} else { // w = 0: r = y, g = Xc^T y
			copy(s.res, ds.Y)
			copy(s.rRef, ds.Y)
			copy(s.g, ds.XtY)
			s.gFresh = true
		}
		return s
	}
	copy(s.g, ds.XtY)
	for j, v := range w {
		if v != 0 {
			if ds.Norm2[j] == 0 {
				w[j] = 0
				continue
			}
			floats.AddScaled(s.g, -v, s.col(j))
			s.addWork(j)
		}
	}
	return s
}

// refreshNaive sets g = Xc^T r for every feature (naive updates).
func (s *covCD) refreshNaive() {
	s.ds.MulTVec(s.g, s.res)
	copy(s.rRef, s.res)
	s.gFresh = true
}

// drift returns ||r - rRef||: for a feature outside the working set,
// whose g_j is that of rRef, |Xc_j^T r| <= |g_j| + ||Xc_j|| drift
// (Cauchy-Schwarz), a bound that spares the product Xc^T r while the
// residual moves little (safe screening).
func (s *covCD) drift() float64 {
	var q float64
	for i, v := range s.res {
		e := v - s.rRef[i]
		q += e * e
	}
	return math.Sqrt(q)
}

// column returns Xc_j (naive updates).
func (s *covCD) column(j int) []float64 { return s.xcol.Col(j) }

// sweepNaive is sweep with residual updates.
func (s *covCD) sweepNaive(idx []int) (dmax, wmax float64) {
	w, g, norm2, r := s.w, s.g, s.ds.Norm2, s.res
	L1, L2 := s.L1, s.L2
	for _, j := range idx {
		n2 := norm2[j]
		if n2 == 0 {
			continue
		}
		c := s.column(j)
		old := w[j]
		gj := floats.Dot(c, r)
		z := gj + n2*old
		var nw float64
		if z > L1 {
			nw = (z - L1) / (n2 + L2)
		} else if z < -L1 {
			nw = (z + L1) / (n2 + L2)
		}
		g[j] = gj
		if nw != old {
			floats.AddScaled(r, old-nw, c)
			g[j] = gj + n2*(old-nw)
			w[j] = nw
			s.certified = false
			if dd := math.Abs(nw - old); dd > dmax {
				dmax = dd
			}
			s.gFresh = false
		}
		if a := math.Abs(nw); a > wmax {
			wmax = a
		}
	}
	return dmax, wmax
}

// col returns the cached Gram column Xc^T Xc_j, computing it if needed.
func (s *covCD) col(j int) []float64 {
	if s.gram[j] == nil {
		s.fillBatch(j)
	}
	return s.gram[j]
}

// maxActiveSweeps bounds the active-set cycling between full sweeps.
const maxActiveSweeps = 10

// maxBatch bounds the number of Gram columns computed in one pass over X.
const maxBatch = 16

// fillBatch computes the Gram column of j together with those of the
// features most likely to enter next (no column yet, |g_k| >= L1/2,
// largest |g_k| first, at most maxBatch in all) in a single pass over X:
// the pass costs far more than the arithmetic for a few columns, so
// columns computed ahead pay off as soon as a fraction of them are used.
func (s *covCD) fillBatch(j int) {
	idx := append(s.batch[:0], j)
	thr := s.L1 / 2
	for k, gk := range s.g {
		if k != j && s.gram[k] == nil && s.ds.Norm2[k] > 0 && math.Abs(gk) >= thr {
			idx = append(idx, k)
		}
	}
	if len(idx) > maxBatch {
		rest := idx[1:]
		sort.Slice(rest, func(a, b int) bool {
			ga, gb := math.Abs(s.g[rest[a]]), math.Abs(s.g[rest[b]])
			if ga != gb {
				return ga > gb
			}
			return rest[a] < rest[b]
		})
		idx = idx[:maxBatch]
	}
	s.batch = idx
	d := s.ds.D
	slab := make([]float64, len(idx)*d)
	cols := s.cols[:0]
	for b, k := range idx {
		c := slab[b*d : (b+1)*d : (b+1)*d]
		s.gram[k] = c
		cols = append(cols, c)
	}
	s.cols = cols
	s.ds.GramCols(cols, idx, &s.vbuf)
	for b, k := range idx {
		cols[b][k] = s.ds.Norm2[k]
	}
	s.ngram += len(idx)
	s.npass++
}

func (s *covCD) addWork(j int) {
	if !s.inWork[j] {
		s.inWork[j] = true
		s.work = append(s.work, j)
	}
}

// sweep minimises exactly along each coordinate of idx in turn and returns
// the largest change and the largest |w_j| over idx.
func (s *covCD) sweep(idx []int) (dmax, wmax float64) {
	if s.naive {
		return s.sweepNaive(idx)
	}
	w, g, norm2 := s.w, s.g, s.ds.Norm2
	L1, L2 := s.L1, s.L2
	for _, j := range idx {
		n2 := norm2[j]
		if n2 == 0 {
			continue
		}
		old := w[j]
		if s.plain {
			// Textbook mode: g_j from w alone, so the sweep is a
			// function of w (a warm start continues a run exactly).
			g[j] = s.ds.XtY[j] - floats.Dot(s.col(j), w)
		}
		z := g[j] + n2*old
		var nw float64
		if z > L1 {
			nw = (z - L1) / (n2 + L2)
		} else if z < -L1 {
			nw = (z + L1) / (n2 + L2)
		}
		if nw != old {
			if !s.plain {
				floats.AddScaled(g, old-nw, s.col(j))
			}
			w[j] = nw
			if dd := math.Abs(nw - old); dd > dmax {
				dmax = dd
			}
		}
		if a := math.Abs(nw); a > wmax {
			wmax = a
		}
	}
	if s.plain {
		s.refreshG()
	}
	return dmax, wmax
}

// refreshG recomputes g = Xc^T y - Xc^T Xc w from w and the Gram columns
// (textbook mode, where every feature has its column).
func (s *covCD) refreshG() {
	for j := range s.g {
		if s.ds.Norm2[j] > 0 {
			s.g[j] = s.ds.XtY[j] - floats.Dot(s.col(j), s.w)
		}
	}
}

// kkt adds to the working set every feature outside it that violates its
// optimality condition |g_j| <= L1 at w_j = 0; it returns how many.
func (s *covCD) kkt() int {
	if s.naive && !s.gFresh {
		if n, ok := s.kktScreened(); ok {
			return n
		}
		s.refreshNaive()
	}
	n := 0
	for j, gj := range s.g {
		if !s.inWork[j] && math.Abs(gj) > s.L1 && s.ds.Norm2[j] > 0 {
			s.addWork(j)
			n++
		}
	}
	return n
}

// kktScreened is kkt with residual updates and a stale g: features whose
// bound |g_j| + ||Xc_j|| drift is at most L1 satisfy their condition;
// the others get an exact Xc_j^T r, unless they are so many that one full
// product is cheaper (ok false: the caller refreshes g).
func (s *covCD) kktScreened() (n int, ok bool) {
	s.certified = false
	dr := s.drift()
	unsure := s.act[:0]
	for j, gj := range s.g {
		if !s.inWork[j] && s.ds.Norm2[j] > 0 && math.Abs(gj)+s.cnorm[j]*dr > s.L1 {
			unsure = append(unsure, j)
		}
	}
	s.act = unsure
	// A strided column read costs several contiguous ones.
	if 8*len(unsure) > s.ds.D {
		return 0, false
	}
	rsum := floats.Sum(s.res)
	for _, j := range unsure {
		if math.Abs(s.ds.ColDot(j, s.res, rsum)) > s.L1 {
			s.addWork(j)
			n++
		}
	}
	s.certified = n == 0
	return n, true
}

// strong adds to the working set the features that survive the
// sequential strong rule |g_j| >= 2 L1 - L1prev (Tibshirani et al. 2012).
func (s *covCD) strong(L1prev float64) {
	thr := 2*s.L1 - L1prev
	for j, gj := range s.g {
		if !s.inWork[j] && math.Abs(gj) >= thr && s.ds.Norm2[j] > 0 {
			s.addWork(j)
		}
	}
}

// rr returns ||r||^2 and r^T y from the maintained gradient:
// ||r||^2 = y^T y - w^T Xc^T y - w^T g and r^T y = y^T y - w^T Xc^T y.
func (s *covCD) rr() (rr, ry float64) {
	if s.naive {
		return floats.Dot(s.res, s.res), floats.Dot(s.res, s.ds.Y)
	}
	var wxty, wg float64
	for j, v := range s.w {
		if v != 0 {
			wxty += v * s.ds.XtY[j]
			wg += v * s.g[j]
		}
	}
	ry = s.ds.YY - wxty
	rr = ry - wg
	if rr < 0 {
		rr = 0
	}
	return rr, ry
}

// gap returns the unscaled duality gap, from the maintained gradient, for
// the stopping test gap <= tolAbs. The formula for ||r||^2 cancels: its
// rounding error is about eps (y^T y + |w^T Xc^T y|). When tolAbs is within
// a factor 1000 of that floor and the cheap gap is too, gap recomputes
// r = y - Xc w and g = Xc^T r from X (two passes, which also clear the
// drift of g) and returns the gap of the exact residual, as
// scikit-learn's non-Gram solver computes it. At ordinary tolerances (1e-4)
// the cheap gap decides alone.
func (s *covCD) gap(tolAbs float64) float64 {
	if s.naive && !s.gFresh {
		if gap, ok := s.gapScreened(tolAbs); ok {
			return gap
		}
		s.refreshNaive()
	}
	rr, ry := s.rr()
	gap := dualityGap(s.w, s.g, rr, ry, s.L1, s.L2)
	floor := 1000 * 0x1p-52 * (s.ds.YY + math.Abs(s.ds.YY-ry))
	if tolAbs > floor || gap > tolAbs+floor {
		return gap
	}
	if s.naive {
		rr = s.ds.Residual(s.res, s.w)
		s.refreshNaive()
		return dualityGap(s.w, s.g, rr, floats.Dot(s.res, s.ds.Y), s.L1, s.L2)
	}
	if s.r == nil {
		s.r = make([]float64, s.ds.M)
	}
	rr = s.ds.Residual(s.r, s.w)
	ry = 0
	for i, v := range s.ds.Y {
		ry += s.r[i] * v
	}
	s.ds.MulTVec(s.g, s.r)
	return dualityGap(s.w, s.g, rr, ry, s.L1, s.L2)
}

// gapScreened is gap with residual updates and a stale g: exact g_j on the
// working set (its contiguous columns), the screening bound |g_j| +
// ||Xc_j|| drift elsewhere. A bound on max_j |g_j| only shrinks the dual
// point, which stays feasible, so the result is still an upper bound on
// the suboptimality; ok reports that it passes the test (otherwise the
// caller computes the exact gap).
func (s *covCD) gapScreened(tolAbs float64) (float64, bool) {
	dn := 0.0
	for _, j := range s.work {
		if s.ds.Norm2[j] > 0 {
			gj := floats.Dot(s.column(j), s.res)
			s.g[j] = gj
			dn = math.Max(dn, math.Abs(gj-s.L2*s.w[j]))
		}
	}
	if s.certified {
		// |g_j| <= L1 off the working set: only the working set can
		// shrink the dual point.
		dn = math.Max(dn, s.L1)
	} else {
		dr := s.drift()
		for j, gj := range s.g {
			if !s.inWork[j] && s.ds.Norm2[j] > 0 {
				dn = math.Max(dn, math.Abs(gj)+s.cnorm[j]*dr)
			}
		}
	}
	rr, ry := s.rr()
	gap := dualityGapDn(s.w, dn, rr, ry, s.L1, s.L2)
	floor := 1000 * 0x1p-52 * (s.ds.YY + math.Abs(s.ds.YY-ry))
	return gap, gap <= tolAbs && tolAbs > floor
}

// objective returns the (1/2m)-scaled objective.
func (s *covCD) objective() float64 {
	rr, _ := s.rr()
	m := float64(s.ds.M)
	return objective(s.ds.M, rr, s.w, s.L1/m, s.L2/m)
}

// solve runs coordinate descent at the current (L1, L2) until the duality
// gap is at most tol ||y||^2 (unscaled) or maxIter sweeps were made. Full
// sweeps over the working set alternate with sweeps over the active
// features only, until those settle (glmnet's active-set cycling); the
// gap is computed only when the cheap test max|dw| <= tol max|w| passes,
// after the KKT check. hist, when non-nil, receives the objective after
// each sweep.
func (s *covCD) solve(tol float64, maxIter int, hist *[]float64) (iter int, gap float64, conv bool) {
	s.certified = false // L1 may have changed
	tolAbs := tol * s.ds.YY
	for iter < maxIter {
		if s.mon.stop() {
			break
		}
		dmax, wmax := s.sweep(s.work)
		iter++
		if hist != nil {
			*hist = append(*hist, s.objective())
		}
		if wmax == 0 || dmax <= tol*wmax {
			if s.kkt() > 0 {
				continue
			}
			gap = s.gap(tolAbs)
			s.progress(gap, tolAbs, iter, maxIter)
			if gap <= tolAbs {
				return iter, gap, true
			}
			continue
		}
		// At most maxActiveSweeps sweeps over the active set before the
		// next full sweep: on ill-conditioned data with a tight
		// tolerance the active set alone can take thousands of sweeps,
		// during which a feature about to enter would wait.
		for inner := 0; !s.plain && iter < maxIter && inner < maxActiveSweeps; inner++ {
			s.act = s.act[:0]
			for _, j := range s.work {
				if s.w[j] != 0 {
					s.act = append(s.act, j)
				}
			}
			dmax, wmax = s.sweep(s.act)
			iter++
			if hist != nil {
				*hist = append(*hist, s.objective())
			}
			if wmax == 0 || dmax <= tol*wmax {
				break
			}
		}
	}
	s.kkt()
	gap = s.gap(tolAbs)
	return iter, gap, gap <= tolAbs
}

// progress reports a single fit's progress from its gap.
func (s *covCD) progress(gap, tolAbs float64, iter, maxIter int) {
	if !s.fitProg {
		return
	}
	if s.gap0 == 0 {
		s.gap0 = gap
	}
	s.mon.fitProgress(s.gap0, gap, tolAbs, iter, maxIter)
}

// solveCD fits one (l1, l2) by coordinate descent starting from w and
// fills the convergence fields of res.
//
// From a zero start at l1 < lambda_max it first follows a short geometric
// path (continuation, about ten values per decade of lambda) with warm
// starts and sequential strong rules, as glmnet does: the working sets and
// the set of Gram columns then stay near the size of the final support.
// From a non-zero start (Init) the working set is the support of the start
// plus every KKT violator. With cyclic set, every feature is visited in
// every sweep (textbook cyclic coordinate descent, no continuation or
// working sets). History records the objective after each sweep at the
// final (l1, l2).
func solveCD(ds *design.Design, w []float64, l1, l2, tol float64, maxIter int, cyclic bool, mon *monitor, res *LassoResult) {
	s := newCD(ds, w, !cyclic && useNaive(ds.M, ds.D))
	s.mon, s.fitProg = mon, true
	m := float64(ds.M)
	var Lmax float64
	for _, v := range ds.XtY {
		Lmax = math.Max(Lmax, math.Abs(v))
	}
	L1, L2 := m*l1, m*l2
	warm := len(s.work) > 0
	iter := 0
	if !cyclic && !warm && L1 > 0 && L1 < Lmax {
		// Continuation from lambda_max down to the target.
		// The intermediate fits only provide warm starts and working
		// sets, so they stop at a looser tolerance (and within a share of
		// the sweep budget).
		tmax := Lmax / L1
		n := int(math.Ceil(10 * math.Log10(tmax)))
		L1prev := Lmax
		stageTol := math.Max(tol, 1e-3)
		for k := 1; k < n && iter < maxIter/2; k++ {
			t := math.Pow(tmax, 1-float64(k)/float64(n))
			s.L1, s.L2 = L1*t, L2*t
			s.strong(L1prev)
			it, _, _ := s.solve(stageTol, maxIter/2-iter, nil)
			iter += it
			L1prev = s.L1
		}
		s.L1, s.L2 = L1, L2
		s.strong(L1prev)
	} else {
		s.L1, s.L2 = L1, L2
		if cyclic {
			// Every feature, in index order (the warm start's support
			// does not go first).
			s.work = s.work[:0]
			for j := range s.inWork {
				s.inWork[j] = false
			}
		}
		for j := range s.g {
			if ds.Norm2[j] > 0 && (cyclic || L1 == 0 || (warm && math.Abs(s.g[j]) > L1)) {
				s.addWork(j)
			}
		}
		s.plain = cyclic
		if cyclic {
			s.refreshG()
		}
	}
	hist := []float64{s.objective()}
	it, gap, conv := s.solve(tol, max(maxIter-iter, 0), &hist)
	res.Iterations, res.Gap, res.Converged = iter+it, gap/m, conv
	res.Objective = s.objective()
	res.History = hist
}
