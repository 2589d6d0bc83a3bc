package linear

import (
	"math"
	"strconv"

	"github.com/featlab/course/featlab"
)

// This file holds what the sparse classifiers (logistic regression and the
// l1 hinge-loss SVM) share beyond the design core and the path record: the
// penalty kind and the handling of binary labels.

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

// share returns the l1 share of the penalty: 1 for l1, 0 for l2.
func (p Penalty) share() float64 {
	if p == L2Penalty {
		return 0
	}
	return 1
}

func (p Penalty) check() error {
	if p != L1Penalty && p != L2Penalty {
		return featlab.Errorf(featlab.ErrParam, "penalty %d is neither L1Penalty nor L2Penalty", int(p))
	}
	return nil
}

// binaryLabels reads binary class labels. Accepted codings are {0, 1} and
// {-1, +1}; the larger label is the positive class. It returns the labels
// as signs s_i in {-1, +1}, the labels in {0, 1}, and the two original
// labels [negative, positive] so that predictions come back in the caller's
// coding. A target with a single class, more than two classes, or any other
// pair of values is an error wrapping featlab.ErrLabels.
func binaryLabels(y []float64) (s, y01 []float64, labels [2]float64, err error) {
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

// checkTolIter checks a tolerance (0 means default) and an iteration cap.
func checkTolIter(tol float64, maxIter int) error {
	if math.IsNaN(tol) || tol < 0 || math.IsInf(tol, 0) {
		return featlab.Errorf(featlab.ErrParam, "tolerance %v must be finite and >= 0", tol)
	}
	if maxIter < 0 {
		return featlab.Errorf(featlab.ErrParam, "MaxIter = %d must be >= 0", maxIter)
	}
	return nil
}
