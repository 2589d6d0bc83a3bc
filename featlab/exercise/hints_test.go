package exercise_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
)

func hintOf[F any](ex exercise.Exercise[F], f F) string {
	ex.InProcess = true
	res := exercise.Check(ex, f)
	if res.Passed {
		return "PASSED"
	}
	return res.Hint
}

func wantHint(t *testing.T, name, hint string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(hint, w) {
			t.Errorf("%s: hint %q lacks %q", name, hint, w)
		}
	}
}

// A failing case with one value gets the stub and "N times" hints too.
func TestHintOneValue(t *testing.T) {
	ex := exercise.VecToScalar("sum", func(v []float64) float64 {
		s := 1.0
		for _, x := range v {
			s += x * x
		}
		return s
	}, nil)
	wantHint(t, "stub", hintOf(ex, func([]float64) float64 { return 0 }), "returned 0", "stub")
	wantHint(t, "scale", hintOf(ex, func(v []float64) float64 { return 2.5 * ex.Reference(v) }), "2.5 times the expected one")
	one := exercise.VecToVec("one", func(v []float64) []float64 { return []float64{1 + v[0]*v[0]} }, nil)
	wantHint(t, "one-entry stub", hintOf(one, func(v []float64) []float64 { return []float64{0} }), "stub")
	wantHint(t, "one-entry scale", hintOf(one, func(v []float64) []float64 { return []float64{7 * (1 + v[0]*v[0])} }), "7 times the expected")
}

func TestHintTransposedAndNilMatrix(t *testing.T) {
	ref := func(X *mat.Dense) *mat.Dense {
		r, c := X.Dims()
		out := mat.NewDense(r, c+1, nil)
		out.Slice(0, r, 0, c).(*mat.Dense).Copy(X)
		return out
	}
	ex := exercise.MatToMat("pad", ref, func(r *rand.Rand, i int) *mat.Dense { return exercise.NormalMatrix(r, 3, 3) })
	wantHint(t, "transposed", hintOf(ex, func(X *mat.Dense) *mat.Dense { return mat.DenseCopyOf(ref(X).T()) }), "transpose", "4x3", "3x4")
	wantHint(t, "nil", hintOf(ex, func(*mat.Dense) *mat.Dense { return nil }), "stub")
	wantHint(t, "input", hintOf(exercise.MatToMat("double", func(X *mat.Dense) *mat.Dense {
		var Y mat.Dense
		Y.Scale(2, X)
		Y.Apply(func(_, _ int, v float64) float64 { return v + 1 }, &Y)
		return &Y
	}, nil), func(X *mat.Dense) *mat.Dense { return mat.DenseCopyOf(X) }), "returned its input X unchanged", "stub")
}

func TestHintIntOffByOne(t *testing.T) {
	ex := exercise.Exercise[func([]float64) int]{
		Name: "argmax", ArgNames: []string{"v"},
		Reference: func(v []float64) int {
			b := 0
			for k := range v {
				if v[k] > v[b] {
					b = k
				}
			}
			return b
		},
		Generate: func(r *rand.Rand, i int) []any { return []any{exercise.Normal(r, 5)} },
		Call:     func(f func([]float64) int, a []any) (any, error) { return f(a[0].([]float64)), nil },
	}
	wantHint(t, "one-based", hintOf(ex, func(v []float64) int { return ex.Reference(v) + 1 }), "off by one")
	idx := exercise.Exercise[func([]float64) []int]{
		Name: "order", ArgNames: []string{"v"},
		Reference: func(v []float64) []int { return []int{0, 2, 1} },
		Generate:  func(r *rand.Rand, i int) []any { return []any{exercise.Normal(r, 3)} },
		Call:      func(f func([]float64) []int, a []any) (any, error) { return f(a[0].([]float64)), nil },
	}
	wantHint(t, "one-based slice", hintOf(idx, func([]float64) []int { return []int{1, 3, 2} }), "off by one", "0-based")
}

type table struct{ f func(float64) float64 }

func (t table) String() string { return "f(1) = " + exercise.Format(t.f(1)) }

// An argument with a String method prints through it, not as its type.
func TestFormatUsesStringer(t *testing.T) {
	if s := exercise.Format(table{func(x float64) float64 { return 2 * x }}); s != "f(1) = 2" {
		t.Errorf("Format = %q", s)
	}
}

// The text report fits a projected cell: long values are cut, the hint
// wraps.
func TestStringFitsWidth(t *testing.T) {
	ex := exercise.MatToMat("copy", func(X *mat.Dense) *mat.Dense { return mat.DenseCopyOf(X) },
		func(r *rand.Rand, i int) *mat.Dense { return exercise.NormalMatrix(r, 6, 8) })
	ex.InProcess = true
	res := exercise.Check(ex, func(X *mat.Dense) *mat.Dense { var Y mat.Dense; Y.Scale(3, X); return &Y })
	for _, l := range strings.Split(res.String(), "\n") {
		if n := len([]rune(l)); n > exercise.TextWidth {
			t.Errorf("line of %d characters: %q", n, l)
		}
	}
}
