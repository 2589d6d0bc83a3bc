package represent_test

// The claims of notebook 07-feature-learning, recomputed with the
// notebook's data and seeds.

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/validate"
)

func digitsSplit(t testing.TB) (Xtr, Xte *mat.Dense, ytr, yte []float64) {
	ds := datasets.Digits()
	tr, te, err := validate.Holdout(len(ds.Y), 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, b := ds.Rows(tr), ds.Rows(te)
	return a.X, b.X, a.Y, b.Y
}

func accuracyOf(t testing.TB, Xtr, Xte mat.Matrix, ytr, yte []float64, lambda float64) float64 {
	p, err := represent.LinearClassifier{Lambda: lambda}.Fit(Xtr, ytr)
	if err != nil {
		t.Fatal(err)
	}
	yh, err := p.Predict(Xte)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := validate.Accuracy(yte, yh)
	return a
}

func meanNonzeros(V *mat.Dense) float64 {
	n := 0
	for _, v := range V.RawMatrix().Data {
		if v != 0 {
			n++
		}
	}
	r, _ := V.Dims()
	return float64(n) / float64(r)
}

// "fewer than 3% of the entries are nonzero"; "a linear predictor on
// presence vectors classifies at least 95% of the test documents".
func TestNotebook07BagOfWords(t *testing.T) {
	docs, labels, err := synth.TokenDocuments(600, synth.TokenDocumentsConfig{}, 7)
	if err != nil {
		t.Fatal(err)
	}
	var b represent.BagOfWords
	if err := b.Fit(docs[:400]); err != nil {
		t.Fatal(err)
	}
	Vtr, _ := b.Transform(docs[:400])
	Vte, _ := b.Transform(docs[400:])
	if d := meanNonzeros(Vtr) / float64(len(b.Vocabulary)); d >= 0.03 {
		t.Errorf("density %v", d)
	}
	if a := accuracyOf(t, Vtr, Vte, labels[:400], labels[400:], 0.01); a < 0.95 {
		t.Errorf("accuracy %v", a)
	}
}

// k = 16: reconstruction error = inertia; at least 9 and fewer than 16
// distinct majority digits.
func TestNotebook07Centroids(t *testing.T) {
	Xtr, _, ytr, _ := digitsSplit(t)
	km, err := represent.FitKMeans(Xtr, represent.KMeansConfig{K: 16, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	e, _ := represent.ReconstructionError(km, Xtr)
	if math.Abs(e-km.Inertia) > 1e-9*e {
		t.Errorf("error %v inertia %v", e, km.Inertia)
	}
	digits := map[float64]bool{}
	for j := 0; j < 16; j++ {
		count := map[float64]int{}
		best := -1.0
		for i, l := range km.Labels {
			if l == j {
				count[ytr[i]]++
				if best < 0 || count[ytr[i]] > count[best] || (count[ytr[i]] == count[best] && ytr[i] < best) {
					best = ytr[i]
				}
			}
		}
		digits[best] = true
	}
	if len(digits) < 9 || len(digits) >= 16 {
		t.Errorf("%d distinct majority digits", len(digits))
	}
}

// Least squares on k-means indicators: each weight is the cluster mean.
func TestNotebook07PiecewiseConstant(t *testing.T) {
	ds, _ := synth.Wave(200, 1)
	km, err := represent.FitKMeans(ds.X, represent.KMeansConfig{K: 8, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	Psi, _ := km.Encode(ds.X)
	md, err := linear.Ridge(Psi, ds.Y, linear.RidgeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 8; j++ {
		s, n := 0.0, 0
		for i, l := range km.Labels {
			if l == j {
				s, n = s+ds.Y[i], n+1
			}
		}
		if math.Abs(md.Coef[j]-s/float64(n)) > 1e-9 {
			t.Errorf("cluster %d: weight %v, mean %v", j, md.Coef[j], s/float64(n))
		}
	}
}

// The sparse-code table: s = 1 <= k-means; error falls with s; the l1
// code at lambda = 1000 uses > 2 atoms yet does worse than s = 2.
func TestNotebook07SparseCodes(t *testing.T) {
	Xtr, _, _, _ := digitsSplit(t)
	km, _ := represent.FitKMeans(Xtr, represent.KMeansConfig{K: 64, Seed: 1})
	errKM, _ := represent.ReconstructionError(km, Xtr)
	prev, err2 := math.Inf(1), 0.0
	for _, s := range []int{1, 2, 4} {
		sc := &represent.SparseCode{SparseCodeConfig: represent.SparseCodeConfig{Atoms: km.Centroids, S: s}}
		if err := sc.Fit(Xtr); err != nil {
			t.Fatal(err)
		}
		e, _ := represent.ReconstructionError(sc, Xtr)
		if e >= prev || (s == 1 && e > errKM) {
			t.Errorf("s=%d: error %v (previous %v, k-means %v)", s, e, prev, errKM)
		}
		if s == 2 {
			err2 = e
		}
		prev = e
	}
	l1 := &represent.SparseCode{SparseCodeConfig: represent.SparseCodeConfig{Atoms: km.Centroids, Coder: represent.Lasso, Lambda: 1000}}
	_ = l1.Fit(Xtr)
	e, _ := represent.ReconstructionError(l1, Xtr)
	V, _ := l1.Encode(Xtr)
	if meanNonzeros(V) <= 2 || e <= err2 {
		t.Errorf("l1: %v nonzeros, error %v vs s=2 %v", meanNonzeros(V), e, err2)
	}
}

// With s = 1 and ||v||_1 = 1 alone the encoder picks -mu_1 for x =
// (-1, -0.2); k-means picks mu_2.
func TestNotebook07UnitL1NeedsNonNegative(t *testing.T) {
	C := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	x := []float64{-1, -0.2}
	best, bj, bs := math.Inf(1), -1, 0.0
	for j := 0; j < 2; j++ {
		for _, sg := range []float64{1, -1} {
			d := 0.0
			for t2, c := range C.RawRowView(j) {
				d += (x[t2] - sg*c) * (x[t2] - sg*c)
			}
			if d < best {
				best, bj, bs = d, j, sg
			}
		}
	}
	km := &represent.KMeans{KMeansConfig: represent.KMeansConfig{K: 2}, Centroids: C}
	lab, _, _ := km.Predict(mat.NewDense(1, 2, x))
	if bj != 0 || bs != -1 || lab[0] != 1 {
		t.Errorf("unit-l1 encoder %+v e_%d, k-means e_%d", bs, bj+1, lab[0]+1)
	}
}

// Test accuracies: indicators > raw; distances, s = 4 and l1 codes >
// indicators; PCA(20) < raw.
func TestNotebook07Accuracy(t *testing.T) {
	Xtr, Xte, ytr, yte := digitsSplit(t)
	km, _ := represent.FitKMeans(Xtr, represent.KMeansConfig{K: 64, Seed: 1})
	pca, _ := represent.FitPCA(Xtr, represent.PCAConfig{K: 20})
	s4 := &represent.SparseCode{SparseCodeConfig: represent.SparseCodeConfig{Atoms: km.Centroids, S: 4}}
	l1 := &represent.SparseCode{SparseCodeConfig: represent.SparseCodeConfig{Atoms: km.Centroids, Coder: represent.Lasso, Lambda: 100}}
	_, _ = s4.Fit(Xtr), l1.Fit(Xtr)
	dist := &represent.KMeans{KMeansConfig: represent.KMeansConfig{K: 64, Encoding: represent.Distances}, Centroids: km.Centroids}
	encs := []func(mat.Matrix) (*mat.Dense, error){
		func(X mat.Matrix) (*mat.Dense, error) { return mat.DenseCopyOf(X), nil },
		km.Encode, dist.Transform, pca.Encode, s4.Encode, l1.Encode,
	}
	acc := make([]float64, len(encs))
	for k, enc := range encs {
		a, err := enc(Xtr)
		if err != nil {
			t.Fatal(err)
		}
		b, err := enc(Xte)
		if err != nil {
			t.Fatal(err)
		}
		acc[k] = accuracyOf(t, a, b, ytr, yte, 1e-4)
	}
	if !(acc[1] > acc[0] && acc[2] > acc[1] && acc[4] > acc[1] && acc[5] > acc[1] && acc[3] < acc[0]) {
		t.Errorf("accuracies %v", acc)
	}
}
