package stream

import (
	"math"
	"slices"

	"github.com/featlab/course/featlab"
)

// DefaultMaxClasses is the number of distinct class labels ClassStats
// and Contingency accept: a target with more is more often a continuous
// value read as labels (ErrTooLarge).
const DefaultMaxClasses = 1024

// ClassStats holds, for each class k of an integer target and each
// feature j, the count n_k, the class mean x̄_kj, the within-class sum of
// squared deviations M2_kj = Σ_{i in k} (x_ij − x̄_kj)², and the minimum
// and maximum. Blocks are summarised by two passes per class and merged
// by Chan et al.'s update class by class, so the statistics keep their
// digits when the means are large: the class means are kept as means of
// x_j − s_j, with s_j the first value of feature j seen (Shift), so that
// differences of class means keep their digits when the means are large
// against the spread. The classes are kept sorted by label
// whatever the order in which they arrive.
//
// From them come the one-way ANOVA F of each feature (between-class
// SS_B = Σ_k n_k (x̄_kj − x̄_j)², within SS_W = Σ_k M2_kj) and the per-class
// totals Σ_{i in k} x_ij = n_k x̄_kj of scikit-learn's chi2 (see
// filter.FClassifFromStats and filter.Chi2FromStats).
//
// Its zero value is unusable: use NewClassStats. A ClassStats is not safe
// for concurrent use; merge per-goroutine copies.
type ClassStats struct {
	colNames
	d      int
	labels []int
	cls    []*Moments // per class, of the d features: means of x - shift, raw min and max
	shift  []float64  // nil before the first row
}

// NewClassStats returns empty class statistics of d features (at least
// one: ErrParam). Blocks must carry the target, holding integer class
// labels (ErrLabels), at most DefaultMaxClasses distinct (ErrTooLarge).
func NewClassStats(d int) (*ClassStats, error) {
	if d < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: ClassStats of %d features: need at least one", d)
	}
	if _, err := columns(d, false, 1); err != nil {
		return nil, err
	}
	return &ClassStats{d: d}, nil
}

// Features returns d.
func (c *ClassStats) Features() int { return c.d }

// Classes returns the sorted class labels seen.
func (c *ClassStats) Classes() []int { return append([]int(nil), c.labels...) }

// Count returns the number of rows added.
func (c *ClassStats) Count() int64 {
	var n int64
	for _, m := range c.cls {
		n += m.n
	}
	return n
}

// ClassCounts returns n_k for each class of Classes.
func (c *ClassStats) ClassCounts() []int64 {
	out := make([]int64, len(c.cls))
	for k, m := range c.cls {
		out[k] = m.n
	}
	return out
}

// Shift returns a copy of the shifts s_j the class means are taken from
// (nil before any row).
func (c *ClassStats) Shift() []float64 { return append([]float64(nil), c.shift...) }

// Class returns copies of the shifted means x̄_kj − s_j (add Shift for the
// means), the M2, minima and maxima of the d features over the rows of
// class k (an index into Classes; ErrParam when out of range).
func (c *ClassStats) Class(k int) (shiftedMean, m2, lo, hi []float64, err error) {
	if k < 0 || k >= len(c.cls) {
		return nil, nil, nil, nil, featlab.Errorf(featlab.ErrParam, "stream: class index %d of %d classes", k, len(c.cls))
	}
	m := c.cls[k]
	return m.Mean(), m.M2(), m.Min(), m.Max(), nil
}

// Sums returns the per-class totals Σ_{i in k} x_ij = n_k x̄_kj as K rows
// of d values.
func (c *ClassStats) Sums() [][]float64 {
	out := make([][]float64, len(c.cls))
	for k, m := range c.cls {
		out[k] = make([]float64, c.d)
		for j, v := range m.mean {
			out[k][j] = float64(m.n) * (v + c.shift[j])
		}
	}
	return out
}

// SetNames records the feature names (len d, or nil) and the target name
// before any block, as Moments.SetNames does.
func (c *ClassStats) SetNames(names []string, target string) error {
	return c.colNames.setNames(c.d, names, target, true)
}

// Empty returns empty class statistics of the same shape and names.
func (c *ClassStats) Empty() Accumulator {
	return &ClassStats{colNames: c.colNames.clone(), d: c.d}
}

// classIndex returns the index of label l, inserting an empty class
// when absent.
func (c *ClassStats) classIndex(l int) int {
	k, found := slices.BinarySearch(c.labels, l)
	if !found {
		c.labels = slices.Insert(c.labels, k, l)
		c.cls = slices.Insert(c.cls, k, newMoments(c.d, false, c.d))
	}
	return k
}

// blockLabels checks that y holds integer labels and returns them as
// ints with the sorted distinct labels.
func blockLabels(y []float64, have []int) ([]int, []int, error) {
	lab := make([]int, len(y))
	seen := map[int]bool{}
	for _, l := range have {
		seen[l] = true
	}
	var fresh []int
	for i, v := range y {
		if v != math.Trunc(v) || math.Abs(v) > 1<<30 {
			return nil, nil, featlab.Errorf(featlab.ErrLabels, "stream: target value %v at block row %d is not an integer class label", v, i)
		}
		lab[i] = int(v)
		if !seen[lab[i]] {
			seen[lab[i]] = true
			fresh = append(fresh, lab[i])
		}
	}
	if len(seen) > DefaultMaxClasses {
		return nil, nil, featlab.Errorf(featlab.ErrTooLarge, "stream: %d distinct class labels, over DefaultMaxClasses (%d): is the target continuous?", len(seen), DefaultMaxClasses)
	}
	slices.Sort(fresh)
	return lab, fresh, nil
}

// Add folds in the rows of b, which must carry integer class labels in Y.
// A block of another width, without a target, with a NaN or an infinity,
// with labels that are not integers, or whose per-class sums of squares
// overflow float64, alone or merged with c's (ErrNotFinite naming the
// column and the class), is refused and leaves c unchanged.
func (c *ClassStats) Add(b *Block) error {
	if err := b.check(c.d, true); err != nil {
		return err
	}
	r, _ := b.dims()
	if r == 0 {
		return nil
	}
	if err := c.colNames.check("adding a block", b.Names, b.Target, true); err != nil {
		return err
	}
	lab, _, err := blockLabels(b.Y, c.labels)
	if err != nil {
		return err
	}
	// Per-class block summaries: two passes (means, then deviations).
	blk := &ClassStats{d: c.d, shift: c.shift}
	if blk.shift == nil {
		blk.shift = append([]float64(nil), b.X.RawRowView(0)[:c.d]...)
	}
	for _, l := range lab {
		blk.classIndex(l)
	}
	pos := make(map[int]int, len(blk.labels))
	for k, l := range blk.labels {
		pos[l] = k
	}
	d := c.d
	for i := 0; i < r; i++ {
		m := blk.cls[pos[lab[i]]]
		m.n++
		row := b.X.RawRowView(i)[:d]
		for j, v := range row {
			m.mean[j] += v - blk.shift[j]
			if v < m.min[j] {
				m.min[j] = v
			}
			if v > m.max[j] {
				m.max[j] = v
			}
		}
	}
	for _, m := range blk.cls {
		for j := range m.mean {
			m.mean[j] /= float64(m.n)
		}
	}
	for i := 0; i < r; i++ {
		m := blk.cls[pos[lab[i]]]
		row := b.X.RawRowView(i)[:d]
		for j, v := range row {
			dv := (v - blk.shift[j]) - m.mean[j]
			m.m2[j] += dv * dv
		}
	}
	for k, m := range blk.cls {
		for j := range m.mean {
			if !finite(m.mean[j]) || !finite(m.m2[j]) {
				return classOverflow(blk.labels[k], j, c.d, b.Names, b.Target)
			}
		}
	}
	names := c.names
	if !c.set {
		names = b.Names
	}
	if err := c.mergeChecked(blk, names, b.Target); err != nil {
		return err
	}
	c.record(b.Names, b.Target, true)
	return nil
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// classOverflow is the ErrNotFinite of an overflowing class summary,
// naming the column and the class.
func classOverflow(label, j, d int, names []string, target string) error {
	return featlab.Errorf(featlab.ErrNotFinite, "stream: the sums of squares of column %q in class %d overflow float64 (values beyond about 1e154 cannot be summarised; rescale the column before the pass)", columnLabel(j, d, names, target), label)
}

// mergeChecked merges o into c (as merge does) only if every merged class
// mean and within-class M2 is finite; otherwise it returns ErrNotFinite
// naming the first such column (of names) and class, and c is unchanged.
func (c *ClassStats) mergeChecked(o *ClassStats, names []string, target string) error {
	shift := c.shift
	if shift == nil {
		shift = o.shift
	}
	for k, l := range o.labels {
		om := o.cls[k]
		if om.n == 0 {
			continue
		}
		var cm *Moments
		if i, found := slices.BinarySearch(c.labels, l); found {
			cm = c.cls[i]
		}
		for j, v := range om.mean {
			mean, m2 := v+(o.shift[j]-shift[j]), om.m2[j] // o's mean re-centred on c's shift
			if cm != nil {
				mean, m2 = chan79(cm.n, om.n, cm.mean[j], mean, cm.m2[j], m2)
			}
			if !finite(mean) || !finite(m2) {
				return classOverflow(l, j, c.d, names, target)
			}
		}
	}
	c.merge(o)
	return nil
}

// Merge folds in other, which must be *ClassStats of the same width with
// the same names (ErrShape otherwise); other is unchanged. A merge whose
// class means or within-class sums of squares would overflow float64 is
// refused with ErrNotFinite naming the column and the class, and leaves c
// unchanged.
func (c *ClassStats) Merge(other Accumulator) error {
	o, ok := other.(*ClassStats)
	if !ok || o == nil || o.d != c.d {
		return featlab.Errorf(featlab.ErrShape, "stream: merging %T into ClassStats of %d features", other, c.d)
	}
	if o.set {
		if err := c.colNames.check("merging", o.names, o.tname, true); err != nil {
			return err
		}
	}
	union := map[int]bool{}
	for _, l := range c.labels {
		union[l] = true
	}
	for _, l := range o.labels {
		union[l] = true
	}
	if len(union) > DefaultMaxClasses {
		return featlab.Errorf(featlab.ErrTooLarge, "stream: merging gives %d classes, over DefaultMaxClasses (%d)", len(union), DefaultMaxClasses)
	}
	names, target := c.names, c.tname
	if !c.set {
		names, target = o.names, o.tname
	}
	if err := c.mergeChecked(o, names, target); err != nil {
		return err
	}
	if o.set {
		c.record(o.names, o.tname, true)
	}
	return nil
}

func (c *ClassStats) merge(o *ClassStats) {
	if len(o.labels) == 0 {
		return
	}
	if c.shift == nil {
		c.shift = append([]float64(nil), o.shift...)
	}
	for k, l := range o.labels {
		om := o.cls[k]
		if !slices.Equal(o.shift, c.shift) {
			// re-centre o's means on c's shift: o's mean of x - s_o is
			// the mean of x - s_c minus (s_o - s_c)
			cp := newMoments(c.d, false, c.d)
			cp.n = om.n
			copy(cp.m2, om.m2)
			copy(cp.min, om.min)
			copy(cp.max, om.max)
			for j, v := range om.mean {
				cp.mean[j] = v + (o.shift[j] - c.shift[j])
			}
			om = cp
		}
		c.cls[c.classIndex(l)].merge(om)
	}
}
