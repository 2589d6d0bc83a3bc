package viz

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
)

// TraceSeries is one search's trajectory for SearchTrace: the score after
// each step and a label per point (the feature added or removed, such as
// "+bmi" or "-s3", or the subset size of an LVW round).
type TraceSeries struct {
	Name   string    // legend entry; empty for none
	X      []float64 // the step of each point; nil: 1, 2, ..., n
	Scores []float64 // the score after each step
	Labels []string  // one label per point ("" for none)
}

// SearchTrace draws score against step for one or more subset searches,
// each point marked and labelled with its move, in palette colours (as
// LineChart). Labels sit just above their point (below it for the
// second, fourth, ... series).
func SearchTrace(title, xlabel, ylabel string, series ...TraceSeries) (*plot.Plot, error) {
	if len(series) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: SearchTrace needs at least one series")
	}
	ls := make([]LineSeries, len(series))
	for k, s := range series {
		if len(s.Labels) != len(s.Scores) {
			return nil, featlab.Errorf(featlab.ErrShape, "viz: series %q has %d scores and %d labels", s.Name, len(s.Scores), len(s.Labels))
		}
		x := s.X
		if x == nil {
			x = make([]float64, len(s.Scores))
			for i := range x {
				x[i] = float64(i + 1)
			}
		}
		ls[k] = LineSeries{Name: s.Name, X: x, Y: s.Scores, Points: true}
	}
	p, err := LineChart(title, xlabel, ylabel, false, false, ls)
	if err != nil {
		return nil, err
	}
	for k, s := range series {
		xys := make(plotter.XYs, len(s.Scores))
		for i := range xys {
			xys[i] = plotter.XY{X: ls[k].X[i], Y: s.Scores[i]}
		}
		l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: s.Labels})
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		for i := range l.TextStyle {
			st := p.X.Tick.Label
			st.Color = Color(k)
			st.Font.Size = vg.Points(9)
			st.XAlign = draw.XCenter
			st.YAlign = draw.YBottom
			if k%2 == 1 {
				st.YAlign = draw.YTop
			}
			l.TextStyle[i] = st
		}
		// the first series labelled above its points, the second below,
		// so that labels of two searches at the same step do not collide
		l.Offset = vg.Point{X: 0, Y: vg.Points(5)}
		if k%2 == 1 {
			l.Offset.Y = -vg.Points(5)
		}
		p.Add(l)
	}
	return p, nil
}
