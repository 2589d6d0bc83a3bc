// Package streamtest accumulates one-pass statistics of an in-memory data
// set in the several ways the exactness tests of the from-statistics
// solvers compare: block sizes, worker counts and merge orders.
package streamtest

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// Accumulations returns the statistics of (X, y) (y nil: X alone)
// accumulated by new() accumulators in blocks of 1, 37 and all rows with
// 1 or 3 workers through stream.Pass, and in blocks of 29 rows merged in
// reverse order, keyed by a description of the way.
func Accumulations(t testing.TB, X *mat.Dense, y []float64, acc func() stream.Accumulator) map[string]stream.Accumulator {
	t.Helper()
	m, d := X.Dims()
	out := map[string]stream.Accumulator{}
	for _, rows := range []int{1, 37, m} {
		for _, w := range []int{1, 3} {
			a := acc()
			if err := stream.Pass(&stream.MatrixSource{X: X, Y: y, BlockRows: rows}, a, w); err != nil {
				t.Fatal(err)
			}
			out[fmt.Sprintf("%d rows, %d workers", rows, w)] = a
		}
	}
	var parts []stream.Accumulator
	for lo := 0; lo < m; lo += 29 {
		hi := min(lo+29, m)
		a := acc()
		b := &stream.Block{Names: featlab.DefaultNames(d), X: X.Slice(lo, hi, 0, d).(*mat.Dense)}
		if y != nil {
			b.Y = y[lo:hi]
		}
		if err := a.Add(b); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, a)
	}
	a := acc()
	for i := len(parts) - 1; i >= 0; i-- {
		if err := a.Merge(parts[i]); err != nil {
			t.Fatal(err)
		}
	}
	out["reverse merge"] = a
	return out
}

// Gram returns a constructor of empty Grams of d features (with a target
// when target), for Accumulations.
func Gram(d int, target bool) func() stream.Accumulator {
	return func() stream.Accumulator {
		g, err := stream.NewGram(d, target)
		if err != nil {
			panic(err)
		}
		return g
	}
}
