package stream_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/stream"
)

// A FoldGram assigns each row to a fold by a hash of its values, so the
// folds do not depend on how the rows were cut into blocks or shards.
func ExampleNewFoldGram() {
	X := mat.NewDense(8, 1, []float64{1, 2, 3, 4, 5, 6, 7, 8})
	y := []float64{2, 4, 6, 8, 10, 12, 14, 16}
	fg, _ := stream.NewFoldGram(1, true, 2, 42)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: 3}, fg, 2); err != nil {
		fmt.Println(err)
		return
	}
	splits, _ := stream.FoldSplits(X, y, 2, 42)
	for f := 0; f < fg.K(); f++ {
		fmt.Printf("fold %d: %d rows %v, training Gram of %d rows\n", f, fg.Fold(f).Count(), splits[f].Test, fg.Train(f).Count())
	}
	// Output:
	// fold 0: 5 rows [2 3 5 6 7], training Gram of 3 rows
	// fold 1: 3 rows [0 1 4], training Gram of 5 rows
}
