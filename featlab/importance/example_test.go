package importance_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/importance"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// toy returns 8 examples of 4 features; y is 2 x1 - x3 plus a little
// noise.
func toy() (*mat.Dense, []float64) {
	X := mat.NewDense(8, 4, []float64{
		1, 0, 2, 1,
		2, 1, 0, 0,
		0, 1, 1, 2,
		3, 0, 1, 1,
		1, 2, 3, 0,
		2, 2, 0, 1,
		0, 0, 2, 2,
		3, 1, 3, 0,
	})
	y := make([]float64, 8)
	noise := []float64{0.1, -0.2, 0.05, 0.1, -0.1, 0.15, -0.05, -0.1}
	for i := range y {
		y[i] = 2*X.At(i, 0) - X.At(i, 2) + noise[i]
	}
	return X, y
}

func ExampleRFE() {
	X, y := toy()
	r, err := importance.RFE(X, y, importance.RFEConfig{
		Learner:   linear.LeastSquaresConfig{Intercept: true},
		NFeatures: 2,
		Names:     []string{"a", "b", "c", "d"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("kept:", r.Selection().ChosenNames)
	fmt.Println("ranking:", r.Ranking)
	// Output:
	// kept: [a c]
	// ranking: [1 3 1 2]
}

func ExampleFromModel() {
	X, y := toy()
	r, err := importance.FromModel(X, y, importance.FromModelConfig{
		Learner:   linear.LeastSquaresConfig{Intercept: true},
		Threshold: "0.5*mean",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("threshold %.3f, chosen %v\n", r.Threshold, r.Chosen)
	// Output:
	// threshold 0.410, chosen [0 2]
}

func ExamplePermutation() {
	X, y := toy()
	// The model y = 2 x1 - x3, fixed: permuting x2 or x4 changes nothing.
	model := &linear.Model{Coef: []float64{2, 0, -1, 0}}
	r, err := importance.Permutation(X, y, importance.PermutationConfig{
		Predictor: model, Metric: validate.MSE, LowerIsBetter: true, Repeats: 10, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, m := range r.Mean {
		fmt.Printf("x%d: %.2f +- %.2f\n", j+1, m, r.Std[j])
	}
	// Output:
	// x1: 10.48 +- 3.01
	// x2: 0.00 +- 0.00
	// x3: 2.26 +- 0.96
	// x4: 0.00 +- 0.00
}

func ExampleRFECV() {
	X, y := toy()
	r, err := importance.RFECV(X, y, importance.RFECVConfig{
		Learner: linear.LeastSquaresConfig{Intercept: true},
		Metric:  validate.MSE, LowerIsBetter: true, K: 4, Seed: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("sizes:", r.Sizes, "chosen:", r.NFeatures)
	// Output:
	// sizes: [1 2 3 4] chosen: 2
}

// A featlab.Selector, usable wherever one is expected.
var _ featlab.Selector = importance.RFEConfig{}
