package linear

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// MultinomialConfig holds the parameters of Multinomial. The zero value
// is glmnet's default multinomial model at lambda = 0 (set Lambda): the
// lasso penalty (alpha = 1), ungrouped, standardised features, an
// intercept per class. MultinomialConfig is a featlab.Learner.
type MultinomialConfig struct {
	// Lambda >= 0 is the penalty weight of the objective (see
	// Multinomial). Default 0 (no penalty: on separable data the fit then
	// stops at MaxIter with Converged false).
	Lambda float64
	// Alpha in (0, 1] is the l1 share of the elastic-net penalty,
	// glmnet's alpha. The zero value means 1 (the lasso); set Ridge for
	// alpha = 0.
	Alpha float64
	// Ridge sets alpha to exactly 0 (Alpha must then be 0).
	Ridge bool
	// Grouped replaces the l1 norm by the sum over features of the
	// Euclidean norm of the feature's K coefficients (glmnet's
	// type.multinomial = "grouped"): a feature is used by every class or
	// by none. Default false ("ungrouped").
	Grouped bool
	// NoStandardize fits on the centred features as given (glmnet's
	// standardize = FALSE). By default each feature is divided by its
	// standard deviation (denominator m) before the fit, so the penalty
	// treats features alike whatever their units, and the coefficients
	// are reported back in the original units.
	NoStandardize bool
	// Tol is the tolerance on the optimality measure (the largest
	// violation of the optimality conditions, in units of the gradient of
	// the average loss on the standardised features). Default 1e-7.
	Tol float64
	// MaxIter caps the proximal Newton steps (default 1000).
	MaxIter int
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, when non-nil, receives (done, 1000) as the fit advances.
	// A panic in it stops the fit with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// MultinomialResult is a fitted multinomial logistic regression: the
// probability of class k at x is
//
//	p_k(x) = exp(b_k + x.beta_k) / sum_l exp(b_l + x.beta_l).
//
// It implements featlab.Predictor (Predict returns class labels). The
// convergence record counts proximal Newton steps; Gap is the optimality
// measure on the standardised problem (0 exactly at the minimiser).
type MultinomialResult struct {
	featlab.Convergence
	// Classes are the class labels, sorted increasingly; column k of
	// Coef and Intercept[k] belong to Classes[k].
	Classes []float64
	// Coef holds beta_k, in original units, in column k (d x K).
	Coef *mat.Dense
	// Intercept[k] is b_k; the intercepts are centred (they sum to 0),
	// which leaves the probabilities unchanged.
	Intercept []float64
	// Lambda, Alpha and Grouped are the penalty fitted.
	Lambda, Alpha float64
	Grouped       bool
	// Objective is the value of the objective of Multinomial at the fit
	// (penalty on the standardised coefficients unless NoStandardize).
	Objective float64

	names []string
}

// Multinomial fits a multinomial (softmax) logistic regression with an
// elastic-net penalty, exactly glmnet's family = "multinomial":
//
//	minimise over B (d x K), b (K)
//	  -(1/m) sum_i log p_{y_i}(x_i) + lambda [ (1-alpha)/2 ||B||_F^2 + alpha P(B) ]
//
// with P(B) = sum_{j,k} |B_jk| (ungrouped, the default) or P(B) = sum_j
// ||B_j||_2, the Euclidean norm of feature j's coefficients across the K
// classes (Grouped, glmnet's type.multinomial = "grouped"). The
// intercepts are not penalised. By default the features are standardised
// (centred, divided by their standard deviation with denominator m) and
// B is penalised in those units, then reported in the original units:
// the penalty of the original coefficients is then lambda [(1-alpha)/2
// sum_j s_j^2 ||beta_j||^2 + alpha sum_j s_j ||beta_j||] with s_j the
// standard deviation of feature j (glmnet's standardize = TRUE). A
// constant feature gets zero coefficients.
//
// Identification: the loss does not change when a constant c_j is added
// to feature j's coefficients in every class (or c to every intercept).
// With alpha < 1 the ridge part makes the minimiser unique (each row of B
// sums to 0); with alpha = 1 the coefficients of a feature are
// determined up to such a shift within the set minimising its l1 norm,
// while the probabilities are unique. The intercepts are reported
// centred.
//
// Relation to other software: glmnet(x, y, family = "multinomial",
// alpha, lambda) minimises this objective with the same lambda and alpha.
// scikit-learn's LogisticRegression(multi_class = "multinomial",
// penalty = "l2", C) minimises (1/2)||B||_F^2 + C sum_i -log p_{y_i}(x_i),
// which is C m times this objective with Ridge, NoStandardize and lambda
// = 1/(C m); with penalty = "l1" (solver saga), ||B||_1 + C sum_i ...,
// lambda = 1/(C m) and alpha = 1.
//
// Labels: y holds any finite values; each distinct value is a class
// (at least two). Algorithm: proximal Newton (the line search of
// newGLMNET) whose quadratic model is minimised by coordinate descent
// over the (feature, class) coefficients (ungrouped) or block coordinate
// descent over features (grouped), on the centred, standardised columns
// of the design core.
func Multinomial(X mat.Matrix, y []float64, cfg MultinomialConfig) (*MultinomialResult, error) {
	return MultinomialContext(context.Background(), X, y, cfg)
}

// MultinomialContext is Multinomial with a context: once ctx is done the
// fit stops and returns the current point with an error wrapping
// ctx.Err().
func MultinomialContext(ctx context.Context, X mat.Matrix, y []float64, cfg MultinomialConfig) (*MultinomialResult, error) {
	alpha, err := cfg.check()
	if err != nil {
		return nil, err
	}
	st, classes, err := newMnState(X, y, nil, !cfg.NoStandardize)
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, st.d); err != nil {
		return nil, err
	}
	tol, maxIter := cfg.defaults()
	st.alpha, st.grouped, st.lambda = alpha, cfg.Grouped, cfg.Lambda
	st.mon, st.fitProg = newMonitor(ctx, cfg.Progress, "multinomial"), true
	it, conv := st.solveAll(tol, maxIter, nil)
	res := st.result(classes, cfg.Names)
	res.Convergence = featlab.Convergence{Iterations: it, Converged: conv, Gap: st.kkt(nil), Tol: tol}
	if err := st.mon.finish(); err != nil {
		return res, err
	}
	return res, nil
}

// Fit makes MultinomialConfig a featlab.Learner: the predictor is the
// fitted *MultinomialResult.
func (cfg MultinomialConfig) Fit(X mat.Matrix, y []float64) (featlab.Predictor, error) {
	return Multinomial(X, y, cfg)
}

func (cfg *MultinomialConfig) check() (float64, error) {
	if err := checkLambda("lambda", cfg.Lambda); err != nil {
		return 0, err
	}
	if err := checkTolIter(cfg.Tol, cfg.MaxIter); err != nil {
		return 0, err
	}
	return mnAlpha(cfg.Alpha, cfg.Ridge)
}

// mnAlpha reads (Alpha, Ridge) as glmnet's alpha.
func mnAlpha(a float64, ridge bool) (float64, error) {
	if ridge && a != 0 {
		return 0, featlab.Errorf(featlab.ErrParam, "Alpha = %v with Ridge set: Ridge means alpha = 0, leave Alpha 0", a)
	}
	if !ridge && a != 0 && !(a > 0 && a <= 1) {
		return 0, featlab.Errorf(featlab.ErrParam, "Alpha = %v must be in (0, 1] (set Ridge for alpha = 0)", a)
	}
	return l1Share(a, ridge)
}

func (cfg *MultinomialConfig) defaults() (float64, int) {
	tol, maxIter := cfg.Tol, cfg.MaxIter
	if tol == 0 {
		tol = 1e-7
	}
	if maxIter == 0 {
		maxIter = 1000
	}
	return tol, maxIter
}

// Decision returns the linear scores b_k + x_i.beta_k (m x K).
func (r *MultinomialResult) Decision(X mat.Matrix) (*mat.Dense, error) {
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	dc, K := r.Coef.Dims()
	if d != dc {
		return nil, featlab.Errorf(featlab.ErrShape, "X has %d columns, the model %d features", d, dc)
	}
	out := mat.NewDense(m, K, nil)
	raw := out.RawMatrix()
	for i := 0; i < m; i++ {
		copy(raw.Data[i*K:(i+1)*K], r.Intercept)
	}
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, matx.RowMajor(X), r.Coef.RawMatrix(), 1, raw)
	return out, nil
}

// PredictProba returns the class probabilities p_k(x_i) (m x K, column k
// for Classes[k]; each row sums to 1).
func (r *MultinomialResult) PredictProba(X mat.Matrix) (*mat.Dense, error) {
	Z, err := r.Decision(X)
	if err != nil {
		return nil, err
	}
	raw := Z.RawMatrix()
	_, K := Z.Dims()
	for i := 0; i < raw.Rows; i++ {
		softmax(raw.Data[i*K : (i+1)*K])
	}
	return Z, nil
}

// Predict returns the most probable class of each row of X, as a label
// of Classes (the first, smallest, among ties).
func (r *MultinomialResult) Predict(X mat.Matrix) ([]float64, error) {
	Z, err := r.Decision(X)
	if err != nil {
		return nil, err
	}
	return argmaxLabels(Z, r.Classes), nil
}

// argmaxLabels returns, per row of Z, the label of its largest entry
// (the first among ties).
func argmaxLabels(Z *mat.Dense, labels []float64) []float64 {
	m, K := Z.Dims()
	raw := Z.RawMatrix()
	out := make([]float64, m)
	for i := 0; i < m; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+K]
		best := 0
		for k, v := range row {
			if v > row[best] {
				best = k
			}
		}
		out[i] = labels[best]
	}
	return out
}

// Support returns the features some class uses (a non-zero coefficient
// in some column of Coef), in increasing order.
func (r *MultinomialResult) Support() []int { return support(rowNorms(r.Coef)) }

// Selection returns the features some class uses as a featlab.Selection
// (names from the config's Names), scored and ranked by the Euclidean
// norm of the feature's coefficients across classes.
func (r *MultinomialResult) Selection() *featlab.Selection {
	kind := "ungrouped"
	if r.Grouped {
		kind = "grouped"
	}
	return weightSelection(fmt.Sprintf("multinomial (%s, alpha %s), lambda %s", kind, featlab.FormatFloat(r.Alpha), featlab.FormatFloat(r.Lambda)), rowNorms(r.Coef), r.names)
}

// rowNorms returns the Euclidean norm of each row of B.
func rowNorms(B *mat.Dense) []float64 {
	d, _ := B.Dims()
	out := make([]float64, d)
	for j := range out {
		out[j] = mat.Norm(B.RowView(j), 2)
	}
	return out
}

// softmax replaces z by exp(z - max z) / sum and returns log sum exp(z).
func softmax(z []float64) float64 {
	mx := math.Inf(-1)
	for _, v := range z {
		mx = math.Max(mx, v)
	}
	var s float64
	for k, v := range z {
		e := math.Exp(v - mx)
		z[k] = e
		s += e
	}
	for k := range z {
		z[k] /= s
	}
	return mx + math.Log(s)
}

// logSumExp returns log sum exp(z).
func logSumExp(z []float64) float64 {
	mx := math.Inf(-1)
	for _, v := range z {
		mx = math.Max(mx, v)
	}
	var s float64
	for _, v := range z {
		s += math.Exp(v - mx)
	}
	return mx + math.Log(s)
}

// multiClasses returns the sorted distinct values of y (at least two) and
// each row's class index.
func multiClasses(y []float64) ([]float64, []int, error) {
	if err := featlab.CheckVector(y, "target"); err != nil {
		return nil, nil, err
	}
	cl := append([]float64(nil), y...)
	sort.Float64s(cl)
	n := 0
	for i, v := range cl {
		if i == 0 || v != cl[n-1] {
			cl[n] = v
			n++
		}
	}
	cl = cl[:n:n]
	if n < 2 {
		return nil, nil, featlab.Errorf(featlab.ErrLabels, "target has %d distinct class(es); a multinomial model needs at least two", n)
	}
	idx := make([]int, len(y))
	for i, v := range y {
		idx[i] = sort.SearchFloat64s(cl, v)
	}
	return cl, idx, nil
}

// mnState is the working state of the multinomial solver, on raw slices:
// the standardised columns xs (column j at xs[j*m:(j+1)*m]), B (d x K,
// row j the K coefficients of feature j) and b in standardised units.
type mnState struct {
	m, d, K int
	xs      []float64
	mean    []float64 // column means
	scale   []float64 // divisor of each centred column (sd, or 1)
	skip    []bool    // constant columns
	yi      []int     // class index of each row

	lambda, alpha float64
	grouped       bool

	B, b  []float64
	Z, P  []float64 // m x K scores and probabilities
	G, gb []float64 // gradient of the average loss (d x K, K)
	loss  float64

	mon     *monitor
	fitProg bool
	kkt0    float64

	// scratch of a Newton step
	U, s, Bn, bn, curv, hb, H, R, Zt, gq, xv, Pc, Uc []float64
}

// newMnState checks (X, y) and builds the solver state on the design
// core: centred columns, scaled by their standard deviation when
// standardize. classes, when non-nil, are the labels to use (a fold of a
// cross-validation); every one must occur in y.
func newMnState(X mat.Matrix, y []float64, classes []float64, standardize bool) (*mnState, []float64, error) {
	if _, _, err := featlab.CheckXY(X, y, nil); err != nil {
		return nil, nil, err
	}
	cl, yi, err := multiClasses(y)
	if err != nil {
		return nil, nil, err
	}
	if classes != nil {
		if len(cl) != len(classes) {
			return nil, nil, featlab.Errorf(featlab.ErrLabels, "the training rows hold %d of the %d classes", len(cl), len(classes))
		}
		cl = classes
	}
	// The fit keeps two m x K tables (linear scores, probabilities): a
	// target with thousands of distinct values (a regression target given
	// to a classifier) is refused here, before they are allocated.
	if err := featlab.CheckCells(fmt.Sprintf("linear: multinomial model of %d classes (distinct target values) over %d rows", len(cl), len(y)), "", len(y), len(cl), 0); err != nil {
		return nil, nil, err
	}
	ds, err := design.New(X, make([]float64, len(y)), true)
	if err != nil {
		return nil, nil, err
	}
	m, d, K := ds.M, ds.D, len(cl)
	st := &mnState{m: m, d: d, K: K, yi: yi, mean: ds.XMean,
		xs: make([]float64, m*d), scale: make([]float64, d), skip: make([]bool, d),
		B: make([]float64, d*K), b: make([]float64, K), Z: make([]float64, m*K), P: make([]float64, m*K),
		G: make([]float64, d*K), gb: make([]float64, K)}
	for j := 0; j < d; j++ {
		col := st.xs[j*m : (j+1)*m]
		ds.Column(col, j)
		st.scale[j] = 1
		if ds.Norm2[j] == 0 {
			st.skip[j] = true
			for i := range col {
				col[i] = 0
			}
			continue
		}
		if standardize {
			sd := math.Sqrt(ds.Norm2[j] / float64(m))
			st.scale[j] = sd
			for i := range col {
				col[i] /= sd
			}
		}
	}
	st.nullModel()
	return st, cl, nil
}

// nullModel sets B = 0 and b_k = log of the frequency of class k
// (centred): the fit of every lambda >= lambda_max.
func (st *mnState) nullModel() {
	cnt := make([]float64, st.K)
	for _, k := range st.yi {
		cnt[k]++
	}
	var mb float64
	for k, c := range cnt {
		st.b[k] = math.Log(c / float64(st.m))
		mb += st.b[k]
	}
	for k := range st.b {
		st.b[k] -= mb / float64(st.K)
	}
	for j := range st.B {
		st.B[j] = 0
	}
	st.refresh()
}

// refresh recomputes Z = b + Xs B, P and the loss from B and b.
func (st *mnState) refresh() {
	m, K := st.m, st.K
	for i := 0; i < m; i++ {
		copy(st.Z[i*K:(i+1)*K], st.b)
	}
	for j := 0; j < st.d; j++ {
		row := st.B[j*K : (j+1)*K]
		nz := false
		for _, v := range row {
			nz = nz || v != 0
		}
		if !nz {
			continue
		}
		col := st.xs[j*m : (j+1)*m]
		for i, x := range col {
			if x == 0 {
				continue
			}
			z := st.Z[i*K : (i+1)*K]
			for k, v := range row {
				z[k] += x * v
			}
		}
	}
	st.loss = st.probs(st.Z, st.P)
}

// probs sets P to the softmax of each row of Z and returns the average
// loss -(1/m) sum_i log p_{y_i}.
func (st *mnState) probs(Z, P []float64) float64 {
	K := st.K
	copy(P, Z)
	var s float64
	for i, c := range st.yi {
		lse := softmax(P[i*K : (i+1)*K])
		s += lse - Z[i*K+c]
	}
	return s / float64(st.m)
}

// lossAt returns the average loss at scores Z.
func (st *mnState) lossAt(Z []float64) float64 {
	K := st.K
	var s float64
	for i, c := range st.yi {
		z := Z[i*K : (i+1)*K]
		s += logSumExp(z) - z[c]
	}
	return s / float64(st.m)
}

// gradient sets G (rows of set, or all when set is nil) and gb from P.
func (st *mnState) gradient(set []int) {
	m, K := st.m, st.K
	if cap(st.R) < m*K {
		st.R = make([]float64, m*K)
	}
	R := st.R[:m*K]
	copy(R, st.P)
	for i, c := range st.yi {
		R[i*K+c]--
	}
	inv := 1 / float64(m)
	for k := range st.gb {
		st.gb[k] = 0
	}
	for i := 0; i < m; i++ {
		for k, v := range R[i*K : (i+1)*K] {
			st.gb[k] += v
		}
	}
	for k := range st.gb {
		st.gb[k] *= inv
	}
	if set == nil {
		// G = Xs^T R / m: Xs^T is the d x m row-major slab xs.
		blas64.Gemm(blas.NoTrans, blas.NoTrans, inv,
			blas64.General{Rows: st.d, Cols: m, Stride: m, Data: st.xs},
			blas64.General{Rows: m, Cols: K, Stride: K, Data: R}, 0,
			blas64.General{Rows: st.d, Cols: K, Stride: K, Data: st.G})
		return
	}
	for _, j := range set {
		g := st.G[j*K : (j+1)*K]
		for k := range g {
			g[k] = 0
		}
		for i, x := range st.xs[j*m : (j+1)*m] {
			if x == 0 {
				continue
			}
			for k, v := range R[i*K : (i+1)*K] {
				g[k] += x * v
			}
		}
		for k := range g {
			g[k] *= inv
		}
	}
}

// penaltyRow returns lambda [(1-alpha)/2 ||v||^2 + alpha P(v)] of one
// feature's coefficients.
func (st *mnState) penaltyRow(v []float64) float64 {
	var sq, l1 float64
	for _, x := range v {
		sq += x * x
		l1 += math.Abs(x)
	}
	if st.grouped {
		l1 = math.Sqrt(sq)
	}
	return st.lambda * ((1-st.alpha)/2*sq + st.alpha*l1)
}

// penalty returns the penalty of B.
func (st *mnState) penalty(B []float64) float64 {
	var p float64
	for j := 0; j < st.d; j++ {
		p += st.penaltyRow(B[j*st.K : (j+1)*st.K])
	}
	return p
}

// kktFeature returns the optimality violation of feature j from G.
func (st *mnState) kktFeature(j int) float64 {
	if st.skip[j] {
		return 0
	}
	K := st.K
	l1, l2 := st.lambda*st.alpha, st.lambda*(1-st.alpha)
	w, g := st.B[j*K:(j+1)*K], st.G[j*K:(j+1)*K]
	if st.grouped {
		var nw, ng float64
		for k, v := range w {
			nw += v * v
			t := g[k] + l2*v
			ng += t * t
		}
		if nw == 0 {
			return math.Max(math.Sqrt(ng)-l1, 0)
		}
		nw = math.Sqrt(nw)
		var s float64
		for k, v := range w {
			t := g[k] + l2*v + l1*v/nw
			s += t * t
		}
		return math.Sqrt(s)
	}
	var worst float64
	for k, v := range w {
		t := g[k] + l2*v
		switch {
		case v > 0:
			t = math.Abs(t + l1)
		case v < 0:
			t = math.Abs(t - l1)
		default:
			t = math.Max(math.Abs(t)-l1, 0)
		}
		worst = math.Max(worst, t)
	}
	return worst
}

// kkt returns the optimality measure over set (all features when nil)
// and the intercepts, from G and gb.
func (st *mnState) kkt(set []int) float64 {
	var worst float64
	for _, v := range st.gb {
		worst = math.Max(worst, math.Abs(v))
	}
	if set == nil {
		for j := 0; j < st.d; j++ {
			worst = math.Max(worst, st.kktFeature(j))
		}
		return worst
	}
	for _, j := range set {
		worst = math.Max(worst, st.kktFeature(j))
	}
	return worst
}

// grow returns (*buf)[:n], reallocating when too short.
func grow(buf *[]float64, n int) []float64 {
	if cap(*buf) < n {
		*buf = make([]float64, n)
	}
	return (*buf)[:n]
}

// newtonStep makes one proximal Newton step over the features of set and
// the intercepts: the quadratic model of the loss at (B, b),
//
//	G.D + gb.db + (1/2m) sum_i u_i^T H_i u_i,  u_i = db + sum_j xs_ij D_j,
//	H_i = diag(p_i) - p_i p_i^T,
//
// plus the penalty is minimised by coordinate descent (ungrouped: each
// coefficient in turn, with u and s_i = p_i.u_i kept up to date; grouped:
// each feature's block, by proximal gradient steps on its K x K model
// Hessian), then a backtracking line search on the true objective
// accepts a step. G and gb must be current on set. It returns false when
// no step decreased the objective.
func (st *mnState) newtonStep(set []int, innerTol float64) bool {
	m, K := st.m, st.K
	inv := 1 / float64(m)
	l1, l2 := st.lambda*st.alpha, st.lambda*(1-st.alpha)
	U := grow(&st.U, m*K)
	s := grow(&st.s, m)
	for i := range U {
		U[i] = 0
	}
	for i := range s {
		s[i] = 0
	}
	Bn := grow(&st.Bn, st.d*K)
	copy(Bn, st.B)
	bn := grow(&st.bn, K)
	copy(bn, st.b)
	P := st.P
	// Curvatures: the diagonal of the model Hessian.
	curv := grow(&st.curv, st.d*K)
	hb := grow(&st.hb, K)
	for k := range hb {
		hb[k] = 0
	}
	for i := 0; i < m; i++ {
		for k, p := range P[i*K : (i+1)*K] {
			hb[k] += p * (1 - p)
		}
	}
	for k := range hb {
		hb[k] *= inv
	}
	var H []float64
	if st.grouped {
		H = grow(&st.H, len(set)*K*K)
		for t := range H {
			H[t] = 0
		}
	}
	for a, j := range set {
		c := curv[j*K : (j+1)*K]
		for k := range c {
			c[k] = 0
		}
		col := st.xs[j*m : (j+1)*m]
		for i, x := range col {
			if x == 0 {
				continue
			}
			x2 := x * x
			p := P[i*K : (i+1)*K]
			if st.grouped {
				h := H[a*K*K : (a+1)*K*K]
				for k, pk := range p {
					hk := h[k*K : (k+1)*K]
					f := x2 * pk
					for l, pl := range p {
						hk[l] -= f * pl
					}
					hk[k] += f
				}
				continue
			}
			for k, pk := range p {
				c[k] += x2 * pk * (1 - pk)
			}
		}
		if st.grouped {
			h := H[a*K*K : (a+1)*K*K]
			for t := range h {
				h[t] *= inv
			}
			for k := range c {
				c[k] = h[k*K+k]
			}
		} else {
			for k := range c {
				c[k] *= inv
			}
		}
	}
	gq := grow(&st.gq, 3*K)
	if !st.grouped {
		st.cdUngrouped(set, innerTol, Bn, bn, U, s, hb, curv, l1, l2)
		if st.stopped() {
			return false // cancelled in the inner solve: B stays the last iterate
		}
		return st.lineSearch(set, Bn, bn, U)
	}
	for pass := 0; pass < maxInnerPasses; pass++ {
		if st.mon.stop() { // per pass, as cdUngrouped
			return false
		}
		big := st.cdIntercepts(bn, U, s, hb)
		for a, j := range set {
			if st.skip[j] {
				continue
			}
			col := st.xs[j*m : (j+1)*m]
			big = math.Max(big, st.groupBlock(j, col, H[a*K*K:(a+1)*K*K], Bn[j*K:(j+1)*K], U, s, gq, l1, l2))
		}
		if big <= innerTol {
			break
		}
	}
	return st.lineSearch(set, Bn, bn, U)
}

// cdIntercepts makes one coordinate step on each intercept of the
// quadratic model (row-major U and P); it returns the largest change in
// gradient units.
func (st *mnState) cdIntercepts(bn, U, s, hb []float64) float64 {
	m, K, P := st.m, st.K, st.P
	inv := 1 / float64(m)
	big := 0.0
	for k := 0; k < K; k++ {
		if hb[k] <= 0 {
			continue
		}
		var g float64
		for i := 0; i < m; i++ {
			g += P[i*K+k] * (U[i*K+k] - s[i])
		}
		g = st.gb[k] + g*inv
		delta := -g / hb[k]
		bn[k] += delta
		for i := 0; i < m; i++ {
			U[i*K+k] += delta
			s[i] += P[i*K+k] * delta
		}
		big = math.Max(big, hb[k]*math.Abs(delta))
	}
	return big
}

// cdUngrouped minimises the quadratic model of newtonStep by coordinate
// descent over the intercepts and the coefficients (feature j, class k)
// of set, on class-major copies of P and U (each class's column
// contiguous); on return U (row-major) holds the change of the scores.
func (st *mnState) cdUngrouped(set []int, innerTol float64, Bn, bn, U, s, hb, curv []float64, l1, l2 float64) {
	m, K := st.m, st.K
	inv := 1 / float64(m)
	Pc := grow(&st.Pc, m*K)
	Uc := grow(&st.Uc, m*K)
	for i := 0; i < m; i++ {
		for k := 0; k < K; k++ {
			Pc[k*m+i] = st.P[i*K+k]
			Uc[k*m+i] = 0
		}
	}
	// Full sweeps alternate with sweeps over the non-zero coefficients
	// only, until those settle (glmnet's active-set cycling).
	full := true
	for pass := 0; pass < maxInnerPasses; pass++ {
		if st.mon.stop() { // per pass: one is m d K multiply-adds, a step up to 30 passes
			return
		}
		big := 0.0
		for k := 0; k < K; k++ {
			if hb[k] <= 0 {
				continue
			}
			pk, uk := Pc[k*m:(k+1)*m], Uc[k*m:(k+1)*m]
			var g float64
			for i, p := range pk {
				g += p * (uk[i] - s[i])
			}
			g = st.gb[k] + g*inv
			delta := -g / hb[k]
			bn[k] += delta
			for i, p := range pk {
				uk[i] += delta
				s[i] += p * delta
			}
			big = math.Max(big, hb[k]*math.Abs(delta))
		}
		for _, j := range set {
			if st.skip[j] {
				continue
			}
			col := st.xs[j*m : (j+1)*m]
			for k := 0; k < K; k++ {
				h := curv[j*K+k]
				if (h <= 0 && l2 == 0) || (!full && Bn[j*K+k] == 0) {
					continue
				}
				pk, uk := Pc[k*m:(k+1)*m], Uc[k*m:(k+1)*m]
				pk, uk, ss := pk[:len(col)], uk[:len(col)], s[:len(col)]
				g := st.G[j*K+k] + mnDot(col, pk, uk, ss)*inv
				cur := Bn[j*K+k]
				nw := SoftThreshold(h*cur-g, l1) / (h + l2)
				delta := nw - cur
				if delta == 0 {
					continue
				}
				Bn[j*K+k] = nw
				mnUpdate(delta, col, pk, uk, ss)
				big = math.Max(big, (h+l2)*math.Abs(delta))
			}
		}
		if big <= innerTol {
			if full {
				break
			}
			full = true
			continue
		}
		full = false
	}
	for i := 0; i < m; i++ {
		for k := 0; k < K; k++ {
			U[i*K+k] = Uc[k*m+i]
		}
	}
}

// mnDot returns sum_i x_i p_i (u_i - s_i), with four partial sums (the
// order of the additions is fixed, so the result is deterministic).
func mnDot(x, p, u, s []float64) float64 {
	n := len(x)
	p, u, s = p[:n], u[:n], s[:n]
	var g0, g1, g2, g3 float64
	i := 0
	for ; i+4 <= n; i += 4 {
		g0 += x[i] * p[i] * (u[i] - s[i])
		g1 += x[i+1] * p[i+1] * (u[i+1] - s[i+1])
		g2 += x[i+2] * p[i+2] * (u[i+2] - s[i+2])
		g3 += x[i+3] * p[i+3] * (u[i+3] - s[i+3])
	}
	for ; i < n; i++ {
		g0 += x[i] * p[i] * (u[i] - s[i])
	}
	return (g0 + g1) + (g2 + g3)
}

// mnUpdate adds delta x to u and delta x p to s.
func mnUpdate(delta float64, x, p, u, s []float64) {
	n := len(x)
	p, u, s = p[:n], u[:n], s[:n]
	i := 0
	for ; i+4 <= n; i += 4 {
		d0, d1, d2, d3 := x[i]*delta, x[i+1]*delta, x[i+2]*delta, x[i+3]*delta
		u[i] += d0
		u[i+1] += d1
		u[i+2] += d2
		u[i+3] += d3
		s[i] += p[i] * d0
		s[i+1] += p[i+1] * d1
		s[i+2] += p[i+2] * d2
		s[i+3] += p[i+3] * d3
	}
	for ; i < n; i++ {
		d := x[i] * delta
		u[i] += d
		s[i] += p[i] * d
	}
}

// maxInnerPasses caps the coordinate-descent passes of one Newton step:
// an inexact inner solve followed by a fresh gradient costs less than
// polishing a model that is only quadratic near the minimiser.
var maxInnerPasses = 30

// groupBlock minimises the quadratic model over feature j's K
// coefficients w (updated in place), the other coordinates fixed: the
// block gradient gq = G_j + (1/m) sum_i xs_ij H_i u_i is formed once, then
// proximal gradient steps with the block Hessian h (step 1/L, L its
// Gershgorin bound) and the group soft-threshold; u and s are brought up
// to date. It returns the change in gradient units.
func (st *mnState) groupBlock(j int, col, h, w, U, s, buf []float64, l1, l2 float64) float64 {
	m, K := st.m, st.K
	P := st.P
	gq, w0, v := buf[:K], buf[K:2*K], buf[2*K:3*K]
	for k := range gq {
		gq[k] = 0
	}
	for i, x := range col {
		if x == 0 {
			continue
		}
		p := P[i*K : (i+1)*K]
		u := U[i*K : (i+1)*K]
		for k, pk := range p {
			gq[k] += x * pk * (u[k] - s[i])
		}
	}
	var L float64
	for k := 0; k < K; k++ {
		gq[k] = st.G[j*K+k] + gq[k]/float64(m)
		var r float64
		for _, t := range h[k*K : (k+1)*K] {
			r += math.Abs(t)
		}
		L = math.Max(L, r)
	}
	if L == 0 && l2 == 0 {
		return 0
	}
	copy(w0, w)
	for it := 0; it < 100; it++ {
		// v = L w - (gq + h (w - w0))
		var nv float64
		for k := 0; k < K; k++ {
			g := gq[k]
			for l, t := range h[k*K : (k+1)*K] {
				g += t * (w[l] - w0[l])
			}
			v[k] = L*w[k] - g
			nv += v[k] * v[k]
		}
		nv = math.Sqrt(nv)
		f := 0.0
		if nv > l1 {
			f = (1 - l1/nv) / (L + l2)
		}
		var ch float64
		for k := range w {
			nw := f * v[k]
			ch = math.Max(ch, math.Abs(nw-w[k]))
			w[k] = nw
		}
		if ch <= 1e-3*math.Max(math.Abs(nv)/(L+l2), 1e-300)*1e-9 || ch == 0 {
			break
		}
	}
	var big, ps float64
	for k := range w {
		v[k] = w[k] - w0[k] // the block's change
		big = math.Max(big, (L+l2)*math.Abs(v[k]))
	}
	if big == 0 {
		return 0
	}
	for i, x := range col {
		if x == 0 {
			continue
		}
		u := U[i*K : (i+1)*K]
		p := P[i*K : (i+1)*K]
		ps = 0
		for k, dk := range v {
			u[k] += x * dk
			ps += p[k] * dk
		}
		s[i] += x * ps
	}
	return big
}

// lineSearch moves (B, b) towards (Bn, bn), whose scores differ from Z by
// U, by backtracking on the true objective (Armijo, c = 1e-4); on success
// Z, P and the loss are updated.
func (st *mnState) lineSearch(set []int, Bn, bn, U []float64) bool {
	K := st.K
	var descent, pold, pnew float64
	for _, j := range set {
		for k := 0; k < K; k++ {
			descent += st.G[j*K+k] * (Bn[j*K+k] - st.B[j*K+k])
		}
		pold += st.penaltyRow(st.B[j*K : (j+1)*K])
		pnew += st.penaltyRow(Bn[j*K : (j+1)*K])
	}
	for k := range bn {
		descent += st.gb[k] * (bn[k] - st.b[k])
	}
	descent += pnew - pold
	f0 := st.loss + pold
	Zt := grow(&st.Zt, len(st.Z))
	accept := func(t float64) {
		for _, j := range set {
			for k := 0; k < K; k++ {
				if t == 1 {
					st.B[j*K+k] = Bn[j*K+k]
				} else {
					st.B[j*K+k] += t * (Bn[j*K+k] - st.B[j*K+k])
				}
			}
		}
		for k := range bn {
			st.b[k] += t * (bn[k] - st.b[k])
		}
		copy(st.Z, Zt)
		st.loss = st.probs(st.Z, st.P)
	}
	if -descent <= 1e-13*math.Max(1, math.Abs(f0)) {
		// The predicted decrease is below the rounding of the objective:
		// take the full step (the minimiser is near).
		for i, u := range U {
			Zt[i] = st.Z[i] + u
		}
		accept(1)
		return descent < 0
	}
	Bt := grow(&st.xv, K)
	t := 1.0
	for ls := 0; ls < 40; ls++ {
		for i, u := range U {
			Zt[i] = st.Z[i] + t*u
		}
		pt := 0.0
		for _, j := range set {
			for k := 0; k < K; k++ {
				Bt[k] = st.B[j*K+k] + t*(Bn[j*K+k]-st.B[j*K+k])
			}
			pt += st.penaltyRow(Bt)
		}
		if st.lossAt(Zt)+pt <= f0+1e-4*t*descent {
			accept(t)
			return true
		}
		t /= 2
	}
	return false
}

// solve runs proximal Newton steps over set (all usable features when
// nil) until the optimality measure on set is at most tol or maxIter
// steps were made. G must be current on set on entry; on return it is
// current on set.
func (st *mnState) solve(set []int, tol float64, maxIter int) (int, bool) {
	if set == nil {
		for j := 0; j < st.d; j++ {
			if !st.skip[j] {
				set = append(set, j)
			}
		}
	}
	it := 0
	for ; it < maxIter; it++ {
		if st.mon.stop() {
			return it, false
		}
		k := st.kkt(set)
		st.progress(k, tol, it, maxIter)
		if k <= tol {
			return it, true
		}
		if !st.newtonStep(set, math.Max(0.1*k, 0.01*tol)) {
			if st.stopped() {
				return it, false // B and G are those of the last iterate
			}
			st.gradient(set)
			return it + 1, st.kkt(set) <= tol
		}
		st.gradient(set)
	}
	return it, st.kkt(set) <= tol
}

// stopped reports whether the fit was stopped (its monitor saw a
// cancelled context or a panicking callback), without a new look.
func (st *mnState) stopped() bool { return st.mon != nil && st.mon.err != nil }

// solveAll fits over working sets: set (nil: every usable feature)
// first, then every feature violating its optimality condition is added
// and the fit repeated, until none is left. G is current everywhere on
// return.
func (st *mnState) solveAll(tol float64, maxIter int, set []int) (int, bool) {
	st.gradient(nil)
	if set == nil {
		return st.solve(nil, tol, maxIter)
	}
	in := make([]bool, st.d)
	for _, j := range set {
		in[j] = true
	}
	iters := 0
	for {
		it, conv := st.solve(set, tol, maxIter-min(iters, maxIter-1))
		iters += it
		st.gradient(nil)
		added := false
		for j := 0; j < st.d; j++ {
			if !in[j] && st.kktFeature(j) > tol {
				in[j] = true
				set = append(set, j)
				added = true
			}
		}
		if !added || iters >= maxIter || st.mon.stop() {
			return iters, conv && !added
		}
		sort.Ints(set)
	}
}

// progress reports a single fit's progress from its optimality measure.
func (st *mnState) progress(k, tol float64, it, maxIter int) {
	if !st.fitProg {
		return
	}
	if st.kkt0 == 0 {
		st.kkt0 = k
	}
	st.mon.fitProgress(st.kkt0, k, tol, it, maxIter)
}

// lambdaMax returns the smallest lambda at which B = 0 (with alpha
// replaced by 1e-3 when it is 0, glmnet's rule): max_j ||G_j||_inf /
// alpha (ungrouped) or max_j ||G_j||_2 / alpha (grouped), at the null
// model. G must be that of the null model.
func (st *mnState) lambdaMax() float64 {
	K := st.K
	var mx float64
	for j := 0; j < st.d; j++ {
		g := st.G[j*K : (j+1)*K]
		var n float64
		if st.grouped {
			for _, v := range g {
				n += v * v
			}
			n = math.Sqrt(n)
		} else {
			n = supNorm(g)
		}
		mx = math.Max(mx, n)
	}
	return mx / math.Max(st.alpha, 1e-3)
}

// origCoef returns B and b in original units, the intercepts centred.
func (st *mnState) origCoef() (*mat.Dense, []float64) {
	d, K := st.d, st.K
	C := mat.NewDense(d, K, nil)
	raw := C.RawMatrix().Data
	b := append([]float64(nil), st.b...)
	for j := 0; j < d; j++ {
		if st.skip[j] {
			continue
		}
		for k := 0; k < K; k++ {
			v := st.B[j*K+k] / st.scale[j]
			raw[j*K+k] = v
			b[k] -= st.mean[j] * v
		}
	}
	var mb float64
	for _, v := range b {
		mb += v
	}
	for k := range b {
		b[k] -= mb / float64(K)
	}
	return C, b
}

// result returns the current fit as a MultinomialResult.
func (st *mnState) result(classes []float64, names []string) *MultinomialResult {
	C, b := st.origCoef()
	return &MultinomialResult{Classes: classes, Coef: C, Intercept: b, Lambda: st.lambda, Alpha: st.alpha,
		Grouped: st.grouped, Objective: st.loss + st.penalty(st.B), names: names}
}
