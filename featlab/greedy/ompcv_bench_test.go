package greedy

import (
	"testing"

	"github.com/featlab/course/featlab/synth"
)

// BenchmarkOMPCV: 5-fold CV over 1..30 non-zeros at m = 2000, d = 200.
func BenchmarkOMPCV(b *testing.B) {
	ds, _, err := synth.Regression(2000, synth.RegressionConfig{Features: 200, Informative: 20, Noise: 1}, 7)
	if err != nil {
		b.Fatal(err)
	}
	X, y := ds.X, ds.Y
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := OMPCV(X, y, OMPCVConfig{OMP: OMPConfig{T: 30, Rule: Correlation, Intercept: true}}); err != nil {
			b.Fatal(err)
		}
	}
}
