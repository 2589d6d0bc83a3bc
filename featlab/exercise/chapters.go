package exercise

import (
	"fmt"
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
