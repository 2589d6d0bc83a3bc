package viz_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/featlab/course/featlab/viz"
)

// The labels of the notebooks' figures that are mathematics render, the
// same bytes on every run.
func TestMathLabelsRender(t *testing.T) {
	labels := []string{`$\gamma_{\min}$`, `$\rho = k/n$`, `$\delta = n/m$`,
		`$(u_j^\top y)^2 / \|u_j\|^2$`, `$\|Q^\top Q - I\|$`, `bound with $\gamma_{\min}$`, "costs $5 (plain)"}
	for _, l := range labels {
		p, err := viz.LineChart("t "+l, l, l, false, false, []viz.LineSeries{{Name: l, X: []float64{0, 1}, Y: []float64{0, 1}}})
		if err != nil {
			t.Fatal(err)
		}
		var a, b bytes.Buffer
		if err := viz.Single(p).WritePNG(&a); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if err := viz.Single(p).WritePNG(&b); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two renderings differ (%v)", l, err)
		}
		if dir := os.Getenv("FEATLAB_MATHTEXT_DIR"); dir != "" {
			os.WriteFile(dir+"/"+string(rune('a'+len(a.Bytes())%26))+".png", a.Bytes(), 0o644)
		}
	}
}

// A heat map with its colour bar and an image grid on one scale with its
// bar render (FEATLAB_MATHTEXT_DIR keeps the PNGs to look at).
func TestColorBars(t *testing.T) {
	xs, ys := []float64{0.1, 0.2, 0.3}, []float64{0.1, 0.5}
	z := [][]float64{{0, 0.5, 1}, {1, 0.2, 0}}
	h, err := viz.HeatMap("cells", `$\delta = n/m$`, `$\rho = k/n$`, xs, ys, z, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	g, err := viz.WithColorBar("two heat maps", 0, 0, 1, "fraction recovered", h, h)
	if err != nil {
		t.Fatal(err)
	}
	im, err := viz.NewImageGrid("one scale", [][]float64{{0, 0.5, 1, 0.2}}, 2, 2, 1, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	im.BarLabel, im.Lo, im.Hi = "|cos|", 0, 1
	for name, f := range map[string]viz.Figure{"heat": g, "grid": im} {
		var a bytes.Buffer
		if err := f.WritePNG(&a); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if dir := os.Getenv("FEATLAB_MATHTEXT_DIR"); dir != "" {
			os.WriteFile(dir+"/bar-"+name+".png", a.Bytes(), 0o644)
		}
	}
	if _, err := viz.WithColorBar("", 0, 1, 1, "", h); err == nil {
		t.Error("an empty range gave no error")
	}
}
