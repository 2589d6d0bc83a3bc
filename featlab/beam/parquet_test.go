package beam

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	pq "github.com/apache/arrow-go/v18/parquet"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/pqwrite"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
)

// writeParquetShards writes rows [lo, lo+size) of X, y as Parquet shard
// files (row groups of 256 rows), one per size, and returns the glob.
func writeParquetShards(t testing.TB, dir string, X *mat.Dense, y []float64, names []string, sizes []int) string {
	t.Helper()
	specs := make([]pqwrite.Spec, 0, len(names)+1)
	for _, n := range names {
		specs = append(specs, pqwrite.Spec{Name: n, Type: pq.Types.Double})
	}
	specs = append(specs, pqwrite.Spec{Name: "y", Type: pq.Types.Double})
	lo := 0
	for s, size := range sizes {
		cols := make([][]float64, len(names)+1)
		for j := range names {
			for i := lo; i < lo+size; i++ {
				cols[j] = append(cols[j], X.At(i, j))
			}
		}
		cols[len(names)] = append([]float64(nil), y[lo:lo+size]...)
		if err := pqwrite.Write(filepath.Join(dir, fmt.Sprintf("part-%03d.parquet", s)), specs, cols, nil, 256); err != nil {
			t.Fatal(err)
		}
		lo += size
	}
	if r, _ := X.Dims(); lo != r {
		t.Fatalf("shards hold %d rows of %d", lo, r)
	}
	return filepath.Join(dir, "part-*.parquet")
}

// TestPrismParquetShardings: the same rows as Parquet shards (1 and 3
// uneven shards, row groups of 256 rows) give, on the prism runner, the
// statistics of stream.Pass over the in-memory matrix, and best subsets
// from them equal the in-memory ones.
func TestPrismParquetShardings(t *testing.T) {
	const n, d = 3000, 6
	X, y, names := data(n, d, 1)
	wantG, _ := stream.NewGram(d, true)
	wantM, _ := stream.NewMoments(d, true)
	for _, a := range []stream.Accumulator{wantG, wantM} {
		if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, Names: names, Target: "y"}, a, 1); err != nil {
			t.Fatal(err)
		}
	}
	wantBest, err := search.BestSubsets(X, y, search.BestSubsetsConfig{Names: names})
	if err != nil {
		t.Fatal(err)
	}
	for _, sizes := range [][]int{{n}, {400, 1900, 700}} {
		t.Run(fmt.Sprint(len(sizes)), func(t *testing.T) {
			dir := t.TempDir()
			glob := writeParquetShards(t, dir, X, y, names, sizes)
			out := filepath.Join(dir, "stats")
			if err := run(t, Config{Input: glob, Output: out, Parquet: ParquetConfig{Target: "y"}}); err != nil {
				t.Fatal(err)
			}
			g := readStats(t, out+".gram", new(stream.Gram))
			m := readStats(t, out+".moments", new(stream.Moments))
			compareGram(t, g, wantG)
			compareMoments(t, m, wantM)
			compareBestSubsets(t, g, names, wantBest)
		})
	}
}

// TestPrismParquetBadShard: a shard that is not Parquet and a shard
// without the target column fail the pipeline with an error naming the
// problem, and no statistics are written.
func TestPrismParquetBadShard(t *testing.T) {
	X, y, names := data(300, 3, 2)
	for _, c := range []struct {
		name, want string
		write      func(path string) error
	}{
		{"not parquet", "not a readable Parquet file", func(p string) error { return os.WriteFile(p, []byte("f1,f2,f3,y\n1,2,3,4\n"), 0o644) }},
		{"no target", "has no target column", func(p string) error {
			specs := []pqwrite.Spec{{Name: "f1", Type: pq.Types.Double}, {Name: "f2", Type: pq.Types.Double}, {Name: "f3", Type: pq.Types.Double}}
			return pqwrite.Write(p, specs, [][]float64{{1, 2}, {3, 4}, {5, 6}}, nil, 0)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			glob := writeParquetShards(t, dir, X, y, names, []int{200, 100})
			if err := c.write(filepath.Join(dir, "part-bad.parquet")); err != nil {
				t.Fatal(err)
			}
			err := run(t, Config{Input: glob, Output: filepath.Join(dir, "stats"), Parquet: ParquetConfig{Target: "y"}})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one mentioning %q", err, c.want)
			}
			if _, serr := os.Stat(filepath.Join(dir, "stats.gram")); serr == nil {
				t.Error("statistics written despite the error")
			}
		})
	}
}
