package greedy

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// matrixFrom builds a small matrix and target from fuzz bytes: values are
// taken from a short table that includes zeros, repeats, huge and tiny
// numbers, NaN and Inf.
func matrixFrom(data []byte) (*mat.Dense, []float64) {
	table := []float64{0, 1, -1, 2, 0.5, 1e-300, 1e300, -3, math.NaN(), math.Inf(1), 1e-8, 7}
	if len(data) < 3 {
		return nil, nil
	}
	m, d := 1+int(data[0]%8), 1+int(data[1]%5)
	data = data[2:]
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	k := 0
	next := func() float64 {
		if len(data) == 0 {
			return 0
		}
		v := table[int(data[k%len(data)])%len(table)] * float64(1+k%3)
		k++
		return v
	}
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, next())
		}
		y[i] = next()
	}
	return X, y
}

// FuzzOMP: no input makes OMP, OMPTextbook, OMPBatch, Forward, Backward,
// CoordinateGreedy or AdaBoostGreedy panic, and a successful OMP never
// chooses a feature twice or returns a non-finite coefficient.
func FuzzOMP(f *testing.F) {
	f.Add([]byte{3, 2, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte{7, 4, 0, 0, 0, 1, 1, 1, 11, 3})
	f.Add([]byte{5, 3, 6, 5, 6, 5, 9, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		X, y := matrixFrom(data)
		if X == nil {
			return
		}
		_, d := X.Dims()
		for _, rule := range []Rule{Exact, Correlation} {
			cfg := OMPConfig{T: d + 1, Rule: rule, Intercept: len(data)%2 == 0}
			if res, err := OMP(X, y, cfg); err == nil {
				seen := map[int]bool{}
				for _, j := range res.Support {
					if seen[j] {
						t.Fatalf("feature %d chosen twice: %v", j, res.Support)
					}
					seen[j] = true
				}
				for _, w := range res.Coef {
					if math.IsNaN(w) || math.IsInf(w, 0) {
						t.Fatalf("coef %v", res.Coef)
					}
				}
			}
			OMPTextbook(X, y, cfg)
			Y := mat.NewDense(1, len(y), y)
			if codes, err := OMPBatch(X, Y, OMPConfig{T: d, Rule: rule}); err == nil {
				for _, v := range codes.RawMatrix().Data {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("batch codes %v", codes.RawMatrix().Data)
					}
				}
			}
		}
		Forward(X, y, ForwardConfig{})
		Backward(X, y, BackwardConfig{Intercept: true})
		CoordinateGreedy(X, y, CoordinateConfig{})
		pm := make([]float64, len(y))
		for i, v := range y {
			pm[i] = 1
			if v < 0.5 {
				pm[i] = -1
			}
		}
		CoordinateGreedy(X, pm, CoordinateConfig{Loss: Logistic, FullyCorrective: true, Intercept: true})
		AdaBoostGreedy(X, pm, AdaBoostConfig{T: 3})
	})
}
