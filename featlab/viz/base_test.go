package viz

import (
	"errors"
	"fmt"
	"math"

	"bytes"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

func linePlot() *plot.Plot {
	p := New("line", "x", "y")
	l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 2}, {X: 2, Y: 1}})
	if err != nil {
		panic(err)
	}
	l.Color = Color(0)
	p.Add(l)
	return p
}

// writeTwice renders f twice in each format and checks the bytes agree.
func writeTwice(t *testing.T, f Figure) {
	t.Helper()
	var a, b bytes.Buffer
	if err := f.WriteSVG(&a); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	if a.Len() == 0 || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("SVG output empty or not deterministic (%d vs %d bytes)", a.Len(), b.Len())
	}
	if !bytes.HasPrefix(a.Bytes(), []byte("<?xml")) {
		t.Errorf("SVG output does not start with <?xml")
	}
	a.Reset()
	b.Reset()
	if err := f.WritePNG(&a); err != nil {
		t.Fatal(err)
	}
	if err := f.WritePNG(&b); err != nil {
		t.Fatal(err)
	}
	if a.Len() == 0 || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("PNG output empty or not deterministic (%d vs %d bytes)", a.Len(), b.Len())
	}
	if !bytes.HasPrefix(a.Bytes(), []byte("\x89PNG")) {
		t.Errorf("PNG output lacks the PNG signature")
	}
}

func TestSingleDeterministic(t *testing.T) {
	writeTwice(t, Single(linePlot()))
}

func TestGridDeterministic(t *testing.T) {
	g := &Grid{Title: "grid", Plots: [][]*plot.Plot{{linePlot(), linePlot()}, {nil, linePlot()}}}
	writeTwice(t, g)
	if err := (&Grid{}).WriteSVG(&bytes.Buffer{}); err == nil {
		t.Error("empty grid: want error")
	}
}

// toy data: two classes on a line, three points each.
var (
	tx       = []float64{1, 2, 3, 4, 5, 6}
	ty       = []float64{2, 1, 4, 3, 6, 5}
	tclasses = []float64{0, 0, 0, 1, 1, 1}
	tnames   = []string{"no", "yes"}
)

func TestBuildersDeterministic(t *testing.T) {
	p, err := ScatterByClass("s", "x", "y", tx, ty, tclasses, tnames)
	if err != nil {
		t.Fatal(err)
	}
	writeTwice(t, Single(p))
	p, err = HistogramByClass("h", "x", tx, tclasses, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	writeTwice(t, Sized(p, 8*vg.Centimeter, 6*vg.Centimeter))
	p, err = Bars("b", "score", []string{"a", "b", "c"}, []float64{1, -2, 0.5})
	if err != nil {
		t.Fatal(err)
	}
	writeTwice(t, Single(p))
	X := mat.NewDense(6, 2, nil)
	X.SetCol(0, tx)
	X.SetCol(1, ty)
	g, err := Panel("panel", X, []string{"u", "v"}, tclasses, tnames, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Legend) != 2 || g.Legend[1].Name != "yes" {
		t.Errorf("panel legend = %v, want entries no, yes", g.Legend)
	}
	writeTwice(t, g)
}

// TestBuildersRebuild checks that building the same figure twice, from
// scratch, gives the same bytes (no hidden state or map order).
func TestBuildersRebuild(t *testing.T) {
	render := func() []byte {
		X := mat.NewDense(6, 2, nil)
		X.SetCol(0, tx)
		X.SetCol(1, ty)
		g, err := Panel("panel", X, nil, []float64{3, 3, 3, 7, 7, 9}, nil, 4)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := g.WriteSVG(&b); err != nil {
			t.Fatal(err)
		}
		if err := g.WritePNG(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a := render()
	for range 3 {
		if !bytes.Equal(a, render()) {
			t.Fatal("rebuilding the same panel gives different bytes")
		}
	}
}

func TestBuilderErrors(t *testing.T) {
	nan := math.NaN()
	X := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	cases := []struct {
		name string
		f    func() error
		kind error
	}{
		{"scatter empty", func() error { _, err := ScatterByClass("", "", "", nil, nil, nil, nil); return err }, featlab.ErrEmpty},
		{"scatter lengths", func() error { _, err := ScatterByClass("", "", "", tx, ty[:5], nil, nil); return err }, featlab.ErrShape},
		{"scatter classes length", func() error { _, err := ScatterByClass("", "", "", tx, ty, tclasses[:2], nil); return err }, featlab.ErrShape},
		{"scatter NaN", func() error {
			_, err := ScatterByClass("", "", "", []float64{1, nan}, []float64{1, 2}, nil, nil)
			return err
		}, featlab.ErrNotFinite},
		{"scatter label not whole", func() error {
			_, err := ScatterByClass("", "", "", tx[:2], ty[:2], []float64{0, 0.5}, nil)
			return err
		}, featlab.ErrLabels},
		{"scatter label without name", func() error {
			_, err := ScatterByClass("", "", "", tx[:2], ty[:2], []float64{0, 2}, tnames)
			return err
		}, featlab.ErrLabels},
		{"scatter label NaN", func() error {
			_, err := ScatterByClass("", "", "", tx[:2], ty[:2], []float64{0, nan}, nil)
			return err
		}, featlab.ErrLabels},
		{"hist empty", func() error { _, err := HistogramByClass("", "", []float64{}, nil, nil, 0); return err }, featlab.ErrEmpty},
		{"hist Inf", func() error { _, err := HistogramByClass("", "", []float64{math.Inf(1)}, nil, nil, 0); return err }, featlab.ErrNotFinite},
		{"hist classes length", func() error { _, err := HistogramByClass("", "", tx, tclasses[:1], nil, 0); return err }, featlab.ErrShape},
		{"bars empty", func() error { _, err := Bars("", "", nil, nil); return err }, featlab.ErrEmpty},
		{"bars lengths", func() error { _, err := Bars("", "", []string{"a"}, []float64{1, 2}); return err }, featlab.ErrShape},
		{"bars NaN", func() error { _, err := Bars("", "", []string{"a"}, []float64{nan}); return err }, featlab.ErrNotFinite},
		{"panel nil", func() error { _, err := Panel("", nil, nil, nil, nil, 0); return err }, featlab.ErrEmpty},
		{"panel names", func() error { _, err := Panel("", X, []string{"a"}, nil, nil, 0); return err }, featlab.ErrShape},
		{"panel classes", func() error { _, err := Panel("", X, nil, tclasses, nil, 0); return err }, featlab.ErrShape},
		{"dataset panel nil", func() error { _, err := DatasetPanel("", nil, nil, 0); return err }, featlab.ErrEmpty},
		{"nil plot", func() error { return WriteSVG(nil, &bytes.Buffer{}, 0, 0) }, featlab.ErrParam},
		{"negative size", func() error { return WritePNG(linePlot(), &bytes.Buffer{}, -1, 0) }, featlab.ErrParam},
		{"empty grid", func() error { return (&Grid{Plots: [][]*plot.Plot{{}}}).WritePNG(&bytes.Buffer{}) }, featlab.ErrEmpty},
	}
	for _, c := range cases {
		err := c.f()
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.kind)
		}
	}
}

func TestDatasetPanel(t *testing.T) {
	X := mat.NewDense(4, 3, []float64{1, 2, 3, 2, 1, 0, 3, 5, 1, 4, 4, 2})
	ds, err := featlab.NewDataset(X, []float64{0, 1, 0, 1}, []string{"a", "b", "c"}, "t")
	if err != nil {
		t.Fatal(err)
	}
	ds.Classes = []string{"neg", "pos"}
	g, err := DatasetPanel("p", ds, []string{"c", "a"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Plots) != 2 || g.Plots[1][0].X.Label.Text != "c" || g.Plots[1][0].Y.Label.Text != "a" {
		t.Errorf("panel layout: want features c, a in that order")
	}
	if len(g.Legend) != 2 {
		t.Errorf("legend has %d entries, want 2", len(g.Legend))
	}
	if _, err := DatasetPanel("p", ds, []string{"zz"}, 2); !errors.Is(err, featlab.ErrMissing) {
		t.Errorf("unknown feature: error %v, want ErrMissing", err)
	}
	ds.Classes = nil // regression: one series, no legend
	g, err = DatasetPanel("p", ds, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Plots) != 3 || g.Legend != nil {
		t.Errorf("regression panel: %d rows, legend %v; want 3 rows, none", len(g.Plots), g.Legend)
	}
	writeTwice(t, g)
}

func TestBinning(t *testing.T) {
	// edges of 4 bins over [0, 8]: 0, 2, 4, 6, 8; left-closed, last closed.
	edges := binEdges([]float64{0, 8, 3}, 4)
	want := []float64{0, 2, 4, 6, 8}
	for i := range want {
		if edges[i] != want[i] {
			t.Fatalf("edges = %v, want %v", edges, want)
		}
	}
	for _, c := range []struct {
		x   float64
		bin int
	}{{0, 0}, {1.9, 0}, {2, 1}, {3.99, 1}, {4, 2}, {6, 3}, {8, 3}} {
		if b := binOf(c.x, edges); b != c.bin {
			t.Errorf("binOf(%v) = %d, want %d", c.x, b, c.bin)
		}
	}
	// a constant sample still gets bins of positive width around it.
	e := binEdges([]float64{5, 5}, 2)
	if !(e[0] < 5 && e[2] > 5) {
		t.Errorf("constant sample edges %v do not surround 5", e)
	}
	if sturges(100) != 8 { // ceil(log2 100) + 1 = 7 + 1
		t.Errorf("sturges(100) = %d, want 8", sturges(100))
	}
}

func TestHistogramCounts(t *testing.T) {
	v := []float64{0, 1, 2, 3, 4, 5, 6, 7, 8}
	cl := []float64{0, 0, 0, 0, 1, 1, 1, 1, 1}
	series, names, err := classCoding(cl, nil, len(v))
	if err != nil {
		t.Fatal(err)
	}
	edges, counts := histCounts(v, series, len(names), 4)
	// bins [0,2) [2,4) [4,6) [6,8]: class 0 holds 0..3, class 1 holds 4..8.
	want := [][]float64{{2, 2, 0, 0}, {0, 0, 2, 3}}
	for k := range want {
		for b := range want[k] {
			if counts[k][b] != want[k][b] {
				t.Errorf("class %d bin %d: count %v, want %v", k, b, counts[k][b], want[k][b])
			}
		}
	}
	for b, e := range edges {
		if e != float64(2*b) {
			t.Errorf("edge %d = %v, want %d", b, e, 2*b)
		}
	}
	if _, err := HistogramByClass("h", "v", v, cl, nil, 4); err != nil {
		t.Fatal(err)
	}
}

func TestClassCoding(t *testing.T) {
	// Without names: distinct labels, sorted, named by value.
	s, n, err := classCoding([]float64{7, -1, 7, 3}, nil, 4)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(s) != "[2 0 2 1]" || fmt.Sprint(n) != "[-1 3 7]" {
		t.Errorf("coding = %v %v, want [2 0 2 1] [-1 3 7]", s, n)
	}
	// With names: label k is series k, even when some classes are absent.
	s, n, err = classCoding([]float64{2, 2}, []string{"a", "b", "c"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(s) != "[2 2]" || len(n) != 3 {
		t.Errorf("coding = %v %v, want [2 2] and 3 names", s, n)
	}
}

func TestBarsLabels(t *testing.T) {
	names := make([]string, 64)
	scores := make([]float64, 64)
	for i := range names {
		names[i] = fmt.Sprintf("f%d", i)
		scores[i] = float64(i % 5)
	}
	p, err := Bars("b", "s", names, scores)
	if err != nil {
		t.Fatal(err)
	}
	// 64 bars, at most 32 names: every second bar is named.
	ticks := p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max)
	named := 0
	for k, tk := range ticks {
		if tk.Value != float64(k) {
			t.Fatalf("tick %d at %v", k, tk.Value)
		}
		if tk.Label != "" {
			named++
			if k%2 != 0 || tk.Label != names[k] {
				t.Errorf("tick %d labelled %q", k, tk.Label)
			}
		}
	}
	if len(ticks) != 64 || named != 32 {
		t.Errorf("%d ticks, %d named; want 64, 32", len(ticks), named)
	}
	// Axis from the lowest to the highest bar (plus 5%), zero included.
	if p.Y.Min != 0 || p.Y.Max != 4.2 {
		t.Errorf("y axis [%v, %v], want [0, 4.2]", p.Y.Min, p.Y.Max)
	}
}
