package filter

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// standardize returns X standardized column by column (mean and
// standard deviation with divisor m, scale 1 for a constant column), as
// the golden script's StandardScaler, by its own plain two-pass loop (the
// mean, then the squared deviations from it, row by row) so that the
// golden order's exact k-NN ties do not depend on transform.Standardize's
// summation order; it checks that transform.Standardize agrees to 1e-12.
func standardize(t *testing.T, X mat.Matrix) *mat.Dense {
	m, d := X.Dims()
	Z := mat.NewDense(m, d, nil)
	for j := 0; j < d; j++ {
		var s float64
		for i := 0; i < m; i++ {
			s += X.At(i, j)
		}
		mean := s / float64(m)
		var q float64
		for i := 0; i < m; i++ {
			c := X.At(i, j) - mean
			q += c * c
		}
		sd := math.Sqrt(q / float64(m))
		if sd == 0 {
			sd = 1
		}
		for i := 0; i < m; i++ {
			Z.Set(i, j, (X.At(i, j)-mean)/sd)
		}
	}
	W, err := transform.FitTransform(&transform.Standardize{}, X)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			if a, b := Z.At(i, j), W.At(i, j); math.Abs(a-b) > 1e-12*max(1, math.Abs(a)) {
				t.Fatalf("standardize (%d, %d): %v, transform.Standardize %v", i, j, a, b)
			}
		}
	}
	return Z
}

// TestMRMRGolden compares the order with the reference implementation
// of Peng, Long and Ding's formulas in
// ../importance/testdata/golden_importance.py.
func TestMRMRGolden(t *testing.T) {
	b, err := os.ReadFile("../importance/testdata/golden_importance.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		MRMR []struct {
			Data       string `json:"data"`
			Relevance  string `json:"relevance"`
			Redundancy string `json:"redundancy"`
			Form       string `json:"form"`
			K          int    `json:"k"`
			Order      []int  `json:"order"`
		} `json:"mrmr"`
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.MRMR) == 0 {
		t.Fatal("no mRMR cases in the golden file")
	}
	for _, c := range g.MRMR {
		var ds *featlab.Dataset
		switch c.Data {
		case "breast_cancer":
			ds = datasets.BreastCancer()
		case "diabetes":
			ds = datasets.Diabetes()
		}
		cfg := MRMRConfig{K: c.K, DiscreteTarget: c.Data == "breast_cancer", MI: MIConfig{NoJitter: true, Nats: true}}
		if c.Relevance == "f" {
			cfg.Relevance = MRMRF
		}
		if c.Redundancy == "pearson" {
			cfg.Redundancy = MRMRF
		}
		if c.Form == "miq" {
			cfg.Form = MRMRQuotient
		}
		r, err := MRMR(standardize(t, ds.X), ds.Y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Order, c.Order) {
			t.Errorf("%s %s/%s %s: order %v, reference %v", c.Data, c.Relevance, c.Redundancy, c.Form, r.Order, c.Order)
		}
	}
}

// duplicated returns a regression problem whose most relevant feature x0
// has two exact copies (x1, x2), then two independent relevant features.
func duplicated() (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := 300
	X := mat.NewDense(m, 5, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		a, b, c := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		X.SetRow(i, []float64{a, a, a, b, c})
		y[i] = 3*a + 2*b + 1.5*c + 0.3*rng.NormFloat64()
	}
	return X, y
}

func TestMRMRSkipsCopies(t *testing.T) {
	X, y := duplicated()
	rel, err := FRegression(X, y, Config{})
	if err != nil {
		t.Fatal(err)
	}
	top3, _ := rel.TopK(3)
	if !slices.Equal(top3.Chosen, []int{0, 1, 2}) {
		t.Fatalf("the relevance ranking should take the copies first, took %v", top3.Chosen)
	}
	for _, cfg := range []MRMRConfig{
		{K: 3, Relevance: MRMRF, Redundancy: MRMRF, Form: MRMRQuotient},
		{K: 3},
		{K: 3, Form: MRMRQuotient},
	} {
		r, err := MRMR(X, y, cfg)
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Sorted(slices.Values(r.Order))
		if r.Order[0] != 0 || !slices.Equal(got, []int{0, 3, 4}) {
			t.Errorf("%s: chose %v, want x1 then x4 and x5 (no copy of x1)", r.Method, r.Order)
		}
		s := r.Selection()
		if len(s.History) != 3 || s.Ranking != nil {
			t.Errorf("%s: selection %+v", r.Method, s)
		}
	}
}

// TestMRMRDifferenceOfFScale documents why FCD (F minus mean |r|) needs
// care: F is in the hundreds here and |r| at most 1, so the difference
// form barely penalises redundancy and takes the copies; the quotient
// form (FCQ) does not.
func TestMRMRDifferenceOfFScale(t *testing.T) {
	X, y := duplicated()
	r, err := MRMR(X, y, MRMRConfig{K: 3, Relevance: MRMRF, Redundancy: MRMRF})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Order, []int{0, 1, 2}) {
		t.Errorf("FCD chose %v", r.Order)
	}
}

func TestMRMRWorkersAndSelector(t *testing.T) {
	X, y := duplicated()
	a, err := MRMR(X, y, MRMRConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := MRMRConfig{Workers: 4}.Select(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Order, b.Chosen) || !slices.Equal(a.Order, b.Ranking) {
		t.Errorf("workers 1: %v, workers 4: %v", a.Order, b.Chosen)
	}
	if _, err := MRMR(X, y, MRMRConfig{K: 9}); err == nil {
		t.Error("K = 9 of 5 features accepted")
	}
}
