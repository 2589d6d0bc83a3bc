package stream

import (
	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// Block is a block of rows: the features X (r x d, row-major) with their
// names, and the target Y (length r) with its name, or nil without one.
type Block struct {
	Names  []string
	Target string
	X      *mat.Dense
	Y      []float64
}

// dims returns the block's row count and feature count (0, 0 for an empty
// block).
func (b *Block) dims() (r, d int) {
	if b == nil {
		return 0, 0
	}
	if b.X == nil || b.X.IsEmpty() {
		return len(b.Y), len(b.Names)
	}
	return b.X.Dims()
}

// row returns row i of [X y] (with y when withY) in buf.
func (b *Block) row(i int, withY bool, buf []float64) []float64 {
	buf = buf[:0]
	if b.X != nil && !b.X.IsEmpty() {
		_, d := b.X.Dims()
		buf = append(buf, b.X.RawRowView(i)[:d]...)
	}
	if withY {
		buf = append(buf, b.Y[i])
	}
	return buf
}

// check verifies the block's shape against d features (and a target when
// withY) and its cells are finite.
func (b *Block) check(d int, withY bool) error {
	if b == nil {
		return featlab.Errorf(featlab.ErrParam, "stream: nil block")
	}
	r, bd := b.dims()
	if r == 0 {
		return nil
	}
	if bd != d {
		return featlab.Errorf(featlab.ErrShape, "stream: block has %d features, the accumulator %d", bd, d)
	}
	if withY && len(b.Y) != r {
		return featlab.Errorf(featlab.ErrShape, "stream: block has %d rows and %d targets", r, len(b.Y))
	}
	if bd > 0 {
		if err := featlab.CheckMatrix(b.X, b.Names); err != nil {
			return err
		}
	}
	if withY {
		return featlab.CheckVector(b.Y, b.Target)
	}
	return nil
}
