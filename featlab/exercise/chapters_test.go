package exercise

import (
	"errors"
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
