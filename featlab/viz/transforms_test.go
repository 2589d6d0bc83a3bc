package viz

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestLineChart(t *testing.T) {
	x := []float64{1e-3, 1e-2, 1e-1, 1}
	series := []LineSeries{{Name: "a", X: x, Y: []float64{1, 2, 3, 4}}, {Name: "b", X: x, Y: []float64{4, 3, 2, 1}, Points: true}}
	p, err := LineChart("t", "lambda", "risk", true, false, series, RefLine{Name: "v", Vertical: true, At: 0.05}, RefLine{Name: "h", At: 2.5})
	if err != nil {
		t.Fatal(err)
	}
	writeTwice(t, Single(p))
	// The legend gets headroom above the data: 4 rows, 9% each.
	if p.Y.Max < 4+0.35*3 {
		t.Errorf("y max %v leaves no room for the legend", p.Y.Max)
	}
	if _, err := LineChart("t", "x", "y", false, true, series); err != nil {
		t.Errorf("positive y on a log axis: %v", err)
	}
	for name, c := range map[string]struct {
		s    []LineSeries
		refs []RefLine
		logX bool
		want error
	}{
		"no series":        {nil, nil, false, featlab.ErrEmpty},
		"empty series":     {[]LineSeries{{Name: "e"}}, nil, false, featlab.ErrEmpty},
		"lengths":          {[]LineSeries{{X: x, Y: x[:2]}}, nil, false, featlab.ErrShape},
		"NaN":              {[]LineSeries{{X: x, Y: []float64{1, math.NaN(), 2, 3}}}, nil, false, featlab.ErrNotFinite},
		"log of 0":         {[]LineSeries{{X: []float64{0, 1}, Y: []float64{1, 2}}}, nil, true, featlab.ErrParam},
		"ref on log axis":  {series, []RefLine{{Vertical: true, At: -1}}, true, featlab.ErrParam},
		"ref not finite":   {series, []RefLine{{At: math.Inf(1)}}, false, featlab.ErrNotFinite},
		"ref vertical NaN": {series, []RefLine{{Vertical: true, At: math.NaN()}}, false, featlab.ErrNotFinite},
	} {
		if _, err := LineChart("t", "x", "y", c.logX, false, c.s, c.refs...); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
}

func TestDecadeTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (decadeTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	if got := strings.Join(labels(1e-3, 1e3), " "); got != "0.001 0.1 10 1000" {
		t.Errorf("labels %q", got)
	}
	// 14 decades: every third one labelled, in exponent form.
	if got := strings.Join(labels(1e-13, 1), " "); got != "$10^{-13}$ $10^{-10}$ $10^{-7}$ $10^{-4}$ 0.1" {
		t.Errorf("labels %q", got)
	}
	// Few decades: unlabelled minor ticks at 2..9 x 10^k.
	if n := len((decadeTicks{}).Ticks(1, 100)); n != 3+16 {
		t.Errorf("%d ticks on [1, 100], want 3 major + 16 minor", n)
	}
	// No power of ten inside: fall back to gonum's ticks.
	if n := len((decadeTicks{}).Ticks(2, 5)); n == 0 {
		t.Error("no ticks on [2, 5]")
	}
}

func TestHistogramGallery(t *testing.T) {
	raw := []float64{1, 2, 2, 3, 3, 3, 4, 10}
	sq := make([]float64, len(raw))
	for i, v := range raw {
		sq[i] = math.Log(v)
	}
	g, err := HistogramGallery("gallery", "f", raw, []Transformed{{Name: "log", Values: sq}, {Name: "copy", Values: raw}}, 2, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Plots) != 2 || len(g.Plots[0]) != 2 || len(g.Plots[1]) != 1 {
		t.Errorf("layout %d rows", len(g.Plots))
	}
	writeTwice(t, g)
	if _, err := HistogramGallery("g", "f", raw, nil, 0, 0); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no versions: %v", err)
	}
	if _, err := HistogramGallery("g", "f", raw, []Transformed{{Name: "short", Values: raw[:3]}}, 0, 0); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short version: %v", err)
	}
	if _, err := HistogramGallery("g", "f", raw, []Transformed{{Name: "nan", Values: append(raw[:7:7], math.NaN())}}, 0, 0); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
}

func TestSideBySide(t *testing.T) {
	g, err := SideBySide("two", 0, linePlot(), linePlot())
	if err != nil {
		t.Fatal(err)
	}
	writeTwice(t, g)
	if _, err := SideBySide("none", 0); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no plots: %v", err)
	}
	if _, err := SideBySide("nil", 0, linePlot(), nil); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil plot: %v", err)
	}
}
