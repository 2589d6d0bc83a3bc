package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

func stepData(seed uint64, m, d int) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(seed, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64()*float64(j+1))
		}
		y[i] = 2*X.At(i, 0) - X.At(i, d-1)/float64(d) + 0.3*r.NormFloat64()
	}
	return X, y
}

func lassoObjective(X *mat.Dense, y, w []float64, lambda float64) float64 {
	m, d := X.Dims()
	s := 0.0
	for i := 0; i < m; i++ {
		p := 0.0
		for j := 0; j < d; j++ {
			p += X.At(i, j) * w[j]
		}
		s += (p - y[i]) * (p - y[i])
	}
	l1 := 0.0
	for _, v := range w {
		l1 += math.Abs(v)
	}
	return s/(2*float64(m)) + lambda*l1
}

func TestLipschitzIsLargestSingularValueSquaredOverM(t *testing.T) {
	X, _ := stepData(1, 30, 4)
	L, err := Lipschitz(X)
	if err != nil {
		t.Fatal(err)
	}
	var svd mat.SVD
	svd.Factorize(X, mat.SVDNone)
	s := svd.Values(nil)[0]
	if math.Abs(L-s*s/30) > 1e-10*L {
		t.Errorf("Lipschitz = %v, sigma_max^2/m = %v", L, s*s/30)
	}
}

func TestProximalGradientStepsConvergeToTheLasso(t *testing.T) {
	X, y := stepData(2, 40, 5)
	lambda := 0.1
	L, _ := Lipschitz(X)
	w := make([]float64, 5)
	prev := lassoObjective(X, y, w, lambda)
	for it := 0; it < 5000; it++ {
		var err error
		if w, err = ProximalGradientStep(X, y, w, lambda, L); err != nil {
			t.Fatal(err)
		}
		f := lassoObjective(X, y, w, lambda)
		if f > prev+1e-12 {
			t.Fatalf("step %d raised the objective: %v -> %v", it, prev, f)
		}
		prev = f
	}
	ref, err := Lasso(X, y, LassoConfig{Lambda: lambda, Tol: 1e-14, MaxIter: 100000})
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(w[j]-ref.Coef[j]) > 1e-7 {
			t.Errorf("w[%d] = %v after proximal-gradient steps, Lasso %v", j, w[j], ref.Coef[j])
		}
	}
}

func TestProximalGradientStepByHand(t *testing.T) {
	// X = I (2x2), m = 2: grad = (w - y)/2; with L = 1/2 the step is z = y,
	// then soft thresholding at lambda/L = 2 lambda.
	X := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	w, err := ProximalGradientStep(X, []float64{3, -0.5}, []float64{7, 7}, 0.5, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if w[0] != 2 || w[1] != 0 {
		t.Errorf("step = %v, want [2 0]", w)
	}
}

func TestCoordinateStepsConvergeToTheLasso(t *testing.T) {
	X, y := stepData(3, 40, 5)
	lambda := 0.2
	w := make([]float64, 5)
	prev := lassoObjective(X, y, w, lambda)
	for pass := 0; pass < 500; pass++ {
		for j := 0; j < 5; j++ {
			orig := append([]float64(nil), w...)
			next, err := CoordinateStep(X, y, w, lambda, j)
			if err != nil {
				t.Fatal(err)
			}
			for k := range w {
				if k != j && next[k] != w[k] || w[k] != orig[k] {
					t.Fatalf("CoordinateStep changed coordinate %d (or its input)", k)
				}
			}
			w = next
			f := lassoObjective(X, y, w, lambda)
			if f > prev+1e-12 {
				t.Fatalf("pass %d coordinate %d raised the objective", pass, j)
			}
			prev = f
		}
	}
	ref, _ := Lasso(X, y, LassoConfig{Lambda: lambda, Tol: 1e-14, MaxIter: 100000})
	for j := range w {
		if math.Abs(w[j]-ref.Coef[j]) > 1e-8 {
			t.Errorf("w[%d] = %v after coordinate steps, Lasso %v", j, w[j], ref.Coef[j])
		}
	}
}

func TestMaureyIsSparseUnbiasedAndWithinTheBound(t *testing.T) {
	w := []float64{0.5, -0.25, 0.125, 0, 0.0625, -0.0625}
	norm := 1.0
	for _, k := range []int{1, 4, 16} {
		mean := make([]float64, len(w))
		mse := 0.0
		const reps = 4000
		for s := uint64(0); s < reps; s++ {
			a, err := Maurey(w, k, s)
			if err != nil {
				t.Fatal(err)
			}
			nz, l1 := 0, 0.0
			for j, v := range a {
				if v != 0 {
					nz++
					if math.Signbit(v) != math.Signbit(w[j]) || w[j] == 0 {
						t.Fatalf("k=%d: entry %d = %v has the wrong sign or w_j = 0", k, j, v)
					}
				}
				l1 += math.Abs(v)
				mean[j] += v / reps
				mse += (v - w[j]) * (v - w[j]) / reps
			}
			if nz > k || math.Abs(l1-norm) > 1e-12 {
				t.Fatalf("k=%d: %d nonzeros, l1 norm %v", k, nz, l1)
			}
		}
		for j := range w {
			if math.Abs(mean[j]-w[j]) > 0.05 {
				t.Errorf("k=%d: mean of entry %d = %v, w_j = %v", k, j, mean[j], w[j])
			}
		}
		if mse > 1.1*norm*norm/float64(k) {
			t.Errorf("k=%d: mean squared error %v above ||w||_1^2/k = %v", k, mse, norm*norm/float64(k))
		}
	}
	a, _ := Maurey(w, 5, 9)
	b, _ := Maurey(w, 5, 9)
	for j := range a {
		if a[j] != b[j] {
			t.Fatal("same seed, different result")
		}
	}
}

func TestStepErrors(t *testing.T) {
	X, y := stepData(4, 5, 2)
	cases := []struct {
		err  error
		want error
	}{
		{func() error { _, e := ProximalGradientStep(X, y[:4], []float64{0, 0}, 0.1, 1); return e }(), featlab.ErrShape},
		{func() error { _, e := ProximalGradientStep(X, y, []float64{0}, 0.1, 1); return e }(), featlab.ErrShape},
		{func() error { _, e := ProximalGradientStep(X, y, []float64{0, 0}, -1, 1); return e }(), featlab.ErrParam},
		{func() error { _, e := ProximalGradientStep(X, y, []float64{0, 0}, 0.1, 0); return e }(), featlab.ErrParam},
		{func() error { _, e := ProximalGradientStep(nil, y, []float64{0, 0}, 0.1, 1); return e }(), featlab.ErrEmpty},
		{func() error { _, e := CoordinateStep(X, y, []float64{0, 0}, 0.1, 2); return e }(), featlab.ErrParam},
		{func() error { _, e := CoordinateStep(X, y, []float64{math.NaN(), 0}, 0.1, 0); return e }(), featlab.ErrNotFinite},
		{func() error { _, e := Maurey(nil, 1, 0); return e }(), featlab.ErrEmpty},
		{func() error { _, e := Maurey([]float64{1}, 0, 0); return e }(), featlab.ErrParam},
		{func() error { _, e := Lipschitz(mat.NewDense(1, 1, []float64{math.Inf(1)})); return e }(), featlab.ErrNotFinite},
	}
	for i, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("case %d: %v, want %v", i, c.err, c.want)
		}
	}
}
