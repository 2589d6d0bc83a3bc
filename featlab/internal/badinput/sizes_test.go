package badinput

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/sensing"
)

// Size parameters (issue 20): every int field of an entry's config whose
// name says it sizes an allocation (K atoms, T steps, NLambdas, MaxRank,
// Degree, MaxSubsets, ...) is set to DefaultMaxCells+1, a size whose
// arrays would hold more than featlab.DefaultMaxCells values; the call must
// refuse it (ErrTooLarge, or ErrParam for a size beyond the data's own
// bound, such as k > d) before allocating. Each call runs in a child
// process of the test binary under `ulimit -v` (4 GB; not under -race,
// whose shadow memory needs more) and GOMEMLIMIT, with a monitor that
// stops it once its allocations grow by more than 256 MB, and a 20 s
// deadline: a failure cannot take the suite down.

// sizeFields are the config fields the check pushes, by name.
var sizeFields = map[string]bool{
	"K": true, "T": true, "S": true, "NLambdas": true, "NLambda": true, "MaxRank": true, "Rank": true,
	"Degree": true, "MaxSubsets": true, "MaxSize": true, "Components": true, "NComponents": true,
}

// hugeSize needs more than DefaultMaxCells values as soon as one array is
// sized by it.
const hugeSize = featlab.DefaultMaxCells + 1

// sizeBudget is the allocation growth a size case may reach before the
// monitor stops it.
const sizeBudget = 256 << 20

// sizeCalls are size cases of functions that do not take a config the
// walk can find (a size argument, a config of a custom entry).
var sizeCalls = map[string]func() (any, error){
	"sensing.ObserveEntries / rows and cols 1e9, one entry": func() (any, error) {
		return sensing.ObserveEntries(1e9, 1e9, []int{0}, []int{0}, []float64{1})
	},
	"sensing.RIP / MaxSubsets 2^27+1, C(200, 6) supports": func() (any, error) {
		A, err := sensing.Gaussian(20, 200, 1)
		if err != nil {
			return nil, err
		}
		return sensing.RIP(A, 6, sensing.RIPConfig{MaxSubsets: hugeSize})
	},
	"sensing.RIP / MaxSubsets 2^40 >= C(200, 6) supports": func() (any, error) {
		A, err := sensing.Gaussian(20, 200, 1)
		if err != nil {
			return nil, err
		}
		return sensing.RIP(A, 6, sensing.RIPConfig{MaxSubsets: 1 << 40})
	},
	"represent.BagOfWords.Transform / 200,000 documents over 8,000 words": func() (any, error) {
		train := make([][]string, 8000)
		for i := range train {
			train[i] = []string{"w" + strconv.Itoa(i)}
		}
		b := &represent.BagOfWords{}
		if err := b.Fit(train); err != nil {
			return nil, err
		}
		docs := make([][]string, 200000)
		for i := range docs {
			docs[i] = train[i%8000]
		}
		return b.Transform(docs)
	},
	"sensing.Gaussian / 2^14 x 2^14": func() (any, error) { return sensing.Gaussian(1<<14, 1<<14, 1) },
}

// boundedCalls must return within the child's deadline and memory, with
// any outcome a sentinel allows (a hang or a blow-up is the defect).
var boundedCalls = map[string]func() (any, error){
	"sensing.SVT / one observed entry of 4 x 4, defaults": func() (any, error) {
		one, err := sensing.ObserveEntries(4, 4, []int{1}, []int{2}, []float64{3})
		if err != nil {
			return nil, err
		}
		return sensing.SVT(one, sensing.SVTConfig{AllowEmpty: true})
	},
}

// sizePaths lists the size fields of a config value (paths of field
// names, through nested structs and the structs interface fields hold).
func sizePaths(v reflect.Value, prefix []string, depth int) [][]string {
	if depth > 4 || v.Kind() != reflect.Struct {
		return nil
	}
	var out [][]string
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if !f.IsExported() {
			continue
		}
		fv := v.Field(i)
		path := append(append([]string(nil), prefix...), f.Name)
		switch fv.Kind() {
		case reflect.Int:
			if sizeFields[f.Name] {
				out = append(out, path)
			}
		case reflect.Struct:
			if !reflect.PointerTo(fv.Type()).Implements(reflect.TypeFor[mat.Matrix]()) {
				out = append(out, sizePaths(fv, path, depth+1)...)
			}
		case reflect.Interface:
			held := fv.Elem()
			if held.Kind() == reflect.Struct {
				out = append(out, sizePaths(held, path, depth+1)...)
			}
		}
	}
	return out
}

// sizeCase is one call the size check makes: an entry's field set to
// hugeSize, or a sizeCalls function.
type sizeCase struct {
	entry, input string
	run          func() (any, error)
	anyOutcome   bool // boundedCalls: only a hang, a blow-up or a panic fails
}

func sizeCases(entries []*entry) []sizeCase {
	X, y := good()
	var out []sizeCase
	seen := map[string]bool{}
	for _, e := range entries {
		if e.kind != "xy" || e.cfgVal == nil {
			continue
		}
		for _, path := range sizePaths(reflect.ValueOf(e.cfgVal), nil, 0) {
			name := strings.Join(path, ".")
			if seen[e.id+"/"+name] {
				continue
			}
			seen[e.id+"/"+name] = true
			out = append(out, sizeCase{e.id, name + " = DefaultMaxCells+1", func() (any, error) {
				return e.xy(X, y, func(c reflect.Value) {
					setAt(c.Elem(), path, func(f reflect.Value) { f.SetInt(hugeSize) })
				})
			}, false})
		}
	}
	for _, k := range sortedKeys(sizeCalls) {
		id, in, _ := strings.Cut(k, " / ")
		out = append(out, sizeCase{id, in, sizeCalls[k], false})
	}
	for _, k := range sortedKeys(boundedCalls) {
		id, in, _ := strings.Cut(k, " / ")
		out = append(out, sizeCase{id, in, boundedCalls[k], true})
	}
	return out
}

// sizeAccepted counts size cases that succeeded without allocating (a
// field the variant does not use, or one the data bounds).
var sizeAccepted atomic.Int32

// sizeOutcome is what a child reports: the error (or none) and the
// allocation growth.
type sizeOutcome struct {
	err      error
	panicked string
	alloc    uint64
	stopped  bool // the monitor stopped it over sizeBudget
	// nonFinite names a NaN or infinity in a result returned with no error.
	nonFinite string
}

// runSizeCase runs c with the allocation monitor (in the child).
func runSizeCase(c sizeCase) sizeOutcome {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.TotalAlloc
	done := make(chan sizeOutcome, 1)
	go func() {
		r, err, p := call(c.run)
		runtime.ReadMemStats(&ms)
		o := sizeOutcome{err: err, panicked: p, alloc: ms.TotalAlloc - base}
		if q, ok := finiteResult(r, false); err == nil && p == "" && !ok {
			o.nonFinite = q
		}
		done <- o
	}()
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case o := <-done:
			return o
		case <-tick.C:
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.TotalAlloc-base > sizeBudget {
				return sizeOutcome{stopped: true, alloc: m.TotalAlloc - base}
			}
		}
	}
}

// TestSizeChild runs one size case in a child process (FEATLAB_SIZE_CASE
// names it) and prints its outcome on one line; it does nothing otherwise.
func TestSizeChild(t *testing.T) {
	want := os.Getenv("FEATLAB_SIZE_CASE")
	if want == "" {
		t.Skip("runs as a child of the size check")
	}
	for _, c := range sizeCases(append(registry(), toyEntries()...)) {
		if c.entry+" / "+c.input != want {
			continue
		}
		o := runSizeCase(c)
		kind := "none"
		for _, s := range sentinels {
			if o.err != nil && errors.Is(o.err, s) {
				kind = s.Error()
				break
			}
		}
		msg := ""
		switch {
		case o.stopped:
			msg = "stopped"
		case o.panicked != "":
			msg = "panic: " + o.panicked
		case o.err != nil:
			msg = o.err.Error()
		case o.nonFinite != "":
			msg = "non-finite: " + o.nonFinite
		}
		fmt.Printf("\nSIZE-OUTCOME\t%s\t%d\t%s\n", kind, o.alloc, strings.ReplaceAll(msg, "\n", " "))
		os.Exit(0) // before any other test or the race detector's report
	}
	t.Fatalf("no size case %q", want)
}

// childLimit is the address-space limit of a size child, in KB.
const childLimit = 4 << 20

// runSizeChild runs one case in a child process and returns its outcome
// line's fields, or a description of how the child died.
func runSizeChild(key string) (kind string, alloc uint64, msg string, died string) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	self, err := os.Executable()
	if err != nil {
		return "", 0, "", err.Error()
	}
	script := `exec "$0" -test.run='^TestSizeChild$' -test.count=1`
	if !raceEnabled {
		script = fmt.Sprintf("ulimit -v %d; %s", childLimit, script)
	}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", script, self)
	cmd.Env = append(os.Environ(), "FEATLAB_SIZE_CASE="+key, "GOMEMLIMIT=1GiB", "GOMAXPROCS=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	for _, line := range strings.Split(stdout.String(), "\n") {
		if f := strings.SplitN(line, "\t", 4); len(f) == 4 && f[0] == "SIZE-OUTCOME" {
			fmt.Sscan(f[2], &alloc)
			return f[1], alloc, f[3], ""
		}
	}
	switch {
	case ctx.Err() != nil:
		return "", 0, "", "did not return within 20 s"
	case strings.Contains(stderr.String(), "out of memory"):
		return "", 0, "", fmt.Sprintf("the child ran out of memory under ulimit -v %d GB (%v)", childLimit>>20, err)
	}
	tail := stderr.String() + stdout.String()
	if len(tail) > 300 {
		tail = tail[len(tail)-300:]
	}
	return "", 0, "", fmt.Sprintf("the child died (%v): %s", err, tail)
}

// checkSizes runs every size case in a child process, two at a time.
func checkSizes(entries []*entry) []failure {
	cases := sizeCases(entries)
	var (
		mu  sync.Mutex
		out []failure
		wg  sync.WaitGroup
	)
	sem := make(chan struct{}, 2)
	for _, c := range cases {
		current = &entry{covers: []string{c.entry}}
		for _, e := range entries {
			if e.id == c.entry {
				current = e
			}
		}
		ran("size parameters over DefaultMaxCells (child process, memory-limited)", c.entry)
		current = nil
		count(1)
		wg.Add(1)
		sem <- struct{}{}
		go func(c sizeCase) {
			defer func() { <-sem; wg.Done() }()
			kind, alloc, msg, died := runSizeChild(c.entry + " / " + c.input)
			var f *failure
			mb := float64(alloc) / (1 << 20)
			switch {
			case died != "":
				f = &failure{c.entry, "size parameter", c.input, died}
			case msg == "stopped":
				f = &failure{c.entry, "size parameter", c.input, fmt.Sprintf("allocated more than %d MB before any refusal (stopped)", sizeBudget>>20)}
			case strings.HasPrefix(msg, "panic: "):
				f = &failure{c.entry, "size parameter", c.input, "panicked: " + msg[7:]}
			case strings.HasPrefix(msg, "non-finite: "):
				f = &failure{c.entry, "size parameter", c.input, "no error, but a " + msg}
			case c.anyOutcome && kind == "none" && msg != "":
				f = &failure{c.entry, "size parameter", c.input, fmt.Sprintf("error %q wraps no sentinel", msg)}
			case c.anyOutcome:
			case kind == "none" && msg == "" && alloc > sizeBudget/4 && !c.anyOutcome:
				f = &failure{c.entry, "size parameter", c.input, fmt.Sprintf("accepted after allocating %.1f MB", mb)}
			case kind == "none" && msg == "":
				sizeAccepted.Add(1) // unused by the variant, or bounded by the data: no memory at stake
			case kind != featlab.ErrTooLarge.Error() && kind != featlab.ErrParam.Error():
				f = &failure{c.entry, "size parameter", c.input, fmt.Sprintf("error %q wraps neither ErrTooLarge nor ErrParam", msg)}
			case alloc > sizeBudget/4:
				f = &failure{c.entry, "size parameter", c.input, fmt.Sprintf("refused, but after allocating %.1f MB", mb)}
			}
			if f != nil {
				mu.Lock()
				out = append(out, *f)
				mu.Unlock()
			}
		}(c)
	}
	wg.Wait()
	return out
}
