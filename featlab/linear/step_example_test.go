package linear_test

import (
	"fmt"

	"github.com/featlab/course/featlab/linear"
	"gonum.org/v1/gonum/mat"
)

// One step of each lasso solver on X = I (m = 2): the gradient of
// (1/4)||w - y||^2 at w = 0 is -y/2 and L = 1/2, so the proximal-gradient
// step soft-thresholds y at lambda/L = 2 lambda; the coordinate step solves
// for w_0 alone: S_lambda(y_0/2) / (1/2).
func ExampleProximalGradientStep() {
	X := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	y := []float64{3, -0.5}
	L, _ := linear.Lipschitz(X)
	pg, _ := linear.ProximalGradientStep(X, y, []float64{0, 0}, 0.5, L)
	cd, _ := linear.CoordinateStep(X, y, []float64{0, 0}, 0.5, 0)
	fmt.Println("L =", L, " proximal gradient:", pg, " coordinate 0:", cd)
	// Output: L = 0.5  proximal gradient: [2 0]  coordinate 0: [2 0]
}

// Maurey's sparsification: k = 2 draws from w with ||w||_1 = 1 give a
// vector with at most 2 nonzero entries and the same l1 norm.
func ExampleMaurey() {
	w := []float64{0.5, -0.3, 0.2}
	a, _ := linear.Maurey(w, 2, 1)
	nz := 0
	for _, v := range a {
		if v != 0 {
			nz++
		}
	}
	fmt.Println("nonzeros <= 2:", nz <= 2)
	// Output: nonzeros <= 2: true
}
