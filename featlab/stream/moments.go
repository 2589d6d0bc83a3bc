package stream

import (
	"math"

	"github.com/featlab/course/featlab"
)

// Accumulator is a mergeable one-pass statistic of blocks of rows.
//
// Add folds a block in; Merge folds in another accumulator of the same
// kind and shape (ErrShape otherwise), as if its blocks had been added;
// Empty returns a new accumulator of the same kind and shape holding no
// rows. Pass uses Empty to summarise chunks in parallel. Add must not
// keep b (or its X and Y) after it returns: Pass hands the memory of a
// Releaser chunk's block back to its source.
type Accumulator interface {
	Add(b *Block) error
	Merge(other Accumulator) error
	Empty() Accumulator
}

// Moments holds, for each column of X (and of y when built with a target),
// the count, the mean, M2 (the sum of squared deviations from the mean),
// the minimum and the maximum. Its zero value is unusable: use NewMoments.
// Moments is not safe for concurrent use; merge per-goroutine copies.
type Moments struct {
	colNames
	d      int
	target bool
	n      int64
	mean   []float64
	m2     []float64
	min    []float64
	max    []float64
}

// NewMoments returns empty moments of d features, plus the target when
// target is true (its statistics come last). At least one column is
// required (ErrParam), and at most featlab.DefaultMaxCells (ErrTooLarge).
func NewMoments(d int, target bool) (*Moments, error) {
	p, err := columns(d, target, 1)
	if err != nil {
		return nil, err
	}
	return newMoments(d, target, p), nil
}

func newMoments(d int, target bool, p int) *Moments {
	m := &Moments{d: d, target: target, mean: make([]float64, p), m2: make([]float64, p),
		min: make([]float64, p), max: make([]float64, p)}
	for j := range m.min {
		m.min[j], m.max[j] = math.Inf(1), math.Inf(-1)
	}
	return m
}

// columns checks d and returns p = d (+1 with a target); per is the
// number of float64 values per column squared that must fit (1: p, p: p²).
func columns(d int, target bool, per int) (int, error) {
	if d < 0 || (d == 0 && !target) {
		return 0, featlab.Errorf(featlab.ErrParam, "stream: %d features without a target: need at least one column", d)
	}
	p := d
	if target {
		p++
	}
	rows := 1
	if per > 1 {
		rows = p
	}
	if err := featlab.CheckCells("stream: statistics", "", rows, p, 0); err != nil {
		return 0, err
	}
	return p, nil
}

// Count returns the number of rows added.
func (m *Moments) Count() int64 { return m.n }

// Mean returns a copy of the column means (NaN before any row).
func (m *Moments) Mean() []float64 { return m.withNaN(m.mean) }

// M2 returns a copy of the sums of squared deviations from the means.
func (m *Moments) M2() []float64 { return m.withNaN(m.m2) }

// Var returns the sample variances M2/(n−1) (NaN with fewer than 2 rows).
func (m *Moments) Var() []float64 {
	out := make([]float64, len(m.m2))
	for j, v := range m.m2 {
		out[j] = v / float64(m.n-1)
		if m.n < 2 {
			out[j] = math.NaN()
		}
	}
	return out
}

// Min returns a copy of the column minima (+Inf before any row).
func (m *Moments) Min() []float64 { return append([]float64(nil), m.min...) }

// Max returns a copy of the column maxima (−Inf before any row).
func (m *Moments) Max() []float64 { return append([]float64(nil), m.max...) }

func (m *Moments) withNaN(v []float64) []float64 {
	out := append([]float64(nil), v...)
	if m.n == 0 {
		for j := range out {
			out[j] = math.NaN()
		}
	}
	return out
}

// Empty returns empty moments of the same shape and column names.
func (m *Moments) Empty() Accumulator {
	e := newMoments(m.d, m.target, len(m.mean))
	e.colNames = m.colNames.clone()
	return e
}

// SetNames records the feature names (len d, or nil for unnamed columns)
// and the target name before any block; blocks and accumulators with
// other names are then refused (ErrShape), as they are once the first
// block's names are recorded.
func (m *Moments) SetNames(names []string, target string) error {
	return m.colNames.setNames(m.d, names, target, m.target)
}

// Add folds in the rows of b: the block's own means and M2 by two passes,
// then Chan's pairwise update. A block with other feature counts, without
// the target the moments need, or with a NaN or an infinity is refused
// (ErrShape, ErrNotFinite) and leaves m unchanged, as is one whose sums
// would overflow float64 (ErrNotFinite naming the column).
func (m *Moments) Add(b *Block) error {
	if err := b.check(m.d, m.target); err != nil {
		return err
	}
	r, _ := b.dims()
	if r == 0 {
		return nil
	}
	if err := m.colNames.check("adding a block", b.Names, b.Target, m.target); err != nil {
		return err
	}
	blk := newMoments(m.d, m.target, len(m.mean))
	blk.n = int64(r)
	buf := make([]float64, 0, len(m.mean))
	for i := 0; i < r; i++ {
		for j, v := range b.row(i, m.target, buf) {
			blk.mean[j] += v
			blk.min[j] = math.Min(blk.min[j], v)
			blk.max[j] = math.Max(blk.max[j], v)
		}
	}
	for j := range blk.mean {
		blk.mean[j] /= float64(r)
	}
	for i := 0; i < r; i++ {
		for j, v := range b.row(i, m.target, buf) {
			dv := v - blk.mean[j]
			blk.m2[j] += dv * dv
		}
	}
	if err := m.mergeChecked(blk, b.Names, b.Target); err != nil {
		return err
	}
	m.record(b.Names, b.Target, m.target)
	return nil
}

// mergeChecked merges o into m unless a merged mean or M2 would not be
// finite (values whose squares or sums overflow float64): then m is
// unchanged and the error wraps ErrNotFinite naming the first such
// column (names and target as in Gram's messages).
func (m *Moments) mergeChecked(o *Moments, names []string, target string) error {
	for j := range m.mean {
		mean, m2 := chan79(m.n, o.n, m.mean[j], o.mean[j], m.m2[j], o.m2[j])
		if o.n > 0 && (math.IsNaN(mean) || math.IsInf(mean, 0) || math.IsNaN(m2) || math.IsInf(m2, 0)) {
			return featlab.Errorf(featlab.ErrNotFinite, "stream: the sums of squares of column %q overflow float64 (values beyond about 1e154 cannot be summarised; rescale the column before the pass)", columnLabel(j, m.d, names, target))
		}
	}
	m.merge(o)
	return nil
}

// Merge folds in other, which must be *Moments of the same shape
// (ErrShape otherwise); other is unchanged.
func (m *Moments) Merge(other Accumulator) error {
	o, ok := other.(*Moments)
	if !ok || o == nil || o.d != m.d || o.target != m.target {
		return featlab.Errorf(featlab.ErrShape, "stream: merging %T into Moments of %d features (target %v)", other, m.d, m.target)
	}
	if o.set {
		if err := m.colNames.check("merging", o.names, o.tname, m.target); err != nil {
			return err
		}
	}
	names, target := m.names, m.tname
	if !m.set {
		names, target = o.names, o.tname
	}
	if err := m.mergeChecked(o, names, target); err != nil {
		return err
	}
	if o.set {
		m.record(o.names, o.tname, m.target)
	}
	return nil
}

func (m *Moments) merge(o *Moments) {
	na, nb := m.n, o.n
	if nb == 0 {
		return
	}
	for j := range m.mean {
		m.mean[j], m.m2[j] = chan79(na, nb, m.mean[j], o.mean[j], m.m2[j], o.m2[j])
		m.min[j] = math.Min(m.min[j], o.min[j])
		m.max[j] = math.Max(m.max[j], o.max[j])
	}
	m.n = na + nb
}

// chan79 merges (count, mean, M2) pairs by Chan, Golub and LeVeque's
// update.
func chan79(na, nb int64, ma, mb, m2a, m2b float64) (mean, m2 float64) {
	if na == 0 {
		return mb, m2b
	}
	n := float64(na + nb)
	delta := mb - ma
	return ma + delta*float64(nb)/n, m2a + m2b + delta*delta*float64(na)*float64(nb)/n
}
