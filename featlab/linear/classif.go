package linear

import (
	"math"
	"strconv"

	"github.com/featlab/course/featlab"
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

// clfColumns copies X (m x d) into a column-major slice: column j is
// xc[j*m : (j+1)*m]. Coordinate descent reads one column at a time.
func clfColumns(X mat.Matrix) []float64 {
	m, d := X.Dims()
	xc := make([]float64, m*d)
	if rm, ok := X.(mat.RawMatrixer); ok {
		raw := rm.RawMatrix()
		for i := 0; i < m; i++ {
			row := raw.Data[i*raw.Stride : i*raw.Stride+d]
			for j, v := range row {
				xc[j*m+i] = v
			}
		}
		return xc
	}
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			xc[j*m+i] = X.At(i, j)
		}
	}
	return xc
}

// clfDecision returns X w + b for a fitted linear classifier, checking the
// shape and finiteness of X.
func clfDecision(X mat.Matrix, w []float64, b float64) ([]float64, error) {
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	m, d := X.Dims()
	if d != len(w) {
		return nil, featlab.Errorf(featlab.ErrShape, "X has %d columns, the model was fitted on %d", d, len(w))
	}
	out := make([]float64, m)
	if rm, ok := X.(mat.RawMatrixer); ok {
		raw := rm.RawMatrix()
		for i := range out {
			row := raw.Data[i*raw.Stride : i*raw.Stride+d]
			z := b
			for j, v := range row {
				z += v * w[j]
			}
			out[i] = z
		}
		return out, nil
	}
	for i := range out {
		z := b
		for j := range w {
			z += X.At(i, j) * w[j]
		}
		out[i] = z
	}
	return out, nil
}

// clfSupport returns the indices j with w[j] != 0, in increasing order.
func clfSupport(w []float64) []int {
	var s []int
	for j, v := range w {
		if v != 0 {
			s = append(s, j)
		}
	}
	return s
}

// clfSelection turns a coefficient vector into a featlab.Selection: chosen
// are the nonzero coefficients, scores |w_j|, ranking by decreasing |w_j|
// (ties by index). names may be nil (x1, ..., xd).
func clfSelection(method string, w []float64, names []string) *featlab.Selection {
	if names == nil || len(names) != len(w) {
		names = featlab.DefaultNames(len(w))
	}
	scores := make([]float64, len(w))
	for j, v := range w {
		scores[j] = math.Abs(v)
	}
	rank := make([]int, len(w))
	for j := range rank {
		rank[j] = j
	}
	// insertion sort: d is small enough and the order must be stable.
	for i := 1; i < len(rank); i++ {
		for k := i; k > 0 && scores[rank[k]] > scores[rank[k-1]]; k-- {
			rank[k], rank[k-1] = rank[k-1], rank[k]
		}
	}
	var chosen []int
	for _, j := range rank {
		if w[j] != 0 {
			chosen = append(chosen, j)
		}
	}
	sel := featlab.NewSelection(method, names, chosen)
	sel.Scores = scores
	sel.Ranking = rank
	return sel
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
