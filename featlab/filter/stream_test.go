package filter

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

func TestFiltersFromStatsExact(t *testing.T) {
	const m, d = 300, 8
	rng := rand.New(rand.NewPCG(31, 1))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()*float64(j+1))
		}
		X.Set(i, 3, 1e6+rng.NormFloat64()) // a large mean
		X.Set(i, 5, 0.1)                   // constant
		y[i] = X.At(i, 0) - 0.3*X.At(i, 2) + (X.At(i, 3) - 1e6) + rng.NormFloat64()
	}
	cfg := Config{Names: featlab.DefaultNames(d)}
	for how, a := range streamtest.Accumulations(t, X, y, streamtest.Gram(d, true)) {
		g := a.(*stream.Gram)
		for _, c := range []struct {
			name      string
			mem, stat func() (*Scores, error)
		}{
			{"pearson", func() (*Scores, error) { return Pearson(X, y, cfg) }, func() (*Scores, error) { return PearsonFromStats(g, cfg) }},
			{"F", func() (*Scores, error) { return FRegression(X, y, cfg) }, func() (*Scores, error) { return FRegressionFromStats(g, cfg) }},
		} {
			want, err := c.mem()
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.stat()
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got.Ranking()) != fmt.Sprint(want.Ranking()) || fmt.Sprint(got.Constant) != fmt.Sprint(want.Constant) || got.Method != want.Method {
				t.Errorf("%s %s: ranking %v constant %v, in memory %v %v", c.name, how, got.Ranking(), got.Constant, want.Ranking(), want.Constant)
			}
			for j := 0; j < d; j++ {
				for _, p := range [][2]float64{{got.Values[j], want.Values[j]}, {got.PValues[j], want.PValues[j]}} {
					if math.Abs(p[0]-p[1]) > 1e-10*math.Max(math.Abs(p[1]), 1e-300) && math.Abs(p[0]-p[1]) > 1e-14 {
						t.Errorf("%s %s: feature %d: %v, in memory %v", c.name, how, j, p[0], p[1])
					}
				}
			}
		}
	}
}

func TestFiltersFromStatsErrors(t *testing.T) {
	empty, _ := stream.NewGram(2, true)
	if _, err := PearsonFromStats(nil, Config{}); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	if _, err := FRegressionFromStats(empty, Config{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Error(err)
	}
	g, _ := stream.NewGram(1, true)
	if err := g.Add(&stream.Block{Names: []string{"a"}, X: mat.NewDense(3, 1, []float64{1, 2, 3}), Y: []float64{2, 2, 2}}); err != nil {
		t.Fatal(err)
	}
	if _, err := PearsonFromStats(g, Config{}); !errors.Is(err, featlab.ErrConstant) {
		t.Error(err)
	}
}
