package search

// Temporary stand-ins for the shared foundation (featlab/internal/matx and
// par.Do) until it lands on main; replaced by the real calls at merge.

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/par"
)

func colsOf(X *mat.Dense, idx []int) *mat.Dense {
	m, _ := X.Dims()
	out := mat.NewDense(m, len(idx), nil)
	for i := 0; i < m; i++ {
		row := X.RawRowView(i)
		o := out.RawRowView(i)
		for k, j := range idx {
			o[k] = row[j]
		}
	}
	return out
}

func doPar(ctx context.Context, n, workers int, progress func(done, total int), fn func(i int) error) error {
	errs := make([]error, n)
	par.For(n, workers, func(i int) {
		if ctx.Err() != nil {
			errs[i] = ctx.Err()
			return
		}
		defer func() {
			if r := recover(); r != nil {
				errs[i] = featlab.Errorf(featlab.ErrParam, "piece %d panicked: %v", i, r)
			}
		}()
		errs[i] = fn(i)
	})
	if progress != nil {
		progress(n, n)
	}
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w", ctx.Err())
	}
	return nil
}

func maxProcs() int { return par.Workers(0, 1<<30) }
