package linear

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestPathsAtExtremeScale: LassoPath, LogisticPath (l1) and
// MultinomialPath prescale X by an exact power of two, so at X x 1e-300,
// 1e-150 and 1e+300 they select what they select on X (issue 20's suite
// found an empty selection: squares of the columns underflowed and every
// feature looked constant), with lambdas and coefficients in the units of
// the scaled X.
func TestPathsAtExtremeScale(t *testing.T) {
	base := mat.NewDense(8, 3, []float64{
		0.1, 2, 5, 0.4, 1, 3, 0.2, 7, 1, 0.9, 3, 2,
		0.5, 4, 8, 0.7, 6, 4, 0.3, 5, 6, 0.8, 8, 7,
	})
	y := []float64{0, 1, 0, 1, 0, 1, 1, 0}
	y3 := []float64{0, 1, 2, 1, 0, 2, 1, 0}
	type fit struct {
		sel           []int
		lambdas, coef []float64
	}
	paths := map[string]func(X mat.Matrix) (fit, error){
		"LassoPath": func(X mat.Matrix) (fit, error) {
			p, err := LassoPath(X, y, LassoPathConfig{NLambdas: 5, Intercept: true})
			if err != nil {
				return fit{}, err
			}
			return fit{p.Selection().Chosen, p.Lambdas, p.Coefs.RawMatrix().Data}, nil
		},
		"LogisticPath": func(X mat.Matrix) (fit, error) {
			p, err := LogisticPath(X, y, LogisticPathConfig{NLambdas: 5})
			if err != nil {
				return fit{}, err
			}
			return fit{p.Selection().Chosen, p.Lambdas, p.Coefs.RawMatrix().Data}, nil
		},
		"MultinomialPath": func(X mat.Matrix) (fit, error) {
			p, err := MultinomialPath(X, y3, MultinomialPathConfig{NLambdas: 5, MaxIter: 100})
			if err != nil {
				return fit{}, err
			}
			return fit{p.Selection().Chosen, p.Lambdas, p.ClassCoefs[len(p.ClassCoefs)-1].RawMatrix().Data}, nil
		},
	}
	for name, run := range paths {
		want, err := run(base)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []float64{1e-300, 1e-150, 1e300} {
			X := mat.NewDense(8, 3, nil)
			X.Scale(c, base)
			got, err := run(X)
			if err != nil {
				t.Fatalf("%s at X x %g: %v", name, c, err)
			}
			if len(got.sel) != len(want.sel) {
				t.Fatalf("%s at X x %g: selection %v, unscaled %v", name, c, got.sel, want.sel)
			}
			for k := range got.sel {
				if got.sel[k] != want.sel[k] {
					t.Fatalf("%s at X x %g: selection %v, unscaled %v", name, c, got.sel, want.sel)
				}
			}
			// lambdas (l1) scale as c, coefficients as 1/c; the
			// multinomial grid is on standardised features: unchanged
			ls := c
			if name == "MultinomialPath" {
				ls = 1
			}
			for k, l := range want.lambdas {
				if math.Abs(got.lambdas[k]/ls-l) > 1e-9*l {
					t.Fatalf("%s at X x %g: lambda %d is %v, want %v", name, c, k, got.lambdas[k], l*ls)
				}
			}
			for k, w := range want.coef {
				if math.Abs(got.coef[k]*c-w) > 1e-4*math.Max(1, math.Abs(w)) { // the solvers stop at Tol
					t.Fatalf("%s at X x %g: coefficient %d is %v, want %v", name, c, k, got.coef[k], w/c)
				}
			}
		}
	}
}

// TestSGDAtExtremeScale: SGD prescales X by an exact power of two (step
// eta / c^2, iterates w / c): at X x 1e+-150 it gives the unscaled
// iterates over c; at 1e+-300, where its step 1/max ||x_i||^2 on X is
// beyond float64, it refuses with ErrNotFinite (it used to return an
// empty selection at 1e+300 and ErrConstant at 1e-300).
func TestSGDAtExtremeScale(t *testing.T) {
	base := mat.NewDense(8, 3, []float64{
		0.1, 2, 5, 0.4, 1, 3, 0.2, 7, 1, 0.9, 3, 2,
		0.5, 4, 8, 0.7, 6, 4, 0.3, 5, 6, 0.8, 8, 7,
	})
	y := []float64{0, 1, 0, 1, 0, 1, 1, 0}
	cfg := SGDLeastSquaresConfig{MaxIter: 200}
	want, err := SGDLeastSquares(base, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{1e-150, 1e150, 1e-300, 1e300} {
		X := mat.NewDense(8, 3, nil)
		X.Scale(c, base)
		got, err := SGDLeastSquares(X, y, cfg)
		if c == 1e-300 || c == 1e300 {
			if !errors.Is(err, featlab.ErrNotFinite) {
				t.Fatalf("X x %g: err = %v, want ErrNotFinite", c, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("X x %g: %v", c, err)
		}
		for j, w := range want.Coef {
			if math.Abs(got.Coef[j]*c-w) > 1e-9*math.Max(1, math.Abs(w)) {
				t.Fatalf("X x %g: coefficient %d is %v, want %v", c, j, got.Coef[j], w/c)
			}
		}
	}
}
