package validate

import (
	"math"
	"slices"

	"github.com/featlab/course/featlab"
)

// Metric scores predictions yhat of targets y. MSE, Accuracy, ZeroOneLoss,
// ROCAUC and LogLoss are Metrics.
type Metric func(y, yhat []float64) (float64, error)

// checkPair validates a target and a prediction vector of equal, non-zero
// length, both finite.
func checkPair(y, yhat []float64, what string) error {
	if len(y) != len(yhat) {
		return featlab.Errorf(featlab.ErrShape, "validate: %d targets but %d %s", len(y), len(yhat), what)
	}
	if err := featlab.CheckVector(y, "target"); err != nil {
		return err
	}
	return featlab.CheckVector(yhat, what)
}

// MSE returns the mean squared error (1/m) sum_i (y_i - yhat_i)^2, as
// scikit-learn's mean_squared_error. Lengths must agree and be non-zero,
// and all values finite.
func MSE(y, yhat []float64) (float64, error) {
	if err := checkPair(y, yhat, "predictions"); err != nil {
		return 0, err
	}
	s := 0.0
	for i, v := range y {
		d := v - yhat[i]
		s += d * d
	}
	return s / float64(len(y)), nil
}

// Accuracy returns the fraction of examples whose prediction equals the
// label exactly, k/m, as scikit-learn's accuracy_score. Lengths must agree
// and be non-zero, and all values finite.
func Accuracy(y, yhat []float64) (float64, error) {
	if err := checkPair(y, yhat, "predictions"); err != nil {
		return 0, err
	}
	k := 0
	for i, v := range y {
		if v == yhat[i] {
			k++
		}
	}
	return float64(k) / float64(len(y)), nil
}

// ZeroOneLoss returns the fraction of misclassified examples, (m-k)/m, the
// empirical 0-1 loss L_S(h) of Shalev-Shwartz and Ben-David (2014), section
// 2.2. It equals 1 - Accuracy up to the last bit (scikit-learn's
// zero_one_loss computes 1 - k/m; this is the exact (m-k)/m, correctly
// rounded).
func ZeroOneLoss(y, yhat []float64) (float64, error) {
	if err := checkPair(y, yhat, "predictions"); err != nil {
		return 0, err
	}
	miss := 0
	for i, v := range y {
		if v != yhat[i] {
			miss++
		}
	}
	return float64(miss) / float64(len(y)), nil
}

// binary checks that y holds binary labels, 1 positive and 0 or -1
// negative, and returns the number of positives and negatives.
func binary(y []float64) (pos, neg int, err error) {
	for i, v := range y {
		switch v {
		case 1:
			pos++
		case 0, -1:
			neg++
		default:
			return 0, 0, featlab.Errorf(featlab.ErrLabels, "validate: label %v at row %d; binary labels are 1 (positive) and 0 or -1 (negative) (%s)", v, i, multiclassHint)
		}
	}
	return pos, neg, nil
}

// ROCAUC returns the area under the ROC curve of the scores for binary
// labels y (1 positive; 0 or -1 negative): the probability that a random
// positive example scores higher than a random negative one, ties counting
// one half,
//
//	AUC = (1/(P N)) sum_{i positive} sum_{j negative} ( [s_i > s_j] + [s_i = s_j]/2 ),
//
// which is the Mann-Whitney statistic with tied scores given their average
// rank, and equals scikit-learn's roc_auc_score (the trapezoidal area under
// the curve with tied scores joined by one diagonal segment). It is
// computed exactly in integers after an O(m log m) sort and rounded once.
//
// Lengths must agree and be non-zero, all values finite, and both classes
// present (a single class is an error wrapping ErrLabels, as in
// scikit-learn).
func ROCAUC(y, score []float64) (float64, error) {
	if err := checkPair(y, score, "scores"); err != nil {
		return 0, err
	}
	P, N, err := binary(y)
	if err != nil {
		return 0, err
	}
	if P == 0 || N == 0 {
		return 0, featlab.Errorf(featlab.ErrLabels, "validate: ROC AUC needs both classes; y has %d positive and %d negative examples", P, N)
	}
	pos := make([]float64, 0, P)
	neg := make([]float64, 0, N)
	for i, v := range y {
		if v == 1 {
			pos = append(pos, score[i])
		} else {
			neg = append(neg, score[i])
		}
	}
	slices.Sort(pos)
	slices.Sort(neg)
	// Walk the distinct positive scores upwards: a value v held by p
	// positives and n negatives, with `below` negatives scoring less,
	// adds p*below + p*n/2 pairs; keep twice that in integers.
	var twice, below int64
	j := 0
	for i := 0; i < len(pos); {
		v := pos[i]
		for j < len(neg) && neg[j] < v {
			j++
		}
		below = int64(j)
		var p, n int64
		for i < len(pos) && pos[i] == v {
			p++
			i++
		}
		for j < len(neg) && neg[j] == v {
			n++
			j++
		}
		twice += 2*p*below + p*n
	}
	return float64(twice) / (2 * float64(P) * float64(N)), nil
}

// Eps is the probability clipping bound of LogLoss: the float64 machine
// epsilon 2^-52, scikit-learn's log_loss default eps="auto"
// (np.finfo(np.float64).eps) since version 1.2.
const Eps = 0x1p-52

// LogLoss returns the mean binary cross-entropy of predicted probabilities
// p of the positive class for labels y (1 positive; 0 or -1 negative),
//
//	L = -(1/m) sum_i ( [y_i = 1] log p_i + [y_i != 1] log(1 - p_i) ),
//
// after clipping each p_i to [Eps, 1-Eps], so that a confident wrong
// prediction costs -log(Eps) ~ 36.04 rather than infinity. The
// computation follows scikit-learn's log_loss step by step (clip, q = 1-p,
// divide both by q+p, take the log of the label's entry), so the values
// agree to rounding.
//
// Lengths must agree and be non-zero, and all values finite; a p_i outside
// [0, 1] is an error wrapping ErrParam that names the row. Unlike
// scikit-learn, y may hold a single class.
func LogLoss(y, p []float64) (float64, error) {
	if err := checkPair(y, p, "probabilities"); err != nil {
		return 0, err
	}
	if _, _, err := binary(y); err != nil {
		return 0, err
	}
	s := 0.0
	for i, v := range p {
		if v < 0 || v > 1 {
			return 0, featlab.Errorf(featlab.ErrParam, "validate: probability %v at row %d is outside [0, 1]", v, i)
		}
		pc := min(max(v, Eps), 1-Eps)
		q := 1 - pc
		sum := q + pc
		if y[i] == 1 {
			s -= math.Log(pc / sum)
		} else {
			s -= math.Log(q / sum)
		}
	}
	return s / float64(len(y)), nil
}
