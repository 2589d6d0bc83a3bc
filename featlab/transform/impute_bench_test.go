package transform

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// imputeBenchData: m x d normal values with a fraction frac set to NaN.
func imputeBenchData(m, d int, frac float64) *mat.Dense {
	rng := rand.New(rand.NewPCG(2026, 19))
	X := mat.NewDense(m, d, nil)
	for k, raw := 0, X.RawMatrix().Data; k < len(raw); k++ {
		raw[k] = rng.NormFloat64()
		if rng.Float64() < frac {
			raw[k] = math.NaN()
		}
	}
	return X
}

// go test ./featlab/transform/ -run XXX -bench Imputer (peers:
// go run ./featlab/cmd/peerbench -run imputation).
func BenchmarkImputerMean(b *testing.B) {
	X := imputeBenchData(100000, 100, 0.2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&Imputer{Indicator: true, Workers: 1}, X); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImputerMedian(b *testing.B) {
	X := imputeBenchData(100000, 100, 0.2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&Imputer{Strategy: ImputeMedian, Workers: 1}, X); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkImputerKNN(b *testing.B) {
	X := imputeBenchData(2000, 20, 0.2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FitTransform(&Imputer{Strategy: ImputeKNN, Workers: 1}, X); err != nil {
			b.Fatal(err)
		}
	}
}
