package knockoff

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/internal/ctxtest"
)

// TestFilterCancelInsideSteps: the filters look at their context between
// the matrix products that build the knockoffs and inside the lasso fits
// of the statistic, not only between the three stages (issue 20's
// harness measured 6.5 s from a cancel to the return of FilterFixedX at
// 20000 x 300, 1.1-1.9 s for FilterModelX). Cancelled at any look, a
// filter returns an error wrapping context.Canceled; never cancelled, it
// gives the result of the call without a context.
func TestFilterCancelInsideSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	m, d := 80, 6
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		y[i] = 2*X.At(i, 0) - X.At(i, 1) + r.NormFloat64()
	}
	filters := map[string]func(ctx context.Context, s Statistic) (*FilterResult, error){
		"fixed-X": func(ctx context.Context, s Statistic) (*FilterResult, error) {
			return FilterFixedXContext(ctx, X, y, FixedXSelector{FilterConfig: FilterConfig{Q: 0.2, Statistic: s}})
		},
		"model-X": func(ctx context.Context, s Statistic) (*FilterResult, error) {
			return FilterModelXContext(ctx, X, y, ModelXSelector{FilterConfig: FilterConfig{Q: 0.2, Statistic: s}})
		},
	}
	for name, f := range filters {
		for _, stat := range []Statistic{CoefDiff, SignedMax} {
			count := ctxtest.New(1 << 40)
			got, err := f(count, stat)
			if err != nil {
				t.Fatalf("%s %s: %v", name, stat, err)
			}
			want, err := f(context.Background(), stat)
			if err != nil {
				t.Fatal(err)
			}
			for j := range want.W {
				if got.W[j] != want.W[j] {
					t.Fatalf("%s %s: W differs with a context", name, stat)
				}
			}
			n := count.Calls()
			if n < 10 {
				t.Fatalf("%s %s: %d looks at the context, want the knockoff products and the lasso's passes too", name, stat, n)
			}
			for k := int64(0); k < n; k += 1 + n/40 {
				if _, err := f(ctxtest.New(k), stat); !errors.Is(err, context.Canceled) {
					t.Fatalf("%s %s cancelled at look %d of %d: err = %v, want context.Canceled", name, stat, k+1, n, err)
				}
			}
		}
	}
}
