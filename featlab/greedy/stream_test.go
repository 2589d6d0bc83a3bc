package greedy

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/streamtest"
	"github.com/featlab/course/featlab/stream"
)

func TestOMPFromStatsExact(t *testing.T) {
	const m, d = 300, 12
	rng := rand.New(rand.NewPCG(21, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		f := rng.NormFloat64()
		for j := 0; j < d; j++ {
			X.Set(i, j, 10*float64(j)+0.4*f+rng.NormFloat64())
		}
		y[i] = 3*X.At(i, 1) - 2*X.At(i, 5) + X.At(i, 8) + 0.5*rng.NormFloat64()
	}
	for _, cfg := range []OMPConfig{{T: 5, Intercept: true}, {T: 6}, {Tol: 80, Intercept: true, Rule: Correlation}, {T: 4, Intercept: true, Rule: Correlation, Normalize: true}} {
		want, err := OMP(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(d, true)) {
			got, err := OMPFromStats(a.(*stream.Gram), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got.Support) != fmt.Sprint(want.Support) || got.Stop != want.Stop || got.Method != want.Method {
				t.Fatalf("%+v %s: support %v (%v), in memory %v (%v)", cfg, how, got.Support, got.Stop, want.Support, want.Stop)
			}
			scale := 0.0
			for _, v := range want.Coef {
				scale = math.Max(scale, math.Abs(v))
			}
			for j := range want.Coef {
				if math.Abs(got.Coef[j]-want.Coef[j]) > 1e-10*scale {
					t.Errorf("%+v %s: w_%d = %v, in memory %v", cfg, how, j, got.Coef[j], want.Coef[j])
				}
			}
			for _, p := range [][2]float64{{got.Intercept, want.Intercept}, {got.RSS, want.RSS}} {
				if math.Abs(p[0]-p[1]) > 1e-10*math.Max(1, math.Abs(p[1])) {
					t.Errorf("%+v %s: intercept or RSS %v, in memory %v", cfg, how, p[0], p[1])
				}
			}
		}
	}
}

func TestOMPFromStatsErrors(t *testing.T) {
	empty, _ := stream.NewGram(2, true)
	noY, _ := stream.NewGram(2, false)
	if _, err := OMPFromStats(nil, OMPConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := OMPFromStats(noY, OMPConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := OMPFromStats(empty, OMPConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Error(err)
	}
}
