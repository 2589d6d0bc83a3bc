package linear_test

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab/linear"
	"gonum.org/v1/gonum/mat"
)

// Soft thresholding (eq. 25.7) shrinks towards zero and zeroes anything
// within lambda of it.
func ExampleSoftThreshold() {
	for _, x := range []float64{-3, -0.5, 0.5, 2} {
		fmt.Printf("S(%4.1f, 1) = %4.1f\n", x, linear.SoftThreshold(x, 1))
	}
	// Output:
	// S(-3.0, 1) = -2.0
	// S(-0.5, 1) =  0.0
	// S( 0.5, 1) =  0.0
	// S( 2.0, 1) =  1.0
}

// The lasso of eq. 25.8 on a small problem where y depends on the first
// feature only: the second weight is exactly zero. (scikit-learn's
// Lasso(alpha=0.1) gives w = [1.94285714, 0], b = 0.2.)
func ExampleLasso() {
	X := mat.NewDense(6, 2, []float64{
		1, 0.5,
		2, -1,
		3, 0.2,
		4, 1,
		5, -0.3,
		6, 0.1,
	})
	y := []float64{2.1, 3.9, 6.2, 7.8, 10.1, 11.9}
	r, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: 0.1, Intercept: true})
	if err != nil {
		panic(err)
	}
	fmt.Printf("w = [%.4f %.4f], b = %.4f, converged %v\n", r.Coef[0], r.Coef[1], r.Intercept, r.Converged)
	// Output:
	// w = [1.9429 0.0000], b = 0.2000, converged true
}

// Ridge in the book's scaling: lambda = 0.5 with m = 3 is
// (3 I + X^T X)^{-1} X^T y, scikit-learn's Ridge(alpha=3).
func ExampleRidge() {
	X := mat.NewDense(3, 1, []float64{1, 2, 3})
	y := []float64{1, 2, 3}
	md, err := linear.Ridge(X, y, linear.RidgeConfig{Lambda: 0.5})
	if err != nil {
		panic(err)
	}
	fmt.Printf("w = %.4f (= 14/17)\n", md.Coef[0])
	// Output:
	// w = 0.8235 (= 14/17)
}

// A lasso path: features enter one at a time as lambda decreases; the
// third never does. (Same grid and supports as scikit-learn's lasso_path
// on the centred data.)
func ExampleLassoPath() {
	X := mat.NewDense(5, 3, []float64{
		1, 0, 0.1,
		0, 1, 0.2,
		1, 1, 0.0,
		2, 0, 0.3,
		0, 2, 0.1,
	})
	y := []float64{3, 1, 4, 6, 2}
	p, err := linear.LassoPath(X, y, linear.LassoPathConfig{NLambdas: 5, Eps: 0.01, Intercept: true})
	if err != nil {
		panic(err)
	}
	for k, l := range p.Lambdas {
		fmt.Printf("lambda %.4f: %d non-zero\n", l, p.NonZeros[k])
	}
	fmt.Println("entry order:", p.Order)
	// Output:
	// lambda 1.2400: 0 non-zero
	// lambda 0.3921: 1 non-zero
	// lambda 0.1240: 1 non-zero
	// lambda 0.0392: 2 non-zero
	// lambda 0.0124: 2 non-zero
	// entry order: [0 1]
}

// Eq. 25.4: the l1-constrained form; its multiplier is the lambda of the
// equivalent lasso (eq. 25.5). (scikit-learn's Lasso(alpha=1.5,
// fit_intercept=False) gives [1, 0].)
func ExampleConstrainedLasso() {
	X := mat.NewDense(4, 2, []float64{1, 0, 0, 1, 1, 1, 2, 1})
	y := []float64{1, 2, 3, 4}
	c, err := linear.ConstrainedLasso(X, y, linear.ConstrainedLassoConfig{Radius: 1, Tol: 1e-12})
	if err != nil {
		panic(err)
	}
	l, _ := linear.Lasso(X, y, linear.LassoConfig{Lambda: c.Multiplier, Tol: 1e-12})
	fmt.Printf("constrained w = [%.4f %.4f], multiplier %.4f\n", c.Coef[0], c.Coef[1], c.Multiplier)
	fmt.Printf("lasso       w = [%.4f %.4f]\n", l.Coef[0], l.Coef[1])
	// Output:
	// constrained w = [1.0000 0.0000], multiplier 1.5000
	// lasso       w = [1.0000 0.0000]
}

// The l2-constrained least squares of Zhou's Fig. 11.1: least squares
// lies outside the disc of radius 1, so the solution is on the circle and,
// unlike the l1 ball's, keeps both weights; Multiplier is the ridge
// strength with the same solution (least squares is w = [2 1]; by hand,
// (X^T X + 4 mu I)^{-1} X^T y = [0.8617 0.5075] at mu = 2.4103).
func ExampleConstrainedRidge() {
	X := mat.NewDense(4, 2, []float64{1, 0, 0, 1, 1, 1, 2, 1})
	y := []float64{2, 1, 3, 5}
	r, err := linear.ConstrainedRidge(X, y, linear.ConstrainedRidgeConfig{Radius: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("w = [%.4f %.4f], ||w|| = %.4f, mu = %.4f\n", r.Coef[0], r.Coef[1], math.Hypot(r.Coef[0], r.Coef[1]), r.Multiplier)
	// Output:
	// w = [0.8617 0.5075], ||w|| = 1.0000, mu = 2.4103
}

// Results that imply a subset of features give it as a featlab.Selection,
// with the names of the config.
func ExampleLassoResult_Selection() {
	X := mat.NewDense(6, 3, []float64{
		1, 0.5, 3,
		2, -1, 1,
		3, 0.2, 4,
		4, 1, 1,
		5, -0.3, 5,
		6, 0.1, 9,
	})
	y := []float64{2.1, 3.9, 6.2, 7.8, 10.1, 11.9}
	r, err := linear.Lasso(X, y, linear.LassoConfig{Lambda: 0.1, Intercept: true, Names: []string{"age", "noise", "bmi"}})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Selection().ChosenNames, r.Support())
	// Output:
	// [age bmi] [0 2]
}
