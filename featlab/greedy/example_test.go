package greedy_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/greedy"
	"gonum.org/v1/gonum/mat"
)

// The book's OMP (exact forward greedy selection) on the diabetes data,
// with an intercept: the first three features and the residual norm after
// each round.
func ExampleOMP() {
	ds := datasets.Diabetes()
	res, err := greedy.OMP(ds.X, ds.Y, greedy.OMPConfig{T: 3, Intercept: true, Names: ds.Names})
	if err != nil {
		panic(err)
	}
	for _, r := range res.Rounds {
		fmt.Printf("%-4s ||r|| = %.2f\n", r.Name, r.Residual)
	}
	fmt.Println(res.Stop)
	// Output:
	// bmi  ||r|| = 1311.33
	// s5   ||r|| = 1190.25
	// bp   ||r|| = 1167.35
	// budget T reached
}

// Sparse coding: each row of Y is a signal, each column of D an atom; the
// codes have one row per signal.
func ExampleOMPBatch() {
	D := mat.NewDense(3, 4, []float64{
		1, 0, 0, 0.6,
		0, 1, 0, 0.8,
		0, 0, 1, 0,
	})
	Y := mat.NewDense(2, 3, []float64{
		2, 0, 1, // 2 d1 + d3
		0.6, 0.8, 0, // d4
	})
	codes, err := greedy.OMPBatch(D, Y, greedy.OMPConfig{T: 2, Rule: greedy.Correlation})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.3g\n", mat.Formatted(codes))
	// Output:
	// ⎡2  0  1  0⎤
	// ⎣0  0  0  1⎦
}
