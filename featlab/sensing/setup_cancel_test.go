package sensing

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
	"gonum.org/v1/gonum/mat"
)

// TestIHTCancelWhileCopyingA: the set-up (a scaled copy of A and its
// transpose, seconds on 40000 x 400) looks at the context every
// setupLookElems entries; IHTContext used to look first in iteration 1
// (the cancellation harness of issue 20 measured 1.9 s). Cancelled there,
// IHT returns s = 0, its last finished iterate; BasisPursuit, BPDN and L0
// share the set-up.
func TestIHTCancelWhileCopyingA(t *testing.T) {
	const n, m = 3000, 400 // 1.2e6 entries: one look in each of the two passes
	A, err := Gaussian(n, m, 4)
	if err != nil {
		t.Fatal(err)
	}
	y := make([]float64, n)
	for i := range y {
		y[i] = A.At(i, 5) - 2*A.At(i, 40)
	}
	cfg := IHTConfig{K: 2, Step: 0.5, MaxIter: 1}
	count := ctxtest.New(1 << 40)
	if _, err := IHTContext(count, A, y, cfg); err != nil {
		t.Fatal(err)
	}
	// one iteration with a fixed step: two looks; the set-up: two more
	if got := count.Calls(); got != 4 {
		t.Fatalf("%d looks at the context, want 2 in the set-up and 2 in the iteration", got)
	}
	ctx := ctxtest.New(0)
	res, err := IHTContext(ctx, A, y, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if ctx.Calls() != 1 {
		t.Fatalf("%d looks at the context, want 1: the cancel is seen in the copy of A", ctx.Calls())
	}
	if res == nil || res.Convergence.Iterations != 0 || len(res.Support) != 0 || len(res.Coef) != m || res.Residual != dotNorm(y) {
		t.Fatalf("cancelled in the set-up: want s = 0 with residual ||y||, got %+v", res)
	}
	for name, call := range map[string]func(ctx context.Context) error{
		"BasisPursuit": func(ctx context.Context) error {
			_, err := BasisPursuitContext(ctx, A, y, BasisPursuitConfig{})
			return err
		},
		"BPDN": func(ctx context.Context) error { _, err := BPDNContext(ctx, A, y, BPDNConfig{Lambda: 0.1}); return err },
		"L0":   func(ctx context.Context) error { _, err := L0Context(ctx, A, y, L0Config{MaxK: 1}); return err },
	} {
		ctx := ctxtest.New(0)
		if err := call(ctx); !errors.Is(err, context.Canceled) || ctx.Calls() != 1 {
			t.Errorf("%s: err = %v after %d looks, want context.Canceled at the first (the copy of A)", name, err, ctx.Calls())
		}
	}
}

func dotNorm(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// TestRIPRefusesEndlessEnumeration: MaxSubsets 2^40 >= C(200, 6) = 8.2e10
// asked for an exact enumeration that would run for days (issue 20's
// suite stopped it); more than 2^27 supports is refused with ErrParam,
// and a small exact count under a huge MaxSubsets still runs.
func TestRIPRefusesEndlessEnumeration(t *testing.T) {
	A, err := Gaussian(20, 200, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RIP(A, 6, RIPConfig{MaxSubsets: 1 << 40}); !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("err = %v, want ErrParam", err)
	}
	r, err := RIP(A, 1, RIPConfig{MaxSubsets: 1 << 40})
	if err != nil || !r.Exact || r.Subsets != 200 {
		t.Fatalf("k = 1 under MaxSubsets 2^40: %+v, %v; want exact over 200 supports", r, err)
	}
}

// TestBasisPursuitColumnSpread: A = [c X | I] is feasible for every y, but
// at c = 1e150 or 1e300 the identity's columns vanish next to c X's in
// rounding and basis pursuit found "no solution" (ErrInfeasible, a wrong
// answer: issue 20's suite). Column norms more than 1e12 apart now give
// ErrNotFinite (undecidable in float64); c = 1 still solves.
func TestBasisPursuitColumnSpread(t *testing.T) {
	x := []float64{0.1, 2, 5, 0.4, 1, 3, 0.2, 7, 1, 0.9, 3, 2, 0.5, 4, 8, 0.7, 6, 4, 0.3, 5, 6, 0.8, 8, 7}
	y := []float64{0, 1, 0, 1, 0, 1, 1, 0}
	for _, c := range []float64{1, 1e150, 1e300} {
		A := mat.NewDense(8, 11, nil)
		for i := 0; i < 8; i++ {
			for j := 0; j < 3; j++ {
				A.Set(i, j, c*x[3*i+j])
			}
			A.Set(i, 3+i, 1)
		}
		_, err := BasisPursuit(A, y, BasisPursuitConfig{})
		switch {
		case c == 1 && err != nil:
			t.Fatalf("c = 1: %v", err)
		case c != 1 && (!errors.Is(err, featlab.ErrNotFinite) || errors.Is(err, ErrInfeasible)):
			t.Fatalf("c = %g: err = %v, want ErrNotFinite (not ErrInfeasible)", c, err)
		}
	}
}
