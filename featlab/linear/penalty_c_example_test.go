package linear_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
)

// C weights the sum of the losses, as scikit-learn's LogisticRegression(C):
// the same C gives lambda = 1/(C m), so a fold of 455 rows and the full
// 569 rows are penalised alike relative to their summed loss.
func ExampleLogisticConfig_c() {
	ds := datasets.BreastCancer()
	cfg := linear.LogisticConfig{C: 1, Penalty: linear.L2Penalty, Intercept: true}
	for _, m := range []int{455, 569} {
		fit, err := linear.Logistic(ds.X.Slice(0, m, 0, 3), ds.Y[:m], cfg)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("m = %d: lambda = %.6f = 1/(C m)\n", m, fit.Lambda)
	}
	// Output:
	// m = 455: lambda = 0.002198 = 1/(C m)
	// m = 569: lambda = 0.001757 = 1/(C m)
}
