package filter_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/filter"
)

// Pearson's r of each feature with the target (eq. 25.2): x1 is a noisy
// copy of y, x2 decreases with y, x3 is unrelated.
func ExamplePearson() {
	X := mat.NewDense(6, 3, []float64{
		1.1, 6.2, 3,
		1.9, 5.0, 1,
		3.2, 4.1, 4,
		3.9, 2.7, 1,
		5.1, 2.0, 5,
		6.0, 1.1, 9,
	})
	y := []float64{1, 2, 3, 4, 5, 6}
	s, err := filter.Pearson(X, y, filter.Config{Names: []string{"x1", "x2", "x3"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, r := range s.Signed() {
		fmt.Printf("%s: r = %+.4f, p = %.2g\n", s.Names[j], r, s.PValues[j])
	}
	// Output:
	// x1: r = +0.9979, p = 6.6e-06
	// x2: r = -0.9963, p = 2e-05
	// x3: r = +0.6962, p = 0.12
}

// TopK keeps the k best features, best first; ties go to the lower index.
func ExampleScores_TopK() {
	s := &filter.Scores{
		Method: "stump accuracy",
		Names:  []string{"age", "bmi", "bp", "s5"},
		Values: []float64{0.61, 0.74, 0.66, 0.74},
	}
	sel, err := s.TopK(2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sel.ChosenNames)
	_, err = s.TopK(5)
	fmt.Println(err)
	// Output:
	// [bmi s5]
	// featlab: k = 5 must be in [1, 4]: invalid parameter
}

// The scores print as a table, best first.
func ExampleScores_String() {
	X := mat.NewDense(8, 3, []float64{
		0.1, 5, 1,
		0.4, 3, 1,
		0.3, 8, 1,
		0.2, 1, 1,
		0.9, 2, 1,
		0.7, 7, 1,
		0.8, 4, 1,
		0.6, 6, 1,
	})
	y := []float64{0, 0, 0, 0, 1, 1, 1, 1}
	s, err := filter.Stump(X, y, filter.Config{Names: []string{"v", "w", "const"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(s)
	// Output:
	// stump accuracy (3 features, higher is better)
	// rank  feature  score  sign  threshold  note
	// ----  -------  -----  ----  ---------  --------
	//    1  v            1    +1        0.5
	//    2  w        0.625    +1        1.5
	//    3  const      0.5     0       -Inf  constant
}
