package stream

import (
	"math"
	"slices"
	"sort"

	"github.com/featlab/course/featlab"
)

// Contingency counts, for each feature j discretised into bins by the
// cut points t_j1 < ... < t_jB (bin b holds t_jb <= x < t_j(b+1), bin 0
// the values below t_j1: scikit-learn's KBinsDiscretizer and numpy's
// digitize with right=False), and each class label k of an integer
// target, the number of rows N_jbk with feature j in bin b and class k.
// Counts are integers, so merging is exact in any order. From them come
// the information gain of each discretised feature and the chi-squared
// test of independence of bin and class (filter.InfoGainFromCounts).
//
// Its zero value is unusable: use NewContingency or
// ContingencyFromMoments. Not safe for concurrent use.
type Contingency struct {
	colNames
	d      int
	cuts   [][]float64
	off    []int // first bin of feature j in a class row; off[d] bins in all
	labels []int
	counts [][]int64 // per class, off[d] counts
}

// NewContingency returns empty counts of len(cuts) features, feature j cut
// at cuts[j] (strictly increasing finite values, possibly none: one bin).
// Bad cut points wrap ErrParam; more than featlab.DefaultMaxCells bins
// ErrTooLarge.
func NewContingency(cuts [][]float64) (*Contingency, error) {
	if len(cuts) == 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: Contingency without features")
	}
	c := &Contingency{d: len(cuts), cuts: make([][]float64, len(cuts)), off: make([]int, len(cuts)+1)}
	total := 0
	for j, t := range cuts {
		for b, v := range t {
			if math.IsNaN(v) || math.IsInf(v, 0) || (b > 0 && !(v > t[b-1])) {
				return nil, featlab.Errorf(featlab.ErrParam, "stream: cut points of feature %d must be finite and strictly increasing (%v at %d)", j, v, b)
			}
		}
		if len(t) >= featlab.DefaultMaxCells-total {
			return nil, featlab.Errorf(featlab.ErrTooLarge, "stream: Contingency of more than featlab.DefaultMaxCells bins")
		}
		c.cuts[j] = append([]float64(nil), t...)
		c.off[j] = total
		total += len(t) + 1
	}
	c.off[len(cuts)] = total
	return c, nil
}

// ContingencyFromMoments cuts each feature of m (the first Features of
// its columns; not the target) into bins equal-width bins between its
// minimum and maximum (bins-1 cut points; a constant feature keeps one
// bin). bins must be at least 1 and m must hold rows (ErrParam, ErrEmpty).
// The names m recorded are set on the counts when m has the target
// (else the first block's names are recorded).
func ContingencyFromMoments(m *Moments, bins int) (*Contingency, error) {
	if m == nil || bins < 1 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: ContingencyFromMoments needs moments and bins >= 1 (got %d)", bins)
	}
	if m.n == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "stream: ContingencyFromMoments: the moments hold no rows")
	}
	if bins > featlab.DefaultMaxCells/max(m.d, 1) {
		return nil, featlab.Errorf(featlab.ErrTooLarge, "stream: %d bins of %d features", bins, m.d)
	}
	cuts := make([][]float64, m.d)
	for j := range cuts {
		lo, hi := m.min[j], m.max[j]
		if !(hi > lo) {
			continue
		}
		for b := 1; b < bins; b++ {
			v := lo + (hi-lo)*float64(b)/float64(bins)
			if len(cuts[j]) == 0 || v > cuts[j][len(cuts[j])-1] {
				cuts[j] = append(cuts[j], v)
			}
		}
	}
	c, err := NewContingency(cuts)
	if err != nil {
		return nil, err
	}
	if m.set && m.target {
		c.colNames = colNames{set: true, names: slices.Clone(m.names), tname: m.tname}
	}
	return c, nil
}

// Features returns d.
func (c *Contingency) Features() int { return c.d }

// Cuts returns a copy of the cut points of feature j (nil when out of range).
func (c *Contingency) Cuts(j int) []float64 {
	if j < 0 || j >= c.d {
		return nil
	}
	return append([]float64(nil), c.cuts[j]...)
}

// Classes returns the sorted class labels seen.
func (c *Contingency) Classes() []int { return append([]int(nil), c.labels...) }

// Count returns the number of rows added.
func (c *Contingency) Count() int64 {
	var n int64
	for _, v := range c.counts {
		for _, x := range v[:c.off[1]] {
			n += x
		}
	}
	return n
}

// Table returns the counts of feature j: one row per bin, one column per
// class of Classes (ErrParam when j is out of range).
func (c *Contingency) Table(j int) ([][]int64, error) {
	if j < 0 || j >= c.d {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: feature %d of %d", j, c.d)
	}
	nb := c.off[j+1] - c.off[j]
	out := make([][]int64, nb)
	for b := range out {
		out[b] = make([]int64, len(c.labels))
		for k := range c.labels {
			out[b][k] = c.counts[k][c.off[j]+b]
		}
	}
	return out, nil
}

// Bin returns the bin of value x of feature j (j must be in range).
func (c *Contingency) Bin(j int, x float64) int {
	return sort.Search(len(c.cuts[j]), func(b int) bool { return c.cuts[j][b] > x })
}

// SetNames records the feature names (len d, or nil) and the target name
// before any block, as Moments.SetNames does.
func (c *Contingency) SetNames(names []string, target string) error {
	return c.colNames.setNames(c.d, names, target, true)
}

// Empty returns empty counts with the same cut points and names.
func (c *Contingency) Empty() Accumulator {
	return &Contingency{colNames: c.colNames.clone(), d: c.d, cuts: c.cuts, off: c.off}
}

func (c *Contingency) classIndex(l int) int {
	k, found := slices.BinarySearch(c.labels, l)
	if !found {
		c.labels = slices.Insert(c.labels, k, l)
		c.counts = slices.Insert(c.counts, k, make([]int64, c.off[c.d]))
	}
	return k
}

// Add counts the rows of b, which must carry integer class labels in Y. A
// block of another width, without a target, with a NaN or an infinity,
// or with labels that are not integers is refused and leaves c unchanged.
func (c *Contingency) Add(b *Block) error {
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
	for i := 0; i < r; i++ {
		row := c.counts[c.classIndex(lab[i])]
		for j, v := range b.X.RawRowView(i)[:c.d] {
			row[c.off[j]+c.Bin(j, v)]++
		}
	}
	c.record(b.Names, b.Target, true)
	return nil
}

// Merge folds in other, which must be a *Contingency with the same cut
// points and names (ErrShape otherwise); other is unchanged.
func (c *Contingency) Merge(other Accumulator) error {
	o, ok := other.(*Contingency)
	if !ok || o == nil || o.d != c.d {
		return featlab.Errorf(featlab.ErrShape, "stream: merging %T into a Contingency of %d features", other, c.d)
	}
	for j := range c.cuts {
		if !slices.Equal(c.cuts[j], o.cuts[j]) {
			return featlab.Errorf(featlab.ErrShape, "stream: merging counts with other cut points for feature %d", j)
		}
	}
	if o.set {
		if err := c.colNames.check("merging", o.names, o.tname, true); err != nil {
			return err
		}
	}
	union := map[int]bool{}
	for _, l := range append(slices.Clone(c.labels), o.labels...) {
		union[l] = true
	}
	if len(union) > DefaultMaxClasses {
		return featlab.Errorf(featlab.ErrTooLarge, "stream: merging gives %d classes, over DefaultMaxClasses (%d)", len(union), DefaultMaxClasses)
	}
	for k, l := range o.labels {
		row := c.counts[c.classIndex(l)]
		for i, v := range o.counts[k] {
			row[i] += v
		}
	}
	if o.set {
		c.record(o.names, o.tname, true)
	}
	return nil
}
