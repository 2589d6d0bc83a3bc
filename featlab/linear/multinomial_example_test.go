package linear_test

import (
	"fmt"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// The multinomial lasso on wine's three cultivars: the features some
// class uses, and the training accuracy.
func ExampleMultinomial() {
	ds := datasets.Wine()
	r, err := linear.Multinomial(ds.X, ds.Y, linear.MultinomialConfig{Lambda: 0.05, Names: ds.Names})
	if err != nil {
		panic(err)
	}
	pred, _ := r.Predict(ds.X)
	acc, _ := validate.Accuracy(ds.Y, pred)
	fmt.Println("classes:", r.Classes)
	fmt.Println("features used:", len(r.Support()), "of", len(ds.Names))
	fmt.Printf("training accuracy: %.3f\n", acc)
	// Output:
	// classes: [0 1 2]
	// features used: 8 of 13
	// training accuracy: 0.978
}

// A grouped multinomial path: features enter for all classes at once.
func ExampleMultinomialPath() {
	ds := datasets.Wine()
	p, err := linear.MultinomialPath(ds.X, ds.Y, linear.MultinomialPathConfig{Grouped: true, NLambdas: 20, Names: ds.Names})
	if err != nil {
		panic(err)
	}
	sel := p.Selection()
	fmt.Println("first three to enter:", sel.ChosenNames[:3])
	fmt.Println("non-zero features along the path:", p.NonZeros[:8])
	// Output:
	// first three to enter: [flavanoids alcohol od280_od315_of_diluted_wines]
	// non-zero features along the path: [0 5 6 6 8 9 9 9]
}

// Cross-validated multinomial lasso: lambda.min and lambda.1se.
func ExampleMultinomialCV() {
	ds := datasets.Wine()
	cv, err := linear.MultinomialCV(ds.X, ds.Y, linear.MultinomialCVConfig{Path: linear.MultinomialPathConfig{NLambdas: 30}, Folds: 5, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println("lambda.1se >= lambda.min:", cv.Lambda1SE >= cv.LambdaMin)
	fmt.Printf("held-out error at lambda.min: %.3f\n", cv.Error[cv.IndexMin])
	// Output:
	// lambda.1se >= lambda.min: true
	// held-out error at lambda.min: 0.017
}

// One-versus-rest around the l1 hinge-loss SVM, with a confusion matrix.
func ExampleOneVsRest() {
	ds := datasets.Iris()
	r, err := linear.OneVsRest(ds.X, ds.Y, linear.OneVsRestConfig{Learner: linear.SparseSVMConfig{Lambda: 0.01, Intercept: true}, Names: ds.Names})
	if err != nil {
		panic(err)
	}
	pred, _ := r.Predict(ds.X)
	c, _ := validate.ConfusionMatrix(ds.Y, pred)
	fmt.Print(c)
	fmt.Println("features used by some class:", r.Selection().ChosenNames)
	// Output:
	// true\pred	0	1	2
	// 0	50	0	0
	// 1	0	44	6
	// 2	0	2	48
	// features used by some class: [petal_length_cm sepal_width_cm petal_width_cm sepal_length_cm]
}
