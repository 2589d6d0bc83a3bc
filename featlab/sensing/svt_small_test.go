package sensing

import (
	"testing"
)

// SVT with Cai, Candes and Shen's default tau = 5 sqrt(rows cols) does not
// converge on a tiny problem within its default 500 iterations; it must say
// so (Converged false, Gap above Tol) rather than pass the iterate off as a
// solution. NuclearNorm solves the same problem to certified optimality.
func TestSVTReportsNonConvergenceOnTinyProblem(t *testing.T) {
	M, o := lowRankObs(30, 30, 2, 0.5, 3)
	c, err := SVT(o, SVTConfig{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("SVT 30x30 rank 2: iterations %d converged %v gap %.3g tol %g rank %d error %.3g", c.Iterations, c.Converged, c.Gap, c.Tol, c.Rank, relErr(c.Matrix(), M))
	if c.Converged || c.Iterations != 500 || !(c.Gap > c.Tol) || c.Tol != 1e-4 {
		t.Fatalf("SVT on 30x30: converged %v after %d iterations, gap %.3g, tol %g; want not converged after 500 with gap > tol", c.Converged, c.Iterations, c.Gap, c.Tol)
	}
	if len(c.History) != c.Iterations || c.History[len(c.History)-1].Residual != c.Gap {
		t.Errorf("history has %d steps for %d iterations", len(c.History), c.Iterations)
	}
	n, err := NuclearNorm(o, NuclearNormConfig{})
	if err != nil || !n.Converged || !n.Certificate.Certified {
		t.Fatalf("NuclearNorm on the same problem: %v", err)
	}
}

// Converged is exactly the stopping test Gap <= Tol, whatever the budget.
func TestSVTConvergedMeansGapBelowTol(t *testing.T) {
	_, o := lowRankObs(30, 30, 2, 0.5, 3)
	seen := map[bool]bool{}
	for _, cfg := range []SVTConfig{{MaxIter: 1}, {MaxIter: 20}, {Tol: 0.5, MaxIter: 500}, {Tau: 50, Tol: 1e-3, MaxIter: 2000}} {
		c, err := SVT(o, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if c.Converged != (c.Gap <= c.Tol) {
			t.Errorf("%+v: converged %v with gap %.3g tol %g", cfg, c.Converged, c.Gap, c.Tol)
		}
		if !c.Converged && c.Iterations != cfg.MaxIter {
			t.Errorf("%+v: stopped after %d iterations without converging", cfg, c.Iterations)
		}
		seen[c.Converged] = true
	}
	if !seen[true] || !seen[false] {
		t.Errorf("the configurations should give both outcomes: %v", seen)
	}
}
