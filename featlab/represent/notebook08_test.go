package represent_test

// The claims of notebook 08-dictionary-learning, recomputed with the
// notebook's data and seeds.

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/synth"
)

func frob2(A, B mat.Matrix) float64 {
	var D mat.Dense
	D.Sub(A, B)
	n := mat.Norm(&D, 2)
	return n * n
}

func mulOf(A, B mat.Matrix) *mat.Dense {
	var P mat.Dense
	P.Mul(A, B)
	return &P
}

// Density < 1% with the full vocabulary; separable (training accuracy 1)
// from 300 words on; with 10 words provably not separable (60 presence
// vectors, carried by 199 documents, occur with both labels); with 30
// words no vector is shared and the least-squares fit stays below 1,
// which decides nothing; 100 words give >= 95% on test.
func TestNotebook08Vocabulary(t *testing.T) {
	docs, labels, err := synth.TokenDocuments(600, synth.TokenDocumentsConfig{Vocabulary: 20000, Signal: 0.1}, 8)
	if err != nil {
		t.Fatal(err)
	}
	var dens, train, test []float64
	for _, n := range []int{10, 30, 100, 300, 1000, 3000, 0} {
		b := represent.BagOfWords{MaxWords: n}
		if err := b.Fit(docs[:400]); err != nil {
			t.Fatal(err)
		}
		Vtr, _ := b.Transform(docs[:400])
		Vte, _ := b.Transform(docs[400:])
		dens = append(dens, meanNonzeros(Vtr)/float64(len(b.Vocabulary)))
		train = append(train, accuracyOf(t, Vtr, Vtr, labels[:400], labels[:400], 1e-6))
		test = append(test, accuracyOf(t, Vtr, Vte, labels[:400], labels[400:], 0.01))
		if n == 10 || n == 30 {
			vectors, docs := conflictingRows(Vtr, labels[:400])
			if want := map[int][2]int{10: {60, 199}, 30: {0, 0}}[n]; vectors != want[0] || docs != want[1] {
				t.Errorf("%d words: %d vectors in both classes (%d documents), want %v", n, vectors, docs, want)
			}
		}
	}
	if dens[6] >= 0.01 || !(train[0] < 1 && train[1] < 1 && train[3] == 1 && train[4] == 1 && train[5] == 1 && train[6] == 1) || test[2] < 0.95 {
		t.Errorf("density %v, train %v, test %v", dens, train, test)
	}
}

// conflictingRows counts the distinct rows of V that occur with both labels
// and the rows that carry them, as the notebook's conflicting does.
func conflictingRows(V *mat.Dense, y []float64) (vectors, docs int) {
	seen := map[string]map[float64]int{}
	m, _ := V.Dims()
	for i := 0; i < m; i++ {
		k := fmt.Sprint(V.RawRowView(i))
		if seen[k] == nil {
			seen[k] = map[float64]int{}
		}
		seen[k][y[i]]++
	}
	for _, byLabel := range seen {
		if len(byLabel) > 1 {
			vectors++
			for _, c := range byLabel {
				docs += c
			}
		}
	}
	return vectors, docs
}

// The recorded objective is the sum of the two terms of 11.15, and
// lambda' = lambda/(2d) gives linear.Lasso the same code.
func TestNotebook08Scalings(t *testing.T) {
	Xtr, _, _, _ := digitsSplit(t)
	X := mat.DenseCopyOf(Xtr.Slice(0, 300, 0, 64))
	lambda := 40.0
	dl, err := represent.LearnDictionary(X, represent.DictionaryLearningConfig{K: 32, Coder: represent.Lasso, Lambda: lambda, MaxIter: 5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	fit := frob2(X, mulOf(dl.Codes, dl.Atoms))
	l1 := 0.0
	for _, v := range dl.Codes.RawMatrix().Data {
		l1 += math.Abs(v)
	}
	if obj := dl.Objective[len(dl.Objective)-1]; math.Abs(fit+lambda*l1-obj) > 1e-6*fit {
		t.Errorf("terms %v + %v != objective %v", fit, lambda*l1, obj)
	}
	x := X.RawRowView(0)
	v, _ := represent.SparseEncode(mat.NewDense(1, 64, x), represent.SparseCodeConfig{Atoms: dl.Atoms, Coder: represent.Lasso, Lambda: lambda, Tol: 1e-12})
	w, _ := linear.Lasso(dl.Atoms.T(), x, linear.LassoConfig{Lambda: lambda / 128, Tol: 1e-12})
	for j, c := range w.Coef {
		if math.Abs(c-v.At(0, j)) > 1e-6 {
			t.Fatalf("coefficient %d: %v vs %v", j, c, v.At(0, j))
		}
	}
}

// Digits, k = 64, s = 6, 20 alternations: no half-step increases the
// objective (on the training split); on all digits K-SVD, approximate
// K-SVD and MOD end within 1% of each other and more than 30% below
// scikit-learn's errors at 6 nonzeros.
func TestNotebook08Updates(t *testing.T) {
	Xtr, _, _, _ := digitsSplit(t)
	dl, err := represent.LearnDictionary(Xtr, represent.DictionaryLearningConfig{K: 64, S: 6, MaxIter: 20, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	prev := dl.Initial
	for i := range dl.Objective {
		if dl.CodingObjective[i] > prev || dl.Objective[i] > dl.CodingObjective[i] {
			t.Fatalf("alternation %d increases the objective", i)
		}
		prev = dl.Objective[i]
	}
	X := datasets.Digits().X
	var errs []float64
	for _, u := range []represent.DictUpdate{represent.KSVD, represent.ApproxKSVD, represent.MOD} {
		dl, err := represent.LearnDictionary(X, represent.DictionaryLearningConfig{K: 64, S: 6, MaxIter: 20, Seed: 1, Update: u})
		if err != nil {
			t.Fatal(err)
		}
		V, _ := dl.Encode(X)
		errs = append(errs, frob2(X, mulOf(V, dl.Atoms)))
	}
	b, err := os.ReadFile("testdata/sklearn_dl.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref map[string]struct {
		Err float64 `json:"omp_error"`
	}
	_ = json.Unmarshal(b, &ref)
	sk, mb := ref["DictionaryLearning"].Err, ref["MiniBatchDictionaryLearning"].Err
	lo, hi := math.Min(errs[0], math.Min(errs[1], errs[2])), math.Max(errs[0], math.Max(errs[1], errs[2]))
	if !(hi < 1.01*lo && hi < 0.7*sk && hi < 0.7*mb) {
		t.Errorf("errors %v, scikit-learn %v, mini-batch %v", errs, sk, mb)
	}
}

// The hand-made K-SVD step on the most used atom after 3 alternations
// equals KSVDAtomStep (tested generally in TestKSVDAtomStepPreservesSupport);
// denoising removes > 40% of the squared error.
func TestNotebook08Denoising(t *testing.T) {
	Xtr, Xte, _, _ := digitsSplit(t)
	dl, _ := represent.LearnDictionary(Xtr, represent.DictionaryLearningConfig{K: 64, S: 6, MaxIter: 20, Seed: 1})
	rng := rand.New(rand.NewPCG(1, 1))
	noisy := mat.DenseCopyOf(Xte)
	for k := range noisy.RawMatrix().Data {
		noisy.RawMatrix().Data[k] += 3 * rng.NormFloat64()
	}
	V, _ := represent.SparseEncode(noisy, represent.SparseCodeConfig{Atoms: dl.Atoms, S: 6})
	if a, b := frob2(noisy, Xte), frob2(mulOf(V, dl.Atoms), Xte); b >= 0.6*a {
		t.Errorf("noisy %v, denoised %v", a, b)
	}
}

// The lowest-objective run of 8 seeds recovers all 20 planted atoms; some
// run does not.
func TestNotebook08Planted(t *testing.T) {
	pl, _ := synth.PlantedDictionary(20, 16, 1000, 3, 0.01, 1)
	bestObj, bestN, worstN := math.Inf(1), 0, 20
	for seed := uint64(1); seed <= 8; seed++ {
		dl, err := represent.LearnDictionary(pl.X, represent.DictionaryLearningConfig{K: 20, S: 3, MaxIter: 50, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for j := 0; j < 20; j++ {
			best := 0.0
			for l := 0; l < 20; l++ {
				best = math.Max(best, math.Abs(mat.Dot(pl.D.RowView(j), dl.Atoms.RowView(l))))
			}
			if best > 0.99 {
				n++
			}
		}
		if obj := dl.Objective[len(dl.Objective)-1]; obj < bestObj {
			bestObj, bestN = obj, n
		}
		worstN = min(worstN, n)
	}
	if bestN != 20 || worstN == 20 {
		t.Errorf("best run recovers %d, worst %d", bestN, worstN)
	}
}

// Training and test errors fall as k grows from 16 to 256 (s = 6).
func TestNotebook08DictionarySize(t *testing.T) {
	Xtr, Xte, _, _ := digitsSplit(t)
	prevTr, prevTe := math.Inf(1), math.Inf(1)
	for _, k := range []int{16, 32, 64, 128, 256} {
		dl, err := represent.LearnDictionary(Xtr, represent.DictionaryLearningConfig{K: k, S: 6, MaxIter: 10, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		tr := dl.Objective[len(dl.Objective)-1]
		te, _ := represent.ReconstructionError(dl, Xte)
		if tr >= prevTr || te >= prevTe {
			t.Errorf("k=%d: train %v (prev %v), test %v (prev %v)", k, tr, prevTr, te, prevTe)
		}
		prevTr, prevTe = tr, te
	}
}
