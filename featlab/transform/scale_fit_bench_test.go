package transform

import (
	"syscall"
	"testing"
)

// processCPUms is the process's user + system CPU time in milliseconds
// (less inflated than wall time by other processes on a shared machine).
func processCPUms() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}

// BenchmarkStandardizeFit100000x100 times Standardize's fit alone on
// peerbench's shape (one read of X from memory since the one-pass fit;
// compare with kernel's BenchmarkScalerReadSum), with the per-process CPU
// time per call (cpu-ms/op).
func BenchmarkStandardizeFit100000x100(b *testing.B) {
	X := randMatrix(100000, 100, 1)
	b.SetBytes(8 * 100000 * 100)
	c0, n := processCPUms(), 0
	for b.Loop() {
		s := &Standardize{}
		if err := s.Fit(X); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric((processCPUms()-c0)/float64(n), "cpu-ms/op")
}

// BenchmarkStandardizeTransform100000x100 times Standardize's transform
// alone (a new 80 MB output), with cpu-ms/op.
func BenchmarkStandardizeTransform100000x100(b *testing.B) {
	X := randMatrix(100000, 100, 1)
	s := &Standardize{}
	if err := s.Fit(X); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(8 * 100000 * 100)
	c0, n := processCPUms(), 0
	for b.Loop() {
		if _, err := s.Transform(X); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric((processCPUms()-c0)/float64(n), "cpu-ms/op")
}
