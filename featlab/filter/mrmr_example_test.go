package filter_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/filter"
)

func ExampleMRMR() {
	ds := datasets.Diabetes()
	r, err := filter.MRMR(ds.X, ds.Y, filter.MRMRConfig{
		K:          4,
		Relevance:  filter.MRMRF, // F statistic
		Redundancy: filter.MRMRF, // |Pearson r|
		Form:       filter.MRMRQuotient,
		Names:      ds.Names,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range r.Steps {
		fmt.Printf("%-4s F %6.1f  mean|r| %.3f\n", ds.Names[st.Feature], st.Relevance, st.Redundancy)
	}
	// Output:
	// bmi  F  230.7  mean|r| 0.000
	// s5   F  207.3  mean|r| 0.446
	// bp   F  106.5  mean|r| 0.394
	// s3   F   81.2  mean|r| 0.315
}
