package search_test

import (
	"fmt"

	"github.com/featlab/course/featlab/search"
)

// A categorical feature one-hot encoded into four columns enters the
// forward search as one feature.
func ExampleGrouped() {
	X, y, names, groups := groupedData()
	g := search.Grouped{
		Config: search.Config{Strategy: search.Forward{}, Criterion: search.LeastSquares{Score: search.BIC}, Names: names},
		Groups: groups,
	}
	res, err := g.Search(X, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.SubsetNames(res.Subset))
	sel, _ := g.Select(X, y) // the columns, for a pipeline
	fmt.Println(sel.ChosenNames)
	// Output:
	// [u c]
	// [u c=0 c=1 c=2 c=3]
}
