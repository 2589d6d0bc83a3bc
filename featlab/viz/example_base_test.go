package viz_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/featlab/course/featlab/viz"
)

func ExampleScatterByClass() {
	x := []float64{1, 2, 3, 4, 5, 6}
	y := []float64{2, 1, 4, 3, 6, 5}
	classes := []float64{0, 0, 0, 1, 1, 1}
	p, err := viz.ScatterByClass("Two classes", "x1", "x2", x, y, classes, []string{"no", "yes"})
	if err != nil {
		log.Fatal(err)
	}
	// Save it as PNG: the default size, 16 cm x 10 cm, at 192 DPI.
	var buf bytes.Buffer
	if err := viz.Single(p).WritePNG(&buf); err != nil {
		log.Fatal(err)
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d x %d pixels\n", cfg.Width, cfg.Height)
	// Output:
	// 1209 x 756 pixels
}

func ExamplePanel() {
	// Three features of six examples in two classes.
	X := mat.NewDense(6, 3, []float64{
		1, 2, 0.5,
		2, 1, 0.1,
		3, 4, 0.9,
		4, 3, 0.3,
		5, 6, 0.7,
		6, 5, 0.2,
	})
	g, err := viz.Panel("Features alone and in pairs", X, []string{"a", "b", "c"},
		[]float64{0, 0, 0, 1, 1, 1}, []string{"no", "yes"}, 3)
	if err != nil {
		log.Fatal(err)
	}
	var svg bytes.Buffer
	if err := g.WriteSVG(&svg); err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(g.Plots), "x", len(g.Plots[0]), "cells;", len(g.Legend), "legend entries")
	fmt.Println("x axis of the bottom-left cell:", g.Plots[2][0].X.Label.Text)
	// Output:
	// 3 x 3 cells; 2 legend entries
	// x axis of the bottom-left cell: a
}

func ExampleGrid() {
	a, _ := viz.Bars("Scores", "score", []string{"x1", "x2", "x3"}, []float64{0.9, 0.1, 0.5})
	b, _ := viz.HistogramByClass("x1 by class", "x1", []float64{1, 2, 2, 3, 5, 6}, []float64{0, 0, 0, 1, 1, 1}, nil, 0)
	// One figure, two plots side by side; both kinds save through viz.Figure.
	var figs = []viz.Figure{viz.Single(a), &viz.Grid{Plots: [][]*plot.Plot{{a, b}}, Title: "Two views"}}
	for _, f := range figs {
		var buf bytes.Buffer
		if err := f.WritePNG(&buf); err != nil {
			log.Fatal(err)
		}
		cfg, _ := png.DecodeConfig(&buf)
		fmt.Printf("%d x %d\n", cfg.Width, cfg.Height)
	}
	// Output:
	// 1209 x 756
	// 907 x 525
}
