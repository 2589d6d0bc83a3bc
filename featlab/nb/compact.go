package nb

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sort"
)

// frameCompression is the zlib level of a slider frame. png.BestCompression
// took 60-130 ms per 1209 x 756 frame and png.DefaultCompression takes
// 5-10 ms for frames about 6% larger; the frames of notebooks 05 and 06
// (about 50) took 9 s of a run at the best level. Any fixed level gives
// the same bytes on every run.
const frameCompression = png.DefaultCompression

// compactPNG re-encodes a figure's PNG with a palette of its 256 most
// frequent colours (each other colour mapped to the nearest of them; the
// figures are flat colours plus anti-aliased edges, so the loss is at the
// edges only) at frameCompression: a slider's frames are stored in its
// notebook, and this makes them about three times smaller. The result is a
// function of the input bytes alone. On any decoding error it returns b.
func compactPNG(b []byte) []byte {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return b
	}
	out := paletted(img)
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: frameCompression}
	if enc.Encode(&buf, out) != nil || buf.Len() >= len(b) {
		return b
	}
	return buf.Bytes()
}

// packRGBA packs a colour as R<<24 | G<<16 | B<<8 | A: a map key, and the
// tie-break order of equally frequent colours.
func packRGBA(c color.RGBA) uint32 {
	return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
}

func unpackRGBA(k uint32) color.RGBA {
	return color.RGBA{R: uint8(k >> 24), G: uint8(k >> 16), B: uint8(k >> 8), A: uint8(k)}
}

// pixels returns img's pixels in row order as packed premultiplied RGBA
// (color.RGBAModel), reading an *image.RGBA (what PNG decoding gives for
// an opaque figure) directly.
func pixels(img image.Image) []uint32 {
	r := img.Bounds()
	px := make([]uint32, 0, r.Dx()*r.Dy())
	if m, ok := img.(*image.RGBA); ok {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := m.Pix[m.PixOffset(r.Min.X, y):m.PixOffset(r.Max.X, y)]
			for i := 0; i+3 < len(row); i += 4 {
				px = append(px, uint32(row[i])<<24|uint32(row[i+1])<<16|uint32(row[i+2])<<8|uint32(row[i+3]))
			}
		}
		return px
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			px = append(px, packRGBA(color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)))
		}
	}
	return px
}

// paletted maps img onto a palette of its 256 most frequent colours, the
// most frequent first (ties in packRGBA order); any other colour becomes
// the palette's nearest (color.Palette.Index). Runs of equal pixels, most
// of a figure, are counted and mapped once per run.
func paletted(img image.Image) *image.Paletted {
	r := img.Bounds()
	px := pixels(img)
	count := map[uint32]int{}
	for i := 0; i < len(px); {
		j := i + 1
		for j < len(px) && px[j] == px[i] {
			j++
		}
		count[px[i]] += j - i
		i = j
	}
	cols := make([]uint32, 0, len(count))
	for c := range count {
		cols = append(cols, c)
	}
	sort.Slice(cols, func(i, j int) bool {
		a, b := cols[i], cols[j]
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return a < b
	})
	if len(cols) > 256 {
		cols = cols[:256]
	}
	pal := make(color.Palette, len(cols))
	index := make(map[uint32]uint8, len(count))
	for i, c := range cols {
		pal[i] = unpackRGBA(c)
		index[c] = uint8(i)
	}
	out := image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), pal)
	for i := 0; i < len(px); {
		c := px[i]
		k, ok := index[c]
		if !ok {
			k = uint8(pal.Index(unpackRGBA(c)))
			index[c] = k
		}
		for ; i < len(px) && px[i] == c; i++ {
			out.Pix[i] = k
		}
	}
	return out
}
