package viz

import (
	"bytes"
	"errors"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestSearchTrace(t *testing.T) {
	p, err := SearchTrace("forward search", "step", "RSS",
		TraceSeries{Name: "forward", Scores: []float64{3, 2, 1.5}, Labels: []string{"+a", "+b", "+c"}},
		TraceSeries{Name: "backward", X: []float64{0, 1}, Scores: []float64{1.4, 1.6}, Labels: []string{"all", "-a"}})
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	if err := WriteSVG(p, &a, Width, Height); err != nil {
		t.Fatal(err)
	}
	p2, _ := SearchTrace("forward search", "step", "RSS",
		TraceSeries{Name: "forward", Scores: []float64{3, 2, 1.5}, Labels: []string{"+a", "+b", "+c"}},
		TraceSeries{Name: "backward", X: []float64{0, 1}, Scores: []float64{1.4, 1.6}, Labels: []string{"all", "-a"}})
	WriteSVG(p2, &b, Width, Height)
	if !bytes.Equal(a.Bytes(), b.Bytes()) || !bytes.Contains(a.Bytes(), []byte("+b")) {
		t.Errorf("SVG not reproducible or label missing")
	}
	if _, err := SearchTrace("x", "s", "y"); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no series: %v", err)
	}
	if _, err := SearchTrace("x", "s", "y", TraceSeries{Scores: []float64{1}, Labels: nil}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("labels mismatch: %v", err)
	}
}
