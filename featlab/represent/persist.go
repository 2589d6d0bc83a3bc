// # Saving and loading
//
// The fitted representations of this package are saved and loaded with
// featlab.Save and featlab.Load (kinds "represent.PCA", "represent.KMeans",
// "represent.DictionaryLearning", "represent.SparseCode",
// "represent.BagOfWords"). What they learned and the settings that
// Transform uses are kept, with the data frame columns of a FitFrame; the
// settings that only a refit uses are kept too, except Init and Progress
// (a starting point and a callback: set them again before a refit). A
// loaded value encodes the same bits as the saved one.
package represent

import (
	"encoding/json"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
)

func init() {
	featlab.RegisterKind("represent.PCA", 1, savePCA, loadPCA)
	featlab.RegisterKind("represent.KMeans", 1, saveKMeans, loadKMeans)
	featlab.RegisterKind("represent.DictionaryLearning", 1, saveDictionary, loadDictionary)
	featlab.RegisterKind("represent.SparseCode", 1, saveSparseCode, loadSparseCode)
	featlab.RegisterKind("represent.BagOfWords", 1, saveBagOfWords, loadBagOfWords)
	featlab.RegisterKind("represent.ComponentPath", 1, saveComponentPath, loadComponentPath)
	featlab.RegisterKind("represent.PLSResult", 1, savePLS, loadPLS)
	featlab.RegisterKind("represent.PCRResult", 1, savePCR, loadPCR)
}

func notFitted(who string) error {
	return featlab.Errorf(featlab.ErrNotFitted, "represent: %s: save called before Fit", who)
}

// checkFrameColumns checks the frame columns of a loaded value fitted on d
// columns.
func checkFrameColumns(cols []string, d int) error {
	if cols != nil && len(cols) != d {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d frame columns for %d fitted columns", len(cols), d)
	}
	return nil
}

type pcaState struct {
	K                      int                `json:"K,omitempty"`
	Whiten                 bool               `json:"whiten,omitempty"`
	Samples                int                `json:"samples"`
	FrameColumns           []string           `json:"frame_columns,omitempty"`
	Mean                   []float64          `json:"mean"`
	Components             *featlab.Matrix    `json:"components"`
	SingularValues         featlab.JSONFloats `json:"singular_values"`
	ExplainedVariance      featlab.JSONFloats `json:"explained_variance"`
	ExplainedVarianceRatio featlab.JSONFloats `json:"explained_variance_ratio"`
}

func savePCA(p *PCA) (any, error) {
	if p.Components == nil {
		return nil, notFitted("PCA")
	}
	return pcaState{p.K, p.Whiten, p.Samples, p.FrameColumns(), p.Mean, featlab.NewMatrix(p.Components), p.SingularValues, p.ExplainedVariance, p.ExplainedVarianceRatio}, nil
}

func loadPCA(_ int, data json.RawMessage) (*PCA, error) {
	var st pcaState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	W, err := st.Components.Dense("PCA components")
	if err != nil {
		return nil, err
	}
	k, d := W.Dims()
	if err := featlab.CheckFinite("PCA mean", st.Mean, d); err != nil {
		return nil, err
	}
	if err := checkFrameColumns(st.FrameColumns, d); err != nil {
		return nil, err
	}
	n := len(st.SingularValues)
	if n < k || len(st.ExplainedVariance) != n || len(st.ExplainedVarianceRatio) != n || (st.K != 0 && st.K != k) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: PCA with %d components (K = %d) has %d singular values, %d variances and %d ratios",
			k, st.K, n, len(st.ExplainedVariance), len(st.ExplainedVarianceRatio))
	}
	if st.Samples < 1 || (st.Whiten && st.Samples < 2) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: PCA fitted on %d samples (whiten %v)", st.Samples, st.Whiten)
	}
	if st.Whiten {
		for j, v := range st.ExplainedVariance[:k] {
			if !(v > 0) || math.IsInf(v, 0) {
				return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: PCA whitens component %d of variance %v", j+1, v)
			}
		}
	}
	p := &PCA{PCAConfig: PCAConfig{K: st.K, Whiten: st.Whiten}, Samples: st.Samples, Mean: st.Mean, Components: W,
		SingularValues: st.SingularValues, ExplainedVariance: st.ExplainedVariance, ExplainedVarianceRatio: st.ExplainedVarianceRatio}
	p.SetFrameColumns(st.FrameColumns)
	return p, nil
}

type kmeansState struct {
	K            int                      `json:"K"`
	NInit        int                      `json:"n_init,omitempty"`
	MaxIter      int                      `json:"max_iter,omitempty"`
	Tol          float64                  `json:"tol,omitempty"`
	TolZero      bool                     `json:"tol_zero,omitempty"`
	SampleWeight featlab.JSONFloats       `json:"sample_weight,omitempty"`
	Algorithm    int                      `json:"algorithm,omitempty"`
	Encoding     int                      `json:"encoding,omitempty"`
	Beta         float64                  `json:"beta,omitempty"`
	Seed         uint64                   `json:"seed,omitempty"`
	Workers      int                      `json:"workers,omitempty"`
	FrameColumns []string                 `json:"frame_columns,omitempty"`
	Centroids    *featlab.Matrix          `json:"centroids"`
	Labels       []int                    `json:"labels"`
	Inertia      float64                  `json:"inertia"`
	Restart      int                      `json:"restart,omitempty"`
	Convergence  featlab.ConvergenceState `json:"convergence"`
}

func saveKMeans(km *KMeans) (any, error) {
	if km.Centroids == nil {
		return nil, notFitted("KMeans")
	}
	c := km.KMeansConfig
	return kmeansState{c.K, c.NInit, c.MaxIter, c.Tol, c.TolZero, c.SampleWeight, int(c.Algorithm), int(c.Encoding), c.Beta, c.Seed, c.Workers,
		km.FrameColumns(), featlab.NewMatrix(km.Centroids), km.Labels, km.Inertia, km.Restart, featlab.NewConvergenceState(km.Convergence)}, nil
}

func loadKMeans(_ int, data json.RawMessage) (*KMeans, error) {
	var st kmeansState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	C, err := st.Centroids.Dense("KMeans centroids")
	if err != nil {
		return nil, err
	}
	k, d := C.Dims()
	if st.K != k {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: KMeans with K = %d has %d centroids", st.K, k)
	}
	if err := checkFrameColumns(st.FrameColumns, d); err != nil {
		return nil, err
	}
	if err := featlab.CheckIndices("KMeans labels", st.Labels, k); err != nil {
		return nil, err
	}
	if len(st.Labels) == 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: KMeans has no training labels")
	}
	if !(st.Inertia >= 0) || math.IsInf(st.Inertia, 0) || !(st.Beta >= 0) || math.IsInf(st.Beta, 0) || !(st.Tol >= 0) || math.IsInf(st.Tol, 0) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: KMeans inertia %v, beta %v, tol %v must be finite and >= 0", st.Inertia, st.Beta, st.Tol)
	}
	if e := Encoding(st.Encoding); e < Hard || e > Soft {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown KMeans encoding %d", st.Encoding)
	}
	if a := KMeansAlgorithm(st.Algorithm); a < Auto || a > Lloyd {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown KMeans algorithm %d", st.Algorithm)
	}
	if st.SampleWeight != nil {
		if err := featlab.CheckFinite("KMeans sample weights", st.SampleWeight, len(st.Labels)); err != nil {
			return nil, err
		}
		for i, w := range st.SampleWeight {
			if w < 0 {
				return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: KMeans sample weight %d is %v", i, w)
			}
		}
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	km := &KMeans{
		KMeansConfig: KMeansConfig{K: st.K, NInit: st.NInit, MaxIter: st.MaxIter, Tol: st.Tol, TolZero: st.TolZero, SampleWeight: st.SampleWeight, Algorithm: KMeansAlgorithm(st.Algorithm),
			Encoding: Encoding(st.Encoding), Beta: st.Beta, Seed: st.Seed, Workers: st.Workers},
		Centroids: C, Labels: st.Labels, Inertia: st.Inertia, Restart: st.Restart, Convergence: conv,
	}
	km.SetFrameColumns(st.FrameColumns)
	return km, nil
}

// coderState is the part of a sparse coder's settings that Encode uses.
type coderState struct {
	Coder   int     `json:"coder"`
	Rule    int     `json:"rule"`
	S       int     `json:"S,omitempty"`
	Lambda  float64 `json:"lambda,omitempty"`
	Workers int     `json:"workers,omitempty"`
}

// check checks a loaded coder against its k x d dictionary.
func (c coderState) check(k, d int, tol float64, maxIter int) error {
	if r := greedy.Rule(c.Rule); r != greedy.Exact && r != greedy.Correlation {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: unknown OMP rule %d", c.Rule)
	}
	_, err := SparseCodeConfig{Coder: Coder(c.Coder), S: c.S, Lambda: c.Lambda, Tol: tol, MaxIter: maxIter}.sparsity(k, d)
	return err
}

// atoms checks a loaded dictionary: finite, no zero atom.
func atoms(m *featlab.Matrix, what string) (*mat.Dense, error) {
	D, err := m.Dense(what)
	if err != nil {
		return nil, err
	}
	if _, _, err := checkAtoms(D); err != nil {
		return nil, err
	}
	return D, nil
}

type dictionaryState struct {
	K               int                      `json:"K"`
	Coder           coderState               `json:"coder"`
	Update          int                      `json:"update"`
	MaxIter         int                      `json:"max_iter,omitempty"`
	Tol             float64                  `json:"tol,omitempty"`
	Clear           bool                     `json:"clear,omitempty"`
	Seed            uint64                   `json:"seed,omitempty"`
	FrameColumns    []string                 `json:"frame_columns,omitempty"`
	Atoms           *featlab.Matrix          `json:"atoms"`
	Codes           *featlab.Matrix          `json:"codes,omitempty"`
	Objective       featlab.JSONFloats       `json:"objective"`
	CodingObjective featlab.JSONFloats       `json:"coding_objective"`
	Initial         featlab.JSONFloat        `json:"initial"`
	Replaced        int                      `json:"replaced"`
	Convergence     featlab.ConvergenceState `json:"convergence"`
}

func saveDictionary(dl *DictionaryLearning) (any, error) {
	if dl.Atoms == nil {
		return nil, notFitted("DictionaryLearning")
	}
	c := dl.DictionaryLearningConfig
	return dictionaryState{c.K, coderState{int(c.Coder), int(c.Rule), c.S, c.Lambda, c.Workers}, int(c.Update), c.MaxIter, c.Tol, c.Clear, c.Seed,
		dl.FrameColumns(), featlab.NewMatrix(dl.Atoms), featlab.NewMatrix(dl.Codes), dl.Objective, dl.CodingObjective,
		featlab.JSONFloat(dl.Initial), dl.Replaced, featlab.NewConvergenceState(dl.Convergence)}, nil
}

func loadDictionary(_ int, data json.RawMessage) (*DictionaryLearning, error) {
	var st dictionaryState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	D, err := atoms(st.Atoms, "DictionaryLearning atoms")
	if err != nil {
		return nil, err
	}
	k, d := D.Dims()
	if st.K != k {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: DictionaryLearning with K = %d has %d atoms", st.K, k)
	}
	if err := st.Coder.check(k, d, 0, 0); err != nil {
		return nil, err
	}
	if u := DictUpdate(st.Update); u < KSVD || u > MOD || st.MaxIter < 0 || !(st.Tol >= 0) || math.IsInf(st.Tol, 0) || st.Replaced < 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: DictionaryLearning update %d, max_iter %d, tol %v, replaced %d", st.Update, st.MaxIter, st.Tol, st.Replaced)
	}
	if err := checkFrameColumns(st.FrameColumns, d); err != nil {
		return nil, err
	}
	var V *mat.Dense
	if st.Codes != nil {
		if V, err = st.Codes.Dense("DictionaryLearning codes"); err != nil {
			return nil, err
		}
		if _, c := V.Dims(); c != k {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: DictionaryLearning codes have %d columns for %d atoms", c, k)
		}
	}
	conv, err := st.Convergence.Convergence()
	if err != nil {
		return nil, err
	}
	c := st.Coder
	dl := &DictionaryLearning{
		DictionaryLearningConfig: DictionaryLearningConfig{K: st.K, Coder: Coder(c.Coder), S: c.S, Rule: greedy.Rule(c.Rule), Lambda: c.Lambda,
			Update: DictUpdate(st.Update), MaxIter: st.MaxIter, Tol: st.Tol, Clear: st.Clear, Seed: st.Seed, Workers: c.Workers},
		Atoms: D, Codes: V, Objective: st.Objective, CodingObjective: st.CodingObjective, Initial: float64(st.Initial),
		Replaced: st.Replaced, Convergence: conv,
	}
	dl.SetFrameColumns(st.FrameColumns)
	return dl, nil
}

type sparseCodeState struct {
	coderState
	Tol     float64         `json:"tol,omitempty"`
	MaxIter int             `json:"max_iter,omitempty"`
	Atoms   *featlab.Matrix `json:"atoms"`
}

func saveSparseCode(sc *SparseCode) (any, error) {
	if !sc.fitted {
		return nil, notFitted("SparseCode")
	}
	c := sc.SparseCodeConfig
	return sparseCodeState{coderState{int(c.Coder), int(c.Rule), c.S, c.Lambda, c.Workers}, c.Tol, c.MaxIter, featlab.NewMatrix(c.Atoms)}, nil
}

func loadSparseCode(_ int, data json.RawMessage) (*SparseCode, error) {
	var st sparseCodeState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	D, err := atoms(st.Atoms, "SparseCode atoms")
	if err != nil {
		return nil, err
	}
	k, d := D.Dims()
	if err := st.check(k, d, st.Tol, st.MaxIter); err != nil {
		return nil, err
	}
	c := st.coderState
	return &SparseCode{SparseCodeConfig: SparseCodeConfig{Atoms: D, Coder: Coder(c.Coder), Rule: greedy.Rule(c.Rule), S: c.S, Lambda: c.Lambda,
		Tol: st.Tol, MaxIter: st.MaxIter, Workers: c.Workers}, fitted: true}, nil
}

type bagOfWordsState struct {
	Weighting  int      `json:"weighting"`
	MinDocs    int      `json:"min_docs,omitempty"`
	MaxWords   int      `json:"max_words,omitempty"`
	Unseen     int      `json:"unseen"`
	Vocabulary []string `json:"vocabulary"`
	DocFreq    []int    `json:"doc_freq"`
}

func saveBagOfWords(b *BagOfWords) (any, error) {
	if b.index == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: BagOfWords: save called before Fit")
	}
	return bagOfWordsState{int(b.Weighting), b.MinDocs, b.MaxWords, int(b.Unseen), b.Vocabulary, b.DocFreq}, nil
}

func loadBagOfWords(_ int, data json.RawMessage) (*BagOfWords, error) {
	var st bagOfWordsState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	w, u := Weighting(st.Weighting), Unseen(st.Unseen)
	if w < Presence || w > TermFrequency || u < IgnoreUnseen || u > ErrorUnseen || st.MinDocs < 0 || st.MaxWords < 0 {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: BagOfWords weighting %d, unseen %d, min_docs %d, max_words %d", st.Weighting, st.Unseen, st.MinDocs, st.MaxWords)
	}
	n := len(st.Vocabulary)
	if n == 0 || len(st.DocFreq) != n {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: BagOfWords vocabulary of %d words with %d document frequencies", n, len(st.DocFreq))
	}
	if !sort.SliceIsSorted(st.Vocabulary, func(i, j int) bool { return st.Vocabulary[i] < st.Vocabulary[j] }) {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: BagOfWords vocabulary is not sorted")
	}
	b := &BagOfWords{Weighting: w, MinDocs: st.MinDocs, MaxWords: st.MaxWords, Unseen: u, Vocabulary: st.Vocabulary, DocFreq: st.DocFreq,
		index: make(map[string]int, n)}
	for j, word := range st.Vocabulary {
		if j > 0 && word == st.Vocabulary[j-1] {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: BagOfWords vocabulary has %q twice", word)
		}
		if st.DocFreq[j] < 1 {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: BagOfWords document frequency %d of %q", st.DocFreq[j], word)
		}
		b.index[word] = j
	}
	return b, nil
}

type componentPathState struct {
	M          int               `json:"M"`
	Names      []string          `json:"names,omitempty"`
	XMean      []float64         `json:"x_mean"`
	XScale     []float64         `json:"x_scale"`
	YMean      []float64         `json:"y_mean"`
	Coefs      []*featlab.Matrix `json:"coefs"`
	Intercepts [][]float64       `json:"intercepts"`
}

func newComponentPathState(p *ComponentPath) componentPathState {
	st := componentPathState{M: p.M, Names: p.Names, XMean: p.XMean, XScale: p.XScale, YMean: p.YMean, Intercepts: p.Intercepts}
	for _, c := range p.Coefs {
		st.Coefs = append(st.Coefs, featlab.NewMatrix(c))
	}
	return st
}

// restore checks a loaded path: M+1 models of d x r coefficients and r
// intercepts, d means and positive scales, r target means.
func (st *componentPathState) restore(p *ComponentPath) error {
	d, r := len(st.XMean), len(st.YMean)
	if st.M < 0 || len(st.Coefs) != st.M+1 || len(st.Intercepts) != st.M+1 || d == 0 || r == 0 {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: a path of M = %d with %d coefficient matrices, %d intercept lists, %d features, %d targets", st.M, len(st.Coefs), len(st.Intercepts), d, r)
	}
	if err := featlab.CheckFinite("x_mean", st.XMean, d); err != nil {
		return err
	}
	if err := featlab.CheckFinite("x_scale", st.XScale, d); err != nil {
		return err
	}
	for j, s := range st.XScale {
		if !(s > 0) {
			return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: x_scale[%d] = %v", j, s)
		}
	}
	if err := featlab.CheckFinite("y_mean", st.YMean, r); err != nil {
		return err
	}
	if st.Names != nil && len(st.Names) != d {
		return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d names for %d features", len(st.Names), d)
	}
	p.Coefs = make([]*mat.Dense, len(st.Coefs))
	for k, c := range st.Coefs {
		B, err := c.Dense("coefs")
		if err != nil {
			return err
		}
		if rr, cc := B.Dims(); rr != d || cc != r {
			return featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: coefs[%d] is %d x %d, want %d x %d", k, rr, cc, d, r)
		}
		if err := featlab.CheckFinite("intercepts", st.Intercepts[k], r); err != nil {
			return err
		}
		p.Coefs[k] = B
	}
	p.M, p.Names, p.XMean, p.XScale, p.YMean, p.Intercepts = st.M, st.Names, st.XMean, st.XScale, st.YMean, st.Intercepts
	return nil
}

func saveComponentPath(p *ComponentPath) (any, error) {
	if p.Coefs == nil {
		return nil, notFitted("ComponentPath")
	}
	return newComponentPathState(p), nil
}

func loadComponentPath(_ int, data json.RawMessage) (*ComponentPath, error) {
	var st componentPathState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	p := &ComponentPath{}
	return p, st.restore(p)
}

type plsState struct {
	Path       componentPathState `json:"path"`
	Weights    *featlab.Matrix    `json:"weights"`
	Loadings   *featlab.Matrix    `json:"loadings"`
	YLoadings  *featlab.Matrix    `json:"y_loadings"`
	Projection *featlab.Matrix    `json:"projection"`
	Scores     *featlab.Matrix    `json:"scores"`
	Directions int                `json:"directions"`
}

func savePLS(r *PLSResult) (any, error) {
	if r.Coefs == nil {
		return nil, notFitted("PLS")
	}
	return plsState{newComponentPathState(&r.ComponentPath), featlab.NewMatrix(r.Weights), featlab.NewMatrix(r.Loadings),
		featlab.NewMatrix(r.YLoadings), featlab.NewMatrix(r.Projection), featlab.NewMatrix(r.Scores), r.Directions}, nil
}

func loadPLS(_ int, data json.RawMessage) (*PLSResult, error) {
	var st plsState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	r := &PLSResult{}
	if err := st.Path.restore(&r.ComponentPath); err != nil {
		return nil, err
	}
	d, t := len(st.Path.XMean), len(st.Path.YMean)
	for _, m := range []struct {
		what string
		src  *featlab.Matrix
		dst  **mat.Dense
		rows int
	}{{"weights", st.Weights, &r.Weights, d}, {"loadings", st.Loadings, &r.Loadings, d}, {"y_loadings", st.YLoadings, &r.YLoadings, t},
		{"projection", st.Projection, &r.Projection, d}, {"scores", st.Scores, &r.Scores, -1}} {
		if m.src == nil && st.Path.M == 0 {
			continue
		}
		A, err := m.src.Dense("PLS " + m.what)
		if err != nil {
			return nil, err
		}
		if rr, cc := A.Dims(); (m.rows >= 0 && rr != m.rows) || cc != st.Path.M {
			return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: PLS %s is %d x %d for M = %d", m.what, rr, cc, st.Path.M)
		}
		*m.dst = A
	}
	if st.Directions < 0 || st.Directions > st.Path.M {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: %d PLS directions for M = %d", st.Directions, st.Path.M)
	}
	r.Directions = st.Directions
	return r, nil
}

type pcrState struct {
	Path  componentPathState `json:"path"`
	PCA   json.RawMessage    `json:"pca"`
	Theta []float64          `json:"theta"`
}

func savePCR(r *PCRResult) (any, error) {
	if r.Coefs == nil || r.PCA == nil {
		return nil, notFitted("PCR")
	}
	pca, err := featlab.EncodeValue(r.PCA)
	return pcrState{newComponentPathState(&r.ComponentPath), pca, r.Theta}, err
}

func loadPCR(_ int, data json.RawMessage) (*PCRResult, error) {
	var st pcrState
	if err := featlab.DecodeState(data, &st); err != nil {
		return nil, err
	}
	r := &PCRResult{}
	if err := st.Path.restore(&r.ComponentPath); err != nil {
		return nil, err
	}
	v, err := featlab.DecodeValue(st.PCA)
	if err != nil {
		return nil, err
	}
	pca, ok := v.(*PCA)
	if !ok {
		return nil, featlab.Errorf(featlab.ErrFormat, "load: inconsistent state: PCR holds a %T, not a PCA", v)
	}
	if err := featlab.CheckFinite("PCR theta", st.Theta, st.Path.M); err != nil {
		return nil, err
	}
	r.PCA, r.Theta = pca, st.Theta
	return r, nil
}
