package filter

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// benchData returns an m x d standard normal matrix and a target that
// depends linearly on the first five columns, with seeds fixed.
func benchData(m, d int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float64, m*d)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	y := make([]float64, m)
	for i := range y {
		for j := 0; j < 5 && j < d; j++ {
			y[i] += x[i*d+j]
		}
		y[i] += rng.NormFloat64()
	}
	return mat.NewDense(m, d, x), y
}

func benchWorkers(b *testing.B, f func(cfg Config)) {
	for _, w := range []struct {
		name string
		n    int
	}{{"serial", 1}, {"allcores", 0}} {
		b.Run(w.name, func(b *testing.B) {
			cfg := Config{Workers: w.n}
			for b.Loop() {
				f(cfg)
			}
		})
	}
}

// BenchmarkPearson times |r| for all columns of a 10000 x 1000 matrix (the
// issue's size; scikit-learn's r_regression is the peer).
func BenchmarkPearson(b *testing.B) {
	X, y := benchData(10000, 1000)
	benchWorkers(b, func(cfg Config) {
		if _, err := Pearson(X, y, cfg); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkMutualInfoKNN times the Kraskov estimator for 100 continuous
// columns against a continuous target, m = 10000 (the size;
// scikit-learn's mutual_info_regression is the peer).
func BenchmarkMutualInfoKNN(b *testing.B) {
	X, y := benchData(10000, 100)
	for _, w := range []struct {
		name string
		n    int
	}{{"serial", 1}, {"allcores", 0}} {
		b.Run(w.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := MutualInfo(X, y, MIConfig{Workers: w.n}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMutualInfoRoss times the Ross estimator (continuous features,
// two classes), m = 10000, 100 columns (mutual_info_classif's peer).
func BenchmarkMutualInfoRoss(b *testing.B) {
	X, y := benchData(10000, 100)
	yc := classesOf(y)
	b.ResetTimer()
	for b.Loop() {
		if _, err := MutualInfo(X, yc, MIConfig{DiscreteTarget: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func classesOf(y []float64) []float64 {
	out := make([]float64, len(y))
	for i, v := range y {
		if v > 0 {
			out[i] = 1
		}
	}
	return out
}

// BenchmarkStump times the decision-stump score, m = 10000, d = 100.
func BenchmarkStump(b *testing.B) {
	X, y := benchData(10000, 100)
	yc := classesOf(y)
	benchWorkers(b, func(cfg Config) {
		if _, err := Stump(X, yc, cfg); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkFClassif times the ANOVA F score, m = 10000, d = 1000, two
// classes (scikit-learn's f_classif is the peer).
func BenchmarkFClassif(b *testing.B) {
	X, y := benchData(10000, 1000)
	yc := classesOf(y)
	benchWorkers(b, func(cfg Config) {
		if _, err := FClassif(X, yc, cfg); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkFRegression times F from r, m = 10000, d = 1000.
func BenchmarkFRegression(b *testing.B) {
	X, y := benchData(10000, 1000)
	benchWorkers(b, func(cfg Config) {
		if _, err := FRegression(X, y, cfg); err != nil {
			b.Fatal(err)
		}
	})
}
