package viz

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
)

// This file holds the figures of the transformations chapter (notebook
// 06): line charts with logarithmic axes and reference lines (ridge
// solutions and risks as lambda sweeps, SGD objectives, the clipping
// example's losses, clipping against the sigmoid), and galleries of
// histograms of a feature before and after each transformation.

// LineSeries is one curve of a LineChart.
type LineSeries struct {
	Name   string    // legend entry; empty for none
	X, Y   []float64 // the points, in drawing order
	Points bool      // also draw a glyph at every point
}

// RefLine is a dashed reference line across a LineChart: vertical at X
// when Vertical is set, else horizontal at Y.
type RefLine struct {
	Name     string  // legend entry, e.g. "lambda = 0.25/(10^8 - 1)"
	Vertical bool    // vertical at X, else horizontal at Y
	At       float64 // the x (vertical) or y (horizontal) position
}

// LineChart draws the series as lines in palette colours (series k in
// Color(k), dashed by dashes(k) so that they stay apart in grey scale),
// with logarithmic x and/or y axes on request, and the reference lines in
// grey or black dashes. The legend names every named series and reference
// line.
//
// Empty series, lengths that differ, NaN or Inf, and non-positive values
// on a logarithmic axis are errors.
func LineChart(title, xlabel, ylabel string, logX, logY bool, series []LineSeries, refs ...RefLine) (*plot.Plot, error) {
	if len(series) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: LineChart needs at least one series")
	}
	p := New(title, xlabel, ylabel)
	if logX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = decadeTicks{}
	}
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = decadeTicks{}
	}
	var allX, allY []float64
	legendRows := 0
	for k, s := range series {
		if err := checkValues(s.X, -1, fmt.Sprintf("x of series %q", s.Name)); err != nil {
			return nil, err
		}
		if err := checkValues(s.Y, len(s.X), fmt.Sprintf("y of series %q", s.Name)); err != nil {
			return nil, err
		}
		pts := make(plotter.XYs, len(s.X))
		for i := range s.X {
			if (logX && s.X[i] <= 0) || (logY && s.Y[i] <= 0) {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: series %q has the point (%v, %v) on a logarithmic axis", s.Name, s.X[i], s.Y[i])
			}
			pts[i] = plotter.XY{X: s.X[i], Y: s.Y[i]}
		}
		allX, allY = append(allX, s.X...), append(allY, s.Y...)
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		l.LineStyle = draw.LineStyle{Color: Color(k), Width: vg.Points(2), Dashes: dashes(k)}
		p.Add(l)
		var thumb []plot.Thumbnailer = []plot.Thumbnailer{l}
		if s.Points {
			sc, err := plotter.NewScatter(pts)
			if err != nil {
				return nil, fmt.Errorf("viz: %w", err)
			}
			sc.GlyphStyle = glyph(k, 2.5)
			p.Add(sc)
			thumb = append(thumb, sc)
		}
		if s.Name != "" {
			p.Legend.Add(s.Name, thumb...)
			legendRows++
		}
	}
	xmin, xmax, ymin, ymax := p.X.Min, p.X.Max, p.Y.Min, p.Y.Max
	for k, r := range refs {
		if math.IsNaN(r.At) || math.IsInf(r.At, 0) {
			return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: reference line %q at %v", r.Name, r.At)
		}
		var pts plotter.XYs
		if r.Vertical {
			if logX && r.At <= 0 {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: vertical line %q at %v on a logarithmic axis", r.Name, r.At)
			}
			pts = plotter.XYs{{X: r.At, Y: ymin}, {X: r.At, Y: ymax}}
			xmin, xmax = math.Min(xmin, r.At), math.Max(xmax, r.At)
		} else {
			if logY && r.At <= 0 {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: horizontal line %q at %v on a logarithmic axis", r.Name, r.At)
			}
			pts = plotter.XYs{{X: xmin, Y: r.At}, {X: xmax, Y: r.At}}
			ymin, ymax = math.Min(ymin, r.At), math.Max(ymax, r.At)
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		// reference lines differ in dash pattern as well as in grey level,
		// so that two of them stay apart on a projector and in print
		grey := []color.Color{color.Gray{Y: 0x55}, color.Black, color.Gray{Y: 0x99}}[k%3]
		dash := [][]vg.Length{{vg.Points(6), vg.Points(3)}, {vg.Points(1.5), vg.Points(2.5)},
			{vg.Points(8), vg.Points(3), vg.Points(1.5), vg.Points(3)}}[k%3]
		l.LineStyle = draw.LineStyle{Color: grey, Width: vg.Points(1.6), Dashes: dash}
		p.Add(l)
		if r.Name != "" {
			p.Legend.Add(r.Name, l)
			legendRows++
		}
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = xmin, xmax, ymin, ymax
	// Headroom above the curves for the legend rows, unless a corner of
	// the data area is free for the legend (then no empty band is left).
	if corner, ok := freeCorner(allX, allY, xmin, xmax, ymin, ymax, logX, logY); ok && legendRows > 0 {
		p.Legend.Top, p.Legend.Left = corner.top, corner.left
		return p, nil
	}
	if rows := legendRows; rows > 0 {
		f := 0.09 * float64(rows)
		if logY {
			p.Y.Max = ymax * math.Pow(ymax/ymin, f)
		} else {
			p.Y.Max = ymax + f*(ymax-ymin)
		}
	}
	placeLegend(p, allX, allY)
	return p, nil
}

// decadeTicks marks a logarithmic axis at powers of ten, labelled 10⁻¹²,
// 0.001, 1, 100, 10⁶, ... (decadeLabel): at most five labels (every second, third, ...
// decade when the axis spans many), with unlabelled minor ticks at 2..9
// times a power of ten when it spans at most six decades.
type decadeTicks struct{}

// Ticks implements plot.Ticker.
func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi > lo) {
		return relabel(plot.LogTicks{}.Ticks(lo, hi))
	}
	a, b := int(math.Ceil(math.Log10(lo)-1e-9)), int(math.Floor(math.Log10(hi)+1e-9))
	if a > b {
		return relabel(plot.LogTicks{Prec: 2}.Ticks(lo, hi))
	}
	n := b - a + 1
	step := 1
	for (n+step-1)/step > 5 {
		step++
	}
	var ticks []plot.Tick
	for k := a - 1; k <= b; k++ {
		v := math.Pow(10, float64(k))
		if v >= lo*(1-1e-9) && k >= a {
			t := plot.Tick{Value: v}
			if (k-a)%step == 0 {
				t.Label = decadeLabel(k)
			}
			ticks = append(ticks, t)
		}
		if n <= 6 {
			for m := 2; m <= 9; m++ {
				if w := float64(m) * v; w >= lo && w <= hi {
					t := plot.Tick{Value: w}
					if n <= 2 && (m == 2 || m == 5) && k >= -3 && k <= 3 {
						// a range of two decades or less gets 2 and 5 labelled too
						t.Label = tickLabel(w, w)
					}
					ticks = append(ticks, t)
				}
			}
		}
	}
	return ticks
}

// decadeLabel writes 10^k as tickLabel writes the numbers of a linear
// axis: 0.001, 0.01, ..., 100000 for -3 <= k <= 5 and 10⁻¹², 10⁶ (drawn
// with a raised exponent) otherwise.
func decadeLabel(k int) string {
	if k >= -3 && k <= 5 {
		return strconv.FormatFloat(math.Pow(10, float64(k)), 'f', -1, 64)
	}
	return "$10^{" + strconv.Itoa(k) + "}$"
}

// Transformed is one transformed version of a feature for a histogram
// gallery: the name of the transformation and the values.
type Transformed struct {
	Name   string    // e.g. "standardize" or "log(1 + f)"
	Values []float64 // the transformed values, one per example
}

// HistogramGallery returns a grid of histograms of one feature: first the
// raw values, then each transformed version, cols per row (cols <= 0: all
// in one row), each with bins bins (bins <= 0: Sturges' rule) and the
// transformation's name as its title. The x axis of panel k is labelled
// with the transformation applied to the feature's name.
//
// No versions, empty or non-finite values, and versions of different
// lengths are errors.
func HistogramGallery(title, feature string, raw []float64, versions []Transformed, cols, bins int) (*Grid, error) {
	all := append([]Transformed{{Name: "raw", Values: raw}}, versions...)
	if len(versions) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: HistogramGallery needs at least one transformed version")
	}
	if cols <= 0 {
		cols = len(all)
	}
	g := &Grid{Title: title}
	var row []*plot.Plot
	for k, t := range all {
		if err := checkValues(t.Values, len(raw), fmt.Sprintf("values of %q", t.Name)); err != nil {
			return nil, err
		}
		xl := feature
		if k > 0 {
			xl = t.Name + " of " + feature
		}
		// Panel k in palette colour k, skipping the yellow (index 6),
		// too faint for a filled histogram: one series numbered c.
		c := k % 7
		if c >= 6 {
			c++
		}
		p := New(t.Name, xl, "count")
		series := make([]int, len(t.Values))
		for i := range series {
			series[i] = c
		}
		if err := addHistograms(p, t.Values, series, make([]string, c+1), bins, false); err != nil {
			return nil, err
		}
		row = append(row, p)
		if len(row) == cols {
			g.Plots = append(g.Plots, row)
			row = nil
		}
	}
	if row != nil {
		g.Plots = append(g.Plots, row)
	}
	rows := len(g.Plots)
	g.Width = vg.Length(cols) * 7 * vg.Centimeter
	g.Height = vg.Length(rows)*6*vg.Centimeter + 1*vg.Centimeter
	return g, nil
}

// SideBySide returns the plots in one row, each GridCell wide or width/n
// when width > 0, under a common title: "before | after" comparisons.
func SideBySide(title string, width vg.Length, plots ...*plot.Plot) (*Grid, error) {
	if len(plots) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: SideBySide needs at least one plot")
	}
	for k, p := range plots {
		if p == nil {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: SideBySide plot %d is nil", k)
		}
	}
	g := &Grid{Title: title, Plots: [][]*plot.Plot{plots}}
	if width > 0 {
		g.Width = width
		g.Height = Height
	} else {
		g.Width = vg.Length(len(plots)) * 8 * vg.Centimeter
		g.Height = 8*vg.Centimeter + 1*vg.Centimeter
	}
	return g, nil
}

type corner struct{ top, left bool }

// freeCorner returns a corner of the data area (top right, top left,
// bottom right, bottom left, in this order of preference) with no point
// of (x, y) in its outer 40% x 35% (in the axes' own scale), and false
// when every corner holds a point.
func freeCorner(x, y []float64, xmin, xmax, ymin, ymax float64, logX, logY bool) (corner, bool) {
	pos := func(v, lo, hi float64, log bool) float64 {
		if log {
			v, lo, hi = math.Log(v), math.Log(lo), math.Log(hi)
		}
		if hi == lo {
			return 0.5
		}
		return (v - lo) / (hi - lo)
	}
	for _, c := range []corner{{true, false}, {true, true}, {false, false}, {false, true}} {
		in := func(fx, fy float64) bool {
			inX := fx >= 0.6
			if c.left {
				inX = fx <= 0.4
			}
			inY := fy >= 0.65
			if !c.top {
				inY = fy <= 0.35
			}
			return inX && inY
		}
		free := true
		for i := 0; i < len(x) && free; i++ {
			fx, fy := pos(x[i], xmin, xmax, logX), pos(y[i], ymin, ymax, logY)
			free = !in(fx, fy)
			if i > 0 { // the segment from the point before (lines are drawn)
				gx, gy := pos(x[i-1], xmin, xmax, logX), pos(y[i-1], ymin, ymax, logY)
				for t := 0.1; t < 1 && free; t += 0.1 {
					free = !in(gx+t*(fx-gx), gy+t*(fy-gy))
				}
			}
		}
		if free {
			return c, true
		}
	}
	return corner{}, false
}
