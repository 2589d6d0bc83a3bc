package stream

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// foldGramFrom passes (X, y) into a FoldGram in blocks of size on workers.
func foldGramFrom(t *testing.T, X *mat.Dense, y []float64, k int, seed uint64, size, workers int) *FoldGram {
	t.Helper()
	_, d := X.Dims()
	f, err := NewFoldGram(d, true, k, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := Pass(&MatrixSource{X: X, Y: y, BlockRows: size}, f, workers); err != nil {
		t.Fatal(err)
	}
	return f
}

// The folds hold the rows FoldSplits tests, whatever the block size and
// worker count; Train(i) is the Gram of the other rows, Total of all.
func TestFoldGramMatchesSplits(t *testing.T) {
	const m, d, k = 500, 3, 4
	X, y := data(m, d, 1e3, 17)
	splits, err := FoldSplits(X, y, k, 5)
	if err != nil {
		t.Fatal(err)
	}
	gramOf := func(idx []int) *Gram {
		g, _ := NewGram(d, true)
		sub := mat.NewDense(len(idx), d, nil)
		sy := make([]float64, len(idx))
		for r, i := range idx {
			sub.SetRow(r, X.RawRowView(i))
			sy[r] = y[i]
		}
		if err := g.Add(&Block{Names: featlab.DefaultNames(d), X: sub, Y: sy}); err != nil {
			t.Fatal(err)
		}
		return g
	}
	for _, size := range []int{1, 33, m} {
		for _, w := range []int{1, 3} {
			f := foldGramFrom(t, X, y, k, 5, size, w)
			if f.Count() != m || f.K() != k || f.Seed() != 5 || f.Features() != d || !f.HasTarget() {
				t.Fatalf("count %d", f.Count())
			}
			for i, sp := range splits {
				for _, pair := range [][2]*Gram{{f.Fold(i), gramOf(sp.Test)}, {f.Train(i), gramOf(sp.Train)}} {
					got, want := pair[0], pair[1]
					if got.Count() != want.Count() {
						t.Fatalf("size %d fold %d: %d rows, want %d", size, i, got.Count(), want.Count())
					}
					gc, wc := got.Centred(), want.Centred()
					for a := 0; a <= d; a++ {
						if !relClose(got.Mean()[a], want.Mean()[a], 1e-13) {
							t.Errorf("fold %d: mean %d", i, a)
						}
						for b := 0; b <= d; b++ {
							if !relClose(gc.At(a, b), wc.At(a, b), 1e-10) {
								t.Errorf("fold %d: C(%d,%d) = %v, want %v", i, a, b, gc.At(a, b), wc.At(a, b))
							}
						}
					}
				}
			}
			if tot := f.Total(); tot.Count() != m {
				t.Errorf("total %d rows", tot.Count())
			}
		}
	}
}

// FoldOf depends on the values only: -0 and +0 agree, the seed matters.
func TestFoldOf(t *testing.T) {
	if FoldOf([]float64{math.Copysign(0, -1), 1}, 7, 3) != FoldOf([]float64{0, 1}, 7, 3) {
		t.Error("-0 and +0 in different folds")
	}
	counts := make([]int, 5)
	same := 0
	for i := 0; i < 5000; i++ {
		z := []float64{float64(i), float64(i % 7)}
		counts[FoldOf(z, 5, 1)]++
		if FoldOf(z, 5, 1) == FoldOf(z, 5, 2) {
			same++
		}
	}
	for f, c := range counts {
		if c < 850 || c > 1150 { // 1000 ± 5 standard deviations (sqrt(800) = 28)
			t.Errorf("fold %d holds %d of 5000 rows", f, c)
		}
	}
	if same > 1200 {
		t.Errorf("seeds 1 and 2 agree on %d of 5000 rows (expected about 1000)", same)
	}
}

func TestFoldGramEncoding(t *testing.T) {
	X, y := data(60, 2, 0, 3)
	f := foldGramFrom(t, X, y, 3, 9, 7, 2)
	b, err := f.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var g FoldGram
	if err := g.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	b2, _ := g.MarshalBinary()
	if string(b) != string(b2) || g.K() != 3 || g.Seed() != 9 || g.Count() != 60 || g.TargetName() != f.TargetName() {
		t.Error("round trip changed the FoldGram")
	}
	if err := g.Merge(f); err != nil {
		t.Error(err)
	}
	for _, bad := range [][]byte{nil, b[:10], b[:len(b)-1], append(append([]byte{}, b...), 1)} {
		if err := g.UnmarshalBinary(bad); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%d bytes: %v", len(bad), err)
		}
	}
}

func FuzzFoldGramUnmarshal(f *testing.F) {
	fg, _ := NewFoldGram(2, true, 2, 1)
	_ = fg.Add(&Block{Names: []string{"a", "b"}, Target: "y", X: mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 7}), Y: []float64{1, 2, 4}})
	b, _ := fg.MarshalBinary()
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		var g FoldGram
		if err := g.UnmarshalBinary(data); err != nil {
			return
		}
		out, err := g.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var h FoldGram
		if err := h.UnmarshalBinary(out); err != nil {
			t.Fatalf("re-encoding refused: %v", err)
		}
	})
}
