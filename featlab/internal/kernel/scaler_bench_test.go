package kernel

import (
	"syscall"
	"testing"
)

// The passes of transform.Standardize's fit + transform on peerbench's
// shape (100000 x 100, chunks of 327 rows as transform's forChunks), each
// with its per-process CPU time per pass (cpu-ms/op, less inflated by
// other processes than ns/op) and BenchmarkScalerReadSum, kernel.Sum over
// the same 80 MB, as the reference in the same run: run them with -cpu 1
// and compare cpu-ms/op with ReadSum's (the prefetch distance of
// sumRowsAVX and centredAVX was chosen this way; see colstats_amd64.s).

func processCPUNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func benchScalerPass(b *testing.B, pass func(x, sh, mu []float64)) {
	const m, d = 100000, 100
	x, _ := benchMatrix(m, d)
	sh, mu := make([]float64, d), make([]float64, d)
	for j := range sh {
		sh[j], mu[j] = 0.25, 1.5
	}
	b.SetBytes(8 * m * d)
	c0, n := processCPUNanos(), 0
	for b.Loop() {
		pass(x, sh, mu)
		n++
	}
	b.ReportMetric(float64(processCPUNanos()-c0)/float64(n)/1e6, "cpu-ms/op")
}

const scalerChunk = 327 // transform's chunk of 32768 floats at 100 columns

func BenchmarkScalerReadSum(b *testing.B) {
	benchScalerPass(b, func(x, _, _ []float64) { sinkBench += Sum(x) })
}

func BenchmarkScalerSumRows(b *testing.B) {
	acc := make([]float64, 100)
	benchScalerPass(b, func(x, _, _ []float64) {
		for lo := 0; lo < 100000; lo += scalerChunk {
			SumRows(x, 100, acc, lo, min(lo+scalerChunk, 100000))
		}
	})
}

func BenchmarkScalerCentredSums(b *testing.B) {
	acc := make([]float64, 200)
	benchScalerPass(b, func(x, sh, _ []float64) {
		for lo := 0; lo < 100000; lo += scalerChunk {
			CentredSums(x, 100, sh, acc, lo, min(lo+scalerChunk, 100000))
		}
	})
}

// BenchmarkScalerAffineDiv is the transform's row map into a new output
// (Go zeroes the 80 MB first, in 256 KiB pieces with ordinary stores).
func BenchmarkScalerAffineDiv(b *testing.B) {
	benchScalerPass(b, func(x, sh, mu []float64) {
		out := make([]float64, len(x))
		for i := 0; i < 100000; i++ {
			AffineDiv(out[i*100:(i+1)*100], x[i*100:(i+1)*100], sh, mu)
		}
	})
}
