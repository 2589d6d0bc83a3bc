package viz

import (
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
)

// This file holds the figures of the feature-learning chapters (notebooks
// 07 and 08): galleries of small images (k-means centroids, eigen-digits,
// learned atoms, reconstructions) drawn as grids of pixels.

// ImageGrid is a Figure showing equally sized images (row-major pixel
// values, Width x Height each) in a grid of Cols columns, each with an
// optional caption under it.
//
// Each image is scaled on its own. With Signed false, pixels run from white
// (the image's minimum or 0, whichever is smaller) to black (its maximum),
// as ink on paper; with Signed true, the scale is symmetric around zero:
// blue for negative, white for zero, vermillion for positive (for atoms and
// principal directions, whose sign is arbitrary but whose pattern is not).
type ImageGrid struct {
	Title    string
	Images   [][]float64
	Captions []string // one per image, or nil
	Width    int      // pixels per image row
	Height   int      // pixels per image column
	Cols     int      // images per grid row; 0 means min(len(Images), 10)
	Signed   bool
	Cell     vg.Length // side of one image; 0 means 2 cm
	// BarLabel, when not empty, puts every image on the one scale
	// [Lo, Hi] (the range of all the images when Hi <= Lo) and draws that
	// scale as a colour bar with ticks under the grid, labelled BarLabel.
	BarLabel string
	Lo, Hi   float64
}

// NewImageGrid checks the images and returns the figure.
//
// Errors: no images, a non-positive width or height, an image with a
// number of pixels other than Width*Height, NaN or Inf pixels, captions
// of the wrong count.
func NewImageGrid(title string, images [][]float64, width, height, cols int, captions []string, signed bool) (*ImageGrid, error) {
	if len(images) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: ImageGrid needs at least one image")
	}
	if width < 1 || height < 1 || cols < 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "viz: ImageGrid: width %d, height %d, cols %d", width, height, cols)
	}
	if captions != nil && len(captions) != len(images) {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: ImageGrid: %d captions for %d images", len(captions), len(images))
	}
	for k, im := range images {
		if len(im) != width*height {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: ImageGrid: image %d has %d pixels, want %d x %d", k, len(im), width, height)
		}
		if err := checkValues(im, len(im), "pixel"); err != nil {
			return nil, err
		}
	}
	return &ImageGrid{Title: title, Images: images, Captions: captions, Width: width, Height: height, Cols: cols, Signed: signed}, nil
}

func (g *ImageGrid) layout() (rows, cols int, cell, capH, titleH vg.Length) {
	cols = g.Cols
	if cols == 0 {
		cols = min(len(g.Images), 10)
	}
	rows = (len(g.Images) + cols - 1) / cols
	cell = g.Cell
	if cell == 0 {
		cell = 2 * vg.Centimeter
	}
	if g.Captions != nil {
		capH = 0.45 * vg.Centimeter
	}
	if g.Title != "" {
		titleH = 0.9 * vg.Centimeter
	}
	return
}

func (g *ImageGrid) size() (w, h vg.Length) {
	rows, cols, cell, capH, titleH := g.layout()
	pad := 0.15 * cell
	w = vg.Length(cols)*(cell+pad) + pad
	if g.Title != "" {
		w = max(w, imageTextStyle(13).Width(g.Title)+vg.Centimeter)
	}
	h = vg.Length(rows)*(cell+pad+capH) + pad + titleH
	if g.BarLabel != "" {
		h += barHeight
		w = max(w, 9*vg.Centimeter)
	}
	return w, h
}

// pixelColor maps v on the image's scale to a colour.
func pixelColor(v, lo, hi float64, signed bool) color.Color {
	if signed {
		a := max(math.Abs(lo), math.Abs(hi))
		if a == 0 {
			return color.White
		}
		t := v / a // in [-1, 1]
		base := color.RGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}
		if t < 0 {
			base = color.RGBA{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}
			t = -t
		}
		mix := func(c uint8) uint8 { return uint8(math.Round(255 - t*(255-float64(c)))) }
		return color.RGBA{R: mix(base.R), G: mix(base.G), B: mix(base.B), A: 0xFF}
	}
	lo = min(lo, 0)
	if hi <= lo {
		return color.White
	}
	t := (v - lo) / (hi - lo)
	c := uint8(math.Round(255 * (1 - t)))
	return color.RGBA{R: c, G: c, B: c, A: 0xFF}
}

func (g *ImageGrid) draw(dc draw.Canvas) {
	rows, cols, cell, capH, titleH := g.layout()
	_ = rows
	pad := 0.15 * cell
	top := dc.Max.Y
	if g.Title != "" {
		st := imageTextStyle(13)
		dc.FillText(st, vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: top - 0.2*vg.Centimeter}, g.Title)
		top -= titleH
	}
	cap := imageTextStyle(9)
	gridW := vg.Length(cols)*(cell+pad) + pad
	left := dc.Min.X + (dc.Max.X-dc.Min.X-gridW)/2
	pw := cell / vg.Length(g.Width)
	ph := cell / vg.Length(g.Height)
	for k, im := range g.Images {
		r, c := k/cols, k%cols
		x0 := left + pad + vg.Length(c)*(cell+pad)
		y0 := top - pad - vg.Length(r)*(cell+pad+capH) // top edge of the image
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range im {
			lo, hi = min(lo, v), max(hi, v)
		}
		if g.BarLabel != "" {
			lo, hi = g.scale()
		}
		for i := 0; i < g.Height; i++ {
			for j := 0; j < g.Width; j++ {
				x := x0 + vg.Length(j)*pw
				y := y0 - vg.Length(i+1)*ph
				dc.SetColor(pixelColor(im[i*g.Width+j], lo, hi, g.Signed))
				// a hair of overlap so that no seam shows between pixels
				dc.Fill(rectPath(x, y, pw+0.01, ph+0.01))
			}
		}
		dc.SetLineStyle(draw.LineStyle{Color: color.Gray{Y: 0x99}, Width: vg.Points(0.5)})
		dc.Stroke(rectPath(x0, y0-cell, cell, cell))
		if g.Captions != nil && g.Captions[k] != "" {
			dc.FillText(cap, vg.Point{X: x0 + cell/2, Y: y0 - cell - 0.08*vg.Centimeter}, g.Captions[k])
		}
	}
	if g.BarLabel != "" {
		g.drawBar(dc)
	}
}

// barHeight is the strip an ImageGrid's colour bar takes at the bottom.
const barHeight = 1.9 * vg.Centimeter

// scale returns the common scale of the images: [Lo, Hi], or the range of
// all pixels when Hi <= Lo.
func (g *ImageGrid) scale() (lo, hi float64) {
	if g.Hi > g.Lo {
		return g.Lo, g.Hi
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, im := range g.Images {
		for _, v := range im {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// drawBar draws the common scale as a horizontal bar at the bottom of dc
// with five labelled ticks and the label under it.
func (g *ImageGrid) drawBar(dc draw.Canvas) {
	lo, hi := g.scale()
	if !g.Signed {
		lo = min(lo, 0)
	}
	if g.Signed {
		a := max(math.Abs(lo), math.Abs(hi))
		lo, hi = -a, a
	}
	w := min(8*vg.Centimeter, dc.Max.X-dc.Min.X-vg.Centimeter)
	x0 := (dc.Min.X+dc.Max.X)/2 - w/2
	y0 := dc.Min.Y + 1.1*vg.Centimeter
	bh := 0.35 * vg.Centimeter
	const n = 100
	for i := 0; i < n; i++ {
		v := lo + (hi-lo)*(float64(i)+0.5)/n
		dc.SetColor(pixelColor(v, lo, hi, g.Signed))
		dc.Fill(rectPath(x0+w*vg.Length(i)/n, y0, w/n+0.01, bh))
	}
	ls := draw.LineStyle{Color: color.Gray{Y: 0x55}, Width: vg.Points(0.5)}
	dc.SetLineStyle(ls)
	dc.Stroke(rectPath(x0, y0, w, bh))
	tick := imageTextStyle(9)
	for k := 0; k <= 4; k++ {
		x := x0 + w*vg.Length(k)/4
		dc.StrokeLine2(ls, x, y0, x, y0-0.1*vg.Centimeter)
		v := lo + (hi-lo)*float64(k)/4
		dc.FillText(tick, vg.Point{X: x, Y: y0 - 0.15*vg.Centimeter}, strconv.FormatFloat(v, 'g', 3, 64))
	}
	dc.FillText(imageTextStyle(10), vg.Point{X: (dc.Min.X + dc.Max.X) / 2, Y: y0 - 0.6*vg.Centimeter}, g.BarLabel)
}

// imageTextStyle is the plot title style at the given size, centred on
// its x and hanging from its y.
func imageTextStyle(size float64) text.Style {
	sty := plot.New().Title.TextStyle
	sty.Font.Size = font.Length(size)
	sty.XAlign = draw.XCenter
	sty.YAlign = draw.YTop
	return sty
}

func rectPath(x, y, w, h vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: x, Y: y})
	p.Line(vg.Point{X: x + w, Y: y})
	p.Line(vg.Point{X: x + w, Y: y + h})
	p.Line(vg.Point{X: x, Y: y + h})
	p.Close()
	return p
}

// WriteSVG writes the grid as SVG.
func (g *ImageGrid) WriteSVG(w io.Writer) error {
	width, height := g.size()
	return render(w, "svg", width, height, func(dc draw.Canvas) {
		dc.SetColor(color.White)
		dc.Fill(rectPath(dc.Min.X, dc.Min.Y, dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y))
		g.draw(dc)
	})
}

// WritePNG writes the grid as PNG at DPI.
func (g *ImageGrid) WritePNG(w io.Writer) error {
	width, height := g.size()
	return render(w, "png", width, height, func(dc draw.Canvas) {
		dc.SetColor(color.White)
		dc.Fill(rectPath(dc.Min.X, dc.Min.Y, dc.Max.X-dc.Min.X, dc.Max.Y-dc.Min.Y))
		g.draw(dc)
	})
}
