package sensing

import (
	"context"
	"errors"
	"testing"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestIHTCancelPerTry: IHTContext looks at the context at every
// step-halving try, not only once an iteration (51 tries of O(n K) each
// could run for a second), and is IHT bit for bit when not cancelled;
// cancelled inside an iteration, it returns the last finished iterate.
func TestIHTCancelPerTry(t *testing.T) {
	A, err := Gaussian(60, 120, 3)
	if err != nil {
		t.Fatal(err)
	}
	y := make([]float64, 60)
	for i := range y {
		y[i] = A.At(i, 5) - 2*A.At(i, 40) + 0.5*A.At(i, 77) + 0.01*float64(i%7)
	}
	cfg := IHTConfig{K: 3}
	count := ctxtest.New(1 << 40)
	got, err := IHTContext(count, A, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, err := IHT(A, y, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want.Coef {
		if got.Coef[j] != want.Coef[j] {
			t.Fatalf("coefficient %d: %v with a context, %v without", j, got.Coef[j], want.Coef[j])
		}
	}
	it := got.Convergence.Iterations
	if n := count.Calls(); n < int64(2*it) {
		t.Fatalf("%d looks at the context in %d iterations, want at least two an iteration", n, it)
	}
	// the second look is inside iteration 1: no iteration finishes
	ctx := ctxtest.New(1)
	res, err := IHTContext(ctx, A, y, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res.Convergence.Iterations != 0 || len(res.Support) != 0 {
		t.Fatalf("cancelled in iteration 1: %d iterations, support %v", res.Convergence.Iterations, res.Support)
	}
}
