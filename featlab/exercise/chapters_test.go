package exercise

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func twoScalars(v []float64, a float64) (float64, float64) {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s * a, s
}

func TestFuncPacksFloatResultsAndReportsTheFirstDifference(t *testing.T) {
	gen := func(r *rand.Rand, i int) []any { return []any{Normal(r, Size(i, 1, 5)), r.Float64() + 1} }
	ex := Func("two sums", twoScalars, []string{"v", "a"}, gen)
	if res := Check(ex, twoScalars); !res.Passed {
		t.Fatalf("reference against itself: %v", res)
	}
	wrong := func(v []float64, a float64) (float64, float64) { x, y := twoScalars(v, a); return x, y + 1 }
	res := Check(ex, wrong)
	if res.Passed || !strings.Contains(res.Hint, "index 1") {
		t.Errorf("wrong second result: %v", res)
	}
}

func TestFuncErrorsAreOutcomes(t *testing.T) {
	ref := func(x float64) (float64, error) {
		if x < 0 {
			return 0, errors.New("negative")
		}
		return x, nil
	}
	gen := func(r *rand.Rand, i int) []any { return []any{float64(i%3) - 1} }
	ex := Func("errors", ref, []string{"x"}, gen)
	if res := Check(ex, ref); !res.Passed {
		t.Fatalf("reference against itself: %v", res)
	}
	noErr := func(x float64) (float64, error) { return x, nil }
	if res := Check(ex, noErr); res.Passed || !strings.Contains(res.Hint, "rejected") {
		t.Errorf("missing error: %v", res)
	}
}

func TestFuncBadGeneratorIsReported(t *testing.T) {
	ex := Func("bad", func(x float64) float64 { return x }, nil, func(r *rand.Rand, i int) []any { return []any{1.0, 2.0} })
	if res := Check(ex, func(x float64) float64 { return x }); res.Passed {
		t.Error("an exercise whose generator gives too many arguments passed")
	}
}

func TestMeanVar(t *testing.T) {
	m, v, q := MeanVar([]float64{1, 2, 3, 4})
	if m != 2.5 || v != 1.25 || q != 4.0/3 {
		t.Errorf("MeanVar = %v %v %v", m, v, q)
	}
}

func TestSizeHintNamesACauseOnlyWhenTheCaseShowsIt(t *testing.T) {
	h := SizeHint(0)
	v := []float64{1, 2, 3}
	cases := []struct {
		want, got any
		has       string
	}{
		{2.0, 3.0, "m/(m-1)"}, // m = 3: 3/2
		{[]float64{1, -1}, []float64{1.5, -1.5}, "m/(m-1)"},
		{2.0, 6.0, "a sum where"}, // 3 times
		{3.0, 1.0, "a mean where"},
		{2.0, 5.0, "2.5 times"}, // no cause fits m = 3
	}
	for _, c := range cases {
		if got := h([]any{v}, c.want, c.got); !strings.Contains(got, c.has) {
			t.Errorf("want %v got %v: hint %q, want it to contain %q", c.want, c.got, got, c.has)
		}
	}
	// a factor 2 is m/(m-1) only when m = 2
	if got := h([]any{v}, 1.0, 2.0); strings.Contains(got, "m - 1") {
		t.Errorf("m = 3, factor 2: %q claims an m - 1 slip", got)
	}
	if got := h([]any{[]float64{4, 5}}, 1.0, 2.0); !strings.Contains(got, "either") {
		t.Errorf("m = 2, factor 2: %q", got)
	}
	if got := h([]any{v}, 2.0, 0.0); got != "" {
		t.Errorf("a zero output: %q, want the generic hint", got)
	}
	if got := h([]any{v}, []float64{1, 2}, []float64{1, 3}); got != "" {
		t.Errorf("not a uniform factor: %q, want the generic hint", got)
	}
}

// An exercise for a function returning two numbers: the best line (a, b).
func ExampleFunc() {
	ref := func(v, y []float64) (float64, float64) { // least squares a v + b
		var mv, my, cvy, cvv float64
		for i := range v {
			mv, my = mv+v[i]/float64(len(v)), my+y[i]/float64(len(v))
		}
		for i := range v {
			cvy += (v[i] - mv) * (y[i] - my)
			cvv += (v[i] - mv) * (v[i] - mv)
		}
		return cvy / cvv, my - cvy/cvv*mv
	}
	gen := func(r *rand.Rand, i int) []any {
		n := Size(i, 3, 10)
		return []any{Normal(r, n), Normal(r, n)}
	}
	ex := Func("the best line", ref, []string{"v", "y"}, gen)
	noIntercept := func(v, y []float64) (float64, float64) { a, _ := ref(v, y); return a, 0 }
	res := Check(ex, noIntercept)
	fmt.Println(res.Passed, res.Hint)
	// Output: false first difference at index 1: expected 0.321668, got 0
}
