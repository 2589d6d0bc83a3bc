package viz

import (
	"fmt"
	"math"

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
		// The first series is labelled above its points, the second below,
		// so that labels of two searches at the same step do not collide;
		// a label whose side another series' line crosses close to the
		// point (within labelBand of the y range) moves to the other side.
		// Each label is its own plotter.Labels, as the offset (the side)
		// is per plotter.
		band := labelBand * (p.Y.Max - p.Y.Min)
		for i := range xys {
			above := k%2 == 0
			if a, b := otherNear(ls, k, xys[i], band); above && a && !b {
				above = false
			} else if !above && b && !a {
				above = true
			}
			one := &plotter.Labels{XYs: l.XYs[i : i+1], Labels: l.Labels[i : i+1],
				TextStyle: l.TextStyle[i : i+1]}
			st := p.X.Tick.Label
			st.Color = Color(k)
			st.Font.Size = vg.Points(9)
			st.XAlign = draw.XCenter
			st.YAlign = draw.YBottom
			one.Offset = vg.Point{X: 0, Y: vg.Points(5)}
			if !above {
				st.YAlign = draw.YTop
				one.Offset.Y = -vg.Points(5)
			}
			one.TextStyle[0] = st
			p.Add(one)
		}
	}
	return p, nil
}

// labelBand is the height, as a fraction of the y range, of the band above
// (or below) a point that its label occupies in SearchTrace.
const labelBand = 0.08

// otherNear reports whether a line of a series other than k passes within
// band above the point pt (a) or within band below it (b), at pt's x
// (linear interpolation between that series' points).
func otherNear(ls []LineSeries, k int, pt plotter.XY, band float64) (a, b bool) {
	near := func(y float64) {
		a = a || (y >= pt.Y && y-pt.Y < band)
		b = b || (y < pt.Y && pt.Y-y < band)
	}
	for o, s := range ls {
		if o == k {
			continue
		}
		if len(s.X) == 1 && s.X[0] == pt.X {
			near(s.Y[0])
		}
		for i := 0; i+1 < len(s.X); i++ {
			x0, x1 := s.X[i], s.X[i+1]
			switch {
			case pt.X < math.Min(x0, x1) || pt.X > math.Max(x0, x1):
			case x0 == x1:
				near(s.Y[i])
				near(s.Y[i+1])
			default:
				near(s.Y[i] + (s.Y[i+1]-s.Y[i])*(pt.X-x0)/(x1-x0))
			}
		}
	}
	return a, b
}

// StepTrace turns the step-by-step history of a search (Result.History of
// featlab/search, Selection.History) into a series for SearchTrace: the
// score after each step, labelled "+name" for an addition, "-name" for a
// removal and "all" for the starting full set.
func StepTrace(name string, steps []featlab.Step) TraceSeries {
	s := TraceSeries{Name: name}
	for _, h := range steps {
		lab := map[string]string{"add": "+", "remove": "-"}[h.Action] + h.Name
		if h.Action == "start" {
			lab = "all"
		}
		s.Scores, s.Labels = append(s.Scores, h.Score), append(s.Labels, lab)
	}
	return s
}
