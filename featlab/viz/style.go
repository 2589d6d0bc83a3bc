// Package viz builds the gonum/plot figures of the featlab notebooks.
//
// Every builder returns a *plot.Plot styled the same way: a title that says
// what the figure shows, labelled axes with the texts' symbols, a legend
// when there is more than one series, and the Okabe-Ito colour-blind-safe
// palette. Builders never draw randomness of their own, so the same data
// gives the same bytes.
package viz

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Palette is the Okabe-Ito colour-blind-safe palette (Okabe and Ito, 2008),
// in the order series use it: blue, vermillion, bluish green, orange, sky
// blue, reddish purple, yellow, black.
var Palette = []color.Color{
	color.RGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF},
	color.RGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF},
	color.RGBA{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF},
	color.RGBA{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF},
	color.RGBA{R: 0x56, G: 0xB4, B: 0xE9, A: 0xFF},
	color.RGBA{R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF},
	color.RGBA{R: 0xF0, G: 0xE4, B: 0x42, A: 0xFF},
	color.RGBA{R: 0x00, G: 0x00, B: 0x00, A: 0xFF},
}

// Color returns the palette colour of series i, cycling.
func Color(i int) color.Color { return Palette[((i%len(Palette))+len(Palette))%len(Palette)] }

// Shapes are the glyph shapes paired with the palette so that classes stay
// distinguishable in grey scale too.
var Shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.CrossGlyph{},
	draw.PlusGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{},
}

// Shape returns the glyph shape of series i, cycling.
func Shape(i int) draw.GlyphDrawer { return Shapes[((i%len(Shapes))+len(Shapes))%len(Shapes)] }

// Default figure size, chosen to be readable when projected.
const (
	Width  = 16 * vg.Centimeter
	Height = 10 * vg.Centimeter
)

func init() {
	// Sans-serif text reads better on a projector than gonum/plot's default
	// serif face. Liberation Sans ships with gonum/plot, so figures render
	// the same everywhere.
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
}

// New returns an empty plot with the featlab style: title, axis labels,
// font sizes readable on a projector, a light grid, the legend at the
// top right, and tick labels that are short and exact (numberTicks:
// 250000, 0.5, 1.25×10⁶, never 1250000.00).
func New(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = font.Length(13)
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.X.Label.TextStyle.Font.Size = font.Length(12)
	p.Y.Label.TextStyle.Font.Size = font.Length(12)
	p.X.Tick.Label.Font.Size = font.Length(10)
	p.Y.Tick.Label.Font.Size = font.Length(10)
	p.X.Tick.Marker = numberTicks{}
	p.Y.Tick.Marker = numberTicks{}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = font.Length(10)
	return p
}
