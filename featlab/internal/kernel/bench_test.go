package kernel

import (
	"math/rand/v2"
	"testing"
)

// The floor: BenchmarkReadBandwidth reads 256 MB (more than a last-level
// cache) with Sum; its MB/s is the machine's single-core read bandwidth,
// and a memory-bound kernel's MB/s below (bytes of X per second) is at the
// floor when it matches it. peerbench prints the same comparison for the
// library's calls, beside the peers.

func BenchmarkReadBandwidth(b *testing.B) {
	x := make([]float64, 32<<20)
	for i := range x {
		x[i] = float64(i & 7)
	}
	b.SetBytes(int64(8 * len(x)))
	b.ResetTimer()
	c0 := processCPUNanos()
	for i := 0; i < b.N; i++ {
		sinkBench += Sum(x)
	}
	b.ReportMetric(float64(processCPUNanos()-c0)/float64(b.N)/1e6, "cpu-ms/op")
}

var sinkBench float64

func benchMatrix(m, d int) ([]float64, []float64) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, m*d)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = rng.NormFloat64()
	}
	return x, y
}

// BenchmarkMoments10000x1000 is the pass of f_regression and Pearson.
func BenchmarkMoments10000x1000(b *testing.B) {
	const m, d = 10000, 1000
	x, y := benchMatrix(m, d)
	acc := make([]float64, 3*d)
	b.SetBytes(8 * m * d)
	b.ResetTimer()
	c0 := processCPUNanos()
	for i := 0; i < b.N; i++ {
		clear(acc)
		Moments(x, d, x[:d], y, acc, 0, m)
	}
	b.ReportMetric(float64(processCPUNanos()-c0)/float64(b.N)/1e6, "cpu-ms/op")
}

// BenchmarkMomentsGo10000x1000 is the portable pass, for comparison.
func BenchmarkMomentsGo10000x1000(b *testing.B) {
	const m, d = 10000, 1000
	x, y := benchMatrix(m, d)
	acc := make([]float64, 3*d)
	b.SetBytes(8 * m * d)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		clear(acc)
		MomentsGo(x, d, x[:d], y, acc, 0, m)
	}
}
