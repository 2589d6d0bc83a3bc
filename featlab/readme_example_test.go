package featlab_test

import (
	"fmt"
	"log"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
)

// The program shown in README.md: rank the diabetes features by their
// correlation with disease progression and keep the three best.
func Example_readme() {
	ds := datasets.Diabetes() // 442 patients, 10 features, target y

	scores, err := filter.Pearson(ds.X, ds.Y, filter.Config{Names: ds.Names})
	if err != nil {
		log.Fatal(err)
	}
	best, err := scores.TopK(3)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(best.ChosenNames)
	for _, j := range best.Chosen {
		fmt.Printf("%-4s r = %+.4f\n", ds.Names[j], scores.Signed()[j])
	}
	// Output:
	// [bmi s5 bp]
	// bmi  r = +0.5865
	// s5   r = +0.5659
	// bp   r = +0.4415
}
