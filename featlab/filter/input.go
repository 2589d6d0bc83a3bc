package filter

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
)

// Config holds the settings shared by the scores that have no parameters
// of their own (Pearson, RSquared, Spearman, AUC, Stump, FRegression,
// FClassif, Chi2). The zero value is the default, field by field.
type Config struct {
	// Names are the feature names (default nil: x1, ..., xd); when set
	// there must be one per column of X.
	Names []string
	// Workers is the number of goroutines that score features; <= 0 (the
	// default) means one per core (GOMAXPROCS). The scores do not depend
	// on it.
	Workers int
}

// input is a validated design matrix in row-major raw form.
type input struct {
	m, d   int
	data   []float64 // element (i, j) at data[i*stride+j]
	stride int
	names  []string
}

// prepare validates X, y and names (y may be nil when the caller checks it
// itself). When scanX is false the NaN/Inf scan of X is left to the caller
// (fused passes detect non-finite values from their sums and then call
// findNotFinite for the message). who, when not empty, prefixes the
// messages ("relief: X is 0x3").
func prepare(who string, X mat.Matrix, y []float64, names []string, scanX bool) (*input, error) {
	if who != "" {
		who += ": "
	}
	if featlab.IsNil(X) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "%snil matrix X", who)
	}
	m, d := X.Dims()
	if m == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "%sX is %dx%d", who, m, d)
	}
	if names != nil && len(names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "%s%d feature names for %d columns of X", who, len(names), d)
	}
	if len(y) != m {
		return nil, featlab.Errorf(featlab.ErrShape, "%sX has %d rows but y has %d values", who, m, len(y))
	}
	if err := featlab.CheckVector(y, "target y"); err != nil {
		return nil, err
	}
	if names == nil {
		names = featlab.DefaultNames(d)
	} else {
		names = append([]string(nil), names...)
	}
	if scanX {
		if err := featlab.CheckMatrix(X, names); err != nil {
			return nil, err
		}
	}
	g := matx.RowMajor(X)
	return &input{m: m, d: d, data: g.Data, stride: g.Stride, names: names}, nil
}

// findNotFinite returns the error for the first NaN or Inf of X in row-major
// order, or nil if there is none.
func (in *input) findNotFinite() error {
	for i := 0; i < in.m; i++ {
		row := in.data[i*in.stride : i*in.stride+in.d]
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return featlab.NotFiniteCell(v, i, fmt.Sprintf("feature %d (%q)", j, in.names[j]))
			}
		}
	}
	return nil
}

// column copies column j into dst (len m) and returns it.
func (in *input) column(j int, dst []float64) []float64 {
	dst = dst[:in.m]
	for i := range dst {
		dst[i] = in.data[i*in.stride+j]
	}
	return dst
}

// checkRegressionTarget returns an error wrapping featlab.ErrConstant when
// every value of y is the same.
func checkRegressionTarget(y []float64) error {
	for _, v := range y[1:] {
		if v != y[0] {
			return nil
		}
	}
	return featlab.Errorf(featlab.ErrConstant, "target y is constant (all %d values are %v); a regression score needs a varying target", len(y), y[0])
}

// classes maps y to class indices 0..K-1 (in increasing label order). It
// requires integer labels and at least two classes (featlab.ErrLabels).
func classes(y []float64, score string) (idx []int, labels []int, err error) {
	labels, err = featlab.ClassLabels(y, 2)
	if err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrLabels, "%s needs integer class labels in y (%v)", score, err)
	}
	pos := make(map[int]int, len(labels))
	for k, l := range labels {
		pos[l] = k
	}
	idx = make([]int, len(y))
	for i, v := range y {
		idx[i] = pos[int(v)]
	}
	return idx, labels, nil
}

// twoClasses maps y to booleans (true for the larger of the two labels, the
// positive class as in scikit-learn's roc_auc_score). It requires exactly
// two integer labels.
func twoClasses(y []float64, score string) ([]bool, error) {
	idx, labels, err := classes(y, score)
	if err != nil {
		return nil, err
	}
	if len(labels) != 2 {
		s := make([]string, len(labels))
		for k, l := range labels {
			s[k] = strconv.Itoa(l)
		}
		return nil, featlab.Errorf(featlab.ErrLabels, "%s needs exactly 2 classes, y has %d (labels %s)", score, len(labels), strings.Join(s, ", "))
	}
	pos := make([]bool, len(y))
	for i, k := range idx {
		pos[i] = k == 1
	}
	return pos, nil
}

// constantList returns the indices j with c[j] true.
func constantList(c []bool) []int {
	var out []int
	for j, v := range c {
		if v {
			out = append(out, j)
		}
	}
	return out
}

func sign(v float64) float64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
