package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

func cancelProblem(m, d int) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(11, 12))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = X.At(i, 0) - 2*X.At(i, 3) + r.NormFloat64()
	}
	return X, y
}

// TestBestSubsetsCancelInForwardPass: the forward pass that sets the
// initial bounds (d^2/2 fits, seconds at d = 300) looks at the context
// before every fit; it used to run to its end, and branch and bound
// looked only every 1024 nodes.
func TestBestSubsetsCancelInForwardPass(t *testing.T) {
	X, y := cancelProblem(60, 12)
	count := ctxtest.New(1 << 40)
	full, err := BestSubsetsContext(count, X, y, BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if n := count.Calls(); n < 12*11/2 {
		t.Fatalf("%d looks at the context, want at least one a fit of the forward pass after its first step (%d)", n, 12*11/2)
	}
	plain, err := BestSubsets(X, y, BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for s := range plain.Sizes {
		if plain.Sizes[s].RSS != full.Sizes[s].RSS {
			t.Fatalf("size %d: RSS %v with a context, %v without", s+1, full.Sizes[s].RSS, plain.Sizes[s].RSS)
		}
	}
	ctx := ctxtest.New(5)
	res, err := BestSubsetsContext(ctx, X, y, BestSubsetsConfig{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if res == nil || res.Nodes != 0 || len(res.Sizes) != 1 {
		t.Fatalf("cancelled within the second forward step: %d nodes, %d sizes, want 0 and 1", res.Nodes, len(res.Sizes))
	}
}

// TestBestSubsetsCancelByWork: branch and bound looks at the context
// after at most bbCheckWork units of work, not after 1024 nodes (seconds
// at d = 300): at d = 40, cancelled at its first look in branch and
// bound, the search stops before its 1024th node.
func TestBestSubsetsCancelByWork(t *testing.T) {
	X, y := cancelProblem(400, 40)
	count := ctxtest.New(1 << 40)
	full, err := BestSubsetsContext(count, X, y, BestSubsetsConfig{})
	if err != nil {
		t.Fatal(err)
	}
	pre := int64(40*39/2 + 1) // forward pass after its first step, and the look before the search
	t.Logf("%d nodes, %d looks", full.Nodes, count.Calls())
	ctx := ctxtest.New(pre)
	res, err := BestSubsetsContext(ctx, X, y, BestSubsetsConfig{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled (%d nodes uncancelled)", err, full.Nodes)
	}
	if full.Nodes < 2048 || res.Nodes >= 1024 {
		t.Fatalf("%d nodes after the cancellation (%d uncancelled), want fewer than 1024", res.Nodes, full.Nodes)
	}
	for _, st := range res.Sizes {
		if st.RSS <= 0 {
			t.Fatalf("size %d: RSS %v", len(st.Subset), st.RSS)
		}
	}
}
