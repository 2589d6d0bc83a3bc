package beam

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/featlab/course/featlab/nb"
	"github.com/featlab/course/featlab/synth"
)

// nb12Path is notebook 12, whose Beam section this test runs.
const nb12Path = "../../notebooks/12-beyond-memory.ipynb"

// nb12Cells returns the sources of the notebook's cells and their types.
func nb12Cells(t *testing.T) (src, typ []string) {
	t.Helper()
	raw, err := os.ReadFile(nb12Path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			Type   string          `json:"cell_type"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(raw, &nb); err != nil {
		t.Fatal(err)
	}
	for _, c := range nb.Cells {
		var lines []string
		if err := json.Unmarshal(c.Source, &lines); err != nil {
			var s string
			if err := json.Unmarshal(c.Source, &s); err != nil {
				t.Fatal(err)
			}
			lines = []string{s}
		}
		src, typ = append(src, strings.Join(lines, "")), append(typ, c.Type)
	}
	return src, typ
}

// nb12Program assembles the notebook's Beam code block (the ```go fence of
// the "The same statistics from Apache Beam" section), its namesOf and
// report cells into a main package whose argument is the shards'
// directory, and returns the program and the notebook's stored output
// (the constant beamOutput).
func nb12Program(t *testing.T) (prog, want string) {
	t.Helper()
	src, typ := nb12Cells(t)
	var block, helpers string
	for i, s := range src {
		switch {
		case typ[i] == "markdown" && strings.HasPrefix(s, "## The same statistics from Apache Beam"):
			_, after, ok := strings.Cut(s, "```go\n")
			body, _, ok2 := strings.Cut(after, "```")
			if !ok || !ok2 {
				t.Fatalf("cell %d has no ```go block", i)
			}
			block = body
		case typ[i] == "code" && strings.Contains(s, "func namesOf("):
			helpers += s + "\n"
		case typ[i] == "code" && strings.Contains(s, "func report("):
			helpers += s + "\n"
			_, after, ok := strings.Cut(s, "const beamOutput = `")
			out, _, ok2 := strings.Cut(after, "`")
			if !ok || !ok2 {
				t.Fatalf("cell %d has no beamOutput constant", i)
			}
			want = out
		}
	}
	if block == "" || want == "" || !strings.Contains(helpers, "func namesOf(") {
		t.Fatalf("notebook 12: Beam code block, namesOf or report/beamOutput cell not found")
	}
	prog = `package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	abeam "github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/featlab/course/featlab/beam"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/nb"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
)

` + helpers + `
func main() {
	dir := os.Args[1]
	abeam.Init()
` + block + `}
`
	return prog, want
}

// nb12Shards writes the notebook's data (synth.Sparse, 10^6 rows of 10
// features, seed 12, 4 decimals as the notebook's CSV file) and keeps
// its first 10^5 rows, in 4 shards of 25 000 rows: part-000.csv ...
func nb12Shards(t *testing.T, dir string) {
	t.Helper()
	cfg := synth.SparseConfig{Features: 10, Support: 3, Noise: 1, Rho: 0.5}
	// as the notebook makes them (nb is also what the program uses)
	ds, _ := nb.Must2(synth.Sparse(1_000_000, cfg, 12))
	const rows, shards = 100_000, 4
	header := strings.Join(append(ds.Names, "y"), ",") + "\n"
	for s := 0; s < shards; s++ {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("part-%03d.csv", s)))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		w.WriteString(header)
		var line []byte
		for i := s * rows / shards; i < (s+1)*rows/shards; i++ {
			line = line[:0]
			for _, v := range ds.X.RawRowView(i) {
				line = append(strconv.AppendFloat(line, v, 'f', 4, 64), ',')
			}
			line = append(strconv.AppendFloat(line, ds.Y[i], 'f', 4, 64), '\n')
			w.Write(line)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestNotebook12Beam: the Beam code that notebook 12 shows (it cannot
// run there: GoNB cannot import this nested module) compiles, runs on
// the prism runner over the notebook's first 10^5 rows in 4 CSV shards,
// and prints exactly the text the notebook stores as beamOutput (which
// the notebook then compares with its in-memory fits of the same rows).
// The program is built in a temporary directory under testdata (inside
// this module, for its go.mod) and removed after.
func TestNotebook12Beam(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a Beam program (-short)")
	}
	prog, want := nb12Program(t)
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	pkg, err := os.MkdirTemp("testdata", "nb12-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(pkg)
	if err := os.WriteFile(filepath.Join(pkg, "main.go"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	nb12Shards(t, data)
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	cmd := exec.Command(gobin, "run", "./"+filepath.ToSlash(pkg), data)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the notebook's Beam program failed: %v\n%s\nprogram:\n%s", err, stderr.String(), prog)
	}
	if string(out) != want {
		t.Errorf("the notebook's Beam program printed\n%s\nthe notebook stores (beamOutput)\n%s", out, want)
	}
}
