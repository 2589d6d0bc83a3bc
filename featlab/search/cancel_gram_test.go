package search

import (
	"context"
	"errors"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestSelectContextCancelInGramSums: LeastSquares builds its Gram sums
// (seconds on 20000 x 300, issue 20's cancellation harness measured 2-2.8 s)
// looking at the context every sumsCheckWork multiply-adds; it used to
// look only once the search had started.
func TestSelectContextCancelInGramSums(t *testing.T) {
	X, y := cancelProblem(3000, 100)
	for _, score := range []LSScore{RSS, CVMSE} {
		cfg := Config{Strategy: Forward{}, Criterion: LeastSquares{Score: score}}
		count := ctxtest.New(1 << 40)
		if _, err := (LeastSquares{Score: score}).evaluatorContext(count, X, y); err != nil {
			t.Fatal(err)
		}
		// 3000 rows, 838 a look: at least 4 looks over all rows (CV: more)
		if n := count.Calls(); n < 4 {
			t.Fatalf("%v: %d looks at the context while building the sums, want >= 4", score, n)
		}
		ctx := ctxtest.New(1)
		res, err := SelectContext(ctx, X, y, cfg)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%v: err = %v, want context.Canceled", score, err)
		}
		if res != nil {
			t.Fatalf("%v: cancelled before the search started, got a result %+v", score, res)
		}
		if n := ctx.Calls(); n != 2 {
			t.Fatalf("%v: %d looks at the context, want 2 (it must return at the first look that sees the cancel)", score, n)
		}
	}
	// BestSubsets builds the same sums (11 s after a cancel on a loaded
	// machine when they did not look): cancelled there, no subset yet
	ctx := ctxtest.New(1)
	bs, err := BestSubsetsContext(ctx, X, y, BestSubsetsConfig{})
	if !errors.Is(err, context.Canceled) || ctx.Calls() != 2 {
		t.Fatalf("BestSubsetsContext: err = %v after %d looks, want context.Canceled after 2", err, ctx.Calls())
	}
	if bs == nil || bs.Sizes == nil || len(bs.Sizes) != 0 || bs.Nodes != 0 {
		t.Fatalf("BestSubsetsContext cancelled in the sums: %+v, want an empty result", bs)
	}
}

// TestLVWHugeT: T (consecutive non-improving rounds) beyond 2^27 is
// refused with ErrParam before any round; the issue 20 suite's T =
// 2^27 + 1 ran (and allocated) without end.
func TestLVWHugeT(t *testing.T) {
	X, y := cancelProblem(40, 4)
	_, err := Select(X, y, Config{Strategy: LVW{T: featlab.DefaultMaxCells + 1}, Criterion: LeastSquares{}})
	if !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("err = %v, want ErrParam", err)
	}
	if _, err := Select(X, y, Config{Strategy: LVW{T: featlab.DefaultMaxCells, MaxEvals: 5}, Criterion: LeastSquares{}}); err != nil {
		t.Fatalf("T = DefaultMaxCells with a budget: %v", err)
	}
}

// TestSizeCVCancelInsideBestSubsets: the default search of each fold is
// BestSubsetsContext with SizeCV's context; it was BestSubsets, which never
// looked at it (60 s after a cancel at 20000 x 300, still running).
func TestSizeCVCancelInsideBestSubsets(t *testing.T) {
	X, y := cancelProblem(60, 8)
	cfg := SizeCVConfig{Folds: 3, Workers: 1}
	count := ctxtest.New(1 << 40)
	if _, err := SizeCVContext(count, X, y, cfg); err != nil {
		t.Fatal(err)
	}
	// per fold: the forward pass alone looks 8*7/2 times
	if n := count.Calls(); n < 3*8*7/2 {
		t.Fatalf("%d looks at the context, want the looks of each fold's branch and bound (>= %d)", n, 3*8*7/2)
	}
	ctx := ctxtest.New(10) // inside the first fold's search
	if _, err := SizeCVContext(ctx, X, y, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
