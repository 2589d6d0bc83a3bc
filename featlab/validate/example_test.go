package validate_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/validate"
)

func ExampleHoldout() {
	train, test, err := validate.Holdout(10, 0.3, 1)
	if err != nil {
		log.Fatal(err)
	}
	// ceil(0.3*10) = 3 test examples, as scikit-learn's train_test_split.
	fmt.Println(len(train), len(test))
	// Output:
	// 7 3
}

func ExampleStratifiedKFold() {
	y := []float64{0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2}
	folds, err := validate.StratifiedKFold(y, 3, 7)
	if err != nil {
		log.Fatal(err)
	}
	for f, fold := range folds {
		counts := [3]int{}
		for _, i := range fold.Test {
			counts[int(y[i])]++
		}
		fmt.Printf("fold %d: %d test examples, per class %v\n", f, len(fold.Test), counts)
	}
	// Output:
	// fold 0: 4 test examples, per class [2 1 1]
	// fold 1: 4 test examples, per class [2 1 1]
	// fold 2: 4 test examples, per class [2 1 1]
}

func ExampleROCAUC() {
	y := []float64{1, 0, 1, 1, 0, 1}
	score := []float64{0.5, 0.5, 0.9, 0.7, 0.1, 0.8}
	auc, err := validate.ROCAUC(y, score)
	if err != nil {
		log.Fatal(err)
	}
	// 8 positive-negative pairs: 7 ordered right, 1 tie counted 1/2.
	fmt.Println(auc)
	// Output:
	// 0.9375
}

func ExampleLogLoss() {
	y := []float64{1, 0, 1}
	p := []float64{0.9, 0.2, 0}
	ll, err := validate.LogLoss(y, p)
	if err != nil {
		log.Fatal(err)
	}
	// The sure mistake (p = 0 for a positive) is clipped to Eps = 2^-52
	// and costs 52 ln 2 = 36.04, not infinity (scikit-learn: 12.124052485363064).
	fmt.Printf("%.4f\n", ll)
	// Output:
	// 12.1241
}

func ExampleCrossValidate() {
	// y = 2 x exactly; a learner that fits the slope through the origin.
	X := mat.NewDense(8, 1, []float64{1, 2, 3, 4, 5, 6, 7, 8})
	y := []float64{2, 4, 6, 8, 10, 12, 14, 16}
	slope := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		var xy, xx float64
		for i, v := range y {
			x := X.At(i, 0)
			xy, xx = xy+x*v, xx+x*x
		}
		w := xy / xx
		return featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
			r, _ := X.Dims()
			p := make([]float64, r)
			for i := range p {
				p[i] = w * X.At(i, 0)
			}
			return p, nil
		}), nil
	})
	folds, _ := validate.KFold(8, 4, 1)
	res, err := validate.CrossValidate(X, y, validate.CVConfig{Learner: slope, Folds: folds, Metric: validate.MSE})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Scores, res.Mean, res.StdErr)
	// Output:
	// [0 0 0 0] 0 0
}
