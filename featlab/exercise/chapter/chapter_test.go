package chapter

import (
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/exercise"
)

// run checks student in this process (the hints are what is tested).
func run[F any](ex exercise.Exercise[F], student F) exercise.Result {
	ex.InProcess = true
	return exercise.Check(ex, student)
}

// expect fails the test unless res fails with a hint containing every
// one of wants (or passes, when wants is nil).
func expect(t *testing.T, name string, res exercise.Result, wants ...string) {
	t.Helper()
	if wants == nil {
		if !res.Passed {
			t.Errorf("%s: a correct solution failed:\n%s", name, res)
		}
		return
	}
	if res.Passed {
		t.Errorf("%s: a wrong solution passed", name)
		return
	}
	for _, w := range wants {
		if !strings.Contains(res.Hint, w) {
			t.Errorf("%s: hint %q lacks %q\n%s", name, res.Hint, w, res)
		}
	}
}

func forward(current []int, d int, score func([]int) float64) int {
	best, bs := -1, math.Inf(1)
	for j := 0; j < d; j++ {
		if slices.Contains(current, j) {
			continue
		}
		if v := score(append(slices.Clone(current), j)); best < 0 || v < bs {
			best, bs = j, v
		}
	}
	return best
}

func TestForwardStep(t *testing.T) {
	ex := ForwardStep()
	expect(t, "solution", run(ex, forward))
	expect(t, "stub", run(ex, func([]int, int, func([]int) float64) int { return 0 }), "")
	res := run(ex, func([]int, int, func([]int) float64) int { return 0 })
	for _, in := range res.Inputs {
		if strings.Contains(in, "func(") {
			t.Errorf("the score prints as its type: %q", in)
		}
	}
	if !strings.Contains(strings.Join(res.Inputs, " "), "score(current + {j})") {
		t.Errorf("the inputs do not show the scores: %v", res.Inputs)
	}
	highest := func(current []int, d int, score func([]int) float64) int {
		return forward(current, d, func(s []int) float64 { return -score(s) })
	}
	expect(t, "higher is better", run(ex, highest), "lower is better")
	lastTie := func(current []int, d int, score func([]int) float64) int {
		best, bs := -1, math.Inf(1)
		for j := 0; j < d; j++ {
			if !slices.Contains(current, j) {
				if v := score(append(slices.Clone(current), j)); v <= bs {
					best, bs = j, v
				}
			}
		}
		return best
	}
	expect(t, "ties", run(ex, lastTie), "ties go to the lowest index")
	plusOne := func(current []int, d int, score func([]int) float64) int { return forward(current, d, score) + 1 }
	expect(t, "off by one", run(ex, plusOne), "")
}

func TestBackwardStep(t *testing.T) {
	ex := BackwardStep()
	drop := func(current []int, score func([]int) float64) int {
		best, bs := -1, math.Inf(1)
		for _, j := range slices.Sorted(slices.Values(current)) {
			if v := score(slices.DeleteFunc(slices.Clone(current), func(i int) bool { return i == j })); v < bs {
				best, bs = j, v
			}
		}
		return best
	}
	expect(t, "solution", run(ex, drop))
	expect(t, "not a member", run(ex, func(current []int, _ func([]int) float64) int { return -1 }), "not a candidate")
	worst := func(current []int, score func([]int) float64) int {
		return drop(current, func(s []int) float64 { return -score(s) })
	}
	expect(t, "higher", run(ex, worst), "lower is better")
}

func TestAccept(t *testing.T) {
	ex := Accept()
	expect(t, "solution", run(ex, func(e float64, n int, best float64, bs int) bool { return e < best || e == best && n < bs }))
	expect(t, "ties ignored", run(ex, func(e float64, n int, best float64, bs int) bool { return e < best }), "fewer features")
}

func TestCriterionAndGradientHints(t *testing.T) {
	expect(t, "stub", run(Criterion(), func(X *mat.Dense, _ []float64, _ []int) []float64 {
		_, d := X.Dims()
		return make([]float64, d)
	}), "stub")
	expect(t, "stub nil", run(Gradient(), func(*mat.Dense, []float64, []float64) []float64 { return nil }), "stub")
}

func TestDropCost(t *testing.T) {
	ex := DropCost()
	sol := func(X *mat.Dense, y []float64) []float64 {
		S, w := dropParts(X, y)
		out := make([]float64, len(w))
		for j := range out {
			out[j] = w[j] * w[j] / S[j]
		}
		return out
	}
	expect(t, "solution", run(ex, sol))
	expect(t, "times S", run(ex, func(X *mat.Dense, y []float64) []float64 {
		S, w := dropParts(X, y)
		for j := range w {
			w[j] = w[j] * w[j] * S[j]
		}
		return w
	}), "divided by S_jj")
	expect(t, "twice", run(ex, func(X *mat.Dense, y []float64) []float64 { v := sol(X, y); floats.Scale(2, v); return v }), "2 times the expected")
}

func TestPCAError(t *testing.T) {
	ex := PCAError()
	sol := func(X *mat.Dense, k int) float64 { return floats.Sum(scatterEigen(X, true)[k:]) }
	expect(t, "solution", run(ex, sol))
	expect(t, "kept", run(ex, func(X *mat.Dense, k int) float64 { return floats.Sum(scatterEigen(X, true)[:k]) }), "kept eigenvalues")
	expect(t, "uncentred", run(ex, func(X *mat.Dense, k int) float64 { return floats.Sum(scatterEigen(X, false)[k:]) }), "without centring")
	expect(t, "covariance", run(ex, func(X *mat.Dense, k int) float64 {
		m, _ := X.Dims()
		return sol(X, k) / float64(m-1)
	}), "1/(m-1)")
	expect(t, "stub", run(ex, func(*mat.Dense, int) float64 { return 0 }), "stub")
	expect(t, "scale", run(ex, func(X *mat.Dense, k int) float64 { return 3 * sol(X, k) }), "3 times the expected")
}

// ista solves min ||x - D^T v||^2 + lambda ||v||_1 by proximal gradient.
func ista(D *mat.Dense, x []float64, lambda float64) []float64 {
	k, d := D.Dims()
	var G mat.Dense
	G.Mul(D, D.T())
	var eig mat.EigenSym
	eig.Factorize(mat.NewSymDense(k, G.RawMatrix().Data), false)
	L := 2 * floats.Max(eig.Values(nil))
	v, g := make([]float64, k), make([]float64, k)
	b := mat.NewVecDense(k, nil)
	b.MulVec(D, mat.NewVecDense(d, x))
	for it := 0; it < 200000; it++ {
		gv := mat.NewVecDense(k, g)
		gv.MulVec(&G, mat.NewVecDense(k, v))
		maxStep := 0.0
		for j := range v {
			z := v[j] - 2*(g[j]-b.AtVec(j))/L
			nv := math.Copysign(math.Max(math.Abs(z)-lambda/L, 0), z)
			maxStep = math.Max(maxStep, math.Abs(nv-v[j]))
			v[j] = nv
		}
		if maxStep < 1e-14 {
			break
		}
	}
	return v
}

func TestL1Code(t *testing.T) {
	ex := L1Code()
	expect(t, "solution", run(ex, ista))
	expect(t, "half", run(ex, func(D *mat.Dense, x []float64, l float64) []float64 { return ista(D, x, l/2) }), "lambda/2")
	expect(t, "stub", run(ex, func(D *mat.Dense, x []float64, l float64) []float64 { k, _ := D.Dims(); return make([]float64, k) }), "still the stub")
}

func omp(D *mat.Dense, x []float64, s int) []float64 {
	k, d := D.Dims()
	var chosen []int
	r := slices.Clone(x)
	code := make([]float64, k)
	for len(chosen) < s {
		best, bv := -1, -1.0
		for j := 0; j < k; j++ {
			if c := math.Abs(floats.Dot(D.RawRowView(j), r)); !slices.Contains(chosen, j) && c > bv {
				best, bv = j, c
			}
		}
		chosen = append(chosen, best)
		A := mat.NewDense(d, len(chosen), nil)
		for t, j := range chosen {
			A.SetCol(t, D.RawRowView(j))
		}
		var w mat.VecDense
		if err := w.SolveVec(A, mat.NewVecDense(d, x)); err != nil {
			panic(err)
		}
		var p mat.VecDense
		p.MulVec(A, &w)
		for i := range r {
			r[i] = x[i] - p.AtVec(i)
		}
		for t, j := range chosen {
			code[j] = w.AtVec(t)
		}
	}
	return code
}

func TestOMPCode(t *testing.T) {
	ex := OMPCode()
	expect(t, "solution", run(ex, omp))
	expect(t, "stub", run(ex, func(D *mat.Dense, x []float64, s int) []float64 { k, _ := D.Dims(); return make([]float64, k) }), "still the stub")
	expect(t, "one more", run(ex, func(D *mat.Dense, x []float64, s int) []float64 {
		k, _ := D.Dims()
		return omp(D, x, min(s+1, k))
	}), "off by one")
	noRefit := func(D *mat.Dense, x []float64, s int) []float64 {
		c := omp(D, x, s)
		for j := range c {
			if c[j] != 0 {
				c[j] = floats.Dot(D.RawRowView(j), x)
			}
		}
		return c
	}
	expect(t, "no refit", run(ex, noRefit), "refit")
}

// ksvd is the K-SVD atom update by hand.
func ksvd(X, D, V *mat.Dense, j int) {
	m, d := X.Dims()
	var omega []int
	for i := 0; i < m; i++ {
		if V.At(i, j) != 0 {
			omega = append(omega, i)
		}
	}
	if len(omega) == 0 {
		return
	}
	E := mat.NewDense(len(omega), d, nil)
	for t, i := range omega {
		var r mat.VecDense
		r.MulVec(D.T(), V.RowView(i))
		r.AddScaledVec(&r, -V.At(i, j), D.RowView(j))
		r.SubVec(X.RowView(i), &r)
		E.SetRow(t, mat.Col(nil, 0, &r))
	}
	var svd mat.SVD
	svd.Factorize(E, mat.SVDThin)
	var U, W mat.Dense
	svd.UTo(&U)
	svd.VTo(&W)
	D.SetRow(j, mat.Col(nil, 0, &W))
	for t, i := range omega {
		V.Set(i, j, svd.Values(nil)[0]*U.At(t, 0))
	}
}

func TestKSVDStep(t *testing.T) {
	ex := KSVDStep()
	expect(t, "solution", run(ex, ksvd))
	expect(t, "stub", run(ex, func(X, D, V *mat.Dense, j int) {}), "still the stub")
	codesWrong := func(X, D, V *mat.Dense, j int) {
		ksvd(X, D, V, j)
		m, _ := V.Dims()
		for i := 0; i < m; i++ {
			V.Set(i, j, 2*V.At(i, j))
		}
	}
	expect(t, "codes", run(ex, codesWrong), "the atoms D are right, the codes V are wrong")
	atomWrong := func(X, D, V *mat.Dense, j int) {
		ksvd(X, D, V, j)
		_, d := D.Dims()
		D.Set(j, d-1, D.At(j, d-1)+1)
	}
	expect(t, "atom", run(ex, atomWrong), "the codes V are right, the atoms D are wrong")
}

func TestMOD(t *testing.T) {
	ex := MOD()
	sol := func(X, V *mat.Dense) *mat.Dense {
		var G, B, D mat.Dense
		G.Mul(V.T(), V)
		B.Mul(V.T(), X)
		if err := D.Solve(&G, &B); err != nil {
			panic(err)
		}
		return &D
	}
	expect(t, "solution", run(ex, sol))
	expect(t, "transposed", run(ex, func(X, V *mat.Dense) *mat.Dense { return mat.DenseCopyOf(sol(X, V).T()) }), "transpose")
	expect(t, "no inverse", run(ex, func(X, V *mat.Dense) *mat.Dense {
		var P mat.Dense
		P.Mul(V.T(), X)
		return &P
	}), "V^T X")
	expect(t, "stub", run(ex, func(X, V *mat.Dense) *mat.Dense { return nil }), "stub")
}

func TestResidual(t *testing.T) {
	ex := Residual()
	sol := func(X, D, V *mat.Dense, j int) *mat.Dense {
		m, d := X.Dims()
		var rows []float64
		n := 0
		for i := 0; i < m; i++ {
			if V.At(i, j) == 0 {
				continue
			}
			var r mat.VecDense
			r.MulVec(D.T(), V.RowView(i))
			r.AddScaledVec(&r, -V.At(i, j), D.RowView(j))
			r.SubVec(X.RowView(i), &r)
			rows = append(rows, mat.Col(nil, 0, &r)...)
			n++
		}
		if n == 0 {
			return nil
		}
		return mat.NewDense(n, d, rows)
	}
	expect(t, "solution", run(ex, sol))
	all := func(X, D, V *mat.Dense, j int) *mat.Dense {
		var R mat.Dense
		R.Mul(V, D)
		R.Sub(X, &R)
		return &R
	}
	expect(t, "all samples", run(ex, all), "keep only")
}

func TestSVTIHTCoherence(t *testing.T) {
	entrywise := func(X *mat.Dense, tau float64) *mat.Dense {
		E := mat.DenseCopyOf(X)
		E.Apply(func(_, _ int, v float64) float64 { return math.Copysign(math.Max(math.Abs(v)-tau, 0), v) }, X)
		return E
	}
	expect(t, "svt entrywise", run(SVT(), entrywise), "singular values")
	expect(t, "svt stub", run(SVT(), func(X *mat.Dense, _ float64) *mat.Dense { return mat.DenseCopyOf(X) }), "still the stub")
	expect(t, "iht stub", run(IHT(), func(A *mat.Dense, y, s []float64, k int, mu float64) []float64 { return s }), "still the stub")
	coh := func(A *mat.Dense) float64 {
		_, m := A.Dims()
		mu := 0.0
		for i := 0; i < m; i++ {
			for j := i + 1; j < m; j++ {
				c := mat.Dot(A.ColView(i), A.ColView(j)) / (mat.Norm(A.ColView(i), 2) * mat.Norm(A.ColView(j), 2))
				mu = math.Max(mu, math.Abs(c))
			}
		}
		return mu
	}
	expect(t, "coherence", run(Coherence(), coh))
	expect(t, "diagonal", run(Coherence(), func(*mat.Dense) float64 { return 1 }), "pairs i != j")
	expect(t, "raw", run(Coherence(), func(A *mat.Dense) float64 {
		B := mat.DenseCopyOf(A)
		_, m := A.Dims()
		v := make([]float64, 0)
		for i := 0; i < m; i++ {
			for j := i + 1; j < m; j++ {
				v = append(v, math.Abs(mat.Dot(B.ColView(i), B.ColView(j))))
			}
		}
		sort.Float64s(v)
		return v[len(v)-1]
	}), "normalise the columns")
}
