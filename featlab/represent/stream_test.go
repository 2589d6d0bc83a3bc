package represent

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/streamtest"
	"github.com/featlab/course/featlab/stream"
)

func TestPCAFromStatsExact(t *testing.T) {
	const m, d = 400, 6
	rng := rand.New(rand.NewPCG(51, 1))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		f, g := rng.NormFloat64(), rng.NormFloat64()
		for j := 0; j < d; j++ {
			X.Set(i, j, 1e3*float64(j)+3*f*float64(j+1)/float64(d)+1.5*g*float64(d-j)/float64(d)+0.3*float64(j+1)*rng.NormFloat64())
		}
	}
	for _, cfg := range []PCAConfig{{}, {K: 2, Whiten: true}} {
		want, err := FitPCA(X, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range []bool{false, true} {
			var y []float64
			if target {
				y = mat.Col(nil, 0, X)
			}
			for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(d, target)) {
				got, err := PCAFromStats(a.(*stream.Gram), cfg)
				if err != nil {
					t.Fatal(err)
				}
				for j := range want.SingularValues {
					if math.Abs(got.SingularValues[j]-want.SingularValues[j]) > 1e-10*want.SingularValues[0] {
						t.Errorf("%s: s_%d = %v, in memory %v", how, j, got.SingularValues[j], want.SingularValues[j])
					}
				}
				if !mat.EqualApprox(got.Components, want.Components, 1e-10) {
					t.Errorf("%s: components\n%v\nin memory\n%v", how, mat.Formatted(got.Components), mat.Formatted(want.Components))
				}
				ge, _ := got.Encode(X)
				we, _ := want.Encode(X)
				if !mat.EqualApprox(ge, we, 1e-8) {
					t.Errorf("%s: codes differ", how)
				}
			}
		}
	}
}

func TestPCAFromStatsErrors(t *testing.T) {
	empty, _ := stream.NewGram(2, false)
	if _, err := PCAFromStats(nil, PCAConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := PCAFromStats(empty, PCAConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Error(err)
	}
}
