package importance

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
	"github.com/featlab/course/featlab/validate"
)

// TestPermutationCancelPerRepeat: PermutationContext looks at the context
// while copying X (one copy a worker plus one, hundreds of MB at 20000 x
// 300) and before every repeat (a prediction over all of X); it used to
// look only before each feature, after the copies and the baseline
// (issue 20's harness measured 2.35 s after a cancel).
func TestPermutationCancelPerRepeat(t *testing.T) {
	m, d, R := 40, 3, 5
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, float64((i*7+j*5)%11))
		}
		y[i] = X.At(i, 0) + 2*X.At(i, 1)
	}
	var predictions atomic.Int64
	pred := featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
		predictions.Add(1)
		r, _ := X.Dims()
		out := make([]float64, r)
		for i := range out {
			out[i] = X.At(i, 0) + 2*X.At(i, 1)
		}
		return out, nil
	})
	cfg := PermutationConfig{Predictor: pred, Metric: validate.MSE, LowerIsBetter: true, Repeats: R, Workers: 1}
	count := ctxtest.New(1 << 40)
	got, err := PermutationContext(count, X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if n := count.Calls(); n < int64(d*R) {
		t.Fatalf("%d looks at the context, want at least one a repeat (%d)", n, d*R)
	}
	want, err := Permutation(X, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want.Mean {
		if got.Mean[j] != want.Mean[j] {
			t.Fatalf("feature %d: %v with a context, %v without", j, got.Mean[j], want.Mean[j])
		}
	}
	predictions.Store(0)
	ctx := ctxtest.New(0)
	res, err := PermutationContext(ctx, X, y, cfg)
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("cancelled: %v, %v; want nil and context.Canceled", res, err)
	}
	if n := predictions.Load(); n != 0 {
		t.Fatalf("%d predictions after a cancel before the call, want 0 (the copy of X looks first)", n)
	}
}
