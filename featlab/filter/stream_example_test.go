package filter_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/stream"
)

// Pearson's correlations from one pass over blocks of rows.
func ExamplePearsonFromStats() {
	X := mat.NewDense(6, 2, []float64{1, 5, 2, 3, 3, 4, 4, 1, 5, 2, 6, 0})
	y := []float64{1.1, 2.0, 2.9, 4.2, 5.1, 5.8}
	g, _ := stream.NewGram(2, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: 2}, g, 1); err != nil {
		fmt.Println(err)
		return
	}
	s, err := filter.PearsonFromStats(g, filter.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("r = %.3f\n", s.Signed())
	// Output:
	// r = [0.997 -0.892]
}
