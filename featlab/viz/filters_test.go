package viz_test

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"math"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/viz"
)

func render(t *testing.T, f viz.Figure) []byte {
	t.Helper()
	var svg, png bytes.Buffer
	if err := f.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	if err := f.WritePNG(&png); err != nil {
		t.Fatal(err)
	}
	if svg.Len() == 0 || png.Len() == 0 {
		t.Fatal("empty image")
	}
	return png.Bytes()
}

func TestFitScatter(t *testing.T) {
	x := []float64{-1, -0.5, 0, 0.5, 1}
	y := []float64{1, 0.25, 0, 0.25, 1}
	p, err := viz.FitScatter("Example 25.1", "x1", "y", x, y,
		viz.Curve{Name: "linear", F: func(v float64) float64 { return 0.5 }},
		viz.Curve{Name: "quadratic", F: func(v float64) float64 { return v * v }})
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Label.Text != "x1" || p.Y.Label.Text != "y" || p.Title.Text != "Example 25.1" {
		t.Error("labels not set")
	}
	a := render(t, viz.Single(p))
	p2, _ := viz.FitScatter("Example 25.1", "x1", "y", x, y,
		viz.Curve{Name: "linear", F: func(v float64) float64 { return 0.5 }},
		viz.Curve{Name: "quadratic", F: func(v float64) float64 { return v * v }})
	if !bytes.Equal(a, render(t, viz.Single(p2))) {
		t.Error("same data, different bytes")
	}
	if _, err := viz.FitScatter("t", "x", "y", x, y[:2]); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	if _, err := viz.FitScatter("t", "x", "y", x, y, viz.Curve{Name: "nil"}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil curve: %v", err)
	}
	if _, err := viz.FitScatter("t", "x", "y", x, y, viz.Curve{Name: "log", F: math.Log}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("log on [-1, 1]: %v", err)
	}
	if _, err := viz.FitScatter("t", "x", "y", nil, nil); err == nil {
		t.Error("empty input accepted")
	}
}

func scoresOf(t *testing.T, ds *featlab.Dataset) []*filter.Scores {
	t.Helper()
	p, err := filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	r, err := filter.Relief(ds.X, ds.Y, filter.ReliefConfig{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	mi, err := filter.MutualInfo(ds.X, ds.Y, filter.MIConfig{Names: ds.Names, DiscreteTarget: true})
	if err != nil {
		t.Fatal(err)
	}
	return []*filter.Scores{p, r, mi}
}

func TestPanelWithScores(t *testing.T) {
	ds, err := synth.XOR(80, 1)
	if err != nil {
		t.Fatal(err)
	}
	sc := scoresOf(t, ds)
	g, err := viz.PanelWithScores("XOR", ds, nil, 0, sc...)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Plots) != 2 || len(g.Plots[0]) != 3 || len(g.Plots[1]) != 3 {
		t.Fatalf("grid %dx%d", len(g.Plots), len(g.Plots[0]))
	}
	if g.Plots[0][2] == nil || g.Plots[1][2] == nil || g.Plots[0][2].Title.Text != "filter scores" {
		t.Error("score tables missing")
	}
	render(t, g)
	// Without scores: the plain panel.
	g, err = viz.PanelWithScores("XOR", ds, nil, 0)
	if err != nil || len(g.Plots[0]) != 2 {
		t.Errorf("no scores: %v", err)
	}
	// One score on a 2-row panel: the second row's table cell is empty.
	g, err = viz.PanelWithScores("XOR", ds, nil, 0, sc[0])
	if err != nil || g.Plots[1][2] != nil {
		t.Errorf("one score: %v", err)
	}
}

func TestScoreTable(t *testing.T) {
	ds, _ := synth.Elongated(40, 1)
	sc := scoresOf(t, ds)
	p, err := viz.ScoreTable("scores", []string{"x2"}, sc...)
	if err != nil {
		t.Fatal(err)
	}
	render(t, viz.Single(p))
	if _, err := viz.ScoreTable("scores", []string{"x9"}, sc...); !errors.Is(err, featlab.ErrMissing) {
		t.Errorf("unknown feature: %v", err)
	}
	if _, err := viz.ScoreTable("scores", nil); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no scores: %v", err)
	}
	if _, err := viz.ScoreTable("scores", nil, sc[0], nil); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("nil score: %v", err)
	}
}

func TestScoreGrid(t *testing.T) {
	ds := datasets.Diabetes()
	p, err := filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	f, err := filter.FRegression(ds.X, ds.Y, filter.Config{Names: ds.Names})
	if err != nil {
		t.Fatal(err)
	}
	g, err := viz.ScoreGrid("diabetes", 1, p, f, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Plots) != 3 || len(g.Plots[0]) != 1 || g.Plots[1][0].Title.Text != "F regression" {
		t.Errorf("layout %d rows", len(g.Plots))
	}
	render(t, g)
	g, _ = viz.ScoreGrid("diabetes", 0, p, f, p, f)
	if len(g.Plots) != 2 || len(g.Plots[0]) != 3 || len(g.Plots[1]) != 1 {
		t.Errorf("default 3 columns: %d rows", len(g.Plots))
	}
	if _, err := viz.ScoreGrid("none", 2); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no scores: %v", err)
	}
}

func TestStumpHistogramAndBarsWithLevel(t *testing.T) {
	v := []float64{1, 2, 3, 4, 5, 6}
	c := []float64{0, 0, 0, 1, 1, 1}
	p, err := viz.StumpHistogram("stump", "x", v, c, []string{"no", "yes"}, 3.5, 4)
	if err != nil {
		t.Fatal(err)
	}
	render(t, viz.Single(p))
	if _, err := viz.StumpHistogram("stump", "x", v, c, nil, math.Inf(-1), 4); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("infinite threshold: %v", err)
	}
	b, err := viz.BarsWithLevel("gains", "bits", []string{"a", "b"}, []float64{0.2, 0.5}, 0.998, "Ent(D)")
	if err != nil {
		t.Fatal(err)
	}
	if b.Y.Max < 0.998 {
		t.Errorf("level above the axis: %v", b.Y.Max)
	}
	render(t, viz.Single(b))
	if _, err := viz.BarsWithLevel("gains", "bits", []string{"a"}, []float64{0.2}, math.NaN(), "x"); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN level: %v", err)
	}
}

func ExamplePanelWithScores() {
	ds, err := synth.XOR(200, 1)
	if err != nil {
		log.Fatal(err)
	}
	pearson, _ := filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names})
	relief, _ := filter.Relief(ds.X, ds.Y, filter.ReliefConfig{Names: ds.Names})
	g, err := viz.PanelWithScores("XOR: useless alone, separable together", ds, nil, 0, pearson, relief)
	if err != nil {
		log.Fatal(err)
	}
	var svg bytes.Buffer
	if err := g.WriteSVG(&svg); err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(g.Plots), "rows of", len(g.Plots[0]), "cells; last column:", g.Plots[0][2].Title.Text)
	// Output:
	// 2 rows of 3 cells; last column: filter scores
}
