package transform

import "testing"

// BenchmarkStandardizeFit100000x100 times Standardize's fit alone on
// peerbench's shape (one read of X from memory since the one-pass fit;
// compare with kernel's BenchmarkScalerReadSum).
func BenchmarkStandardizeFit100000x100(b *testing.B) {
	X := randMatrix(100000, 100, 1)
	b.SetBytes(8 * 100000 * 100)
	for b.Loop() {
		s := &Standardize{}
		if err := s.Fit(X); err != nil {
			b.Fatal(err)
		}
	}
}
