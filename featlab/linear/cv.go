package linear

import (
	"context"
	"fmt"
	"sort"

	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/matx"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// LassoCVConfig configures LassoCV.
type LassoCVConfig struct {
	// Path configures the grid and each fit (its Names name the features
	// of Selection; its Progress is not used: set Progress below). The
	// grid (when Path.Lambdas is nil) is computed once on the full data and
	// used for every fold, as in scikit-learn's LassoCV and glmnet's
	// cv.glmnet.
	Path LassoPathConfig
	// Folds is the number K >= 2 of folds. Default 5. At most m.
	Folds int
	// Seed fixes the random assignment of examples to folds:
	// validate.KFold(m, Folds, Seed), scikit-learn's shuffled KFold.
	Seed uint64
	// Splits, when non-nil, are the train/test pairs to use instead of
	// validate.KFold (Folds and Seed are then ignored). Each test set is
	// scored on the path fitted to its training set.
	Splits []validate.Fold
	// Workers bounds the number of paths fitted in parallel; <= 0 means
	// all cores. The result does not depend on it.
	Workers int
	// Progress, when non-nil, is called as the K+1 paths (the full data's
	// and one per fold, of about equal cost) complete, with (done, K+1).
	// A panic in it stops the work with an error wrapping
	// featlab.ErrPanic.
	Progress featlab.Progress
}

// LassoCVResult is K-fold cross-validation over a regularization path.
type LassoCVResult struct {
	// Path is the path fitted on all the data, over Lambdas.
	Path *LassoPathResult
	// Lambdas is the grid, decreasing.
	Lambdas []float64
	// MSE[k] is the held-out mean squared error at Lambdas[k], averaged
	// over the folds.
	MSE []float64
	// SE[k] is its standard error: the standard deviation of the K fold
	// errors (denominator K-1) divided by sqrt(K); 0 for a single split.
	SE []float64
	// FoldMSE holds the error of fold f at lambda k in row f, column k.
	FoldMSE *mat.Dense
	// IndexMin is the index of the smallest MSE (the largest lambda among
	// ties); LambdaMin = Lambdas[IndexMin].
	IndexMin  int
	LambdaMin float64
	// Index1SE is the index of the largest lambda whose MSE is at most
	// MSE[IndexMin] + SE[IndexMin] (the one-standard-error rule of
	// Hastie, Tibshirani and Friedman); Lambda1SE = Lambdas[Index1SE].
	Index1SE  int
	Lambda1SE float64
	// Splits are the train/test pairs used; FoldMSE row f is Splits[f].
	Splits []validate.Fold
}

// Selection returns the features of the full-data fit at LambdaMin (as
// LassoResult.Selection: non-zero weights ranked by |w_j|), the choice
// of scikit-learn's LassoCV.
func (r *LassoCVResult) Selection() *featlab.Selection {
	s := weightSelection(fmt.Sprintf("lasso CV, lambda_min = %s", featlab.FormatFloat(r.LambdaMin)), r.Path.Coef(r.IndexMin), r.Path.names)
	s.Constant = r.Path.Constant
	return s
}

// LassoCV chooses lambda by K-fold cross-validation over a lasso (or
// elastic-net) path: for each fold the path is fitted on the other folds
// and its mean squared error measured on the fold. It reports lambda_min
// and the one-standard-error lambda, and the path on the full data.
//
// The folds come from validate.KFold (or LassoCVConfig.Splits). The K+1
// paths run in parallel and the result is identical for any number of
// workers.
//
// Memory: besides the caller's X (not copied when it is a *mat.Dense),
// each path running at once holds a copy of its training rows (about
// (K-1)/K of X; the buffers are reused from fold to fold, so at most
// Workers copies exist, never K), its coefficient matrix (d x
// len(Lambdas)) and its cached Gram columns (GramColumns x d). With K = 5
// and 2 workers that is about 2.6 times the size of X in all.
func LassoCV(X mat.Matrix, y []float64, cfg LassoCVConfig) (*LassoCVResult, error) {
	return LassoCVContext(context.Background(), X, y, cfg)
}

// LassoCVContext is LassoCV with a context: once ctx is done no new path
// starts, running ones stop between sweeps, and LassoCVContext returns a
// nil result with an error wrapping ctx.Err().
func LassoCVContext(ctx context.Context, X mat.Matrix, y []float64, cfg LassoCVConfig) (*LassoCVResult, error) {
	rho, err := cfg.Path.check()
	if err != nil {
		return nil, err
	}
	K := cfg.Folds
	if K == 0 {
		K = 5
	}
	ds, err := design.New(X, y, cfg.Path.Intercept)
	if err != nil {
		return nil, err
	}
	m, d := ds.M, ds.D
	if err := checkNames(cfg.Path.Names, d); err != nil {
		return nil, err
	}
	splits := cfg.Splits
	if splits == nil {
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
	K = len(splits)
	// The grid, from the full data, before any path runs.
	lambdas := cvGrid(cfg.Path, ds, rho)
	nl := len(lambdas)
	raw := matx.RowMajor(X)
	foldMSE := mat.NewDense(K, nl, nil)
	pc := cfg.Path
	pc.Progress = nil
	var full *LassoPathResult
	// Training copies are reused: at most one per worker at a time.
	bufs := make(chan []float64, par.Workers(cfg.Workers, K+1))
	for range cap(bufs) {
		bufs <- nil
	}
	err = par.Do(ctx, K+1, cfg.Workers, cfg.Progress, func(f int) error {
		if f == 0 { // the full-data path, the longest piece, first
			mon := newMonitor(ctx, nil, "lasso CV")
			full = pathOn(ds, pc, rho, lambdas, mon)
			return mon.err
		}
		f--
		buf := <-bufs
		defer func() { bufs <- buf }()
		fe, err := foldError(ctx, raw, y, splits[f], pc, rho, lambdas, &buf)
		if err != nil {
			return fmt.Errorf("linear: LassoCV fold %d: %w", f, err)
		}
		copy(foldMSE.RawRowView(f), fe)
		return nil
	})
	if err != nil {
		return nil, err
	}
	res := &LassoCVResult{Path: full, Splits: splits}
	res.summarize(lambdas, foldMSE)
	return res, nil
}

// cvGrid returns the lambdas of a CV: cfg.Lambdas sorted descending, or
// the default grid of the full data ds.
func cvGrid(cfg LassoPathConfig, ds *design.Design, rho float64) []float64 {
	if cfg.Lambdas != nil {
		lambdas := append([]float64(nil), cfg.Lambdas...)
		sort.Sort(sort.Reverse(sort.Float64Slice(lambdas)))
		return lambdas
	}
	n, eps := cfg.NLambdas, cfg.Eps
	if n == 0 {
		n = 100
	}
	if eps == 0 {
		eps = 1e-3
	}
	return geomGrid(lambdaMax(ds, rho), n, eps)
}

// summarize fills Lambdas, FoldMSE, MSE, SE and the two chosen indices
// from the fold errors (row f: fold f, column k: Lambdas[k]).
func (res *LassoCVResult) summarize(lambdas []float64, foldMSE *mat.Dense) {
	K, nl := foldMSE.Dims()
	res.Lambdas, res.FoldMSE = lambdas, foldMSE
	res.MSE, res.SE = make([]float64, nl), make([]float64, nl)
	col := make([]float64, K)
	for k := 0; k < nl; k++ {
		mat.Col(col, k, foldMSE)
		res.MSE[k], res.SE[k], _ = validate.MeanStdErr(col) // K >= 2 folds: never empty
	}
	for k := 1; k < nl; k++ {
		if res.MSE[k] < res.MSE[res.IndexMin] {
			res.IndexMin = k
		}
	}
	bound := res.MSE[res.IndexMin] + res.SE[res.IndexMin]
	res.Index1SE = res.IndexMin
	for k := 0; k < res.IndexMin; k++ {
		if res.MSE[k] <= bound {
			res.Index1SE = k
			break
		}
	}
	res.LambdaMin = lambdas[res.IndexMin]
	res.Lambda1SE = lambdas[res.Index1SE]
}

// foldError fits the path on the training rows of sp (copied into *buf,
// grown as needed and kept for the next fold) and returns its mean
// squared error on the test rows at every lambda.
func foldError(ctx context.Context, raw blas64.General, y []float64, sp validate.Fold, pc LassoPathConfig, rho float64, lambdas []float64, buf *[]float64) ([]float64, error) {
	d, nl := raw.Cols, len(lambdas)
	ntr, nte := len(sp.Train), len(sp.Test)
	if cap(*buf) < ntr*d+ntr {
		*buf = make([]float64, ntr*d+ntr)
	}
	Xtr := (*buf)[:ntr*d]
	ytr := (*buf)[ntr*d : ntr*d+ntr]
	for r, i := range sp.Train {
		copy(Xtr[r*d:(r+1)*d], raw.Data[i*raw.Stride:i*raw.Stride+d])
		ytr[r] = y[i]
	}
	fds, err := design.New(mat.NewDense(ntr, d, Xtr), ytr, pc.Intercept)
	if err != nil {
		return nil, err
	}
	mon := newMonitor(ctx, nil, "lasso CV")
	p := pathOn(fds, pc, rho, lambdas, mon)
	if mon.err != nil {
		return nil, mon.err
	}
	// Predictions need only the features ever active on the path:
	// pred = b + X_te[:, A] Coefs[A, :].
	act := make([]int, 0, len(p.Order))
	for j, e := range p.Entry {
		if e >= 0 {
			act = append(act, j)
		}
	}
	na := len(act)
	coefs := p.Coefs.RawMatrix()
	CA := make([]float64, na*nl)
	for a, j := range act {
		copy(CA[a*nl:(a+1)*nl], coefs.Data[j*coefs.Stride:j*coefs.Stride+nl])
	}
	XA := make([]float64, nte*na)
	yte := make([]float64, nte)
	for r, i := range sp.Test {
		row := raw.Data[i*raw.Stride : i*raw.Stride+d]
		for a, j := range act {
			XA[r*na+a] = row[j]
		}
		yte[r] = y[i]
	}
	pred := blas64.General{Rows: nte, Cols: nl, Stride: nl, Data: make([]float64, nte*nl)}
	for i := 0; i < nte; i++ {
		copy(pred.Data[i*nl:(i+1)*nl], p.Intercepts)
	}
	if na > 0 {
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1,
			blas64.General{Rows: nte, Cols: na, Stride: na, Data: XA},
			blas64.General{Rows: na, Cols: nl, Stride: nl, Data: CA}, 1, pred)
	}
	out := make([]float64, nl)
	for i := 0; i < nte; i++ {
		for k := 0; k < nl; k++ {
			e := yte[i] - pred.Data[i*nl+k]
			out[k] += e * e
		}
	}
	for k := range out {
		out[k] /= float64(nte)
	}
	return out, nil
}
