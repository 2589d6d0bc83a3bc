package represent_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/stream"
)

// PCA from one pass: the components come from the scatter matrix.
func ExamplePCAFromStats() {
	rng := rand.New(rand.NewPCG(7, 8))
	X := mat.NewDense(5000, 3, nil)
	for i := 0; i < 5000; i++ {
		t := rng.NormFloat64()
		X.SetRow(i, []float64{t + 0.1*rng.NormFloat64(), t + 0.1*rng.NormFloat64(), 0.1 * rng.NormFloat64()})
	}
	g, _ := stream.NewGram(3, false)
	if err := stream.Pass(&stream.MatrixSource{X: X}, g, 2); err != nil {
		fmt.Println(err)
		return
	}
	p, err := represent.PCAFromStats(g, represent.PCAConfig{K: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("first component (%.2f, %.2f, ...), explained %.3f\n", p.Components.At(0, 0), p.Components.At(0, 1), p.ExplainedVarianceRatio[0])
	// Output:
	// first component (0.71, 0.71, ...), explained 0.990
}
