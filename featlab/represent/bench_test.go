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

func BenchmarkKMeansDigits10(b *testing.B) {
	X := datasets.Digits().X
	for i := 0; i < b.N; i++ {
		if _, err := FitKMeans(X, KMeansConfig{K: 10, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPCADigits(b *testing.B) {
	X := datasets.Digits().X
	for i := 0; i < b.N; i++ {
		if _, err := FitPCA(X, PCAConfig{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKSVDDigits(b *testing.B) {
	X := datasets.Digits().X
	for i := 0; i < b.N; i++ {
		if _, err := LearnDictionary(X, DictionaryLearningConfig{K: 64, S: 6, MaxIter: 20, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSparseEncodeOMP(b *testing.B) {
	X := datasets.Digits().X
	km, _ := FitKMeans(X, KMeansConfig{K: 64, NInit: 1})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := SparseEncode(X, SparseCodeConfig{Atoms: km.Centroids, S: 10, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSparseEncodeLasso(b *testing.B) {
	X := datasets.Digits().X
	km, _ := FitKMeans(X, KMeansConfig{K: 64, NInit: 1})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := SparseEncode(X, SparseCodeConfig{Atoms: km.Centroids, Coder: Lasso, Lambda: 100, Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKMeansDigits10Weighted is BenchmarkKMeansDigits10 with sample
// weights 1, 2, 3, 1, 2, 3, ... (weighted seeding, centres and inertia).
func BenchmarkKMeansDigits10Weighted(b *testing.B) {
	X := datasets.Digits().X
	m, _ := X.Dims()
	w := make([]float64, m)
	for i := range w {
		w[i] = float64(1 + i%3)
	}
	for i := 0; i < b.N; i++ {
		if _, err := FitKMeans(X, KMeansConfig{K: 10, Workers: 1, SampleWeight: w}); err != nil {
			b.Fatal(err)
		}
	}
}
