package nb

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sort"
	"testing"

	"github.com/featlab/course/featlab/viz"
)

// referencePaletted is the straightforward per-pixel form of paletted
// (image.At, one map update per pixel) that the run-based one replaced.
func referencePaletted(img image.Image) *image.Paletted {
	r := img.Bounds()
	count := map[color.RGBA]int{}
	var px []color.RGBA
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
		if count[cols[i]] != count[cols[j]] {
			return count[cols[i]] > count[cols[j]]
		}
		return packRGBA(cols[i]) < packRGBA(cols[j])
	})
	if len(cols) > 256 {
		cols = cols[:256]
	}
	pal := make(color.Palette, len(cols))
	for i, c := range cols {
		pal[i] = c
	}
	out := image.NewPaletted(image.Rect(0, 0, r.Dx(), r.Dy()), pal)
	for i, c := range px {
		out.Pix[i] = uint8(pal.Index(c))
	}
	return out
}

func TestPalettedMatchesPerPixelReference(t *testing.T) {
	var b bytes.Buffer
	if err := viz.Single(linePlot(t)).WritePNG(&b); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	// An NRGBA copy with more than 256 colours and translucent pixels takes
	// the generic path.
	r := img.Bounds()
	nrgba := image.NewNRGBA(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			nrgba.Set(x, y, img.At(x, y))
		}
	}
	for x := 0; x < 600; x++ {
		nrgba.SetNRGBA(x, 3, color.NRGBA{R: uint8(x), G: uint8(x / 3), B: 7, A: uint8(100 + x%100)})
	}
	for name, m := range map[string]image.Image{"RGBA": img, "NRGBA": nrgba} {
		got, want := paletted(m), referencePaletted(m)
		if len(got.Palette) != len(want.Palette) || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%s: paletted differs from the per-pixel reference (%d vs %d colours)", name, len(got.Palette), len(want.Palette))
			continue
		}
		for i := range got.Palette {
			if got.Palette[i] != want.Palette[i] {
				t.Errorf("%s: palette entry %d is %v, want %v", name, i, got.Palette[i], want.Palette[i])
				break
			}
		}
	}
}
