// Command benchscale is `make bench-scale`: it generates a data set of N
// rows x d features plus a target (default 10^7 x 100) as CSV and as
// Parquet, then times one-pass statistics over each file, every
// measurement in a child process so that its peak RSS (VmHWM) is its own:
//
//	parse      the parse-only floor: every chunk parsed, nothing accumulated
//	moments    stream.Moments of [X y]
//	gram       stream.Gram of [X y]
//	lasso      one pass into five fold Grams (stream.FoldGram), then the
//	           lasso path with 5-fold CV and the one-SE rule from them
//	           (linear.LassoCVFromStats)
//	subsets    the Gram pass, then best subsets of sizes 1..12 from it
//	           (search.BestSubsetsFromStats)
//
// and the same-run peer: Debian's python3 with pandas.read_csv and
// scikit-learn's LassoCV(cv=5) on the first min(N, 10^6) rows of the CSV.
// Files go to $BENCH_DIR (or a temporary directory) and are deleted after
// unless -keep. Run: go run ./featlab/cmd/benchscale -n 1000000.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/parquet"

	"github.com/featlab/course/featlab/internal/pqwrite"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/stream/pqsource"
)

// subsetsMax is the largest size of the subsets task's best subsets: on
// d = 100 all sizes would be 2^100 subsets; the generated data hold 10
// true features, and sizes up to 12 cover them and two past them.
const subsetsMax = 12

type result struct {
	Task    string  `json:"task"`
	Format  string  `json:"format"`
	Seconds float64 `json:"seconds"`
	Rows    int64   `json:"rows"`
	Bytes   int64   `json:"bytes"`
	HWMKB   int64   `json:"hwm_kb"`
	Note    string  `json:"note"`
}

func main() {
	n := flag.Int("n", 10_000_000, "rows")
	d := flag.Int("d", 100, "features")
	dir := flag.String("dir", os.Getenv("BENCH_DIR"), "directory for the generated files (default: a temporary one)")
	keep := flag.Bool("keep", false, "keep the generated files")
	peer := flag.Bool("peer", true, "run the pandas + scikit-learn LassoCV peer")
	python := flag.String("python", "/usr/bin/python3", "the peer's python")
	tasks := flag.String("tasks", "parse,moments,gram,lasso,subsets", "measurements")
	child := flag.String("child", "", "internal: run one task on -file")
	file := flag.String("file", "", "internal: the file of -child")
	flag.Parse()
	if *child != "" {
		r, err := runTask(*child, *file, *d)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		json.NewEncoder(os.Stdout).Encode(r)
		return
	}
	if *dir == "" {
		t, err := os.MkdirTemp("", "benchscale")
		check(err)
		*dir = t
	}
	csvPath := filepath.Join(*dir, fmt.Sprintf("scale-%d-%d.csv", *n, *d))
	pqPath := filepath.Join(*dir, fmt.Sprintf("scale-%d-%d.parquet", *n, *d))
	if !*keep {
		defer os.Remove(csvPath)
		defer os.Remove(pqPath)
	}
	t0 := time.Now()
	check(generate(csvPath, pqPath, *n, *d))
	fmt.Printf("generated %d x %d in %.1f s: %s (%s), %s (%s)\n", *n, *d, time.Since(t0).Seconds(),
		csvPath, size(csvPath), pqPath, size(pqPath))
	fmt.Printf("GOMAXPROCS %d, %s\n\n", runtime.GOMAXPROCS(0), runtime.Version())
	fmt.Printf("| format | task | wall s | CPU s | rows/s/core (CPU) | MB/s (wall) | peak RSS MB | CPU vs parse | note |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, f := range []struct{ name, path string }{{"csv", csvPath}, {"parquet", pqPath}} {
		var parse float64
		for _, task := range strings.Split(*tasks, ",") {
			cmd := exec.Command(os.Args[0], "-child", task, "-file", f.path, "-d", strconv.Itoa(*d))
			cmd.Stderr = os.Stderr
			out, err := cmd.Output()
			if err != nil {
				fmt.Printf("| %s | %s | failed: %v |\n", f.name, task, err)
				continue
			}
			var r result
			check(json.Unmarshal(out, &r))
			// CPU time of the child (the machine may be shared: wall
			// time then overstates the cost)
			cpu := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
			if task == "parse" {
				parse = cpu
			}
			ratio := ""
			if parse > 0 {
				ratio = fmt.Sprintf("%.2fx", cpu/parse)
			}
			fmt.Printf("| %s | %s | %.1f | %.1f | %.0f | %.0f | %.0f | %s | %s |\n", f.name, task, r.Seconds, cpu,
				float64(r.Rows)/cpu, float64(r.Bytes)/1e6/r.Seconds, float64(r.HWMKB)/1024, ratio, r.Note)
		}
	}
	if *peer {
		m := min(*n, 1_000_000)
		fmt.Printf("\npeer: %s pandas.read_csv(nrows=%d) + sklearn LassoCV(cv=5)\n", *python, m)
		cmd := exec.Command(*python, "-c", peerScript, csvPath, strconv.Itoa(m))
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Println("peer failed:", err)
		}
		if m == *n {
			r, err := childRun("lasso", csvPath, *d)
			if err == nil {
				fmt.Printf("featlab on the same file: lasso task %.1f s, peak RSS %.0f MB (%s)\n", r.Seconds, float64(r.HWMKB)/1024, r.Note)
			}
		}
	}
}

func childRun(task, path string, d int) (result, error) {
	out, err := exec.Command(os.Args[0], "-child", task, "-file", path, "-d", strconv.Itoa(d)).Output()
	var r result
	if err == nil {
		err = json.Unmarshal(out, &r)
	}
	return r, err
}

const peerScript = `
import sys, time, resource
import pandas as pd
from sklearn.linear_model import LassoCV
path, m = sys.argv[1], int(sys.argv[2])
t0 = time.time()
df = pd.read_csv(path, nrows=m)
t1 = time.time()
y = df.pop("y").to_numpy()
X = df.to_numpy()
fit = LassoCV(cv=5, n_alphas=100).fit(X, y)
t2 = time.time()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print("| peer | read_csv %.1f s | LassoCV %.1f s | total %.1f s | peak RSS %.0f MB | alpha %.4g, %d non-zero |" % (t1 - t0, t2 - t1, t2 - t0, rss, fit.alpha_, (fit.coef_ != 0).sum()))
`

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchscale:", err)
		os.Exit(1)
	}
}

func size(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%.0f MB", float64(st.Size())/1e6)
}

// generate writes N rows of d standard normal features and
// y = X beta + noise (10 non-zero coefficients) as CSV (6 decimals) and as
// Parquet (DOUBLE, uncompressed, row groups of 16384 rows).
func generate(csvPath, pqPath string, n, d int) error {
	const rg = 16384
	rng := rand.New(rand.NewPCG(22, 2026))
	beta := make([]float64, d)
	for j := 0; j < min(10, d); j++ {
		beta[j*d/min(10, d)] = float64(j%3+1) * float64(1-2*(j%2))
	}
	cf, err := os.Create(csvPath)
	if err != nil {
		return err
	}
	defer cf.Close()
	w := bufio.NewWriterSize(cf, 1<<20)
	specs := make([]pqwrite.Spec, d+1)
	for j := 0; j < d; j++ {
		specs[j] = pqwrite.Spec{Name: "x" + strconv.Itoa(j+1), Type: parquet.Types.Double}
		fmt.Fprintf(w, "x%d,", j+1)
	}
	specs[d] = pqwrite.Spec{Name: "y", Type: parquet.Types.Double}
	fmt.Fprintln(w, "y")
	pw, err := pqwrite.Create(pqPath, specs, false)
	if err != nil {
		return err
	}
	cols := make([][]float64, d+1)
	for j := range cols {
		cols[j] = make([]float64, rg)
	}
	var line []byte
	for lo := 0; lo < n; lo += rg {
		r := min(rg, n-lo)
		for i := 0; i < r; i++ {
			line = line[:0]
			var y float64
			for j := 0; j < d; j++ {
				// rounded to the 6 decimals the CSV holds, so both files
				// hold the same numbers
				k := int64(math.Round(rng.NormFloat64() * 1e6))
				v := micro(k)
				cols[j][i] = v
				y += beta[j] * v
				line = appendMicro(line, k)
				line = append(line, ',')
			}
			k := int64(math.Round((y + rng.NormFloat64()) * 1e6))
			cols[d][i] = micro(k)
			line = appendMicro(line, k)
			line = append(line, '\n')
			if _, err := w.Write(line); err != nil {
				return err
			}
		}
		part := make([][]float64, d+1)
		for j := range cols {
			part[j] = cols[j][:r]
		}
		if err := pw.WriteRowGroup(part, nil); err != nil {
			return err
		}
	}
	if err := pw.Close(); err != nil {
		return err
	}
	return w.Flush()
}

// micro returns k / 10^6 correctly rounded: the double that ParseFloat
// reads from appendMicro's text (k and 10^6 are exact doubles and the
// division rounds once).
func micro(k int64) float64 { return float64(k) / 1e6 }

// appendMicro appends k / 10^6 with exactly six decimals ("-0.012345").
func appendMicro(b []byte, k int64) []byte {
	if k < 0 {
		b = append(b, '-')
		k = -k
	}
	b = strconv.AppendInt(b, k/1_000_000, 10)
	b = append(b, '.')
	f := k % 1_000_000
	for p := int64(100_000); p > 0; p /= 10 {
		b = append(b, byte('0'+f/p%10))
	}
	return b
}

// counter only counts rows: the parse-only floor.
type counter struct{ n int64 }

func (c *counter) Add(b *stream.Block) error {
	if b.X != nil {
		r, _ := b.X.Dims()
		c.n += int64(r)
	}
	return nil
}
func (c *counter) Merge(o stream.Accumulator) error { c.n += o.(*counter).n; return nil }
func (c *counter) Empty() stream.Accumulator        { return &counter{} }

func source(path string) (stream.Source, io.Closer, error) {
	if strings.HasSuffix(path, ".parquet") {
		s, err := pqsource.New([]string{path}, pqsource.Config{Target: "y"})
		return s, io.NopCloser(nil), err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	s, err := stream.NewCSV(f, stream.CSVConfig{Target: "y"})
	return s, f, err
}

func runTask(task, path string, d int) (*result, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	src, cl, err := source(path)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	format := "csv"
	if strings.HasSuffix(path, ".parquet") {
		format = "parquet"
	}
	r := &result{Task: task, Format: format, Bytes: st.Size()}
	t0 := time.Now()
	switch task {
	case "parse":
		c := &counter{}
		err = stream.Pass(src, c, 0)
		r.Rows = c.n
	case "moments":
		m, _ := stream.NewMoments(d, true)
		err = stream.Pass(src, m, 0)
		r.Rows = m.Count()
	case "gram", "subsets":
		g, _ := stream.NewGram(d, true)
		if err = stream.Pass(src, g, 0); err != nil {
			break
		}
		r.Rows = g.Count()
		if task == "subsets" {
			var bs *search.BestSubsetsResult
			bs, err = search.BestSubsetsFromStats(g, search.BestSubsetsConfig{MaxSize: subsetsMax})
			if err == nil {
				r.Note = fmt.Sprintf("best subsets of sizes 1..%d by branch and bound from the Gram (%d nodes); BIC chooses %d features", subsetsMax, bs.Nodes, len(bs.Selection().Chosen))
			}
		}
	case "lasso":
		// one pass into K = 5 fold Grams; the path and its 5-fold CV run
		// on them (each training fold is the merge of the other four)
		fg, _ := stream.NewFoldGram(d, true, 5, 1)
		if err = stream.Pass(src, fg, 0); err != nil {
			break
		}
		r.Rows = fg.Count()
		var cv *linear.LassoCVResult
		cv, err = linear.LassoCVFromStats(fg, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}})
		if err == nil {
			r.Note = fmt.Sprintf("path of %d lambdas with 5-fold CV from one pass: lambda_min %.3g (%d features), one-SE %.3g (%d features)",
				len(cv.Lambdas), cv.LambdaMin, nonzero(cv.Path.Coefs, cv.IndexMin), cv.Lambda1SE, nonzero(cv.Path.Coefs, cv.Index1SE))
		}
	default:
		return nil, fmt.Errorf("unknown task %q", task)
	}
	if err != nil {
		return nil, err
	}
	r.Seconds = time.Since(t0).Seconds()
	r.HWMKB = vmHWM()
	return r, nil
}

// nonzero counts the nonzero coefficients of column k of a d x n path.
func nonzero(C interface {
	At(i, j int) float64
	Dims() (int, int)
}, k int) int {
	d, _ := C.Dims()
	n := 0
	for j := 0; j < d; j++ {
		if C.At(j, k) != 0 {
			n++
		}
	}
	return n
}

// vmHWM reads the peak resident set size of this process, in kB.
func vmHWM() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			v, _ := strconv.ParseInt(strings.Fields(l)[1], 10, 64)
			return v
		}
	}
	return -1
}
