package transform_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/stream"
	"github.com/featlab/course/featlab/transform"
)

// Standardize fitted from one-pass moments, then applied to rows.
func ExampleStandardize_FitMoments() {
	X := mat.NewDense(4, 2, []float64{1, 10, 2, 20, 3, 30, 4, 40})
	m, _ := stream.NewMoments(2, false)
	if err := stream.Pass(&stream.MatrixSource{X: X, BlockRows: 3}, m, 1); err != nil {
		fmt.Println(err)
		return
	}
	var s transform.Standardize
	if err := s.FitMoments(m); err != nil {
		fmt.Println(err)
		return
	}
	Z, _ := s.Transform(X)
	fmt.Printf("%.3f\n", mat.Col(nil, 1, Z))
	// Output:
	// [-1.342 -0.447 0.447 1.342]
}
