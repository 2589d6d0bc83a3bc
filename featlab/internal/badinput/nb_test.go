package badinput

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/nb"
)

// nbChecks: the notebook helpers on nil and odd values (outside a
// notebook they print plain text): no panic. Show and Save are called
// only with a nil figure, which must be an error before anything is
// written under plots/.
func nbChecks() []failure {
	c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
	return runCases("nb", "helpers on nil and odd values", []outcome{
		c("SelectionHTML(nil)", func() (any, error) { return nb.SelectionHTML(nil), nil }),
		c("SelectionHTML of an empty Selection", func() (any, error) { return nb.SelectionHTML(&featlab.Selection{}), nil }),
		c("TableHTML of an empty frame", func() (any, error) { return nb.TableHTML(dataframe.DataFrame{}), nil }),
		c("Display(nil)", func() (any, error) { nb.Display(nil); return nil, nil }),
		c("Display((*featlab.Selection)(nil))", func() (any, error) { nb.Display((*featlab.Selection)(nil)); return nil, nil }),
		c("Progress with done > total and total 0", func() (any, error) {
			p := nb.NewProgress("x")
			p(5, 3)
			p(0, 0)
			p(-1, -1)
			return nil, nil
		}),
		{input: "Save(nil)", call: func() (any, error) { return nb.Save(nil, "zz-suite", "nil") }, want: errKinds(featlab.ErrParam, featlab.ErrEmpty)},
		c("HTML and Markdown of empty text", func() (any, error) { nb.HTML(""); nb.Markdown(""); return nil, nil }),
		c("Headless, PlotsDir, RepoRoot", func() (any, error) {
			_ = nb.Headless()
			_, err1 := nb.PlotsDir()
			_, err2 := nb.RepoRoot()
			if err1 != nil {
				return nil, err1
			}
			return nil, err2
		}),
	})
}

var nbIDs = []string{"nb.SelectionHTML", "nb.TableHTML", "nb.Display", "nb.NewProgress", "nb.Save", "nb.HTML", "nb.Markdown",
	"nb.Headless", "nb.PlotsDir", "nb.RepoRoot"}

// nbTextChecks: the plain-text helpers and the lecture Slider on nil and
// odd values. Slider stops the cell on bad input (a panic outside a
// notebook, as Show): the message must name the fault. Only calls that
// fail before a figure is saved are made, so nothing is written.
func nbTextChecks() []failure {
	c := func(name string, f func() (any, error)) outcome { return outcome{input: name, call: f, noPanic: true} }
	draw := func(float64) (any, error) { return nil, featlab.Errorf(featlab.ErrParam, "lambda = -1 out of range") }
	return runCases("nb", "text helpers and Slider", []outcome{
		c("ErrorText(nil)", func() (any, error) { return nb.ErrorText(nil), nil }),
		{input: "ErrorText of a doubly wrapped library error", call: func() (any, error) {
			err := fmt.Errorf("featlab: validate: fold 2: %w", featlab.Errorf(featlab.ErrShape, "lasso: 2 rows"))
			if got := nb.ErrorText(err); strings.Count(got, "featlab: ") != 1 {
				return nil, errorString("ErrorText left a repeated prefix: " + got)
			}
			return nil, nil
		}},
		c("TableText of an empty frame", func() (any, error) { return nb.TableText(dataframe.DataFrame{}), nil }),
		c("TableText of a frame with NaN and Inf", func() (any, error) {
			return nb.TableText(dataframe.New(series.New([]float64{math.NaN(), math.Inf(1), -0.0}, series.Float, "v"))), nil
		}),
		{input: "Slider with no values", call: func() (any, error) { nb.Slider("zz-suite", "s", "lambda", nil, 0, draw); return nil, nil }, panics: []string{"Slider", "0 values"}},
		{input: "Slider with default index 5 of 3 values", call: func() (any, error) {
			nb.Slider("zz-suite", "s", "lambda", []float64{1, 2, 3}, 5, draw)
			return nil, nil
		}, panics: []string{"Slider", "5", "3 values"}},
		{input: "Slider with a nil draw", call: func() (any, error) {
			nb.Slider("zz-suite", "s", "lambda", []float64{1, 2, 3}, 0, nil)
			return nil, nil
		}, panics: []string{"Slider", "draw"}},
		{input: "Slider whose draw returns an error", call: func() (any, error) {
			nb.Slider("zz-suite", "s", "lambda", []float64{1, 2, 3}, 0, draw)
			return nil, nil
		}, panics: []string{"lambda = -1"}},
		{input: "Slider whose draw returns a nil figure", call: func() (any, error) {
			nb.Slider("zz-suite", "s", "lambda", []float64{1, 2, 3}, 0, func(float64) (any, error) { return nil, nil })
			return nil, nil
		}, panics: []string{"nil"}},
	})
}

var nbTextIDs = []string{"nb.ErrorText", "nb.TableText", "nb.Slider"}
