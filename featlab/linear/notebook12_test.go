package linear_test

// The claims of notebook 12-beyond-memory, recomputed with the notebook's
// data, seeds and settings (re-run: go test ./featlab/linear/ -run
// Notebook12 -v; -short uses 10^5 rows instead of 10^6).

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/synth"
)

// nb12File writes the notebook's CSV (n rows of synth.Sparse, 4 decimals)
// into dir and returns its path.
func nb12File(t *testing.T, dir string, n int) string {
	t.Helper()
	ds, _, err := synth.Sparse(n, synth.SparseConfig{Features: 10, Support: 3, Noise: 1, Rho: 0.5}, 12)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "data.csv")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	fmt.Fprintln(bw, strings.Join(append(ds.Names, "y"), ","))
	var line []byte
	for i, y := range ds.Y {
		line = line[:0]
		for _, v := range ds.X.RawRowView(i) {
			line = append(strconv.AppendFloat(line, v, 'f', 4, 64), ',')
		}
		line = append(strconv.AppendFloat(line, y, 'f', 4, 64), '\n')
		bw.Write(line)
	}
	if err := bw.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// nb12Rows collects the blocks of a pass, as the notebook's rows type.
type nb12Rows struct{ x, y []float64 }

func (r *nb12Rows) Add(b *stream.Block) error {
	r.x, r.y = append(r.x, b.X.RawMatrix().Data...), append(r.y, b.Y...)
	return nil
}
func (r *nb12Rows) Merge(o stream.Accumulator) error {
	p := o.(*nb12Rows)
	return r.Add(&stream.Block{X: mat.NewDense(len(p.y), 10, p.x), Y: p.y})
}
func (r *nb12Rows) Empty() stream.Accumulator { return &nb12Rows{} }

func nb12Source(t *testing.T, path string) *stream.CSVSource {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	src, err := stream.NewCSV(f, stream.CSVConfig{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// The stream fit (one pass, FoldGram of 5 folds, seed 12) equals the
// in-memory fit of the same file on the same folds: the same grid and
// chosen lambdas, coefficients at lambda_1se within 1e-10, best subsets
// of every size identical; the lasso at lambda_1se and BIC keep exactly
// the true support x1, x4, x7.
func TestNotebook12StreamEqualsMemory(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	path := nb12File(t, t.TempDir(), n)
	cfg := linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}, Workers: 2}
	fg, err := stream.NewFoldGram(10, true, 5, 12)
	if err != nil {
		t.Fatal(err)
	}
	src := nb12Source(t, path)
	if err := stream.Pass(src, fg, 0); err != nil {
		t.Fatal(err)
	}
	cv, err := linear.LassoCVFromStats(fg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	best, err := search.BestSubsetsFromStats(fg.Total(), search.BestSubsetsConfig{Names: src.Names()})
	if err != nil {
		t.Fatal(err)
	}
	all := &nb12Rows{}
	if err := stream.Pass(nb12Source(t, path), all, 0); err != nil {
		t.Fatal(err)
	}
	X := mat.NewDense(len(all.y), 10, all.x)
	if cfg.Splits, err = stream.FoldSplits(X, all.y, 5, 12); err != nil {
		t.Fatal(err)
	}
	mcv, err := linear.LassoCV(X, all.y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mbest, err := search.BestSubsets(X, all.y, search.BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("lambda_min %.3g (index %d), lambda_1se %.3g (index %d) keeps %v; BIC chooses %v",
		cv.LambdaMin, cv.IndexMin, cv.Lambda1SE, cv.Index1SE, cv.Path.Support(cv.Index1SE), best.SubsetNames(best.Subset))
	if cv.IndexMin != mcv.IndexMin || cv.Index1SE != mcv.Index1SE || math.Abs(cv.Lambdas[0]-mcv.Lambdas[0]) > 1e-12*mcv.Lambdas[0] {
		t.Errorf("indices %d %d, in memory %d %d", cv.IndexMin, cv.Index1SE, mcv.IndexMin, mcv.Index1SE)
	}
	for j, v := range mcv.Path.Coef(mcv.Index1SE) {
		if g := cv.Path.Coef(cv.Index1SE)[j]; math.Abs(g-v) > 1e-10*math.Max(math.Abs(v), 1e-300) {
			t.Errorf("w_%d at lambda_1se: %v, in memory %v", j, g, v)
		}
	}
	for s := range mbest.Sizes {
		if fmt.Sprint(best.Sizes[s].Subset) != fmt.Sprint(mbest.Sizes[s].Subset) {
			t.Errorf("size %d: %v, in memory %v", s+1, best.Sizes[s].Subset, mbest.Sizes[s].Subset)
		}
	}
	if n == 1_000_000 && (cv.IndexMin != 99 || cv.Index1SE != 55) {
		t.Errorf("lambda_min and lambda_1se at indices %d and %d, the notebook says 99 and 55", cv.IndexMin, cv.Index1SE)
	}
	if got := fmt.Sprint(cv.Path.Support(cv.Index1SE)); got != "[0 3 6]" {
		t.Errorf("the lasso at lambda_1se keeps %s, the notebook says x1, x4, x7", got)
	}
	if got := fmt.Sprint(best.SubsetNames(best.Subset)); got != "[x1 x4 x7]" {
		t.Errorf("BIC chooses %s, the notebook says [x1 x4 x7]", got)
	}
}
