package knockoff

import "testing"

// BenchmarkFixedX: equicorrelated fixed-X knockoffs at m = 1000, d = 200.
func BenchmarkFixedX(b *testing.B) {
	X := gaussX(1000, 200, 0.3, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := FixedX(X, FixedXConfig{Seed: uint64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSimulationFixedX: one whole simulation (data, knockoffs,
// signed-max statistic, knockoff+) at m = 1000, d = 200, 20 signals: the
// time per simulation the issue asks for.
func BenchmarkSimulationFixedX(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Simulate(SimulateConfig{M: 1000, D: 200, K: 20, Runs: 1, Seed: uint64(i), Workers: 1, Filter: FilterConfig{Statistic: SignedMax}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveSDP: the SDP s of an AR(1) correlation (rho = 0.5) with
// d = 100.
func BenchmarkSolveSDP(b *testing.B) {
	R := ar1(100, 0.5)
	for i := 0; i < b.N; i++ {
		if _, err := SolveSDP(R, SDPConfig{}); err != nil {
			b.Fatal(err)
		}
	}
}
