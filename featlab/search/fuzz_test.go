package search

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// FuzzSelect throws arbitrary small data (NaN, Inf, constant and collinear
// columns included) at the least-squares criteria, every strategy and
// BestSubsets: errors are fine, panics and NaN scores in a result are not.
func FuzzSelect(f *testing.F) {
	f.Add([]byte{3, 2, 0, 0, 0, 0, 0, 0, 240, 63, 0, 0, 0, 0, 0, 0, 0, 64}, uint8(0))
	f.Add(make([]byte, 200), uint8(3))
	f.Fuzz(func(t *testing.T, b []byte, which uint8) {
		if len(b) < 2 {
			return
		}
		m, d := int(b[0]%12)+1, int(b[1]%5)+1
		vals := make([]float64, m*(d+1))
		for k := range vals {
			off := 2 + 8*k
			if off+8 <= len(b) {
				vals[k] = math.Float64frombits(binary.LittleEndian.Uint64(b[off:]))
			} else {
				vals[k] = float64((k*7)%5) - 2
			}
		}
		X := mat.NewDense(m, d, vals[:m*d])
		y := vals[m*d:]
		strategies := []Strategy{Forward{}, Backward{Rule: BestVisited}, Bidirectional{}, Floating{}, Exhaustive{}, LVW{T: 3, Seed: 1}}
		st := strategies[int(which)%len(strategies)]
		sc := LSScore(int(which/8) % 7)
		res, err := Select(X, y, Config{Strategy: st, Criterion: LeastSquares{Score: sc}, Workers: 2})
		if err == nil {
			for _, h := range res.History {
				if math.IsNaN(h.Score) {
					t.Fatalf("NaN score in the history without an error: %v", res)
				}
			}
		}
		if _, err := BestSubsets(X, y, BestSubsetsConfig{}); err != nil && errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
	})
}
