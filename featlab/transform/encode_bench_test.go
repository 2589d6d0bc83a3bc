package transform_test

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// benchCodes: 100,000 rows of 4 code columns (3, 5, 10 and 50 levels)
// and one continuous column.
func benchCodes() *mat.Dense {
	r := rand.New(rand.NewPCG(1, 2))
	m := 100000
	X := mat.NewDense(m, 5, nil)
	for i := 0; i < m; i++ {
		X.Set(i, 0, float64(r.IntN(3)))
		X.Set(i, 1, float64(r.IntN(5)))
		X.Set(i, 2, r.NormFloat64())
		X.Set(i, 3, float64(r.IntN(10)))
		X.Set(i, 4, float64(r.IntN(50)))
	}
	return X
}

func benchEncoder(b *testing.B, newT func() featlab.Transformer) {
	X := benchCodes()
	b.ResetTimer()
	for b.Loop() {
		if _, err := transform.FitTransform(newT(), X); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDummiesFitTransform: four code columns of 100,000 rows to 68
// indicators, the continuous column passed through.
func BenchmarkDummiesFitTransform(b *testing.B) {
	benchEncoder(b, func() featlab.Transformer { return &transform.Dummies{Columns: []int{0, 1, 3, 4}} })
}

// BenchmarkOrdinalFitTransform: the four code columns to codes.
func BenchmarkOrdinalFitTransform(b *testing.B) {
	X := benchCodes()
	codes := mat.NewDense(100000, 4, nil)
	for k, j := range []int{0, 1, 3, 4} {
		codes.SetCol(k, mat.Col(nil, j, X))
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := transform.FitTransform(&transform.Ordinal{}, codes); err != nil {
			b.Fatal(err)
		}
	}
}
