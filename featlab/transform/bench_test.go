package transform

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// BenchmarkStandardize100000x100 times Fit + Transform of standardization
// on 100000 x 100 (compare: scikit-learn StandardScaler().fit_transform,
// see the peer benchmark).
func BenchmarkStandardize100000x100(b *testing.B) {
	X := randMatrix(100000, 100, 1)
	b.SetBytes(8 * 100000 * 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := &Standardize{}
		if err := s.Fit(X); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Transform(X); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPolynomial2_10000x50 times degree-2 polynomial features (1326
// columns) on 10000 x 50 (compare: PolynomialFeatures(2).fit_transform).
func BenchmarkPolynomial2_10000x50(b *testing.B) {
	X := randMatrix(10000, 50, 2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&Polynomial{Degree: 2}, X); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnitRange100000x100(b *testing.B) {
	X := randMatrix(100000, 100, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&UnitRange{}, X); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRowNormalize100000x100(b *testing.B) {
	X := randMatrix(100000, 100, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&RowNormalize{}, X); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkOneHot100000x5(b *testing.B) {
	X := mat.NewDense(100000, 5, nil)
	for i := 0; i < 100000; i++ {
		for j := 0; j < 5; j++ {
			X.Set(i, j, float64((i*7+j*3)%(10+j)))
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&OneHot{}, X); err != nil {
			b.Fatal(err)
		}
	}
}
