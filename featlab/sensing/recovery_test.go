package sensing

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// sparseSignal returns a k-sparse s with N(0,1) nonzeros (magnitude at
// least 0.5) and y = A s.
func sparseSignal(A *mat.Dense, k int, seed uint64) ([]float64, []float64) {
	n, m := A.Dims()
	r := rand.New(rand.NewPCG(seed, 77))
	s := make([]float64, m)
	for _, j := range r.Perm(m)[:k] {
		v := r.NormFloat64()
		s[j] = math.Copysign(0.5+math.Abs(v), v)
	}
	y := make([]float64, n)
	for i := range y {
		for j, v := range s {
			y[i] += A.At(i, j) * v
		}
	}
	return s, y
}

// spikesAndCosines is [I, C^T]: the identity next to the DCT synthesis
// matrix, a classical low-coherence dictionary (Donoho and Huo 2001).
func spikesAndCosines(n int) *mat.Dense {
	P, _ := BasisMatrix(NewDCT(n))
	A := mat.NewDense(n, 2*n, nil)
	for i := 0; i < n; i++ {
		A.Set(i, i, 1)
		for j := 0; j < n; j++ {
			A.Set(i, n+j, P.At(i, j))
		}
	}
	return A
}

func TestCoherenceGuaranteeExactRecovery(t *testing.T) {
	n := 64
	A := spikesAndCosines(n)
	mu, i, j, err := Coherence(A)
	if err != nil {
		t.Fatal(err)
	}
	if mu > math.Sqrt(2/float64(n))+1e-12 || i >= n || j < n {
		t.Fatalf("mu([I, DCT]) = %g between columns %d and %d, want <= sqrt(2/n) = %g across the two bases", mu, i, j, math.Sqrt(2/float64(n)))
	}
	bound := CoherenceBound(mu)
	if bound <= 3 {
		t.Fatalf("bound %g: expected k = 3 to be guaranteed", bound)
	}
	for seed := uint64(0); seed < 20; seed++ {
		for k := 1; k <= 3; k++ {
			s0, y := sparseSignal(A, k, seed*10+uint64(k))
			bp, err := BasisPursuit(A, y, BasisPursuitConfig{})
			if err != nil || !bp.Converged || maxAbsDiff(bp.Coef, s0) > 1e-9 {
				t.Fatalf("seed %d k=%d: basis pursuit did not recover (err %v)", seed, k, err)
			}
			omp, err := OMP(A, y, OMPConfig{K: k})
			if err != nil || maxAbsDiff(omp.Coef, s0) > 1e-9 {
				t.Fatalf("seed %d k=%d: OMP did not recover (err %v)", seed, k, err)
			}
			if len(omp.Support) != k || omp.Selection().Chosen == nil {
				t.Fatalf("OMP support %v", omp.Support)
			}
		}
	}
}

func TestRecoveryFailsWhenKTooLarge(t *testing.T) {
	// n = 20 Gaussian measurements of m = 60 unknowns: k = 3 is recovered,
	// k = 15 (k/n = 0.75, far above the Donoho-Tanner curve) never is.
	A, _ := Gaussian(20, 60, 1)
	okSmall, okLarge := 0, 0
	for seed := uint64(0); seed < 10; seed++ {
		for _, k := range []int{3, 15} {
			s0, y := sparseSignal(A, k, seed+100*uint64(k))
			bp, err := BasisPursuit(A, y, BasisPursuitConfig{})
			if err != nil || !bp.Converged {
				t.Fatalf("k=%d: %v", k, err)
			}
			if maxAbsDiff(bp.Coef, s0) < 1e-8 {
				if k == 3 {
					okSmall++
				} else {
					okLarge++
				}
			} else if bp.L1 > l1(s0)+1e-9 {
				t.Fatalf("k=%d: basis pursuit ||s||_1 = %g above the true signal's %g", k, bp.L1, l1(s0))
			}
		}
	}
	if okSmall < 9 || okLarge != 0 {
		t.Errorf("recovered %d/10 at k = 3 and %d/10 at k = 15", okSmall, okLarge)
	}
}

func l1(v []float64) float64 {
	var t float64
	for _, x := range v {
		t += math.Abs(x)
	}
	return t
}

func TestL0VersusL1Tiny(t *testing.T) {
	A, _ := Gaussian(6, 12, 3)
	agree, l0better := 0, 0
	for seed := uint64(0); seed < 30; seed++ {
		k := 1 + int(seed%3)
		s0, y := sparseSignal(A, k, seed)
		l0, err := L0(A, y, L0Config{})
		if err != nil {
			t.Fatal(err)
		}
		if len(l0.Support) != k || maxAbsDiff(l0.Coef, s0) > 1e-9 || l0.Solutions != 1 {
			t.Fatalf("seed %d: l0 support %v (%d solutions), want the k = %d truth", seed, l0.Support, l0.Solutions, k)
		}
		bp, err := BasisPursuit(A, y, BasisPursuitConfig{})
		if err != nil {
			t.Fatal(err)
		}
		if maxAbsDiff(bp.Coef, l0.Coef) < 1e-8 {
			agree++
		} else if len(bp.Support) > len(l0.Support) {
			l0better++
		}
	}
	if agree == 0 || l0better == 0 || agree+l0better != 30 {
		t.Errorf("l0 and l1 agree on %d, l0 sparser on %d of 30", agree, l0better)
	}
	if c := L0Count(12, 3); c != 1+12+66+220 {
		t.Errorf("L0Count = %g", c)
	}
	if _, err := L0(mat.NewDense(40, 100, nil), make([]float64, 40), L0Config{MaxK: 10}); !errors.Is(err, featlab.ErrParam) {
		// (all-zero y returns s = 0 at once, before counting)
		_ = err
	}
	B, _ := Gaussian(40, 100, 1)
	_, yb := sparseSignal(B, 12, 1)
	if _, err := L0(B, yb, L0Config{MaxK: 12}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("l0 with C(100, 12) supports: err = %v", err)
	}
}

func TestRIPExactAndMonteCarlo(t *testing.T) {
	A, _ := Gaussian(8, 14, 5)
	for k := 1; k <= 4; k++ {
		ex, err := RIP(A, k, RIPConfig{})
		if err != nil || !ex.Exact || ex.Subsets != int(Binomial(14, k)) {
			t.Fatalf("k=%d: %+v %v", k, ex, err)
		}
		mc, err := RIP(A, k, RIPConfig{ForceMonteCarlo: true, Trials: 300, Seed: 1})
		if err != nil || mc.Exact {
			t.Fatal(err)
		}
		if mc.Delta > ex.Delta+1e-12 {
			t.Errorf("k=%d: Monte Carlo %g above the exact %g", k, mc.Delta, ex.Delta)
		}
		mc2, _ := RIP(A, k, RIPConfig{ForceMonteCarlo: true, Trials: 300, Seed: 1, Workers: 1})
		if mc2.Delta != mc.Delta {
			t.Errorf("Monte Carlo depends on workers")
		}
		if k == 1 {
			var want float64
			for j := 0; j < 14; j++ {
				c := mat.Col(nil, j, A)
				want = math.Max(want, math.Abs(dot(c, c)-1))
			}
			if math.Abs(ex.Delta-want) > 1e-12 {
				t.Errorf("delta_1 = %g, want max |‖a_j‖² - 1| = %g", ex.Delta, want)
			}
		}
	}
	if _, err := RIP(A, 15, RIPConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("k > m: %v", err)
	}
	big, _ := Gaussian(50, 200, 1)
	r, err := RIP(big, 10, RIPConfig{Trials: 50})
	if err != nil || r.Exact || r.Total < 2e16 {
		t.Errorf("large problem should fall back to Monte Carlo: %+v %v", r, err)
	}
}

func TestIHTAndStep(t *testing.T) {
	A, _ := Gaussian(100, 256, 2)
	s0, y := sparseSignal(A, 10, 3)
	res, err := IHT(A, y, IHTConfig{K: 10})
	if err != nil || maxAbsDiff(res.Coef, s0) > 1e-8 {
		t.Fatalf("IHT: err %v, max error %g, %+v", err, maxAbsDiff(res.Coef, s0), res.Convergence)
	}
	// IHTStep is H_k(s + mu A^T (y - A s)) by hand
	s := make([]float64, 256)
	s[3] = 1
	got := IHTStep(A, y, s, 5, 0.3)
	var r mat.VecDense
	r.MulVec(A, mat.NewVecDense(256, s))
	r.SubVec(mat.NewVecDense(100, y), &r)
	var g mat.VecDense
	g.MulVec(A.T(), &r)
	z := make([]float64, 256)
	for j := range z {
		z[j] = s[j] + 0.3*g.AtVec(j)
	}
	want := HardThreshold(nil, z, 5)
	if maxAbsDiff(got, want) > 1e-14 {
		t.Error("IHTStep differs from its definition")
	}
	nz := 0
	for _, v := range got {
		if v != 0 {
			nz++
		}
	}
	if nz != 5 {
		t.Errorf("IHTStep kept %d entries", nz)
	}
}

func TestBPDNScalingAndLimit(t *testing.T) {
	A, _ := Gaussian(60, 150, 4)
	s0, y := sparseSignal(A, 6, 4)
	lam := 1e-4
	res, err := BPDN(A, y, BPDNConfig{Lambda: lam})
	if err != nil || !res.Converged {
		t.Fatal(err)
	}
	// KKT of (1/2n)||As - y||^2 + lam ||s||_1: |a_j.(y - As)|/n <= lam,
	// with equality and the sign of s_j on the support.
	r := make([]float64, 60)
	for i := range r {
		r[i] = y[i]
		for j, v := range res.Coef {
			r[i] -= A.At(i, j) * v
		}
	}
	for j := 0; j < 150; j++ {
		g := dot(mat.Col(nil, j, A), r) / 60
		if res.Coef[j] != 0 && math.Abs(g-lam*math.Copysign(1, res.Coef[j])) > 1e-5*lam {
			t.Fatalf("KKT on the support at %d: %g vs %g", j, g, lam)
		}
		if math.Abs(g) > lam*(1+1e-5) {
			t.Fatalf("KKT off the support at %d: |%g| > %g", j, g, lam)
		}
	}
	if math.Abs(ZhouLambda(lam, 60)-0.012) > 1e-15 {
		t.Error("ZhouLambda")
	}
	if maxAbsDiff(res.Coef, s0) > 0.01 { // the bias is about n lambda = 0.006
		t.Errorf("BPDN with a small lambda far from the truth: %g", maxAbsDiff(res.Coef, s0))
	}
}

func TestBadInput(t *testing.T) {
	A, _ := Gaussian(10, 30, 1)
	y := make([]float64, 10)
	y[0] = 1
	if _, err := BasisPursuit(nil, y, BasisPursuitConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("nil A: %v", err)
	}
	if _, err := BasisPursuit(A, y[:5], BasisPursuitConfig{}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	bad := append([]float64(nil), y...)
	bad[2] = math.NaN()
	if _, err := BasisPursuit(A, bad, BasisPursuitConfig{}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN y: %v", err)
	}
	if _, err := IHT(A, y, IHTConfig{K: 11}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("IHT k > n: %v", err)
	}
	if _, err := OMP(A, y, OMPConfig{K: 11}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("OMP k > n: %v", err)
	}
	if _, err := L0(A, y, L0Config{MaxK: 11}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("L0 MaxK > n: %v", err)
	}
	if _, err := BPDN(A, y, BPDNConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("BPDN lambda 0: %v", err)
	}
	// more measurements than unknowns: solved, with a note
	T, _ := Gaussian(40, 30, 2)
	s0, yt := sparseSignal(T, 5, 1)
	res, err := BasisPursuit(T, yt, BasisPursuitConfig{})
	if err != nil || res.Note == "" || maxAbsDiff(res.Coef, s0) > 1e-9 {
		t.Errorf("n > m: err %v, note %q", err, res.Note)
	}
	// inconsistent constraints
	inc := mat.DenseCopyOf(T)
	yi := append([]float64(nil), yt...)
	yi[0] += 1
	if _, err := BasisPursuit(inc, yi, BasisPursuitConfig{}); !errors.Is(err, ErrInfeasible) {
		t.Errorf("inconsistent: %v", err)
	}
	// zero y: s = 0
	res, err = BasisPursuit(A, make([]float64, 10), BasisPursuitConfig{})
	if err != nil || len(res.Support) != 0 {
		t.Errorf("y = 0: %v %v", err, res.Support)
	}
	if _, _, err := PartialDCT(40, 30, 1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("partial DCT n > m: %v", err)
	}
	if _, err := Gaussian(0, 5, 1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Gaussian 0 rows: %v", err)
	}
	if _, _, _, err := Coherence(mat.NewDense(3, 2, []float64{1, 0, 0, 0, 0, 0})); !errors.Is(err, featlab.ErrConstant) {
		t.Errorf("zero column: %v", err)
	}
}

func TestMeasurementMatrices(t *testing.T) {
	G1, _ := Gaussian(30, 50, 9)
	G2, _ := Gaussian(30, 50, 9)
	if !mat.Equal(G1, G2) {
		t.Error("Gaussian not reproducible")
	}
	B, _ := Bernoulli(16, 40, 1)
	for j := 0; j < 40; j++ {
		c := mat.Col(nil, j, B)
		if math.Abs(dot(c, c)-1) > 1e-14 {
			t.Fatalf("Bernoulli column %d norm^2 %g", j, dot(c, c))
		}
	}
	P, rows, err := PartialDCT(16, 64, 2)
	if err != nil || len(rows) != 16 {
		t.Fatal(err)
	}
	// rows of an orthonormal matrix scaled by sqrt(m/n): P P^T = (m/n) I
	var PPt mat.Dense
	PPt.Mul(P, P.T())
	for i := 0; i < 16; i++ {
		for j := 0; j < 16; j++ {
			want := 0.0
			if i == j {
				want = 4
			}
			if math.Abs(PPt.At(i, j)-want) > 1e-12 {
				t.Fatalf("P P^T [%d,%d] = %g", i, j, PPt.At(i, j))
			}
		}
	}
}
