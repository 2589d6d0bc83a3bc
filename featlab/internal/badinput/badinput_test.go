package badinput

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
	"gonum.org/v1/gonum/mat"
)

// entry is one public function on (X, y).
type entry struct {
	name string
	call func(X mat.Matrix, y []float64) (any, error)
}

// ignoresY: transformers fit on X alone.
func (e entry) ignoresY() bool { return strings.HasPrefix(e.name, "transform.") }

func wrap[T any](f func(X mat.Matrix, y []float64) (T, error)) func(mat.Matrix, []float64) (any, error) {
	return func(X mat.Matrix, y []float64) (any, error) { return f(X, y) }
}

func transformer(t featlab.Transformer) func(mat.Matrix, []float64) (any, error) {
	return func(X mat.Matrix, _ []float64) (any, error) {
		if err := t.Fit(X); err != nil {
			return nil, err
		}
		return t.Transform(X)
	}
}

var entries = []entry{
	{"filter.Pearson", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.Pearson(X, y, nil, nil) })},
	{"filter.RSquared", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.RSquared(X, y, nil, nil) })},
	{"filter.FRegression", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.FRegression(X, y, nil, nil) })},
	{"filter.Spearman", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.Spearman(X, y, nil, nil) })},
	{"filter.AUC", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.AUC(X, y, nil, nil) })},
	{"filter.Stump", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.Stump(X, y, nil, nil) })},
	{"filter.FClassif", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.FClassif(X, y, nil, nil) })},
	{"filter.Chi2", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.Chi2(X, y, nil, nil) })},
	{"filter.MinLoss", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.MinLoss(X, y, nil, nil) })},
	{"filter.MinLoss hinge", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) {
		return filter.MinLoss(X, y, nil, &filter.MinLossConfig{Loss: filter.HingeLoss})
	})},
	{"filter.MutualInfo", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.MutualInfo(X, y, nil, nil) })},
	{"filter.MutualInfo discrete target", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) {
		return filter.MutualInfo(X, y, nil, &filter.MIConfig{DiscreteTarget: true, K: 2})
	})},
	{"filter.Relief", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.Relief(X, y, nil, nil) })},
	{"filter.ReliefF", wrap(func(X mat.Matrix, y []float64) (*filter.Scores, error) { return filter.ReliefF(X, y, nil, nil) })},
	{"linear.LeastSquares", wrap(func(X mat.Matrix, y []float64) (*linear.LeastSquaresResult, error) {
		return linear.LeastSquares(X, y, linear.LeastSquaresConfig{Intercept: true})
	})},
	{"linear.Ridge", wrap(func(X mat.Matrix, y []float64) (*linear.RidgeResult, error) {
		return linear.Ridge(X, y, linear.RidgeConfig{Lambda: 0.1, Intercept: true})
	})},
	{"linear.Lasso CD", wrap(func(X mat.Matrix, y []float64) (*linear.LassoResult, error) {
		return linear.Lasso(X, y, linear.LassoConfig{Lambda: 0.01, Intercept: true})
	})},
	{"linear.Lasso FISTA", wrap(func(X mat.Matrix, y []float64) (*linear.LassoResult, error) {
		return linear.Lasso(X, y, linear.LassoConfig{Lambda: 0.01, Solver: linear.FISTA, MaxIter: 200})
	})},
	{"linear.ElasticNet", wrap(func(X mat.Matrix, y []float64) (*linear.LassoResult, error) {
		return linear.ElasticNet(X, y, linear.ElasticNetConfig{Alpha: 0.01, L1Ratio: 0.5})
	})},
	{"linear.ConstrainedLasso", wrap(func(X mat.Matrix, y []float64) (*linear.ConstrainedLassoResult, error) {
		return linear.ConstrainedLasso(X, y, linear.ConstrainedLassoConfig{Radius: 1, MaxIter: 200})
	})},
	{"linear.LassoPath", wrap(func(X mat.Matrix, y []float64) (*linear.LassoPathResult, error) {
		return linear.LassoPath(X, y, linear.LassoPathConfig{NLambdas: 5, Intercept: true})
	})},
	{"linear.LassoCV", wrap(func(X mat.Matrix, y []float64) (*linear.LassoCVResult, error) {
		return linear.LassoCV(X, y, linear.LassoCVConfig{Path: linear.LassoPathConfig{NLambdas: 5}, Folds: 2})
	})},
	{"linear.Logistic", wrap(func(X mat.Matrix, y []float64) (*linear.LogisticResult, error) {
		return linear.Logistic(X, y, linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100})
	})},
	{"linear.LogisticPath", wrap(func(X mat.Matrix, y []float64) (*linear.LogisticPathResult, error) {
		return linear.LogisticPath(X, y, linear.LogisticPathConfig{NLambdas: 5})
	})},
	{"linear.SparseSVM", wrap(func(X mat.Matrix, y []float64) (*linear.SparseSVMResult, error) {
		return linear.SparseSVM(X, y, linear.SparseSVMConfig{Lambda: 0.1, Intercept: true, MaxIter: 500})
	})},
	{"linear.SGDLeastSquares", wrap(func(X mat.Matrix, y []float64) (*linear.SGDLeastSquaresResult, error) {
		return linear.SGDLeastSquares(X, y, linear.SGDLeastSquaresConfig{MaxIter: 200})
	})},
	{"stability.Select", wrap(func(X mat.Matrix, y []float64) (*stability.Result, error) {
		return stability.Select(X, y, stability.Lasso(0.05, true), stability.Config{Rounds: 4, Seed: 1})
	})},
	{"transform.Center", transformer(&transform.Center{})},
	{"transform.Standardize", transformer(&transform.Standardize{})},
	{"transform.UnitRange", transformer(&transform.UnitRange{Min: -1, Max: 1})},
	{"transform.MaxAbs", transformer(&transform.MaxAbs{})},
	{"transform.Clip", transformer(&transform.Clip{B: 1})},
	{"transform.Sigmoid", transformer(&transform.Sigmoid{B: 2})},
	{"transform.Log", transformer(&transform.Log{B: 1})},
	{"transform.RowNormalize", transformer(&transform.RowNormalize{})},
	{"transform.MeanNormScale", transformer(&transform.MeanNormScale{})},
	{"transform.Polynomial", transformer(&transform.Polynomial{Degree: 3})},
	{"validate.MSE", func(X mat.Matrix, y []float64) (any, error) { return validate.MSE(y, column(X)) }},
	{"validate.ROCAUC", func(X mat.Matrix, y []float64) (any, error) { return validate.ROCAUC(y, column(X)) }},
	{"validate.LogLoss", func(X mat.Matrix, y []float64) (any, error) { return validate.LogLoss(y, probabilities(column(X))) }},
}

// column returns the row sums of X (nil for a nil or empty X): a NaN or
// infinity anywhere in a row reaches the metrics as it reaches the matrix
// entry points.
func column(X mat.Matrix) []float64 {
	if X == nil || reflect.ValueOf(X).IsNil() {
		return nil
	}
	if d, ok := X.(*mat.Dense); ok && d.IsEmpty() {
		return nil
	}
	r, c := X.Dims()
	v := make([]float64, r)
	for i := range v {
		for j := 0; j < c; j++ {
			v[i] += X.At(i, j)
		}
	}
	return v
}

// probabilities maps v into (0, 1) by 1/2 + v/(2(1+|v|)); NaN and
// infinities become NaN, so the metric still sees them.
func probabilities(v []float64) []float64 {
	if v == nil {
		return nil
	}
	p := make([]float64, len(v))
	for i, x := range v {
		p[i] = 0.5 + x/(2*(1+math.Abs(x)))
	}
	return p
}

// good is a small valid problem: 8 examples, 3 features, labels 0/1 that
// also serve as a regression target.
func good() (*mat.Dense, []float64) {
	X := mat.NewDense(8, 3, []float64{
		0.1, 2, 5, 0.4, 1, 3, 0.2, 7, 1, 0.9, 3, 2,
		0.5, 4, 8, 0.7, 6, 4, 0.3, 5, 6, 0.8, 8, 7,
	})
	return X, []float64{0, 1, 0, 1, 0, 1, 1, 0}
}

func with(i, j int, v float64) (*mat.Dense, []float64) {
	X, y := good()
	X.Set(i, j, v)
	return X, y
}

type hostile struct {
	name     string
	X        mat.Matrix
	y        []float64
	mustFail bool // every entry point must return an error
	aboutY   bool // the fault is in y alone
}

func cases() []hostile {
	X, y := good()
	var hs []hostile
	add := func(name string, X mat.Matrix, y []float64, mustFail bool) {
		hs = append(hs, hostile{name: name, X: X, y: y, mustFail: mustFail})
	}
	addY := func(name string, y []float64) {
		hs = append(hs, hostile{name: name, X: X, y: y, mustFail: true, aboutY: true})
	}
	add("nil matrix", nil, y, true)
	add("nil *mat.Dense", (*mat.Dense)(nil), y, true)
	add("empty *mat.Dense", &mat.Dense{}, y, true)
	Xn, _ := with(2, 1, math.NaN())
	add("NaN in X", Xn, y, true)
	Xi, _ := with(0, 0, math.Inf(1))
	add("+Inf in X", Xi, y, true)
	Xm, _ := with(7, 2, math.Inf(-1))
	add("-Inf in X", Xm, y, true)
	addY("y shorter than X", y[:5])
	addY("y longer than X", append(append([]float64(nil), y...), 1))
	addY("nil y", nil)
	yn := append([]float64(nil), y...)
	yn[3] = math.NaN()
	addY("NaN in y", yn)
	// May succeed, but must not panic nor return NaN.
	Xc := mat.DenseCopyOf(X)
	for i := 0; i < 8; i++ {
		Xc.Set(i, 1, 4)
	}
	add("constant column", Xc, y, false)
	Xz := mat.NewDense(8, 3, nil)
	add("all-zero X", Xz, y, false)
	Xh := mat.DenseCopyOf(X)
	Xh.Scale(1e300, Xh)
	add("values near the float64 limit", Xh, y, false)
	Xt := mat.DenseCopyOf(X)
	Xt.Scale(1e-300, Xt)
	add("tiny values", Xt, y, false)
	add("constant y", X, []float64{1, 1, 1, 1, 1, 1, 1, 1}, false)
	add("one row", mat.NewDense(1, 3, []float64{1, 2, 3}), []float64{1}, false)
	add("labels -1/+1", X, []float64{-1, 1, -1, 1, -1, 1, 1, -1}, false)
	add("non-integer y", X, []float64{0.5, 1.5, 0.2, 1, 0, 1, 1, 0}, false)
	return hs
}

// hasNaN reports a NaN anywhere in the exported float fields, slices and
// matrices of v (one level of structs deep), the silent failure the
// library promises never to return.
func hasNaN(v any) (string, bool) {
	return walk(reflect.ValueOf(v), "", 0)
}

func walk(v reflect.Value, path string, depth int) (string, bool) {
	if depth > 3 || !v.IsValid() {
		return "", false
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", false
		}
		if m, ok := v.Interface().(mat.Matrix); ok {
			r, c := m.Dims()
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					if math.IsNaN(m.At(i, j)) {
						return fmt.Sprintf("%s[%d,%d]", path, i, j), true
					}
				}
			}
			return "", false
		}
		return walk(v.Elem(), path, depth+1)
	case reflect.Float64:
		if math.IsNaN(v.Float()) {
			return path, true
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if p, bad := walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i), depth+1); bad {
				return p, true
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if p, bad := walk(v.Field(i), path+"."+v.Type().Field(i).Name, depth+1); bad {
				return p, true
			}
		}
	}
	return "", false
}

func TestNoPanicOnHostileInput(t *testing.T) {
	for _, h := range cases() {
		for _, e := range entries {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s on %s panicked: %v", e.name, h.name, r)
					}
				}()
				out, err := e.call(h.X, h.y)
				switch {
				case h.mustFail && err == nil && !(h.aboutY && e.ignoresY()):
					t.Errorf("%s on %s: no error", e.name, h.name)
				case err == nil:
					if p, bad := hasNaN(out); bad {
						t.Errorf("%s on %s: NaN in the result at %s, and no error", e.name, h.name, p)
					}
				}
			}()
		}
	}
}

func TestValidInputWorks(t *testing.T) {
	X, y := good()
	for _, e := range entries {
		out, err := e.call(X, y)
		if err != nil {
			t.Errorf("%s on a valid problem: %v", e.name, err)
			continue
		}
		if p, bad := hasNaN(out); bad {
			t.Errorf("%s on a valid problem: NaN at %s", e.name, p)
		}
	}
}
