package viz

import (
	"bytes"
	"testing"

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
