package knockoff

import (
	"testing"
)

// TestFDRControl: over 200 seeded simulations (m = 300, d = 50, 10
// signals of amplitude 3.5/sqrt(m), independent features) at q = 0.1, the
// average false discovery proportion (FDP) of fixed-X knockoff+ must
// satisfy mean + 2 SE <= q, SE the Monte Carlo standard error
// sd(FDP)/sqrt(runs): the FDR is below q by two standard errors. That is
// stricter than the guarantee FDR <= q (knockoff+ is conservative: with
// 10 signals and q = 0.1 it needs 10 discoveries before it can select any,
// so the FDR falls well short of q); the runs are seeded, so the test is
// deterministic. The power (mean share of the signals found) is logged
// and must exceed 0.2. The full run checks fixed-X with both statistics
// and model-X (true mu and Sigma) with the signed max, about 20 s of CPU;
// short mode fixed-X with the signed max alone.
func TestFDRControl(t *testing.T) {
	const runs = 200
	type variant struct {
		modelX bool
		st     Statistic
	}
	vs := []variant{{false, SignedMax}, {false, CoefDiff}, {true, SignedMax}}
	if testing.Short() {
		vs = vs[:1]
	}
	for _, v := range vs {
		st := v.st
		r, err := Simulate(SimulateConfig{M: 300, D: 50, K: 10, Runs: runs, Seed: 2015, ModelX: v.modelX, Filter: FilterConfig{Q: 0.1, Statistic: st}})
		if err != nil {
			t.Fatal(err)
		}
		kind := map[bool]string{false: "fixed-X", true: "model-X"}[v.modelX]
		t.Logf("%s knockoff+, %v, %d runs: FDR %.4f (SE %.4f), power %.3f", kind, st, runs, r.MeanFDP, r.SEFDP, r.MeanPower)
		if r.MeanFDP+2*r.SEFDP > 0.1 {
			t.Errorf("%s %v: mean FDP %.4f + 2 SE %.4f exceeds q = 0.1", kind, st, r.MeanFDP, 2*r.SEFDP)
		}
		if r.MeanPower < 0.2 {
			t.Errorf("%s %v: power %.3f is implausibly low", kind, st, r.MeanPower)
		}
	}
}
