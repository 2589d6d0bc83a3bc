package nb

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sort"
)

// compactPNG re-encodes a figure's PNG with a palette of its 256 most
// frequent colours (each other colour mapped to the nearest of them; the
// figures are flat colours plus anti-aliased edges, so the loss is at the
// edges only) and the best compression: a slider's frames are stored in its
// notebook, and this makes them about three times smaller. The result is a
// function of the input bytes alone. On any decoding error it returns b.
func compactPNG(b []byte) []byte {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return b
	}
	r := img.Bounds()
	count := map[color.RGBA]int{}
	px := make([]color.RGBA, 0, r.Dx()*r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			count[c]++
			px = append(px, c)
		}
	}
	cols := make([]color.RGBA, 0, len(count))
	for c := range count {
		cols = append(cols, c)
	}
	sort.Slice(cols, func(i, j int) bool {
		a, b := cols[i], cols[j]
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return uint32(a.R)<<24|uint32(a.G)<<16|uint32(a.B)<<8|uint32(a.A) < uint32(b.R)<<24|uint32(b.G)<<16|uint32(b.B)<<8|uint32(b.A)
	})
	if len(cols) > 256 {
		cols = cols[:256]
	}
	pal := make(color.Palette, len(cols))
	index := make(map[color.RGBA]uint8, len(count))
	for i, c := range cols {
		pal[i] = c
		index[c] = uint8(i)
	}
	out := image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), pal)
	for i, c := range px {
		k, ok := index[c]
		if !ok {
			k = uint8(pal.Index(c))
			index[c] = k
		}
		out.Pix[i] = k
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if enc.Encode(&buf, out) != nil || buf.Len() >= len(b) {
		return b
	}
	return buf.Bytes()
}
