package linear

import (
	"testing"

	"github.com/featlab/course/featlab/stream"
)

// BenchmarkLassoCVFromStats: 5-fold CV of the lasso path from a FoldGram
// of 10^5 x 20 rows (the pass excluded) against LassoCV on the rows.
func BenchmarkLassoCVFromStats(b *testing.B) {
	X, y := streamData(100_000, 20, 0, 3)
	fg, _ := stream.NewFoldGram(20, true, 5, 1)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y}, fg, 0); err != nil {
		b.Fatal(err)
	}
	cfg := LassoCVConfig{Path: LassoPathConfig{Intercept: true}}
	b.Run("stats", func(b *testing.B) {
		for b.Loop() {
			if _, err := LassoCVFromStats(fg, cfg); err != nil {
				b.Fatal(err)
			}
		}
	})
	splits, _ := stream.FoldSplits(X, y, 5, 1)
	cfg.Splits = splits
	b.Run("rows", func(b *testing.B) {
		for b.Loop() {
			if _, err := LassoCV(X, y, cfg); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkFoldGramPass: one pass of 10^5 x 20 rows into a FoldGram.
func BenchmarkFoldGramPass(b *testing.B) {
	X, y := streamData(100_000, 20, 0, 3)
	for b.Loop() {
		fg, _ := stream.NewFoldGram(20, true, 5, 1)
		if err := stream.Pass(&stream.MatrixSource{X: X, Y: y}, fg, 0); err != nil {
			b.Fatal(err)
		}
	}
}
