package importance

import (
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/validate"
)

// go test ./featlab/importance/ -run XXX -bench . -benchtime 5x

func BenchmarkRFEBreastCancer(b *testing.B) {
	X, y := standardized(b, datasets.BreastCancer(), nil)
	b.ResetTimer()
	for range b.N {
		if _, err := RFE(X, y, RFEConfig{Learner: sklearnLR, NFeatures: 15}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRFEBreastCancerWarm: the same with a linear.LogisticConfig,
// which RFE warm-starts (tol 1e-7, as the peerbench case).
func BenchmarkRFEBreastCancerWarm(b *testing.B) {
	X, y := standardized(b, datasets.BreastCancer(), nil)
	lc := linear.LogisticConfig{Lambda: 1 / 569.0, Penalty: linear.L2Penalty, Intercept: true, Tol: 1e-7}
	b.ResetTimer()
	for range b.N {
		if _, err := RFE(X, y, RFEConfig{Learner: lc, NFeatures: 15}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRFECVBreastCancer(b *testing.B) {
	X, y := standardized(b, datasets.BreastCancer(), nil)
	folds, err := validate.StratifiedKFold(y, 5, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := RFECV(X, y, RFECVConfig{Learner: sklearnLR, Folds: folds, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPermutationBreastCancer(b *testing.B) {
	X, y := standardized(b, datasets.BreastCancer(), nil)
	tr, te := make([]int, 400), make([]int, len(y)-400)
	for i := range tr {
		tr[i] = i
	}
	for i := range te {
		te[i] = 400 + i
	}
	p, err := sklearnLR.Fit(matx.Rows(X, tr), matx.Take(y, tr))
	if err != nil {
		b.Fatal(err)
	}
	Xt, yt := matx.Rows(X, te), matx.Take(y, te)
	b.ResetTimer()
	for range b.N {
		if _, err := Permutation(Xt, yt, PermutationConfig{Predictor: p, Metric: validate.Accuracy, Repeats: 10, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
