package knockoff_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/knockoff"
)

// data draws y = 1.5 (x1 - x2 + x3 - x4 + x5 - x6) + noise with
// independent features.
func data(m, d int) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
		y[i] = rng.NormFloat64()
		for j := 0; j < 6; j++ {
			y[i] += 1.5 * float64(1-2*(j%2)) * X.At(i, j)
		}
	}
	return X, y
}

func ExampleFixedX() {
	X, _ := data(100, 20)
	r, err := knockoff.FixedX(X, knockoff.FixedXConfig{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	// X~^T X~ = X^T X and X^T X~ = X^T X - diag(s)
	var G, K mat.Dense
	G.Mul(r.Knockoffs.T(), r.Knockoffs)
	K.Mul(r.X.T(), r.Knockoffs)
	fmt.Println(mat.EqualApprox(&G, r.Sigma, 1e-10))
	fmt.Printf("s = %.3f, X_1 . X~_1 = %.3f\n", r.S[0], K.At(0, 0))
	// Output:
	// true
	// s = 0.706, X_1 . X~_1 = 0.294
}

func ExampleFixedXSelector() {
	// knockoff+ at q = 0.2 can only select 5 features or more: with
	// offset 1, (1 + #{W <= -t})/#{W >= t} <= 0.2 needs #{W >= t} >= 5
	// features. The FDR bounds the expected share of false ones, not the
	// share in one data set: here x7, x16 and x17 (nulls) come along.
	X, y := data(200, 20)
	sel, err := knockoff.FixedXSelector{FilterConfig: knockoff.FilterConfig{Q: 0.2, Seed: 3}}.Select(X, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sel.ChosenNames)
	// Output:
	// [x2 x6 x3 x1 x4 x5 x17 x7 x16]
}

func ExampleThreshold() {
	W := []float64{5, 4, 3, -2.5, 2, 1, -0.5, 0}
	T, _ := knockoff.Threshold(W, 0.34, true) // knockoff+
	fmt.Println(T)
	T, _ = knockoff.Threshold(W, 0.1, true)
	fmt.Println(math.IsInf(T, 1)) // nothing can be selected at q = 0.1
	// Output:
	// 3
	// true
}

func ExampleModelX() {
	X, _ := data(500, 8)
	// rows are N(0, I): give the true moments
	Sigma := mat.NewSymDense(8, nil)
	for j := 0; j < 8; j++ {
		Sigma.SetSym(j, j, 1)
	}
	r, err := knockoff.ModelX(X, knockoff.ModelXConfig{Mu: make([]float64, 8), Sigma: Sigma, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	// independent features: s = 1, the knockoffs are fresh N(0, I) draws
	fmt.Println(r.S)
	// Output:
	// [1 1 1 1 1 1 1 1]
}
