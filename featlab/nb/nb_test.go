package nb

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/viz"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

func linePlot(t *testing.T) *plot.Plot {
	t.Helper()
	p := viz.New("a line", "x", "y")
	l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 2}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(l)
	return p
}

func TestSaveWritesSVGAndPNGDeterministically(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("FEATLAB_PLOTS", dir)
	p := linePlot(t)
	svg, err := Save(p, "99-test", "line")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(strings.TrimSpace(svg), "<?xml") && !strings.Contains(svg, "<svg") {
		t.Errorf("Save returned no SVG: %.80q", svg)
	}
	a1, err := os.ReadFile(filepath.Join(dir, "99-test", "line.png"))
	if err != nil {
		t.Fatal(err)
	}
	s1, _ := os.ReadFile(filepath.Join(dir, "99-test", "line.svg"))
	// The same figure, drawn again from scratch, gives the same bytes.
	if _, err := Save(linePlot(t), "99-test", "line2"); err != nil {
		t.Fatal(err)
	}
	a2, _ := os.ReadFile(filepath.Join(dir, "99-test", "line2.png"))
	s2, _ := os.ReadFile(filepath.Join(dir, "99-test", "line2.svg"))
	if !bytes.Equal(a1, a2) || !bytes.Equal(s1, s2) {
		t.Error("the same figure gave different bytes")
	}
	if !bytes.HasPrefix(a1, []byte("\x89PNG")) {
		t.Error("line.png is not a PNG")
	}
}

func TestSaveRejectsBadInput(t *testing.T) {
	t.Setenv("FEATLAB_PLOTS", t.TempDir())
	p := linePlot(t)
	for _, tc := range []struct {
		fig            any
		notebook, name string
	}{
		{nil, "05-x", "a"},
		{42, "05-x", "a"},
		{p, "../escape", "a"},
		{p, "05-x", "a/b"},
		{p, "05-x", ""},
	} {
		if _, err := Save(tc.fig, tc.notebook, tc.name); err == nil {
			t.Errorf("Save(%T, %q, %q) succeeded, want an error", tc.fig, tc.notebook, tc.name)
		}
	}
}

func TestRepoRootFindsModule(t *testing.T) {
	t.Setenv("GONB_DIR", "")
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "featlab", "nb", "nb.go")); err != nil {
		t.Errorf("RepoRoot() = %s, which does not hold featlab/nb/nb.go", root)
	}
	// From a notebook, GONB_DIR is the notebooks/ folder.
	t.Setenv("GONB_DIR", filepath.Join(root, "notebooks"))
	if r2, err := RepoRoot(); err != nil || r2 != root {
		t.Errorf("RepoRoot() from GONB_DIR = %q, %v; want %q", r2, err, root)
	}
}

func TestTableHTMLEscapesAndFormats(t *testing.T) {
	df := dataframe.New(
		series.New([]string{"<b>", "x&y"}, series.String, "name"),
		series.New([]float64{1.0 / 3, 2}, series.Float, "score"),
	)
	h := TableHTML(df)
	for _, want := range []string{"&lt;b&gt;", "x&amp;y", "0.333333", "<th", "score"} {
		if !strings.Contains(h, want) {
			t.Errorf("TableHTML lacks %q:\n%s", want, h)
		}
	}
}

func TestSelectionHTML(t *testing.T) {
	s := featlab.NewSelection("test", []string{"a", "b", "c"}, []int{2})
	s.Scores = []float64{0.1, 0.2, 0.9}
	s.Ranking = []int{2, 1, 0}
	h := SelectionHTML(s)
	if !strings.Contains(h, "chose 1 of 3: c") {
		t.Errorf("SelectionHTML lacks the summary:\n%s", h)
	}
}

func TestMustPanicsWithMessage(t *testing.T) {
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "boom") {
			t.Errorf("Must(err) recovered %v, want a panic naming the error", r)
		}
	}()
	Must(errors.New("boom"))
}

func headlessProgress(steps []int, total int) string {
	r, w, _ := os.Pipe()
	old := os.Stdout
	os.Stdout = w
	p := NewProgress("work")
	for _, done := range steps {
		p(done, total)
	}
	w.Close()
	os.Stdout = old
	var b bytes.Buffer
	b.ReadFrom(r)
	return b.String()
}

func TestHeadlessProgressIsFiveFixedLines(t *testing.T) {
	want := "work: 0% (0/1000)\nwork: 25% (250/1000)\nwork: 50% (500/1000)\nwork: 75% (750/1000)\nwork: 100% (1000/1000)\n"
	every := make([]int, 1001)
	for i := range every {
		every[i] = i
	}
	// One step at a time, or in uneven jumps as parallel workers report:
	// the same five lines.
	for _, steps := range [][]int{every, {3, 7, 600, 601, 1000}, {1000}} {
		if got := headlessProgress(steps, 1000); got != want {
			t.Errorf("steps %v printed:\n%s\nwant:\n%s", steps[:min(len(steps), 5)], got, want)
		}
	}
}

func TestErrorTextDropsRepeatedPrefix(t *testing.T) {
	inner := featlab.Errorf(featlab.ErrNotFinite, "value NaN at row 3, column 1")
	wrapped := fmt.Errorf("featlab: validate: fold 2: %w", inner)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{inner, "featlab: value NaN at row 3, column 1: NaN or Inf in data"},
		{wrapped, "featlab: validate: fold 2: value NaN at row 3, column 1: NaN or Inf in data"},
		{errors.New("nb: nil figure"), "nb: nil figure"},
		{nil, ""},
	} {
		if got := ErrorText(tc.err); got != tc.want {
			t.Errorf("ErrorText(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

func TestMustMessageHasOnePrefix(t *testing.T) {
	defer func() {
		r := recover()
		if s, _ := r.(string); s != "featlab: k = 0 outside [1, 3]: invalid parameter" {
			t.Errorf("Must panicked with %q", r)
		}
	}()
	Must(featlab.Errorf(featlab.ErrParam, "k = 0 outside [1, 3]"))
}

func TestPlainTextKeepsTheWords(t *testing.T) {
	h := `<div style="x"><b>&#10008; FAIL</b> <b>mean</b>: case 2 of 50<table><tr><td>expected</td><td><code>2.5</code></td></tr>` +
		`<tr><td>got</td><td><code>10</code></td></tr></table><div><b>Hint:</b> divide &amp; conquer</div></div>`
	want := "✘ FAIL mean: case 2 of 50\nexpected  2.5\ngot  10\nHint: divide & conquer"
	if got := plainText(h); got != want {
		t.Errorf("plainText:\n%s\nwant\n%s", got, want)
	}
}

func TestTableTextAligns(t *testing.T) {
	df := dataframe.New(series.New([]string{"a", "bcd"}, series.String, "name"),
		series.New([]float64{1.5, 22}, series.Float, "value"))
	want := "name  value\n   a    1.5\n bcd     22"
	if got := TableText(df); got != want {
		t.Errorf("TableText:\n%s\nwant\n%s", got, want)
	}
}

func TestSliderHeadlessIsShowAtTheDefault(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("FEATLAB_PLOTS", dir)
	var drawn []float64
	draw := func(v float64) (any, error) {
		drawn = append(drawn, v)
		return linePlot(t), nil
	}
	Slider("99-test", "slid", "lambda", []float64{0.1, 0.2, 0.3}, 1, draw)
	if len(drawn) != 1 || drawn[0] != 0.2 {
		t.Errorf("headless Slider drew %v, want only the default 0.2", drawn)
	}
	Show(linePlot(t), "99-test", "shown")
	a, err1 := os.ReadFile(filepath.Join(dir, "99-test", "slid.png"))
	b, err2 := os.ReadFile(filepath.Join(dir, "99-test", "shown.png"))
	if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
		t.Errorf("headless Slider did not save what Show saves (%v, %v)", err1, err2)
	}
}

func TestSliderRejectsBadDefault(t *testing.T) {
	t.Setenv("FEATLAB_PLOTS", t.TempDir())
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "default index 3") {
			t.Errorf("Slider with a bad default recovered %v", r)
		}
	}()
	Slider("99-test", "x", "b", []float64{1, 2, 3}, 3, func(float64) (any, error) { return linePlot(t), nil })
}

func TestSliderHTMLCarriesEveryFrameAndSaysWhereItMoves(t *testing.T) {
	frames := [][]byte{[]byte("a"), []byte("bb"), []byte("ccc")}
	h, text := sliderHTML("99-test", "slid", "lambda <x>", []float64{0.1, 0.25, 1e-7}, 1, frames)
	for _, want := range []string{`"YQ=="`, `"YmI="`, `"Y2Nj"`, `"0.1","0.25","1e-07"`, `at = 1`, `id="featlab-slider-99-test-slid"`} {
		if !strings.Contains(h, want) {
			t.Errorf("slider HTML lacks %s:\n%s", want, h)
		}
	}
	if strings.Contains(h, "<x>") {
		t.Errorf("the label is not escaped in the HTML")
	}
	if want := "lambda <x> = 0.25 (" + sliderNote + ")"; text != want {
		t.Errorf("plain text %q, want %q", text, want)
	}
	h2, _ := sliderHTML("99-test", "slid", "lambda <x>", []float64{0.1, 0.25, 1e-7}, 1, frames)
	if h2 != h {
		t.Errorf("slider HTML differs between two calls")
	}
}

func TestThinKeepsEndsAndTheDefault(t *testing.T) {
	v := make([]float64, 100)
	for i := range v {
		v[i] = float64(i)
	}
	got, at := Thin(v, 12, 37)
	if len(got) < 12 || len(got) > 13 || got[0] != 0 || got[len(got)-1] != 99 || got[at] != 37 {
		t.Errorf("Thin(0..99, 12, 37) = %v, at %d", got, at)
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Errorf("Thin changed the order: %v", got)
		}
	}
	if got, at := Thin(v[:5], 12, 9); len(got) != 5 || at != 0 {
		t.Errorf("Thin of 5 values to 12 = %v, at %d; want all 5, default 0", got, at)
	}
	if got, _ := Thin(nil, 3, 0); got != nil {
		t.Errorf("Thin(nil) = %v", got)
	}
}

func TestCompactPNGIsSmallerAndDeterministic(t *testing.T) {
	var b bytes.Buffer
	if err := viz.Single(linePlot(t)).WritePNG(&b); err != nil {
		t.Fatal(err)
	}
	c1, c2 := compactPNG(b.Bytes()), compactPNG(b.Bytes())
	if !bytes.Equal(c1, c2) || len(c1) > b.Len() {
		t.Errorf("compactPNG: %d bytes from %d, same twice %v", len(c1), b.Len(), bytes.Equal(c1, c2))
	}
	if got := compactPNG([]byte("not a png")); string(got) != "not a png" {
		t.Errorf("compactPNG of bad bytes changed them")
	}
}
