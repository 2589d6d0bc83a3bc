package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
)

// TestSmooth: shapes, w*_j = sin(2 pi j / d), the noise y - X w* has about
// unit variance, the same seed gives the same bytes, and bad sizes fail.
func TestSmooth(t *testing.T) {
	ds, w, err := Smooth(2000, 30, 5)
	if err != nil {
		t.Fatal(err)
	}
	if m, d := ds.X.Dims(); m != 2000 || d != 30 || len(w) != 30 {
		t.Fatalf("dims %d x %d, %d weights", m, d, len(w))
	}
	if math.Abs(w[0]) > 0 || math.Abs(w[15]) > 1e-12 || math.Abs(w[7]-math.Sin(2*math.Pi*7/30)) > 0 {
		t.Errorf("weights %v", w)
	}
	v := 0.0
	for i := 0; i < 2000; i++ {
		e := ds.Y[i]
		for j := range w {
			e -= ds.X.At(i, j) * w[j]
		}
		v += e * e / 2000
	}
	if math.Abs(v-1) > 0.1 {
		t.Errorf("noise variance %g, want about 1", v)
	}
	again, _, _ := Smooth(2000, 30, 5)
	if again.Y[17] != ds.Y[17] {
		t.Error("not deterministic")
	}
	for _, md := range [][2]int{{0, 30}, {10, 1}} {
		if _, _, err := Smooth(md[0], md[1], 1); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("m, d = %v: %v", md, err)
		}
	}
}
