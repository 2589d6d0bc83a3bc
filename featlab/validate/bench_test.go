package validate

import (
	"fmt"
	"testing"
)

func benchData(m int) (y, s []float64) {
	r := newRand(1)
	y = make([]float64, m)
	s = make([]float64, m)
	for i := range y {
		y[i] = float64(r.IntN(2))
		s[i] = r.NormFloat64() + y[i]
	}
	return y, s
}

func BenchmarkROCAUC(b *testing.B) {
	for _, m := range []int{1_000, 100_000} {
		y, s := benchData(m)
		b.Run(fmt.Sprint(m), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ROCAUC(y, s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLogLoss(b *testing.B) {
	y, s := benchData(100_000)
	for i, v := range s {
		s[i] = 1 / (1 + v*v)
	}
	for b.Loop() {
		if _, err := LogLoss(y, s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStratifiedKFold(b *testing.B) {
	y, _ := benchData(100_000)
	for b.Loop() {
		if _, err := StratifiedKFold(y, 10, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCrossValidate(b *testing.B) {
	X, y := linearData(10_000, 1)
	folds, _ := KFold(10_000, 10, 2)
	for b.Loop() {
		if _, err := CrossValidate(X, y, CVConfig{Learner: leastSquares, Folds: folds, Metric: MSE}); err != nil {
			b.Fatal(err)
		}
	}
}
