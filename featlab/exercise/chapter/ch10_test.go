package chapter

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// The exercises of notebook 10-real-data: a right solution passes and
// the notebook's deliberately wrong stubs fail with their hints.

func meanFill(f []float64, n func(sum float64, observed int) float64) []float64 {
	sum, k := 0.0, 0
	for _, x := range f {
		if !math.IsNaN(x) {
			sum, k = sum+x, k+1
		}
	}
	out := slices.Clone(f)
	for i, x := range out {
		if math.IsNaN(x) {
			out[i] = n(sum, k)
		}
	}
	return out
}

func TestMeanImpute(t *testing.T) {
	ex := MeanImpute()
	expect(t, "solution", run(ex, func(f []float64) []float64 {
		return meanFill(f, func(s float64, k int) float64 { return s / float64(k) })
	}))
	expect(t, "all values", run(ex, func(f []float64) []float64 {
		return meanFill(f, func(s float64, _ int) float64 { return s / float64(len(f)) })
	}), "holes included")
}

func TestMissingIndicator(t *testing.T) {
	ex := MissingIndicator()
	indicator := func(isNaN func(float64) bool) ColumnFunc {
		return func(f []float64) []float64 {
			out := make([]float64, len(f))
			for i, x := range f {
				if isNaN(x) {
					out[i] = 1
				}
			}
			return out
		}
	}
	expect(t, "solution", run(ex, indicator(math.IsNaN)))
	expect(t, "x == NaN", run(ex, indicator(func(x float64) bool { return x == math.NaN() })), "math.IsNaN")
}

func TestOneHotOther(t *testing.T) {
	ex := OneHotOther()
	onehot := func(other bool) OneHotFunc {
		return func(train, test []float64) *mat.Dense {
			cats := slices.Compact(slices.Sorted(slices.Values(train)))
			extra := 0
			if other {
				extra = 1
			}
			out := mat.NewDense(len(test), len(cats)+extra, nil)
			for i, x := range test {
				if k := slices.Index(cats, x); k >= 0 {
					out.Set(i, k, 1)
				} else if other {
					out.Set(i, len(cats), 1)
				}
			}
			return out
		}
	}
	expect(t, "solution", run(ex, onehot(true)))
	expect(t, "no (other) column", run(ex, onehot(false)), "")
}

func softmax(stable bool) SoftmaxFunc {
	return func(X, B *mat.Dense, b []float64) *mat.Dense {
		var Z mat.Dense
		Z.Mul(X, B)
		m, _ := Z.Dims()
		for i := range m {
			row := Z.RawRowView(i)
			floats.Add(row, b)
			if stable {
				floats.AddConst(-floats.Max(row), row)
			}
			for j, z := range row {
				row[j] = math.Exp(z)
			}
			floats.Scale(1/floats.Sum(row), row)
		}
		return &Z
	}
}

func TestSoftmax(t *testing.T) {
	ex := Softmax()
	expect(t, "solution", run(ex, softmax(true)))
	expect(t, "overflow", run(ex, softmax(false)), "exp overflowed")
}
