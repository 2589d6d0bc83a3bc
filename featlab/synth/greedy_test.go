package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// TestConditioned: the singular values are 1 .. 1/cond, geometric, and the
// same seed gives the same matrix.
func TestConditioned(t *testing.T) {
	for _, c := range []float64{1, 10, 1e6} {
		X, err := Conditioned(30, 5, c, 2)
		if err != nil {
			t.Fatal(err)
		}
		var svd mat.SVD
		svd.Factorize(X, mat.SVDNone)
		s := svd.Values(nil)
		for k, v := range s {
			want := math.Pow(c, -float64(k)/4)
			if math.Abs(v-want) > 1e-12 {
				t.Errorf("cond %g: s[%d] = %v, want %v", c, k, v, want)
			}
		}
		Y, _ := Conditioned(30, 5, c, 2)
		if !mat.Equal(X, Y) {
			t.Error("not deterministic")
		}
	}
	for _, bad := range []struct {
		m, d int
		c    float64
	}{{3, 4, 2}, {3, 0, 2}, {5, 3, 0.5}, {5, 3, math.NaN()}, {5, 3, math.Inf(1)}} {
		if _, err := Conditioned(bad.m, bad.d, bad.c, 1); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

// TestGreedyTrap: the sample correlations with y order x3 > x1 > x2 as
// documented (about 0.78, 0.70, 0), and y is nearly x1 - x2.
func TestGreedyTrap(t *testing.T) {
	ds, err := GreedyTrap(5000, 3)
	if err != nil {
		t.Fatal(err)
	}
	corr := func(a, b []float64) float64 {
		n := float64(len(a))
		var ma, mb float64
		for i := range a {
			ma += a[i] / n
			mb += b[i] / n
		}
		var sab, saa, sbb float64
		for i := range a {
			sab += (a[i] - ma) * (b[i] - mb)
			saa += (a[i] - ma) * (a[i] - ma)
			sbb += (b[i] - mb) * (b[i] - mb)
		}
		return sab / math.Sqrt(saa*sbb)
	}
	r := make([]float64, 3)
	for j := range r {
		r[j] = corr(mat.Col(nil, j, ds.X), ds.Y)
	}
	if math.Abs(r[2]-0.777) > 0.03 || math.Abs(r[0]-0.704) > 0.03 || math.Abs(r[1]) > 0.05 {
		t.Errorf("correlations %v", r)
	}
	diff := make([]float64, 5000)
	for i := range diff {
		diff[i] = ds.X.At(i, 0) - ds.X.At(i, 1)
	}
	if c := corr(diff, ds.Y); c < 0.99 {
		t.Errorf("corr(x1 - x2, y) = %v", c)
	}
	if _, err := GreedyTrap(3, 1); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("m = 3: %v", err)
	}
}
