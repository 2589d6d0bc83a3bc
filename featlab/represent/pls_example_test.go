package represent_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/validate"
)

// Partial least squares on ESL's prostate training rows: the coefficients
// (original units) with 2 directions, and the test error of every number
// of directions (8 is least squares).
func ExampleFitPLS() {
	ds := datasets.Prostate()
	train, test := datasets.ProstateSplit()
	res, _ := represent.FitPLS(matx.Rows(ds.X, train), matx.Take(ds.Y, train), represent.PLSConfig{Names: ds.Names})
	md := res.Model(2)
	for j, name := range res.Names {
		fmt.Printf("%-8s %7.4f\n", name, md.Coef[j])
	}
	fmt.Printf("intercept %.4f\n", md.Intercept)
	preds, _ := res.PredictPath(matx.Rows(ds.X, test))
	for k, p := range preds {
		e, _ := validate.MSE(matx.Take(ds.Y, test), p)
		fmt.Printf("%d directions: test error %.3f\n", k, e)
	}
	// Output:
	// lcavol    0.3512
	// lweight   0.7563
	// age      -0.0029
	// lbph      0.1662
	// svi       0.6176
	// lcp       0.0613
	// gleason   0.0087
	// pgg45     0.0029
	// intercept -0.8374
	// 0 directions: test error 1.057
	// 1 directions: test error 0.537
	// 2 directions: test error 0.536
	// 3 directions: test error 0.428
	// 4 directions: test error 0.500
	// 5 directions: test error 0.504
	// 6 directions: test error 0.521
	// 7 directions: test error 0.521
	// 8 directions: test error 0.521
}

// Principal components regression on the same data: the coefficient of
// each principal component of the standardized X, and the test error
// with 7 components (ESL's choice in Table 3.3).
func ExampleFitPCR() {
	ds := datasets.Prostate()
	train, test := datasets.ProstateSplit()
	res, _ := represent.FitPCR(matx.Rows(ds.X, train), matx.Take(ds.Y, train), represent.PCRConfig{})
	fmt.Printf("theta %.3f\n", res.Theta)
	yhat, _ := res.Model(7).Predict(matx.Rows(ds.X, test))
	e, _ := validate.MSE(matx.Take(ds.Y, test), yhat)
	fmt.Printf("7 components: test error %.3f\n", e)
	// Output:
	// theta [0.439 0.225 -0.351 -0.183 -0.073 -0.188 -0.472 0.508]
	// 7 components: test error 0.448
}

// PLS2: two targets at once; each has its own column of coefficients.
func ExampleFitPLS2() {
	X := mat.NewDense(6, 2, []float64{1, 0, 2, 1, 3, 1, 4, 3, 5, 2, 6, 5})
	Y := mat.NewDense(6, 2, []float64{1, 2, 3, 1, 2, 4, 5, 3, 4, 6, 6, 5})
	res, _ := represent.FitPLS2(X, Y, represent.PLSConfig{Components: 1})
	for j, name := range res.Names {
		fmt.Printf("%s %.4f\n", name, mat.Row(nil, j, res.Coefs[1]))
	}
	fmt.Printf("intercepts %.4f\n", res.Intercepts[1])
	// Output:
	// x1 [0.5096 0.3830]
	// x2 [0.4807 0.3612]
	// intercepts [0.7551 1.4373]
}
