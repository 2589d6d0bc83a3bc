package sensing

import (
	"testing"

	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
)

// TestBasisPursuitDegenerate runs basis pursuit on 640 instances across
// Gaussian, Bernoulli and partial-DCT matrices and sparsities from n/8 to
// 3n/4, including Bernoulli matrices with 0/1 signals, whose correlations
// tie exactly (degenerate position for the homotopy): every result must
// carry a dual certificate that proves it optimal to 1e-9.
func TestBasisPursuitDegenerate(t *testing.T) {
	fails := 0
	total := 0
	for seed := uint64(0); seed < 40; seed++ {
		for _, kind := range []string{"g", "b", "p", "bint"} {
			n, m := 20+int(seed%5)*10, 100+int(seed%3)*28
			var A *mat.Dense
			switch kind {
			case "g":
				A, _ = Gaussian(n, m, seed)
			case "b", "bint":
				A, _ = Bernoulli(n, m, seed)
			case "p":
				A, _, _ = PartialDCT(n, m, seed)
			}
			for _, k := range []int{n / 8, n / 4, n / 2, 3 * n / 4} {
				s, _ := synth.SparseVector(m, max(k, 1), seed*7+uint64(k))
				if kind == "bint" {
					for j := range s {
						if s[j] != 0 {
							s[j] = 1
						}
					}
				}
				var y mat.VecDense
				y.MulVec(A, mat.NewVecDense(m, s))
				r, err := BasisPursuit(A, y.RawVector().Data, BasisPursuitConfig{})
				total++
				if err != nil || !r.Converged {
					fails++
					if fails < 10 {
						t.Logf("%s n=%d m=%d k=%d seed %d: err %v gap %.3g infeas %.3g iters %d", kind, n, m, k, seed, err, r.Gap, r.DualInfeas, r.Iterations)
					}
				}
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d instances without a proven optimum", fails, total)
	}
}
