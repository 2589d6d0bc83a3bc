package validate

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/mat"
)

// Which metrics take k classes: Accuracy, ZeroOneLoss, MultiLogLoss and
// ConfusionMatrix compare labels of any number of classes; ROCAUC and
// LogLoss are defined for two classes and refuse a third, naming the
// alternative below.
const multiclassHint = "for k classes use MultiLogLoss with the class probabilities, Accuracy or ConfusionMatrix, or score each class against the rest"

// MultiLogLoss returns the mean cross-entropy of class probabilities P
// (m x K, column k the probability of classes[k]) for labels y,
//
//	L = -(1/m) sum_i log p_{i, c(y_i)},
//
// computed as scikit-learn's log_loss with labels = classes: each entry
// is clipped to [Eps, 1-Eps], each row divided by its sum, and the log
// of the label's entry taken. classes must be distinct and finite, one
// per column of P (nil: 0, 1, ..., K-1); every y_i must be one of them
// (else an error wrapping ErrLabels names the row). An entry of P outside
// [0, 1] is an error wrapping ErrParam that names it.
func MultiLogLoss(y []float64, P mat.Matrix, classes []float64) (float64, error) {
	if err := featlab.CheckVector(y, "target"); err != nil {
		return 0, err
	}
	if err := featlab.CheckMatrix(P, nil); err != nil {
		return 0, err
	}
	m, K := P.Dims()
	if m != len(y) {
		return 0, featlab.Errorf(featlab.ErrShape, "validate: %d targets but %d rows of probabilities", len(y), m)
	}
	if classes == nil {
		classes = make([]float64, K)
		for k := range classes {
			classes[k] = float64(k)
		}
	}
	if len(classes) != K {
		return 0, featlab.Errorf(featlab.ErrShape, "validate: %d classes for %d columns of probabilities", len(classes), K)
	}
	if err := featlab.CheckVector(classes, "classes"); err != nil {
		return 0, err
	}
	if K < 2 {
		return 0, featlab.Errorf(featlab.ErrLabels, "validate: log-loss needs at least two classes, got %d", K)
	}
	pos := make(map[float64]int, K)
	for k, c := range classes {
		if _, dup := pos[c]; dup {
			return 0, featlab.Errorf(featlab.ErrLabels, "validate: class %v appears twice in classes", c)
		}
		pos[c] = k
	}
	raw := matx.RowMajor(P)
	var s float64
	for i, v := range y {
		c, ok := pos[v]
		if !ok {
			return 0, featlab.Errorf(featlab.ErrLabels, "validate: label %v at row %d is not one of the classes %v", v, i, classes)
		}
		row := raw.Data[i*raw.Stride : i*raw.Stride+K]
		var sum, pc float64
		for k, p := range row {
			if p < 0 || p > 1 {
				return 0, featlab.Errorf(featlab.ErrParam, "validate: probability %v at row %d, column %d is outside [0, 1]", p, i, k)
			}
			q := min(max(p, Eps), 1-Eps)
			sum += q
			if k == c {
				pc = q
			}
		}
		s -= math.Log(pc / sum)
	}
	return s / float64(m), nil
}

// Confusion is a confusion matrix: Counts[a][b] is the number of
// examples of class Labels[a] predicted as Labels[b] (rows true,
// columns predicted, as scikit-learn's confusion_matrix).
type Confusion struct {
	Labels []float64
	Counts [][]int
}

// ConfusionMatrix counts, for labels y and predictions yhat of any number
// of classes, how often each true class is predicted as each class. The
// labels are the sorted union of the values in y and yhat. Lengths must
// agree and be non-zero, and all values finite.
func ConfusionMatrix(y, yhat []float64) (*Confusion, error) {
	if err := checkPair(y, yhat, "predictions"); err != nil {
		return nil, err
	}
	labels := slices.Concat(y, yhat)
	slices.Sort(labels)
	labels = slices.Compact(labels)
	K := len(labels)
	c := &Confusion{Labels: labels, Counts: make([][]int, K)}
	for a := range c.Counts {
		c.Counts[a] = make([]int, K)
	}
	for i, v := range y {
		a, _ := slices.BinarySearch(labels, v)
		b, _ := slices.BinarySearch(labels, yhat[i])
		c.Counts[a][b]++
	}
	return c, nil
}

// Accuracy returns the trace over the total: the fraction predicted
// correctly.
func (c *Confusion) Accuracy() float64 {
	var ok, n int
	for a, row := range c.Counts {
		for b, v := range row {
			n += v
			if a == b {
				ok += v
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ok) / float64(n)
}

// String prints the matrix as a table, true classes down, predicted
// across.
func (c *Confusion) String() string {
	var b strings.Builder
	b.WriteString("true\\pred")
	for _, l := range c.Labels {
		fmt.Fprintf(&b, "\t%s", featlab.FormatFloat(l))
	}
	b.WriteByte('\n')
	for a, row := range c.Counts {
		b.WriteString(featlab.FormatFloat(c.Labels[a]))
		for _, v := range row {
			fmt.Fprintf(&b, "\t%d", v)
		}
		b.WriteByte('\n')
	}
	return b.String()
}
