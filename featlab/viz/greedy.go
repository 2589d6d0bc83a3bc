package viz

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
)

// This file holds the figures of the greedy-selection chapter (notebook
// 04): Shalev-Shwartz and Ben-David 25.1.2.

// CriterionRounds draws one bar chart per round of a forward greedy
// method: scores[t][j] is the criterion of feature j at round t (NaN for
// features already chosen or not eligible, drawn as no bar), and chosen[t]
// the feature picked at round t, drawn in a second colour. The charts are
// laid out cols per row under the title; each is titled with its round
// and pick.
func CriterionRounds(title, ylabel string, names []string, scores [][]float64, chosen []int, cols int) (*Grid, error) {
	if len(scores) == 0 || len(scores) != len(chosen) {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d rounds of scores for %d choices", len(scores), len(chosen))
	}
	if cols < 1 {
		cols = 2
	}
	g := &Grid{Title: title}
	if vg.Length(cols)*GridCell < Width {
		g.Width = Width
	}
	var row []*plot.Plot
	for t, sc := range scores {
		if len(sc) != len(names) {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: round %d has %d scores for %d names", t+1, len(sc), len(names))
		}
		if chosen[t] < 0 || chosen[t] >= len(names) {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: round %d chose feature %d of %d", t+1, chosen[t], len(names))
		}
		p := New(fmt.Sprintf("round %d: %s", t+1, names[chosen[t]]), "", ylabel)
		p.Title.TextStyle.Font.Size = p.Title.TextStyle.Font.Size * 0.8
		hi := 0.0
		var plain, pick []plotter.XYer
		for k, s := range sc {
			if math.IsNaN(s) {
				continue
			}
			if math.IsInf(s, 0) || s < 0 {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: round %d score %v of %s must be finite and >= 0", t+1, s, names[k])
			}
			ring := plotter.XYs{{X: float64(k) - 0.4, Y: 0}, {X: float64(k) + 0.4, Y: 0}, {X: float64(k) + 0.4, Y: s}, {X: float64(k) - 0.4, Y: s}}
			if k == chosen[t] {
				pick = append(pick, ring)
			} else {
				plain = append(plain, ring)
			}
			hi = math.Max(hi, s)
		}
		for c, rings := range [][]plotter.XYer{plain, pick} {
			if len(rings) == 0 {
				continue
			}
			poly, err := plotter.NewPolygon(rings...)
			if err != nil {
				return nil, fmt.Errorf("viz: %w", err)
			}
			col := Color(0)
			if c == 1 {
				col = Color(1)
			}
			poly.Color = col
			poly.LineStyle = draw.LineStyle{Color: col, Width: vg.Points(0.5)}
			p.Add(poly)
		}
		if hi == 0 {
			hi = 1
		}
		p.Y.Min, p.Y.Max = 0, 1.05*hi
		p.X.Min, p.X.Max = -0.6, float64(len(names))-0.4
		ticks := make([]plot.Tick, len(names))
		for k, n := range names {
			ticks[k] = plot.Tick{Value: float64(k), Label: n}
		}
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
		p.X.Tick.Label.Rotation = math.Pi / 2
		p.X.Tick.Label.XAlign = draw.XRight
		p.X.Tick.Label.YAlign = draw.YCenter
		p.X.Tick.Width, p.X.Tick.Length, p.X.Width = 0, 0, 0
		row = append(row, p)
		if len(row) == cols {
			g.Plots = append(g.Plots, row)
			row = nil
		}
	}
	if len(row) > 0 {
		g.Plots = append(g.Plots, row)
	}
	for c, name := range []string{"other candidates", "chosen"} {
		poly, err := plotter.NewPolygon(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}})
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		poly.Color = Color(c)
		poly.LineStyle = draw.LineStyle{Color: Color(c), Width: vg.Points(0.5)}
		g.Legend = append(g.Legend, LegendEntry{Name: name, Thumbs: []plot.Thumbnailer{poly}})
	}
	return g, nil
}

// EntryOrder draws the order in which several methods bring features in:
// one column per method (orders[k] lists feature indices, first entered
// first), the feature names written at their rank, and a line joining the
// ranks of the same feature across neighbouring columns.
func EntryOrder(title string, names []string, methods []string, orders [][]int) (*plot.Plot, error) {
	if len(methods) == 0 || len(methods) != len(orders) {
		return nil, featlab.Errorf(featlab.ErrShape, "viz: %d methods for %d orders", len(methods), len(orders))
	}
	p := New(title, "", "order of entry")
	depth := 0
	rank := make([]map[int]int, len(orders))
	for k, o := range orders {
		rank[k] = map[int]int{}
		for r, j := range o {
			if j < 0 || j >= len(names) {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: method %q lists feature %d of %d", methods[k], j, len(names))
			}
			if _, dup := rank[k][j]; dup {
				return nil, featlab.Errorf(featlab.ErrParam, "viz: method %q lists feature %s twice", methods[k], names[j])
			}
			rank[k][j] = r + 1
		}
		depth = max(depth, len(o))
	}
	// Lines join the ranks of a feature in neighbouring columns and stop
	// short of the names (gap, in column units), so that no line crosses a
	// name; the palette without its yellow, which is faint on white.
	const gap = 0.2
	colors := []color.Color{Palette[0], Palette[1], Palette[2], Palette[3], Palette[4], Palette[5], Palette[7]}
	for j := range names {
		for k := 0; k+1 < len(orders); k++ {
			r0, ok0 := rank[k][j]
			r1, ok1 := rank[k+1][j]
			if !ok0 || !ok1 {
				continue
			}
			y0, y1 := -float64(r0), -float64(r1)
			xys := plotter.XYs{{X: float64(k) + gap, Y: y0 + gap*(y1-y0)}, {X: float64(k+1) - gap, Y: y1 - gap*(y1-y0)}}
			l, err := plotter.NewLine(xys)
			if err != nil {
				return nil, fmt.Errorf("viz: %w", err)
			}
			l.Color = colors[j%len(colors)]
			l.Width = vg.Points(1.8)
			l.Dashes = dashes(j / len(colors))
			p.Add(l)
		}
	}
	var xys plotter.XYs
	var labels []string
	for k, o := range orders {
		for r, j := range o {
			xys = append(xys, plotter.XY{X: float64(k), Y: -float64(r + 1)})
			labels = append(labels, names[j])
		}
	}
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i] = p.X.Tick.Label // the figures' sans-serif face
		lb.TextStyle[i].Font.Size = font.Length(11)
		lb.TextStyle[i].XAlign = draw.XCenter
		lb.TextStyle[i].YAlign = draw.YCenter
	}
	p.Add(lb)
	p.X.Min, p.X.Max = -0.5, float64(len(orders))-0.5
	p.Y.Min, p.Y.Max = -float64(depth)-0.5, -0.5 // ranks drawn negated: first entered at the top
	ticks := make([]plot.Tick, len(methods))
	for k, mname := range methods {
		ticks[k] = plot.Tick{Value: float64(k), Label: mname}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	yt := make([]plot.Tick, depth)
	for r := range yt {
		yt[r] = plot.Tick{Value: -float64(r + 1), Label: fmt.Sprint(r + 1)}
	}
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	return p, nil
}
