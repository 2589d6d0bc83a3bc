package viz

import (
	"bytes"
	"fmt"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/featlab/course/featlab"
)

// DPI is the resolution of every PNG written by this package. It is fixed so
// that the same figure gives the same PNG bytes on every machine.
const DPI = 96

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
	return render(w, "svg", width, height, func(dc draw.Canvas) { p.Draw(dc) })
}

// WritePNG draws p on a PNG canvas of the given size at DPI dots per inch
// and writes it to w. A zero width or height means the default Width or
// Height. The same plot gives the same bytes.
func WritePNG(p *plot.Plot, w io.Writer, width, height vg.Length) error {
	if p == nil {
		return featlab.Errorf(featlab.ErrParam, "viz: nil plot")
	}
	return render(w, "png", width, height, func(dc draw.Canvas) { p.Draw(dc) })
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
// the title).
type Grid struct {
	Plots  [][]*plot.Plot
	Title  string    // drawn centred above the grid when not empty
	Width  vg.Length // total width; 0 means columns x GridCell
	Height vg.Length // total height; 0 means rows x GridCell (+ title)
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
	}
	if h == 0 {
		h = vg.Length(rows) * GridCell
		if g.Title != "" {
			h += g.titleHeight()
		}
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

// draw lays the plots out on dc.
func (g *Grid) draw(dc draw.Canvas) {
	rows, cols := g.dims()
	plots := make([][]*plot.Plot, rows)
	for r := range plots {
		plots[r] = make([]*plot.Plot, cols)
		copy(plots[r], g.Plots[r])
	}
	if g.Title != "" {
		th := g.titleHeight()
		sty := g.titleStyle()
		dc.FillText(sty, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: dc.Max.Y - 0.15*vg.Centimeter}, g.Title)
		dc.Max.Y -= th
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
				p.Draw(canvases[r][c])
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
