package search

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/validate"
)

// LSScore names a least-squares criterion.
type LSScore int

const (
	// RSS is the training residual sum of squares ||y - b - X_S w||^2
	// (lower is better), the criterion of best-subset regression.
	RSS LSScore = iota
	// R2 is 1 - RSS/TSS, TSS = sum (y_i - mean y)^2 (higher is better);
	// for a constant y (TSS = 0), 1 for a perfect fit and 0 otherwise, as
	// scikit-learn's r2_score (force_finite). AdjR2 likewise.
	R2
	// AdjR2 is 1 - (RSS/(m - p'))/(TSS/(m - 1)), p' = |S| + 1 with an
	// intercept (|S| and m without), as leaps::regsubsets (higher is
	// better).
	AdjR2
	// Cp is Mallows' Cp = RSS/sigma^2 + 2p' - m, sigma^2 = RSS of the
	// full model/(m - d - 1) unless Sigma2 is given, as leaps (lower).
	Cp
	// AIC is m log(RSS/m) + 2p' (lower is better).
	AIC
	// BIC is m log(RSS/m) + p' log(m), leaps' bic up to a constant that
	// does not depend on the subset (lower is better).
	BIC
	// CVMSE is the k-fold cross-validated mean squared error of least
	// squares (ridge when Ridge > 0) refitted on each fold's training
	// rows: the mean over folds of the test-fold MSE, scikit-learn's
	// -cross_val_score(LinearRegression(), X[:, S], y, cv=folds,
	// scoring="neg_mean_squared_error").mean() (lower is better).
	CVMSE
)

func (s LSScore) String() string {
	switch s {
	case RSS:
		return "RSS"
	case R2:
		return "R^2"
	case AdjR2:
		return "adjusted R^2"
	case Cp:
		return "Mallows' Cp"
	case AIC:
		return "AIC"
	case BIC:
		return "BIC"
	case CVMSE:
		return "CV MSE"
	}
	return fmt.Sprintf("LSScore(%d)", int(s))
}

func (s LSScore) higher() bool { return s == R2 || s == AdjR2 }

// LeastSquares evaluates subsets by a least-squares criterion computed
// from Gram matrices, never refitting from the data: with the columns (and
// y) centred when there is an intercept, G = X^T X, b = X^T y, and for a
// subset S the Cholesky factor L_S of G_SS (+ Ridge I) gives
// z = L_S^{-1} b_S and RSS(S) = y^T y - ||z||^2 (without ridge). For CVMSE
// each fold has its own training Gram matrix (the full sums minus the
// test rows', centred at the training means) and test-fold sums, so a
// fold's test error is a quadratic form in the fold's coefficients.
//
// Factors are extended, not recomputed: the factor of a subset given in the
// order (j1, ..., jk) extends the cached factor of (j1, ..., jk-1) by one
// row (O(k^2) per system), which is what forward steps and lexicographic
// enumeration ask for. A column that is (numerically) a combination of
// the columns before it gets a zero row and a zero coefficient, so the
// fitted values and RSS equal those of the minimum-norm least-squares fit
// (LinearRegression's).
//
// X is multiplied internally by an exact power of two when its entries
// lie far outside the ordinary range (Ridge by its square), so squares
// and Gram sums of data near 1e+-300 neither overflow nor underflow and
// every score, hence every selection, is that of the unscaled data; a
// Ridge that leaves the floating-point range that way is an error
// wrapping featlab.ErrNotFinite.
type LeastSquares struct {
	// Score is the criterion; default RSS.
	Score LSScore
	// NoIntercept fits no intercept (default: an unpenalised intercept).
	NoIntercept bool
	// Ridge >= 0 adds Ridge ||w||^2 to the squared error when fitting
	// (scikit-learn's Ridge(alpha=Ridge)). Default 0.
	Ridge float64
	// Folds for CVMSE; default nil: validate.KFoldUnshuffled(m, K).
	Folds []validate.Fold
	// K is the number of contiguous folds when Folds is nil (default 5).
	K int
	// Sigma2 is Cp's error variance; default 0: RSS of the full model /
	// (m - d - 1) (m - d without intercept).
	Sigma2 float64
}

// gramSys is one least-squares system: the (centred) Gram matrix and
// right-hand side to fit on, and, for a CV fold, the test-fold sums.
type gramSys struct {
	G  []float64 // d x d, row-major, ridge added on the diagonal
	b  []float64
	yy float64
	// test fold (CV only): sum over test rows of (x-mu)(x-mu)^T, (x-mu)(y-ybar), (y-ybar)^2
	H  []float64
	h  []float64
	c  float64
	nt float64
}

type lsEval struct {
	d      int
	m      float64
	icpt   float64 // 1 with an intercept
	score  LSScore
	ridge  float64
	tss    float64
	sigma2 float64
	rssExp int       // eval's RSS, AIC, BIC: the fit's RSS times 2^(2 rssExp) (EvaluatorFromStats' scaled y)
	sys    []gramSys // sys[0]: all data; CV: one per fold
	mu     sync.Mutex
	cache  map[string]*lsFactor
}

// lsFactor is the Cholesky factor of one subset in every system: rows[s][i]
// is row i of L (length i+1), z[s] = L^{-1} b_S.
type lsFactor struct {
	rows [][][]float64
	z    [][]float64
}

const lsCacheMax = 1 << 15

// Evaluator implements Criterion.
func (c LeastSquares) Evaluator(X mat.Matrix, y []float64) (*Evaluator, error) {
	return c.evaluatorContext(context.Background(), X, y)
}

// evaluatorContext is Evaluator with a context, checked while the Gram
// sums are built (SelectContext uses it: the sums of a 20000 x 300 X take
// seconds before the search starts).
func (c LeastSquares) evaluatorContext(ctx context.Context, X mat.Matrix, y []float64) (*Evaluator, error) {
	e, name, err := c.build(ctx, X, y)
	if err != nil {
		return nil, err
	}
	return &Evaluator{Name: name, Higher: c.Score.higher(), D: e.d, Eval: e.eval}, nil
}

func (c LeastSquares) build(ctx context.Context, X mat.Matrix, y []float64) (*lsEval, string, error) {
	m, d, err := featlab.CheckXY(X, y, nil)
	if err != nil {
		return nil, "", err
	}
	if err := c.check(); err != nil {
		return nil, "", err
	}
	e := &lsEval{d: d, m: float64(m), score: c.Score, ridge: c.Ridge, cache: map[string]*lsFactor{}}
	if !c.NoIntercept {
		e.icpt = 1
	}
	// centre (a shift of the columns does not change any fit with an
	// intercept, and makes the sums below well conditioned)
	Xc, err := matx.CopyContext(ctx, X) // seconds at 20000 x 300 on a loaded machine
	if err != nil {
		return nil, "", featlab.Errorf(err, "search: cancelled while copying X")
	}
	// An exact power-of-two scale s keeps squares and Gram sums of data
	// near 1e+-300 representable; every score is unchanged (ridge on sX
	// with s^2 Ridge is the same fit).
	if s := matx.ScaleInPlace(Xc.RawMatrix().Data); s != 1 && e.ridge != 0 {
		e.ridge *= s * s
		if math.IsInf(e.ridge, 0) || e.ridge == 0 {
			return nil, "", featlab.Errorf(featlab.ErrNotFinite, "search: Ridge = %v on X of scale %g leaves the floating-point range", c.Ridge, 1/s)
		}
	}
	yc := append([]float64(nil), y...)
	ybar := 0.0
	for _, v := range y {
		ybar += v
	}
	ybar /= float64(m)
	for _, v := range y {
		e.tss += (v - ybar) * (v - ybar)
	}
	if !c.NoIntercept {
		mean := make([]float64, d)
		for i := 0; i < m; i++ {
			for j, v := range Xc.RawRowView(i) {
				mean[j] += v
			}
		}
		for j := range mean {
			mean[j] /= float64(m)
		}
		for i := 0; i < m; i++ {
			row := Xc.RawRowView(i)
			for j := range row {
				row[j] -= mean[j]
			}
		}
		for i := range yc {
			yc[i] -= ybar
		}
	}
	all := make([]int, m)
	for i := range all {
		all[i] = i
	}
	if c.Score != CVMSE {
		full, err := sums(ctx, Xc, yc, all)
		if err != nil {
			return nil, "", err
		}
		if err := c.fullSystem(e, full.xx, full.xy, full.yy, m); err != nil {
			return nil, "", err
		}
	} else {
		folds := c.Folds
		if folds == nil {
			k := c.K
			if k == 0 {
				k = 5
			}
			if folds, err = validate.KFoldUnshuffled(m, k); err != nil {
				return nil, "", err
			}
		}
		for f, fold := range folds {
			if len(fold.Test) == 0 || len(fold.Train) == 0 {
				return nil, "", featlab.Errorf(featlab.ErrEmpty, "search: fold %d has %d training and %d test rows", f, len(fold.Train), len(fold.Test))
			}
			for _, i := range append(append([]int(nil), fold.Train...), fold.Test...) {
				if i < 0 || i >= m {
					return nil, "", featlab.Errorf(featlab.ErrParam, "search: fold %d holds row %d outside [0, %d)", f, i, m)
				}
			}
			fs, err := foldSys(ctx, Xc, yc, fold, d, e.ridge, !c.NoIntercept)
			if err != nil {
				return nil, "", err
			}
			e.sys = append(e.sys, fs)
		}
	}
	return e, c.name(len(e.sys)), nil
}

func (c LeastSquares) check() error {
	if c.Score < RSS || c.Score > CVMSE {
		return featlab.Errorf(featlab.ErrParam, "search: unknown least-squares score %d", int(c.Score))
	}
	if math.IsNaN(c.Ridge) || c.Ridge < 0 || math.IsInf(c.Ridge, 0) {
		return featlab.Errorf(featlab.ErrParam, "search: Ridge = %v must be finite and >= 0", c.Ridge)
	}
	if math.IsNaN(c.Sigma2) || c.Sigma2 < 0 || math.IsInf(c.Sigma2, 0) {
		return featlab.Errorf(featlab.ErrParam, "search: Sigma2 = %v must be finite and >= 0", c.Sigma2)
	}
	return nil
}

// name describes the criterion of nsys systems (folds for CVMSE).
func (c LeastSquares) name(nsys int) string {
	name := c.Score.String() + " of least squares"
	if c.Ridge > 0 {
		name = fmt.Sprintf("%s of ridge (lambda %s)", c.Score, featlab.FormatFloat(c.Ridge))
	}
	if c.Score == CVMSE {
		name = fmt.Sprintf("%d-fold %s", nsys, name)
	}
	return name
}

// fullSystem sets e's single system from the (centred with an intercept)
// cross products xx = XᵀX (d x d, row-major), xy = Xᵀy and yy = yᵀy of m
// rows, with the ridge added, and Cp's sigma^2 when the score is Cp.
func (c LeastSquares) fullSystem(e *lsEval, xx, xy []float64, yy float64, m int) error {
	d := e.d
	s := gramSys{G: append([]float64(nil), xx...), b: xy, yy: yy}
	for j := 0; j < d; j++ {
		s.G[j*d+j] += e.ridge
	}
	e.sys = []gramSys{s}
	if c.Score == Cp {
		e.sigma2 = c.Sigma2
		if e.sigma2 == 0 {
			dof := float64(m) - float64(d) - e.icpt
			if dof <= 0 {
				return featlab.Errorf(featlab.ErrParam, "search: Cp needs m > d + 1 to estimate sigma^2 (m = %d, d = %d); set Sigma2", m, d)
			}
			fullSet := make([]int, d)
			for j := range fullSet {
				fullSet[j] = j
			}
			rss, err := e.rss(e.factor(fullSet), fullSet)
			if err != nil {
				return err
			}
			e.sigma2 = rss / dof
			if e.sigma2 <= 0 {
				return featlab.Errorf(featlab.ErrParam, "search: Cp: the full model fits exactly (sigma^2 = 0); set Sigma2")
			}
			e.cache = map[string]*lsFactor{}
		}
	}
	return nil
}

type rawSums struct {
	xx, xy, sx []float64
	yy, sy, n  float64
}

// sumsCheckWork is about how many multiply-adds sums does between two
// looks at its context (a few milliseconds).
const sumsCheckWork = 1 << 22

// sums returns sum x x^T, sum x y, sum x, sum y^2, sum y over rows idx,
// looking at ctx every sumsCheckWork multiply-adds (d^2/2 a row): a
// cancelled ctx returns its error.
func sums(ctx context.Context, X *mat.Dense, y []float64, idx []int) (rawSums, error) {
	_, d := X.Dims()
	s := rawSums{xx: make([]float64, d*d), xy: make([]float64, d), sx: make([]float64, d), n: float64(len(idx))}
	every := max(1, sumsCheckWork/max(1, d*d/2))
	for k, i := range idx {
		if k > 0 && k%every == 0 {
			if err := ctx.Err(); err != nil {
				return rawSums{}, featlab.Errorf(err, "search: cancelled while summing the Gram matrix (row %d of %d)", k, len(idx))
			}
		}
		row := X.RawRowView(i)
		yi := y[i]
		for a, xa := range row {
			if xa == 0 {
				continue
			}
			ga := s.xx[a*d : a*d+d]
			for b := a; b < d; b++ {
				ga[b] += xa * row[b]
			}
			s.xy[a] += xa * yi
			s.sx[a] += xa
		}
		s.yy += yi * yi
		s.sy += yi
	}
	for a := 0; a < d; a++ {
		for b := 0; b < a; b++ {
			s.xx[a*d+b] = s.xx[b*d+a]
		}
	}
	return s, nil
}

// foldSys builds the training system and the test sums of one fold, the
// test sums centred at the training means.
func foldSys(ctx context.Context, X *mat.Dense, y []float64, fold validate.Fold, d int, ridge float64, icpt bool) (gramSys, error) {
	tr, err := sums(ctx, X, y, fold.Train)
	if err != nil {
		return gramSys{}, err
	}
	te, err := sums(ctx, X, y, fold.Test)
	if err != nil {
		return gramSys{}, err
	}
	mu := make([]float64, d)
	ybar := 0.0
	if icpt {
		for j := range mu {
			mu[j] = tr.sx[j] / tr.n
		}
		ybar = tr.sy / tr.n
	}
	s := gramSys{G: make([]float64, d*d), b: make([]float64, d), H: make([]float64, d*d), h: make([]float64, d), nt: te.n}
	for a := 0; a < d; a++ {
		for b := 0; b < d; b++ {
			s.G[a*d+b] = tr.xx[a*d+b] - tr.n*mu[a]*mu[b]
			s.H[a*d+b] = te.xx[a*d+b] - mu[a]*te.sx[b] - te.sx[a]*mu[b] + te.n*mu[a]*mu[b]
		}
		s.G[a*d+a] += ridge
		s.b[a] = tr.xy[a] - tr.n*mu[a]*ybar
		s.h[a] = te.xy[a] - mu[a]*te.sy - te.sx[a]*ybar + te.n*mu[a]*ybar
	}
	s.yy = tr.yy - tr.n*ybar*ybar
	s.c = te.yy - 2*ybar*te.sy + te.n*ybar*ybar
	return s, nil
}

func orderedKey(s []int) string {
	b := make([]byte, 2*len(s))
	for k, j := range s {
		binary.LittleEndian.PutUint16(b[2*k:], uint16(j))
	}
	return string(b)
}

// factor returns the factor of subset s (in its order), extending the
// factor of its prefix.
func (e *lsEval) factor(s []int) *lsFactor {
	if len(s) == 0 {
		return &lsFactor{rows: make([][][]float64, len(e.sys)), z: make([][]float64, len(e.sys))}
	}
	key := orderedKey(s)
	e.mu.Lock()
	f, ok := e.cache[key]
	e.mu.Unlock()
	if ok {
		return f
	}
	parent := e.factor(s[:len(s)-1])
	f = e.extend(parent, s)
	e.mu.Lock()
	if len(e.cache) >= lsCacheMax {
		e.cache = map[string]*lsFactor{}
	}
	e.cache[key] = f
	e.mu.Unlock()
	return f
}

// extend adds the last feature of s to the parent's factor in every system.
func (e *lsEval) extend(p *lsFactor, s []int) *lsFactor {
	k := len(s) - 1
	j := s[k]
	d := e.d
	f := &lsFactor{rows: make([][][]float64, len(e.sys)), z: make([][]float64, len(e.sys))}
	for si := range e.sys {
		sys := &e.sys[si]
		L := p.rows[si]
		row := make([]float64, k+1)
		for i := 0; i < k; i++ { // solve L row = G[s[:k], j]
			Li := L[i]
			v := sys.G[s[i]*d+j]
			for t := 0; t < i; t++ {
				v -= Li[t] * row[t]
			}
			if Li[i] == 0 {
				row[i] = 0
			} else {
				row[i] = v / Li[i]
			}
		}
		gjj := sys.G[j*d+j]
		r2 := gjj
		for t := 0; t < k; t++ {
			r2 -= row[t] * row[t]
		}
		if r2 <= 1e-10*gjj || gjj <= 0 {
			row[k] = 0 // collinear with the columns before it: dropped
		} else {
			row[k] = math.Sqrt(r2)
		}
		rows := make([][]float64, k+1)
		copy(rows, L)
		rows[k] = row
		z := make([]float64, k+1)
		copy(z, p.z[si])
		if row[k] != 0 {
			v := sys.b[j]
			for t := 0; t < k; t++ {
				v -= row[t] * z[t]
			}
			z[k] = v / row[k]
		}
		f.rows[si], f.z[si] = rows, z
	}
	return f
}

// coef solves L^T w = z for system si.
func (f *lsFactor) coef(si int) []float64 {
	L, z := f.rows[si], f.z[si]
	k := len(z)
	w := make([]float64, k)
	for i := k - 1; i >= 0; i-- {
		if L[i][i] == 0 {
			continue
		}
		v := z[i]
		for t := i + 1; t < k; t++ {
			v -= L[t][i] * w[t]
		}
		w[i] = v / L[i][i]
	}
	return w
}

// rss is the training RSS of system 0.
func (e *lsEval) rss(f *lsFactor, s []int) (float64, error) {
	sys := &e.sys[0]
	var rss float64
	if e.ridge == 0 {
		rss = sys.yy
		for _, v := range f.z[0] {
			rss -= v * v
		}
	} else {
		w := f.coef(0)
		d := e.d
		rss = sys.yy
		for a, ja := range s {
			rss -= 2 * w[a] * sys.b[ja]
			for b, jb := range s {
				g := sys.G[ja*d+jb]
				if a == b {
					g -= e.ridge
				}
				rss += w[a] * g * w[b]
			}
		}
	}
	if rss < 0 {
		rss = 0
	}
	return rss, nil
}

func (e *lsEval) eval(s []int) (float64, error) {
	for _, j := range s {
		if j < 0 || j >= e.d {
			return math.NaN(), featlab.Errorf(featlab.ErrParam, "search: feature %d outside [0, %d)", j, e.d)
		}
	}
	if len(s) == 0 {
		return math.NaN(), featlab.Errorf(featlab.ErrEmpty, "search: empty subset")
	}
	f := e.factor(s)
	if e.score == CVMSE {
		total := 0.0
		d := e.d
		for si := range e.sys {
			sys := &e.sys[si]
			w := f.coef(si)
			sse := sys.c
			for a, ja := range s {
				sse -= 2 * w[a] * sys.h[ja]
				hrow := sys.H[ja*d:]
				q := 0.0
				for b, jb := range s {
					q += hrow[jb] * w[b]
				}
				sse += w[a] * q
			}
			if sse < 0 {
				sse = 0
			}
			total += sse / sys.nt
		}
		return total / float64(len(e.sys)), nil
	}
	rss, err := e.rss(f, s)
	if err != nil {
		return math.NaN(), err
	}
	if e.rssExp != 0 && (e.score == RSS || e.score == AIC || e.score == BIC) {
		rss = math.Ldexp(rss, 2*e.rssExp)
	}
	return e.fromRSS(e.score, rss, len(s)), nil
}

// fromRSS turns the RSS of a k-subset into the criterion sc.
func (e *lsEval) fromRSS(sc LSScore, rss float64, k int) float64 {
	p := float64(k) + e.icpt
	m := e.m
	switch sc {
	case RSS:
		return rss
	case R2, AdjR2:
		if e.tss == 0 {
			// Constant y: R^2 is 0/0. As scikit-learn's r2_score
			// (force_finite): 1 for a perfect fit, 0 otherwise.
			if rss == 0 {
				return 1
			}
			return 0
		}
	}
	switch sc {
	case R2:
		return 1 - rss/e.tss
	case AdjR2:
		return 1 - (rss/(m-p))/(e.tss/(m-e.icpt))
	case Cp:
		return rss/e.sigma2 + 2*p - m
	case AIC:
		return m*math.Log(rss/m) + 2*p
	case BIC:
		return m*math.Log(rss/m) + p*math.Log(m)
	}
	return math.NaN()
}
