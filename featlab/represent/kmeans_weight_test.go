package represent

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// TestKMeansSampleWeightSklearn: weighted k-means from given centres
// (Lloyd, Hamerly and Elkan; tol 0 through TolZero and 1e-4) gives
// scikit-learn 1.2.1's centres, labels, inertia and iteration count
// (testdata/sklearn_kmeans_weighted.py), including an empty cluster
// relocated to the farthest point and rows of weight 0. scikit-learn has
// no Hamerly iteration: it is compared with lloyd's numbers.
func TestKMeansSampleWeightSklearn(t *testing.T) {
	var g struct {
		X     [][]float64 `json:"X"`
		Cases []struct {
			Name, Algorithm string
			Tol             float64
			Weights         []float64
			Init, Centres   [][]float64
			Labels          []int
			Inertia         float64
			NIter           int `json:"n_iter"`
		} `json:"cases"`
	}
	readTestJSON(t, "sklearn_kmeans_weighted.json", &g)
	X := dense(g.X)
	for _, c := range g.Cases {
		algs := map[string][]KMeansAlgorithm{"lloyd": {Lloyd, Hamerly}, "elkan": {Elkan}}[c.Algorithm]
		for _, alg := range algs {
			cfg := KMeansConfig{K: len(c.Init), Init: dense(c.Init), Algorithm: alg, SampleWeight: c.Weights, Tol: c.Tol, TolZero: c.Tol == 0}
			km, err := FitKMeans(X, cfg)
			if err != nil {
				t.Fatal(err)
			}
			what := c.Name + " " + c.Algorithm
			if alg == Hamerly {
				what += " (Hamerly)"
			}
			if !mat.EqualApprox(km.Centroids, dense(c.Centres), 1e-10) {
				t.Errorf("%s tol %v: centres\n%v\nscikit-learn\n%v", what, c.Tol, mat.Formatted(km.Centroids), c.Centres)
			}
			if math.Abs(km.Inertia-c.Inertia) > 1e-10*c.Inertia {
				t.Errorf("%s tol %v: inertia %.17g, scikit-learn %.17g", what, c.Tol, km.Inertia, c.Inertia)
			}
			for i, l := range c.Labels {
				if km.Labels[i] != l {
					t.Errorf("%s tol %v: label %d is %d, scikit-learn %d", what, c.Tol, i, km.Labels[i], l)
					break
				}
			}
			if km.Iterations != c.NIter {
				t.Errorf("%s tol %v: %d iterations, scikit-learn %d", what, c.Tol, km.Iterations, c.NIter)
			}
		}
	}
}

// TestKMeansIntegerWeightsAreRepeatedRows: a row of integer weight w fits
// as w copies of the row (weight 0: as the row left out), from the same
// starting centres, for every algorithm: same centroids and inertia. Tol
// is 0 (TolZero), since the default tolerance scales with the unweighted
// variance of X, which copies change.
func TestKMeansIntegerWeightsAreRepeatedRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 20; trial++ {
		m, d := 10+rng.IntN(40), 1+rng.IntN(6)
		k := 1 + rng.IntN(5)
		x := make([]float64, m*d)
		for i := range x {
			x[i] = rng.NormFloat64() + float64(4*(i/d%3))
		}
		w := make([]float64, m)
		var rep []float64
		for i := range w {
			w[i] = float64(rng.IntN(4))
			for c := 0; c < int(w[i]); c++ {
				rep = append(rep, x[i*d:(i+1)*d]...)
			}
		}
		w[0]++
		rep = append(rep, x[:d]...)
		// distinct starting centres (rows of positive weight), so that
		// no cluster starts empty: the relocation of an empty cluster
		// moves one copy of a repeated row, but the whole weighted row
		var ic []float64
		for i := 0; i < m && len(ic) < k*d; i++ {
			if w[i] > 0 {
				ic = append(ic, x[i*d:(i+1)*d]...)
			}
		}
		if len(ic) < k*d {
			continue
		}
		init := mat.NewDense(k, d, ic)
		X := mat.NewDense(m, d, x)
		R := mat.NewDense(len(rep)/d, d, rep)
		for _, alg := range []KMeansAlgorithm{Lloyd, Hamerly, Elkan} {
			for _, tz := range []bool{true} {
				a, err := FitKMeans(X, KMeansConfig{K: k, Init: init, Algorithm: alg, SampleWeight: w, TolZero: tz})
				if err != nil {
					t.Fatal(err)
				}
				b, err := FitKMeans(R, KMeansConfig{K: k, Init: init, Algorithm: alg, TolZero: tz})
				if err != nil {
					t.Fatal(err)
				}
				if !mat.EqualApprox(a.Centroids, b.Centroids, 1e-9) || math.Abs(a.Inertia-b.Inertia) > 1e-9*(1+b.Inertia) {
					t.Fatalf("trial %d alg %v TolZero %v: weighted inertia %v, repeated rows %v\n%v\n%v", trial, alg, tz, a.Inertia, b.Inertia,
						mat.Formatted(a.Centroids), mat.Formatted(b.Centroids))
				}
			}
		}
	}
}

// TestKMeansUnitWeightsUnchanged: weights all 1 give the unweighted fit
// bit for bit, and weighted k-means++ never seeds on a row of weight 0.
func TestKMeansUnitWeightsUnchanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m, d := 200, 5
	x := make([]float64, m*d)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	X := mat.NewDense(m, d, x)
	ones := make([]float64, m)
	for i := range ones {
		ones[i] = 1
	}
	a, err := FitKMeans(X, KMeansConfig{K: 6, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	w := make([]float64, m)
	for i := 0; i < m; i += 2 {
		w[i] = 1
	}
	b, err := FitKMeans(X, KMeansConfig{K: 6, Seed: 3, SampleWeight: ones})
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a.Centroids, b.Centroids) || a.Inertia != b.Inertia {
		t.Errorf("unit weights: inertia %v, unweighted %v", b.Inertia, a.Inertia)
	}
	// Seeding only: with MaxIter 1 the centroids are means of the
	// clusters of the seeds; check the seeds directly.
	for s := uint64(0); s < 20; s++ {
		sd := kmeansPP(x, w, nil, m, d, 6, rand.New(rand.NewPCG(s, 1)), false)
		for j := 0; j < 6; j++ {
			found := false
			for i := 0; i < m; i += 2 {
				if mat.Equal(mat.NewVecDense(d, sd.c[j*d:(j+1)*d]), mat.NewVecDense(d, x[i*d:(i+1)*d])) {
					found = true
				}
			}
			if !found {
				t.Fatalf("seed %d: centre %d is a row of weight 0", s, j)
			}
		}
	}
}

// TestKMeansSampleWeightErrors: sentinels of bad weights and of Tol with
// TolZero.
func TestKMeansSampleWeightErrors(t *testing.T) {
	X := mat.NewDense(3, 1, []float64{1, 2, 3})
	for _, c := range []struct {
		cfg  KMeansConfig
		want error
	}{
		{KMeansConfig{K: 1, SampleWeight: []float64{1, 1}}, featlab.ErrShape},
		{KMeansConfig{K: 1, SampleWeight: []float64{1, -1, 1}}, featlab.ErrParam},
		{KMeansConfig{K: 1, SampleWeight: []float64{0, 0, 0}}, featlab.ErrParam},
		{KMeansConfig{K: 1, SampleWeight: []float64{1, math.NaN(), 1}}, featlab.ErrNotFinite},
		{KMeansConfig{K: 1, SampleWeight: []float64{1, math.Inf(1), 1}}, featlab.ErrNotFinite},
		{KMeansConfig{K: 1, SampleWeight: []float64{math.MaxFloat64, math.MaxFloat64, 1}}, featlab.ErrNotFinite},
		{KMeansConfig{K: 1, TolZero: true, Tol: 1e-4}, featlab.ErrParam},
	} {
		if _, err := FitKMeans(X, c.cfg); !errors.Is(err, c.want) {
			t.Errorf("%+v: %v, want %v", c.cfg, err, c.want)
		}
	}
}

// readTestJSON decodes testdata/name (written by a script in testdata/)
// into v.
func readTestJSON(t *testing.T, name string, v any) {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

// dense returns the rows r as a matrix.
func dense(r [][]float64) *mat.Dense {
	A := mat.NewDense(len(r), len(r[0]), nil)
	for i, row := range r {
		A.SetRow(i, row)
	}
	return A
}
