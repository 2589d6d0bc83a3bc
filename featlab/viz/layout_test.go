package viz

import (
	"math"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
)

// The ten diabetes names fit side by side under the bars of a full-width
// figure but not in a grid cell: ScoreGrid turns them vertical, Bars keeps
// them horizontal (02-filters, diabetes-scores).
func TestScoreGridLabelsFitCell(t *testing.T) {
	ds := datasets.Diabetes()
	s, err := filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	g, err := ScoreGrid("scores", 3, s, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range g.Plots[0] {
		if p.X.Tick.Label.Rotation != math.Pi/2 {
			t.Errorf("ScoreGrid: labels at rotation %v, want vertical", p.X.Tick.Label.Rotation)
		}
	}
	// Side by side in a cell, the labels would overlap: their widths add
	// up to more than the cell's room for the bars.
	var total vg.Length
	for _, n := range ds.Names {
		total += g.Plots[0][0].X.Tick.Label.Width(n)
	}
	if total < GridCell-2.5*vg.Centimeter {
		t.Errorf("the test's premise fails: labels %v wide fit in a cell", total)
	}
	b, err := Bars("one", "score", s.Names, s.Values)
	if err != nil {
		t.Fatal(err)
	}
	if b.X.Tick.Label.Rotation != 0 {
		t.Errorf("Bars at full width: labels at rotation %v, want horizontal", b.X.Tick.Label.Rotation)
	}
}

// A superscript raises and a subscript lowers the box of a label, so that
// stacked legend entries such as w₁ over w₂ / 10⁴ do not touch
// (06-transformations, ridge-weights); plain text keeps gonum's box.
func TestMathBoxHoldsScripts(t *testing.T) {
	sty := New("", "", "").Legend.TextStyle
	plain := sty.Height("w")
	if h := sty.Height("$w$"); h != plain {
		t.Errorf("no scripts: height %v, want %v as plain", h, plain)
	}
	sup, sub, both := sty.Height("$10^4$"), sty.Height("$w_1$"), sty.Height("$w_2 / 10^4$")
	if !(sup > plain && sub > plain && both > sup && both > sub) {
		t.Errorf("heights plain %v, superscript %v, subscript %v, both %v", plain, sup, sub, both)
	}
}

// On logarithmic axes with long labels the data area spans the figure
// (gonum/plot would reserve room for the labels near the upper ends: the
// clipping-risk and sgd figures of 06-transformations lost a fifth of
// their width or height). drawPlot leaves the plot as it was.
func TestLogAxisLabelAndRightLegend(t *testing.T) {
	xs := []float64{1, 10, 100, 1000, 10000}
	p, err := LineChart("t", "a long label under a logarithmic axis, as in the clipping example",
		"a long label beside a logarithmic axis", true, true,
		[]LineSeries{{Name: "a series with a long name", X: xs, Y: []float64{1, 2, 3, 4, 5}}})
	if err != nil {
		t.Fatal(err)
	}
	p.Legend.Left = false
	c := draw.New(vgimg.New(Width, Height))
	raw, fixed := p.DataCanvas(c), layoutCopy(p).DataCanvas(c)
	t.Logf("data area as gonum/plot lays it out %v, as drawn %v", raw.Rectangle, fixed.Rectangle)
	if fixed.Max.X < c.Max.X-0.5*vg.Centimeter {
		t.Errorf("data area ends at %v of %v", fixed.Max.X, c.Max.X)
	}
	if fixed.Max.Y < c.Max.Y-1.5*vg.Centimeter { // the title takes about 0.6 cm
		t.Errorf("data area ends at height %v of %v", fixed.Max.Y, c.Max.Y)
	}
	if raw.Max.X > c.Max.X-2*vg.Centimeter {
		t.Logf("gonum/plot no longer narrows the data area (%v of %v)", raw.Max.X, c.Max.X)
	}
	offs := p.Legend.XOffs
	drawPlot(p, c)
	if _, ok := p.X.Label.TextStyle.Handler.(noWidth); ok || p.Legend.XOffs != offs {
		t.Error("drawing changed the plot")
	}
}
