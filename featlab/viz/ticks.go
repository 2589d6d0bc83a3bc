package viz

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// numberTicks is the tick marker of the linear axes of every featlab
// figure (New sets it on both axes): gonum/plot's default tick positions
// (plot.DefaultTicks) with short, exact labels written by tickLabel, so
// that an axis reads 0, 250000, 500000 or 2.5×10⁵ ... 1.25×10⁶ and never
// 1250000.00.
type numberTicks struct{}

// Ticks implements plot.Ticker.
func (numberTicks) Ticks(lo, hi float64) []plot.Tick {
	return relabel(plot.DefaultTicks{}.Ticks(lo, hi))
}

// relabel rewrites the labels of the labelled (major) ticks t by
// tickLabel, all on the scale of the largest of them, and returns t.
// Unlabelled (minor) ticks stay unlabelled.
func relabel(t []plot.Tick) []plot.Tick {
	scale := 0.0
	for _, tk := range t {
		if tk.Label != "" {
			scale = math.Max(scale, math.Abs(tk.Value))
		}
	}
	for i := range t {
		if t[i].Label == "" {
			continue
		}
		v := t[i].Value
		if math.Abs(v) < 1e-9*scale { // 0 computed with rounding noise
			v = 0
		}
		t[i].Label = tickLabel(v, scale)
	}
	return t
}

// tickLabel writes the tick value v of an axis whose labelled ticks are at
// most scale in absolute value. The rule:
//
//   - 0 is "0";
//   - when 10⁻³ <= scale < 10⁶, v is written in plain decimals, as few as
//     make it exact: 50000, 250000, 0.5, 0.0015, −2 (integers up to six
//     digits never get ".00");
//   - otherwise (an axis of large or small numbers) every label is
//     m×10ⁿ with 1 <= |m| < 10 and m as short as is exact: 1.25×10⁶,
//     5×10⁻⁵, drawn with a raised exponent.
//
// v is first rounded to 12 significant digits, which removes the
// floating-point noise of computed tick positions (0.30000000000000004 is
// 0.3). Negative values get a minus sign (U+2212), not a hyphen.
func tickLabel(v, scale float64) string {
	if v == 0 {
		return "0"
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	if scale >= 1e-3 && scale < 1e6 {
		return strings.Replace(strconv.FormatFloat(v, 'f', -1, 64), "-", "−", 1)
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // e.g. -1.25e+06
	mant, exp, _ := strings.Cut(s, "e")
	n, _ := strconv.Atoi(exp)
	return "$" + mant + "×10^{" + strconv.Itoa(n) + "}$" // mathText draws - as −
}
