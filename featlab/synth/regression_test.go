package synth

import (
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// TestRegression: shapes, the number of informative features, weights in
// (0, 100), y = Xw + bias exactly when noiseless, the noise level when not,
// seeded determinism, and standard normal features (mean ~0, var ~1).
func TestRegression(t *testing.T) {
	ds, w, err := Regression(500, RegressionConfig{Features: 30, Informative: 7, Bias: 2.5}, 42)
	if err != nil {
		t.Fatal(err)
	}
	m, d := ds.X.Dims()
	if m != 500 || d != 30 || len(w) != 30 || len(ds.Y) != 500 {
		t.Fatalf("shape %dx%d, %d weights, %d targets", m, d, len(w), len(ds.Y))
	}
	nz := 0
	for _, v := range w {
		if v != 0 {
			nz++
			if v <= 0 || v >= 100 {
				t.Errorf("weight %v outside (0, 100)", v)
			}
		}
	}
	if nz != 7 {
		t.Errorf("%d informative features, want 7", nz)
	}
	var pred mat.VecDense
	pred.MulVec(ds.X, mat.NewVecDense(d, w))
	for i := 0; i < m; i++ {
		if math.Abs(pred.AtVec(i)+2.5-ds.Y[i]) > 1e-9*math.Max(1, math.Abs(ds.Y[i])) {
			t.Fatalf("row %d: y = %v, Xw + b = %v", i, ds.Y[i], pred.AtVec(i)+2.5)
		}
	}
	// Noise: the residual y - Xw has standard deviation ~ Noise.
	ns, wn, err := Regression(4000, RegressionConfig{Features: 10, Informative: 3, Noise: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	pred.Reset()
	pred.MulVec(ns.X, mat.NewVecDense(10, wn))
	var ss, sx, sxx float64
	raw := ns.X.RawMatrix().Data
	for i, v := range ns.Y {
		e := v - pred.AtVec(i)
		ss += e * e
	}
	for _, v := range raw {
		sx += v
		sxx += v * v
	}
	n := float64(len(raw))
	// 4000 residuals: the sd estimate is within 5% of 2 with overwhelming
	// probability (its standard error is 2/sqrt(8000) ~ 0.022).
	if sd := math.Sqrt(ss / 4000); math.Abs(sd-2) > 0.1 {
		t.Errorf("noise sd %v, want 2", sd)
	}
	if mean, v := sx/n, sxx/n-(sx/n)*(sx/n); math.Abs(mean) > 0.03 || math.Abs(v-1) > 0.03 {
		t.Errorf("features mean %v variance %v, want 0 and 1", mean, v)
	}
	again, w2, _ := Regression(500, RegressionConfig{Features: 30, Informative: 7, Bias: 2.5}, 42)
	if !mat.Equal(again.X, ds.X) || !regEqual(w2, w) {
		t.Error("same seed, different data")
	}
	other, _, _ := Regression(500, RegressionConfig{Features: 30, Informative: 7, Bias: 2.5}, 43)
	if mat.Equal(other.X, ds.X) {
		t.Error("different seeds, same data")
	}
	ordered, wo, _ := Regression(50, RegressionConfig{Features: 8, Informative: 3, NoShuffle: true}, 5)
	for j, v := range wo {
		if (j < 3) != (v != 0) {
			t.Errorf("NoShuffle: weight %d = %v", j, v)
		}
	}
	if ordered.Names[0] != "x1" || ordered.Target != "y" {
		t.Errorf("names %v target %q", ordered.Names, ordered.Target)
	}
	def, wd, _ := Regression(20, RegressionConfig{}, 0)
	if _, dd := def.X.Dims(); dd != 100 || regNonZero(wd) != 10 {
		t.Errorf("defaults: d = %d, %d informative", dd, regNonZero(wd))
	}
}

func TestRegressionBadInput(t *testing.T) {
	for _, c := range []struct {
		m   int
		cfg RegressionConfig
	}{
		{0, RegressionConfig{}},
		{10, RegressionConfig{Features: -1}},
		{10, RegressionConfig{Features: 5, Informative: 6}},
		{10, RegressionConfig{Informative: -1}},
		{10, RegressionConfig{Noise: -1}},
		{10, RegressionConfig{Noise: math.NaN()}},
	} {
		if _, _, err := Regression(c.m, c.cfg, 1); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("m=%d %+v: err = %v, want ErrParam", c.m, c.cfg, err)
		}
	}
}

func regEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func regNonZero(v []float64) int {
	n := 0
	for _, x := range v {
		if x != 0 {
			n++
		}
	}
	return n
}
