package sensing

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func lowRankObs(R, C, r int, frac float64, seed uint64) (*mat.Dense, *Observations) {
	rng := rand.New(rand.NewPCG(seed, 9))
	L := mat.NewDense(R, r, nil)
	Rm := mat.NewDense(C, r, nil)
	for i := 0; i < R; i++ {
		for k := 0; k < r; k++ {
			L.Set(i, k, rng.NormFloat64())
		}
	}
	for i := 0; i < C; i++ {
		for k := 0; k < r; k++ {
			Rm.Set(i, k, rng.NormFloat64())
		}
	}
	M := mat.NewDense(R, C, nil)
	M.Mul(L, Rm.T())
	var I, J []int
	var V []float64
	for i := 0; i < R; i++ {
		for j := 0; j < C; j++ {
			if rng.Float64() < frac {
				I, J, V = append(I, i), append(J, j), append(V, M.At(i, j))
			}
		}
	}
	o, err := ObserveEntries(R, C, I, J, V)
	if err != nil {
		panic(err)
	}
	return M, o
}

func TestNuclearQuick(t *testing.T) {
	for _, sz := range [][4]int{{10, 8, 2, 70}, {30, 30, 2, 50}, {20, 15, 3, 60}} {
		M, o := lowRankObs(sz[0], sz[1], sz[2], float64(sz[3])/100, 3)
		c, err := NuclearNorm(o, NuclearNormConfig{})
		if err != nil {
			t.Fatal(err)
		}
		var D mat.Dense
		D.Sub(c.Matrix(), M)
		t.Logf("%v: iters %d conv %v rank %d err %.2e cert %+v", sz, c.Iterations, c.Converged, c.Rank, mat.Norm(&D, 2)/mat.Norm(M, 2), *c.Certificate)
	}
}

func TestSoftImputeQuick(t *testing.T) {
	for _, sz := range [][4]int{{30, 30, 2, 50}, {300, 200, 5, 20}, {1000, 1000, 10, 20}} {
		M, o := lowRankObs(sz[0], sz[1], sz[2], float64(sz[3])/100, 3)
		p, err := SoftImpute(o, SoftImputeConfig{Refit: true, MaxRank: 30, NLambda: 5, Tol: 1e-4})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range p.Fits {
			t.Logf("lambda %.3g iters %d rank %d res %.2e", f.Lambda, f.Iterations, f.Rank, f.Residual)
		}
		c := p.Last()
		var D mat.Dense
		D.Sub(c.Matrix(), M)
		t.Logf("%v: refit iters %d conv %v rank %d err %.2e", sz, c.Iterations, c.Converged, c.Rank, mat.Norm(&D, 2)/mat.Norm(M, 2))
	}
}

func TestSVTQuick(t *testing.T) {
	for _, sz := range [][4]int{{30, 30, 2, 50}, {300, 200, 5, 30}} {
		M, o := lowRankObs(sz[0], sz[1], sz[2], float64(sz[3])/100, 3)
		c, err := SVT(o, SVTConfig{})
		if err != nil {
			t.Fatal(err)
		}
		var D mat.Dense
		D.Sub(c.Matrix(), M)
		t.Logf("%v: iters %d conv %v rank %d err %.2e", sz, c.Iterations, c.Converged, c.Rank, mat.Norm(&D, 2)/mat.Norm(M, 2))
	}
}
