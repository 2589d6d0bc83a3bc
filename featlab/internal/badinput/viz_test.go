package badinput

import (
	"io"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/viz"
)

// vizChecks: every figure builder on hostile plain data (nil, lengths that
// disagree, NaN and infinities, empty), drawn to SVG: an error wrapping a
// sentinel or a figure, never a panic, at build or at draw time.
func vizChecks() []failure {
	nan, inf := math.NaN(), math.Inf(1)
	X, y := good()
	ds := goodDataset()
	sc, _ := filter.Pearson(X, y, filter.Config{Names: []string{"a", "b", "c"}})
	path, _ := linear.LassoPath(X, y, linear.LassoPathConfig{NLambdas: 5, Intercept: true})
	cv, _ := linear.LassoCV(X, y, linear.LassoCVConfig{Path: linear.LassoPathConfig{NLambdas: 5}, Folds: 2})
	stab, _ := stability.LassoPath(X, y, stability.LassoConfig{Lambdas: path.Lambdas, Config: stability.Config{Rounds: 4, Seed: 1}})
	draw := func(fig any, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		switch f := fig.(type) {
		case *plot.Plot:
			return nil, viz.WriteSVG(f, io.Discard, viz.Width, viz.Height)
		case *viz.Grid:
			return nil, f.WriteSVG(io.Discard)
		case viz.Figure:
			return nil, f.WriteSVG(io.Discard)
		}
		return fig, nil
	}
	plotOf := func(p *plot.Plot, err error) (any, error) { return draw(p, err) }
	gridOf := func(g *viz.Grid, err error) (any, error) { return draw(g, err) }
	figOf := func(f viz.Figure, err error) (any, error) { return draw(f, err) }
	c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
	ok := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f} }
	v3 := []float64{1, 2, 3}
	names3 := []string{"a", "b", "c"}
	cls := []float64{0, 1, 0}
	return runCases("viz", "figures on hostile data", []outcome{
		ok("Bars valid", func() (any, error) { return plotOf(viz.Bars("t", "y", names3, v3)) }),
		c("Bars lengths 3 and 2", func() (any, error) { return plotOf(viz.Bars("t", "y", names3, v3[:2])) }),
		c("Bars NaN", func() (any, error) { return plotOf(viz.Bars("t", "y", names3, []float64{1, nan, 3})) }),
		c("Bars empty", func() (any, error) { return plotOf(viz.Bars("t", "y", nil, nil)) }),
		c("BarsWithLevel Inf level", func() (any, error) { return plotOf(viz.BarsWithLevel("t", "y", names3, v3, inf, "l")) }),
		c("CVCurve(nil)", func() (any, error) { return plotOf(viz.CVCurve(nil)) }),
		ok("CVCurve valid", func() (any, error) { return plotOf(viz.CVCurve(cv)) }),
		c("CoefPath nil matrix", func() (any, error) { return plotOf(viz.CoefPath("t", v3, nil, names3, false)) }),
		c("CoefPath lambdas 2 for 3 columns", func() (any, error) {
			return plotOf(viz.CoefPath("t", v3[:2], mat.NewDense(3, 3, nil), names3, false))
		}),
		c("CoefPath NaN lambda", func() (any, error) {
			return plotOf(viz.CoefPath("t", []float64{1, nan, 3}, mat.NewDense(3, 3, nil), names3, true))
		}),
		c("CoefPath mark NaN", func() (any, error) {
			return plotOf(viz.CoefPath("t", path.Lambdas, path.Coefs, nil, false, viz.LambdaMark{Lambda: nan}))
		}),
		c("CoefPath mark off the grid, vsNorm", func() (any, error) {
			return plotOf(viz.CoefPath("t", path.Lambdas, path.Coefs, nil, true, viz.LambdaMark{Lambda: inf}))
		}),
		ok("CoefPath marked valid", func() (any, error) {
			return plotOf(viz.CoefPath("t", path.Lambdas, path.Coefs, nil, false, viz.LambdaMark{Lambda: path.Lambdas[2]}))
		}),
		c("CVCurve mark 0", func() (any, error) { return plotOf(viz.CVCurve(cv, viz.LambdaMark{})) }),
		ok("CVCurve marked valid", func() (any, error) { return plotOf(viz.CVCurve(cv, viz.LambdaMark{Lambda: cv.Lambdas[1]})) }),
		c("CVCurve marked, no path", func() (any, error) {
			bare := *cv
			bare.Path = nil
			return plotOf(viz.CVCurve(&bare, viz.LambdaMark{Lambda: cv.Lambdas[1]}))
		}),
		c("FitScatter lengths 3 and 2", func() (any, error) { return plotOf(viz.FitScatter("t", "x", "y", v3, v3[:2])) }),
		c("FitScatter NaN, nil curve", func() (any, error) {
			return plotOf(viz.FitScatter("t", "x", "y", []float64{nan, 1, 2}, v3, viz.Curve{Name: "f"}))
		}),
		c("HistogramByClass 0 bins", func() (any, error) { return plotOf(viz.HistogramByClass("t", "x", v3, cls, nil, 0)) }),
		c("HistogramByClass NaN", func() (any, error) { return plotOf(viz.HistogramByClass("t", "x", []float64{nan, 1, 2}, cls, nil, 5)) }),
		c("LineChart log scale with 0", func() (any, error) {
			return plotOf(viz.LineChart("t", "x", "y", true, true, []viz.LineSeries{{X: []float64{0, 1}, Y: []float64{0, 1}}}))
		}),
		c("LineChart lengths disagree", func() (any, error) {
			return plotOf(viz.LineChart("t", "x", "y", false, false, []viz.LineSeries{{X: v3, Y: v3[:1]}}))
		}),
		c("LineChart no series", func() (any, error) { return plotOf(viz.LineChart("t", "x", "y", false, false, nil)) }),
		c("ObjectiveGap NaN optimum", func() (any, error) { return plotOf(viz.ObjectiveGap("t", nan, viz.Trace{Objective: v3})) }),
		c("ObjectiveGap empty trace", func() (any, error) { return plotOf(viz.ObjectiveGap("t", 0, viz.Trace{})) }),
		c("OneDimPaths lengths disagree", func() (any, error) { return plotOf(viz.OneDimPaths(v3, v3[:2], v3)) }),
		c("ScatterByClass NaN class", func() (any, error) {
			return plotOf(viz.ScatterByClass("t", "x", "y", v3, v3, []float64{0, nan, 1}, nil))
		}),
		c("ScoreTable no scores", func() (any, error) { return plotOf(viz.ScoreTable("t", names3)) }),
		c("ScoreTable nil scores", func() (any, error) { return plotOf(viz.ScoreTable("t", names3, nil)) }),
		ok("ScoreTable valid", func() (any, error) { return plotOf(viz.ScoreTable("t", names3, sc)) }),
		c("Shrinkage NaN", func() (any, error) { return plotOf(viz.Shrinkage(nan)) }),
		c("StumpHistogram Inf threshold", func() (any, error) { return plotOf(viz.StumpHistogram("t", "x", v3, cls, nil, inf, 5)) }),
		c("ConstraintContours nil X", func() (any, error) { return figOf(viz.ConstraintContours(nil, y, viz.ConstrainedSolutions{Radius: 1})) }),
		c("ConstraintContours 3 features", func() (any, error) {
			return figOf(viz.ConstraintContours(X, y, viz.ConstrainedSolutions{Radius: 1, LS: v3, L1: v3, L2: v3}))
		}),
		c("UnitBalls p = 0 and NaN", func() (any, error) { return figOf(viz.UnitBalls([]float64{0, nan})) }),
		c("UnitBalls none", func() (any, error) { return figOf(viz.UnitBalls(nil)) }),
		c("DatasetPanel nil", func() (any, error) { return gridOf(viz.DatasetPanel("t", nil, nil, 5)) }),
		c("DatasetPanel unknown feature", func() (any, error) { return gridOf(viz.DatasetPanel("t", ds, []string{"zz"}, 5)) }),
		ok("DatasetPanel valid", func() (any, error) { return gridOf(viz.DatasetPanel("t", ds, nil, 5)) }),
		c("HistogramGallery lengths disagree", func() (any, error) {
			return gridOf(viz.HistogramGallery("t", "f", v3, []viz.Transformed{{Name: "x", Values: v3[:1]}}, 2, 5))
		}),
		c("HistogramGallery 0 columns", func() (any, error) { return gridOf(viz.HistogramGallery("t", "f", v3, nil, 0, 5)) }),
		c("LogisticPathPanel lengths disagree", func() (any, error) { return gridOf(viz.LogisticPathPanel("t", v3, v3[:2], v3, []int{1})) }),
		c("Panel nil X", func() (any, error) { return gridOf(viz.Panel("t", nil, nil, nil, nil, 5)) }),
		c("Panel NaN", func() (any, error) { return gridOf(viz.Panel("t", with(1, 1, nan), nil, nil, nil, 5)) }),
		c("PanelWithScores nil scores", func() (any, error) { return gridOf(viz.PanelWithScores("t", ds, nil, 5, nil)) }),
		c("ScoreGrid 0 columns", func() (any, error) { return gridOf(viz.ScoreGrid("t", 0, sc)) }),
		c("SideBySide nil plots", func() (any, error) { return gridOf(viz.SideBySide("t", 0, nil, nil)) }),
		c("StabilityVsLasso nil", func() (any, error) { return gridOf(viz.StabilityVsLasso("t", nil, nil, nil, nil, 0.9)) }),
		c("StabilityVsLasso relevant 7 of 3", func() (any, error) { return gridOf(viz.StabilityVsLasso("t", path, stab, []int{7}, nil, 0.9)) }),
		c("ContourLines NaN level and cells", func() (any, error) { return viz.ContourLines(nanGrid{}, nan), nil }),
		c("ContourLines Inf level", func() (any, error) { return viz.ContourLines(nanGrid{}, inf), nil }),
		c("WritePNG(nil)", func() (any, error) { return nil, viz.WritePNG(nil, io.Discard, viz.Width, viz.Height) }),
		c("Grid.WritePNG empty", func() (any, error) { return nil, (&viz.Grid{}).WritePNG(io.Discard) }),
		c("Color(-7), Shape(-7)", func() (any, error) { return []any{viz.Color(-7), viz.Shape(-7)}, nil }),
		c("Single(nil), Sized(nil)", func() (any, error) { return figOf(viz.Sized(nil, 0, 0), nil) }),
		c("New", func() (any, error) { return draw(viz.New("t", "x", "y"), nil) }),
	})
}

var vizIDs = []string{"viz.Bars", "viz.BarsWithLevel", "viz.CVCurve", "viz.CoefPath", "viz.FitScatter", "viz.HistogramByClass",
	"viz.LineChart", "viz.ObjectiveGap", "viz.OneDimPaths", "viz.ScatterByClass", "viz.ScoreTable", "viz.Shrinkage",
	"viz.StumpHistogram", "viz.ConstraintContours", "viz.UnitBalls", "viz.DatasetPanel", "viz.HistogramGallery",
	"viz.LogisticPathPanel", "viz.Panel", "viz.PanelWithScores", "viz.ScoreGrid", "viz.SideBySide", "viz.StabilityVsLasso",
	"viz.ContourLines", "viz.WritePNG", "viz.WriteSVG", "viz.Grid.WritePNG", "viz.Grid.WriteSVG", "viz.Color", "viz.Shape",
	"viz.Single", "viz.Sized", "viz.New"}

// nanGrid is a 3 x 3 grid of values with a NaN in the middle.
type nanGrid struct{}

func (nanGrid) Dims() (c, r int) { return 3, 3 }
func (nanGrid) X(c int) float64  { return float64(c) }
func (nanGrid) Y(r int) float64  { return float64(r) }
func (nanGrid) Z(c, r int) float64 {
	if c == 1 && r == 1 {
		return math.NaN()
	}
	return float64(c + r)
}

// vizSearchChecks: the figures of the search and greedy chapters on
// hostile plain data, drawn to SVG: an error wrapping a sentinel (ErrShape
// for lengths that disagree, ErrParam for an index out of range) or a
// figure, never a panic.
func vizSearchChecks() []failure {
	nan, inf := math.NaN(), math.Inf(1)
	drawP := func(p *plot.Plot, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return nil, viz.WriteSVG(p, io.Discard, viz.Width, viz.Height)
	}
	drawG := func(g *viz.Grid, err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return nil, g.WriteSVG(io.Discard)
	}
	c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
	ok := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f} }
	names3 := []string{"a", "b", "c"}
	rounds := [][]float64{{1, 2, 3}, {nan, 0.5, 0.25}}
	tr := viz.TraceSeries{Name: "forward", Scores: []float64{3, 2, 1.5}, Labels: []string{"+a", "+b", "+c"}}
	return runCases("viz", "figures of the search and greedy chapters", []outcome{
		ok("SearchTrace valid", func() (any, error) { return drawP(viz.SearchTrace("t", "step", "RSS", tr)) }),
		c("SearchTrace no series", func() (any, error) { return drawP(viz.SearchTrace("t", "step", "RSS")) }),
		{input: "SearchTrace 2 labels for 3 scores", call: func() (any, error) {
			return drawP(viz.SearchTrace("t", "s", "y", viz.TraceSeries{Scores: []float64{1, 2, 3}, Labels: []string{"a", "b"}}))
		}, want: errKinds(featlab.ErrShape)},
		{input: "SearchTrace 2 steps for 3 scores", call: func() (any, error) {
			return drawP(viz.SearchTrace("t", "s", "y", viz.TraceSeries{X: []float64{1, 2}, Scores: []float64{1, 2, 3}}))
		}, want: errKinds(featlab.ErrShape)},
		c("SearchTrace NaN and Inf scores", func() (any, error) {
			return drawP(viz.SearchTrace("t", "s", "y", viz.TraceSeries{Scores: []float64{nan, inf, 1}}))
		}),
		c("SearchTrace empty series", func() (any, error) { return drawP(viz.SearchTrace("t", "s", "y", viz.TraceSeries{})) }),
		ok("CriterionRounds valid", func() (any, error) { return drawG(viz.CriterionRounds("t", "RSS", names3, rounds, []int{2, 1}, 2)) }),
		c("CriterionRounds nil", func() (any, error) { return drawG(viz.CriterionRounds("t", "RSS", nil, nil, nil, 2)) }),
		{input: "CriterionRounds 2 rounds, 1 pick", call: func() (any, error) {
			return drawG(viz.CriterionRounds("t", "RSS", names3, rounds, []int{2}, 2))
		}, want: errKinds(featlab.ErrShape)},
		{input: "CriterionRounds 2 scores for 3 names", call: func() (any, error) {
			return drawG(viz.CriterionRounds("t", "RSS", names3, [][]float64{{1, 2}}, []int{0}, 2))
		}, want: errKinds(featlab.ErrShape)},
		{input: "CriterionRounds pick 7 of 3 features", call: func() (any, error) {
			return drawG(viz.CriterionRounds("t", "RSS", names3, rounds, []int{7, 1}, 2))
		}, want: errSays(featlab.ErrParam, "7")},
		c("CriterionRounds 0 columns", func() (any, error) { return drawG(viz.CriterionRounds("t", "RSS", names3, rounds, []int{2, 1}, 0)) }),
		c("CriterionRounds all NaN, Inf", func() (any, error) {
			return drawG(viz.CriterionRounds("t", "RSS", names3, [][]float64{{nan, nan, inf}}, []int{2}, 1))
		}),
		ok("EntryOrder valid", func() (any, error) {
			return drawP(viz.EntryOrder("t", names3, []string{"forward", "lasso"}, [][]int{{2, 0, 1}, {0, 2}}))
		}),
		c("EntryOrder nil", func() (any, error) { return drawP(viz.EntryOrder("t", nil, nil, nil)) }),
		{input: "EntryOrder 1 method name for 2 orders", call: func() (any, error) {
			return drawP(viz.EntryOrder("t", names3, []string{"forward"}, [][]int{{2}, {0}}))
		}, want: errKinds(featlab.ErrShape)},
		{input: "EntryOrder feature 3 of 3", call: func() (any, error) {
			return drawP(viz.EntryOrder("t", names3, []string{"forward"}, [][]int{{3}}))
		}, want: errSays(featlab.ErrParam, "3")},
		{input: "EntryOrder feature -1", call: func() (any, error) {
			return drawP(viz.EntryOrder("t", names3, []string{"forward"}, [][]int{{-1}}))
		}, want: errSays(featlab.ErrParam, "-1")},
		c("EntryOrder a feature entered twice", func() (any, error) {
			return drawP(viz.EntryOrder("t", names3, []string{"forward"}, [][]int{{1, 1}}))
		}),
	})
}
