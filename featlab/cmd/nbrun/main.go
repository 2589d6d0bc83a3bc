// Command nbrun executes the featlab notebooks headless, as make figures and
// make test do, and checks what they produced.
//
//	go run ./featlab/cmd/nbrun exec [-inplace] [-compare] notebooks/*.ipynb
//	go run ./featlab/cmd/nbrun probe [-root DIR]
//	go run ./featlab/cmd/nbrun kernel GONB PATH ROOT
//	go run ./featlab/cmd/nbrun freeport IP PORT
//	go run ./featlab/cmd/nbrun lint notebooks/*.ipynb
//	go run ./featlab/cmd/nbrun kernelenv KERNEL.JSON PATH
//	go run ./featlab/cmd/nbrun diffdirs WANT GOT
//	go run ./featlab/cmd/nbrun untrusted [-plots plots] notebooks/*.ipynb
//	go run ./featlab/cmd/nbrun site [-out site] [-readme README.md] [-plots plots] notebooks/*.ipynb
//
// exec runs each notebook with `jupyter nbconvert --execute` into a
// temporary folder (or back in place with -inplace), with the kernel's
// working directory in notebooks/ so figures land in plots/. The kernel is
// the registered gonb kernel without gopls (no completion is asked for). A failing cell
// fails the run, naming the notebook, the cell and the error. -compare also
// requires each cell's fresh outputs to equal the stored ones, so the
// numbers a reader sees are those the library computes now.
//
// probe executes a one-cell GoNB notebook to prove the kernel works. With
// -root (the repository), the notebook also builds every package of the
// module a notebook can import, through the kernel exactly as a notebook
// does, so a student's first notebook finds the Go build cache warm.
//
// kernel registers the GoNB kernel (gonb --install, then PATH recorded in
// the spec) unless the registered spec already runs GONB with PATH and
// quiet log flags.
//
// freeport prints the first port from PORT on that is free on IP.
//
// lint checks stored notebooks without running them: valid JSON, the gonb
// kernelspec, the standard setup cell, stored outputs and no stored error.
//
// kernelenv records PATH in the GoNB kernel spec, so the kernel finds go,
// goimports and gopls however Jupyter is started, and the Go settings that
// make a cell's build fast (see kernelGoEnv).
//
// diffdirs compares two folders of figures byte for byte and lists every
// file that differs, is missing or is extra.
//
// untrusted renders each stored notebook to HTML the way an untrusted
// viewer does (nbconvert with sanitize_html: Jupyter's "Not Trusted", GitHub,
// nbviewer) and fails unless every figure of plots/<notebook>/ and every
// stored PNG output is an image on the page.
//
// site exports every stored (executed) notebook to static HTML, the README's
// notebook table as index.html, links between chapters pointing at the
// pages, then checks every page has its figures.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// SetupCell is the first code cell of every notebook (DESIGN.md).
const SetupCell = "!*go mod edit -require=github.com/featlab/course@v0.0.0 -replace=github.com/featlab/course=${GONB_DIR}/.."

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "exec":
		fs := flag.NewFlagSet("exec", flag.ExitOnError)
		inplace := fs.Bool("inplace", false, "write executed notebooks back over the originals")
		compare := fs.Bool("compare", false, "fail when fresh outputs differ from the stored ones")
		timeout := fs.Int("timeout", 900, "per-cell timeout in seconds")
		fs.Parse(os.Args[2:])
		err = execAll(fs.Args(), *inplace, *compare, *timeout)
	case "readme-times":
		fs := flag.NewFlagSet("readme-times", flag.ExitOnError)
		readme := fs.String("readme", "README.md", "the README whose notebook table gets the run-time column")
		fs.Parse(os.Args[2:])
		err = readmeTimes(*readme, fs.Args())
	case "probe":
		fs := flag.NewFlagSet("probe", flag.ExitOnError)
		root := fs.String("root", "", "repository whose packages the probe builds (warms the build cache)")
		fs.Parse(os.Args[2:])
		err = probe(*root)
	case "kernel":
		if len(os.Args) != 5 {
			usage()
		}
		var dataDir []byte
		dataDir, err = exec.Command("jupyter", "--data-dir").Output()
		var env map[string]string
		if err == nil {
			env, err = kernelEnvFor(os.Args[3])
		}
		if err == nil {
			err = kernel(strings.TrimSpace(string(dataDir)), os.Args[2], env, os.Args[4])
		}
	case "freeport":
		if len(os.Args) != 4 {
			usage()
		}
		var port, free int
		if port, err = strconv.Atoi(os.Args[3]); err == nil {
			if free, err = freePort(os.Args[2], port); err == nil {
				fmt.Println(free)
			}
		}
	case "lint":
		err = lintAll(os.Args[2:])
	case "kernelenv":
		if len(os.Args) != 4 {
			usage()
		}
		var env map[string]string
		if env, err = kernelEnvFor(os.Args[3]); err == nil {
			err = kernelEnv(os.Args[2], env)
		}
	case "untrusted":
		fs := flag.NewFlagSet("untrusted", flag.ExitOnError)
		plots := fs.String("plots", "plots", "folder of the committed figures")
		fs.Parse(os.Args[2:])
		err = untrusted(fs.Args(), *plots)
	case "site":
		fs := flag.NewFlagSet("site", flag.ExitOnError)
		out := fs.String("out", "site", "folder the pages are written to")
		readme := fs.String("readme", "README.md", "README whose notebook table becomes the index page")
		plots := fs.String("plots", "plots", "folder of the committed figures")
		fs.Parse(os.Args[2:])
		err = site(*out, *readme, *plots, fs.Args())
	case "slides":
		fs := flag.NewFlagSet("slides", flag.ExitOnError)
		out := fs.String("out", "slides", "folder the decks are written to")
		reveal := fs.String("reveal", "bin/js/reveal.js", "unpacked reveal.js 4.0.2 (make setup)")
		fs.Parse(os.Args[2:])
		err = slides(*out, jsDir(), *reveal, fs.Args())
	case "diffdirs":
		if len(os.Args) != 4 {
			usage()
		}
		err = diffDirs(os.Args[2], os.Args[3])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "nbrun:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: nbrun exec [-inplace] [-compare] NOTEBOOK... | readme-times [-readme FILE] NOTEBOOK... | probe | lint NOTEBOOK... | kernelenv KERNEL.JSON PATH | diffdirs WANT GOT | untrusted [-plots DIR] NOTEBOOK... | site [-out DIR] [-readme FILE] [-plots DIR] NOTEBOOK... | slides [-out DIR] [-reveal DIR] NOTEBOOK...")
	os.Exit(2)
}

// Notebook is the part of the nbformat 4 schema nbrun reads and writes.
type Notebook struct {
	Cells         []Cell                     `json:"cells"`
	Metadata      map[string]json.RawMessage `json:"metadata"`
	NBFormat      int                        `json:"nbformat"`
	NBFormatMinor int                        `json:"nbformat_minor"`
}

// Cell is one notebook cell.
type Cell struct {
	CellType       string                     `json:"cell_type"`
	ID             string                     `json:"id,omitempty"`
	Metadata       map[string]json.RawMessage `json:"metadata"`
	Source         multiline                  `json:"source"`
	Outputs        []Output                   `json:"outputs,omitempty"`
	ExecutionCount *int                       `json:"execution_count,omitempty"`
}

// Output is one cell output.
type Output struct {
	OutputType string                     `json:"output_type"`
	Name       string                     `json:"name,omitempty"`
	Text       multiline                  `json:"text,omitempty"`
	Data       map[string]json.RawMessage `json:"data,omitempty"`
	EName      string                     `json:"ename,omitempty"`
	EValue     string                     `json:"evalue,omitempty"`
	Traceback  []string                   `json:"traceback,omitempty"`
}

// multiline is nbformat's string-or-list-of-strings.
type multiline string

func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err != nil {
		return err
	}
	*m = multiline(strings.Join(parts, ""))
	return nil
}

func readNotebook(path string) (*Notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var nb Notebook
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("%s: not a valid notebook: %v", path, err)
	}
	return &nb, nil
}

// readNotebookJSON reads a notebook as generic JSON, so that a copy
// written back keeps every field (site and slides rewrite cells of it).
func readNotebookJSON(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var nb map[string]any
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return nb, nil
}

func codeCells(nb *Notebook) []int {
	var idx []int
	for i, c := range nb.Cells {
		if c.CellType == "code" {
			idx = append(idx, i)
		}
	}
	return idx
}

func firstLine(s multiline) string {
	line, _, _ := strings.Cut(strings.TrimSpace(string(s)), "\n")
	if len(line) > 70 {
		line = line[:70] + "..."
	}
	return line
}

// cellErrors lists the errors in a cell's outputs: error outputs, and
// GoNB's compile errors and panics that arrive as stderr text or HTML.
func cellErrors(c Cell) []string {
	var errs []string
	for _, o := range c.Outputs {
		switch {
		case o.OutputType == "error":
			errs = append(errs, strings.TrimSpace(o.EName+": "+o.EValue))
			// GoNB shows compile errors as HTML next to the error output.
			for _, o2 := range c.Outputs {
				var h multiline
				if raw, ok := o2.Data["text/html"]; ok && json.Unmarshal(raw, &h) == nil && strings.Contains(string(h), "gonb-err") {
					errs = append(errs, htmlText(string(h)))
				}
			}
		case o.OutputType == "stream" && o.Name == "stderr":
			t := string(o.Text)
			if strings.Contains(t, "panic:") || strings.Contains(t, "exit status") || strings.Contains(t, "failed") {
				errs = append(errs, strings.TrimSpace(t))
			}
		}
	}
	return errs
}

func execAll(paths []string, inplace, compare bool, timeout int) error {
	if len(paths) == 0 {
		return fmt.Errorf("no notebooks given")
	}
	tmp, err := os.MkdirTemp("", "nbrun-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	env := headlessEnv(tmp)
	var failed []string
	for _, p := range paths {
		start := time.Now()
		err := execOne(p, tmp, env, inplace, compare, timeout)
		status := "ok"
		if err != nil {
			status = "FAILED"
			failed = append(failed, p)
			fmt.Fprintf(os.Stderr, "%s\n", err)
		}
		fmt.Printf("  %-40s %-6s %5.1fs\n", filepath.Base(p), status, time.Since(start).Seconds())
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d notebook(s) failed: %s", len(failed), strings.Join(failed, ", "))
	}
	return nil
}

// execOne executes one notebook with nbconvert in the environment env
// (headlessEnv) and checks its outputs.
func execOne(path, tmp string, env []string, inplace, compare bool, timeout int) error {
	stored, err := readNotebook(path)
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	name := filepath.Base(path)
	logPath := filepath.Join(tmp, name+".log")
	args := []string{"nbconvert", "--to", "notebook", "--execute", "--allow-errors",
		fmt.Sprintf("--ExecutePreprocessor.timeout=%d", timeout),
		"--ExecutePreprocessor.record_timing=False",
		"--output-dir", tmp, abs}
	cmd := exec.Command("jupyter", args...)
	cmd.Dir = filepath.Dir(abs)
	cmd.Env = env
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	started := time.Now()
	runErr := cmd.Run()
	took := time.Since(started)
	os.WriteFile(logPath, log.Bytes(), 0o644)
	if runErr != nil {
		return fmt.Errorf("%s: jupyter nbconvert failed (%v); last lines of its log:\n%s", path, runErr, tail(log.String(), 25))
	}
	out := filepath.Join(tmp, name)
	fresh, err := readNotebook(out)
	if err != nil {
		return err
	}
	var problems []string
	for k, i := range codeCells(fresh) {
		if errs := cellErrors(fresh.Cells[i]); len(errs) > 0 {
			problems = append(problems, fmt.Sprintf("%s: code cell %d (%q) failed:\n    %s",
				path, k+1, firstLine(fresh.Cells[i].Source), strings.ReplaceAll(tail(strings.Join(errs, "\n"), 15), "\n", "\n    ")))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	if compare {
		if diffs := compareOutputs(stored, fresh); len(diffs) > 0 {
			return fmt.Errorf("%s: stored outputs differ from a fresh run (re-run `make notebook NB=%s` and commit):\n  %s",
				path, path, strings.Join(diffs, "\n  "))
		}
	}
	if inplace {
		b, err := os.ReadFile(out)
		if err != nil {
			return err
		}
		return os.WriteFile(path, normalize(b, runStamp(took, loadAverage())), 0o644)
	}
	return nil
}

// normalize strips volatile metadata from an executed notebook so that two
// clean runs store the same bytes, after applying edits to the decoded
// notebook (one decode and one encode for all of it).
func normalize(b []byte, edits ...func(nb map[string]any)) []byte {
	var nb map[string]any
	if json.Unmarshal(b, &nb) != nil {
		return b
	}
	for _, edit := range edits {
		edit(nb)
	}
	if cells, ok := nb["cells"].([]any); ok {
		for _, c := range cells {
			cm, _ := c.(map[string]any)
			if md, ok := cm["metadata"].(map[string]any); ok {
				delete(md, "execution")
			}
		}
	}
	out, err := encodeNotebookJSON(nb)
	if err != nil {
		return b
	}
	return out
}

// encodeNotebookJSON writes a notebook held as generic JSON the way
// Jupyter does (one-space indent, no HTML escaping, final newline).
func encodeNotebookJSON(nb map[string]any) ([]byte, error) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(nb); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// comparable returns a cell's outputs as text: all stdout text first (GoNB
// delivers stdout and displays on separate channels, so their interleaving
// varies from run to run while each channel keeps its own order), then each
// display in order. stderr (build chatter) is left out, so only what the
// reader sees as results is compared.
func comparable(c Cell) string {
	var stdout, displays strings.Builder
	for _, o := range c.Outputs {
		switch {
		case o.OutputType == "stream" && o.Name == "stderr":
			continue
		case o.OutputType == "stream":
			stdout.WriteString(string(o.Text))
			continue
		}
		displays.WriteString(o.OutputType + ":")
		keys := make([]string, 0, len(o.Data))
		for k := range o.Data {
			keys = append(keys, k)
		}
		sortStrings(keys)
		for _, k := range keys {
			var s multiline
			if json.Unmarshal(o.Data[k], &s) == nil {
				displays.WriteString(k + "=" + string(s))
			} else {
				displays.Write(o.Data[k])
			}
		}
		displays.WriteString("\n")
	}
	return maskMeasured(stdout.String()) + "\n" + displays.String()
}

// measured matches a wall time or a memory size printed by a notebook
// ("1.4 s", "9.8 s", "33 MB"): they change from run to run, so the
// comparison of stored and fresh outputs ignores their values.
var measured = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)? (s|ms|MB|GB)\b`)

// maskMeasured replaces every measured quantity in printed text by a
// placeholder.
func maskMeasured(s string) string { return measured.ReplaceAllString(s, "<measured> $2") }

func compareOutputs(stored, fresh *Notebook) []string {
	sc, fc := codeCells(stored), codeCells(fresh)
	if len(sc) != len(fc) {
		return []string{fmt.Sprintf("%d code cells stored, %d executed", len(sc), len(fc))}
	}
	var diffs []string
	for k := range sc {
		a, b := comparable(stored.Cells[sc[k]]), comparable(fresh.Cells[fc[k]])
		if a != b {
			diffs = append(diffs, fmt.Sprintf("code cell %d (%q): %s", k+1, firstLine(fresh.Cells[fc[k]].Source), firstDifference(a, b)))
		}
	}
	return diffs
}

func firstDifference(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("stored %q, now %q", clip(x), clip(y))
		}
	}
	return "outputs differ"
}

func clip(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}

var (
	styleBlock = regexp.MustCompile(`(?s)<style>.*?</style>`)
	tag        = regexp.MustCompile(`<[^>]*>`)
)

// htmlText reduces GoNB's HTML error report to its non-blank text lines.
func htmlText(h string) string {
	t := html.UnescapeString(tag.ReplaceAllString(styleBlock.ReplaceAllString(h, ""), ""))
	var lines []string
	for _, l := range strings.Split(t, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func sortStrings(a []string) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// probe executes a one-cell GoNB notebook in a temporary folder; with a
// root, it first points the notebook at root's module and imports every
// package a notebook can import.
func probe(root string) error {
	tmp, err := os.MkdirTemp("", "nbrun-probe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	code := func(src string) map[string]any {
		return map[string]any{"cell_type": "code", "metadata": map[string]any{}, "outputs": []any{}, "execution_count": nil, "source": src}
	}
	cells := []any{code("%%\nfmt.Println(\"gonb ok\", 6*7)")}
	dir := tmp
	if root != "" {
		abs, err := filepath.Abs(root)
		if err != nil {
			return err
		}
		pkgs, err := warmImports(abs)
		if err != nil {
			return err
		}
		var imp strings.Builder
		imp.WriteString("import (\n")
		for _, p := range append(pkgs, "github.com/janpfeifer/gonb/gonbui/widgets") {
			fmt.Fprintf(&imp, "\t_ %q\n", p)
		}
		imp.WriteString(")\n\n")
		// The first cell runs on a fresh kernel without the set-up cell, as
		// after a restart: the kernel's -go_work (make kernel) must let it
		// import the course's packages.
		fresh := "import \"github.com/featlab/course/featlab\"\n\n%%\nfmt.Println(\"fresh kernel ok\", featlab.ErrParam != nil)"
		cells = []any{code(fresh), code(SetupCell), code(imp.String() + "%%\nfmt.Println(\"gonb ok\", 6*7)")}
		// The notebook sits in notebooks/ and uses the standard setup cell,
		// so the packages are built from the very paths a notebook uses and
		// the cached builds are the ones a notebook will look up.
		dir = filepath.Join(abs, "notebooks")
		fmt.Printf("  building %d packages through the kernel, as a notebook does (the first time takes a minute or two)\n", len(pkgs))
	}
	nb := map[string]any{
		"cells":          cells,
		"metadata":       map[string]any{"kernelspec": map[string]any{"name": "gonb", "display_name": "Go (gonb)", "language": "go"}},
		"nbformat":       4,
		"nbformat_minor": 5,
	}
	b, _ := json.Marshal(nb)
	f, err := os.CreateTemp(dir, ".nbrun-probe-*.ipynb")
	if err != nil {
		return err
	}
	p := f.Name()
	defer os.Remove(p)
	_, err = f.Write(b)
	if err2 := f.Close(); err == nil {
		err = err2
	}
	if err != nil {
		return err
	}
	cmd := exec.Command("jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace", "--ExecutePreprocessor.timeout=900", p)
	cmd.Dir = dir
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Run(); err != nil {
		hint := ""
		if root != "" && strings.Contains(log.String(), "fresh kernel") {
			hint = "\n(the first cell, run without the set-up cell as after a kernel restart, failed: " +
				"is the gonb kernel registered with -go_work=<this checkout>? run make kernel)"
		}
		return fmt.Errorf("the GoNB probe notebook failed (%v):\n%s%s", err, tail(log.String(), 25), hint)
	}
	out, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	if !bytes.Contains(out, []byte("gonb ok 42")) {
		return fmt.Errorf("the GoNB probe notebook ran but did not print \"gonb ok 42\":\n%s", tail(string(out), 25))
	}
	if root != "" && !bytes.Contains(out, []byte("fresh kernel ok true")) {
		return fmt.Errorf("the GoNB probe notebook's first cell (a fresh kernel, no set-up cell) did not print \"fresh kernel ok true\":\n%s", tail(string(out), 25))
	}
	if root != "" {
		fmt.Println("  a fresh kernel imports the course's packages without the set-up cell (as after a restart)")
	}
	fmt.Println("  GoNB kernel works: a one-cell notebook printed \"gonb ok 42\"")
	return nil
}

func lintAll(paths []string) error {
	var problems []string
	for _, p := range paths {
		nb, err := readNotebook(p)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		var ks struct{ Name string }
		json.Unmarshal(nb.Metadata["kernelspec"], &ks)
		if ks.Name != "gonb" {
			problems = append(problems, p+": kernelspec is not gonb")
		}
		cc := codeCells(nb)
		if len(cc) == 0 {
			problems = append(problems, p+": no code cells")
			continue
		}
		if strings.TrimSpace(string(nb.Cells[cc[0]].Source)) != SetupCell {
			problems = append(problems, p+": the first code cell is not the standard setup cell:\n    "+SetupCell)
		}
		if len(nb.Cells) == 0 || nb.Cells[0].CellType != "markdown" {
			problems = append(problems, p+": the first cell should be markdown naming the source sections")
		}
		stored := false
		for k, i := range cc {
			if len(nb.Cells[i].Outputs) > 0 {
				stored = true
			}
			if errs := cellErrors(nb.Cells[i]); len(errs) > 0 {
				problems = append(problems, fmt.Sprintf("%s: code cell %d stores an error: %s", p, k+1, clip(errs[0])))
			}
		}
		if !stored {
			problems = append(problems, p+": no stored outputs; run `make notebook NB="+p+"`")
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("notebook lint:\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// kernelEnv records env (PATH and the Go settings of kernelEnvFor) in the
// kernel spec at path, keeping any other variables it has.
func kernelEnv(path string, env map[string]string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var spec map[string]any
	if err := json.Unmarshal(b, &spec); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	have, _ := spec["env"].(map[string]any)
	if have == nil {
		have = map[string]any{}
	}
	for k, v := range env {
		have[k] = v
	}
	spec["env"] = have
	out, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(out, '\n'), 0o644)
}

// files lists the regular files below dir, relative to it.
func files(dir string) (map[string]bool, error) {
	set := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			set[rel] = true
		}
		return nil
	})
	if os.IsNotExist(err) {
		return set, nil
	}
	return set, err
}

func diffDirs(want, got string) error {
	w, err := files(want)
	if err != nil {
		return err
	}
	g, err := files(got)
	if err != nil {
		return err
	}
	var problems []string
	all := map[string]bool{}
	for f := range w {
		all[f] = true
	}
	for f := range g {
		all[f] = true
	}
	names := make([]string, 0, len(all))
	for f := range all {
		names = append(names, f)
	}
	sortStrings(names)
	for _, f := range names {
		switch {
		case !g[f]:
			problems = append(problems, "no longer produced: "+filepath.Join(want, f))
		case !w[f]:
			problems = append(problems, "new, not committed: "+filepath.Join(want, f))
		default:
			a, err1 := os.ReadFile(filepath.Join(want, f))
			b, err2 := os.ReadFile(filepath.Join(got, f))
			if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
				problems = append(problems, "differs: "+filepath.Join(want, f))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("regenerated figures differ from %s/ (run make figures and commit):\n  %s", want, strings.Join(problems, "\n  "))
	}
	fmt.Printf("  %d figure files identical to %s/\n", len(names), want)
	return nil
}
