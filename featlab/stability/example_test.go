package stability_test

import (
	"fmt"

	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/synth"
)

// Any featlab.Selector can be stabilised: here the three features with the
// largest |r| on each half of the data.
func ExampleSelect() {
	ds, w, _ := synth.Sparse(200, synth.SparseConfig{Features: 20, Support: 3, Noise: 1}, 1)
	res, err := stability.Select(ds.X, ds.Y, stability.Config{
		Selector: filter.TopKSelector(filter.Pearson, filter.Config{}, 3),
		Names:    ds.Names,
		Seed:     1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var support []string
	for j, v := range w {
		if v != 0 {
			support = append(support, ds.Names[j])
		}
	}
	fmt.Println("true support:", support)
	fmt.Println("stable set:  ", res.Selection().ChosenNames)
	// Output:
	// true support: [x1 x7 x13]
	// stable set:   [x1 x7 x13]
}
