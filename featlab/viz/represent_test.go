package viz

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestImageGrid(t *testing.T) {
	imgs := make([][]float64, 12)
	caps := make([]string, 12)
	for k := range imgs {
		imgs[k] = make([]float64, 64)
		for p := range imgs[k] {
			imgs[k][p] = math.Sin(float64(k*p)) * 16
		}
		caps[k] = "atom"
	}
	g, err := NewImageGrid("twelve images", imgs, 8, 8, 6, caps, true)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := g.WritePNG(&a); err != nil {
		t.Fatal(err)
	}
	if err := g.WritePNG(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) || a.Len() == 0 {
		t.Error("PNG not deterministic")
	}
	a.Reset()
	if err := g.WriteSVG(&a); err != nil || a.Len() == 0 {
		t.Fatal(err)
	}
	g.Signed = false
	if err := g.WritePNG(&b); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		imgs [][]float64
		w, h int
		caps []string
		kind error
	}{
		{nil, 8, 8, nil, featlab.ErrEmpty},
		{[][]float64{make([]float64, 63)}, 8, 8, nil, featlab.ErrShape},
		{[][]float64{{math.NaN()}}, 1, 1, nil, featlab.ErrNotFinite},
		{[][]float64{{1}}, 0, 1, nil, featlab.ErrParam},
		{[][]float64{{1}}, 1, 1, []string{"a", "b"}, featlab.ErrShape},
	} {
		if _, err := NewImageGrid("", c.imgs, c.w, c.h, 0, c.caps, false); !errors.Is(err, c.kind) {
			t.Errorf("%v: err %v, want %v", c.kind, err, c.kind)
		}
	}
}
