package viz

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/featlab/course/featlab"
)

// DPI is the resolution of every PNG written by this package: twice the
// 96 of a screen, so that a figure stays sharp on a projector (the default
// 16 cm x 10 cm is 1209 x 756 pixels). It is fixed so that the same figure
// gives the same PNG bytes on every machine.
const DPI = 192

// GridCell is the default size of one tile of a Grid (width and height).
const GridCell = 6 * vg.Centimeter

// Figure is anything that can be saved as SVG and as PNG: a single plot
// (see Single) or a Grid of plots. The notebook helpers save both kinds
// through this interface.
type Figure interface {
	WriteSVG(w io.Writer) error
	WritePNG(w io.Writer) error
}

// single is the Figure of one *plot.Plot at a fixed size.
type single struct {
	p    *plot.Plot
	w, h vg.Length
}

// Single returns p as a Figure of the default size Width x Height.
func Single(p *plot.Plot) Figure { return single{p: p, w: Width, h: Height} }

// Sized returns p as a Figure of the given size; a zero width or height
// means the default Width or Height.
func Sized(p *plot.Plot, width, height vg.Length) Figure {
	return single{p: p, w: width, h: height}
}

func (s single) WriteSVG(w io.Writer) error { return WriteSVG(s.p, w, s.w, s.h) }
func (s single) WritePNG(w io.Writer) error { return WritePNG(s.p, w, s.w, s.h) }

// WriteSVG draws p on an SVG canvas of the given size and writes it to w. A
// zero width or height means the default Width or Height. The same plot
// gives the same bytes.
func WriteSVG(p *plot.Plot, w io.Writer, width, height vg.Length) error {
	if p == nil {
		return featlab.Errorf(featlab.ErrParam, "viz: nil plot")
	}
	return render(w, "svg", width, height, func(dc draw.Canvas) { drawPlot(p, dc) })
}

// WritePNG draws p on a PNG canvas of the given size at DPI dots per inch
// and writes it to w. A zero width or height means the default Width or
// Height. The same plot gives the same bytes.
func WritePNG(p *plot.Plot, w io.Writer, width, height vg.Length) error {
	if p == nil {
		return featlab.Errorf(featlab.ErrParam, "viz: nil plot")
	}
	return render(w, "png", width, height, func(dc draw.Canvas) { drawPlot(p, dc) })
}

// legendMargin is the room left between a legend on the right and the
// right edge of the data area.
const legendMargin = 0.2 * vg.Centimeter

// drawPlot draws p on c as p.Draw does, except that a legend on the right
// (Legend.Left false) ends legendMargin inside the right edge of the data
// area, shifted by Legend.XOffs as usual. gonum/plot puts it flush with
// the edge of c, which touches the figure's edge and lies beyond the data
// area when the axis needed padding (a long label under a logarithmic x
// axis, a last tick label wider than the room after it). p is not
// changed.
func drawPlot(p *plot.Plot, c draw.Canvas) {
	q := layoutCopy(p)
	if !q.Legend.Left {
		q.Legend.XOffs += q.DataCanvas(c).Max.X - c.Max.X - legendMargin
	}
	q.Draw(c)
}

// layoutCopy returns a shallow copy of p for drawing. On an axis that is
// not linear (a logarithmic one) the copy's axis label keeps its height
// but takes no length along the axis in the layout: gonum/plot (v0.17)
// reserves room for it around the data value halfway between the axis
// ends, which on a logarithmic axis lies near the upper end, and so
// narrows (x) or lowers (y) the data area by up to half the label's
// length, although it draws the label centred.
func layoutCopy(p *plot.Plot) *plot.Plot {
	q := *p
	for _, a := range []*plot.Axis{&q.X, &q.Y} {
		if _, linear := a.Scale.(plot.LinearScale); linear || a.Label.Text == "" {
			continue
		}
		if _, done := a.Label.TextStyle.Handler.(noWidth); !done {
			a.Label.TextStyle.Handler = noWidth{a.Label.TextStyle.Handler}
		}
	}
	return &q
}

// noWidth is a text handler that draws as its Handler does but reports
// text boxes of width 0, which gonum/plot leaves out of its padding.
type noWidth struct{ text.Handler }

// Box returns the height and depth of txt with a width of 0.
func (h noWidth) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, height, depth = h.Handler.Box(txt, fnt)
	return 0, height, depth
}

// render makes a canvas of the format, lets draw fill it, and writes the
// result to w only when drawing succeeded. gonum/plot panics on some
// degenerate input (for example an axis whose range is NaN); such a panic
// is returned as an error.
func render(w io.Writer, format string, width, height vg.Length, drawFn func(draw.Canvas)) (err error) {
	if width == 0 {
		width = Width
	}
	if height == 0 {
		height = Height
	}
	if width < 0 || height < 0 {
		return featlab.Errorf(featlab.ErrParam, "viz: figure size %v x %v must be positive", width, height)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("viz: drawing the figure failed: %v", r)
		}
	}()
	var buf bytes.Buffer
	switch format {
	case "svg":
		c := vgsvg.New(width, height)
		drawFn(draw.New(c))
		if _, err := c.WriteTo(&buf); err != nil {
			return err
		}
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(DPI))
		drawFn(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return err
		}
	default:
		panic("viz: unknown format " + format)
	}
	_, err = buf.WriteTo(w)
	return err
}

// Grid is a figure made of several plots laid out in rows and columns whose
// data areas are aligned (gonum/plot's plot.Align), saved as one image.
//
// Plots[r][c] is the plot in row r, column c; a nil entry leaves its tile
// empty, and shorter rows are padded with empty tiles. A zero Width is
// GridCell per column and a zero Height GridCell per row (plus room for
// the title and legend).
type Grid struct {
	Plots  [][]*plot.Plot
	Title  string        // drawn centred above the grid when not empty
	Legend []LegendEntry // drawn in one row under the title when not empty
	Width  vg.Length     // total width; 0 means columns x GridCell
	Height vg.Length     // total height; 0 means rows x GridCell (+ header)
	// ColorBar, when not nil, is drawn to the right of the plots: the
	// scale of HeatMap's cells, so that a colour can be read as a number.
	ColorBar *ColorBar
}

// LegendEntry is one entry of a Grid's legend: a name and the thumbnails
// (drawn on top of each other) of the series it stands for.
type LegendEntry struct {
	Name   string
	Thumbs []plot.Thumbnailer
}

// dims returns the number of rows and columns of the grid.
func (g *Grid) dims() (rows, cols int) {
	rows = len(g.Plots)
	for _, r := range g.Plots {
		cols = max(cols, len(r))
	}
	return rows, cols
}

func (g *Grid) size() (w, h vg.Length, err error) {
	rows, cols := g.dims()
	if rows == 0 || cols == 0 {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "viz: grid has no plots")
	}
	w, h = g.Width, g.Height
	if w == 0 {
		w = vg.Length(cols) * GridCell
		if g.ColorBar != nil {
			w += colorBarWidth
		}
	}
	if h == 0 {
		h = vg.Length(rows)*GridCell + g.titleHeight() + g.legendHeight()
	}
	return w, h, nil
}

func (g *Grid) titleStyle() text.Style {
	sty := plot.New().Title.TextStyle
	sty.Font.Size = font.Length(14)
	sty.XAlign = draw.XCenter
	sty.YAlign = draw.YTop
	return sty
}

func (g *Grid) titleHeight() vg.Length {
	if g.Title == "" {
		return 0
	}
	sty := g.titleStyle()
	return sty.Height(g.Title) + 0.4*vg.Centimeter
}

func legendStyle() text.Style {
	sty := plot.New().Legend.TextStyle
	sty.Font.Size = font.Length(10)
	sty.XAlign = draw.XLeft
	sty.YAlign = draw.YBottom
	return sty
}

func (g *Grid) legendHeight() vg.Length {
	if len(g.Legend) == 0 {
		return 0
	}
	return legendStyle().Height("Ag") + 0.3*vg.Centimeter
}

// drawLegend draws the legend entries side by side, centred, with their
// top at y.
func (g *Grid) drawLegend(dc draw.Canvas, y vg.Length) {
	sty := legendStyle()
	th := sty.Height("Ag")
	thumbW := vg.Points(14)
	em := sty.Width("m")
	gap := 2 * em
	var total vg.Length
	for k, e := range g.Legend {
		if k > 0 {
			total += gap
		}
		total += thumbW + em/2 + sty.Width(e.Name)
	}
	x := (dc.Min.X+dc.Max.X)/2 - total/2
	for _, e := range g.Legend {
		icon := draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: x, Y: y - th},
			Max: vg.Point{X: x + thumbW, Y: y},
		}}
		for _, t := range e.Thumbs {
			t.Thumbnail(&icon)
		}
		x += thumbW + em/2
		dc.FillText(sty, vg.Point{X: x, Y: y - th + sty.FontExtents().Descent}, e.Name)
		x += sty.Width(e.Name) + gap
	}
}

// draw lays the plots out on dc.
func (g *Grid) draw(dc draw.Canvas) {
	rows, cols := g.dims()
	plots := make([][]*plot.Plot, rows)
	for r := range plots {
		plots[r] = make([]*plot.Plot, cols)
		for c, p := range g.Plots[r] {
			if p != nil {
				plots[r][c] = layoutCopy(p) // aligned as drawn
			}
		}
	}
	if g.Title != "" {
		th := g.titleHeight()
		sty := g.titleStyle()
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 0.15*vg.Centimeter}, g.Title)
		dc.Max.Y -= th
	}
	if len(g.Legend) > 0 {
		g.drawLegend(dc, dc.Max.Y-0.1*vg.Centimeter)
		dc.Max.Y -= g.legendHeight()
	}
	if g.ColorBar != nil {
		bar := dc
		bar.Min.X = dc.Max.X - colorBarWidth
		dc.Max.X -= colorBarWidth
		g.ColorBar.draw(bar)
	}
	tiles := draw.Tiles{
		Rows: rows, Cols: cols,
		PadX: 0.2 * vg.Centimeter, PadY: 0.2 * vg.Centimeter,
		PadTop: 0.1 * vg.Centimeter, PadBottom: 0.1 * vg.Centimeter,
		PadLeft: 0.1 * vg.Centimeter, PadRight: 0.2 * vg.Centimeter,
	}
	canvases := plot.Align(plots, tiles, dc)
	for r := range plots {
		for c, p := range plots[r] {
			if p != nil {
				drawPlot(p, canvases[r][c])
			}
		}
	}
}

// WriteSVG writes the grid as one SVG image.
func (g *Grid) WriteSVG(w io.Writer) error {
	width, height, err := g.size()
	if err != nil {
		return err
	}
	return render(w, "svg", width, height, g.draw)
}

// WritePNG writes the grid as one PNG image at DPI dots per inch.
func (g *Grid) WritePNG(w io.Writer) error {
	width, height, err := g.size()
	if err != nil {
		return err
	}
	return render(w, "png", width, height, g.draw)
}

// classCoding maps the class label of every point to a series index
// 0..K-1 and names the K series.
//
// With classNames given, label k (a whole number in [0, len(classNames)))
// is series k named classNames[k], so a class keeps its colour across
// figures. Without names, the distinct labels, sorted, are the series and
// are named by their values. A nil classes slice puts every point in one
// series with no legend entry (named classNames[0] if given).
func classCoding(classes []float64, classNames []string, m int) (series []int, names []string, err error) {
	series = make([]int, m)
	if classes == nil {
		if len(classNames) > 0 {
			return series, classNames[:1], nil
		}
		return series, []string{""}, nil
	}
	if len(classes) != m {
		return nil, nil, featlab.Errorf(featlab.ErrShape, "viz: %d class labels for %d points", len(classes), m)
	}
	for i, c := range classes {
		if c != math.Trunc(c) || math.IsInf(c, 0) || math.Abs(c) > 1<<30 {
			return nil, nil, featlab.Errorf(featlab.ErrLabels, "viz: class label %v at row %d is not a whole number", c, i)
		}
	}
	if classNames != nil {
		for i, c := range classes {
			if c < 0 || int(c) >= len(classNames) {
				return nil, nil, featlab.Errorf(featlab.ErrLabels, "viz: class label %v at row %d has no name (%d class names)", c, i, len(classNames))
			}
			series[i] = int(c)
		}
		return series, classNames, nil
	}
	distinct := map[float64]int{}
	for _, c := range classes {
		distinct[c] = 0
	}
	labels := make([]float64, 0, len(distinct))
	for c := range distinct {
		labels = append(labels, c)
	}
	sort.Float64s(labels)
	names = make([]string, len(labels))
	for k, c := range labels {
		distinct[c] = k
		names[k] = featlab.FormatFloat(c)
	}
	for i, c := range classes {
		series[i] = distinct[c]
	}
	return series, names, nil
}

// checkValues returns an error if v is empty, has a length other than m
// (when m >= 0), or holds NaN or Inf; what names v in the message.
func checkValues(v []float64, m int, what string) error {
	if m >= 0 && len(v) != m {
		return featlab.Errorf(featlab.ErrShape, "viz: %s has %d values, want %d", what, len(v), m)
	}
	if err := featlab.CheckVector(v, what); err != nil {
		return fmt.Errorf("viz: %w", err)
	}
	return nil
}

// glyph returns the glyph style of series k with the given radius.
func glyph(k int, radius vg.Length) draw.GlyphStyle {
	return draw.GlyphStyle{Color: Color(k), Shape: Shape(k), Radius: radius}
}

// addScatter adds one scatter series per class to p.
func addScatter(p *plot.Plot, x, y []float64, series []int, names []string, radius vg.Length, legend bool) error {
	for k := range names {
		var xy plotter.XYs
		for i := range x {
			if series[i] == k {
				xy = append(xy, plotter.XY{X: x[i], Y: y[i]})
			}
		}
		if len(xy) == 0 {
			continue
		}
		s, err := plotter.NewScatter(xy)
		if err != nil {
			return fmt.Errorf("viz: %w", err)
		}
		s.GlyphStyle = glyph(k, radius)
		p.Add(s)
		if legend && names[k] != "" {
			p.Legend.Add(names[k], s)
		}
	}
	return nil
}

// ScatterByClass returns a scatter plot of the points (x[i], y[i]) with
// one colour and glyph shape per class (Color(k), Shape(k)) and a legend
// naming the classes.
//
// classes holds the class label of each point. With classNames, label k
// must be a whole number in [0, len(classNames)) and is named
// classNames[k] (so class k has the same colour in every figure); without,
// the distinct labels are named by their values. A nil classes slice draws
// all points as one series without a legend.
//
// Empty input, lengths that differ, NaN or Inf, and labels that are not
// whole numbers or have no name are errors.
func ScatterByClass(title, xlabel, ylabel string, x, y []float64, classes []float64, classNames []string) (*plot.Plot, error) {
	if err := checkValues(x, -1, "x"); err != nil {
		return nil, err
	}
	if err := checkValues(y, len(x), "y"); err != nil {
		return nil, err
	}
	series, names, err := classCoding(classes, classNames, len(x))
	if err != nil {
		return nil, err
	}
	p := New(title, xlabel, ylabel)
	if err := addScatter(p, x, y, series, names, 3, classes != nil); err != nil {
		return nil, err
	}
	placeLegend(p, x, y)
	return p, nil
}

// placeLegend puts the legend in the corner of the data area that holds
// the fewest of the points (x[i], y[i]), a corner being the outer 35% of
// the axis range in x and 25% in y; ties go to top right, top left,
// bottom right, bottom left, in that order. Call it after adding the
// plotters, which set the axis ranges.
func placeLegend(p *plot.Plot, x, y []float64) {
	xmin, xmax, ymin, ymax := p.X.Min, p.X.Max, p.Y.Min, p.Y.Max
	corners := []struct{ top, left bool }{{true, false}, {true, true}, {false, false}, {false, true}}
	best, bestN := 0, len(x)+1
	for k, c := range corners {
		n := 0
		for i := range x {
			inX := x[i] >= xmax-0.35*(xmax-xmin)
			if c.left {
				inX = x[i] <= xmin+0.35*(xmax-xmin)
			}
			inY := y[i] >= ymax-0.25*(ymax-ymin)
			if !c.top {
				inY = y[i] <= ymin+0.25*(ymax-ymin)
			}
			if inX && inY {
				n++
			}
		}
		if n < bestN {
			best, bestN = k, n
		}
	}
	p.Legend.Top, p.Legend.Left = corners[best].top, corners[best].left
}

// sturges returns the default number of bins for m values, Sturges' rule
// ceil(log2 m) + 1.
func sturges(m int) int {
	return int(math.Ceil(math.Log2(float64(m)))) + 1
}

// binEdges returns bins+1 equally spaced edges covering [min v, max v]. A
// constant v gets bins of width 1 centred on its value.
func binEdges(v []float64, bins int) []float64 {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if lo == hi {
		lo, hi = lo-float64(bins)/2, hi+float64(bins)/2
	}
	edges := make([]float64, bins+1)
	for b := range edges {
		edges[b] = lo + (hi-lo)*float64(b)/float64(bins)
	}
	edges[bins] = hi
	return edges
}

// binOf returns the bin of x among the edges: bin b holds [e_b, e_{b+1}),
// the last bin also its right edge.
func binOf(x float64, edges []float64) int {
	b := sort.SearchFloat64s(edges, x) // first edge >= x
	if b < len(edges) && edges[b] == x {
		b++ // x is on edge b: it belongs to bin b (left-closed)
	}
	b-- // bin to the left of the first edge > x
	return min(max(b, 0), len(edges)-2)
}

// translucent returns c with alpha a (premultiplied, as image/color wants).
func translucent(c color.Color, a float64) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA64{R: uint16(r), G: uint16(g), B: uint16(b), A: uint16(a * 0xffff)}
}

// histCounts bins v on shared edges (bins <= 0: Sturges' rule) and counts
// the values of each of the k series in each bin.
func histCounts(v []float64, series []int, k, bins int) (edges []float64, counts [][]float64) {
	if bins <= 0 {
		bins = sturges(len(v))
	}
	edges = binEdges(v, bins)
	counts = make([][]float64, k)
	for s := range counts {
		counts[s] = make([]float64, bins)
	}
	for i, x := range v {
		counts[series[i]][binOf(x, edges)]++
	}
	return edges, counts
}

// addHistograms adds one histogram per class over the same bin edges; with
// a legend, it raises the y axis to leave room for it above the bars.
func addHistograms(p *plot.Plot, v []float64, series []int, names []string, bins int, legend bool) error {
	edges, counts := histCounts(v, series, len(names), bins)
	bins = len(edges) - 1
	top := 0.0
	for k := range names {
		total := 0.0
		for _, c := range counts[k] {
			total += c
			top = math.Max(top, c)
		}
		if total == 0 {
			continue
		}
		h := histStyle(k, len(names))
		h.Width = edges[1] - edges[0]
		for b := 0; b < bins; b++ {
			h.Bins = append(h.Bins, plotter.HistogramBin{Min: edges[b], Max: edges[b+1], Weight: counts[k][b]})
		}
		p.Add(h)
		if legend && names[k] != "" {
			p.Legend.Add(names[k], h)
		}
	}
	if !legend {
		return nil
	}
	// Headroom above the tallest bar for the legend's rows, then the
	// legend in the top corner where the bars are lowest.
	p.Y.Max = top * (1.08 + 0.07*float64(len(names)))
	var xs, ys []float64
	for k := range counts {
		for b, c := range counts[k] {
			for _, t := range []float64{0, 0.25, 0.5, 0.75, 1} {
				xs = append(xs, (edges[b]+edges[b+1])/2)
				ys = append(ys, t*c)
			}
		}
	}
	placeLegend(p, xs, ys)
	return nil
}

// histStyle returns an empty histogram with the style of series k of n:
// translucent fill, outline in the palette colour, dashed unless alone.
func histStyle(k, n int) *plotter.Histogram {
	h := &plotter.Histogram{
		FillColor: translucent(Color(k), 0.3),
		LineStyle: draw.LineStyle{Color: Color(k), Width: vg.Points(1.2)},
	}
	if n > 1 {
		h.LineStyle.Dashes = dashes(k)
	}
	return h
}

// dashes returns the outline dash pattern of series k: solid, dashed,
// dotted, dash-dot, cycling; it keeps overlaid outlines apart in grey scale.
func dashes(k int) []vg.Length {
	switch k % 4 {
	case 1:
		return []vg.Length{vg.Points(5), vg.Points(3)}
	case 2:
		return []vg.Length{vg.Points(1.5), vg.Points(2)}
	case 3:
		return []vg.Length{vg.Points(5), vg.Points(2), vg.Points(1.5), vg.Points(2)}
	}
	return nil
}

// HistogramByClass returns the per-class histograms of the values v,
// overlaid: each class is drawn with a translucent fill in its palette
// colour and an outline (solid, dashed, dotted, ...), and every class uses
// the same bin edges, bins equal-width bins spanning [min v, max v] (bin b
// is [e_b, e_{b+1}), the last bin closed). bins <= 0 means Sturges' rule,
// ceil(log2 m) + 1 bins. The y axis counts examples.
//
// classes and classNames work as in ScatterByClass. Empty input, lengths
// that differ, NaN or Inf, and labels that are not whole numbers or have no
// name are errors.
func HistogramByClass(title, xlabel string, v []float64, classes []float64, classNames []string, bins int) (*plot.Plot, error) {
	if err := checkValues(v, -1, "v"); err != nil {
		return nil, err
	}
	series, names, err := classCoding(classes, classNames, len(v))
	if err != nil {
		return nil, err
	}
	p := New(title, xlabel, "count")
	if err := addHistograms(p, v, series, names, bins, classes != nil); err != nil {
		return nil, err
	}
	return p, nil
}

// unlabelled is a tick marker with gonum's default tick positions and no
// labels, for the inner cells of a Panel.
type unlabelled struct{}

func (unlabelled) Ticks(lo, hi float64) []plot.Tick {
	t := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range t {
		t[i].Label = ""
	}
	return t
}

// Panel returns the scatter-plot matrix of the columns of X that Guyon and
// Elisseeff (2003, figures 2 and 3) use to show how features separate the
// classes alone and in pairs: the cell in row r, column c is the scatter
// plot of feature c (x axis) against feature r (y axis), coloured by
// class, and the diagonal cell (r, r) holds the per-class histograms of
// feature r (as HistogramByClass, with bins bins). The bottom row names
// the x axes and the left column the y axes; a legend row under the title
// names the classes.
//
// names gives the column names (nil means x1, x2, ...); classes and
// classNames work as in ScatterByClass (nil classes: one series). A panel
// is readable up to about six features; select columns first
// (Dataset.Columns) for wider data.
func Panel(title string, X mat.Matrix, names []string, classes []float64, classNames []string, bins int) (*Grid, error) {
	if err := featlab.CheckMatrix(X, names); err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	m, d := X.Dims()
	if names == nil {
		names = featlab.DefaultNames(d)
	}
	series, cnames, err := classCoding(classes, classNames, m)
	if err != nil {
		return nil, err
	}
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = mat.Col(nil, j, X)
	}
	plots := make([][]*plot.Plot, d)
	for r := 0; r < d; r++ {
		plots[r] = make([]*plot.Plot, d)
		for c := 0; c < d; c++ {
			p := New("", "", "")
			p.X.Tick.Label.Font.Size = font.Length(8)
			p.Y.Tick.Label.Font.Size = font.Length(8)
			p.X.Label.TextStyle.Font.Size = font.Length(10)
			p.Y.Label.TextStyle.Font.Size = font.Length(10)
			if r == c {
				if err := addHistograms(p, cols[c], series, cnames, bins, false); err != nil {
					return nil, err
				}
				p.Y.Tick.Marker = unlabelled{}
			} else {
				if err := addScatter(p, cols[c], cols[r], series, cnames, 1.6, false); err != nil {
					return nil, err
				}
				if c > 0 {
					p.Y.Tick.Marker = unlabelled{}
				}
			}
			if r == d-1 {
				p.X.Label.Text = names[c]
			} else {
				p.X.Tick.Marker = unlabelled{}
			}
			if c == 0 {
				p.Y.Label.Text = names[r]
			}
			plots[r][c] = p
		}
	}
	g := &Grid{Plots: plots, Title: title}
	if classes != nil {
		present := make([]bool, len(cnames))
		for _, k := range series {
			present[k] = true
		}
		for k, name := range cnames {
			if !present[k] || name == "" {
				continue
			}
			g.Legend = append(g.Legend, LegendEntry{Name: name, Thumbs: []plot.Thumbnailer{
				histStyle(k, len(cnames)),
				&plotter.Scatter{GlyphStyle: glyph(k, 3)},
			}})
		}
	}
	return g, nil
}

// DatasetPanel is Panel on the named features of ds (all features when
// features is empty), coloured by class when ds has Classes.
func DatasetPanel(title string, ds *featlab.Dataset, features []string, bins int) (*Grid, error) {
	if ds == nil || ds.X == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: nil dataset")
	}
	sub := ds
	if len(features) > 0 {
		idx := make([]int, len(features))
		for k, f := range features {
			j, err := ds.Index(f)
			if err != nil {
				return nil, err
			}
			idx[k] = j
		}
		var err error
		if sub, err = ds.Columns(idx); err != nil {
			return nil, err
		}
	}
	var classes []float64
	if ds.Classes != nil {
		classes = sub.Y
	}
	return Panel(title, sub.X, sub.Names, classes, ds.Classes, bins)
}

// maxBarLabels is the most bar names Bars writes under a chart of the
// default width; with more bars it names every k-th one.
const maxBarLabels = 32

// Bars returns a bar chart of one score per feature, with the feature
// names under the bars (turned vertical when a name is longer than ten
// characters or wider than its bar's share of the default width; with more
// than 32 bars only every k-th bar is named, k = ceil(d/32), starting with
// the first). Bars start at 0, so negative scores point down.
// The bars are drawn in data units (bar k spans [k-0.4, k+0.4]), so the
// chart looks the same at every figure size.
//
// Empty input, names and scores of different lengths, and NaN or Inf
// scores are errors.
func Bars(title, ylabel string, names []string, scores []float64) (*plot.Plot, error) {
	if err := checkValues(scores, -1, "scores"); err != nil {
		return nil, err
	}
	if len(names) != len(scores) {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d names for %d scores", len(names), len(scores))
	}
	p := New(title, "", ylabel)
	rings := make([]plotter.XYer, len(scores))
	lo, hi := 0.0, 0.0
	for k, s := range scores {
		x0, x1 := float64(k)-0.4, float64(k)+0.4
		y0, y1 := math.Min(0, s), math.Max(0, s) // same winding for every bar
		rings[k] = plotter.XYs{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		lo, hi = math.Min(lo, s), math.Max(hi, s)
	}
	poly, err := plotter.NewPolygon(rings...)
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	poly.Color = Color(0)
	poly.LineStyle = draw.LineStyle{Color: Color(0), Width: vg.Points(0.5)}
	p.Add(poly)
	if lo == hi { // all scores 0: show a unit range
		hi = 1
	}
	// 5% headroom beyond the longest bar(s), none beyond the zero line.
	span := hi - lo
	if hi > 0 {
		hi += 0.05 * span
	}
	if lo < 0 {
		lo -= 0.05 * span
	}
	p.Y.Min, p.Y.Max = lo, hi
	p.X.Min, p.X.Max = -0.6, float64(len(scores))-0.4
	// Names under the bars (as plot.NominalX), every step-th one when
	// there are too many to read, in a smaller font beyond 16 bars.
	step := (len(names) + maxBarLabels - 1) / maxBarLabels
	ticks := make([]plot.Tick, len(names))
	for k, n := range names {
		ticks[k] = plot.Tick{Value: float64(k)}
		if k%step == 0 {
			ticks[k].Label = n
		}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Tick.Width, p.X.Tick.Length, p.X.Width = 0, 0, 0
	p.Y.Padding = vg.Points(5)
	if len(names) > 16 {
		p.X.Tick.Label.Font.Size = font.Length(8)
	}
	fitBarLabels(p, names, Width)
	return p, nil
}

// fitBarLabels turns the names under the bars of p (a Bars plot drawn
// width wide) vertical when one of the labelled names does not fit under
// its bar (about 2.5 cm of the width go to the y axis) or is longer than
// 10 characters, and horizontal otherwise: short names, such as diabetes'
// age, bmi, s1, ..., stay horizontal in a wide figure and turn vertical
// in a grid cell, where side by side they would run into each other.
func fitBarLabels(p *plot.Plot, names []string, width vg.Length) {
	step := (len(names) + maxBarLabels - 1) / maxBarLabels
	long := false
	room := (width - 2.5*vg.Centimeter) / vg.Length(len(names))
	for k, n := range names {
		if k%step == 0 && (len([]rune(n)) > 10 || p.X.Tick.Label.Width(n) > 0.85*room) {
			long = true
		}
	}
	if long {
		p.X.Tick.Label.Rotation = math.Pi / 2
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
	} else {
		p.X.Tick.Label.Rotation = 0
		p.X.Tick.Label.XAlign = draw.XCenter
		p.X.Tick.Label.YAlign = draw.YTop
	}
}
