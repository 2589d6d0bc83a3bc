package represent

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func TestBadInput(t *testing.T) {
	X := mat.NewDense(5, 3, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 1, 0, 1, 0, 1, 1})
	nanX := mat.DenseCopyOf(X)
	nanX.Set(2, 1, math.NaN())
	infX := mat.DenseCopyOf(X)
	infX.Set(4, 0, math.Inf(1))
	var nilX *mat.Dense
	atoms := mat.NewDense(4, 3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1})
	zeroAtom := mat.DenseCopyOf(atoms)
	zeroAtom.SetRow(2, []float64{0, 0, 0})
	cases := []struct {
		name string
		err  error
		kind error
	}{
		{"kmeans k > m", errOf(FitKMeans(X, KMeansConfig{K: 6})), featlab.ErrParam},
		{"kmeans k = 0", errOf(FitKMeans(X, KMeansConfig{})), featlab.ErrParam},
		{"kmeans NaN", errOf(FitKMeans(nanX, KMeansConfig{K: 2})), featlab.ErrNotFinite},
		{"kmeans nil", errOf(FitKMeans(nilX, KMeansConfig{K: 2})), featlab.ErrEmpty},
		{"kmeans Init shape", errOf(FitKMeans(X, KMeansConfig{K: 2, Init: atoms})), featlab.ErrShape},
		{"kmeans Tol NaN", errOf(FitKMeans(X, KMeansConfig{K: 2, Tol: math.NaN()})), featlab.ErrParam},
		{"pca K > d", errOf(FitPCA(X, PCAConfig{K: 4})), featlab.ErrParam},
		{"pca Inf", errOf(FitPCA(infX, PCAConfig{})), featlab.ErrNotFinite},
		{"code s > atoms", errOf(SparseEncode(X, SparseCodeConfig{Atoms: atoms, S: 5})), featlab.ErrParam},
		{"code lambda < 0", errOf(SparseEncode(X, SparseCodeConfig{Atoms: atoms, Coder: Lasso, Lambda: -1})), featlab.ErrParam},
		{"code zero atom", errOf(SparseEncode(X, SparseCodeConfig{Atoms: zeroAtom})), featlab.ErrParam},
		{"code no dictionary", errOf(SparseEncode(X, SparseCodeConfig{})), featlab.ErrEmpty},
		{"code width", errOf(SparseEncode(mat.NewDense(2, 2, nil), SparseCodeConfig{Atoms: atoms})), featlab.ErrShape},
		{"code NaN", errOf(SparseEncode(nanX, SparseCodeConfig{Atoms: atoms})), featlab.ErrNotFinite},
		{"dict K = 0", errOf(LearnDictionary(X, DictionaryLearningConfig{})), featlab.ErrParam},
		{"dict K too large", errOf(LearnDictionary(X, DictionaryLearningConfig{K: 1 << 40})), featlab.ErrTooLarge},
		{"dict s > atoms", errOf(LearnDictionary(X, DictionaryLearningConfig{K: 2, S: 3})), featlab.ErrParam},
		{"dict lambda < 0", errOf(LearnDictionary(X, DictionaryLearningConfig{K: 2, Coder: Lasso, Lambda: -1})), featlab.ErrParam},
		{"dict Init zero atom", errOf(LearnDictionary(X, DictionaryLearningConfig{K: 4, Init: zeroAtom})), featlab.ErrParam},
		{"dict Inf", errOf(LearnDictionary(infX, DictionaryLearningConfig{K: 2})), featlab.ErrNotFinite},
		{"dict unknown update", errOf(LearnDictionary(X, DictionaryLearningConfig{K: 2, Update: 9})), featlab.ErrParam},
		{"bow empty vocabulary", (&BagOfWords{}).Fit([][]string{{}, {}}), featlab.ErrEmpty},
		{"bow no documents", (&BagOfWords{}).Fit(nil), featlab.ErrEmpty},
		{"bow MinDocs too high", (&BagOfWords{MinDocs: 3}).Fit([][]string{{"a"}, {"a", "b"}}), featlab.ErrEmpty},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.kind) {
			t.Errorf("%s: err %v, want %v", c.name, c.err, c.kind)
		}
	}
	// not fitted
	for name, ae := range map[string]AutoEncoder{"kmeans": &KMeans{}, "pca": &PCA{}, "code": &SparseCode{}, "dict": &DictionaryLearning{}} {
		if _, err := ae.Encode(X); !errors.Is(err, featlab.ErrNotFitted) {
			t.Errorf("%s: Encode before Fit: %v", name, err)
		}
		if _, err := ae.Decode(X); !errors.Is(err, featlab.ErrNotFitted) {
			t.Errorf("%s: Decode before Fit: %v", name, err)
		}
	}
	var b BagOfWords
	if _, err := b.Transform([][]string{{"a"}}); !errors.Is(err, featlab.ErrNotFitted) {
		t.Error(err)
	}
	b.Unseen = ErrorUnseen
	_ = b.Fit([][]string{{"a"}})
	if _, err := b.Transform([][]string{{"a", "zz"}}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("unseen word with ErrorUnseen: %v", err)
	}
}

// Zero-norm samples get zero codes; dictionary learning on data with zero
// rows never produces NaN or zero atoms.
func TestZeroSamples(t *testing.T) {
	X := mat.NewDense(6, 3, []float64{0, 0, 0, 1, 2, 3, 0, 0, 0, 3, 1, 0, 0, 0, 0, 0, 0, 0})
	atoms := mat.NewDense(3, 3, []float64{1, 0, 0, 0, 1, 0, 0, 0, 1})
	for _, c := range []Coder{OMP, Lasso} {
		V, err := SparseEncode(X, SparseCodeConfig{Atoms: atoms, Coder: c, S: 2, Lambda: 0.1})
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{0, 2, 4, 5} {
			if mat.Norm(V.RowView(i), 2) != 0 {
				t.Errorf("coder %d: zero sample %d has a nonzero code", c, i)
			}
		}
	}
	// 4 zero rows of 6 and K = 4 atoms: the initial dictionary is filled
	// with seeded directions, none zero or NaN
	for _, u := range []DictUpdate{KSVD, ApproxKSVD, MOD} {
		dl, err := LearnDictionary(X, DictionaryLearningConfig{K: 4, S: 1, Update: u, MaxIter: 4})
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < 4; j++ {
			n := mat.Norm(dl.Atoms.RowView(j), 2)
			if math.IsNaN(n) || math.Abs(n-1) > 1e-12 {
				t.Fatalf("update %d: atom %d norm %v", u, j, n)
			}
		}
	}
	// all-zero data
	Z := mat.NewDense(5, 3, nil)
	dl, err := LearnDictionary(Z, DictionaryLearningConfig{K: 2, S: 1, MaxIter: 3})
	if err != nil || math.IsNaN(dl.Atoms.At(0, 0)) {
		t.Fatalf("all-zero data: %v", err)
	}
	km, err := FitKMeans(Z, KMeansConfig{K: 2})
	if err != nil || km.Inertia != 0 {
		t.Fatalf("k-means on zero data: %v", err)
	}
	if _, err := km.Transform(Z); err != nil {
		t.Fatal(err)
	}
	km.Encoding = Soft
	S, err := km.Transform(Z)
	if err != nil || math.IsNaN(S.At(0, 0)) {
		t.Fatalf("soft codes on zero data: %v %v", err, S)
	}
}

func errOf[T any](_ T, err error) error { return err }

func FuzzSparseEncode(f *testing.F) {
	f.Add(3, 2, 1, 0.5, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, k, s, coder int, lambda float64, data []byte) {
		if len(data) < 4 || k < 1 || k > 8 {
			return
		}
		d := 3
		m := len(data) / d
		if m == 0 {
			return
		}
		X := mat.NewDense(m, d, nil)
		for i := 0; i < m*d; i++ {
			X.RawMatrix().Data[i] = float64(int8(data[i]))
		}
		atoms := mat.NewDense(k, d, nil)
		for j := 0; j < k*d; j++ {
			atoms.RawMatrix().Data[j] = float64(int8(data[(j*7)%len(data)]))
		}
		V, err := SparseEncode(X, SparseCodeConfig{Atoms: atoms, S: s, Coder: Coder(coder & 1), Lambda: lambda})
		if err != nil {
			return
		}
		for _, v := range V.RawMatrix().Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("non-finite code %v", v)
			}
		}
	})
}

func FuzzLearnDictionary(f *testing.F) {
	f.Add(2, 1, 0, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0})
	f.Fuzz(func(t *testing.T, k, s, update int, data []byte) {
		d := 3
		m := len(data) / d
		if m == 0 || m > 30 {
			return
		}
		X := mat.NewDense(m, d, nil)
		for i := 0; i < m*d; i++ {
			X.RawMatrix().Data[i] = float64(int8(data[i]))
		}
		dl, err := LearnDictionary(X, DictionaryLearningConfig{K: k, S: s, Update: DictUpdate(update), MaxIter: 3})
		if err != nil {
			return
		}
		for _, v := range dl.Atoms.RawMatrix().Data {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("non-finite atom entry %v", v)
			}
		}
		for j := 0; j < k; j++ {
			if n := mat.Norm(dl.Atoms.RowView(j), 2); math.Abs(n-1) > 1e-9 {
				t.Fatalf("atom %d norm %v", j, n)
			}
		}
	})
}

func FuzzBagOfWords(f *testing.F) {
	f.Add("the cat sat|the dog||", "cat bird", 0, 0)
	f.Fuzz(func(t *testing.T, train, test string, weighting, maxWords int) {
		split := func(s string) [][]string {
			var docs [][]string
			for _, d := range strings.Split(s, "|") {
				docs = append(docs, strings.Fields(d))
			}
			return docs
		}
		b := &BagOfWords{Weighting: Weighting(weighting), MaxWords: maxWords}
		if err := b.Fit(split(train)); err != nil {
			return
		}
		V, err := b.Transform(split(test))
		if err != nil {
			return
		}
		for _, v := range V.RawMatrix().Data {
			if math.IsNaN(v) || v < 0 {
				t.Fatalf("entry %v", v)
			}
		}
		if _, err := b.Decode(V); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzKMeansPCA(f *testing.F) {
	f.Add(2, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Fuzz(func(t *testing.T, k int, data []byte) {
		d := 2
		m := len(data) / d
		if m == 0 || m > 40 {
			return
		}
		X := mat.NewDense(m, d, nil)
		for i := 0; i < m*d; i++ {
			X.RawMatrix().Data[i] = float64(int8(data[i]))
		}
		if km, err := FitKMeans(X, KMeansConfig{K: k, NInit: 2}); err == nil {
			if math.IsNaN(km.Inertia) || km.Inertia < 0 {
				t.Fatalf("inertia %v", km.Inertia)
			}
			for _, v := range km.Centroids.RawMatrix().Data {
				if math.IsNaN(v) {
					t.Fatal("NaN centroid")
				}
			}
		}
		if p, err := FitPCA(X, PCAConfig{K: k}); err == nil {
			if e, err := ReconstructionError(p, X); err != nil || math.IsNaN(e) {
				t.Fatalf("PCA error %v %v", e, err)
			}
		}
	})
}
