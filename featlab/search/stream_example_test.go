package search_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/stream"
)

// Best subsets of every size from one pass over the rows: the branch and
// bound needs only the Gram of [X y].
func ExampleBestSubsetsFromStats() {
	rng := rand.New(rand.NewPCG(3, 4))
	X := mat.NewDense(2000, 6, nil)
	y := make([]float64, 2000)
	for i := range y {
		for j := 0; j < 6; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = X.At(i, 1) - 2*X.At(i, 4) + X.At(i, 5) + rng.NormFloat64()
	}
	g, _ := stream.NewGram(6, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: 256}, g, 2); err != nil {
		fmt.Println(err)
		return
	}
	res, err := search.BestSubsetsFromStats(g, search.BestSubsetsConfig{MaxSize: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Sizes {
		fmt.Printf("size %d: %v, BIC %.1f\n", len(s.Subset), res.SubsetNames(s.Subset), s.BIC)
	}
	fmt.Println("chosen by BIC:", res.SubsetNames(res.Subset))
	// Output:
	// size 1: [x5], BIC 2222.8
	// size 2: [x5 x6], BIC 1424.5
	// size 3: [x2 x5 x6], BIC -22.2
	// size 4: [x2 x4 x5 x6], BIC -16.1
	// chosen by BIC: [x2 x5 x6]
}
