package represent

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/persisttest"
	"github.com/featlab/course/featlab/transform"
)

func TestSaveLoadRepresentBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	X := randDense(r, 60, 6)
	Xt := randDense(r, 25, 6)

	pw, err := FitPCA(X, PCAConfig{K: 2, Whiten: true})
	if err != nil {
		t.Fatal(err)
	}
	pwb := persisttest.Reload(t, pw)
	persisttest.SameTransform(t, "PCA whiten", pw, pwb, Xt)
	vw, _ := pw.Encode(Xt)
	dwa, _ := pw.Decode(vw)
	dwb, _ := pwb.Decode(vw)
	if !persisttest.DenseBits(dwa, dwb) {
		t.Fatal("PCA whiten: decode differs")
	}
	pca, err := FitPCA(X, PCAConfig{K: 3})
	if err != nil {
		t.Fatal(err)
	}
	pb := persisttest.Reload(t, pca)
	persisttest.SameTransform(t, "PCA", pca, pb, Xt)
	V, _ := pca.Encode(Xt)
	da, _ := pca.Decode(V)
	db, _ := pb.Decode(V)
	if !mat.Equal(da, db) || !reflect.DeepEqual(pb.ExplainedVarianceRatio, pca.ExplainedVarianceRatio) {
		t.Fatal("PCA: decode or variances differ")
	}

	weights := make([]float64, 60)
	for i := range weights {
		weights[i] = float64(i%5) + 0.5
	}
	for _, cfg := range []KMeansConfig{{K: 4, Seed: 3}, {K: 4, Seed: 3, Encoding: Distances}, {K: 4, Seed: 3, Encoding: Soft}, {K: 3, Seed: 4, Encoding: Soft, SampleWeight: weights, TolZero: true}} {
		km, err := FitKMeans(X, cfg)
		if err != nil {
			t.Fatal(err)
		}
		kb := persisttest.Reload(t, km)
		persisttest.SameTransform(t, "KMeans", km, kb, Xt)
		la, sa, _ := km.Predict(Xt)
		lb, sb, _ := kb.Predict(Xt)
		if !reflect.DeepEqual(la, lb) || !reflect.DeepEqual(sa, sb) {
			t.Fatal("KMeans: Predict differs")
		}
	}

	for _, cfg := range []DictionaryLearningConfig{
		{K: 5, S: 2, Seed: 1, MaxIter: 5},
		{K: 4, Coder: Lasso, Lambda: 0.5, Update: MOD, Seed: 2, MaxIter: 3},
	} {
		dl, err := LearnDictionary(X, cfg)
		if err != nil {
			t.Fatal(err)
		}
		db := persisttest.Reload(t, dl)
		persisttest.SameTransform(t, "DictionaryLearning", dl, db, Xt)
		if !reflect.DeepEqual(db.Objective, dl.Objective) || !mat.Equal(db.Codes, dl.Codes) {
			t.Fatal("DictionaryLearning: objective or codes differ")
		}
		sc := &SparseCode{SparseCodeConfig: SparseCodeConfig{Atoms: dl.Atoms, Coder: cfg.Coder, S: cfg.S, Lambda: cfg.Lambda}}
		if err := sc.Fit(X); err != nil {
			t.Fatal(err)
		}
		persisttest.SameTransform(t, "SparseCode", sc, persisttest.Reload(t, sc), Xt)
	}

	bow := &BagOfWords{Weighting: TermFrequency, Unseen: ErrorUnseen}
	docs := [][]string{{"a", "rose", "is", "a", "rose"}, {"is", "it"}, {"rose", "red"}}
	if err := bow.Fit(docs); err != nil {
		t.Fatal(err)
	}
	bb := persisttest.Reload(t, bow)
	ta, _ := bow.Transform(docs)
	tb, _ := bb.Transform(docs)
	if !mat.Equal(ta, tb) {
		t.Fatal("BagOfWords: transforms differ")
	}
	if _, err := bb.Transform([][]string{{"blue"}}); err == nil {
		t.Fatal("BagOfWords: the loaded Unseen policy is lost")
	}

	// In a pipeline, with the frame columns remembered.
	p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Standardize{}, &KMeans{KMeansConfig: KMeansConfig{K: 3, Seed: 1, Encoding: Distances}}, &transform.MaxAbs{}}}
	if err := p.Fit(X); err != nil {
		t.Fatal(err)
	}
	persisttest.SameTransform(t, "pipeline", p, persisttest.Reload(t, p), Xt)
}

// TestSaveLoadPLSPCRBits: the component paths of PLS (one target and
// two) and PCR predict the same bits, at every number of components,
// after a save and load.
func TestSaveLoadPLSPCRBits(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	X := randDense(r, 40, 5)
	Xt := randDense(r, 10, 5)
	y := make([]float64, 40)
	for i := range y {
		y[i] = X.At(i, 0) - 2*X.At(i, 3) + 0.1*r.NormFloat64()
	}
	Y := randDense(r, 40, 2)
	pls, err := FitPLS(X, y, PLSConfig{Components: 3})
	if err != nil {
		t.Fatal(err)
	}
	pls2, err := FitPLS2(X, Y, PLSConfig{Components: 4})
	if err != nil {
		t.Fatal(err)
	}
	pcr, err := FitPCR(X, y, PCRConfig{Components: 5})
	if err != nil {
		t.Fatal(err)
	}
	paths := []struct {
		name string
		a, b *ComponentPath
	}{
		{"PLS", &pls.ComponentPath, &persisttest.Reload(t, pls).ComponentPath},
		{"PLS2", &pls2.ComponentPath, &persisttest.Reload(t, pls2).ComponentPath},
		{"PCR", &pcr.ComponentPath, &persisttest.Reload(t, pcr).ComponentPath},
		{"path", &pls.ComponentPath, persisttest.Reload(t, &pls.ComponentPath)},
	}
	for _, p := range paths {
		for k := 0; k <= p.a.M; k++ {
			pa, ea := p.a.Predict(Xt, k)
			pb, eb := p.b.Predict(Xt, k)
			if ea != nil || eb != nil || !persisttest.DenseBits(pa, pb) {
				t.Fatalf("%s with %d components: predictions differ (%v, %v)", p.name, k, ea, eb)
			}
		}
	}
}

// TestLoadRepresentBadState: inconsistent states are errors wrapping
// featlab.ErrFormat that say what is wrong.
func TestLoadRepresentBadState(t *testing.T) {
	env := func(kind, state string) string {
		return `{"format": "featlab", "format_version": 1, "kind": "represent.` + kind + `", "kind_version": 1, "state": ` + state + `}`
	}
	conv := `"convergence": {"iterations": 3, "converged": true, "gap": 0, "tol": 0}`
	for _, c := range []struct{ file, says string }{
		{env("PCA", `{"mean": [0, 0], "components": {"rows": 1, "cols": 2, "data": [1]}, "singular_values": [1], "explained_variance": [1], "explained_variance_ratio": [1]}`), "holds 1 values"},
		{env("PCA", `{"mean": [0, 0], "components": {"rows": 1, "cols": 2, "data": [1, 0]}, "singular_values": [], "explained_variance": [], "explained_variance_ratio": []}`), "0 singular values"},
		{env("PCA", `{"mean": [0], "components": {"rows": 1, "cols": 2, "data": [1, 0]}, "singular_values": [1], "explained_variance": [1], "explained_variance_ratio": [1]}`), "PCA mean has 1 values, want 2"},
		{env("PCA", `{"mean": [0, 0], "components": {"rows": 4294967296, "cols": 4294967296, "data": [1, 0]}, "singular_values": [1], "explained_variance": [1], "explained_variance_ratio": [1]}`), "holds 2 values"},
		{env("KMeans", `{"K": 2, "centroids": {"rows": 1, "cols": 2, "data": [1, 0]}, "labels": [0], "inertia": 0, `+conv+`}`), "K = 2 has 1 centroids"},
		{env("KMeans", `{"K": 1, "centroids": {"rows": 1, "cols": 2, "data": [1, 0]}, "labels": [1], "inertia": 0, `+conv+`}`), "labels[0] = 1"},
		{env("KMeans", `{"K": 1, "encoding": 5, "centroids": {"rows": 1, "cols": 2, "data": [1, 0]}, "labels": [0], "inertia": 0, `+conv+`}`), "encoding 5"},
		{env("KMeans", `{"K": 1, "centroids": {"rows": 1, "cols": 2, "data": [1, 0]}, "labels": [0], "inertia": -1, `+conv+`}`), "inertia -1"},
		{env("SparseCode", `{"coder": 0, "rule": 0, "S": 3, "atoms": {"rows": 2, "cols": 2, "data": [1, 0, 0, 1]}}`), "S = 3"},
		{env("SparseCode", `{"coder": 0, "rule": 0, "atoms": {"rows": 2, "cols": 2, "data": [1, 0, 0, 0]}}`), "atom 1"},
		{env("SparseCode", `{"coder": 0, "rule": 4, "atoms": {"rows": 2, "cols": 2, "data": [1, 0, 0, 1]}}`), "rule 4"},
		{env("DictionaryLearning", `{"K": 2, "coder": {"coder": 0, "rule": 0}, "update": 0, "atoms": {"rows": 2, "cols": 2, "data": [1, 0, 0, 1]}, "codes": {"rows": 1, "cols": 3, "data": [0, 0, 0]}, "objective": [], "coding_objective": [], "initial": 0, "replaced": 0, `+conv+`}`), "3 columns for 2 atoms"},
		{env("BagOfWords", `{"weighting": 0, "unseen": 0, "vocabulary": ["b", "a"], "doc_freq": [1, 1]}`), "not sorted"},
		{env("ComponentPath", `{"M": 1, "x_mean": [0], "x_scale": [1], "y_mean": [0], "coefs": [{"rows": 1, "cols": 1, "data": [0]}], "intercepts": [[0]]}`), "1 coefficient matrices"},
		{env("ComponentPath", `{"M": 0, "x_mean": [0], "x_scale": [0], "y_mean": [0], "coefs": [{"rows": 1, "cols": 1, "data": [0]}], "intercepts": [[0]]}`), "x_scale[0] = 0"},
		{env("ComponentPath", `{"M": 0, "x_mean": [0, 1], "x_scale": [1, 1], "y_mean": [0], "coefs": [{"rows": 1, "cols": 1, "data": [0]}], "intercepts": [[0]]}`), "coefs[0] is 1 x 1, want 2 x 1"},
		{env("BagOfWords", `{"weighting": 0, "unseen": 0, "vocabulary": ["a", "b"], "doc_freq": [1]}`), "1 document frequencies"},
	} {
		_, err := featlab.Load(strings.NewReader(c.file))
		if !errors.Is(err, featlab.ErrFormat) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s:\nerror %v, want ErrFormat saying %q", c.file, err, c.says)
		}
	}
}

// TestSavedFields: the saved states cover every field of the saved types
// (Init and Progress of the configs excepted: documented). A new field
// fails here until its type's state saves it.
func TestSavedFields(t *testing.T) {
	persisttest.Fields(t, PCA{}, "PCAConfig", "FrameMemory", "Samples", "Mean", "Components", "SingularValues", "ExplainedVariance", "ExplainedVarianceRatio")
	persisttest.Fields(t, PCAConfig{}, "K", "Whiten")
	persisttest.Fields(t, KMeans{}, "KMeansConfig", "FrameMemory", "Centroids", "Labels", "Inertia", "Restart", "Convergence")
	persisttest.Fields(t, KMeansConfig{}, "K", "Init", "NInit", "MaxIter", "Tol", "TolZero", "SampleWeight", "Algorithm", "Encoding", "Beta", "Seed", "Workers", "Progress")
	persisttest.Fields(t, DictionaryLearning{}, "DictionaryLearningConfig", "FrameMemory", "Atoms", "Codes", "Objective", "CodingObjective", "Initial", "Replaced", "Convergence")
	persisttest.Fields(t, DictionaryLearningConfig{}, "K", "Coder", "S", "Rule", "Lambda", "Update", "MaxIter", "Tol", "Clear", "Init", "Seed", "Workers", "Progress")
	persisttest.Fields(t, SparseCode{}, "SparseCodeConfig", "fitted")
	persisttest.Fields(t, SparseCodeConfig{}, "Atoms", "Coder", "Rule", "S", "Lambda", "Tol", "MaxIter", "Workers", "Progress")
	persisttest.Fields(t, ComponentPath{}, "M", "Names", "XMean", "XScale", "YMean", "Coefs", "Intercepts")
	persisttest.Fields(t, PLSResult{}, "ComponentPath", "Weights", "Loadings", "YLoadings", "Projection", "Scores", "Directions")
	persisttest.Fields(t, PCRResult{}, "ComponentPath", "PCA", "Theta")
	persisttest.Fields(t, BagOfWords{}, "Weighting", "MinDocs", "MaxWords", "Unseen", "Vocabulary", "DocFreq", "index")
}
