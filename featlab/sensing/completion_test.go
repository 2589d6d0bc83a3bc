package sensing

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"

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

func relErr(X, M *mat.Dense) float64 {
	var D mat.Dense
	D.Sub(X, M)
	return mat.Norm(&D, 2) / mat.Norm(M, 2)
}

func TestNuclearNormExactRecoveryCertified(t *testing.T) {
	M, o := lowRankObs(30, 30, 2, 0.5, 3)
	c, err := NuclearNorm(o, NuclearNormConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if !c.Converged || c.Rank != 2 || !c.Certificate.Certified || c.Certificate.Normal >= 1 || relErr(c.Matrix(), M) > 1e-8 {
		t.Fatalf("30x30 rank 2 half observed: converged %v rank %d error %.3g certificate %+v", c.Converged, c.Rank, relErr(c.Matrix(), M), *c.Certificate)
	}
	for k, h := range c.History {
		if h.Rank < 0 || math.IsNaN(h.Nuclear) {
			t.Fatalf("history %d: %+v", k, h)
		}
	}
	// a wrong X is not certified
	bad := c.Matrix()
	bad.Set(0, 0, bad.At(0, 0)+1e-3)
	cert, _ := CheckCertificate(o, bad, c.Dual, 1e-8, 0)
	if cert.Certified {
		t.Error("perturbed X certified")
	}
}

func TestSoftImputeRefitRecovers(t *testing.T) {
	M, o := lowRankObs(300, 200, 5, 0.2, 3)
	p, err := SoftImpute(o, SoftImputeConfig{Refit: true, MaxRank: 30, NLambda: 5, Tol: 1e-4})
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k < len(p.Fits); k++ {
		if p.Fits[k].Lambda >= p.Fits[k-1].Lambda || p.Fits[k].Residual > p.Fits[k-1].Residual+1e-12 {
			t.Errorf("path not decreasing at %d", k)
		}
	}
	c := p.Last()
	if c.Rank != 5 || relErr(c.Matrix(), M) > 1e-8 || !c.Converged {
		t.Fatalf("refit rank %d, error %.3g, converged %v", c.Rank, relErr(c.Matrix(), M), c.Converged)
	}
}

func TestSVTConverges(t *testing.T) {
	M, o := lowRankObs(300, 200, 5, 0.3, 3)
	c, err := SVT(o, SVTConfig{})
	if err != nil || !c.Converged || c.Rank != 5 || relErr(c.Matrix(), M) > 1e-3 {
		t.Fatalf("SVT: err %v converged %v rank %d error %.3g", err, c.Converged, c.Rank, relErr(c.Matrix(), M))
	}
}

func TestBookRatingsCompleted(t *testing.T) {
	nan := math.NaN()
	// the illustrative Table 11.1 of notebook 09 (numbers ours)
	T := mat.NewDense(4, 5, []float64{
		5, 5, nan, 1, 3,
		nan, 1, 3, 3, nan,
		4, 4, 2, nan, 3,
		2, nan, 4, 4, 3,
	})
	o, err := ObserveMatrix(T)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NuclearNorm(o, NuclearNormConfig{})
	if err != nil || !c.Certificate.Certified {
		t.Fatal(err)
	}
	X := c.Matrix()
	for i := 0; i < 4; i++ {
		// the genre story: the two novels and the two history books get
		// the same rating from every reader
		if math.Abs(X.At(i, 0)-X.At(i, 1)) > 1e-7 || math.Abs(X.At(i, 2)-X.At(i, 3)) > 1e-7 {
			t.Errorf("reader %d: %v", i, mat.Row(nil, i, X))
		}
	}
	if c.Rank != 2 || math.Abs(X.At(1, 0)-1) > 1e-7 || math.Abs(X.At(0, 2)-1) > 1e-7 || math.Abs(X.At(1, 4)-2) > 1e-7 {
		t.Errorf("rank %d, completed %v", c.Rank, X.RawMatrix().Data)
	}
}

func TestObservationsBadInput(t *testing.T) {
	if _, err := ObserveEntries(3, 3, []int{0, 0}, []int{1, 1}, []float64{1, 2}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("duplicate: %v", err)
	}
	if _, err := ObserveEntries(3, 3, []int{3}, []int{1}, []float64{1}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("out of range: %v", err)
	}
	if _, err := ObserveEntries(3, 3, []int{0}, []int{1}, []float64{math.NaN()}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN value: %v", err)
	}
	if _, err := ObserveEntries(3, 3, nil, nil, nil); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("no entries: %v", err)
	}
	if _, err := ObserveMatrix(mat.NewDense(2, 2, []float64{1, math.Inf(1), 0, 0})); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("Inf: %v", err)
	}
	nan := math.NaN()
	o, err := ObserveMatrix(mat.NewDense(3, 3, []float64{1, 2, nan, 2, 4, nan, nan, nan, nan}))
	if err != nil {
		t.Fatal(err)
	}
	if len(o.EmptyRows()) != 1 || len(o.EmptyCols()) != 1 || o.Len() != 4 {
		t.Fatalf("empty rows %v cols %v", o.EmptyRows(), o.EmptyCols())
	}
	for _, f := range []func() error{
		func() error { _, err := NuclearNorm(o, NuclearNormConfig{}); return err },
		func() error { _, err := SoftImpute(o, SoftImputeConfig{}); return err },
		func() error { _, err := SVT(o, SVTConfig{}); return err },
	} {
		if err := f(); !errors.Is(err, featlab.ErrEmpty) {
			t.Errorf("empty row: %v", err)
		}
	}
	c, err := NuclearNorm(o, NuclearNormConfig{AllowEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	X := c.Matrix()
	if math.Abs(X.At(2, 2)) > 1e-9 || math.Abs(X.At(1, 1)-4) > 1e-8 {
		t.Errorf("AllowEmpty: %v", X.RawMatrix().Data)
	}
	if _, err := NuclearNorm(nil, NuclearNormConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("nil observations: %v", err)
	}
	back := o.Matrix()
	if !math.IsNaN(back.At(2, 0)) || back.At(1, 1) != 4 {
		t.Error("Matrix round trip")
	}
}

func TestSoftThresholdSV(t *testing.T) {
	X := mat.NewDense(2, 2, []float64{3, 0, 0, 1})
	got := SoftThresholdSV(X, 2)
	if math.Abs(got.At(0, 0)-1) > 1e-14 || math.Abs(got.At(1, 1)) > 1e-14 {
		t.Errorf("D_2(diag(3, 1)) = %v", got.RawMatrix().Data)
	}
}

func TestFazelExample(t *testing.T) {
	// Zhou's slip: X = diag(c, c), c = 1/sqrt(2), lies on the unit
	// Frobenius sphere (an extreme point, where the convex envelope of rank
	// over the Frobenius ball is rank(X) = 2) but ||X||_* = sqrt(2) < 2.
	c := 1 / math.Sqrt2
	X := mat.NewDense(2, 2, []float64{c, 0, 0, c})
	_, s, _ := fullSVD(X)
	if math.Abs(mat.Norm(X, 2)-1) > 1e-15 || math.Abs(sum(s)-math.Sqrt2) > 1e-15 {
		t.Fatal(s)
	}
	// On the spectral ball: X = (2c-1) I + (1-c) diag(1,0) + (1-c) diag(0,1),
	// ranks averaging 2(2c-1) + (1-c) + (1-c) = 2c = ||X||_*.
	w := []float64{2*c - 1, 1 - c, 1 - c}
	if math.Abs(w[0]+w[1]+w[2]-1) > 1e-15 || w[0] < 0 || math.Abs(w[0]+w[1]-c) > 1e-15 {
		t.Fatal(w)
	}
	if avg := 2*w[0] + w[1] + w[2]; math.Abs(avg-sum(s)) > 1e-15 {
		t.Fatalf("average rank %g vs nuclear norm %g", avg, sum(s))
	}
	if math.Sqrt2 <= 1 { // I is outside the Frobenius ball
		t.Fatal()
	}
}
