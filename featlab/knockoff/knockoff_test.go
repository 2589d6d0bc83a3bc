package knockoff

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func gaussX(m, d int, rho float64, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		prev := rng.NormFloat64()
		X.Set(i, 0, prev)
		for j := 1; j < d; j++ {
			prev = rho*prev + math.Sqrt(1-rho*rho)*rng.NormFloat64()
			X.Set(i, j, prev+0.5)
		}
	}
	return X
}

func maxAbsDiff(A, B mat.Matrix) float64 {
	r, c := A.Dims()
	mx := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			mx = math.Max(mx, math.Abs(A.At(i, j)-B.At(i, j)))
		}
	}
	return mx
}

// TestFixedXGram checks the exact second-moment conditions of fixed-X
// knockoffs: X~^T X~ = Sigma and X^T X~ = Sigma - diag(s) to 1e-10, for
// both choices of s, centred or not (and then X~ orthogonal to 1).
func TestFixedXGram(t *testing.T) {
	for _, sm := range []SMethod{Equicorrelated, SDP} {
		for _, center := range []bool{false, true} {
			X := gaussX(120, 25, 0.5, 3)
			r, err := FixedX(X, FixedXConfig{S: sm, Center: center, Seed: 7})
			if err != nil {
				t.Fatal(err)
			}
			var G, K mat.Dense
			G.Mul(r.Knockoffs.T(), r.Knockoffs)
			K.Mul(r.X.T(), r.Knockoffs)
			want := mat.NewDense(25, 25, nil)
			want.Copy(r.Sigma)
			if e := maxAbsDiff(&G, r.Sigma); e > 1e-10 {
				t.Errorf("%v center=%v: |X~'X~ - Sigma| = %g", sm, center, e)
			}
			for j, s := range r.S {
				want.Set(j, j, want.At(j, j)-s)
			}
			if e := maxAbsDiff(&K, want); e > 1e-10 {
				t.Errorf("%v center=%v: |X'X~ - (Sigma - diag s)| = %g", sm, center, e)
			}
			for j := 0; j < 25; j++ {
				if math.Abs(r.Sigma.At(j, j)-1) > 1e-12 {
					t.Errorf("column %d not unit norm", j)
				}
				if center {
					if mu := meanOf(mat.Col(nil, j, r.Knockoffs)); math.Abs(mu) > 1e-12 {
						t.Errorf("knockoff %d has mean %g", j, mu)
					}
				}
			}
			if sm == SDP {
				eq, _ := EquicorrelatedS(r.Sigma)
				sum, sumEq := 0.0, 0.0
				for j := range eq {
					sum += r.S[j]
					sumEq += eq[j]
				}
				if sum < sumEq-1e-8 {
					t.Errorf("SDP sum s = %g below equicorrelated %g", sum, sumEq)
				}
			}
		}
	}
}

func TestFixedXSeeded(t *testing.T) {
	X := gaussX(60, 10, 0.3, 1)
	a, _ := FixedX(X, FixedXConfig{Seed: 5})
	b, _ := FixedX(X, FixedXConfig{Seed: 5})
	c, _ := FixedX(X, FixedXConfig{Seed: 6})
	if !mat.Equal(a.Knockoffs, b.Knockoffs) {
		t.Error("same seed, different knockoffs")
	}
	if mat.Equal(a.Knockoffs, c.Knockoffs) {
		t.Error("different seeds, same knockoffs")
	}
}

// TestModelXMoments: the sample covariance of [X X~] at m = 200000
// matches G = [[Sigma, Sigma - diag s], [Sigma - diag s, Sigma]] within 5
// standard errors (entry (i, j) of a sample covariance of Gaussians has
// variance (G_ij^2 + G_ii G_jj)/m <= 2 max G_jj^2 / m), and the means
// match mu within 5/sqrt(m) standard deviations.
func TestModelXMoments(t *testing.T) {
	const m, d = 200000, 5
	Sigma := mat.NewSymDense(d, nil)
	sd := []float64{1, 2, 0.5, 1.5, 1}
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			Sigma.SetSym(i, j, sd[i]*sd[j]*math.Pow(0.6, float64(j-i)))
		}
	}
	mu := []float64{1, -2, 0, 3, 0.5}
	var ch mat.Cholesky
	ch.Factorize(Sigma)
	var L mat.TriDense
	ch.LTo(&L)
	rng := rand.New(rand.NewPCG(11, 2))
	Z := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			Z.Set(i, j, rng.NormFloat64())
		}
	}
	var X mat.Dense
	X.Mul(Z, L.T())
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, X.At(i, j)+mu[j])
		}
	}
	for _, sm := range []SMethod{Equicorrelated, SDP} {
		r, err := ModelX(&X, ModelXConfig{Mu: mu, Sigma: Sigma, S: sm, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		A := joined(&X, r.Knockoffs)
		G := mat.NewDense(2*d, 2*d, nil)
		maxVar := 0.0
		for i := 0; i < d; i++ {
			maxVar = math.Max(maxVar, Sigma.At(i, i))
			for j := 0; j < d; j++ {
				v := Sigma.At(i, j)
				G.Set(i, j, v)
				G.Set(i+d, j+d, v)
				if i == j {
					v -= r.S[i]
				}
				G.Set(i, j+d, v)
				G.Set(i+d, j, v)
			}
		}
		means := make([]float64, 2*d)
		for j := 0; j < 2*d; j++ {
			means[j] = meanOf(mat.Col(nil, j, A))
			if e := math.Abs(means[j] - mu[j%d]); e > 5*math.Sqrt(Sigma.At(j%d, j%d)/m) {
				t.Errorf("%v: mean of column %d = %g, want %g", sm, j, means[j], mu[j%d])
			}
		}
		tol := 5 * maxVar * math.Sqrt(2.0/m)
		for i := 0; i < 2*d; i++ {
			for j := 0; j < 2*d; j++ {
				c := 0.0
				for k := 0; k < m; k++ {
					c += (A.At(k, i) - means[i]) * (A.At(k, j) - means[j])
				}
				c /= m - 1
				if math.Abs(c-G.At(i, j)) > tol {
					t.Errorf("%v: cov(%d, %d) = %g, want %g (tol %g)", sm, i, j, c, G.At(i, j), tol)
				}
			}
		}
	}
}

func TestThreshold(t *testing.T) {
	// W sorted by |W|: 5, 4, 3, -2.5, 2, 1, -0.5
	W := []float64{5, 4, 3, -2.5, 2, 1, -0.5, 0}
	// knockoff at q = 0.25: t = 0.5: #{W <= -t} = 2, #{W >= t} = 5: 0.4;
	// t = 1: 1/5 <= .25: T = 1
	if T, _ := Threshold(W, 0.25, false); T != 1 {
		t.Errorf("knockoff T = %v, want 1", T)
	}
	// knockoff+ at q = 0.25: t=0.5: 3/5 > .25; t=1: (1+1)/5 = .4; t=2: 2/4;
	// t=2.5: 2/3; t=3: (1+0)/3 > .25; t=4: 1/2; t=5: 1/1: none -> Inf
	if T, _ := Threshold(W, 0.25, true); !math.IsInf(T, 1) {
		t.Errorf("knockoff+ T = %v, want +Inf", T)
	}
	// knockoff+ at q = 0.34: t = 3: 1/3 <= .34
	if T, _ := Threshold(W, 0.34, true); T != 3 {
		t.Errorf("knockoff+ T = %v, want 3", T)
	}
	if _, err := Threshold(W, 0, true); err == nil {
		t.Error("q = 0 accepted")
	}
}

var (
	_ featlab.Selector = FixedXSelector{}
	_ featlab.Selector = ModelXSelector{}
)

// TestSelectorsFindStrongSignals: with 6 strong signals among 30
// features, at q = 0.2 (knockoff+ at q = 0.1 could not select fewer
// than 10), both filters choose every signal, the Selection carries W as
// its scores and its names, and the same seed gives the same selection.
func TestSelectorsFindStrongSignals(t *testing.T) {
	const m, d = 300, 30
	X := gaussX(m, d, 0, 9)
	rng := rand.New(rand.NewPCG(9, 9))
	y := make([]float64, m)
	for i := range y {
		y[i] = rng.NormFloat64()
		for j := 0; j < 6; j++ {
			y[i] += 1.5 * X.At(i, 5*j)
		}
	}
	names := featlab.DefaultNames(d)
	for _, sel := range []featlab.Selector{
		FixedXSelector{FilterConfig{Q: 0.2, Seed: 1, Names: names}},
		FixedXSelector{FilterConfig{Q: 0.2, Seed: 1, Statistic: SignedMax, S: SDP}},
		ModelXSelector{FilterConfig: FilterConfig{Q: 0.2, Seed: 1}},
	} {
		s, err := sel.Select(X, y)
		if err != nil {
			t.Fatal(err)
		}
		mask := s.Mask()
		for j := 0; j < 6; j++ {
			if !mask[5*j] {
				t.Errorf("%s: missed signal x%d (W = %g)", s.Method, 5*j+1, s.Scores[5*j])
			}
		}
		if len(s.Scores) != d || len(s.Names) != d {
			t.Errorf("%s: %d scores, %d names", s.Method, len(s.Scores), len(s.Names))
		}
		s2, _ := sel.Select(X, y)
		if len(s2.Chosen) != len(s.Chosen) {
			t.Errorf("%s: not deterministic", s.Method)
		}
		t.Logf("%s: chose %v", s.Method, s.ChosenNames)
	}
}

// thresholdNaive is the definition of the knockoff threshold, O(d^2).
func thresholdNaive(W []float64, q float64, plus bool) float64 {
	best := math.Inf(1)
	for _, c := range W {
		t := math.Abs(c)
		if t == 0 || t >= best {
			continue
		}
		neg, pos := 0.0, 0.0
		if plus {
			neg = 1
		}
		for _, w := range W {
			if w <= -t {
				neg++
			}
			if w >= t {
				pos++
			}
		}
		if neg/math.Max(1, pos) <= q {
			best = t
		}
	}
	return best
}

// TestThresholdMatchesDefinition: Threshold equals the definition on
// random W with ties, zeros and mixed signs, for both offsets.
func TestThresholdMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := 0; trial < 300; trial++ {
		d := 1 + rng.IntN(60)
		W := make([]float64, d)
		for j := range W {
			W[j] = float64(rng.IntN(21)-6) / 2 // ties and zeros, positive bias
		}
		for _, q := range []float64{0.05, 0.1, 0.2, 0.5} {
			for _, plus := range []bool{false, true} {
				got, _ := Threshold(W, q, plus)
				if want := thresholdNaive(W, q, plus); got != want {
					t.Fatalf("W = %v, q = %v, plus = %v: T = %v, want %v", W, q, plus, got, want)
				}
			}
		}
	}
}

// TestFixedXGramAtTwoD: the edge m = 2d (no centring), where U~ spans the
// whole orthogonal complement.
func TestFixedXGramAtTwoD(t *testing.T) {
	X := gaussX(40, 20, 0.4, 8)
	r, err := FixedX(X, FixedXConfig{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	var G, K mat.Dense
	G.Mul(r.Knockoffs.T(), r.Knockoffs)
	K.Mul(r.X.T(), r.Knockoffs)
	want := mat.DenseCopyOf(r.Sigma)
	for j, s := range r.S {
		want.Set(j, j, want.At(j, j)-s)
	}
	if e1, e2 := maxAbsDiff(&G, r.Sigma), maxAbsDiff(&K, want); e1 > 1e-10 || e2 > 1e-10 {
		t.Errorf("m = 2d: Gram errors %g, %g", e1, e2)
	}
	if _, err := FixedX(X.Slice(0, 39, 0, 20), FixedXConfig{}); err == nil {
		t.Error("m = 2d - 1 accepted")
	}
}
