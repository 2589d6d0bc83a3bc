package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/nb"
)

// Registrations of the teaching helpers (issue 13): linear's one-step
// functions, exercise's generic constructor and hints, nb's claims.
func teachingEntries() []*entry {
	w3 := []float64{0.1, -0.2, 0.3}
	return []*entry{
		plainXY("linear.ProximalGradientStep", func(X mat.Matrix, y []float64) (any, error) {
			return linear.ProximalGradientStep(X, y, w3, 0.1, 100)
		}),
		plainXY("linear.CoordinateStep", func(X mat.Matrix, y []float64) (any, error) {
			return linear.CoordinateStep(X, y, w3, 0.1, 1)
		}),
		plainXY("linear.Lipschitz", func(X mat.Matrix, _ []float64) (any, error) { return linear.Lipschitz(X) }, ignoresY),
		custom("linear.Maurey", "params", []string{"exercise.Func", "exercise.MeanVar", "exercise.SizeHint", "featlab.IsNilValue",
			"nb.CheckClaim", "nb.Within", "nb.Claim", "nb.Claimf"}, func() []failure {
			X, y := good()
			ex := exercise.Func("sum", func(v []float64) float64 { return v[0] + v[1] }, []string{"v"}, nil)
			return runCases("teaching helpers", "parameters", []outcome{
				{input: "Maurey with k = 0", call: func() (any, error) { return linear.Maurey(w3, 0, 1) }, want: errKinds(featlab.ErrParam)},
				{input: "Maurey with NaN in w", call: func() (any, error) { return linear.Maurey([]float64{math.NaN(), 1}, 2, 1) }, want: errKinds(featlab.ErrNotFinite, featlab.ErrParam)},
				{input: "Maurey valid", call: func() (any, error) { return linear.Maurey(w3, 4, 1) }},
				{input: "ProximalGradientStep with L = 0", call: func() (any, error) { return linear.ProximalGradientStep(X, y, w3, 0.1, 0) }, want: errKinds(featlab.ErrParam)},
				{input: "ProximalGradientStep with w of length 2", call: func() (any, error) { return linear.ProximalGradientStep(X, y, w3[:2], 0.1, 100) }, want: errKinds(featlab.ErrShape)},
				{input: "CoordinateStep with j = 3 of 3", call: func() (any, error) { return linear.CoordinateStep(X, y, w3, 0.1, 3) }, want: errKinds(featlab.ErrParam)},
				{input: "CoordinateStep with lambda = -1", call: func() (any, error) { return linear.CoordinateStep(X, y, w3, -1, 0) }, want: errKinds(featlab.ErrParam)},
				{input: "exercise.Func with no generator", call: func() (any, error) {
					ex.InProcess = true
					if r := exercise.Check(ex, func(v []float64) float64 { return 0 }); r.Passed {
						return nil, errorString("an exercise with no generator passed")
					}
					return nil, nil
				}, noPanic: true},
				{input: "MeanVar(nil)", call: func() (any, error) { m, v, r := exercise.MeanVar(nil); return []float64{m, v, r}, nil }, noPanic: true},
				{input: "SizeHint(5) on one argument", call: func() (any, error) { return exercise.SizeHint(5)([]any{1.0}, 1.0, 2.0), nil }, noPanic: true},
				{input: "IsNilValue of a nil map and of 0", call: func() (any, error) {
					var m map[string]int
					return []bool{featlab.IsNilValue(m), featlab.IsNilValue(0), featlab.IsNilValue(nil)}, nil
				}},
				{input: "CheckClaim of a false claim", call: func() (any, error) {
					if nb.CheckClaim("x", false) == nil {
						return nil, errorString("a false claim passed")
					}
					return nil, nil
				}},
				{input: "Within with NaN", call: func() (any, error) { return nb.Within(math.NaN(), 1, 0.1), nil }},
				{input: "Claim of a true claim", call: func() (any, error) { nb.Claim("x", true); nb.Claimf(true, "%d", 1); return nil, nil }},
				{input: "Claim of a false claim", call: func() (any, error) { nb.Claim("the sky is green", false); return nil, nil }, panics: []string{"the sky is green"}},
			})
		}),
	}
}
