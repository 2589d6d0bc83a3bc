package stream

import "testing"

// TestGramPiecesTwoPass: a block larger than Add's piece (pieceBytes) is
// added piece by piece; its Gram and the FoldGram's total still equal the
// two-pass centred cross products of the data (mean 1e6, spread 1) within
// 1e-9 relative, as a block of one piece does.
func TestGramPiecesTwoPass(t *testing.T) {
	const m, d = 40000, 5 // pieces of pieceBytes/48 = 21845 rows: two
	if m <= pieceBytes/(8*(d+1)) {
		t.Fatalf("the block fits one piece")
	}
	X, y := data(m, d, 1e6, 7)
	mean, C := twoPass(X, y)
	g, _ := NewGram(d, true)
	if err := g.Add(&Block{X: X, Y: y, Target: "y"}); err != nil {
		t.Fatal(err)
	}
	fg, _ := NewFoldGram(d, true, 5, 1)
	if err := fg.Add(&Block{X: X, Y: y, Target: "y"}); err != nil {
		t.Fatal(err)
	}
	total := fg.Total()
	for name, gr := range map[string]*Gram{"Gram": g, "FoldGram total": total} {
		gc, gm := gr.Centred(), gr.Mean()
		if gr.Count() != m {
			t.Fatalf("%s: count %d", name, gr.Count())
		}
		for j := 0; j <= d; j++ {
			if !relClose(gm[j], mean[j], 1e-14) {
				t.Errorf("%s: mean %d %v want %v", name, j, gm[j], mean[j])
			}
			for k := 0; k <= d; k++ {
				if !relClose(gc.At(j, k), C[j][k], 1e-9) {
					t.Errorf("%s: C(%d,%d) %v want %v", name, j, k, gc.At(j, k), C[j][k])
				}
			}
		}
	}
}
