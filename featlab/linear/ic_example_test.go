package linear_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
)

// BIC along the exact lasso path of the diabetes data (Efron et al.
// 2004): the breakpoints where features enter (or leave), and the one
// BIC chooses.
func ExampleLassoIC() {
	ds := datasets.Diabetes()
	r, err := linear.LassoIC(ds.X, ds.Y, linear.LassoICConfig{Criterion: linear.BIC, Intercept: true, Names: ds.Names})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d breakpoints, %d drop(s); sigma^2 = %.1f\n", len(r.Alphas), r.Drops, r.NoiseVariance)
	fmt.Printf("BIC chooses alpha = %.4f with %d features: %v\n", r.Alpha, r.DF[r.Index], r.Selection().ChosenNames)
	// Output:
	// 19 breakpoints, 4 drop(s); sigma^2 = 2932.7
	// BIC chooses alpha = 0.1901 with 9 features: [s5 sex bmi s4 bp s1 s2 s6 age]
}

// Exact leave-one-out error of ridge for a grid of penalties, from one SVD.
func ExampleRidgeCV() {
	ds := datasets.Diabetes()
	r, err := linear.RidgeCV(ds.X, ds.Y, linear.RidgeCVConfig{Alphas: []float64{0.1, 1, 10, 100, 1000}, Intercept: true})
	if err != nil {
		panic(err)
	}
	for k, a := range r.Alphas {
		fmt.Printf("alpha %6g: LOO MSE %.1f\n", a, r.MSE[k])
	}
	fmt.Println("chosen:", r.Alpha)
	// Output:
	// alpha    0.1: LOO MSE 3001.7
	// alpha      1: LOO MSE 3001.7
	// alpha     10: LOO MSE 3025.3
	// alpha    100: LOO MSE 3118.9
	// alpha   1000: LOO MSE 3196.9
	// chosen: 0.1
}
