package exercise_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/featlab/course/featlab/exercise"
	"gonum.org/v1/gonum/mat"
)

// pearson is the reference used throughout these tests (eq. 25.2).
func pearson(v, y []float64) float64 {
	m := float64(len(v))
	var mv, my float64
	for i := range v {
		mv += v[i]
		my += y[i]
	}
	mv, my = mv/m, my/m
	var c, sv, sy float64
	for i := range v {
		c += (v[i] - mv) * (y[i] - my)
		sv += (v[i] - mv) * (v[i] - mv)
		sy += (y[i] - my) * (y[i] - my)
	}
	return c / math.Sqrt(sv*sy)
}

func pearsonEx() exercise.Exercise[func(v, y []float64) float64] {
	return exercise.VecVecToScalar("Pearson's r", pearson, nil)
}

func TestRightStudentPasses(t *testing.T) {
	// A different but correct formula: the one-pass form with sums.
	student := func(v, y []float64) float64 {
		n := float64(len(v))
		var sx, sy, sxx, syy, sxy float64
		for i := range v {
			sx += v[i]
			sy += y[i]
			sxx += v[i] * v[i]
			syy += y[i] * y[i]
			sxy += v[i] * y[i]
		}
		return (n*sxy - sx*sy) / math.Sqrt((n*sxx-sx*sx)*(n*syy-sy*sy))
	}
	res := exercise.Check(pearsonEx(), student)
	if !res.Passed || res.Ran != exercise.DefaultCases {
		t.Fatalf("correct student failed:\n%s", res)
	}
	if !strings.HasPrefix(res.String(), "✔ PASS Pearson's r") {
		t.Errorf("String() = %q", res.String())
	}
	if h := res.HTML(); !strings.Contains(h, "#009E73") || !strings.Contains(h, "PASS") {
		t.Errorf("HTML() of a pass lacks the green bar: %s", h)
	}
}

func TestWrongStudentFailsAtFirstCase(t *testing.T) {
	// Forgot to centre: <v, y> / (|v| |y|).
	student := func(v, y []float64) float64 {
		var c, sv, sy float64
		for i := range v {
			c += v[i] * y[i]
			sv += v[i] * v[i]
			sy += y[i] * y[i]
		}
		return c / math.Sqrt(sv*sy)
	}
	ex := pearsonEx()
	res := exercise.Check(ex, student)
	if res.Passed {
		t.Fatal("wrong student passed")
	}
	// The reported case must be the first one on which the two disagree.
	first := -1
	for i := 0; i < ex.Cases || (ex.Cases == 0 && i < exercise.DefaultCases); i++ {
		r := rand.New(rand.NewPCG(ex.Seed, uint64(i)))
		args := ex.Generate(r, i)
		v, y := args[0].([]float64), args[1].([]float64)
		if !exercise.Close(pearson(v, y), student(v, y), exercise.DefaultTol) {
			first = i
			break
		}
	}
	if first < 0 || res.Case != first || res.Ran != first+1 {
		t.Fatalf("reported case %d (ran %d), first failing case is %d", res.Case, res.Ran, first)
	}
	if len(res.Inputs) != 2 || !strings.HasPrefix(res.Inputs[0], "v = [") || !strings.HasPrefix(res.Inputs[1], "y = [") {
		t.Errorf("inputs not reported: %q", res.Inputs)
	}
	if res.Want == "" || res.Got == "" || res.Want == res.Got || res.Hint == "" {
		t.Errorf("want %q got %q hint %q", res.Want, res.Got, res.Hint)
	}
	s := res.String()
	for _, part := range []string{"✘ FAIL Pearson's r", "input    v = ", "expected ", "got      ", "hint     "} {
		if !strings.Contains(s, part) {
			t.Errorf("String() lacks %q:\n%s", part, s)
		}
	}
	h := res.HTML()
	for _, part := range []string{"#D55E00", "FAIL", "expected", "Hint:"} {
		if !strings.Contains(h, part) {
			t.Errorf("HTML() lacks %q:\n%s", part, h)
		}
	}
}

func TestHints(t *testing.T) {
	ex := pearsonEx()
	cases := []struct {
		name    string
		student func(v, y []float64) float64
		hint    string
	}{
		{"sign", func(v, y []float64) float64 { return -pearson(v, y) }, "sign is flipped"},
		{"factor", func(v, y []float64) float64 { return 0.5 * pearson(v, y) }, "0.5 times the expected"},
		{"nan", func(v, y []float64) float64 { return math.NaN() }, "returned NaN"},
		{"inf", func(v, y []float64) float64 { return math.Inf(1) }, "infinity"},
		{"panic", func(v, y []float64) float64 { return v[len(v)+1] }, "panicked: runtime error: index out of range"},
		{"mutate", func(v, y []float64) float64 {
			r := pearson(v, y)
			v[0] = 42
			return r
		}, "changed its input v in place"},
		{"nil", nil, "nil"},
	}
	for _, c := range cases {
		res := exercise.Check(ex, c.student)
		if res.Passed {
			t.Errorf("%s: passed", c.name)
			continue
		}
		if !strings.Contains(res.Hint, c.hint) {
			t.Errorf("%s: hint %q lacks %q", c.name, res.Hint, c.hint)
		}
		if c.name == "panic" && (!strings.HasPrefix(res.Got, "panic") || res.Case != 0) {
			t.Errorf("panic reported as got=%q case=%d", res.Got, res.Case)
		}
	}
}

func TestTimeout(t *testing.T) {
	ex := pearsonEx()
	ex.Timeout = 20 * time.Millisecond
	block := make(chan struct{})
	defer close(block)
	res := exercise.Check(ex, func(v, y []float64) float64 { <-block; return 0 })
	if res.Passed || !strings.Contains(res.Hint, "did not return") {
		t.Fatalf("timeout not reported: %s", res)
	}
}

func TestVectorHintsAndShapes(t *testing.T) {
	ranks := func(v []float64) []float64 {
		out := make([]float64, len(v))
		for i := range v {
			for j := range v {
				if v[j] < v[i] {
					out[i]++
				}
			}
			out[i]++
		}
		return out
	}
	ex := exercise.VecToVec("ranks", ranks, nil)
	if res := exercise.Check(ex, ranks); !res.Passed {
		t.Fatalf("reference against itself: %s", res)
	}
	short := func(v []float64) []float64 { return ranks(v)[1:] }
	if res := exercise.Check(ex, short); res.Passed || !strings.Contains(res.Hint, "wrong shape") {
		t.Errorf("short output: %s", res)
	}
	zeroBased := func(v []float64) []float64 {
		r := ranks(v)
		r[len(r)-1]--
		return r
	}
	if res := exercise.Check(ex, zeroBased); res.Passed || !strings.Contains(res.Hint, "first difference at index") {
		t.Errorf("one wrong value: %s", res)
	}
	double := func(v []float64) []float64 {
		r := ranks(v)
		for i := range r {
			r[i] *= 2
		}
		return r
	}
	zeros := func(v []float64) []float64 { return make([]float64, len(v)) }
	if res := exercise.Check(ex, zeros); res.Passed || !strings.Contains(res.Hint, "only zeros") {
		t.Errorf("zero output: %s", res)
	}
	if res := exercise.Check(ex, double); res.Passed || !strings.Contains(res.Hint, "2 times the expected") || strings.Contains(res.Hint, "m - 1") {
		t.Errorf("scaled output: %s", res)
	}
}

func TestMatrixExercises(t *testing.T) {
	colMeans := func(X *mat.Dense) []float64 {
		m, d := X.Dims()
		out := make([]float64, d)
		for j := 0; j < d; j++ {
			for i := 0; i < m; i++ {
				out[j] += X.At(i, j)
			}
			out[j] /= float64(m)
		}
		return out
	}
	if res := exercise.Check(exercise.MatToVec("column means", colMeans, nil), colMeans); !res.Passed {
		t.Errorf("MatToVec: %s", res)
	}
	center := func(X *mat.Dense) *mat.Dense {
		mu := colMeans(X)
		var out mat.Dense
		out.Apply(func(_, j int, v float64) float64 { return v - mu[j] }, X)
		return &out
	}
	inPlace := func(X *mat.Dense) *mat.Dense {
		mu := colMeans(X)
		X.Apply(func(_, j int, v float64) float64 { return v - mu[j] }, X)
		return X
	}
	ex := exercise.MatToMat("centre the columns", center, nil)
	if res := exercise.Check(ex, center); !res.Passed {
		t.Errorf("MatToMat: %s", res)
	}
	if res := exercise.Check(ex, inPlace); res.Passed || !strings.Contains(res.Hint, "changed its input X") {
		t.Errorf("in-place student: %s", res)
	}
	if res := exercise.Check(ex, func(X *mat.Dense) *mat.Dense { return nil }); res.Passed || !strings.Contains(res.Got, "empty") {
		t.Errorf("nil matrix: %s", res)
	}
	ls := func(X *mat.Dense, y []float64) []float64 {
		_, d := X.Dims()
		var w mat.VecDense
		if err := w.SolveVec(X, mat.NewVecDense(len(y), y)); err != nil {
			return nil
		}
		return mat.Col(nil, 0, &w)[:d]
	}
	if res := exercise.Check(exercise.MatVecToVec("least squares", ls, nil), ls); !res.Passed {
		t.Errorf("MatVecToVec: %s", res)
	}
	ridge := func(X *mat.Dense, y []float64, a float64) []float64 {
		_, d := X.Dims()
		var A mat.Dense
		A.Mul(X.T(), X)
		for j := 0; j < d; j++ {
			A.Set(j, j, A.At(j, j)+a)
		}
		var b, w mat.VecDense
		b.MulVec(X.T(), mat.NewVecDense(len(y), y))
		if err := w.SolveVec(&A, &b); err != nil {
			return nil
		}
		return w.RawVector().Data
	}
	ex3 := exercise.MatVecScalarToVec("ridge", ridge, nil)
	if res := exercise.Check(ex3, ridge); !res.Passed {
		t.Errorf("MatVecScalarToVec: %s", res)
	}
	if res := exercise.Check(ex3, func(X *mat.Dense, y []float64, a float64) []float64 { return ridge(X, y, 0) }); res.Passed {
		t.Error("ridge without its penalty passed")
	}
}

func TestScalarExercises(t *testing.T) {
	soft := func(x, a float64) float64 { return math.Copysign(math.Max(math.Abs(x)-a, 0), x) }
	ex := exercise.ScalarScalarToScalar("soft threshold", soft, nil)
	if res := exercise.Check(ex, soft); !res.Passed {
		t.Errorf("scalar: %s", res)
	}
	hard := func(x, a float64) float64 {
		if math.Abs(x) > a {
			return x
		}
		return 0
	}
	if res := exercise.Check(ex, hard); res.Passed {
		t.Error("hard threshold passed as soft")
	}
	softVec := func(v []float64, a float64) []float64 {
		out := make([]float64, len(v))
		for i, x := range v {
			out[i] = soft(x, a)
		}
		return out
	}
	if res := exercise.Check(exercise.VecScalarToVec("soft threshold, vector", softVec, nil), softVec); !res.Passed {
		t.Errorf("vector: %s", res)
	}
	mean := func(v []float64) float64 {
		s := 0.0
		for _, x := range v {
			s += x
		}
		return s / float64(len(v))
	}
	if res := exercise.Check(exercise.VecToScalar("mean", mean, nil), mean); !res.Passed {
		t.Errorf("VecToScalar: %s", res)
	}
}

func TestErrorsAsOutcomes(t *testing.T) {
	// A generic exercise whose reference rejects negative input.
	ref := func(x float64) (float64, error) {
		if x < 0 {
			return 0, errors.New("negative")
		}
		return math.Sqrt(x), nil
	}
	ex := exercise.Exercise[func(float64) (float64, error)]{
		Name:      "checked square root",
		Reference: ref,
		ArgNames:  []string{"x"},
		Generate:  func(r *rand.Rand, i int) []any { return []any{4*r.Float64() - 2} },
		Call: func(f func(float64) (float64, error), a []any) (any, error) {
			return f(a[0].(float64))
		},
	}
	if res := exercise.Check(ex, ref); !res.Passed {
		t.Fatalf("reference: %s", res)
	}
	lax := func(x float64) (float64, error) { return math.Sqrt(math.Abs(x)), nil }
	if res := exercise.Check(ex, lax); res.Passed || !strings.Contains(res.Hint, "should be rejected") {
		t.Errorf("lax student: %s", res)
	}
	strict := func(x float64) (float64, error) { return 0, errors.New("no") }
	if res := exercise.Check(ex, strict); res.Passed || !strings.Contains(res.Hint, "returned an error on a valid input") || !strings.Contains(res.Got, "error: no") {
		t.Errorf("strict student: %s", res)
	}
	// A broken reference is reported, not panicked on.
	bad := ex
	bad.Reference = func(x float64) (float64, error) { panic("boom") }
	if res := exercise.Check(bad, ref); res.Passed || !strings.Contains(res.Hint, "bug in the exercise") {
		t.Errorf("broken reference: %s", res)
	}
	gen := ex
	gen.Generate = func(r *rand.Rand, i int) []any { panic("gen") }
	if res := exercise.Check(gen, ref); res.Passed || !strings.Contains(res.Hint, "generator failed") {
		t.Errorf("broken generator: %s", res)
	}
	gen.Generate = nil
	if res := exercise.Check(gen, ref); res.Passed || !strings.Contains(res.Hint, "incomplete") {
		t.Errorf("no generator: %s", res)
	}
}

func TestCustomHintAndEqual(t *testing.T) {
	ex := pearsonEx()
	ex.Hint = func(args []any, want, got any) string { return "did you centre v and y?" }
	res := exercise.Check(ex, func(v, y []float64) float64 { return 0 })
	if res.Hint != "did you centre v and y?" {
		t.Errorf("custom hint ignored: %q", res.Hint)
	}
	ex.Equal = func(want, got any) bool { return true }
	if res := exercise.Check(ex, func(v, y []float64) float64 { return 0 }); !res.Passed {
		t.Error("custom Equal ignored")
	}
}

func TestDeterministic(t *testing.T) {
	student := func(v, y []float64) float64 { return pearson(v, y) + 1e-3 }
	a := exercise.Check(pearsonEx(), student).String()
	b := exercise.Check(pearsonEx(), student).String()
	if a != b {
		t.Fatalf("two runs differ:\n%s\n%s", a, b)
	}
	ex := pearsonEx()
	ex.Seed = 7
	if c := exercise.Check(ex, student).String(); c == a {
		t.Error("a different seed gave the same failing case")
	}
}

func TestClose(t *testing.T) {
	cases := []struct {
		want, got any
		ok        bool
	}{
		{1.0, 1.0 + 1e-9, true},
		{1.0, 1.1, false},
		{1e6, 1e6 + 0.1, true}, // relative: 0.1 <= 1e-6 * 1e6
		{math.NaN(), math.NaN(), true},
		{1.0, math.NaN(), false},
		{math.Inf(1), math.Inf(1), true},
		{[]float64{1, 2}, []float64{1, 2}, true},
		{[]float64{1, 2}, []float64{1}, false},
		{[]float64{1}, 1.0, false},
		{[][]float64{{1, 2}, {3, 4}}, mat.NewDense(2, 2, []float64{1, 2, 3, 4}), true},
		{mat.NewDense(2, 2, []float64{1, 2, 3, 4}), mat.NewDense(1, 4, []float64{1, 2, 3, 4}), false},
		{mat.NewVecDense(2, []float64{1, 2}), []float64{1, 2}, true},
		{[]int{1, 2}, []int{1, 2}, true},
		{[]int{1, 2}, []int{2, 1}, false},
		{[]bool{true}, []bool{true}, true},
		{[]string{"a"}, []string{"b"}, false},
		{3, 3, true},
		{"x", 1.0, false},
		{[]float64{1}, []int{1}, false},
	}
	for k, c := range cases {
		if got := exercise.Close(c.want, c.got, exercise.DefaultTol); got != c.ok {
			t.Errorf("case %d: Close(%v, %v) = %v", k, c.want, c.got, got)
		}
	}
}

func TestFormat(t *testing.T) {
	long := make([]float64, 20)
	cases := []struct {
		v    any
		want string
	}{
		{1.0 / 3, "0.333333"},
		{[]float64{1, 2.5}, "[1 2.5]"},
		{long, "[0 0 0 0 0 0 0 0 ... (20 values)]"},
		{mat.NewDense(2, 2, []float64{1, 2, 3, 4}), "2x2 [[1 2] [3 4]]"},
		{[][]float64{{1}, {2}}, "[[1] [2]]"},
		{nil, "nil"},
		{errors.New("bad"), "error: bad"},
		{[]int{1, 2}, "[1 2]"},
	}
	for _, c := range cases {
		if got := exercise.Format(c.v); got != c.want {
			t.Errorf("Format(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestGenerators(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	s := exercise.Signs(r, 10)
	var neg, pos int
	for _, v := range s {
		switch v {
		case -1:
			neg++
		case 1:
			pos++
		}
	}
	if neg == 0 || pos == 0 || neg+pos != 10 {
		t.Errorf("Signs = %v", s)
	}
	l := exercise.Labels(r, 5, 5)
	seen := map[float64]bool{}
	for _, v := range l {
		seen[v] = true
	}
	if len(seen) != 5 {
		t.Errorf("Labels missing a class: %v", l)
	}
	for _, v := range exercise.Uniform(r, 100, -1, 1) {
		if v < -1 || v >= 1 {
			t.Fatalf("Uniform out of range: %v", v)
		}
	}
	if exercise.Size(0, 3, 5) != 3 || exercise.Size(2, 3, 5) != 5 || exercise.Size(3, 3, 5) != 3 || exercise.Size(9, 4, 4) != 4 {
		t.Error("Size does not cycle")
	}
}

// The notebooks' pattern: a stub that fails, then a correct version.
func Example() {
	ex := exercise.VecVecToScalar("Pearson's r (eq. 25.2)", pearson, nil)
	ex.Cases = 10

	// A student forgot to centre v and y.
	uncentred := func(v, y []float64) float64 {
		var c, sv, sy float64
		for i := range v {
			c += v[i] * y[i]
			sv += v[i] * v[i]
			sy += y[i] * y[i]
		}
		return c / math.Sqrt(sv*sy)
	}
	fmt.Println(exercise.Check(ex, uncentred))
	fmt.Println(exercise.Check(ex, pearson))
	// Output:
	// ✘ FAIL Pearson's r (eq. 25.2): case 1 of 10
	//   input    v = [0.566536 -0.612397 0.589895]
	//   input    y = [1.04951 -0.397947 -0.295149]
	//   expected 0.539879
	//   got      0.560102
	//   hint     your value is 1.037 times the expected one (a difference of 0.0202)
	// ✔ PASS Pearson's r (eq. 25.2): all 10 cases agree with the reference
}

// A generic exercise for a signature without a constructor: class counts.
func ExampleCheck() {
	counts := func(y []int, k int) []int {
		c := make([]int, k)
		for _, v := range y {
			c[v]++
		}
		return c
	}
	ex := exercise.Exercise[func([]int, int) []int]{
		Name:      "class counts",
		Reference: counts,
		ArgNames:  []string{"y", "k"},
		Generate: func(r *rand.Rand, i int) []any {
			k := 2 + i%3
			y := make([]int, 3+i)
			for j := range y {
				y[j] = r.IntN(k)
			}
			return []any{y, k}
		},
		Call: func(f func([]int, int) []int, a []any) (any, error) {
			return f(a[0].([]int), a[1].(int)), nil
		},
	}
	offByOne := func(y []int, k int) []int { return counts(y, k)[:k-1] }
	fmt.Println(exercise.Check(ex, counts))
	fmt.Println(exercise.Check(ex, offByOne).Hint)
	// Output:
	// ✔ PASS class counts: all 25 cases agree with the reference
	// wrong length: returned 1 value, expected 2
}

// The generic hint names a 1/m against 1/(m-1) slip only when the failing
// case's m explains the observed factor; faulty students of a population
// variance on fixed sizes m.
func TestGenericHintNamesANormalisationOnlyWhenMFits(t *testing.T) {
	popVar := func(v []float64) float64 {
		_, s2, _ := exercise.MeanVar(v)
		return s2
	}
	sized := func(m int) exercise.Exercise[func([]float64) float64] {
		return exercise.VecToScalar("variance", popVar, func(r *rand.Rand, i int) []float64 {
			return exercise.Normal(r, m)
		})
	}
	cases := []struct {
		name    string
		m       int
		factor  func(m float64) float64
		has     []string
		hasNone []string
	}{
		{"ratio 2, m = 2", 2, func(float64) float64 { return 2 }, []string{"either", "m = 2", "a case with more values will tell"}, nil},
		{"m/(m-1), m = 7", 7, func(m float64) float64 { return m / (m - 1) }, []string{"m/(m-1)", "m = 7", "divided by m - 1"}, nil},
		{"ratio 3, m = 7", 7, func(float64) float64 { return 3 }, []string{"3 times the expected"}, []string{"m - 1", "m/(m-1)", "sum", "mean"}},
		{"ratio 2, m = 7", 7, func(float64) float64 { return 2 }, []string{"2 times the expected"}, []string{"m - 1", "m/(m-1)", "sum", "mean"}},
	}
	for _, c := range cases {
		student := func(v []float64) float64 { return c.factor(float64(len(v))) * popVar(v) }
		res := exercise.Check(sized(c.m), student)
		if res.Passed {
			t.Errorf("%s: passed", c.name)
			continue
		}
		for _, s := range c.has {
			if !strings.Contains(res.Hint, s) {
				t.Errorf("%s: hint %q lacks %q", c.name, res.Hint, s)
			}
		}
		for _, s := range c.hasNone {
			if strings.Contains(res.Hint, s) {
				t.Errorf("%s: hint %q claims a cause (%q)", c.name, res.Hint, s)
			}
		}
	}
}
