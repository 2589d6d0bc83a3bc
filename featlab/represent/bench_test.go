package represent

import (
	"testing"

	"github.com/featlab/course/datasets"
)

func BenchmarkKMeansDigits64(b *testing.B) {
	X := datasets.Digits().X
	for i := 0; i < b.N; i++ {
		if _, err := FitKMeans(X, KMeansConfig{K: 64, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
