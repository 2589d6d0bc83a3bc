package search

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
)

// SizeCVConfig configures SizeCV. The zero value runs 10-fold
// cross-validation (folds drawn with seed 0) of best subsets of every size
// with an intercept.
type SizeCVConfig struct {
	// Folds is the number K of folds (0: 10), drawn by validate.KFold with
	// Seed; ignored when Splits is given.
	Folds int
	Seed  uint64
	// Splits are given folds (nil: K seeded folds).
	Splits []validate.Fold
	// Search finds the subset of every size on training rows: its
	// Result.BySize[s-1] is the subset of size s (nil: BestSubsets, the
	// best subset of every size; e.g. a Config with Strategy Forward{}
	// gives forward selection's trajectory). Sizes it never reached are
	// left out of the curve (NaN).
	Search func(X mat.Matrix, y []float64) (*Result, error)
	// NoIntercept fits no intercept (size 0 then predicts 0).
	NoIntercept bool
	// Names are the feature names (nil: x1, ..., xd).
	Names []string
	// Workers run folds in parallel (0: one per CPU); the result does not
	// depend on it.
	Workers int
}

// SizeCVResult is the cross-validation curve over subset size.
type SizeCVResult struct {
	// Curve.Mean[s] and Curve.StdErr[s] are the CV mean squared error of
	// size s = 0..d and its standard error s_K/sqrt(K) over folds (size 0:
	// the intercept alone); Complexity is s.
	Curve validate.Curve
	// FoldMSE[k][s] is the test mean squared error of size s on fold k.
	FoldMSE [][]float64
	// Best is the size of least CV error, OneSE the size chosen by the
	// one-standard-error rule (validate.OneSE).
	Best, OneSE int
	// Final is the search on all rows; Subset is its subset of size OneSE.
	Final  *Result
	Subset []int
	Names  []string
	// Folds is the number of folds the curve averages (fewer when cancelled).
	Folds int
}

// Selection returns the subset of size OneSE chosen on all rows.
func (r *SizeCVResult) Selection() *featlab.Selection {
	return &featlab.Selection{Method: "subset size by CV, one-SE rule", Names: r.Names, Chosen: append([]int(nil), r.Subset...)}
}

// SizeCV chooses a subset size by K-fold cross-validation (Hastie,
// Tibshirani and Friedman, ESL 2nd ed., sec. 3.3, Fig. 3.7): for each fold
// k, the search (best subsets by default) is run on the training rows,
// giving a subset S_k(s) of every size s = 0..d; least squares on S_k(s)
// (with an intercept) is fitted on the training rows and its mean squared
// error on the fold's test rows is e_k(s). The curve is
//
//	CV(s) = (1/K) sum_k e_k(s),   SE(s) = sd_k(e_k(s)) / sqrt(K),
//
// Best is argmin CV(s) and OneSE the smallest s with CV(s) <= CV(Best) +
// SE(Best). The search is then run on all rows and its subset of size
// OneSE is returned. Folds run in parallel; the curve is summed in fold
// order, so it is identical for any Workers.
func SizeCV(X mat.Matrix, y []float64, cfg SizeCVConfig) (*SizeCVResult, error) {
	return SizeCVContext(context.Background(), X, y, cfg)
}

// SizeCVContext is SizeCV with a context: cancelled, it returns the curve
// over the folds that finished (Final nil) with an error wrapping
// context.Canceled.
func SizeCVContext(ctx context.Context, X mat.Matrix, y []float64, cfg SizeCVConfig) (*SizeCVResult, error) {
	m, d, err := featlab.CheckXY(X, y, cfg.Names)
	if err != nil {
		return nil, err
	}
	// The curve is of test MSE on y: the same for X times any power of
	// two, so X at 1e-310 or 1e300 is brought to unit scale first.
	X, _ = matx.Prescale(X)
	if cfg.Folds < 0 || cfg.Workers < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "search: SizeCV Folds = %d, Workers = %d must be >= 0", cfg.Folds, cfg.Workers)
	}
	folds := cfg.Splits
	if folds == nil {
		k := cfg.Folds
		if k == 0 {
			k = 10
		}
		if folds, err = validate.KFold(m, k, cfg.Seed); err != nil {
			return nil, err
		}
	}
	if err := validate.CheckFolds(m, folds); err != nil {
		return nil, err
	}
	names := cfg.Names
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	run := cfg.Search
	if run == nil {
		run = func(X mat.Matrix, y []float64) (*Result, error) {
			// with ctx: branch and bound on a fold can run for hours
			// (issue 20's harness found it still running 60 s after a
			// cancel)
			r, err := BestSubsetsContext(ctx, X, y, BestSubsetsConfig{NoIntercept: cfg.NoIntercept})
			if err != nil {
				return nil, err
			}
			return r.Result, nil
		}
	}
	Xd := mat.DenseCopyOf(X)
	K := len(folds)
	mse := make([][]float64, K)
	done := make([]bool, K)
	perr := par.Do(ctx, K, cfg.Workers, nil, func(k int) error {
		f := folds[k]
		Xtr, ytr := matx.Rows(Xd, f.Train), matx.Take(y, f.Train)
		Xte, yte := matx.Rows(Xd, f.Test), matx.Take(y, f.Test)
		res, err := run(Xtr, ytr)
		if err != nil {
			return err
		}
		e := make([]float64, d+1)
		for s := 0; s <= d; s++ {
			var sub []int
			if s > 0 {
				if s > len(res.BySize) || res.BySize[s-1].Subset == nil {
					e[s] = math.NaN()
					continue
				}
				sub = res.BySize[s-1].Subset
			}
			e[s], err = olsTestMSE(Xtr, ytr, Xte, yte, sub, !cfg.NoIntercept)
			if err != nil {
				return err
			}
		}
		mse[k] = e
		done[k] = true
		return nil
	})
	out := &SizeCVResult{Names: names}
	for k := range folds {
		if done[k] {
			out.FoldMSE = append(out.FoldMSE, mse[k])
		}
	}
	out.Folds = len(out.FoldMSE)
	out.Curve = sizeCurve(out.FoldMSE, d)
	if perr != nil {
		return out, perr
	}
	// sizes no fold reached are left out of the rule
	var c validate.Curve
	var idx []int
	for s := 0; s <= d; s++ {
		if !math.IsNaN(out.Curve.Mean[s]) && !math.IsNaN(out.Curve.StdErr[s]) {
			c.Mean = append(c.Mean, out.Curve.Mean[s])
			c.StdErr = append(c.StdErr, out.Curve.StdErr[s])
			c.Complexity = append(c.Complexity, float64(s))
			idx = append(idx, s)
		}
	}
	one, err := validate.OneSE(c)
	if err != nil {
		return out, err
	}
	out.Best, out.OneSE = idx[one.Best], idx[one.Chosen]
	if out.Final, err = run(Xd, y); err != nil {
		return out, err
	}
	if s := out.OneSE; s > 0 {
		if s > len(out.Final.BySize) || out.Final.BySize[s-1].Subset == nil {
			return out, featlab.Errorf(featlab.ErrParam, "search: SizeCV: the search on all rows gave no subset of size %d", s)
		}
		out.Subset = append([]int(nil), out.Final.BySize[s-1].Subset...)
	}
	return out, nil
}

// sizeCurve averages the per-fold errors: the mean and s/sqrt(K) per size
// (NaN where a fold has NaN; StdErr 0 for one fold).
func sizeCurve(e [][]float64, d int) validate.Curve {
	c := validate.Curve{Mean: make([]float64, d+1), StdErr: make([]float64, d+1), Complexity: make([]float64, d+1)}
	K := float64(len(e))
	for s := 0; s <= d; s++ {
		c.Complexity[s] = float64(s)
		if len(e) == 0 {
			c.Mean[s], c.StdErr[s] = math.NaN(), math.NaN()
			continue
		}
		var sum float64
		for _, ek := range e {
			sum += ek[s]
		}
		mean := sum / K
		var ss float64
		for _, ek := range e {
			ss += (ek[s] - mean) * (ek[s] - mean)
		}
		c.Mean[s] = mean
		if len(e) > 1 {
			c.StdErr[s] = math.Sqrt(ss/(K-1)) / math.Sqrt(K)
		}
	}
	return c
}

// olsTestMSE fits least squares of ytr on the columns sub of Xtr (with an
// intercept when icpt) by QR and returns the mean squared error on the
// test rows.
func olsTestMSE(Xtr *mat.Dense, ytr []float64, Xte *mat.Dense, yte []float64, sub []int, icpt bool) (float64, error) {
	mtr := len(ytr)
	p := len(sub)
	if icpt {
		p++
	}
	pred := make([]float64, len(yte))
	if p > 0 {
		if mtr < p {
			return 0, featlab.Errorf(featlab.ErrShape, "search: SizeCV: %d training rows for %d coefficients", mtr, p)
		}
		A := mat.NewDense(mtr, p, nil)
		for i := 0; i < mtr; i++ {
			c := 0
			if icpt {
				A.Set(i, 0, 1)
				c = 1
			}
			for j, f := range sub {
				A.Set(i, c+j, Xtr.At(i, f))
			}
		}
		// equilibrate the columns so that the intercept and features of any
		// scale are solved alike (the fit is invariant to column scaling)
		cs := make([]float64, p)
		for j := range cs {
			cs[j] = matx.MaxAbs(A.ColView(j))
			if cs[j] == 0 || math.IsInf(cs[j], 0) {
				cs[j] = 1
			}
			for i := 0; i < mtr; i++ {
				A.Set(i, j, A.At(i, j)/cs[j])
			}
		}
		var qr mat.QR
		qr.Factorize(A)
		var w mat.VecDense
		if err := qr.SolveVecTo(&w, false, mat.NewVecDense(mtr, append([]float64(nil), ytr...))); err != nil {
			return 0, featlab.Errorf(featlab.ErrConstant, "search: SizeCV: singular training design for subset %v: %v", sub, err)
		}
		for j := range cs {
			w.SetVec(j, w.AtVec(j)/cs[j])
		}
		for i := range yte {
			v := 0.0
			c := 0
			if icpt {
				v, c = w.AtVec(0), 1
			}
			for j, f := range sub {
				v += w.AtVec(c+j) * Xte.At(i, f)
			}
			pred[i] = v
		}
	}
	var ss float64
	for i, v := range yte {
		r := v - pred[i]
		ss += r * r
	}
	return ss / float64(len(yte)), nil
}
