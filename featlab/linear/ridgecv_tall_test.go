package linear

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// ridgeCVDirect is leave-one-out ridge from the SVD of the whole centred
// X (the path RidgeCV takes for small or wide X), for comparison with
// the blocked QR path of tall X.
func ridgeCVDirect(t *testing.T, X *mat.Dense, y []float64, alphas []float64) (mse []float64, coef [][]float64) {
	t.Helper()
	m, d := X.Dims()
	mu := make([]float64, d)
	for j := range mu {
		mu[j] = mat.Sum(X.ColView(j)) / float64(m)
	}
	ym := 0.0
	for _, v := range y {
		ym += v / float64(m)
	}
	Xc := mat.NewDense(m, d, nil)
	yc := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			Xc.Set(i, j, X.At(i, j)-mu[j])
		}
		yc[i] = y[i] - ym
	}
	var svd mat.SVD
	if !svd.Factorize(Xc, mat.SVDThin) {
		t.Fatal("SVD failed")
	}
	s := svd.Values(nil)
	var U, V mat.Dense
	svd.UTo(&U)
	svd.VTo(&V)
	uty := ridgeUTy(&U, yc)
	for _, a := range alphas {
		sum := 0.0
		for i := 0; i < m; i++ {
			h, fit := 1/float64(m), 0.0
			for l, sv := range s {
				f := sv * sv / (sv*sv + a)
				h += U.At(i, l) * U.At(i, l) * f
				fit += U.At(i, l) * f * uty[l]
			}
			e := (yc[i] - fit) / (1 - h)
			sum += e * e
		}
		mse = append(mse, sum/float64(m))
		w := make([]float64, d)
		for j := 0; j < d; j++ {
			for l, sv := range s {
				w[j] += V.At(j, l) * sv / (sv*sv + a) * uty[l]
			}
		}
		coef = append(coef, w)
	}
	return mse, coef
}

// TestRidgeCVTallEqualsSVD: for tall X RidgeCV builds the SVD from a QR
// of row blocks (so that a cancel is seen between blocks); its
// leave-one-out errors and coefficients equal those from the SVD of the
// whole X, also when X has a duplicated column (rank deficient).
func TestRidgeCVTallEqualsSVD(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	m, d := 5000, 12
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, 3+r.NormFloat64()*float64(j+1))
		}
		y[i] = 10 + X.At(i, 0) - 0.5*X.At(i, 3) + r.NormFloat64()
	}
	dup := mat.DenseCopyOf(X)
	dup.SetCol(5, mat.Col(nil, 2, X))
	alphas := []float64{0.01, 1, 100, 1e4}
	for name, A := range map[string]*mat.Dense{"full rank": X, "duplicated column": dup} {
		if m <= ridgeBlockRows(d) {
			t.Fatalf("m = %d does not exercise the blocked path (block %d)", m, ridgeBlockRows(d))
		}
		res, err := RidgeCV(A, y, RidgeCVConfig{Alphas: alphas, Intercept: true})
		if err != nil {
			t.Fatal(err)
		}
		mse, coef := ridgeCVDirect(t, A, y, alphas)
		for k := range alphas {
			if math.Abs(res.MSE[k]-mse[k]) > 1e-10*mse[k] {
				t.Errorf("%s alpha %v: MSE %.15g, SVD of X %.15g", name, alphas[k], res.MSE[k], mse[k])
			}
		}
		for j, w := range coef[res.Index] {
			if math.Abs(res.Model.Coef[j]-w) > 1e-9*(1+math.Abs(w)) {
				t.Errorf("%s: coef[%d] = %.15g, SVD of X %.15g", name, j, res.Model.Coef[j], w)
			}
		}
	}
}

// TestRidgeCVCancelInsideSVD: the blocked QR looks at the context between
// row blocks (issue 20's harness, quiet machine: RidgeCV returned
// 1.2-1.4 s after a cancel at 20000 x 300, inside the SVD of X).
func TestRidgeCVCancelInsideSVD(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	m, d := 9000, 4
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := range y {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = X.At(i, 1) + r.NormFloat64()
	}
	cfg := RidgeCVConfig{Alphas: []float64{1}}
	count := ctxtest.New(1 << 40)
	if _, err := RidgeCVContext(count, X, y, cfg); err != nil {
		t.Fatal(err)
	}
	blocks := int64((m + ridgeBlockRows(d) - 1) / ridgeBlockRows(d))
	if n := count.Calls(); n < 2*blocks {
		t.Fatalf("%d looks for %d row blocks, want a look per block in the QR and in U", n, blocks)
	}
	for k := int64(1); k < count.Calls(); k++ {
		if _, err := RidgeCVContext(ctxtest.New(k), X, y, cfg); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at look %d: err = %v", k+1, err)
		}
	}
}
