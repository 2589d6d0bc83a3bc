package viz

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
)

// This file holds the figures of the filter chapter (notebooks 01 and 02):
// fitted curves over a scatter (Example 25.1), Guyon and Elisseeff's panel
// with the filter scores beside it, a grid of score bar charts, a decision
// stump over the class histograms, and bars with a reference level.

// Curve is a fitted function drawn over a scatter plot by FitScatter.
type Curve struct {
	Name string                  // legend entry, e.g. "linear on x1 (risk 0.089)"
	F    func(x float64) float64 // the fitted predictor
}

// curveSamples is the number of points at which FitScatter evaluates a
// curve across the range of x.
const curveSamples = 201

// FitScatter returns a scatter plot of the points (x[i], y[i]) (small
// translucent dots in palette colour 0, named "data" in the legend when
// curves are drawn) with each curve drawn as a line over [min x, max x] in
// the next palette colours, dashed differently, and named in the legend,
// which sits top left in a band added above the data.
//
// Empty input, lengths that differ, NaN or Inf in x or y, a nil curve
// function and a curve that is not finite on the range are errors.
func FitScatter(title, xlabel, ylabel string, x, y []float64, curves ...Curve) (*plot.Plot, error) {
	if err := checkValues(x, -1, "x"); err != nil {
		return nil, err
	}
	if err := checkValues(y, len(x), "y"); err != nil {
		return nil, err
	}
	p := New(title, xlabel, ylabel)
	pts := make(plotter.XYs, len(x))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range x {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
		lo, hi = math.Min(lo, x[i]), math.Max(hi, x[i])
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	s.GlyphStyle = draw.GlyphStyle{Color: translucent(Color(0), 0.35), Shape: draw.CircleGlyph{}, Radius: 1.5}
	p.Add(s)
	if len(curves) > 0 {
		p.Legend.Add("data", s)
	}
	for k, c := range curves {
		if c.F == nil {
			return nil, featlab.Errorf(featlab.ErrParam, "viz: curve %q has no function", c.Name)
		}
		line := make(plotter.XYs, curveSamples)
		for i := range line {
			t := lo + (hi-lo)*float64(i)/float64(curveSamples-1)
			v := c.F(t)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: curve %q is %v at x = %v", c.Name, v, t)
			}
			line[i] = plotter.XY{X: t, Y: v}
		}
		l, err := plotter.NewLine(line)
		if err != nil {
			return nil, fmt.Errorf("viz: %w", err)
		}
		l.LineStyle = draw.LineStyle{Color: Color(k + 1), Width: vg.Points(2.5), Dashes: dashes(k)}
		p.Add(l)
		p.Legend.Add(c.Name, l)
	}
	if len(curves) > 0 {
		// A free band above the data for the legend: one line of legend
		// takes about 7% of the height.
		ymin, ymax := p.Y.Min, p.Y.Max
		p.Y.Max = ymax + 0.07*float64(len(curves)+1)*(ymax-ymin)
		p.Legend.Top, p.Legend.Left = true, true
	}
	return p, nil
}

// shortMethod shortens a score's Method for a table row: the text before
// a parenthesis or a " max(" qualifier ("mutual information (bits)" ->
// "mutual information", "AUC max(AUC, 1-AUC)" -> "AUC").
func shortMethod(m string) string {
	for _, cut := range []string{" max(", " ("} {
		if k := strings.Index(m, cut); k > 0 {
			m = m[:k]
		}
	}
	return m
}

// formatScore prints a score compactly for a table cell: three decimals,
// one from 100 up, none from 1000 up.
func formatScore(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1000:
		return fmt.Sprintf("%.0f", v)
	case a >= 100:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.3f", v)
}

// ScoreTable draws a table of filter scores as a figure, for showing next
// to a data figure (PanelWithScores): one row per score (its Method, without
// parenthesised qualifiers: "mutual information (bits)" shows as "mutual
// information"), one
// column per feature named in features (nil: every feature of the first
// score), the value of each score for that feature. Constant features are
// marked with an asterisk. All scores must describe the same features
// (same Names).
//
// No scores, a feature name that a score does not have, or scores over
// different features are errors.
func ScoreTable(title string, features []string, scores ...*filter.Scores) (*plot.Plot, error) {
	if len(scores) == 0 || scores[0] == nil {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: no scores for the table")
	}
	if features == nil {
		features = scores[0].Names
	}
	cols := make([][]int, len(scores)) // cols[s][c]: index of feature c in score s
	for si, s := range scores {
		if s == nil {
			return nil, featlab.Errorf(featlab.ErrEmpty, "viz: score %d is nil", si)
		}
		cols[si] = make([]int, len(features))
		for c, f := range features {
			cols[si][c] = -1
			for j, n := range s.Names {
				if n == f {
					cols[si][c] = j
				}
			}
			if cols[si][c] < 0 {
				return nil, featlab.Errorf(featlab.ErrMissing, "viz: score %q has no feature %q", s.Method, f)
			}
		}
	}
	p := New(title, "", "")
	p.HideAxes()
	nrow := len(scores) + 1
	ncol := len(features) + 1
	// Data coordinates: the score names take nameW units of width, each
	// value column valW; row r sits at y = nrow - r - 0.5.
	const nameW, valW = 2.6, 1.3
	var xys plotter.XYs
	var labels []string
	var styles []text.Style
	base := p.Legend.TextStyle
	base.Font.Size = font.Length(10)
	header := base
	cell := func(x, y float64, s string, sty text.Style, xa draw.XAlignment) {
		sty.XAlign, sty.YAlign = xa, draw.YCenter
		xys = append(xys, plotter.XY{X: x, Y: y})
		labels = append(labels, s)
		styles = append(styles, sty)
	}
	y0 := float64(nrow) - 0.5
	cell(0, y0, "score", header, draw.XLeft)
	for c, f := range features {
		cell(nameW+valW*(float64(c)+0.5), y0, f, header, draw.XCenter)
	}
	for si, s := range scores {
		y := float64(nrow-si-1) - 0.5
		cell(0, y, shortMethod(s.Method), base, draw.XLeft)
		cons := map[int]bool{}
		for _, j := range s.Constant {
			cons[j] = true
		}
		for c, j := range cols[si] {
			v := formatScore(s.Values[j])
			if cons[j] {
				v += "*"
			}
			cell(nameW+valW*(float64(c)+0.5), y, v, base, draw.XCenter)
		}
	}
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	l.TextStyle = styles
	p.Add(l)
	// A rule under the header.
	rule, err := plotter.NewLine(plotter.XYs{{X: 0, Y: float64(nrow - 1)}, {X: nameW + valW*float64(ncol-1), Y: float64(nrow - 1)}})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	rule.LineStyle = draw.LineStyle{Color: Color(7), Width: vg.Points(0.5)}
	p.Add(rule)
	p.X.Min, p.X.Max = 0, nameW+valW*float64(ncol-1)
	p.Y.Min, p.Y.Max = 0, float64(nrow)
	return p, nil
}

// PanelWithScores returns Guyon and Elisseeff's panel of ds (DatasetPanel:
// class histograms of each feature on the diagonal, pairwise scatter plots
// off it) with a last column holding the table of the given filter scores
// for the panel's features (ScoreTable), split evenly over the panel's
// rows. features selects the panel's columns as in DatasetPanel (nil: all,
// which suits the two-feature examples of Guyon and Elisseeff); bins as in
// Panel.
func PanelWithScores(title string, ds *featlab.Dataset, features []string, bins int, scores ...*filter.Scores) (*Grid, error) {
	g, err := DatasetPanel(title, ds, features, bins)
	if err != nil {
		return nil, err
	}
	if len(scores) == 0 {
		return g, nil
	}
	if features == nil {
		features = ds.Names
	}
	rows := len(g.Plots)
	per := (len(scores) + rows - 1) / rows
	for r := 0; r < rows; r++ {
		lo, hi := r*per, min((r+1)*per, len(scores))
		if lo >= hi {
			g.Plots[r] = append(g.Plots[r], nil)
			continue
		}
		t := ""
		if r == 0 {
			t = "filter scores"
		}
		p, err := ScoreTable(t, features, scores[lo:hi]...)
		if err != nil {
			return nil, err
		}
		g.Plots[r] = append(g.Plots[r], p)
	}
	// The table column is wider than a panel cell: scores have long names.
	cols := len(g.Plots[0])
	g.Width = vg.Length(cols-1)*GridCell + 1.6*GridCell
	return g, nil
}

// ScoreGrid returns one bar chart per score (Bars of Values, titled by the
// score's Method), laid out cols to a row (cols <= 0 means 3), so scores
// with different scales can be compared feature by feature. The feature
// names under the bars are written vertically when they would not fit
// side by side in a grid cell (GridCell wide).
func ScoreGrid(title string, cols int, scores ...*filter.Scores) (*Grid, error) {
	if len(scores) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "viz: no scores")
	}
	if cols <= 0 {
		cols = 3
	}
	g := &Grid{Title: title}
	for k, s := range scores {
		if s == nil {
			return nil, featlab.Errorf(featlab.ErrEmpty, "viz: score %d is nil", k)
		}
		p, err := Bars(s.Method, "score", s.Names, s.Values)
		if err != nil {
			return nil, err
		}
		// A grid cell is narrower than the figure Bars plans its labels
		// for: names that fit side by side there may run into each other
		// here.
		fitBarLabels(p, s.Names, GridCell)
		if k%cols == 0 {
			g.Plots = append(g.Plots, nil)
		}
		r := len(g.Plots) - 1
		g.Plots[r] = append(g.Plots[r], p)
	}
	return g, nil
}

// StumpHistogram returns the per-class histograms of a feature's values v
// (HistogramByClass) with the threshold of a decision stump drawn as a
// dashed vertical line named in the legend "stump threshold = t". It shows
// how the Aalto lecture's stump score sgn(a v + theta) splits one feature.
func StumpHistogram(title, xlabel string, v, classes []float64, classNames []string, threshold float64, bins int) (*plot.Plot, error) {
	if math.IsNaN(threshold) || math.IsInf(threshold, 0) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: stump threshold is %v", threshold)
	}
	p, err := HistogramByClass(title, xlabel, v, classes, classNames, bins)
	if err != nil {
		return nil, err
	}
	_, ymax := p.Y.Min, p.Y.Max
	line, err := plotter.NewLine(plotter.XYs{{X: threshold, Y: 0}, {X: threshold, Y: ymax}})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	line.LineStyle = draw.LineStyle{Color: Color(7), Width: vg.Points(2), Dashes: []vg.Length{vg.Points(6), vg.Points(3)}}
	p.Add(line)
	p.Legend.Add("stump threshold = "+featlab.FormatFloat(threshold), line)
	return p, nil
}

// BarsWithLevel is Bars with a horizontal dashed line at level, named in
// the legend (e.g. the entropy Ent(D) that no information gain exceeds),
// with a band above for the legend. Names may hold "\n" for two-line
// labels; the labels stay horizontal when there are at most eight bars and
// no label line is longer than 16 characters.
func BarsWithLevel(title, ylabel string, names []string, values []float64, level float64, levelName string) (*plot.Plot, error) {
	if math.IsNaN(level) || math.IsInf(level, 0) {
		return nil, featlab.Errorf(featlab.ErrNotFinite, "viz: level is %v", level)
	}
	p, err := Bars(title, ylabel, names, values)
	if err != nil {
		return nil, err
	}
	line, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: level}, {X: p.X.Max, Y: level}})
	if err != nil {
		return nil, fmt.Errorf("viz: %w", err)
	}
	line.LineStyle = draw.LineStyle{Color: Color(1), Width: vg.Points(2), Dashes: []vg.Length{vg.Points(6), vg.Points(3)}}
	p.Add(line)
	p.Legend.Add(levelName, line)
	p.Legend.Top, p.Legend.Left = true, true
	// Room above the bars and the line for the legend.
	top := math.Max(p.Y.Max, level)
	p.Y.Max = top + 0.18*(top-math.Min(p.Y.Min, level))
	if level < p.Y.Min {
		p.Y.Min = level - 0.05*(top-level)
	}
	// Keep labels horizontal when they fit: at most eight bars whose label
	// lines (names may hold "\n") are at most 16 characters.
	fits := len(names) <= 8
	for _, n := range names {
		for _, ln := range strings.Split(n, "\n") {
			if len([]rune(ln)) > 16 {
				fits = false
			}
		}
	}
	if fits {
		p.X.Tick.Label.Rotation = 0
		p.X.Tick.Label.XAlign = draw.XCenter
		p.X.Tick.Label.YAlign = draw.YTop
	}
	return p, nil
}
