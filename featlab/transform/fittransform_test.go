package transform

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestRowNormalizeFitTransformOnePass: FitTransform's one pass
// (RowNormalize.fitTransform) gives Fit then Transform's bits for every
// norm, the same error for a NaN or an infinity, and leaves a fresh
// RowNormalize unfitted when X is rejected.
func TestRowNormalizeFitTransformOnePass(t *testing.T) {
	X := randMatrix(203, 13, 4)
	X.Set(7, 2, 0x1p700) // a row whose squares overflow
	for j := 0; j < 13; j++ {
		X.Set(9, j, 0) // a zero row
		X.Set(11, j, 0x1p-600*float64(j+1))
	}
	for _, n := range []Norm{L2, L1, LInf} {
		a := &RowNormalize{Norm: n, Workers: 3}
		got, err := FitTransform(a, X)
		if err != nil {
			t.Fatal(err)
		}
		b := &RowNormalize{Norm: n}
		if err := b.Fit(X); err != nil {
			t.Fatal(err)
		}
		want, err := b.Transform(X)
		if err != nil {
			t.Fatal(err)
		}
		g, w := got.RawMatrix().Data, want.RawMatrix().Data
		for i := range w {
			if math.Float64bits(g[i]) != math.Float64bits(w[i]) {
				t.Fatalf("%v: cell %d: %v, Fit+Transform %v", n, i, g[i], w[i])
			}
		}
		again, err := a.Transform(X)
		if err != nil || !mat.Equal(again, want) {
			t.Fatalf("%v: Transform after FitTransform: %v", n, err)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(-1)} {
		Y := mat.DenseCopyOf(X)
		Y.Set(40, 5, v)
		Y.Set(41, 1, v)
		r := &RowNormalize{}
		_, err1 := FitTransform(r, Y)
		err2 := (&RowNormalize{}).Fit(Y)
		if !errors.Is(err1, featlab.ErrNotFinite) || err2 == nil || err1.Error() != err2.Error() {
			t.Fatalf("%v: FitTransform %v, Fit %v", v, err1, err2)
		}
		if _, err := r.Transform(X); !errors.Is(err, featlab.ErrNotFitted) {
			t.Fatalf("%v: a rejected FitTransform left the transformer fitted: %v", v, err)
		}
	}
}
