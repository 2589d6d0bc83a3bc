package sensing

import (
	"math"
	"testing"

	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkBasisPursuit1024 is the speed case of the issue: Gaussian A
// with n = 256 measurements of m = 1024 unknowns, k = 30 (the peer, HiGHS
// on the LP form, is timed by featlab/cmd/peerbench).
func BenchmarkBasisPursuit1024(b *testing.B) {
	A, _ := Gaussian(256, 1024, 1)
	s, _ := synth.SparseVector(1024, 30, 1)
	var y mat.VecDense
	y.MulVec(A, mat.NewVecDense(1024, s))
	b.ResetTimer()
	var steps int
	for i := 0; i < b.N; i++ {
		r, err := BasisPursuit(A, y.RawVector().Data, BasisPursuitConfig{})
		if err != nil || !r.Converged {
			b.Fatal(err)
		}
		steps = r.Iterations
	}
	b.ReportMetric(float64(steps), "steps")
}

// BenchmarkSoftImpute1000 completes a 1000 x 1000 rank-10 matrix from 20%
// of its entries (soft-impute path of 5 lambdas + rank-10 refit) and
// reports the iterations, the time per iteration and the error on the
// missing entries (goal: < 1e-4 in under 10 s on one core).
func BenchmarkSoftImpute1000(b *testing.B) {
	M, I, J, V, _ := synth.LowRank(synth.LowRankConfig{Rows: 1000, Cols: 1000, Rank: 10, Fraction: 0.2}, 1)
	o, err := ObserveEntries(1000, 1000, I, J, V)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var iters, refit int
	var e float64
	for i := 0; i < b.N; i++ {
		p, err := SoftImpute(o, SoftImputeConfig{NLambda: 5, Tol: 1e-4, MaxRank: 30, Refit: true})
		if err != nil {
			b.Fatal(err)
		}
		iters = 0
		for _, f := range p.Fits {
			iters += f.Iterations
		}
		refit = p.Refit.Iterations
		b.StopTimer()
		e = MissingError(o, p.Last(), M)
		b.StartTimer()
	}
	b.ReportMetric(float64(iters), "softimpute-iters")
	b.ReportMetric(float64(refit), "refit-sweeps")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(iters+refit), "ns/iter")
	b.ReportMetric(math.Log10(e), "log10-missing-relerr")
}

// BenchmarkNuclearNorm30 is the exact (ADMM + certificate) route on the
// 30 x 30 problem the SDP peer is timed on.
func BenchmarkNuclearNorm30(b *testing.B) {
	_, I, J, V, _ := synth.LowRank(synth.LowRankConfig{Rows: 30, Cols: 30, Rank: 2, Fraction: 0.5}, 2)
	o, _ := ObserveEntries(30, 30, I, J, V)
	for i := 0; i < b.N; i++ {
		c, err := NuclearNorm(o, NuclearNormConfig{})
		if err != nil || !c.Certificate.Certified {
			b.Fatal(err)
		}
	}
}

// BenchmarkDCT1024 is the fast transform (analysis + synthesis).
func BenchmarkDCT1024(b *testing.B) {
	d := NewDCT(1024)
	x := make([]float64, 1024)
	s := make([]float64, 1024)
	for i := range x {
		x[i] = float64(i % 7)
	}
	for i := 0; i < b.N; i++ {
		d.Analyze(s, x)
		d.Synthesize(x, s)
	}
}
