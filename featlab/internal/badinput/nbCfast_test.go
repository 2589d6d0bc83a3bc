package badinput

import (
	"io"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/viz"
)

// The library functions that made notebooks 08-11 shorter (fewer code
// cells): viz.Versus and MultinomialResult.ClassSupportSizes.
func init() { entrySets = append(entrySets, nbCFastEntries) }

func nbCFastEntries() []*entry {
	return []*entry{custom("viz.Versus", "figure", []string{"linear.MultinomialResult.ClassSupportSizes"}, nbCFastChecks)}
}

func nbCFastChecks() []failure {
	nan, inf := math.NaN(), math.Inf(1)
	versus := func(x, y []float64) func() (any, error) {
		return func() (any, error) {
			p, err := viz.Versus("t", "x", "y", x, y, "points", "y = x")
			if err != nil {
				return nil, err
			}
			return nil, viz.WriteSVG(p, io.Discard, viz.Width, viz.Height)
		}
	}
	sizes := func(r *linear.MultinomialResult) func() (any, error) {
		return func() (any, error) { return r.ClassSupportSizes(), nil }
	}
	return runCases("viz.Versus", "figure and class support on hostile input", []outcome{
		{input: "Versus nil", call: versus(nil, nil), noPanic: true},
		{input: "Versus lengths differ", call: versus([]float64{1, 2}, []float64{1}), noPanic: true},
		{input: "Versus NaN", call: versus([]float64{nan, 1}, []float64{1, 2}), noPanic: true},
		{input: "Versus Inf", call: versus([]float64{1, 2}, []float64{inf, 2}), noPanic: true},
		{input: "Versus one point", call: versus([]float64{1}, []float64{1})},
		{input: "Versus good", call: versus([]float64{1, 2, 3}, []float64{0.5, 2.5, 2})},
		{input: "ClassSupportSizes nil", call: sizes(nil)},
		{input: "ClassSupportSizes no Coef", call: sizes(&linear.MultinomialResult{})},
		{input: "ClassSupportSizes 2x2", call: sizes(&linear.MultinomialResult{Coef: mat.NewDense(2, 2, []float64{0, 1, 0, 0})})},
	})
}
