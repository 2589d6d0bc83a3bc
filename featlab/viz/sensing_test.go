package viz

import (
	"bytes"
	"testing"
)

func TestSensingFigures(t *testing.T) {
	xs := []float64{0.1, 0.2, 0.3}
	ys := []float64{0.5, 1}
	z := [][]float64{{0, 0.5, 1}, {1, 1, 0}}
	p, err := HeatMap("t", "x", "y", xs, ys, z, 0, 1, LineSeries{Name: "curve", X: []float64{0.1, 0.3}, Y: []float64{0.5, 1}})
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := Single(p).WritePNG(&a); err != nil {
		t.Fatal(err)
	}
	p2, _ := HeatMap("t", "x", "y", xs, ys, z, 0, 1, LineSeries{Name: "curve", X: []float64{0.1, 0.3}, Y: []float64{0.5, 1}})
	Single(p2).WritePNG(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("heat map not reproducible")
	}
	if _, err := HeatMap("t", "x", "y", xs, ys, z[:1], 0, 1); err == nil {
		t.Error("short grid accepted")
	}
	im, err := Image("img", []float64{0, 1, 0.5, 0.2}, 2, 2, 0, 1)
	if err != nil || Single(im).WriteSVG(&a) != nil {
		t.Fatal(err)
	}
	if _, err := Image("img", []float64{0, 1}, 2, 2, 0, 1); err == nil {
		t.Error("bad image accepted")
	}
	st, err := Stems("s", "j", "s_j", []LineSeries{{Name: "a", X: []float64{0, 1, 2}, Y: []float64{0, 1, -1}}, {Name: "b", X: []float64{0, 1, 2}, Y: []float64{0.5, 0, 0}}})
	if err != nil || Single(st).WritePNG(&a) != nil {
		t.Fatal(err)
	}
}
