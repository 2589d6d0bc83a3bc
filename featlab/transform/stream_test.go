package transform

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

func TestStandardizeFitMomentsExact(t *testing.T) {
	const m, d = 200, 5
	rng := rand.New(rand.NewPCG(41, 1))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64()*float64(j+1)+float64(j)*1e5)
		}
		X.Set(i, 2, 0.1) // constant
	}
	for _, sample := range []bool{false, true} {
		want := &Standardize{Sample: sample}
		if err := want.Fit(X); err != nil {
			t.Fatal(err)
		}
		wt, _ := want.Transform(X)
		acc := func() stream.Accumulator { a, _ := stream.NewMoments(d, false); return a }
		for how, a := range streamtest.Accumulations(t, X, nil, acc) {
			got := &Standardize{Sample: sample}
			if err := got.FitMoments(a.(*stream.Moments)); err != nil {
				t.Fatal(err)
			}
			for j := 0; j < d; j++ {
				for _, p := range [][2]float64{{got.Mean()[j], want.Mean()[j]}, {got.Scale()[j], want.Scale()[j]}} {
					if math.Abs(p[0]-p[1]) > 1e-10*math.Max(1, math.Abs(p[1])) {
						t.Errorf("sample %v %s: feature %d: %v, in memory %v", sample, how, j, p[0], p[1])
					}
				}
			}
			gt, err := got.Transform(X)
			if err != nil {
				t.Fatal(err)
			}
			if !mat.EqualApprox(gt, wt, 1e-9) {
				t.Errorf("sample %v %s: transforms differ", sample, how)
			}
		}
	}
}

func TestStandardizeFitMomentsErrors(t *testing.T) {
	var s Standardize
	if err := s.FitMoments(nil); !errors.Is(err, featlab.ErrParam) {
		t.Error(err)
	}
	m, _ := stream.NewMoments(2, false)
	if err := s.FitMoments(m); !errors.Is(err, featlab.ErrEmpty) {
		t.Error(err)
	}
}
