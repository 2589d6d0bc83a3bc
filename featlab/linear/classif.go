package linear

import (
	"math"
	"strconv"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// This file holds what the sparse classifiers (logistic regression and the
// l1 hinge-loss SVM) share: the penalty kind, the handling of binary labels,
// and the column-major copy of X that coordinate descent reads.
//
// Unexported names here start with clf so that they never collide with the
// regression code of the same package.

// Penalty selects the regulariser of a linear classifier.
type Penalty int

const (
	// L1Penalty is lambda ||w||_1, the sparsity-inducing norm of
	// Shalev-Shwartz 25.1.3 and Zhou 11.4. It is the zero value.
	L1Penalty Penalty = iota
	// L2Penalty is (lambda/2) ||w||_2^2 (Tikhonov). The 1/2 makes
	// lambda the same number as glmnet's lambda with alpha = 0 and gives
	// scikit-learn's C = 1/(m lambda) for both penalties.
	L2Penalty
)

// String returns "l1" or "l2".
func (p Penalty) String() string {
	switch p {
	case L1Penalty:
		return "l1"
	case L2Penalty:
		return "l2"
	}
	return "Penalty(" + strconv.Itoa(int(p)) + ")"
}

// clfAlpha returns the l1 share of the penalty: 1 for l1, 0 for l2.
func (p Penalty) clfAlpha() float64 {
	if p == L2Penalty {
		return 0
	}
	return 1
}

func (p Penalty) clfValid() error {
	if p != L1Penalty && p != L2Penalty {
		return featlab.Errorf(featlab.ErrParam, "penalty %d is neither L1Penalty nor L2Penalty", int(p))
	}
	return nil
}

// clfBinary reads binary class labels. Accepted codings are {0, 1} and
// {-1, +1}; the larger label is the positive class. It returns the labels
// as signs s_i in {-1, +1}, the labels in {0, 1}, and the two original
// labels [negative, positive] so that predictions come back in the caller's
// coding. A target with a single class, more than two classes, or any other
// pair of values is an error wrapping featlab.ErrLabels.
func clfBinary(y []float64) (s, y01 []float64, labels [2]float64, err error) {
	classes, err := featlab.ClassLabels(y, 2)
	if err != nil {
		return nil, nil, labels, err
	}
	if len(classes) > 2 {
		return nil, nil, labels, featlab.Errorf(featlab.ErrLabels, "target has %d classes %v; a binary classifier needs two", len(classes), classes)
	}
	lo, hi := classes[0], classes[1]
	if !(lo == 0 && hi == 1) && !(lo == -1 && hi == 1) {
		return nil, nil, labels, featlab.Errorf(featlab.ErrLabels, "class labels are {%d, %d}; use {0, 1} or {-1, +1}", lo, hi)
	}
	labels = [2]float64{float64(lo), float64(hi)}
	s = make([]float64, len(y))
	y01 = make([]float64, len(y))
	for i, v := range y {
		if v == 1 {
			s[i], y01[i] = 1, 1
		} else {
			s[i], y01[i] = -1, 0
		}
	}
	return s, y01, labels, nil
}

// clfDecision returns X w + b for a fitted linear classifier, checking the
// shape and finiteness of X.
func clfDecision(X mat.Matrix, w []float64, b float64) ([]float64, error) {
	md := Model{Coef: w, Intercept: b}
	return md.Predict(X)
}

// clfCheckLambda checks that a regularisation weight is finite and >= 0.
func clfCheckLambda(lambda float64) error {
	if math.IsNaN(lambda) || math.IsInf(lambda, 0) || lambda < 0 {
		return featlab.Errorf(featlab.ErrParam, "lambda = %v must be finite and >= 0", lambda)
	}
	return nil
}

// clfCheckTol checks a tolerance (0 means default) and an iteration cap.
func clfCheckTol(tol float64, maxIter int) error {
	if math.IsNaN(tol) || tol < 0 || math.IsInf(tol, 0) {
		return featlab.Errorf(featlab.ErrParam, "tolerance %v must be finite and >= 0", tol)
	}
	if maxIter < 0 {
		return featlab.Errorf(featlab.ErrParam, "MaxIter = %d must be >= 0", maxIter)
	}
	return nil
}

// columnMajor copies X (m x d) into a column-major slice, column j at
// xc[j*m : (j+1)*m]: the logistic solvers' coordinate descent reads one
// column at a time and centres the copy in place.
func columnMajor(X mat.Matrix) []float64 {
	m, d := X.Dims()
	raw := matx.RowMajor(X)
	xc := make([]float64, m*d)
	for i := 0; i < m; i++ {
		for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
			xc[j*m+i] = v
		}
	}
	return xc
}
