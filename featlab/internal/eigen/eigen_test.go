package eigen

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// check returns ||A Z - Z diag(w)||_F / (n ||A||_F) and ||Z^T Z - I||_max / n
// in units of eps, and whether w ascends.
func check(n int, a, w, z []float64) (res, orth float64, sorted bool) {
	A := mat.NewDense(n, n, append([]float64(nil), a...))
	Z := mat.NewDense(n, n, append([]float64(nil), z...))
	var R mat.Dense
	R.Mul(A, Z)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			R.Set(i, j, R.At(i, j)-Z.At(i, j)*w[j])
		}
	}
	na := mat.Norm(A, 2)
	if na == 0 {
		na = 1
	}
	res = mat.Norm(&R, 2) / (na * float64(n) * eps)
	var G mat.Dense
	G.Mul(Z.T(), Z)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := G.At(i, j)
			if i == j {
				v--
			}
			orth = math.Max(orth, math.Abs(v))
		}
	}
	orth /= float64(n) * eps
	sorted = true
	for j := 1; j < n; j++ {
		if w[j] < w[j-1] {
			sorted = false
		}
	}
	return res, orth, sorted
}

// withSpectrum returns Q diag(lam) Q^T for a random orthogonal Q (full
// storage, row-major).
func withSpectrum(rng *rand.Rand, lam []float64) []float64 {
	n := len(lam)
	g := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			g.Set(i, j, rng.NormFloat64())
		}
	}
	var qr mat.QR
	qr.Factorize(g)
	var Q mat.Dense
	qr.QTo(&Q)
	a := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			s := 0.0
			for t := 0; t < n; t++ {
				s += Q.At(i, t) * lam[t] * Q.At(j, t)
			}
			a[i*n+j], a[j*n+i] = s, s
		}
	}
	return a
}

type testMatrix struct {
	name string
	n    int
	a    []float64 // full symmetric, row-major
}

func testMatrices() []testMatrix {
	rng := rand.New(rand.NewPCG(25, 1))
	var ms []testMatrix
	add := func(name string, n int, a []float64) { ms = append(ms, testMatrix{name, n, a}) }
	for _, n := range []int{1, 2, 3, 33, 65, 150, 300} {
		a := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				v := rng.NormFloat64()
				a[i*n+j], a[j*n+i] = v, v
			}
		}
		add("random", n, a)
	}
	for _, n := range []int{40, 120, 257} {
		lam := make([]float64, n)
		for i := range lam {
			// three tight clusters and a tail
			lam[i] = float64(i%3) + 1e-10*rng.NormFloat64()
			if i%7 == 0 {
				lam[i] = rng.Float64()
			}
		}
		add("clustered", n, withSpectrum(rng, lam))
		rep := make([]float64, n)
		for i := range rep {
			rep[i] = float64(i % 4) // exactly repeated (rank n/4 multiplicities)
		}
		add("repeated", n, withSpectrum(rng, rep))
		def := make([]float64, n)
		for i := range def {
			if i < n/5 {
				def[i] = 1 + rng.Float64()
			}
		}
		add("rank-deficient", n, withSpectrum(rng, def))
		gr := make([]float64, n)
		for i := range gr {
			gr[i] = math.Pow(10, -12*float64(i)/float64(n))
		}
		add("graded spectrum", n, withSpectrum(rng, gr))
		// graded entries: D B D with D = diag(10^(-4 i / n))
		a := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				v := rng.NormFloat64() * math.Pow(10, -4*float64(i+j)/float64(n))
				a[i*n+j], a[j*n+i] = v, v
			}
		}
		add("graded entries", n, a)
		dg := make([]float64, n*n)
		for i := 0; i < n; i++ {
			dg[i*n+i] = float64((i * 7) % 5)
		}
		add("diagonal", n, dg)
		// Wilkinson's W+ (pairs of nearly equal eigenvalues) and 1-2-1
		wk := make([]float64, n*n)
		ot := make([]float64, n*n)
		for i := 0; i < n; i++ {
			wk[i*n+i] = math.Abs(float64(i - n/2))
			ot[i*n+i] = 2
			if i+1 < n {
				wk[i*n+i+1], wk[(i+1)*n+i] = 1, 1
				ot[i*n+i+1], ot[(i+1)*n+i] = -1, -1
			}
		}
		add("Wilkinson", n, wk)
		add("1-2-1", n, ot)
	}
	add("zero", 50, make([]float64, 2500))
	add("2x2 equal", 2, []float64{1, 0, 0, 1})
	add("2x2 tiny off-diagonal", 2, []float64{1, 1e-300, 1e-300, 1})
	add("1x1 negative", 1, []float64{-3})
	add("huge", 40, scaled(withSpectrum(rng, seq(40)), 1e300))
	add("tiny", 40, scaled(withSpectrum(rng, seq(40)), 1e-300))
	return ms
}

func seq(n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = float64(i) - 10
	}
	return s
}

func scaled(a []float64, f float64) []float64 {
	for i := range a {
		a[i] *= f
	}
	return a
}

// TestSym: residual and orthogonality within 10 n eps on every test
// matrix, eigenvalues ascending and equal to gonum's EigenSym's within
// 10 n eps ||A||_2 (the perturbation bound of both backward-stable
// solvers: Weyl's theorem).
func TestSym(t *testing.T) {
	for _, tm := range testMatrices() {
		n := tm.n
		a := append([]float64(nil), tm.a...)
		// the lower triangle must not be read
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				a[i*n+j] = math.NaN()
			}
		}
		w := make([]float64, n)
		z := make([]float64, n*n)
		if !Sym(n, a, n, w, z, n) {
			t.Fatalf("%s %d: Sym failed", tm.name, n)
		}
		res, orth, sorted := check(n, tm.a, w, z)
		t.Logf("%s %d: residual %.2g n eps, orthogonality %.2g n eps", tm.name, n, res, orth)
		if res > 10 || orth > 10 || !sorted {
			t.Errorf("%s %d: residual %.2g n eps, orthogonality %.2g n eps, sorted %v", tm.name, n, res, orth, sorted)
		}
		var es mat.EigenSym
		if !es.Factorize(mat.NewSymDense(n, append([]float64(nil), tm.a...)), true) {
			t.Fatalf("%s %d: EigenSym failed", tm.name, n)
		}
		ref := es.Values(nil)
		na := mat.Norm(mat.NewDense(n, n, append([]float64(nil), tm.a...)), 2)
		for j := range ref {
			if math.Abs(w[j]-ref[j]) > 10*float64(n)*eps*na {
				t.Errorf("%s %d: w[%d] = %v, EigenSym %v", tm.name, n, j, w[j], ref[j])
				break
			}
		}
	}
}

// TestTridiagDirect: Tridiag on tridiagonal matrices built to deflate
// (zero and tiny off-diagonals, repeated diagonals) and not (random).
func TestTridiagDirect(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, n := range []int{1, 2, 31, 32, 33, 64, 100, 401} {
		for kind := 0; kind < 4; kind++ {
			d := make([]float64, n)
			e := make([]float64, max(n-1, 0))
			for i := range d {
				d[i] = rng.NormFloat64()
				if kind == 2 {
					d[i] = 1
				}
			}
			for i := range e {
				e[i] = rng.NormFloat64()
				switch kind {
				case 1:
					if i%5 == 0 {
						e[i] = 0
					}
				case 3:
					e[i] *= 1e-14
				}
			}
			a := make([]float64, n*n)
			for i := 0; i < n; i++ {
				a[i*n+i] = d[i]
				if i+1 < n {
					a[i*n+i+1], a[(i+1)*n+i] = e[i], e[i]
				}
			}
			z := make([]float64, n*n)
			if !Tridiag(d, e, z, n) {
				t.Fatalf("n %d kind %d: failed", n, kind)
			}
			res, orth, sorted := check(n, a, d, z)
			if res > 10 || orth > 10 || !sorted {
				t.Errorf("n %d kind %d: residual %.2g n eps, orthogonality %.2g n eps, sorted %v", n, kind, res, orth, sorted)
			}
		}
	}
}
