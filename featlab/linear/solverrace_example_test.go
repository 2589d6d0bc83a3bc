package linear_test

import (
	"fmt"

	"github.com/featlab/course/featlab/linear"
)

// ExampleCompareSolvers races the three lasso solvers (the nil Solvers
// default) towards a reference optimum F* from a tight coordinate-descent
// fit; a run has reached F* once F_k - F* <= 1e-9 F* (the default RelTol).
func ExampleCompareSolvers() {
	X, y := exampleData() // y = 3 x1 - 2 x3 + 10 + noise
	lasso := linear.LassoConfig{Lambda: 0.1, Intercept: true, Tol: 1e-15, MaxIter: 100000}
	ref, err := linear.Lasso(X, y, lasso)
	if err != nil {
		panic(err)
	}
	lasso.Tol = 1e-10
	runs, err := linear.CompareSolvers(X, y, linear.CompareSolversConfig{Lasso: lasso, FStar: ref.Objective})
	if err != nil {
		panic(err)
	}
	for _, run := range runs {
		fmt.Printf("%v reaches F*: %t\n", run.Solver, run.Reach >= 0)
	}
	fmt.Println("coordinate descent first:", runs[2].Reach < runs[0].Reach && runs[2].Reach < runs[1].Reach)
	// Output:
	// proximal gradient reaches F*: true
	// FISTA reaches F*: true
	// coordinate descent reaches F*: true
	// coordinate descent first: true
}
