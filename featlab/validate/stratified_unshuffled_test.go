package validate_test

import (
	"fmt"

	"github.com/featlab/course/featlab/validate"
)

// scikit-learn's cv=5 for a classifier: stratified, not shuffled.
func ExampleStratifiedKFoldUnshuffled() {
	y := []float64{0, 0, 0, 0, 1, 1, 1, 1, 1, 1}
	folds, err := validate.StratifiedKFoldUnshuffled(y, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range folds {
		fmt.Println(f.Test)
	}
	// Output:
	// [0 1 4 5 6]
	// [2 3 7 8 9]
}
