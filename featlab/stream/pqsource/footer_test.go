package pqsource

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/featlab/course/featlab/stream"
)

// TestFooterRetainedBytes: what a shard keeps of its footer is its
// schema-level fields plus 24 bytes a row group, whatever the number of
// columns, while the footer itself grows with row groups x columns: for
// 1200 one-row groups of 4 and of 31 columns the kept bytes per row group
// are 24 (the rest does not depend on the row groups: the same for 400
// and 1200 groups), against hundreds to thousands of footer bytes per
// row group, and the pass over such a file still equals the matrix's.
func TestFooterRetainedBytes(t *testing.T) {
	dir := t.TempDir()
	kept := map[[2]int]int{}
	for _, d := range []int{3, 30} {
		for _, m := range []int{400, 1200} {
			X, y := data(m, d, 0, 5)
			path := pqShard(t, dir, "many.parquet", X, y, 1)
			src, err := New([]string{path}, Config{Target: "y"})
			if err != nil {
				t.Fatal(err)
			}
			pf, err := src.openShard()
			if err != nil {
				t.Fatal(err)
			}
			if len(pf.meta.groups) != m {
				t.Fatalf("%d row groups, want %d", len(pf.meta.groups), m)
			}
			kept[[2]int{d, m}] = pf.meta.retained()
			fi, _ := os.Stat(path)
			raw, _ := os.ReadFile(path)
			footerLen := int(binary.LittleEndian.Uint32(raw[fi.Size()-8:]))
			t.Logf("d = %d, %d row groups: footer %d bytes (%d a row group), kept %d", d, m, footerLen, footerLen/m, kept[[2]int{d, m}])
			if footerLen/m < 100*(d+1)/2 {
				t.Errorf("footer %d bytes a row group: expected it to grow with columns", footerLen/m)
			}
			if m == 1200 {
				g, _ := stream.NewGram(d, true)
				if err := stream.Pass(src, g, 2); err != nil {
					t.Fatal(err)
				}
				want, _ := stream.NewGram(d, true)
				if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y"}, want, 1); err != nil {
					t.Fatal(err)
				}
				if g.Count() != want.Count() || !relClose(g.Centred().At(0, d), want.Centred().At(0, d), 1e-12) {
					t.Errorf("d = %d: pass differs from the matrix's", d)
				}
			}
		}
		perGroup := (kept[[2]int{d, 1200}] - kept[[2]int{d, 400}]) / 800
		if perGroup != 24 {
			t.Errorf("d = %d: %d bytes kept a row group, want 24", d, perGroup)
		}
		if fixed := kept[[2]int{d, 400}] - 24*400; fixed > 200*(d+1)+2000 {
			t.Errorf("d = %d: %d bytes kept besides the row groups", d, fixed)
		}
	}
}
