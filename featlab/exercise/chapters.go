package exercise

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
)

// Func builds an Exercise for a student function of any signature F, so
// that an exercise with arguments the fixed constructors do not cover
// (a vector, a matrix and two scalars, say) needs no plumbing in the
// notebook. gen returns the arguments of case i in the order of F's
// parameters; argNames names them in failure reports.
//
// The outputs of F are compared as follows: a single result as it is; a
// last result of type error as the call's error (a case passes when both
// functions return an error); several float64 results packed into a
// []float64, so that func(...) (a, b float64) is compared like a vector
// of two values and the hint names the first that differs.
//
// Func panics when F is not a function type or gen returns the wrong
// number of arguments: that is a bug in the exercise, which Check reports.
func Func[F any](name string, ref F, argNames []string, gen func(r *rand.Rand, i int) []any) Exercise[F] {
	return Exercise[F]{
		Name: name, Reference: ref, ArgNames: argNames, Generate: gen,
		Call: func(f F, args []any) (any, error) { return callFunc(f, args) },
	}
}

var errorType = reflect.TypeFor[error]()

func callFunc(f any, args []any) (any, error) {
	fv := reflect.ValueOf(f)
	ft := fv.Type()
	if ft.Kind() != reflect.Func {
		panic(fmt.Sprintf("exercise.Func: %v is not a function", ft))
	}
	if ft.NumIn() != len(args) {
		panic(fmt.Sprintf("exercise.Func: the function takes %d arguments, the generator gave %d", ft.NumIn(), len(args)))
	}
	in := make([]reflect.Value, len(args))
	for k, a := range args {
		if a == nil {
			in[k] = reflect.Zero(ft.In(k))
		} else {
			in[k] = reflect.ValueOf(a)
		}
	}
	out := fv.Call(in)
	if n := len(out); n > 0 && ft.Out(n-1) == errorType {
		if err, _ := out[n-1].Interface().(error); err != nil {
			return nil, err
		}
		out = out[:n-1]
	}
	switch len(out) {
	case 0:
		return nil, nil
	case 1:
		return out[0].Interface(), nil
	}
	floats := make([]float64, len(out))
	for k, o := range out {
		if o.Kind() != reflect.Float64 {
			vals := make([]any, len(out))
			for j := range out {
				vals[j] = out[j].Interface()
			}
			return vals, nil
		}
		floats[k] = o.Float()
	}
	return floats, nil
}

// MeanVar returns the mean and the population variance (1/m) of v, and
// the ratio m/(m-1) by which the sample variance exceeds it: what a hint
// needs to say "you divided by m-1" only when the failing case shows it.
func MeanVar(v []float64) (mean, variance, ratio float64) {
	m := float64(len(v))
	for _, x := range v {
		mean += x / m
	}
	for _, x := range v {
		variance += (x - mean) * (x - mean) / m
	}
	return mean, variance, m / (m - 1)
}

// SizeHint returns a Hint for exercises whose usual slips are
// normalisations by the number of values m: it reads m from argument arg
// (the length of a []float64, the rows of a *mat.Dense) of the failing case
// and names a cause only when the case supports it: an output that is
// m/(m-1) or (m-1)/m times the expected one (or their square roots, for a
// standard deviation), m times or 1/m times it. Any other uniform factor is
// reported as a number without a cause; a disagreement that is not a
// uniform factor falls back to the generic hint.
func SizeHint(arg int) func(args []any, want, got any) string {
	return func(args []any, want, got any) string {
		if arg < 0 || arg >= len(args) {
			return ""
		}
		m := 0
		switch a := args[arg].(type) {
		case []float64:
			m = len(a)
		case interface{ Dims() (int, int) }:
			m, _ = a.Dims()
		}
		q, ok := uniformRatio(want, got)
		if !ok || m < 2 {
			return ""
		}
		return factorHint(q, m)
	}
}

// factorHint describes an output that is q times the expected one, for a
// failing case with m values (m < 2: unknown). It names a normalisation
// slip only when q equals, to a relative 1e-6, the factor that slip gives
// for this m: m/(m-1) or (m-1)/m (or their square roots, for a standard
// deviation), m or 1/m; when m = 2 and q = 2, a sum for a mean and m - 1
// for m give the same factor, and the hint says it cannot tell. Any other
// factor is reported as a number without a cause. Check's generic hint and
// SizeHint both use it.
func factorHint(q float64, m int) string {
	if h := namedFactor(q, m); h != "" {
		return h
	}
	return fmt.Sprintf("your output is %.4g times the expected one", q)
}

// namedFactor is factorHint's named cause, or "" when none fits q and m.
func namedFactor(q float64, m int) string {
	if m < 2 {
		return ""
	}
	fm := float64(m)
	near := func(x float64) bool { return math.Abs(q-x) <= 1e-6*math.Max(1, math.Abs(x)) }
	switch {
	case m == 2 && near(2):
		return "your value is 2 times the expected one, and this case has m = 2 values: either a sum where the formula has a mean, or m - 1 where it has m (both give 2 here; a case with more values will tell)"
	case near(fm / (fm - 1)):
		return fmt.Sprintf("your value is m/(m-1) = %.4g times the expected one for this case's m = %d: you divided by m - 1 where the formula divides by m", q, m)
	case near((fm - 1) / fm):
		return fmt.Sprintf("your value is (m-1)/m = %.4g times the expected one for this case's m = %d: you divided by m where the formula divides by m - 1", q, m)
	case near(math.Sqrt(fm / (fm - 1))):
		return fmt.Sprintf("your value is sqrt(m/(m-1)) = %.4g times the expected one for this case's m = %d: a standard deviation with m - 1 where the formula has m", q, m)
	case near(math.Sqrt((fm - 1) / fm)):
		return fmt.Sprintf("your value is sqrt((m-1)/m) = %.4g times the expected one for this case's m = %d: you divided by a standard deviation with m - 1 where the formula has m", q, m)
	case near(fm):
		return fmt.Sprintf("your value is m = %d times the expected one: a sum where the formula has a mean (divide by m)", m)
	case near(1 / fm):
		return fmt.Sprintf("your value is 1/m = 1/%d times the expected one: a mean where the formula has a sum", m)
	}
	return ""
}

// uniformRatio returns q when got = q * want entry by entry (entries where
// want is 0 must be 0 in got), q != 1.
func uniformRatio(want, got any) (float64, bool) {
	w, wr, wc, ok1 := asFloats(want)
	g, gr, gc, ok2 := asFloats(got)
	if !ok1 || !ok2 || wr != gr || wc != gc || len(w) != len(g) {
		return 0, false
	}
	q := math.NaN()
	for k := range w {
		if math.Abs(w[k]) < 1e-12 {
			if math.Abs(g[k]) > 1e-9 {
				return 0, false
			}
			continue
		}
		r := g[k] / w[k]
		if math.IsNaN(q) {
			q = r
		} else if math.Abs(r-q) > 1e-9*math.Max(1, math.Abs(q)) {
			return 0, false
		}
	}
	if math.IsNaN(q) || math.IsInf(q, 0) || q == 0 || math.Abs(q-1) < 1e-12 {
		return 0, false
	}
	return q, true
}
