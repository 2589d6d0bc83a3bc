package viz

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
)

// This file holds the figure builders of the compressed sensing chapter
// (notebook 09): heat maps of the phase transition, grey-scale images and
// stem plots of sparse vectors. They draw given numbers; the experiments
// are featlab/sensing functions.

// cellGrid is a plotter.GridXYZ over cell centres xs (columns) and ys
// (rows) with values z[row][col].
type cellGrid struct {
	xs, ys []float64
	z      [][]float64
}

func (g cellGrid) Dims() (c, r int)   { return len(g.xs), len(g.ys) }
func (g cellGrid) Z(c, r int) float64 { return g.z[r][c] }
func (g cellGrid) X(c int) float64    { return g.xs[c] }
func (g cellGrid) Y(r int) float64    { return g.ys[r] }

func checkGrid(xs, ys []float64, z [][]float64) error {
	if len(xs) == 0 || len(ys) == 0 || len(z) != len(ys) {
		return featlab.Errorf(featlab.ErrShape, "viz: a %d x %d grid with %d rows of values", len(ys), len(xs), len(z))
	}
	for _, v := range append(append([]float64(nil), xs...), ys...) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "viz: grid coordinate %v", v)
		}
	}
	for i, row := range z {
		if len(row) != len(xs) {
			return featlab.Errorf(featlab.ErrShape, "viz: row %d has %d values for %d columns", i, len(row), len(xs))
		}
		for j, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return featlab.Errorf(featlab.ErrNotFinite, "viz: value %v at row %d, column %d", v, i, j)
			}
		}
	}
	return nil
}

// HeatMap draws z[i][j] at (xs[j], ys[i]) as coloured cells on Moreland's
// smooth blue-red diverging scale (colour-blind safe) from lo (blue) to hi
// (red), with curves drawn over it in black (a theoretical boundary, say)
// and named in the legend. Put it in a Grid with a ColorBar{Lo: lo, Hi: hi}
// (WithColorBar) to show the scale.
func HeatMap(title, xlabel, ylabel string, xs, ys []float64, z [][]float64, lo, hi float64, curves ...LineSeries) (*plot.Plot, error) {
	if err := checkGrid(xs, ys, z); err != nil {
		return nil, err
	}
	if !(hi > lo) {
		return nil, featlab.Errorf(featlab.ErrParam, "viz: heat map range [%g, %g]", lo, hi)
	}
	cm := moreland.SmoothBlueRed()
	cm.SetMin(lo)
	cm.SetMax(hi)
	p := New(title, xlabel, ylabel)
	h := plotter.NewHeatMap(cellGrid{xs, ys, z}, cm.Palette(64))
	h.Min, h.Max = lo, hi
	p.Add(h)
	for k, c := range curves {
		if len(c.X) != len(c.Y) || len(c.X) == 0 {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: curve %q has %d x and %d y values", c.Name, len(c.X), len(c.Y))
		}
		pts := make(plotter.XYs, len(c.X))
		for i := range pts {
			pts[i].X, pts[i].Y = c.X[i], c.Y[i]
			if math.IsNaN(c.X[i]+c.Y[i]) || math.IsInf(c.X[i]+c.Y[i], 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: curve %q has (%v, %v) at %d", c.Name, c.X[i], c.Y[i], i)
			}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(2.5), Dashes: dashes(k)}
		p.Add(l)
		if c.Name != "" {
			p.Legend.Add(c.Name, l)
		}
	}
	p.Legend.Left = true
	return p, nil
}

// grey is a palette of n grey levels from black to white.
type grey int

func (g grey) Colors() []color.Color {
	c := make([]color.Color, int(g))
	for i := range c {
		v := uint8(math.Round(255 * float64(i) / float64(int(g)-1)))
		c[i] = color.Gray{Y: v}
	}
	return c
}

var _ palette.Palette = grey(2)

// Image draws a rows x cols grey-scale image (row-major pixels, row 0 at
// the top) with values clipped to [lo, hi] (black to white), without axes.
func Image(title string, pix []float64, rows, cols int, lo, hi float64) (*plot.Plot, error) {
	if rows < 1 || cols < 1 || len(pix) != rows*cols {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d pixels for a %d x %d image", len(pix), rows, cols)
	}
	if !(hi > lo) {
		return nil, featlab.Errorf(featlab.ErrParam, "viz: image range [%g, %g]", lo, hi)
	}
	xs := make([]float64, cols)
	ys := make([]float64, rows)
	for j := range xs {
		xs[j] = float64(j)
	}
	for i := range ys {
		ys[i] = float64(i)
	}
	z := make([][]float64, rows)
	for i := range z {
		z[i] = make([]float64, cols)
		for j := range z[i] {
			v := pix[(rows-1-i)*cols+j]
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: pixel %v at row %d, column %d", v, rows-1-i, j)
			}
			z[i][j] = math.Min(hi, math.Max(lo, v))
		}
	}
	p := New(title, "", "")
	h := plotter.NewHeatMap(cellGrid{xs, ys, z}, grey(256))
	h.Min, h.Max = lo, hi
	p.Add(h)
	p.HideAxes()
	return p, nil
}

// Stems draws each series as a stem plot (a vertical segment from 0 to
// each value, with a glyph at the top), series k in Color(k) with Shape(k)
// and offset slightly to the right so that overlaid stems stay visible.
// Points at exactly 0 are not drawn.
func Stems(title, xlabel, ylabel string, series []LineSeries) (*plot.Plot, error) {
	if len(series) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: no series")
	}
	for _, sr := range series {
		if len(sr.X) == 0 || len(sr.X) != len(sr.Y) {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: series %q has %d x and %d y values", sr.Name, len(sr.X), len(sr.Y))
		}
		for i, x := range sr.X {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: series %q has x = %v at %d", sr.Name, x, i)
			}
		}
	}
	p := New(title, xlabel, ylabel)
	axis, _ := plotter.NewLine(plotter.XYs{{X: series[0].X[0], Y: 0}, {X: series[0].X[len(series[0].X)-1], Y: 0}})
	axis.LineStyle = draw.LineStyle{Color: color.Gray{Y: 150}, Width: vg.Points(0.8)}
	p.Add(axis)
	for k, s := range series {
		if len(s.X) != len(s.Y) || len(s.X) == 0 {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: series %q has %d x and %d y values", s.Name, len(s.X), len(s.Y))
		}
		span := s.X[len(s.X)-1] - s.X[0]
		off := float64(k) * span / 400
		var tops plotter.XYs
		for i := range s.X {
			if math.IsNaN(s.Y[i]) || math.IsInf(s.Y[i], 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: series %q has %v at %d", s.Name, s.Y[i], i)
			}
			if s.Y[i] == 0 {
				continue
			}
			x := s.X[i] + off
			l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: s.Y[i]}})
			if err != nil {
				return nil, err
			}
			l.LineStyle = draw.LineStyle{Color: Color(k), Width: vg.Points(1.2)}
			p.Add(l)
			tops = append(tops, plotter.XY{X: x, Y: s.Y[i]})
		}
		if len(tops) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(tops)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: Color(k), Radius: vg.Points(3), Shape: Shape(k)}
		p.Add(sc)
		if s.Name != "" {
			p.Legend.Add(s.Name, sc)
		}
	}
	return p, nil
}

// colorBarWidth is the strip a Grid's ColorBar takes at its right.
const colorBarWidth = 2.6 * vg.Centimeter

// ColorBar is the scale of HeatMap's colours from Lo (blue) to Hi (red),
// drawn as a vertical bar with ticks and the Label along it.
type ColorBar struct {
	Lo, Hi float64
	Label  string
}

// draw draws the bar in dc (a strip at the right of a Grid).
func (b *ColorBar) draw(dc draw.Canvas) {
	cm := moreland.SmoothBlueRed()
	cm.SetMin(b.Lo)
	cm.SetMax(b.Hi)
	p := plot.New()
	cb := &plotter.ColorBar{ColorMap: cm, Vertical: true}
	p.Add(cb)
	p.HideX()
	p.X.Padding = 0
	p.Y.Label.Text = b.Label
	p.Y.Label.TextStyle.Font.Size = font.Length(12)
	p.Y.Tick.Label.Font.Size = font.Length(10)
	p.Y.Tick.Marker = numberTicks{}
	p.Y.Min, p.Y.Max = b.Lo, b.Hi
	// the bar spans the plots' data area: leave their title and x-axis room
	dc.Min.Y += 1.3 * vg.Centimeter
	dc.Max.Y -= 0.9 * vg.Centimeter
	dc.Min.X += 0.2 * vg.Centimeter
	dc.Max.X -= 0.3 * vg.Centimeter
	p.Draw(dc)
}

// WithColorBar returns the plots (heat maps drawn on the scale lo..hi) in
// one row under title, with the colour bar of that scale at the right,
// labelled label; width as for SideBySide.
func WithColorBar(title string, width vg.Length, lo, hi float64, label string, plots ...*plot.Plot) (*Grid, error) {
	if !(hi > lo) {
		return nil, featlab.Errorf(featlab.ErrParam, "viz: colour bar range [%g, %g]", lo, hi)
	}
	g, err := SideBySide(title, width, plots...)
	if err != nil {
		return nil, err
	}
	g.ColorBar = &ColorBar{Lo: lo, Hi: hi, Label: label}
	if width <= 0 {
		g.Width += colorBarWidth
	}
	return g, nil
}
