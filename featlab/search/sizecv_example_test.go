package search_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/search"
)

// ExampleSizeCV chooses a subset size by 4-fold cross-validation of best
// subsets with the one-standard-error rule.
func ExampleSizeCV() {
	X := mat.NewDense(12, 3, []float64{
		1, 0, 2, 2, 1, 0, 3, 0, 1, 4, 1, 3, 5, 0, 0, 6, 1, 2,
		7, 0, 3, 8, 1, 1, 9, 0, 2, 10, 1, 0, 11, 0, 1, 12, 1, 3,
	})
	y := make([]float64, 12)
	for i := range y {
		y[i] = 2*X.At(i, 0) + 0.01*float64(i%3)
	}
	res, err := search.SizeCV(X, y, search.SizeCVConfig{Folds: 4, Seed: 1, Names: []string{"a", "b", "c"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("one-SE size:", res.OneSE, "subset:", res.Selection().Chosen)
	// Output:
	// one-SE size: 1 subset: [0]
}
