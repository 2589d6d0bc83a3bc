package filter_test

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
)

// TestNearestNeighborAccuracyGolden compares with scikit-learn's
// leave-one-out 1-NN on range-scaled columns times sqrt(w_j)
// (testdata/nn_loo_sklearn.py).
func TestNearestNeighborAccuracyGolden(t *testing.T) {
	raw, err := os.ReadFile("testdata/nn_loo_sklearn.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden map[string]struct {
		Plain, Ramp, Even float64
		RampW             []float64 `json:"ramp_weights"`
		EvenW             []float64 `json:"even_weights"`
	}
	if err := json.Unmarshal(raw, &golden); err != nil {
		t.Fatal(err)
	}
	sets := map[string]*featlab.Dataset{"wine": datasets.Wine(), "breast_cancer": datasets.BreastCancer()}
	for name, g := range golden {
		ds := sets[name]
		for _, c := range []struct {
			what string
			w    []float64
			want float64
		}{{"plain", nil, g.Plain}, {"ramp", g.RampW, g.Ramp}, {"even", g.EvenW, g.Even}} {
			got, err := filter.NearestNeighborAccuracy(ds.X, ds.Y, filter.NearestNeighborConfig{Weights: c.w})
			if err != nil {
				t.Fatalf("%s %s: %v", name, c.what, err)
			}
			if math.Abs(got-c.want) > 1e-12 {
				t.Errorf("%s %s: accuracy %v, scikit-learn %v", name, c.what, got, c.want)
			}
		}
	}
}

// TestNearestNeighborAccuracyByHand: four points on a line, two classes.
func TestNearestNeighborAccuracyByHand(t *testing.T) {
	// x1 separates the classes, x2 is noise with a larger spread before
	// range scaling (which makes both columns span [0, 1]).
	X := mat.NewDense(4, 2, []float64{
		0, 0,
		1, 100,
		9, 0,
		10, 100,
	})
	y := []float64{0, 0, 1, 1}
	plain, err := filter.NearestNeighborAccuracy(X, y, filter.NearestNeighborConfig{})
	if err != nil {
		t.Fatal(err)
	}
	// Scaled: (0,0), (0.1,1), (0.9,0), (1,1). Nearest of row 0 is row 2
	// (0.81 < 1.01): wrong; row 1 -> row 3 (0.81): wrong; and so on.
	if plain != 0 {
		t.Errorf("plain accuracy %v, want 0", plain)
	}
	only1, err := filter.NearestNeighborAccuracy(X, y, filter.NearestNeighborConfig{Weights: []float64{1, 0}})
	if err != nil || only1 != 1 {
		t.Errorf("with weights (1, 0): %v, %v, want 1", only1, err)
	}
}

func TestNearestNeighborAccuracyErrors(t *testing.T) {
	X := mat.NewDense(3, 2, []float64{0, 1, 2, 3, 4, 5})
	y := []float64{0, 1, 0}
	for _, c := range []struct {
		what string
		w    []float64
		y    []float64
		kind error
	}{
		{"one weight for two columns", []float64{1}, y, featlab.ErrShape},
		{"negative weight", []float64{1, -1}, y, featlab.ErrParam},
		{"NaN weight", []float64{math.NaN(), 1}, y, featlab.ErrParam},
		{"all zero", []float64{0, 0}, y, featlab.ErrParam},
		{"non-integer labels", nil, []float64{0, 0.5, 1}, featlab.ErrLabels},
	} {
		_, err := filter.NearestNeighborAccuracy(X, c.y, filter.NearestNeighborConfig{Weights: c.w})
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: %v, want %v", c.what, err, c.kind)
		}
	}
	if _, err := filter.NearestNeighborAccuracy(mat.NewDense(1, 2, []float64{1, 2}), []float64{0}, filter.NearestNeighborConfig{}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("one row: %v", err)
	}
}

// TestReliefMetricMaximisesMargin checks the metric-learning reading: w has
// unit norm, is 0 where delta <= 0, and <w, delta> >= <u, delta> for every
// non-negative unit u (random ones here).
func TestReliefMetricMaximisesMargin(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		d := 1 + trial%7
		delta := make([]float64, d)
		for j := range delta {
			delta[j] = r.NormFloat64()
		}
		delta[r.IntN(d)] = math.Abs(delta[0]) + 0.1 // at least one positive
		w, err := filter.ReliefMetric(&filter.Scores{Values: delta})
		if err != nil {
			t.Fatal(err)
		}
		if n := floats.Norm(w, 2); math.Abs(n-1) > 1e-12 {
			t.Fatalf("||w|| = %v", n)
		}
		for j := range w {
			if delta[j] <= 0 && w[j] != 0 || w[j] < 0 {
				t.Fatalf("delta %v gave w %v", delta, w)
			}
		}
		best := floats.Dot(w, delta)
		for range 20 {
			u := make([]float64, d)
			for j := range u {
				u[j] = r.Float64()
			}
			floats.Scale(1/floats.Norm(u, 2), u)
			if floats.Dot(u, delta) > best+1e-12 {
				t.Fatalf("u %v beats w %v on delta %v", u, w, delta)
			}
		}
	}
}

func TestReliefMetricErrors(t *testing.T) {
	for _, c := range []struct {
		what string
		s    *filter.Scores
	}{
		{"nil", nil},
		{"no values", &filter.Scores{}},
		{"all negative", &filter.Scores{Values: []float64{-1, 0}}},
		{"NaN", &filter.Scores{Values: []float64{1, math.NaN()}}},
	} {
		if _, err := filter.ReliefMetric(c.s); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%s: %v", c.what, err)
		}
	}
}

// TestNotebook02ReliefMetric: the numbers 02-filters states for wine.
func TestNotebook02ReliefMetric(t *testing.T) {
	ds := datasets.Wine()
	s, err := filter.ReliefFDataset(ds, filter.ReliefConfig{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := filter.ReliefMetric(s)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := filter.NearestNeighborAccuracy(ds.X, ds.Y, filter.NearestNeighborConfig{})
	relief, _ := filter.NearestNeighborAccuracy(ds.X, ds.Y, filter.NearestNeighborConfig{Weights: w})
	if math.Round(plain*178) != 169 || math.Round(relief*178) != 173 {
		t.Errorf("wine 1-NN: %v plain, %v with Relief-F's metric; notebook 169/178 and 173/178", plain*178, relief*178)
	}
}
