package represent

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/greedy"
)

// golden holds the numbers written by testdata/golden.py (scikit-learn 1.2).
type golden struct {
	PCA struct {
		Components        [][]float64 `json:"components"`
		ExplainedVariance []float64   `json:"explained_variance"`
		Mean              []float64   `json:"mean"`
	} `json:"pca"`
	KMeans10 goldenKMeans `json:"kmeans10"`
	KMeans64 goldenKMeans `json:"kmeans64"`
	Sparse   struct {
		D      [][]float64 `json:"D"`
		Y      [][]float64 `json:"Y"`
		S      int         `json:"s"`
		OMP    [][]float64 `json:"omp"`
		Lambda float64     `json:"lambda"`
		Lasso  [][]float64 `json:"lasso"`
	} `json:"sparse"`
	BoW struct {
		Docs        [][]string  `json:"docs"`
		Test        [][]string  `json:"test"`
		Vocabulary  []string    `json:"vocabulary"`
		BinaryTrain [][]float64 `json:"binary_train"`
		BinaryTest  [][]float64 `json:"binary_test"`
		CountsTest  [][]float64 `json:"counts_test"`
	} `json:"bow"`
}

type goldenKMeans struct {
	InitRows []int       `json:"init_rows"`
	Labels   []int       `json:"labels"`
	Centers  [][]float64 `json:"centers"`
	Inertia  float64     `json:"inertia"`
}

func loadGolden(t testing.TB) *golden {
	t.Helper()
	b, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

func fromRows(rows [][]float64) *mat.Dense {
	m, d := len(rows), len(rows[0])
	out := mat.NewDense(m, d, nil)
	for i, r := range rows {
		out.SetRow(i, r)
	}
	return out
}

func maxAbsDiff(a mat.Matrix, b [][]float64) float64 {
	worst := 0.0
	for i := range b {
		for j := range b[i] {
			worst = max(worst, math.Abs(a.At(i, j)-b[i][j]))
		}
	}
	return worst
}

func TestGoldenPCA(t *testing.T) {
	g := loadGolden(t)
	X := datasets.Digits().X
	p, err := FitPCA(X, PCAConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for j, v := range g.PCA.ExplainedVariance {
		if math.Abs(p.ExplainedVariance[j]-v) > 1e-8*max(1, v) {
			t.Errorf("explained variance %d: %v, scikit-learn %v", j, p.ExplainedVariance[j], v)
		}
	}
	for j, v := range g.PCA.Mean {
		if math.Abs(p.Mean[j]-v) > 1e-12 {
			t.Errorf("mean %d: %v, scikit-learn %v", j, p.Mean[j], v)
		}
	}
	// components up to sign (the first 20 have distinct eigenvalues)
	for j, c := range g.PCA.Components {
		sign := 1.0
		if mat.Dot(p.Components.RowView(j), mat.NewVecDense(len(c), c)) < 0 {
			sign = -1
		}
		for t2, v := range c {
			if d := math.Abs(sign*p.Components.At(j, t2) - v); d > 1e-8 {
				t.Fatalf("component %d entry %d: %v, scikit-learn %v", j, t2, sign*p.Components.At(j, t2), v)
			}
		}
	}
}

func TestGoldenKMeans(t *testing.T) {
	g := loadGolden(t)
	X := datasets.Digits().X
	for _, gk := range []goldenKMeans{g.KMeans10, g.KMeans64} {
		k := len(gk.Centers)
		init := mat.NewDense(k, 64, nil)
		for r, i := range gk.InitRows {
			init.SetRow(r, X.RawRowView(i))
		}
		for _, alg := range []KMeansAlgorithm{Lloyd, Hamerly, Elkan} {
			km, err := FitKMeans(X, KMeansConfig{K: k, Init: init, Algorithm: alg})
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range gk.Labels {
				if km.Labels[i] != l {
					t.Fatalf("k=%d alg %d: label of row %d is %d, scikit-learn %d", k, alg, i, km.Labels[i], l)
				}
			}
			if d := maxAbsDiff(km.Centroids, gk.Centers); d > 1e-9 {
				t.Errorf("k=%d alg %d: centres differ from scikit-learn by %g", k, alg, d)
			}
			if math.Abs(km.Inertia-gk.Inertia) > 1e-9*gk.Inertia {
				t.Errorf("k=%d alg %d: inertia %v, scikit-learn %v", k, alg, km.Inertia, gk.Inertia)
			}
		}
	}
}

func TestGoldenSparseCodes(t *testing.T) {
	g := loadGolden(t)
	D, Y := fromRows(g.Sparse.D), fromRows(g.Sparse.Y)
	V, err := SparseEncode(Y, SparseCodeConfig{Atoms: D, S: g.Sparse.S, Rule: greedy.Correlation, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if d := maxAbsDiff(V, g.Sparse.OMP); d > 1e-8 {
		t.Errorf("OMP codes differ from scikit-learn's orthogonal_mp by %g", d)
	}
	L, err := SparseEncode(Y, SparseCodeConfig{Atoms: D, Coder: Lasso, Lambda: g.Sparse.Lambda, Tol: 1e-14, MaxIter: 100000})
	if err != nil {
		t.Fatal(err)
	}
	if d := maxAbsDiff(L, g.Sparse.Lasso); d > 1e-8 {
		t.Errorf("lasso codes differ from scikit-learn's Lasso(alpha=lambda/(2d)) by %g", d)
	}
}

func TestGoldenBagOfWords(t *testing.T) {
	g := loadGolden(t)
	var b BagOfWords
	if err := b.Fit(g.BoW.Docs); err != nil {
		t.Fatal(err)
	}
	if len(b.Vocabulary) != len(g.BoW.Vocabulary) {
		t.Fatalf("vocabulary %q, scikit-learn %q", b.Vocabulary, g.BoW.Vocabulary)
	}
	for j, w := range g.BoW.Vocabulary {
		if b.Vocabulary[j] != w {
			t.Fatalf("vocabulary %q, scikit-learn %q", b.Vocabulary, g.BoW.Vocabulary)
		}
	}
	for _, c := range []struct {
		w    Weighting
		docs [][]string
		want [][]float64
	}{{Presence, g.BoW.Docs, g.BoW.BinaryTrain}, {Presence, g.BoW.Test, g.BoW.BinaryTest}, {Counts, g.BoW.Test, g.BoW.CountsTest}} {
		b.Weighting = c.w
		V, err := b.Transform(c.docs)
		if err != nil {
			t.Fatal(err)
		}
		if d := maxAbsDiff(V, c.want); d != 0 {
			t.Errorf("weighting %d: vectors differ from CountVectorizer", c.w)
		}
	}
}
