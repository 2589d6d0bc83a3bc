package linear

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/mat"
)

// MultinomialPathConfig holds the parameters of MultinomialPath. The zero
// value is glmnet's default multinomial path: 100 lambdas from lambda_max
// down to lambda.min.ratio lambda_max, lasso, ungrouped, standardised.
type MultinomialPathConfig struct {
	// Alpha, Ridge, Grouped and NoStandardize are as in MultinomialConfig.
	Alpha         float64
	Ridge         bool
	Grouped       bool
	NoStandardize bool
	// Lambdas, when non-nil, is the grid used (copied and sorted in
	// decreasing order; all >= 0). Otherwise NLambdas values geometrically
	// spaced from lambda_max down to MinRatio lambda_max.
	Lambdas []float64
	// NLambdas is the number of grid values (default 100, glmnet's
	// nlambda).
	NLambdas int
	// MinRatio in (0, 1) is lambda_min/lambda_max of the default grid
	// (glmnet's lambda.min.ratio; default 1e-4 when m > d, else 1e-2).
	MinRatio float64
	// Tol and MaxIter are as in MultinomialConfig, per lambda.
	Tol     float64
	MaxIter int
	// Names names the features in Selection (nil: x1, ..., xd).
	Names []string
	// Progress, if non-nil, is called after each lambda with (k+1, n). A
	// panic in it stops the path with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// MultinomialPathResult is a regularisation path of the multinomial
// model. Its shared Path record holds, per lambda, the weight of each
// feature: Coefs column k holds the Euclidean norm across classes of
// feature j's coefficients (original units), so that Entry, Order,
// NonZeros and Selection speak of the features any class uses;
// Intercepts are 0 there. The class coefficients are in ClassCoefs.
// LambdaMax is max_j ||G_j||_inf / alpha (ungrouped) or max_j
// ||G_j||_2 / alpha (grouped), G the gradient of the average loss at
// the null model on the standardised features (alpha replaced by 1e-3
// for a ridge path, glmnet's rule); Fits[k].Gap is the optimality
// measure.
type MultinomialPathResult struct {
	Path
	// Classes are the class labels, sorted.
	Classes []float64
	// ClassCoefs[k] is the d x K coefficient matrix at Lambdas[k] and
	// ClassIntercepts[k] its (centred) intercepts.
	ClassCoefs      []*mat.Dense
	ClassIntercepts [][]float64
	// Objectives[k] is the objective value of fit k.
	Objectives []float64
	// Alpha and Grouped are the penalty of the path.
	Alpha   float64
	Grouped bool
}

// unscale maps a path fitted on c X back to X: coefficients c w.
func (r *MultinomialPathResult) unscale(c float64) error {
	if err := r.Path.unscale(c, 1); err != nil {
		return err
	}
	for _, B := range r.ClassCoefs {
		raw := B.RawMatrix()
		for i := 0; i < raw.Rows; i++ {
			if !matx.Unscale(raw.Data[i*raw.Stride:i*raw.Stride+raw.Cols], c) {
				return featlab.Errorf(featlab.ErrNotFinite, "linear: multinomial path: a coefficient overflows float64 on X of scale %g", 1/c)
			}
		}
	}
	return nil
}

// MultinomialPath fits Multinomial along a decreasing grid of lambdas
// with warm starts and sequential strong rules: at lambda_k a feature
// enters the working set only if some class uses it or its gradient
// ||G_j|| (sup norm, or Euclidean when grouped) is at least alpha
// (2 lambda_k - lambda_{k-1}); after the fit every discarded feature is
// checked against its optimality condition and violators are added and
// the fit repeated, so no feature is wrongly left out. Objective,
// labels and scaling as in Multinomial. Unlike glmnet, the path does not
// stop early when the deviance stops changing: every lambda is fitted.
func MultinomialPath(X mat.Matrix, y []float64, cfg MultinomialPathConfig) (*MultinomialPathResult, error) {
	return MultinomialPathContext(context.Background(), X, y, cfg)
}

// MultinomialPathContext is MultinomialPath with a context: once ctx is
// done the path stops and the fits completed so far are returned with an
// error wrapping ctx.Err().
func MultinomialPathContext(ctx context.Context, X mat.Matrix, y []float64, cfg MultinomialPathConfig) (*MultinomialPathResult, error) {
	alpha, err := cfg.check()
	if err != nil {
		return nil, err
	}
	if !featlab.IsNil(X) && !cfg.NoStandardize {
		// X far outside the ordinary range (at 1e-300 its squares
		// underflow and every feature looked constant) is multiplied by an
		// exact power of two c: its standardised columns, the grid and
		// the fits are then bit for bit those of X, and only the
		// coefficients in original units change, as w / c (issue 20).
		if Xs, c := matx.Prescale(X); c != 1 {
			res, err := MultinomialPathContext(ctx, Xs, y, cfg)
			if res != nil {
				if uerr := res.unscale(c); uerr != nil {
					return nil, uerr
				}
			}
			return res, err
		}
	}
	st, classes, err := newMnState(X, y, nil, !cfg.NoStandardize)
	if err != nil {
		return nil, err
	}
	if err := checkNames(cfg.Names, st.d); err != nil {
		return nil, err
	}
	st.alpha, st.grouped = alpha, cfg.Grouped
	st.gradient(nil)
	// The path stores d x K coefficients per lambda: refuse a grid too
	// large for that before the grid itself is allocated.
	if n := max(cfg.NLambdas, len(cfg.Lambdas)); n > 0 {
		if err := featlab.CheckCells("linear: MultinomialPath", "NLambdas", n, st.d*len(classes), 0); err != nil {
			return nil, err
		}
	}
	lambdas := cfg.grid(st)
	mon := newMonitor(ctx, cfg.Progress, "multinomial path")
	res := st.path(lambdas, cfg, classes, mon)
	if mon.err != nil {
		return res, mon.err
	}
	return res, nil
}

func (cfg *MultinomialPathConfig) check() (float64, error) {
	if cfg.NLambdas < 0 {
		return 0, featlab.Errorf(featlab.ErrParam, "NLambdas = %d must be >= 0", cfg.NLambdas)
	}
	if cfg.MinRatio != 0 && !(cfg.MinRatio > 0 && cfg.MinRatio < 1) {
		return 0, featlab.Errorf(featlab.ErrParam, "MinRatio = %v must be in (0, 1)", cfg.MinRatio)
	}
	if cfg.Lambdas != nil && len(cfg.Lambdas) == 0 {
		return 0, featlab.Errorf(featlab.ErrEmpty, "Lambdas is empty")
	}
	for k, l := range cfg.Lambdas {
		if err := checkLambda("lambda", l); err != nil {
			return 0, featlab.Errorf(featlab.ErrParam, "Lambdas[%d] = %v must be finite and >= 0", k, l)
		}
	}
	if err := checkTolIter(cfg.Tol, cfg.MaxIter); err != nil {
		return 0, err
	}
	return mnAlpha(cfg.Alpha, cfg.Ridge)
}

// grid returns the lambdas of the path, decreasing; st holds the
// gradient at the null model.
func (cfg *MultinomialPathConfig) grid(st *mnState) []float64 {
	if cfg.Lambdas != nil {
		l := append([]float64(nil), cfg.Lambdas...)
		sort.Sort(sort.Reverse(sort.Float64Slice(l)))
		return l
	}
	n, eps := cfg.NLambdas, cfg.MinRatio
	if n == 0 {
		n = 100
	}
	if eps == 0 {
		eps = 1e-4
		if st.m <= st.d {
			eps = 1e-2
		}
	}
	return geomGrid(st.lambdaMax(), n, eps)
}

// path fits the grid from the null model (st must be at it, with G
// current).
func (st *mnState) path(lambdas []float64, cfg MultinomialPathConfig, classes []float64, mon *monitor) *MultinomialPathResult {
	mc := MultinomialConfig{Tol: cfg.Tol, MaxIter: cfg.MaxIter}
	tol, maxIter := mc.defaults()
	lmax := st.lambdaMax()
	kind := "ungrouped"
	if st.grouped {
		kind = "grouped"
	}
	n := len(lambdas)
	res := &MultinomialPathResult{
		Path:    newPath(st.d, lambdas, lmax, tol, cfg.Names, fmt.Sprintf("multinomial path (%s, alpha %s)", kind, featlab.FormatFloat(st.alpha))),
		Classes: classes, Alpha: st.alpha, Grouped: st.grouped,
		ClassCoefs: make([]*mat.Dense, 0, n), ClassIntercepts: make([][]float64, 0, n), Objectives: make([]float64, 0, n),
	}
	st.mon = mon
	prev := lmax
	K := st.K
	done := drivePath(&res.Path, mon, func(k int, lam float64) ([]float64, float64, featlab.Convergence) {
		st.lambda = lam
		thr := st.alpha * (2*lam - prev)
		var set []int
		for j := 0; j < st.d; j++ {
			if st.skip[j] {
				continue
			}
			g := st.G[j*K : (j+1)*K]
			var gn, wn float64
			for c, v := range g {
				wn += math.Abs(st.B[j*K+c])
				if st.grouped {
					gn += v * v
				} else {
					gn = math.Max(gn, math.Abs(v))
				}
			}
			if st.grouped {
				gn = math.Sqrt(gn)
			}
			if wn != 0 || gn >= thr || st.alpha == 0 {
				set = append(set, j)
			}
		}
		if set == nil {
			set = []int{}
		}
		it, conv := st.solveAll(tol, maxIter, set)
		prev = lam
		C, b := st.origCoef()
		res.ClassCoefs = append(res.ClassCoefs, C)
		res.ClassIntercepts = append(res.ClassIntercepts, b)
		res.Objectives = append(res.Objectives, st.loss+st.penalty(st.B))
		gap := st.kkt(nil)
		return rowNorms(C), 0, featlab.Convergence{Iterations: it, Converged: conv && gap <= tol, Gap: gap, Tol: tol}
	})
	res.ClassCoefs, res.ClassIntercepts, res.Objectives = res.ClassCoefs[:done], res.ClassIntercepts[:done], res.Objectives[:done]
	return res
}

// Model returns the fit at Lambdas[k] as a MultinomialResult. An index
// outside [0, len(Lambdas)) is a programmer error: Model panics with a
// message naming it.
func (r *MultinomialPathResult) Model(k int) *MultinomialResult {
	r.checkIndex("MultinomialPathResult.Model", k)
	return &MultinomialResult{Convergence: r.Fits[k], Classes: r.Classes, Coef: mat.DenseCopyOf(r.ClassCoefs[k]),
		Intercept: append([]float64(nil), r.ClassIntercepts[k]...), Lambda: r.Lambdas[k], Alpha: r.Alpha,
		Grouped: r.Grouped, Objective: r.Objectives[k], names: r.names}
}

// MultinomialCVConfig configures MultinomialCV.
type MultinomialCVConfig struct {
	// Path configures the grid and each fit. The grid (when Path.Lambdas
	// is nil) is computed once on the full data and used in every fold,
	// as in cv.glmnet. Its Progress is not used: set Progress below.
	Path MultinomialPathConfig
	// Folds is the number K >= 2 of folds (default 10, cv.glmnet's
	// nfolds). At most m.
	Folds int
	// Seed fixes the assignment of examples to folds:
	// validate.KFold(m, Folds, Seed).
	Seed uint64
	// Splits, when non-nil, are the train/test pairs used instead (Folds
	// and Seed are then ignored). Every training set must hold every
	// class.
	Splits []validate.Fold
	// Workers bounds the paths fitted in parallel (<= 0: all cores); the
	// result does not depend on it.
	Workers int
	// Progress, when non-nil, is called as the K+1 paths complete, with
	// (done, K+1).
	Progress featlab.Progress
}

// MultinomialCVResult is K-fold cross-validation over a multinomial path.
type MultinomialCVResult struct {
	// Path is the path fitted on all the data, over Lambdas.
	Path *MultinomialPathResult
	// Lambdas is the grid, decreasing.
	Lambdas []float64
	// Loss[k] is the held-out mean log-loss -(1/m_f) sum log p_{y_i}(x_i)
	// at Lambdas[k] (probabilities clipped to [1e-5, 1 - 1e-5] as
	// cv.glmnet does; half its multinomial deviance), averaged over the
	// folds; SE[k] its standard error over the folds.
	Loss, SE []float64
	// Error[k] is the held-out misclassification rate, averaged over
	// the folds.
	Error []float64
	// FoldLoss holds the loss of fold f at lambda k in row f, column k.
	FoldLoss *mat.Dense
	// IndexMin is the index of the smallest Loss (the largest lambda
	// among ties); Index1SE that of the largest lambda whose Loss is at
	// most Loss[IndexMin] + SE[IndexMin] (cv.glmnet's lambda.1se).
	IndexMin, Index1SE   int
	LambdaMin, Lambda1SE float64
	// Splits are the train/test pairs used.
	Splits []validate.Fold
}

// Selection returns the features any class uses in the full-data fit at
// LambdaMin.
func (r *MultinomialCVResult) Selection() *featlab.Selection {
	s := r.Path.Model(r.IndexMin).Selection()
	s.Method = fmt.Sprintf("multinomial CV, lambda_min = %s", featlab.FormatFloat(r.LambdaMin))
	return s
}

// MultinomialCV chooses lambda by K-fold cross-validation over a
// multinomial path (glmnet's cv.glmnet with family = "multinomial" and
// the deviance measure): each fold's path is fitted on the other folds
// (standardised with their own statistics) over the full data's grid,
// and its held-out log-loss measured. It reports lambda.min and
// lambda.1se and the path on all the data. The K+1 paths run in
// parallel; the result is the same for any number of workers.
func MultinomialCV(X mat.Matrix, y []float64, cfg MultinomialCVConfig) (*MultinomialCVResult, error) {
	return MultinomialCVContext(context.Background(), X, y, cfg)
}

// MultinomialCVContext is MultinomialCV with a context: once ctx is done
// it returns a nil result with an error wrapping ctx.Err().
func MultinomialCVContext(ctx context.Context, X mat.Matrix, y []float64, cfg MultinomialCVConfig) (*MultinomialCVResult, error) {
	alpha, err := cfg.Path.check()
	if err != nil {
		return nil, err
	}
	st, classes, err := newMnState(X, y, nil, !cfg.Path.NoStandardize)
	if err != nil {
		return nil, err
	}
	m := st.m
	if err := checkNames(cfg.Path.Names, st.d); err != nil {
		return nil, err
	}
	splits := cfg.Splits
	if splits == nil {
		K := cfg.Folds
		if K == 0 {
			K = 10
		}
		if K < 2 || K > m {
			return nil, featlab.Errorf(featlab.ErrParam, "%d folds for %d examples: need 2 <= K <= m", K, m)
		}
		if splits, err = validate.KFold(m, K, cfg.Seed); err != nil {
			return nil, err
		}
	}
	if err := validate.CheckFolds(m, splits); err != nil {
		return nil, err
	}
	nf := len(splits)
	st.alpha, st.grouped = alpha, cfg.Path.Grouped
	st.gradient(nil)
	if n := max(cfg.Path.NLambdas, len(cfg.Path.Lambdas)); n > 0 {
		if err := featlab.CheckCells("linear: MultinomialCV", "Path.NLambdas", n, st.d*len(classes), 0); err != nil {
			return nil, err
		}
	}
	lambdas := cfg.Path.grid(st)
	nl := len(lambdas)
	raw := matx.RowMajor(X)
	d := st.d
	foldLoss := mat.NewDense(nf, nl, nil)
	foldErr := mat.NewDense(nf, nl, nil)
	var full *MultinomialPathResult
	err = par.Do(ctx, nf+1, cfg.Workers, cfg.Progress, func(f int) error {
		mon := newMonitor(ctx, nil, "multinomial CV")
		if f == 0 {
			full = st.path(lambdas, cfg.Path, classes, mon)
			return mon.err
		}
		f--
		sp := splits[f]
		Xtr := mat.NewDense(len(sp.Train), d, nil)
		ytr := make([]float64, len(sp.Train))
		for r, i := range sp.Train {
			copy(Xtr.RawRowView(r), raw.Data[i*raw.Stride:i*raw.Stride+d])
			ytr[r] = y[i]
		}
		fst, _, err := newMnState(Xtr, ytr, classes, !cfg.Path.NoStandardize)
		if err != nil {
			return fmt.Errorf("linear: MultinomialCV fold %d: %w", f, err)
		}
		fst.alpha, fst.grouped = alpha, cfg.Path.Grouped
		fst.gradient(nil)
		p := fst.path(lambdas, cfg.Path, classes, mon)
		if mon.err != nil {
			return mon.err
		}
		Xte := mat.NewDense(len(sp.Test), d, nil)
		for r, i := range sp.Test {
			copy(Xte.RawRowView(r), raw.Data[i*raw.Stride:i*raw.Stride+d])
		}
		for k := range lambdas {
			P, err := p.Model(k).PredictProba(Xte)
			if err != nil {
				return err
			}
			var loss, miss float64
			pred := argmaxLabels(P, classes)
			for r, i := range sp.Test {
				c := sort.SearchFloat64s(classes, y[i])
				loss -= math.Log(min(max(P.At(r, c), 1e-5), 1-1e-5))
				if pred[r] != y[i] {
					miss++
				}
			}
			foldLoss.Set(f, k, loss/float64(len(sp.Test)))
			foldErr.Set(f, k, miss/float64(len(sp.Test)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res := &MultinomialCVResult{Path: full, Lambdas: lambdas, Loss: make([]float64, nl), SE: make([]float64, nl),
		Error: make([]float64, nl), FoldLoss: foldLoss, Splits: splits}
	col := make([]float64, nf)
	for k := 0; k < nl; k++ {
		mat.Col(col, k, foldLoss)
		res.Loss[k], res.SE[k], _ = validate.MeanStdErr(col)
		mat.Col(col, k, foldErr)
		res.Error[k], _, _ = validate.MeanStdErr(col)
	}
	for k := 1; k < nl; k++ {
		if res.Loss[k] < res.Loss[res.IndexMin] {
			res.IndexMin = k
		}
	}
	bound := res.Loss[res.IndexMin] + res.SE[res.IndexMin]
	res.Index1SE = res.IndexMin
	for k := 0; k < res.IndexMin; k++ {
		if res.Loss[k] <= bound {
			res.Index1SE = k
			break
		}
	}
	res.LambdaMin, res.Lambda1SE = lambdas[res.IndexMin], lambdas[res.Index1SE]
	return res, nil
}
