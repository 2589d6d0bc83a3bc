package linear

import (
	"fmt"
	"testing"
)

// BenchmarkLassoIC: the whole LARS-lasso path and BIC at m = 2000, d = 100
// (make_regression design, 20 informative features).
func BenchmarkLassoIC(b *testing.B) {
	X, y := benchProblem(b, 2000, 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := LassoIC(X, y, LassoICConfig{Criterion: BIC, Intercept: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRidgeCV: exact leave-one-out over 20 alphas (one SVD) and
// 5-fold over the same grid.
func BenchmarkRidgeCV(b *testing.B) {
	X, y := benchProblem(b, 2000, 100)
	alphas := make([]float64, 20)
	for k := range alphas {
		alphas[k] = float64(int(1)<<k) / 1000
	}
	for _, folds := range []int{0, 5} {
		b.Run(fmt.Sprintf("folds=%d", folds), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := RidgeCV(X, y, RidgeCVConfig{Alphas: alphas, Intercept: true, Folds: folds}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
