package linear

import (
	"math"

	"github.com/featlab/course/featlab/internal/design"
	"github.com/featlab/course/featlab/internal/matx"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// CVConfig configures LassoCV.
type CVConfig struct {
	// Path configures the grid and each fit. The grid (when Path.Lambdas is
	// nil) is computed once on the full data and used for every fold, as in
	// scikit-learn's LassoCV and glmnet's cv.glmnet.
	Path PathConfig
	// Folds is the number K >= 2 of folds. Default 5. At most m.
	Folds int
	// Seed fixes the random assignment of examples to folds:
	// validate.KFold(m, Folds, Seed), scikit-learn's shuffled KFold.
	Seed uint64
	// Splits, when non-nil, are the train/test pairs to use instead of
	// validate.KFold (Folds and Seed are then ignored). Each test set is
	// scored on the path fitted to its training set.
	Splits []validate.Fold
	// Workers bounds the number of folds fitted in parallel; <= 0 means
	// all cores. The result does not depend on it.
	Workers int
}

// CVResult is K-fold cross-validation over a regularization path.
type CVResult struct {
	// Path is the path fitted on all the data, over Lambdas.
	Path *Path
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

// LassoCV chooses lambda by K-fold cross-validation over a lasso (or
// elastic-net) path: for each fold the path is fitted on the other folds
// and its mean squared error measured on the fold. It reports lambda_min
// and the one-standard-error lambda, and the path on the full data.
//
// The folds come from validate.KFold (or CVConfig.Splits); they run in
// parallel and the result is identical for any number of workers.
func LassoCV(X mat.Matrix, y []float64, cfg CVConfig) (*CVResult, error) {
	if err := cfg.Path.check(); err != nil {
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
	splits := cfg.Splits
	if splits == nil {
		if K < 2 || K > m {
			return nil, featlab.Errorf(featlab.ErrParam, "%d folds for %d examples: need 2 <= K <= m", K, m)
		}
		if splits, err = validate.KFold(m, K, cfg.Seed); err != nil {
			return nil, err
		}
	}
	K = len(splits)
	if K == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "no splits")
	}
	for f, sp := range splits {
		if len(sp.Train) == 0 || len(sp.Test) == 0 {
			return nil, featlab.Errorf(featlab.ErrParam, "split %d has %d training and %d test examples", f, len(sp.Train), len(sp.Test))
		}
		for _, set := range [][]int{sp.Train, sp.Test} {
			for _, i := range set {
				if i < 0 || i >= m {
					return nil, featlab.Errorf(featlab.ErrParam, "split %d holds index %d outside [0, %d)", f, i, m)
				}
			}
		}
	}
	full := pathOn(ds, cfg.Path, nil)
	lambdas := full.Lambdas
	nl := len(lambdas)
	raw := matx.RowMajor(X)
	foldMSE := mat.NewDense(K, nl, nil)
	pc := cfg.Path
	pc.Progress = nil
	par.For(K, cfg.Workers, func(f int) {
		sp := splits[f]
		ntr, nte := len(sp.Train), len(sp.Test)
		Xtr := make([]float64, 0, ntr*d)
		ytr := make([]float64, 0, ntr)
		for _, i := range sp.Train {
			Xtr = append(Xtr, raw.Data[i*raw.Stride:i*raw.Stride+d]...)
			ytr = append(ytr, y[i])
		}
		fds, _ := design.New(mat.NewDense(ntr, d, Xtr), ytr, pc.Intercept)
		p := pathOn(fds, pc, lambdas)
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
		out := foldMSE.RawRowView(f)
		for i := 0; i < nte; i++ {
			for k := 0; k < nl; k++ {
				e := yte[i] - pred.Data[i*nl+k]
				out[k] += e * e
			}
		}
		for k := range out {
			out[k] /= float64(nte)
		}
	})
	res := &CVResult{Path: full, Lambdas: lambdas, MSE: make([]float64, nl), SE: make([]float64, nl), FoldMSE: foldMSE, Splits: splits}
	for k := 0; k < nl; k++ {
		var s float64
		for f := 0; f < K; f++ {
			s += foldMSE.At(f, k)
		}
		mean := s / float64(K)
		var v float64
		for f := 0; f < K; f++ {
			e := foldMSE.At(f, k) - mean
			v += e * e
		}
		res.MSE[k] = mean
		if K > 1 {
			res.SE[k] = math.Sqrt(v/float64(K-1)) / math.Sqrt(float64(K))
		}
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
	return res, nil
}
