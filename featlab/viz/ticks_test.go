package viz

import (
	"strings"
	"testing"
)

func TestTickLabel(t *testing.T) {
	for _, c := range []struct {
		v, scale float64
		want     string
	}{
		{0, 1, "0"},
		{0.5, 1, "0.5"},
		{1, 1, "1"},
		{50000, 50000, "50000"},
		{250000, 1250000, "$2.5×10^{5}$"}, // on the scale of its axis
		{250000, 250000, "250000"},
		{999999, 999999, "999999"},
		{1e6, 1e6, "$1×10^{6}$"},
		{1250000, 1250000, "$1.25×10^{6}$"},
		{-1250000, 1250000, "$-1.25×10^{6}$"},
		{-0.5, 1, "−0.5"},
		{-20, 40, "−20"},
		{0.001, 0.004, "0.001"},
		{0.0015, 0.004, "0.0015"},
		{1e-4, 1e-4, "$1×10^{-4}$"},
		{5e-5, 1e-4, "$5×10^{-5}$"},
		{0.30000000000000004, 1, "0.3"}, // rounding noise removed
		{1.2345678901234e-7, 1e-7, "$1.23456789012×10^{-7}$"},
		{3.14159, 4, "3.14159"},
	} {
		if got := tickLabel(c.v, c.scale); got != c.want {
			t.Errorf("tickLabel(%v, %v) = %q, want %q", c.v, c.scale, got, c.want)
		}
	}
}

func TestNumberTicks(t *testing.T) {
	labels := func(lo, hi float64) string {
		var out []string
		for _, tk := range (numberTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{0.001, 0.004, "0.001 0.002 0.003 0.004"},
		{0, 50000, "0 25000 50000"},
		{100000, 1.3e6, "$2.5×10^{5}$ $7.5×10^{5}$ $1.25×10^{6}$"},
		{-1, 1, "−1 0 1"},
		{0, 1e-4, "0 $5×10^{-5}$ $1×10^{-4}$"},
		{-0.3, 0.3, "−0.25 0 0.25"},
	} {
		if got := labels(c.lo, c.hi); got != c.want {
			t.Errorf("ticks on [%v, %v]: %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
	// every linear axis of New uses it; unlabelled keeps the positions.
	p := New("", "", "")
	if _, ok := p.X.Tick.Marker.(numberTicks); !ok {
		t.Errorf("New's x marker is %T", p.X.Tick.Marker)
	}
	a, b := (numberTicks{}).Ticks(0, 7), (unlabelled{}).Ticks(0, 7)
	if len(a) != len(b) {
		t.Fatalf("%d labelled ticks, %d unlabelled", len(a), len(b))
	}
	for i := range a {
		if a[i].Value != b[i].Value || b[i].Label != "" {
			t.Errorf("tick %d: %v vs %v", i, a[i], b[i])
		}
	}
}
