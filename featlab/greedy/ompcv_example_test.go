package greedy_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/validate"
)

// The number of non-zeros of OMP on the diabetes data chosen by 5-fold
// cross-validation, scikit-learn's OrthogonalMatchingPursuitCV(cv=5).
func ExampleOMPCV() {
	ds := datasets.Diabetes()
	m, _ := ds.X.Dims()
	splits, _ := validate.KFoldUnshuffled(m, 5)
	r, err := greedy.OMPCV(ds.X, ds.Y, greedy.OMPCVConfig{
		OMP:    greedy.OMPConfig{T: 10, Rule: greedy.Correlation, Intercept: true, Names: ds.Names},
		Splits: splits,
	})
	if err != nil {
		panic(err)
	}
	for t, v := range r.MSE {
		fmt.Printf("%2d non-zeros: CV MSE %.1f\n", t+1, v)
	}
	fmt.Println("chosen:", r.NNonZero, r.Selection().ChosenNames)
	// Output:
	//  1 non-zeros: CV MSE 5630.2
	//  2 non-zeros: CV MSE 4766.7
	//  3 non-zeros: CV MSE 4103.6
	//  4 non-zeros: CV MSE 3797.6
	//  5 non-zeros: CV MSE 3171.3
	//  6 non-zeros: CV MSE 3200.2
	//  7 non-zeros: CV MSE 3203.6
	//  8 non-zeros: CV MSE 3121.9
	//  9 non-zeros: CV MSE 2997.7
	// 10 non-zeros: CV MSE 2993.1
	// chosen: 10 [s1 bp s3 s2 bmi s6 age sex s5 s4]
}
