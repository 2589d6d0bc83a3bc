package stream

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// Block is a block of rows: the features X (r x d, row-major) with their
// names, and the target Y (length r) with its name, or nil without one.
// Row is the 0-based data row of the block's first row in its source
// (MatrixSource sets it), so an error about a non-finite cell names the
// source row Row+i rather than the row i within the block.
type Block struct {
	Names  []string
	Target string
	X      *mat.Dense
	Y      []float64
	Row    int
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
			return b.nonFinite(err, withY)
		}
	}
	if withY {
		if err := featlab.CheckVector(b.Y, b.Target); err != nil {
			return b.nonFinite(err, withY)
		}
	}
	return nil
}

// nonFinite returns an ErrNotFinite error naming the source row (b.Row
// plus the row within the block) and the column of the first NaN or
// infinity in b, or err when b has none (err is then about something else).
func (b *Block) nonFinite(err error, withY bool) error {
	r, d := b.dims()
	for i := 0; i < r; i++ {
		for j := 0; j < d; j++ {
			if v := b.X.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				name := fmt.Sprintf("x%d", j+1)
				if j < len(b.Names) && b.Names[j] != "" {
					name = b.Names[j]
				}
				return featlab.Errorf(featlab.ErrNotFinite, "stream: %v in column %q at data row %d (row %d of the block)", v, name, b.Row+i, i)
			}
		}
		if withY && i < len(b.Y) {
			if v := b.Y[i]; math.IsNaN(v) || math.IsInf(v, 0) {
				name := b.Target
				if name == "" {
					name = "target"
				}
				return featlab.Errorf(featlab.ErrNotFinite, "stream: %v in %q at data row %d (row %d of the block)", v, name, b.Row+i, i)
			}
		}
	}
	return err
}
