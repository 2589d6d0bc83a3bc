package transform_test

import (
	"errors"
	"fmt"
	"log"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// An Imputer learns its fill values from the training rows only and adds
// a missing-indicator column for each feature that had missing values.
func ExampleImputer() {
	nan := math.NaN()
	train := mat.NewDense(4, 2, []float64{
		1, 10,
		nan, 20,
		3, nan,
		5, 40,
	})
	im := &transform.Imputer{Strategy: transform.ImputeMedian, Indicator: true}
	if err := im.Fit(train); err != nil {
		log.Fatal(err)
	}
	fmt.Println("medians:", im.Statistics())
	test := mat.NewDense(2, 2, []float64{nan, 15, 2, nan})
	out, err := im.Transform(test)
	if err != nil {
		log.Fatal(err)
	}
	names, _ := im.OutputNames([]string{"Ozone", "Solar.R"})
	fmt.Println(names)
	fmt.Println(mat.Formatted(out))

	// Nearest neighbours: the mean of the column over the K = 2 closest
	// training rows (nan-Euclidean distance on the other columns), as
	// scikit-learn's KNNImputer(n_neighbors=2) gives.
	knn := &transform.Imputer{Strategy: transform.ImputeKNN, K: 2}
	out, _ = transform.FitTransform(knn, train)
	fmt.Println(mat.Formatted(out))

	// Without an imputer, a NaN is refused with the cell and the remedy.
	err = (&transform.Standardize{}).Fit(test)
	fmt.Println(errors.Is(err, featlab.ErrNotFinite), strings.Contains(err.Error(), "transform.Imputer"))
	// Output:
	// medians: [3 20]
	// [Ozone Solar.R missing(Ozone) missing(Solar.R)]
	// ⎡ 3  15   1   0⎤
	// ⎣ 2  20   0   1⎦
	// ⎡ 1  10⎤
	// ⎢ 3  20⎥
	// ⎢ 3  25⎥
	// ⎣ 5  40⎦
	// true true
}
