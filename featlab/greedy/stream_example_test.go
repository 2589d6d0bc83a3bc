package greedy_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/stream"
)

// OMP from one pass: the Gram-Schmidt steps read only inner products.
func ExampleOMPFromStats() {
	rng := rand.New(rand.NewPCG(5, 6))
	X := mat.NewDense(1000, 5, nil)
	y := make([]float64, 1000)
	for i := range y {
		for j := 0; j < 5; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = 2*X.At(i, 3) - X.At(i, 0) + 0.1*rng.NormFloat64()
	}
	g, _ := stream.NewGram(5, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y}, g, 1); err != nil {
		fmt.Println(err)
		return
	}
	res, err := greedy.OMPFromStats(g, greedy.OMPConfig{T: 2, Intercept: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("support %v, w = %.2f\n", res.Support, res.Coef)
	// Output:
	// support [3 0], w = [-0.99 0.00 0.00 2.00 0.00]
}
