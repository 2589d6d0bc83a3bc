package viz

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Versus returns a scatter plot of the pairs (x[i], y[i]), two estimates
// of one quantity (points as in ScatterByClass, named pointsName), with
// the line of equal estimates y = x (palette colour 1, named lineName)
// drawn across the whole panel: both axes span the same range
// [lo, hi], lo = min_i min(x[i], y[i]) and hi = max_i max(x[i], y[i]), so
// the line runs corner to corner and a point below it has y[i] < x[i].
// The legend sits in the top-left corner when at most half of the points
// lie above the line (y[i] > x[i]), else in the bottom-right one.
//
// Empty input, lengths that differ and NaN or Inf in x or y are errors.
func Versus(title, xlabel, ylabel string, x, y []float64, pointsName, lineName string) (*plot.Plot, error) {
	p, err := ScatterByClass(title, xlabel, ylabel, x, y, make([]float64, len(x)), []string{pointsName})
	if err != nil {
		return nil, err
	}
	lo, hi, above := math.Inf(1), math.Inf(-1), 0
	for i := range x {
		lo, hi = math.Min(lo, math.Min(x[i], y[i])), math.Max(hi, math.Max(x[i], y[i]))
		if y[i] > x[i] {
			above++
		}
	}
	line, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	line.Color, line.Width = Color(1), vg.Points(2)
	p.Add(line)
	p.Legend.Add(lineName, line)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	p.Legend.Top, p.Legend.Left = 2*above <= len(x), 2*above <= len(x)
	return p, nil
}
