package badinput

import (
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/nb"
)

// Entries the teaching branch added: single lasso steps and Maurey's
// sparsification (linear), the notebook claim helpers (nb) and the
// generic exercise constructor (exercise).

func teachingEntries() []*entry {
	w0 := []float64{0.5, -0.25, 0}
	return []*entry{
		plainXY("linear.Lipschitz", func(X mat.Matrix, _ []float64) (any, error) { return linear.Lipschitz(X) }, ignoresY),
		plainXY("linear.ProximalGradientStep", func(X mat.Matrix, y []float64) (any, error) {
			return linear.ProximalGradientStep(X, y, w0, 0.1, 10)
		}),
		plainXY("linear.CoordinateStep", func(X mat.Matrix, y []float64) (any, error) { return linear.CoordinateStep(X, y, w0, 0.1, 1) }),
		custom("linear.Maurey", "params", nil, teachingLinear),
		custom("nb.CheckClaim", "params", []string{"nb.Claim", "nb.Claimf", "nb.Within", "nb.Must2"}, teachingNB),
		custom("exercise.Func", "callback", []string{"exercise.MeanVar", "exercise.SizeHint"}, teachingExercise),
	}
}

func teachingLinear() []failure {
	X, y := good()
	nan := math.NaN()
	w0 := []float64{0.5, -0.25, 0}
	return runCases("linear", "single steps and Maurey", []outcome{
		{input: "ProximalGradientStep w of length 2 for 3 columns", call: func() (any, error) { return linear.ProximalGradientStep(X, y, w0[:2], 0.1, 10) }, want: errSays(featlab.ErrShape, "2", "3")},
		{input: "ProximalGradientStep NaN in w[1]", call: func() (any, error) { return linear.ProximalGradientStep(X, y, []float64{0, nan, 0}, 0.1, 10) }, want: errSays(featlab.ErrNotFinite, "w[1]")},
		{input: "ProximalGradientStep L = 0", call: func() (any, error) { return linear.ProximalGradientStep(X, y, w0, 0.1, 0) }, want: errSays(featlab.ErrParam, "L")},
		{input: "ProximalGradientStep L = NaN", call: func() (any, error) { return linear.ProximalGradientStep(X, y, w0, 0.1, nan) }, want: errSays(featlab.ErrParam, "L")},
		{input: "ProximalGradientStep lambda = -1", call: func() (any, error) { return linear.ProximalGradientStep(X, y, w0, -1, 10) }, want: errSays(featlab.ErrParam, "lambda")},
		{input: "ProximalGradientStep w unchanged", call: func() (any, error) {
			w := append([]float64(nil), w0...)
			out, err := linear.ProximalGradientStep(X, y, w, 0.1, 10)
			if err == nil && !sameVec(w, w0) {
				return nil, errorString("w was modified")
			}
			return out, err
		}},
		{input: "CoordinateStep coordinate 3 of 3", call: func() (any, error) { return linear.CoordinateStep(X, y, w0, 0.1, 3) }, want: errSays(featlab.ErrParam, "3")},
		{input: "CoordinateStep coordinate -1", call: func() (any, error) { return linear.CoordinateStep(X, y, w0, 0.1, -1) }, want: errSays(featlab.ErrParam, "-1")},
		{input: "CoordinateStep on an all-zero column", call: func() (any, error) {
			return linear.CoordinateStep(mat.NewDense(8, 3, nil), y, w0, 0.1, 0)
		}},
		{input: "Maurey(nil)", call: func() (any, error) { return linear.Maurey(nil, 3, 1) }, want: errKinds(featlab.ErrEmpty)},
		{input: "Maurey k = 0", call: func() (any, error) { return linear.Maurey(w0, 0, 1) }, want: errSays(featlab.ErrParam, "k")},
		{input: "Maurey NaN at w[2]", call: func() (any, error) { return linear.Maurey([]float64{1, 0, nan}, 3, 1) }, want: errSays(featlab.ErrNotFinite, "w[2]")},
		{input: "Maurey all zero", call: func() (any, error) { return linear.Maurey([]float64{0, 0}, 3, 1) }},
		{input: "Maurey of values near 1e308", call: func() (any, error) { return linear.Maurey([]float64{1e308, -1e308, 1e308}, 4, 1) }},
		{input: "Maurey twice with seed 7, w unchanged", call: func() (any, error) {
			w := append([]float64(nil), w0...)
			a, err1 := linear.Maurey(w, 5, 7)
			b, err2 := linear.Maurey(w, 5, 7)
			if err1 != nil || err2 != nil || !sameVec(a, b) || !sameVec(w, w0) {
				return nil, errorString("same seed gave different results, or w was modified")
			}
			return a, nil
		}},
	})
}

func teachingNB() []failure {
	return runCases("nb", "claims", []outcome{
		{input: "CheckClaim false", call: func() (any, error) { return nil, nb.CheckClaim("lasso wins", false) }, want: &expectation{kinds: []error{nb.ErrClaim}, says: []string{"lasso wins"}}},
		{input: "CheckClaim with an empty sentence", call: func() (any, error) { return nil, nb.CheckClaim("  ", true) }, want: &expectation{kinds: []error{nb.ErrClaim}}},
		{input: "Claim false (outside a notebook: a panic quoting it)", call: func() (any, error) { nb.Claim("lasso wins", false); return nil, nil }, panics: []string{"lasso wins"}},
		{input: "Claimf false with a %v of NaN", call: func() (any, error) { nb.Claimf(false, "ratio %v", math.NaN()); return nil, nil }, panics: []string{"ratio nan"}},
		{input: "Within with NaN", call: func() (any, error) {
			if nb.Within(math.NaN(), 1, 1e-9) || nb.Within(1, math.NaN(), 1e-9) || nb.Within(1, 1, math.NaN()) {
				return nil, errorString("a NaN counts as within")
			}
			if !nb.Within(1+1e-12, 1, 1e-9) || nb.Within(1.1, 1, 1e-9) {
				return nil, errorString("Within(1+1e-12, 1, 1e-9) or Within(1.1, 1, 1e-9) is wrong")
			}
			return nil, nil
		}},
		{input: "Must2 with an error", call: func() (any, error) {
			nb.Must2(1, 2, featlab.Errorf(featlab.ErrParam, "lambda = -1"))
			return nil, nil
		}, panics: []string{"lambda = -1"}},
	})
}

func teachingExercise() []failure {
	ref := func(v []float64, c float64) float64 { return c * float64(len(v)) }
	gen := func(r *rand.Rand, i int) []any { return []any{[]float64{1, 2, 3}, 2.0} }
	ex := func(g func(r *rand.Rand, i int) []any) exercise.Exercise[func([]float64, float64) float64] {
		e := exercise.Func("n", ref, []string{"v", "c"}, g)
		e.InProcess = true
		e.Cases = 3
		e.Timeout = 50 * time.Millisecond
		return e
	}
	fails := func(student func([]float64, float64) float64, g func(r *rand.Rand, i int) []any, says string) func() (any, error) {
		return func() (any, error) {
			r := exercise.Check(ex(g), student)
			if r.Passed {
				return nil, errorString("a faulty student passed")
			}
			if !strings.Contains(strings.ToLower(r.Got+" "+r.Hint), says) {
				return nil, errorString("verdict " + r.Got + " " + r.Hint + " does not say " + says)
			}
			return nil, nil
		}
	}
	return runCases("exercise", "Func and hints", []outcome{
		{input: "Func, student panics", call: fails(func([]float64, float64) float64 { panic("student") }, gen, "panic")},
		{input: "Func, nil student", call: fails(nil, gen, "nil")},
		{input: "Func, student returns NaN", call: fails(func([]float64, float64) float64 { return math.NaN() }, gen, "nan")},
		{input: "Func, correct student", call: func() (any, error) {
			if r := exercise.Check(ex(gen), ref); !r.Passed {
				return nil, errorString(r.String())
			}
			return nil, nil
		}},
		{input: "Func whose generator gives 1 argument for 2", call: func() (any, error) {
			r := exercise.Check(ex(func(r *rand.Rand, i int) []any { return []any{[]float64{1}} }), ref)
			if r.Passed {
				return nil, errorString("a broken exercise passed")
			}
			return nil, nil
		}},
		{input: "MeanVar of nothing and of one value", call: func() (any, error) {
			a, b, c := exercise.MeanVar(nil)
			d, e, f := exercise.MeanVar([]float64{3})
			return []float64{a, b, c, d, e, f}, nil
		}, noPanic: true},
		{input: "SizeHint with argument 5 of 2", call: func() (any, error) {
			return exercise.SizeHint(5)([]any{[]float64{1}, 2.0}, 1.0, 2.0), nil
		}, noPanic: true},
		{input: "SizeHint of a NaN output", call: func() (any, error) {
			return exercise.SizeHint(0)([]any{[]float64{1, 2, 3}}, 1.0, math.NaN()), nil
		}, noPanic: true},
		{input: "SizeHint names m - 1", call: func() (any, error) {
			h := exercise.SizeHint(0)([]any{[]float64{1, 2, 3, 4}}, 1.0, 4.0/3)
			if !strings.Contains(h, "m - 1") && !strings.Contains(h, "m-1") {
				return nil, errorString("hint: " + h)
			}
			return nil, nil
		}},
	})
}
