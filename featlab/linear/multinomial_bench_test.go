package linear

import (
	"testing"

	"github.com/featlab/course/datasets"
)

// BenchmarkMultinomialPathDigits times glmnet's default multinomial
// lasso path on digits (1797 x 64, 10 classes): 100 lambdas from
// lambda_max down to 1e-4 lambda_max, standardised, Tol 1e-7.
// Re-run: go test ./featlab/linear/ -run '^$' -bench MultinomialPathDigits
func BenchmarkMultinomialPathDigits(b *testing.B) {
	ds := datasets.Digits()
	for _, c := range []struct {
		name string
		cfg  MultinomialPathConfig
	}{
		{"ungrouped", MultinomialPathConfig{}},
		{"grouped", MultinomialPathConfig{Grouped: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if _, err := MultinomialPath(ds.X, ds.Y, c.cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
