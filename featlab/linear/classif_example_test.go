package linear_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
)

// classifToy is a small two-class problem: the class is the sign of
// x1 + x2 - 1, x3 is noise.
func classifToy() (*mat.Dense, []float64) {
	X := mat.NewDense(8, 3, []float64{
		0, 0, 0.3,
		1, 0, -0.2,
		0, 1, 0.1,
		0.2, 0.3, -0.4,
		2, 1, 0.2,
		1, 2, -0.1,
		2, 2, 0.4,
		1.5, 0.8, -0.3,
	})
	y := []float64{0, 0, 0, 0, 1, 1, 1, 1}
	return X, y
}

// An l1-penalised logistic regression: the noise feature x3 gets weight 0.
func ExampleLogistic() {
	X, y := classifToy()
	fit, err := linear.Logistic(X, y, linear.LogisticConfig{Lambda: 0.05, Intercept: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("w = [%.3f %.3f %.3f], b = %.3f, converged %v\n", fit.Coef[0], fit.Coef[1], fit.Coef[2], fit.Intercept, fit.Converged)
	p, _ := fit.Proba(mat.NewDense(1, 3, []float64{2, 2, 0}))
	fmt.Printf("P(y = 1 | x = (2, 2, 0)) = %.3f\n", p[0])
	// Output:
	// w = [2.323 1.564 0.000], b = -3.549, converged true
	// P(y = 1 | x = (2, 2, 0)) = 0.986
}

// The regularization path: features in the order they enter.
func ExampleLogisticPath() {
	X, y := classifToy()
	path, err := linear.LogisticPath(X, y, linear.LogisticPathConfig{Intercept: true, NLambdas: 20, Eps: 0.01})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("lambda_max = %.4f, order of entry %v\n", path.LambdaMax, path.Order)
	fmt.Println("nonzeros:", path.NonZeros[:4])
	// Output:
	// lambda_max = 0.3313, order of entry [0 1]
	// nonzeros: [0 1 2 2]
}

// The sparse (l1 hinge-loss) SVM, solved exactly as a linear program.
func ExampleSparseSVM() {
	X, y := classifToy()
	fit, err := linear.SparseSVM(X, y, linear.SparseSVMConfig{Lambda: 0.1, Intercept: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("w = [%.3f %.3f %.3f], b = %.3f\n", fit.Coef[0], fit.Coef[1], fit.Coef[2], fit.Intercept)
	fmt.Printf("objective %.4f, gap below 1e-12: %v, support %v\n", fit.Objective, fit.Gap < 1e-12, fit.Support())
	// Output:
	// w = [1.000 1.000 0.000], b = -2.000
	// objective 0.2875, gap below 1e-12: true, support [0 1]
}
