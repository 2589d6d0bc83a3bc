package linear

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// consistent returns X (m x 3, N(0,1)) and y = X w0 exactly.
func consistent(m int) (*mat.Dense, []float64, []float64) {
	r := rand.New(rand.NewPCG(4, 4))
	X := mat.NewDense(m, 3, nil)
	w0 := []float64{1, -2, 0.5}
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < 3; j++ {
			v := r.NormFloat64()
			X.Set(i, j, v)
			y[i] += w0[j] * v
		}
	}
	return X, y, w0
}

func TestSGDLeastSquaresConverges(t *testing.T) {
	X, y, w0 := consistent(200)
	res, err := SGDLeastSquares(X, y, SGDLeastSquaresConfig{MaxIter: 20000, Tol: 1e-20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// y = X w0 exactly, so SGD with the safe step converges linearly to w0.
	for j := range w0 {
		if math.Abs(res.Coef[j]-w0[j]) > 1e-9 {
			t.Errorf("w[%d] = %v, want %v", j, res.Coef[j], w0[j])
		}
	}
	if !res.Converged || res.Iterations >= 20000 || res.Iterations%200 != 0 {
		t.Errorf("converged %v after %d updates", res.Converged, res.Iterations)
	}
	// The trace starts at F(0) = ||y||^2/(2m) and ends at or below Tol.
	f0 := 0.0
	for _, v := range y {
		f0 += v * v
	}
	if tr := res.Trace; tr[0].Iter != 0 || math.Abs(tr[0].Objective-f0/400) > 1e-12 || tr[len(tr)-1].Objective > 1e-20 {
		t.Errorf("trace %v ... %v", tr[0], tr[len(tr)-1])
	}
	// Same seed, same iterates.
	again, _ := SGDLeastSquares(X, y, SGDLeastSquaresConfig{MaxIter: 20000, Tol: 1e-20, Seed: 1})
	for j := range res.Coef {
		if again.Coef[j] != res.Coef[j] {
			t.Fatal("not deterministic")
		}
	}
	// Default step is 1 / max ||x_i||^2.
	beta := 0.0
	for i := 0; i < 200; i++ {
		beta = math.Max(beta, mat.Dot(X.RowView(i), X.RowView(i)))
	}
	if res.Step != 1/beta {
		t.Errorf("step %v, want %v", res.Step, 1/beta)
	}
}

func TestSGDLeastSquaresErrors(t *testing.T) {
	X, y, _ := consistent(20)
	if _, err := SGDLeastSquares(X, y, SGDLeastSquaresConfig{Step: -1}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("negative step: %v", err)
	}
	if _, err := SGDLeastSquares(X, y[:5], SGDLeastSquaresConfig{}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	if _, err := SGDLeastSquares(X, y, SGDLeastSquaresConfig{Step: 100, MaxIter: 100000, CheckEvery: 10}); !errors.Is(err, featlab.ErrNotConverged) {
		t.Errorf("huge step: %v", err)
	}
	if _, err := SGDLeastSquares(mat.NewDense(3, 2, nil), []float64{1, 2, 3}, SGDLeastSquaresConfig{}); !errors.Is(err, featlab.ErrConstant) {
		t.Errorf("zero rows: %v", err)
	}
	Y := mat.DenseCopyOf(X)
	Y.Set(3, 1, math.NaN())
	if _, err := SGDLeastSquares(Y, y, SGDLeastSquaresConfig{}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
}

func TestSGDLogChecks(t *testing.T) {
	X, y, _ := consistent(50)
	res, err := SGDLeastSquares(X, y, SGDLeastSquaresConfig{MaxIter: 1000, LogChecks: true})
	if err != nil {
		t.Fatal(err)
	}
	// 20 per decade over three decades, the first decade having only the
	// integers 1..10: 0, 1, 2, ..., 10, then 11, 13, 14, ..., 1000.
	var iters []int
	for _, p := range res.Trace {
		iters = append(iters, p.Iter)
	}
	if iters[0] != 0 || iters[1] != 1 || iters[10] != 10 || iters[11] != 11 || iters[12] != 13 || iters[len(iters)-1] != 1000 {
		t.Errorf("check points %v", iters)
	}
	for k := 1; k < len(iters); k++ {
		if iters[k] <= iters[k-1] {
			t.Fatalf("check points not increasing: %v", iters)
		}
	}
	if len(iters) > 70 {
		t.Errorf("%d check points for 3 decades", len(iters))
	}
}
