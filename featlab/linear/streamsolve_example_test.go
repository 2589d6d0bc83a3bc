package linear_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stream"
)

// exampleData: 1000 rows, y = 3 x1 - 2 x3 + 10 + noise.
func exampleData() (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	X := mat.NewDense(1000, 4, nil)
	y := make([]float64, 1000)
	for i := range y {
		for j := 0; j < 4; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = 3*X.At(i, 0) - 2*X.At(i, 2) + 10 + 0.5*rng.NormFloat64()
	}
	return X, y
}

// Least squares and its inference table from one pass: only the 5 x 5
// statistics are kept.
func ExampleLeastSquaresFromStats() {
	X, y := exampleData()
	g, _ := stream.NewGram(4, true)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: 100}, g, 2); err != nil {
		fmt.Println(err)
		return
	}
	res, err := linear.LeastSquaresFromStats(g, linear.LeastSquaresConfig{Intercept: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("w = %.2f, b = %.2f, R^2 = %.3f, F = %.0f on %d and %d DF\n",
		res.Coef, res.Intercept, res.Stats.R2, res.Stats.F, res.Stats.FNumDF, res.Stats.FDenDF)
	// Output:
	// w = [2.99 0.00 -2.00 -0.01], b = 10.02, R^2 = 0.983, F = 13978 on 4 and 995 DF
}

// Ten-fold cross-validation of the lasso path from ONE pass: a FoldGram
// keeps a Gram per fold; each training fold is the merge of the others.
func ExampleLassoCVFromStats() {
	X, y := exampleData()
	fg, _ := stream.NewFoldGram(4, true, 10, 7)
	if err := stream.Pass(&stream.MatrixSource{X: X, Y: y}, fg, 2); err != nil {
		fmt.Println(err)
		return
	}
	cv, err := linear.LassoCVFromStats(fg, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true, NLambdas: 30}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("lambda_1se = %.4f, w = %.2f\n", cv.Lambda1SE, cv.Path.Coef(cv.Index1SE))
	// The same folds in memory give the same answer.
	splits, _ := stream.FoldSplits(X, y, 10, 7)
	mem, _ := linear.LassoCV(X, y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true, NLambdas: 30}, Splits: splits})
	fmt.Println("in memory, same lambda:", mem.Index1SE == cv.Index1SE)
	// Output:
	// lambda_1se = 0.0710, w = [2.93 0.00 -1.93 0.00]
	// in memory, same lambda: true
}
