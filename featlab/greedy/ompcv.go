package greedy

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
	"github.com/featlab/course/featlab/validate"
)

// OMPCVConfig configures OMPCV.
type OMPCVConfig struct {
	// OMP configures every run. Its T is the largest number of non-zeros
	// tried; 0 means min(max(floor(d/10), 5), d), scikit-learn's
	// OrthogonalMatchingPursuitCV max_iter. Its Tol must be 0. Against
	// scikit-learn set Rule: Correlation and Intercept: true.
	OMP OMPConfig
	// Folds is the number K >= 2 of folds. Default 5. At most m.
	Folds int
	// Seed fixes validate.KFold(m, Folds, Seed).
	Seed uint64
	// Splits, when non-nil, are the train/test pairs to use instead
	// (Folds and Seed are then ignored). scikit-learn's default cv=5 is
	// validate.KFoldUnshuffled(m, 5).
	Splits []validate.Fold
	// Progress, when non-nil, is told after each fold and after the final
	// fit: done of len(folds) + 1 (OMP.Progress is not used). A panic in
	// it stops the work with an error wrapping featlab.ErrPanic.
	Progress featlab.Progress
}

// OMPCVResult is the cross-validated choice of the number of non-zeros
// of OMP.
type OMPCVResult struct {
	// MSE[t-1] is the held-out mean squared error with t non-zeros,
	// averaged over the folds, for t = 1..len(MSE); FoldMSE holds fold f
	// in row f. The length is the shortest path over the folds (a fold's
	// run can stop early: see StopReason).
	MSE     []float64
	FoldMSE *mat.Dense
	// NNonZero is the chosen number of non-zeros, 1 + the argmin of MSE
	// (the smallest among ties): scikit-learn's n_nonzero_coefs_.
	NNonZero int
	// Fit is OMP with T = NNonZero on all the data.
	Fit *OMPResult
	// Splits are the train/test pairs used.
	Splits []validate.Fold
}

// Selection returns the chosen fit's features in order of entry (see
// OMPResult.Selection).
func (r *OMPCVResult) Selection() *featlab.Selection {
	s := r.Fit.Selection()
	s.Method = fmt.Sprintf("%s, %d non-zeros by CV", s.Method, r.NNonZero)
	return s
}

// OMPCV chooses the number of non-zeros of OMP by K-fold
// cross-validation, as scikit-learn 1.2's OrthogonalMatchingPursuitCV
// does: on each fold OMP runs to T features on the training rows; the
// fit after t rounds (least squares on the first t chosen features, with
// the intercept of the training rows) predicts the test rows, giving
//
//	MSE_f(t) = (1/|test_f|) sum_{i in test_f} (y_i - x_i^T w_t - b_t)^2,
//
// and the choice is t* = argmin_t (1/K) sum_f MSE_f(t), refitted on all
// the data. The folds run one after the other (OMP is memory-bound).
//
// Errors wrap featlab.ErrEmpty, ErrShape, ErrNotFinite (the data) or
// ErrParam (Tol != 0, T out of range, Folds = 1, < 0 or > m, bad Splits).
func OMPCV(X mat.Matrix, y []float64, cfg OMPCVConfig) (*OMPCVResult, error) {
	return OMPCVContext(context.Background(), X, y, cfg)
}

// OMPCVContext is OMPCV with a context, checked before every fold's OMP
// run and before the final fit: once ctx is done it returns nil and an error
// wrapping ctx.Err().
func OMPCVContext(ctx context.Context, X mat.Matrix, y []float64, cfg OMPCVConfig) (*OMPCVResult, error) {
	m, d, err := checkXY("OMPCV", X, y)
	if err != nil {
		return nil, err
	}
	if _, _, err := featlab.CheckXY(X, y, nil); err != nil {
		return nil, featlab.Wrap(err, "greedy.OMPCV")
	}
	if cfg.OMP.Tol != 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "OMPCV: OMP.Tol = %v, want 0 (CV chooses the number of non-zeros)", cfg.OMP.Tol)
	}
	oc := cfg.OMP
	if oc.T == 0 {
		oc.T = min(max(d/10, 5), d)
	}
	if oc.T < 0 || oc.T > d {
		return nil, featlab.Errorf(featlab.ErrParam, "OMPCV: OMP.T = %d, want 1..d = %d", oc.T, d)
	}
	oc.Trace, oc.Progress = false, nil
	splits := cfg.Splits
	if splits == nil {
		K := cfg.Folds
		if K == 0 {
			K = 5
		}
		if K < 2 || K > m {
			return nil, featlab.Errorf(featlab.ErrParam, "OMPCV: Folds = %d, want 2..m = %d", K, m)
		}
		if splits, err = validate.KFold(m, K, cfg.Seed); err != nil {
			return nil, err
		}
	} else if err := validate.CheckFolds(m, splits); err != nil {
		return nil, err
	}
	paths := make([][]float64, len(splits))
	L := oc.T
	for f, sp := range splits {
		if err := ctx.Err(); err != nil {
			return nil, featlab.Wrap(err, "OMPCV before fold %d", f)
		}
		fit, err := OMP(matx.Rows(X, sp.Train), matx.Take(y, sp.Train), oc)
		if err != nil {
			return nil, featlab.Wrap(err, "OMPCV fold %d", f)
		}
		Xt := matx.Rows(X, sp.Test)
		yt := matx.Take(y, sp.Test)
		for _, rd := range fit.Rounds {
			var s float64
			for i, v := range yt {
				p := rd.Intercept
				for a, j := range fit.Support[:len(rd.Coef)] {
					p += Xt.At(i, j) * rd.Coef[a]
				}
				s += (v - p) * (v - p)
			}
			paths[f] = append(paths[f], s/float64(len(yt)))
		}
		L = min(L, len(paths[f]))
		if cfg.Progress != nil {
			if err := par.Report(cfg.Progress, f+1, len(splits)+1); err != nil {
				return nil, featlab.Wrap(err, "OMPCV")
			}
		}
	}
	if L == 0 {
		return nil, featlab.Errorf(featlab.ErrConstant, "OMPCV: OMP chose no feature on some fold (y constant or X zero there)")
	}
	res := &OMPCVResult{MSE: make([]float64, L), FoldMSE: mat.NewDense(len(splits), L, nil), Splits: splits}
	for f, p := range paths {
		res.FoldMSE.SetRow(f, p[:L])
		for t := 0; t < L; t++ {
			res.MSE[t] += p[t] / float64(len(splits))
		}
	}
	best := 0
	for t, v := range res.MSE {
		if v < res.MSE[best] {
			best = t
		}
	}
	res.NNonZero = best + 1
	oc.T = res.NNonZero
	if err := ctx.Err(); err != nil {
		return nil, featlab.Wrap(err, "OMPCV before the final fit")
	}
	if res.Fit, err = OMP(X, y, oc); err != nil {
		return nil, err
	}
	if cfg.Progress != nil {
		if err := par.Report(cfg.Progress, len(splits)+1, len(splits)+1); err != nil {
			return nil, featlab.Wrap(err, "OMPCV")
		}
	}
	return res, nil
}
