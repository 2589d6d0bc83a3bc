package transform

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

// ImputeStrategy is how an Imputer fills a missing value.
type ImputeStrategy int

const (
	// ImputeMean (the zero value) fills with the mean of the column's
	// observed training values.
	ImputeMean ImputeStrategy = iota
	// ImputeMedian fills with the median of the observed training values
	// (the mean of the two middle ones for an even count).
	ImputeMedian
	// ImputeMostFrequent fills with the most frequent observed training
	// value, the smallest of those tied.
	ImputeMostFrequent
	// ImputeConstant fills with Imputer.FillValue.
	ImputeConstant
	// ImputeKNN fills with the mean of the column over the K nearest
	// training rows that have it (nan-Euclidean distance, see Imputer).
	ImputeKNN
)

// String returns the constant's name.
func (s ImputeStrategy) String() string {
	switch s {
	case ImputeMean:
		return "ImputeMean"
	case ImputeMedian:
		return "ImputeMedian"
	case ImputeMostFrequent:
		return "ImputeMostFrequent"
	case ImputeConstant:
		return "ImputeConstant"
	case ImputeKNN:
		return "ImputeKNN"
	}
	return fmt.Sprintf("ImputeStrategy(%d)", int(s))
}

// KNNWeights is how ImputeKNN weighs the neighbours it averages.
type KNNWeights int

const (
	// KNNUniform (the zero value): every neighbour counts the same.
	KNNUniform KNNWeights = iota
	// KNNDistance: neighbour k counts 1/dist_k; when some neighbours are
	// at distance 0, only they count, equally.
	KNNDistance
)

// String returns the constant's name.
func (w KNNWeights) String() string {
	switch w {
	case KNNUniform:
		return "KNNUniform"
	case KNNDistance:
		return "KNNDistance"
	}
	return fmt.Sprintf("KNNWeights(%d)", int(w))
}

// Imputer fills missing values (NaN) of each feature from what Fit learned
// on the training rows only, as scikit-learn's SimpleImputer and
// KNNImputer do; put it first in a Pipeline or Model so that
// cross-validation imputes inside each fold (imputing all rows first lets
// the validation rows shape their own fill values).
//
// Strategies, for column j with observed training values f_1..f_n (the
// rows of Fit's X where column j is not NaN):
//
//	ImputeMean          fill_j = (1/n) sum_i f_i
//	ImputeMedian        fill_j = middle value of the sorted f (the mean of the two middle ones when n is even)
//	ImputeMostFrequent  fill_j = the most frequent f_i (the smallest of those tied)
//	ImputeConstant      fill_j = FillValue (0 by default, as scikit-learn's fill_value for numbers)
//
// ImputeKNN (scikit-learn's KNNImputer with metric "nan_euclidean") fills
// the missing x_j of a row x with the mean of column j over its K nearest
// training rows among those that have column j, the distance to a
// training row t counting only the coordinates present in both:
//
//	dist(x, t) = sqrt( d / |P| * sum_{k in P} (x_k - t_k)^2 ),  P = {k : x_k and t_k not NaN}
//
// with d the number of columns; a training row sharing no coordinate
// with x is at an undefined distance and is used only when fewer than K
// rows are at a defined one (as scikit-learn does). KNNUniform averages
// the K values equally, KNNDistance weights them by 1/dist (see
// KNNWeights; when every weight vanishes because the distances overflow
// to +Inf, the neighbours count equally). A row at an undefined distance
// from every candidate
// gets the column's training mean. Distances use the row as given, before
// any of its values is filled.
//
// With Indicator, Transform appends one column per feature that had a
// missing value in the training rows (scikit-learn's add_indicator=True,
// features="missing-only"): 1 where the input was missing, else 0,
// named "missing(name)" by OutputNames. A feature with no missing
// training value gets no indicator, even if later data misses it.
//
// A column with no observed training value is an error wrapping
// featlab.ErrEmpty that names it (scikit-learn drops such a column with a
// warning; here you drop it, or choose ImputeConstant, which fills it).
// An infinity is not a missing value: it is an error wrapping
// featlab.ErrNotFinite naming the cell, at Fit and at Transform.
//
// In a data frame (FitFrame, TransformFrame, ApplyFrame) an Imputer reads
// gota's missing cells (NA) as missing, and a text column of numbers with
// missing markers (featlab.DefaultNA) as numbers; columns are matched by
// name.
//
// An Imputer is not safe for concurrent Fit; a fitted one may Transform
// from several goroutines.
type Imputer struct {
	// Strategy is the fill rule; the zero value is ImputeMean.
	Strategy ImputeStrategy
	// FillValue is the value ImputeConstant fills with (a finite number;
	// 0 by default).
	FillValue float64
	// K is the number of neighbours of ImputeKNN; 0 means 5, as
	// scikit-learn's n_neighbors. Fewer candidates than K: all of them.
	K int
	// Weights is the neighbour weighting of ImputeKNN (KNNUniform by
	// default).
	Weights KNNWeights
	// Indicator appends the missing-indicator columns.
	Indicator bool
	// Workers bounds the goroutines of ImputeKNN's Transform (0: all
	// cores); the result does not depend on it.
	Workers int

	fitted
	fill    []float64  // per column: the fill value (KNN: the mean, for rows with no defined distance)
	missing []int      // columns with a missing training value
	train   *mat.Dense // ImputeKNN: the training rows, NaN included
}

// Statistics returns the fill value of each column learned by Fit (for
// ImputeKNN, the column means used when no neighbour is at a defined
// distance), or nil before Fit.
func (im *Imputer) Statistics() []float64 {
	return append([]float64(nil), im.fill...)
}

// MissingFeatures returns the columns (0-based) that had a missing value
// in the training rows, those that get an indicator column; nil before
// Fit or when none had.
func (im *Imputer) MissingFeatures() []int {
	return append([]int(nil), im.missing...)
}

func (im *Imputer) checkParams() error {
	if im.Strategy < ImputeMean || im.Strategy > ImputeKNN {
		return featlab.Errorf(featlab.ErrParam, "transform: Imputer.Strategy = %v is not a strategy", im.Strategy)
	}
	if !finite(im.FillValue) {
		return featlab.Errorf(featlab.ErrParam, "transform: Imputer.FillValue = %v must be finite", im.FillValue)
	}
	if im.K < 0 {
		return featlab.Errorf(featlab.ErrParam, "transform: Imputer.K = %d must be >= 0 (0: 5)", im.K)
	}
	if im.Weights != KNNUniform && im.Weights != KNNDistance {
		return featlab.Errorf(featlab.ErrParam, "transform: Imputer.Weights = %v is not KNNUniform or KNNDistance", im.Weights)
	}
	return nil
}

// Fit learns the fill values from the rows of X (NaN marks a missing
// value).
func (im *Imputer) Fit(X mat.Matrix) error {
	return im.fit(X, nil)
}

// fit is Fit with the column names of a frame, for messages.
func (im *Imputer) fit(X mat.Matrix, names []string) error {
	im.setFitted(0)
	im.fill, im.missing, im.train = nil, nil, nil
	if err := im.checkParams(); err != nil {
		return err
	}
	x, err := rawOf(X, im.Workers)
	if err != nil {
		return err
	}
	if err := checkNoInf(x, names); err != nil {
		return err
	}
	// One pass in row order: the observed count and sum of each column
	// (summed in row order, as a column loop would).
	d := x.cols
	count := make([]int, d)
	sum := make([]float64, d)
	for i := 0; i < x.rows; i++ {
		for j, v := range x.row(i) {
			if !math.IsNaN(v) {
				count[j]++
				sum[j] += v
			}
		}
	}
	// The median and the mode need each column's values: a second pass
	// gathers them.
	var cols [][]float64
	if im.Strategy == ImputeMedian || im.Strategy == ImputeMostFrequent {
		cols = make([][]float64, d)
		for j := range cols {
			cols[j] = make([]float64, 0, count[j])
		}
		for i := 0; i < x.rows; i++ {
			for j, v := range x.row(i) {
				if !math.IsNaN(v) {
					cols[j] = append(cols[j], v)
				}
			}
		}
	}
	fill := make([]float64, d)
	var missing []int
	for j := 0; j < d; j++ {
		if count[j] < x.rows {
			missing = append(missing, j)
		}
		if count[j] == 0 && im.Strategy != ImputeConstant {
			return featlab.Errorf(featlab.ErrEmpty, "transform: Imputer: %s has no observed value in the %d training rows; drop it, or use ImputeConstant", columnName(j, names), x.rows)
		}
		var col []float64
		if cols != nil {
			col = cols[j]
		}
		switch im.Strategy {
		case ImputeMean, ImputeKNN:
			fill[j] = sum[j] / float64(count[j])
			if !finite(fill[j]) { // the sum overflowed: add the values divided by n
				fill[j] = 0
				for i := 0; i < x.rows; i++ {
					if v := x.data[i*x.stride+j]; !math.IsNaN(v) {
						fill[j] += v / float64(count[j])
					}
				}
			}
		case ImputeMedian:
			sort.Float64s(col)
			n := len(col)
			if n%2 == 1 {
				fill[j] = col[n/2]
			} else {
				fill[j] = col[n/2-1]/2 + col[n/2]/2
				if a, b := col[n/2-1], col[n/2]; finite(a + b) {
					fill[j] = (a + b) / 2
				}
			}
		case ImputeMostFrequent:
			sort.Float64s(col)
			best, bestN := col[0], 0
			for lo := 0; lo < len(col); {
				hi := lo
				for hi < len(col) && col[hi] == col[lo] {
					hi++
				}
				if hi-lo > bestN {
					best, bestN = col[lo], hi-lo
				}
				lo = hi
			}
			fill[j] = best
		case ImputeConstant:
			fill[j] = im.FillValue
		}
	}
	if im.Strategy == ImputeKNN {
		im.train = mat.NewDense(x.rows, x.cols, nil)
		for i := 0; i < x.rows; i++ {
			im.train.SetRow(i, x.row(i))
		}
	}
	im.fill, im.missing = fill, missing
	im.setFitted(x.cols)
	return nil
}

func columnName(j int, names []string) string {
	if j < len(names) && names[j] != "" {
		return fmt.Sprintf("column %d (%q)", j, names[j])
	}
	return fmt.Sprintf("column %d", j)
}

// checkNoInf returns a CellError for the first infinity of x.
func checkNoInf(x raw, names []string) error {
	for i := 0; i < x.rows; i++ {
		for j, v := range x.row(i) {
			if math.IsInf(v, 0) {
				e := &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Value: v, Reason: "an infinity is not a missing value"}
				if j < len(names) {
					e.Name = names[j]
				}
				return e
			}
		}
	}
	return nil
}

// Transform returns X with its missing values filled, followed by the
// indicator columns when Indicator is set. X must have the fitted number
// of columns.
func (im *Imputer) Transform(X mat.Matrix) (*mat.Dense, error) {
	return im.transform(X, nil)
}

func (im *Imputer) transform(X mat.Matrix, names []string) (*mat.Dense, error) {
	x, err := im.check(X, "Imputer", im.Workers)
	if err != nil {
		return nil, err
	}
	if err := checkNoInf(x, names); err != nil {
		return nil, err
	}
	d := x.cols
	width := d
	if im.Indicator {
		width += len(im.missing)
	}
	out := mat.NewDense(x.rows, width, nil)
	o := out.RawMatrix()
	var rowsMissing []int
	for i := 0; i < x.rows; i++ {
		dst := o.Data[i*o.Stride : i*o.Stride+width]
		in := x.row(i)
		copy(dst, in)
		has := false
		for j, v := range in {
			if math.IsNaN(v) {
				has = true
				dst[j] = im.fill[j]
			}
		}
		if has {
			rowsMissing = append(rowsMissing, i)
		}
		if im.Indicator {
			for k, j := range im.missing {
				if math.IsNaN(in[j]) {
					dst[d+k] = 1
				}
			}
		}
	}
	if im.Strategy == ImputeKNN && len(rowsMissing) > 0 {
		im.knnFill(x, o.Data, o.Stride, rowsMissing)
	}
	return out, nil
}

// knnFill overwrites the missing cells of the given rows of x in dst with
// the K-nearest-neighbour values (see Imputer).
func (im *Imputer) knnFill(x raw, dst []float64, stride int, rows []int) {
	tr := im.train.RawMatrix()
	mt, d := tr.Rows, tr.Cols
	K := im.K
	if K == 0 {
		K = 5
	}
	par.For(len(rows), par.Workers(im.Workers, len(rows)), func(r int) {
		i := rows[r]
		xi := x.row(i)
		dist := make([]float64, mt)
		for t := 0; t < mt; t++ {
			dist[t] = nanEuclidean(xi, tr.Data[t*tr.Stride:t*tr.Stride+d])
		}
		nb := make([]int, 0, K)
		for j, v := range xi {
			if !math.IsNaN(v) {
				continue
			}
			// The K nearest training rows that have column j, undefined
			// distances last, ties by row (insertion into a sorted list
			// of at most K).
			nb = nb[:0]
			defined := false
			for t := 0; t < mt; t++ {
				if math.IsNaN(tr.Data[t*tr.Stride+j]) {
					continue
				}
				dt := dist[t]
				defined = defined || !math.IsNaN(dt)
				if len(nb) == K && !nearer(dt, dist[nb[K-1]]) {
					continue
				}
				if len(nb) < K {
					nb = append(nb, t)
				}
				k := len(nb) - 1
				for ; k > 0 && nearer(dt, dist[nb[k-1]]); k-- {
					nb[k] = nb[k-1]
				}
				nb[k] = t
			}
			if !defined {
				continue // keeps the column mean
			}
			dst[i*stride+j] = knnAverage(nb, dist, tr.Data, tr.Stride, j, im.Weights)
		}
	})
}

// nearer reports whether distance a sorts strictly before b, NaN last.
func nearer(a, b float64) bool {
	if math.IsNaN(b) {
		return !math.IsNaN(a)
	}
	return a < b
}

// knnAverage averages column j of the neighbour rows nb with the weights
// of w (scikit-learn's _get_weights; an undefined distance weighs 0).
func knnAverage(nb []int, dist, train []float64, stride, j int, w KNNWeights) float64 {
	if w == KNNUniform {
		return meanOf(nb, train, stride, j)
	}
	zero := false
	for _, t := range nb {
		zero = zero || dist[t] == 0
	}
	s, ws := 0.0, 0.0
	for _, t := range nb {
		var wt float64
		switch dt := dist[t]; {
		case math.IsNaN(dt):
			wt = 0
		case zero && dt == 0:
			wt = 1
		case zero:
			wt = 0
		default:
			wt = 1 / dt
		}
		s += wt * train[t*stride+j]
		ws += wt
	}
	if r := s / ws; finite(r) {
		return r
	}
	// Distances that overflowed to +Inf weigh 0 (or sums that overflowed):
	// the plain mean of the neighbours at a defined distance.
	var def []int
	for _, t := range nb {
		if !math.IsNaN(dist[t]) {
			def = append(def, t)
		}
	}
	return meanOf(def, train, stride, j)
}

// meanOf is the mean of column j over the rows nb, without overflow.
func meanOf(nb []int, train []float64, stride, j int) float64 {
	s := 0.0
	for _, t := range nb {
		s += train[t*stride+j]
	}
	n := float64(len(nb))
	if finite(s) {
		return s / n
	}
	s = 0
	for _, t := range nb {
		s += train[t*stride+j] / n
	}
	return s
}

// nanEuclidean is scikit-learn's nan_euclidean distance between two rows:
// sqrt(d / |P| * sum over P of squared differences), P the coordinates
// present in both; NaN when P is empty.
func nanEuclidean(a, b []float64) float64 {
	s, p := 0.0, 0
	for k, v := range a {
		w := b[k]
		if math.IsNaN(v) || math.IsNaN(w) {
			continue
		}
		s += (v - w) * (v - w)
		p++
	}
	if p == 0 {
		return math.NaN()
	}
	return math.Sqrt(float64(len(a)) / float64(p) * s)
}

// OutputNames returns the input names followed by "missing(name)" for
// each feature with an indicator column.
func (im *Imputer) OutputNames(input []string) ([]string, error) {
	if im.d == 0 {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: Imputer: OutputNames called before Fit")
	}
	if input == nil {
		input = featlab.DefaultNames(im.d)
	}
	if len(input) != im.d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Imputer was fitted on %d columns, got %d names", im.d, len(input))
	}
	out := append([]string(nil), input...)
	if im.Indicator {
		for _, j := range im.missing {
			out = append(out, "missing("+input[j]+")")
		}
	}
	return out, nil
}

// widths: without indicators every column maps to one output column;
// with them the indicators come last (scikit-learn's order), so no
// per-column blocks.
func (im *Imputer) widths() []int {
	if im.Indicator && len(im.missing) > 0 {
		return nil
	}
	w := make([]int, im.d)
	for j := range w {
		w[j] = 1
	}
	return w
}
