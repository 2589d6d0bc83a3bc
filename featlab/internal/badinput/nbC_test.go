package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
)

// Notebook 05's texts items (issue 23): Tikhonov regularisation and the
// exact l0-penalised least squares.
func init() { entrySets = append(entrySets, nbCEntries) }

func nbCEntries() []*entry {
	return []*entry{
		plainXY("linear.Tikhonov", func(X mat.Matrix, y []float64) (any, error) {
			if featlab.IsNil(X) {
				return linear.Tikhonov(X, y, mat.NewDense(1, 1, []float64{1}))
			}
			_, d := X.Dims()
			if d < 1 {
				return linear.Tikhonov(X, y, mat.NewDense(1, 1, []float64{1}))
			}
			G := mat.NewDense(d, d, nil)
			for j := 0; j < d; j++ {
				G.Set(j, j, 0.1)
			}
			return linear.Tikhonov(X, y, G)
		}),
		plainXY("linear.L0Penalized", func(X mat.Matrix, y []float64) (any, error) {
			return linear.L0Penalized(X, y, 0.01, true)
		}),
		custom("linear.DifferenceOperator", "params", nil, nbCParams),
	}
}

func nbCParams() []failure {
	X, y := good()
	D3, _ := linear.DifferenceOperator(3)
	return runCases("linear", "Tikhonov, DifferenceOperator and L0Penalized parameters", []outcome{
		{input: "DifferenceOperator(1)", call: func() (any, error) { return linear.DifferenceOperator(1) }, want: errSays(featlab.ErrParam, "d = 1")},
		{input: "DifferenceOperator(-3)", call: func() (any, error) { return linear.DifferenceOperator(-3) }, want: errSays(featlab.ErrParam, "-3")},
		{input: "DifferenceOperator(4)", call: func() (any, error) { return linear.DifferenceOperator(4) }},
		{input: "Tikhonov Gamma nil", call: func() (any, error) { return linear.Tikhonov(X, y, nil) }, want: errSays(featlab.ErrParam, "Gamma")},
		{input: "Tikhonov Gamma 2x2 for 3 columns", call: func() (any, error) {
			return linear.Tikhonov(X, y, mat.NewDense(2, 2, nil))
		}, want: errSays(featlab.ErrShape, "2x2")},
		{input: "Tikhonov NaN in Gamma", call: func() (any, error) {
			return linear.Tikhonov(X, y, mat.NewDense(1, 3, []float64{1, math.NaN(), 0}))
		}, want: errKinds(featlab.ErrNotFinite)},
		{input: "Tikhonov X = 0 and Gamma = D share the constants", call: func() (any, error) {
			return linear.Tikhonov(mat.NewDense(8, 3, nil), y, D3)
		}, want: errSays(featlab.ErrParam, "singular")},
		{input: "Tikhonov Gamma = D", call: func() (any, error) { return linear.Tikhonov(X, y, D3) }},
		{input: "L0Penalized lambda = -1", call: func() (any, error) { return linear.L0Penalized(X, y, -1, true) }, want: errSays(featlab.ErrParam, "lambda")},
		{input: "L0Penalized lambda = NaN", call: func() (any, error) { return linear.L0Penalized(X, y, math.NaN(), false) }, want: errSays(featlab.ErrParam, "lambda")},
		{input: "L0Penalized 17 columns", call: func() (any, error) {
			return linear.L0Penalized(mat.NewDense(8, linear.MaxL0Features+1, nil), y, 1, true)
		}, want: errSays(featlab.ErrParam, "17")},
	})
}
