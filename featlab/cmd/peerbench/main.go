// Command peerbench times featlab and its peers (scikit-learn, R glmnet) on
// the same data in the same run and prints the ratios. `make bench` runs it.
//
//	go run ./featlab/cmd/peerbench [-run REGEXP] [-repeats N] [-list]
//
// Each case generates its data once, deterministically, in Go; writes it to
// a temporary folder as raw little-endian float64 (row-major) with a
// shapes.json index; times the featlab call in-process (single-threaded
// with GOMAXPROCS=1, then with all cores), and times the peer on the same
// files through py/harness.py or r/harness.R with BLAS and OpenMP held to
// one thread. Each timing is the best of N runs after one warm-up run, so
// start-up and first-touch costs are left out on both sides.
//
// Cases live in cases_<package>.go files, one per featlab package, each
// registering with Register in an init function; the peer code lives in
// py/peer_<package>.py and r/peer_<package>.R. See README.md.
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// Case is one side-by-side timing.
type Case struct {
	// Group is the featlab package, e.g. "filter", "linear".
	Group string
	// Name says what is timed and on what data, e.g.
	// "lasso path, 100 lambdas, m=2000 d=500".
	Name string
	// Data returns the named inputs. Vectors are m x 1 matrices. It is
	// called once per run; the same call must give the same data.
	Data func() map[string]*mat.Dense
	// Go returns the featlab computation to time, given the data and the
	// number of worker goroutines the computation may use (1, or 0 for all
	// cores; pass it to the algorithm's Workers setting). Set-up work done
	// before returning run is not timed.
	Go func(data map[string]*mat.Dense, workers int) (run func() error, err error)
	// Parallel is true when the featlab side can use several cores; then it
	// is also timed with all cores.
	Parallel bool
	// Python names the scikit-learn side as "module:function" in py/: the
	// function takes a dict of numpy arrays and returns a zero-argument
	// callable to time. Empty when there is no Python peer.
	Python string
	// R names the R side as "file.R:function" in r/: the function takes a
	// named list of matrices and returns a zero-argument function to time.
	// Empty when there is no R peer.
	R string
	// Note is printed under the table (what exactly is compared).
	Note string
	// Bytes, for a memory-bound case, returns the bytes the computation
	// must touch at least (each input read once, each output written
	// once); the table then shows the floor time, Bytes / the measured
	// single-core read bandwidth, and featlab's multiple of it. Nil for
	// compute-bound cases.
	Bytes func(data map[string]*mat.Dense) float64
}

var cases []Case

// Register adds a case; call it from an init function in cases_<pkg>.go.
func Register(c Case) { cases = append(cases, c) }

type result struct {
	c                        Case
	go1, goAll, py, r        float64 // seconds; NaN when not run
	cpu1                     float64 // CPU seconds of the best single-core run
	bytes                    float64 // Case.Bytes, 0 when not memory-bound
	pyErr, rErr, goErr, note string
}

func main() {
	runRe := flag.String("run", "", "only cases whose \"group/name\" matches this regular expression")
	repeats := flag.Int("repeats", 5, "timed runs per side (the best is reported)")
	python := flag.String("python", "/usr/bin/python3", "Python with scikit-learn (Debian python3-sklearn)")
	rscript := flag.String("rscript", "Rscript", "Rscript with glmnet (Debian r-cran-glmnet)")
	list := flag.Bool("list", false, "list the cases and exit")
	goOnly := flag.Bool("goonly", false, "time only featlab, single-threaded, and print machine-readable lines (used by -compare)")
	compare := flag.String("compare", "", "a peerbench binary built from an older checkout: time the common cases old and new interleaved, featlab only, single-threaded (see make bench-compare)")
	rounds := flag.Int("rounds", 3, "with -compare: old/new process pairs per case (the median is reported)")
	flag.Parse()
	re, err := regexp.Compile(*runRe)
	if err != nil {
		fatal(err)
	}
	sort.SliceStable(cases, func(i, j int) bool { return cases[i].Group < cases[j].Group })
	if *goOnly {
		runGoOnly(re, *repeats)
		return
	}
	if *compare != "" {
		runCompare(*compare, re, *repeats, *rounds)
		return
	}
	here, err := sourceDir()
	if err != nil {
		fatal(err)
	}
	if *list {
		for _, c := range cases {
			if full := c.Group + "/" + c.Name; re.MatchString(full) {
				fmt.Println(full)
			}
		}
		return
	}
	pyOK := peerAvailable(*python, "-c", "import sklearn, numpy")
	rOK := peerAvailable(*rscript, "-e", "suppressMessages(library(glmnet))")
	fmt.Printf("machine: %d cores (GOMAXPROCS %d), %s/%s, %s\n", runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, runtime.Version())
	if pyOK {
		fmt.Printf("python:  %s\n", strings.TrimSpace(output(*python, "-c", "import sklearn, numpy; print('scikit-learn', sklearn.__version__, 'numpy', numpy.__version__)")))
	} else {
		fmt.Println("python:  scikit-learn not found; install it with: apt-get install python3-sklearn")
	}
	if rOK {
		fmt.Printf("R:       %s\n", strings.TrimSpace(output(*rscript, "-e", "cat('glmnet', as.character(packageVersion('glmnet')))")))
	} else {
		fmt.Println("R:       glmnet not found; install it with: apt-get install r-cran-glmnet")
	}
	fmt.Printf("timing:  best of %d runs after a warm-up; peers with OMP/BLAS threads = 1\n", *repeats)
	bw := measureBandwidth(*repeats)
	fmt.Printf("memory:  read bandwidth %.1f GB/s on 1 core, %.1f GB/s on all cores (kernel.Sum over %d MB, best of %d); from CPU time %.1f GB/s on 1 core\n", bw.one/1e9, bw.all/1e9, bw.bufBytes>>20, *repeats, bw.oneCPU/1e9)
	if l, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("load:    %s\n", strings.Join(strings.Fields(string(l))[:3], " "))
	}
	fmt.Println()
	var results []result
	for _, c := range cases {
		full := c.Group + "/" + c.Name
		if !re.MatchString(full) {
			continue
		}
		fmt.Fprintf(os.Stderr, "  %s ...\n", full)
		results = append(results, runCase(c, here, *repeats, pyOK, rOK, *python, *rscript))
	}
	printTable(results, bw)
	if l, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("load at the end: %s\n", strings.Join(strings.Fields(string(l))[:3], " "))
	}
}

func runCase(c Case, here string, repeats int, pyOK, rOK bool, python, rscript string) result {
	res := result{c: c, go1: math.NaN(), goAll: math.NaN(), py: math.NaN(), r: math.NaN(), cpu1: math.NaN()}
	data := c.Data()
	res.bytes = touch(c, data)
	dir, err := os.MkdirTemp("", "peerbench-")
	if err != nil {
		res.goErr = err.Error()
		return res
	}
	defer os.RemoveAll(dir)
	if err := writeData(dir, data); err != nil {
		res.goErr = err.Error()
		return res
	}
	res.go1, res.cpu1, err = timeGoCPU(c, data, 1, repeats)
	if err != nil {
		res.goErr = err.Error()
	}
	if c.Parallel && runtime.NumCPU() > 1 {
		res.goAll, err = timeGo(c, data, 0, repeats)
		if err != nil {
			res.goErr = err.Error()
		}
	}
	if c.Python != "" && pyOK {
		mod, fn, _ := strings.Cut(c.Python, ":")
		res.py, res.pyErr = timePeer(python, []string{filepath.Join(here, "py", "harness.py"), filepath.Join(here, "py"), mod, fn, dir, strconv.Itoa(repeats)})
	}
	if c.R != "" && rOK {
		file, fn, _ := strings.Cut(c.R, ":")
		res.r, res.rErr = timePeer(rscript, []string{filepath.Join(here, "r", "harness.R"), filepath.Join(here, "r", file), fn, dir, strconv.Itoa(repeats)})
	}
	return res
}

func timeGo(c Case, data map[string]*mat.Dense, workers, repeats int) (float64, error) {
	wall, _, err := timeGoCPU(c, data, workers, repeats)
	return wall, err
}

// timeGoCPU is timeGo that also returns the least CPU time (user +
// system, of the whole process) of the timed runs.
func timeGoCPU(c Case, data map[string]*mat.Dense, workers, repeats int) (wall, cpu float64, err error) {
	procs := runtime.NumCPU()
	if workers == 1 {
		procs = 1
	}
	old := runtime.GOMAXPROCS(procs)
	defer runtime.GOMAXPROCS(old)
	run, err := c.Go(data, workers)
	if err != nil {
		return math.NaN(), math.NaN(), err
	}
	if err := run(); err != nil { // warm-up
		return math.NaN(), math.NaN(), err
	}
	wall, cpu = math.Inf(1), math.Inf(1)
	for k := 0; k < repeats; k++ {
		runtime.GC()
		c0, start := processCPU(), time.Now()
		if err := run(); err != nil {
			return math.NaN(), math.NaN(), err
		}
		wall = math.Min(wall, time.Since(start).Seconds())
		cpu = math.Min(cpu, (processCPU() - c0).Seconds())
	}
	return wall, cpu, nil
}

// timePeer runs a harness that prints the best time in seconds on its last
// line of output.
func timePeer(bin string, args []string) (float64, string) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "OMP_NUM_THREADS=1", "OPENBLAS_NUM_THREADS=1", "MKL_NUM_THREADS=1", "BLIS_NUM_THREADS=1")
	out, err := cmd.CombinedOutput()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	last := lines[len(lines)-1]
	if err != nil {
		return math.NaN(), fmt.Sprintf("%v: %s", err, last)
	}
	v, perr := strconv.ParseFloat(strings.TrimSpace(last), 64)
	if perr != nil {
		return math.NaN(), "unexpected output: " + last
	}
	return v, ""
}

// writeData writes each matrix as <name>.f64 (row-major little-endian
// float64) and their shapes to shapes.json.
func writeData(dir string, data map[string]*mat.Dense) error {
	shapes := map[string][2]int{}
	for name, m := range data {
		r, c := m.Dims()
		shapes[name] = [2]int{r, c}
		buf := make([]byte, 8*r*c)
		for i := 0; i < r; i++ {
			for j, v := range m.RawRowView(i) {
				binary.LittleEndian.PutUint64(buf[8*(i*c+j):], math.Float64bits(v))
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name+".f64"), buf, 0o644); err != nil {
			return err
		}
	}
	b, err := json.Marshal(shapes)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "shapes.json"), b, 0o644)
}

func printTable(results []result, bw bandwidth) {
	header := []string{"case", "featlab 1 core", "featlab all cores", "floor 1 core", "featlab 1 / floor", "CPU 1 / floor", "sklearn", "sklearn / featlab 1", "sklearn / featlab all", "glmnet", "glmnet / featlab 1"}
	var rows [][]string
	var notes []string
	for _, r := range results {
		floor, floorCPU := math.NaN(), math.NaN()
		if r.bytes > 0 {
			floor, floorCPU = r.bytes/bw.one, r.bytes/bw.oneCPU
		}
		rows = append(rows, []string{
			r.c.Group + "/" + r.c.Name, secs(r.go1), secs(r.goAll), secs(floor), multiple(r.go1, floor), multiple(r.cpu1, floorCPU), secs(r.py),
			ratio(r.py, r.go1), ratio(r.py, r.goAll), secs(r.r), ratio(r.r, r.go1),
		})
		for _, e := range []struct{ who, msg string }{{"featlab", r.goErr}, {"sklearn", r.pyErr}, {"glmnet", r.rErr}} {
			if e.msg != "" {
				notes = append(notes, fmt.Sprintf("%s/%s: %s failed: %s", r.c.Group, r.c.Name, e.who, e.msg))
			}
		}
		if r.c.Note != "" {
			notes = append(notes, fmt.Sprintf("%s/%s: %s", r.c.Group, r.c.Name, r.c.Note))
		}
	}
	fmt.Print(featlab.FormatTable(header, rows))
	fmt.Println("ratios above 1 mean featlab is faster; floor = bytes that must be touched / single-core read bandwidth; CPU 1 / floor is the process CPU time of the best single-core run over the floor from the CPU time of the bandwidth pass (both less inflated by load than wall time)")
	for _, n := range notes {
		fmt.Println("  " + n)
	}
}

func secs(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	switch {
	case v < 1e-3:
		return fmt.Sprintf("%.1fus", v*1e6)
	case v < 1:
		return fmt.Sprintf("%.2fms", v*1e3)
	}
	return fmt.Sprintf("%.3fs", v)
}

func ratio(peer, ours float64) string {
	if math.IsNaN(peer) || math.IsNaN(ours) || ours == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", peer/ours)
}

// multiple returns ours / floor as "2.1x", or "-".
func multiple(ours, floor float64) string {
	if math.IsNaN(ours) || math.IsNaN(floor) || floor == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", ours/floor)
}

func peerAvailable(bin string, args ...string) bool {
	return exec.Command(bin, args...).Run() == nil
}

func output(bin string, args ...string) string {
	out, _ := exec.Command(bin, args...).Output()
	return string(out)
}

// sourceDir finds this program's folder (for py/ and r/) from the working
// directory: the repository root or any folder below it.
func sourceDir() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "featlab", "cmd", "peerbench")
		if st, err := os.Stat(filepath.Join(p, "py", "harness.py")); err == nil && !st.IsDir() {
			return p, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("peerbench: run it from inside the featlab repository")
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "peerbench:", err)
	os.Exit(1)
}
