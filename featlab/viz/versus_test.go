package viz

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestVersus(t *testing.T) {
	x := []float64{2.5, 3, 3.8}
	y := []float64{2, 2.9, 3.3}
	p, err := Versus("t", "honest", "leaky", x, y, "one data set", "equal estimates")
	if err != nil {
		t.Fatal(err)
	}
	// both axes span [min of all, max of all]: the line y = x runs corner to corner
	if p.X.Min != 2 || p.Y.Min != 2 || p.X.Max != 3.8 || p.Y.Max != 3.8 {
		t.Errorf("ranges x [%v, %v], y [%v, %v], want both [2, 3.8]", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	if !p.Legend.Top || !p.Legend.Left {
		t.Error("no point above the line: the legend belongs top left")
	}
	var a, b bytes.Buffer
	if err := WritePNG(p, &a, 6*96, 4*96); err != nil {
		t.Fatal(err)
	}
	p2, _ := Versus("t", "honest", "leaky", x, y, "one data set", "equal estimates")
	if err := WritePNG(p2, &b, 6*96, 4*96); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("the same input must give the same bytes (err %v)", err)
	}
	if p, _ := Versus("t", "", "", y, x, "p", "l"); p.Legend.Top || p.Legend.Left {
		t.Error("every point above the line: the legend belongs bottom right")
	}
}

func TestVersusBadInput(t *testing.T) {
	for name, c := range map[string]struct{ x, y []float64 }{
		"empty":   {nil, nil},
		"lengths": {[]float64{1, 2}, []float64{1}},
		"NaN":     {[]float64{1, math.NaN()}, []float64{1, 2}},
		"Inf":     {[]float64{1, 2}, []float64{math.Inf(1), 2}},
	} {
		_, err := Versus("t", "x", "y", c.x, c.y, "p", "l")
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if !errors.Is(err, featlab.ErrEmpty) && !errors.Is(err, featlab.ErrShape) && !errors.Is(err, featlab.ErrNotFinite) {
			t.Errorf("%s: %v wraps no featlab sentinel", name, err)
		}
	}
}
