package pqsource

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/featlab/course/featlab/stream"

	pq "github.com/apache/arrow-go/v18/parquet"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/pqwrite"
)

// pqShard writes X, y (columns x1..xd then y, all DOUBLE) to dir/name in
// row groups of rg rows and returns the path.
func pqShard(t testing.TB, dir, name string, X *mat.Dense, y []float64, rg int) string {
	t.Helper()
	m, d := X.Dims()
	var specs []pqwrite.Spec
	var cols [][]float64
	for j := 0; j < d; j++ {
		specs = append(specs, pqwrite.Spec{Name: featlab.DefaultNames(d)[j], Type: pq.Types.Double})
		cols = append(cols, mat.Col(nil, j, X))
	}
	specs = append(specs, pqwrite.Spec{Name: "y", Type: pq.Types.Double})
	cols = append(cols, append([]float64(nil), y[:m]...))
	path := filepath.Join(dir, name)
	if err := pqwrite.Write(path, specs, cols, nil, rg); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestParquetGramEqualsMatrix: the stream.Gram of Parquet shards read with several
// row-group sizes and worker counts equals the stream.Gram of the same matrix.
func TestParquetGramEqualsMatrix(t *testing.T) {
	const m, d = 1000, 4
	X, y := data(m, d, 1e6, 3)
	want, _ := stream.NewGram(d, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Target: "y"}, want, 1); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, rg := range []int{1000, 97, 1} {
		one := pqShard(t, dir, "one.parquet", X, y, rg)
		a := pqShard(t, dir, "a.parquet", X.Slice(0, 400, 0, d).(*mat.Dense), y[:400], rg)
		b := pqShard(t, dir, "b.parquet", X.Slice(400, m, 0, d).(*mat.Dense), y[400:], rg)
		for _, paths := range [][]string{{one}, {a, b}} {
			for _, w := range []int{1, 2, 5} {
				src, err := New(paths, Config{Target: "y"})
				if err != nil {
					t.Fatal(err)
				}
				if got := strings.Join(src.Names(), ","); got != "x1,x2,x3,x4" {
					t.Fatalf("names %s", got)
				}
				g, _ := stream.NewGram(d, true)
				if err := stream.Pass(src, g, w); err != nil {
					t.Fatal(err)
				}
				if g.Count() != m || g.TargetName() != "y" || g.Names()[3] != "x4" {
					t.Fatalf("count %d names %v %q", g.Count(), g.Names(), g.TargetName())
				}
				gc, wc, gm, wm := g.Centred(), want.Centred(), g.Mean(), want.Mean()
				for j := 0; j <= d; j++ {
					if !relClose(gm[j], wm[j], 1e-13) {
						t.Errorf("rg %d files %d workers %d: mean %d %v want %v", rg, len(paths), w, j, gm[j], wm[j])
					}
					for k := 0; k <= d; k++ {
						if !relClose(gc.At(j, k), wc.At(j, k), 1e-9) {
							t.Errorf("rg %d: C(%d,%d) %v want %v", rg, j, k, gc.At(j, k), wc.At(j, k))
						}
					}
				}
			}
		}
	}
}

// TestParquetTypesAndNulls: FLOAT, INT32 and INT64 columns are read as
// float64; a null is an error naming file, row and column by default and
// NaN with MissingAsNaN; a NaN in a DOUBLE column counts as missing.
func TestParquetTypesAndNulls(t *testing.T) {
	dir := t.TempDir()
	specs := []pqwrite.Spec{
		{Name: "f", Type: pq.Types.Float},
		{Name: "i", Type: pq.Types.Int32, Optional: true},
		{Name: "l", Type: pq.Types.Int64},
		{Name: "y", Type: pq.Types.Double},
	}
	cols := [][]float64{{0.5, 1.5, 2.5}, {1, 2, 3}, {-4, 5, 1 << 40}, {1, 0, 1}}
	null := [][]bool{nil, {false, true, false}, nil, nil}
	path := filepath.Join(dir, "t.parquet")
	if err := pqwrite.Write(path, specs, cols, null, 2); err != nil {
		t.Fatal(err)
	}
	read := func(cfg Config) ([]*stream.Block, error) {
		src, err := New([]string{path}, cfg)
		if err != nil {
			return nil, err
		}
		var out []*stream.Block
		for {
			c, err := src.Next()
			if err != nil {
				return out, nil
			}
			b, err := c.Parse()
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
	}
	_, err := read(Config{Target: "y"})
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "t.parquet") || !strings.Contains(err.Error(), `"i"`) || !strings.Contains(err.Error(), "data row 1") {
		t.Fatalf("null: %v", err)
	}
	bs, err := read(Config{Target: "y", Missing: featlab.MissingAsNaN})
	if err != nil || len(bs) != 2 {
		t.Fatalf("%v %d", err, len(bs))
	}
	if bs[0].X.At(0, 0) != 0.5 || !math.IsNaN(bs[0].X.At(1, 1)) || bs[1].X.At(0, 2) != 1<<40 || bs[1].X.At(0, 1) != 3 || bs[0].Y[1] != 0 {
		t.Fatalf("values %v %v", mat.Formatted(bs[0].X), mat.Formatted(bs[1].X))
	}
	if _, err := New([]string{path}, Config{Target: "z"}); !errors.Is(err, featlab.ErrMissing) {
		t.Fatalf("target: %v", err)
	}
}

// TestParquetShards: a missing column, an extra column, a type change, a
// non-Parquet file name the file; a reordered shard is read by name; an
// empty shard is skipped.
func TestParquetShards(t *testing.T) {
	dir := t.TempDir()
	X, y := data(50, 2, 0, 9)
	base := pqShard(t, dir, "base.parquet", X, y, 20)
	write := func(name string, specs []pqwrite.Spec, cols [][]float64) string {
		p := filepath.Join(dir, name)
		if err := pqwrite.Write(p, specs, cols, nil, 0); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dbl := pq.Types.Double
	x1, x2 := mat.Col(nil, 0, X), mat.Col(nil, 1, X)
	missing := write("missing.parquet", []pqwrite.Spec{{Name: "x1", Type: dbl}, {Name: "y", Type: dbl}}, [][]float64{x1, y})
	extra := write("extra.parquet", []pqwrite.Spec{{Name: "x1", Type: dbl}, {Name: "x2", Type: dbl}, {Name: "x3", Type: dbl}, {Name: "y", Type: dbl}}, [][]float64{x1, x2, x2, y})
	typed := write("typed.parquet", []pqwrite.Spec{{Name: "x1", Type: dbl}, {Name: "x2", Type: pq.Types.Int64}, {Name: "y", Type: dbl}}, [][]float64{x1, x2, y})
	reordered := write("reordered.parquet", []pqwrite.Spec{{Name: "y", Type: dbl}, {Name: "x2", Type: dbl}, {Name: "x1", Type: dbl}}, [][]float64{y, x2, x1})
	empty := write("empty.parquet", []pqwrite.Spec{{Name: "x1", Type: dbl}, {Name: "x2", Type: dbl}, {Name: "y", Type: dbl}}, [][]float64{{}, {}, {}})
	garbage := filepath.Join(dir, "garbage.parquet")
	if err := os.WriteFile(garbage, []byte("PAR1 this is not parquet PAR1"), 0o644); err != nil {
		t.Fatal(err)
	}
	pass := func(paths ...string) (*stream.Gram, error) {
		src, err := New(paths, Config{Target: "y"})
		if err != nil {
			return nil, err
		}
		g, _ := stream.NewGram(2, true)
		return g, stream.Pass(src, g, 2)
	}
	for _, c := range []struct {
		path string
		kind error
	}{{missing, featlab.ErrMissing}, {extra, featlab.ErrShape}, {typed, featlab.ErrShape}, {garbage, featlab.ErrParam}} {
		_, err := pass(base, c.path)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), filepath.Base(c.path)) {
			t.Errorf("%s: %v", filepath.Base(c.path), err)
		}
	}
	want, err := pass(base, base)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pass(base, empty, reordered)
	if err != nil {
		t.Fatal(err)
	}
	wc, gc := want.Centred(), got.Centred()
	for j := 0; j < 3; j++ {
		for k := 0; k < 3; k++ {
			if !relClose(wc.At(j, k), gc.At(j, k), 1e-12) {
				t.Errorf("reordered shard: C(%d,%d) %v, the same shard twice %v", j, k, gc.At(j, k), wc.At(j, k))
			}
		}
	}
	if _, err := pass(empty); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("only an empty shard: %v", err)
	}
	if _, err := New(nil, Config{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no files: %v", err)
	}
}

// data returns m rows of d correlated columns with mean mu and a target.
func data(m, d int, mu float64, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		f := rng.NormFloat64()
		for j := 0; j < d; j++ {
			X.Set(i, j, mu+0.5*f+rng.NormFloat64()*float64(j+1)/float64(d))
		}
		y[i] = mu + f + 0.3*rng.NormFloat64()
	}
	return X, y
}

// relClose reports |a - b| <= tol max(1, |a|, |b|).
func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// TestReleaseReuse: a block handed back with Release is reused by the
// next row group's Parse, which overwrites every cell (the second block
// holds the second row group's values, not a mix), and Release clears
// the block it takes.
func TestReleaseReuse(t *testing.T) {
	const m, d = 200, 3
	X, y := data(m, d, 5, 11)
	path := pqShard(t, t.TempDir(), "r.parquet", X, y, 100)
	src, err := New([]string{path}, Config{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	for g := 0; g < 2; g++ {
		c, err := src.Next()
		if err != nil {
			t.Fatal(err)
		}
		b, err := c.Parse()
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 100; i++ {
			for j := 0; j < d; j++ {
				if b.X.At(i, j) != X.At(100*g+i, j) {
					t.Fatalf("row group %d: X(%d,%d) %v want %v", g, i, j, b.X.At(i, j), X.At(100*g+i, j))
				}
			}
			if b.Y[i] != y[100*g+i] {
				t.Fatalf("row group %d: y(%d) %v want %v", g, i, b.Y[i], y[100*g+i])
			}
		}
		c.(stream.Releaser).Release(b)
		if b.X != nil || b.Y != nil {
			t.Fatalf("Release left the block's data")
		}
	}
}
