package chapter

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
)

// The exercises of notebooks 05 and 06: the library passes, the traps the
// notebooks start from fail with their hints.
func TestNotebook05Exercises(t *testing.T) {
	expect(t, "soft", run(SoftThreshold(), linear.SoftThreshold))
	expect(t, "soft stub", run(SoftThreshold(), func(x, l float64) float64 { return 0 }), "")
	expect(t, "prox", run(ProxStep(), func(X *mat.Dense, y, w []float64, l, L float64) []float64 {
		return must(linear.ProximalGradientStep(X, y, w, l, L))
	}))
	expect(t, "cd", run(CoordinateStep(), func(X *mat.Dense, y, w []float64, l float64, j int) []float64 {
		return must(linear.CoordinateStep(X, y, w, l, j))
	}))
	expect(t, "ridge trap", run(Ridge(), PrintedRidge), "printed")
	expect(t, "ridge1d", run(Ridge1D(), func(x, l float64) float64 { return x / (1 + 2*l) }))
	if !NoSparsity(func(x, l float64) float64 { return x / (1 + 2*l) }) || NoSparsity(linear.SoftThreshold) {
		t.Error("NoSparsity: l2 must pass, soft thresholding fail")
	}
}

func TestNotebook06Exercises(t *testing.T) {
	expect(t, "standardize", run(Standardize(), func(f []float64) []float64 {
		return column(&transform.Standardize{}, f)
	}))
	expect(t, "standardize 1/(m-1)", run(Standardize(), func(f []float64) []float64 {
		m, mean, v := float64(len(f)), 0.0, 0.0
		for _, x := range f {
			mean += x / m
		}
		for _, x := range f {
			v += (x - mean) * (x - mean) / (m - 1)
		}
		out := make([]float64, len(f))
		for i, x := range f {
			out[i] = (x - mean) / math.Sqrt(v)
		}
		return out
	}), "")
	expect(t, "clip max", run(Clip(), func(f []float64, b float64) []float64 {
		return column(&transform.Clip{B: b, Mode: transform.ClipSmall}, f)
	}), "misprint")
	expect(t, "onehot", run(OneHot(), func(v []float64) *mat.Dense {
		return must(transform.FitTransform(&transform.OneHot{}, mat.NewDense(len(v), 1, v)))
	}))
	expect(t, "rownorm stub", run(RowNormalize(), func(X *mat.Dense) *mat.Dense { return X }), "")
}
