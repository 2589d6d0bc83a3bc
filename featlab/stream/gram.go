package stream

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
	"gonum.org/v1/gonum/mat"
)

// Gram holds the count, the means and the centred cross-product matrix
// C = Σ_i (z_i − z̄)(z_i − z̄)ᵀ of the rows z_i = [x_i y_i] (x_i alone
// without a target). Its zero value is unusable: use NewGram. A Gram is
// not safe for concurrent use; merge per-goroutine copies.
type Gram struct {
	colNames
	d      int
	target bool
	n      int64
	mean   []float64
	c      []float64 // p x p, row-major, both triangles
}

// NewGram returns an empty Gram of d features, plus the target when
// target is true (its row and column come last). At least one column is
// required (ErrParam); (d+1)² values must fit in featlab.DefaultMaxCells
// (ErrTooLarge).
func NewGram(d int, target bool) (*Gram, error) {
	p, err := columns(d, target, 2)
	if err != nil {
		return nil, err
	}
	return newGram(d, target, p), nil
}

func newGram(d int, target bool, p int) *Gram {
	return &Gram{d: d, target: target, mean: make([]float64, p), c: make([]float64, p*p)}
}

// Features returns d, the number of features.
func (g *Gram) Features() int { return g.d }

// HasTarget reports whether the last row and column are the target's.
func (g *Gram) HasTarget() bool { return g.target }

// Count returns the number of rows added.
func (g *Gram) Count() int64 { return g.n }

// Mean returns a copy of the column means of [X y] (NaN before any row).
func (g *Gram) Mean() []float64 {
	out := append([]float64(nil), g.mean...)
	if g.n == 0 {
		for j := range out {
			out[j] = math.NaN()
		}
	}
	return out
}

// Centred returns a copy of C, the centred cross-product matrix of [X y]:
// with centred columns Xc, yc it is [XcᵀXc Xcᵀyc; ycᵀXc ycᵀyc].
func (g *Gram) Centred() *mat.SymDense {
	p := len(g.mean)
	return mat.NewSymDense(p, append([]float64(nil), g.c...))
}

// Cov returns the sample covariance C/(n−1) (NaN with fewer than 2 rows).
func (g *Gram) Cov() *mat.SymDense {
	s := g.Centred()
	s.ScaleSym(1/float64(g.n-1), s)
	return s
}

// Corr returns the correlation matrix C_jk/√(C_jj C_kk); a constant
// column's row and column are NaN.
func (g *Gram) Corr() *mat.SymDense {
	p := len(g.mean)
	s := mat.NewSymDense(p, nil)
	for j := 0; j < p; j++ {
		for k := j; k < p; k++ {
			s.SetSym(j, k, g.c[j*p+k]/math.Sqrt(g.c[j*p+j]*g.c[k*p+k]))
		}
	}
	return s
}

// Empty returns an empty Gram of the same shape and column names.
func (g *Gram) Empty() Accumulator {
	e := newGram(g.d, g.target, len(g.mean))
	e.colNames = g.colNames.clone()
	return e
}

// SetNames records the feature names (len d, or nil for unnamed columns)
// and the target name before any block; blocks and accumulators with
// other names are then refused (ErrShape), as they are once the first
// block's names are recorded.
func (g *Gram) SetNames(names []string, target string) error {
	return g.colNames.setNames(g.d, names, target, g.target)
}

// Add folds in the rows of b: the block's means, its centred cross
// products, then the mean-corrected merge. A block with other feature
// counts, without the target, or with a NaN or an infinity is refused
// (ErrShape, ErrNotFinite) and leaves g unchanged, as is one whose sums
// would overflow float64 (values beyond about 1e154: ErrNotFinite naming
// the column).
func (g *Gram) Add(b *Block) error {
	if err := b.check(g.d, g.target); err != nil {
		return err
	}
	r, _ := b.dims()
	if r == 0 {
		return nil
	}
	if err := g.colNames.check("adding a block", b.Names, b.Target, g.target); err != nil {
		return err
	}
	w := g.work()
	w.addRows(b, nil)
	if err := w.overflow(b.Names, b.Target); err != nil {
		return err
	}
	g.commit(w)
	g.record(b.Names, b.Target, g.target)
	return nil
}

// work returns a copy of g's sums (not its names) that Add and Merge
// update and check before they commit it, so that a block or an
// accumulator whose sums overflow leaves g unchanged.
func (g *Gram) work() *Gram {
	w := newGram(g.d, g.target, len(g.mean))
	w.n = g.n
	copy(w.mean, g.mean)
	copy(w.c, g.c)
	return w
}

// commit makes w's sums g's (w is not used afterwards).
func (g *Gram) commit(w *Gram) { g.n, g.mean, g.c = w.n, w.mean, w.c }

// overflow returns an error wrapping ErrNotFinite naming the first
// column (by names, x1, x2, … when nil, or the target) with a mean or a
// cross product that is not finite: values whose squares or sums
// overflow float64 (beyond about 1e154 in magnitude), which the solvers
// could not use.
func (g *Gram) overflow(names []string, target string) error {
	p := len(g.mean)
	for j := 0; j < p; j++ {
		bad := math.IsNaN(g.mean[j]) || math.IsInf(g.mean[j], 0)
		for _, v := range g.c[j*p : (j+1)*p] {
			bad = bad || math.IsNaN(v) || math.IsInf(v, 0)
		}
		if bad {
			return featlab.Errorf(featlab.ErrNotFinite, "stream: the sums of squares of column %q overflow float64 (values beyond about 1e154 cannot be summarised; rescale the column before the pass)", columnLabel(j, g.d, names, target))
		}
	}
	return nil
}

// columnLabel names column j of d features (the target when j = d) in
// messages.
func columnLabel(j, d int, names []string, target string) string {
	switch {
	case j == d && target != "":
		return target
	case j == d:
		return "target"
	case j < len(names) && names[j] != "":
		return names[j]
	}
	return fmt.Sprintf("x%d", j+1)
}

// pieceBytes bounds the centred copy that Add makes of a block: a block
// is added in pieces of at most pieceBytes / (8 (d+1)) rows (at least
// 64), each centred on its own means and merged with the mean
// correction, so Add's memory does not grow with the block's rows.
const pieceBytes = 1 << 20

// addRows adds rows idx of the checked block b (nil: every row) piece by
// piece: the piece's means, its centred cross products (kernel.Gram,
// AVX2 dot products where available), then the mean-corrected merge into
// g.
func (g *Gram) addRows(b *Block, idx []int) {
	r, _ := b.dims()
	if idx != nil {
		r = len(idx)
	}
	p := len(g.mean)
	piece := min(r, max(64, pieceBytes/(8*p)))
	z := mat.NewDense(piece, p, nil)
	var scratch []float64
	blk := newGram(g.d, g.target, p)
	for lo := 0; lo < r; lo += piece {
		m := min(piece, r-lo)
		zp := z.Slice(0, m, 0, p).(*mat.Dense)
		clear(blk.mean)
		for i := 0; i < m; i++ {
			src := lo + i
			if idx != nil {
				src = idx[src]
			}
			row := b.row(src, g.target, zp.RawRowView(i)[:0])
			for j, v := range row {
				blk.mean[j] += v
			}
		}
		for j := range blk.mean {
			blk.mean[j] /= float64(m)
		}
		for i := 0; i < m; i++ {
			row := zp.RawRowView(i)
			for j := range row {
				row[j] -= blk.mean[j]
			}
		}
		kernel.GramScratch(z.RawMatrix().Data[:m*p], m, p, blk.c, &scratch)
		for j := 0; j < p; j++ {
			for k := j + 1; k < p; k++ {
				blk.c[k*p+j] = blk.c[j*p+k]
			}
		}
		blk.n = int64(m)
		g.merge(blk)
	}
}

// Merge folds in other, which must be a *Gram of the same shape (ErrShape
// otherwise); other is unchanged. A merge whose sums would overflow is
// refused (ErrNotFinite naming the column) and leaves g unchanged.
func (g *Gram) Merge(other Accumulator) error {
	o, ok := other.(*Gram)
	if !ok || o == nil || o.d != g.d || o.target != g.target {
		return featlab.Errorf(featlab.ErrShape, "stream: merging %T into a Gram of %d features (target %v)", other, g.d, g.target)
	}
	if o.set {
		if err := g.colNames.check("merging", o.names, o.tname, g.target); err != nil {
			return err
		}
	}
	w := g.work()
	w.merge(o)
	names, target := g.names, g.tname
	if !g.set {
		names, target = o.names, o.tname
	}
	if err := w.overflow(names, target); err != nil {
		return err
	}
	g.commit(w)
	if o.set {
		g.record(o.names, o.tname, g.target)
	}
	return nil
}

// merge applies C = C_A + C_B + (n_A n_B / n) δ δᵀ and the mean update.
func (g *Gram) merge(o *Gram) {
	na, nb := g.n, o.n
	if nb == 0 {
		return
	}
	if na == 0 {
		copy(g.mean, o.mean)
		copy(g.c, o.c)
		g.n = nb
		return
	}
	p := len(g.mean)
	n := float64(na + nb)
	f := float64(na) * float64(nb) / n
	delta := make([]float64, p)
	for j := range delta {
		delta[j] = o.mean[j] - g.mean[j]
	}
	for j := 0; j < p; j++ {
		for k := j; k < p; k++ {
			v := g.c[j*p+k] + o.c[j*p+k] + f*delta[j]*delta[k]
			g.c[j*p+k], g.c[k*p+j] = v, v
		}
	}
	for j := range g.mean {
		g.mean[j] += delta[j] * float64(nb) / n
	}
	g.n = na + nb
}
