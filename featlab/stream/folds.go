package stream

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/mat"
)

// FoldGram keeps one Gram of [X y] per cross-validation fold, so that
// K-fold cross-validation needs one pass over the data: the training
// statistics of fold f are the merge of the other folds' Grams (Train),
// and a linear predictor's held-out error is a quadratic form in fold f's
// own Gram (see FoldGram.Fold).
//
// Rows are assigned to folds by their content, not their position:
//
//	fold(z) = h(z) mod K,  h = SplitMix64 chain over the IEEE-754 bits of
//	                         z = [x_1 … x_d y] (−0 read as +0), seeded,
//
// (FoldOf). The assignment is therefore identical for any block size,
// worker count, merge order, sharding of the input into files or machines
// (a Beam CombineFn sees the rows without their global index), and row
// order; identical rows always share a fold, so a duplicated row cannot
// sit on both sides of a split. Fold sizes are multinomial, about n/K
// each. FoldSplits returns the same folds as index sets for an in-memory
// matrix, for linear.LassoCV and friends.
//
// The zero value is unusable: use NewFoldGram. A FoldGram is not safe for
// concurrent use; merge per-goroutine copies (Pass does).
type FoldGram struct {
	k     int
	seed  uint64
	folds []*Gram
}

// NewFoldGram returns an empty FoldGram of k >= 2 folds (ErrParam
// otherwise) of d features, plus the target when target is true, with
// the fold assignment seeded by seed. k Grams of (d+1)² values must fit in
// featlab.DefaultMaxCells (ErrTooLarge).
func NewFoldGram(d int, target bool, k int, seed uint64) (*FoldGram, error) {
	if k < 2 || k > 1<<16 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: %d folds: need 2 <= K <= 65536", k)
	}
	p, err := columns(d, target, 2)
	if err != nil {
		return nil, err
	}
	if err := featlab.CheckCells("stream: fold statistics", "", k*p, p, 0); err != nil {
		return nil, err
	}
	f := &FoldGram{k: k, seed: seed, folds: make([]*Gram, k)}
	for i := range f.folds {
		f.folds[i] = newGram(d, target, p)
	}
	return f, nil
}

// K returns the number of folds.
func (f *FoldGram) K() int { return f.k }

// Seed returns the seed of the fold assignment.
func (f *FoldGram) Seed() uint64 { return f.seed }

// Features returns d, the number of features.
func (f *FoldGram) Features() int { return f.folds[0].d }

// HasTarget reports whether the Grams hold the target's row and column.
func (f *FoldGram) HasTarget() bool { return f.folds[0].target }

// Count returns the number of rows added (all folds).
func (f *FoldGram) Count() int64 {
	var n int64
	for _, g := range f.folds {
		n += g.n
	}
	return n
}

// Names returns the recorded feature names (nil before any block or for
// unnamed columns).
func (f *FoldGram) Names() []string { return f.folds[0].Names() }

// TargetName returns the recorded target name.
func (f *FoldGram) TargetName() string { return f.folds[0].TargetName() }

// Fold returns a copy of the Gram of fold i's rows (the held-out rows of
// split i). For a linear predictor ŷ = b + xᵀw and v = [−w; 1], the
// held-out residuals e = y − ŷ = vᵀz − b have
//
//	Σ e² = vᵀ C_i v + n_i (vᵀz̄_i − b)²,
//
// C_i, z̄_i, n_i the fold's centred Gram, means and count: the fold's
// mean squared error without its rows. An index outside [0, K) panics.
func (f *FoldGram) Fold(i int) *Gram {
	g := f.folds[i].Empty().(*Gram)
	g.merge(f.folds[i])
	g.colNames = f.folds[i].colNames.clone()
	return g
}

// Train returns the statistics of the training rows of split i: the
// merge, in fold order, of every fold but i (an exact merge by Chan's
// update, not a subtraction from the total, which would cancel). An index
// outside [0, K) panics.
func (f *FoldGram) Train(i int) *Gram {
	return f.mergeBut(i)
}

// Total returns the statistics of all the rows: the merge of the folds in
// fold order (equal to a Gram of the same rows up to rounding).
func (f *FoldGram) Total() *Gram { return f.mergeBut(-1) }

func (f *FoldGram) mergeBut(skip int) *Gram {
	if skip >= f.k {
		panic("stream: FoldGram: fold index out of range")
	}
	g := f.folds[0].Empty().(*Gram)
	for i, h := range f.folds {
		if i != skip {
			g.merge(h)
			if h.set {
				g.record(h.names, h.tname, g.target)
			}
		}
	}
	return g
}

// Empty returns an empty FoldGram of the same shape, folds, seed and
// column names.
func (f *FoldGram) Empty() Accumulator {
	e := &FoldGram{k: f.k, seed: f.seed, folds: make([]*Gram, f.k)}
	for i, g := range f.folds {
		e.folds[i] = g.Empty().(*Gram)
	}
	return e
}

// SetNames records the feature names and the target name, as
// Gram.SetNames.
func (f *FoldGram) SetNames(names []string, target string) error {
	for _, g := range f.folds {
		if err := g.SetNames(names, target); err != nil {
			return err
		}
	}
	return nil
}

// Add assigns each row of b to its fold (FoldOf) and adds it to that
// fold's Gram. A block another Gram would refuse (other feature count,
// no target, NaN or infinity, other names, sums that overflow) is
// refused and leaves f unchanged.
func (f *FoldGram) Add(b *Block) error {
	g0 := f.folds[0]
	if err := b.check(g0.d, g0.target); err != nil {
		return err
	}
	r, d := b.dims()
	if r == 0 {
		return nil
	}
	if err := g0.colNames.check("adding a block", b.Names, b.Target, g0.target); err != nil {
		return err
	}
	fold := make([]int, r)
	count := make([]int, f.k)
	buf := make([]float64, 0, d+1)
	for i := 0; i < r; i++ {
		fold[i] = FoldOf(b.row(i, g0.target, buf), f.k, f.seed)
		count[fold[i]]++
	}
	// each fold's Gram adds its rows of b in place (no copy of the block)
	start := make([]int, f.k+1)
	for k := range count {
		start[k+1] = start[k] + count[k]
	}
	idx := make([]int, r)
	next := append([]int(nil), start[:f.k]...)
	for i, k := range fold {
		idx[next[k]] = i
		next[k]++
	}
	work := make([]*Gram, f.k)
	for k, g := range f.folds {
		if count[k] > 0 {
			work[k] = g.work()
			work[k].addRows(b, idx[start[k]:start[k+1]])
			if err := work[k].overflow(b.Names, b.Target); err != nil {
				return err
			}
		}
	}
	for k, g := range f.folds {
		if work[k] != nil {
			g.commit(work[k])
		}
		g.record(b.Names, b.Target, g.target)
	}
	return nil
}

// Merge folds in other, a *FoldGram of the same shape, number of folds
// and seed (ErrShape otherwise); other is unchanged.
func (f *FoldGram) Merge(other Accumulator) error {
	o, ok := other.(*FoldGram)
	if !ok || o == nil || o.k != f.k || o.seed != f.seed || o.folds[0].d != f.folds[0].d || o.folds[0].target != f.folds[0].target {
		return featlab.Errorf(featlab.ErrShape, "stream: merging %T into a FoldGram of %d folds (seed %d) of %d features", other, f.k, f.seed, f.folds[0].d)
	}
	for i, g := range f.folds {
		if o.folds[i].set {
			if err := g.colNames.check("merging", o.folds[i].names, o.folds[i].tname, g.target); err != nil {
				return err
			}
		}
	}
	work := make([]*Gram, f.k)
	for i, g := range f.folds {
		work[i] = g.work()
		work[i].merge(o.folds[i])
		names, target := g.names, g.tname
		if !g.set {
			names, target = o.folds[i].names, o.folds[i].tname
		}
		if err := work[i].overflow(names, target); err != nil {
			return err
		}
	}
	for i, g := range f.folds {
		g.commit(work[i])
		if o.folds[i].set {
			g.record(o.folds[i].names, o.folds[i].tname, g.target)
		}
	}
	return nil
}

// FoldOf returns the fold in [0, k) of the row z = [x_1 … x_d y] (x alone
// without a target): the SplitMix64 finaliser chained over the IEEE-754
// bits of the values (−0 read as +0), started from seed, taken mod k.
// k must be >= 1 (FoldOf panics otherwise).
func FoldOf(z []float64, k int, seed uint64) int {
	if k < 1 {
		panic("stream: FoldOf with k < 1")
	}
	h := mix64(seed ^ 0x9e3779b97f4a7c15)
	for _, v := range z {
		if v == 0 {
			v = 0 // −0 → +0
		}
		h = mix64(h ^ math.Float64bits(v))
		h += 0x9e3779b97f4a7c15
	}
	return int(h % uint64(k))
}

// mix64 is the SplitMix64 finaliser (Steele, Lea and Flood 2014).
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// FoldSplits returns the train/test splits of the in-memory rows of
// [X y] (y nil: X alone) that a FoldGram of k folds and seed builds in one
// pass: split f tests the rows i with FoldOf(row i) = f and trains on
// the others, both in row order. A fold without rows or an empty X is
// ErrEmpty; k < 2 is ErrParam; len(y) other than X's rows, ErrShape; a
// NaN or an infinity, ErrNotFinite (as the accumulators refuse them).
func FoldSplits(X mat.Matrix, y []float64, k int, seed uint64) ([]validate.Fold, error) {
	if k < 2 {
		return nil, featlab.Errorf(featlab.ErrParam, "stream: FoldSplits with %d folds: need K >= 2", k)
	}
	if featlab.IsNil(X) {
		return nil, featlab.Errorf(featlab.ErrEmpty, "stream: FoldSplits of a nil matrix")
	}
	m, d := X.Dims()
	if m == 0 || d == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "stream: FoldSplits of a %dx%d matrix", m, d)
	}
	if y != nil && len(y) != m {
		return nil, featlab.Errorf(featlab.ErrShape, "stream: FoldSplits: X has %d rows, y %d values", m, len(y))
	}
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, err
	}
	if y != nil {
		if err := featlab.CheckVector(y, "y"); err != nil {
			return nil, err
		}
	}
	test := make([][]int, k)
	z := make([]float64, d, d+1)
	for i := 0; i < m; i++ {
		z = z[:d]
		mat.Row(z, i, X)
		if y != nil {
			z = append(z, y[i])
		}
		f := FoldOf(z, k, seed)
		test[f] = append(test[f], i)
	}
	out := make([]validate.Fold, k)
	for f := range out {
		if len(test[f]) == 0 {
			return nil, featlab.Errorf(featlab.ErrEmpty, "stream: fold %d of %d has no rows (%d rows in all)", f, k, m)
		}
		out[f].Test = test[f]
		out[f].Train = make([]int, 0, m-len(test[f]))
		for g := range test {
			if g != f {
				out[f].Train = append(out[f].Train, test[g]...)
			}
		}
		slices.Sort(out[f].Train)
	}
	return out, nil
}

// The binary form of a FoldGram: "FLFG", a version byte (1), K as a
// little-endian uint32, the seed as a uint64, then K Gram encodings, each
// preceded by its length as a uint64.
const foldMagic = "FLFG"

// MarshalBinary encodes the K Grams with the fold count and seed.
func (f *FoldGram) MarshalBinary() ([]byte, error) {
	out := append([]byte(foldMagic), 1)
	out = binary.LittleEndian.AppendUint32(out, uint32(f.k))
	out = binary.LittleEndian.AppendUint64(out, f.seed)
	for _, g := range f.folds {
		b, err := g.MarshalBinary()
		if err != nil {
			return nil, err
		}
		out = binary.LittleEndian.AppendUint64(out, uint64(len(b)))
		out = append(out, b...)
	}
	return out, nil
}

// UnmarshalBinary decodes MarshalBinary's form, checking every size
// against the bytes present (ErrParam for malformed input); the folds
// must agree in shape.
func (f *FoldGram) UnmarshalBinary(data []byte) error {
	bad := func(format string, args ...any) error {
		return featlab.Errorf(featlab.ErrParam, "stream: FoldGram encoding: "+format, args...)
	}
	if len(data) < 4+1+4+8 || string(data[:4]) != foldMagic || data[4] != 1 {
		return bad("bad header")
	}
	k := int(binary.LittleEndian.Uint32(data[5:]))
	seed := binary.LittleEndian.Uint64(data[9:])
	data = data[17:]
	if k < 2 || k > 1<<16 || k > len(data)/8 {
		return bad("%d folds in %d bytes", k, len(data))
	}
	folds := make([]*Gram, k)
	for i := range folds {
		if len(data) < 8 {
			return bad("fold %d truncated", i)
		}
		l := binary.LittleEndian.Uint64(data)
		data = data[8:]
		if l > uint64(len(data)) {
			return bad("fold %d of %d bytes, %d left", i, l, len(data))
		}
		g := new(Gram)
		if err := g.UnmarshalBinary(data[:l]); err != nil {
			return err
		}
		data = data[l:]
		if i > 0 && (g.d != folds[0].d || g.target != folds[0].target) {
			return bad("fold %d has %d features (target %v), fold 0 %d (%v)", i, g.d, g.target, folds[0].d, folds[0].target)
		}
		folds[i] = g
	}
	if len(data) != 0 {
		return bad("%d trailing bytes", len(data))
	}
	f.k, f.seed, f.folds = k, seed, folds
	return nil
}
