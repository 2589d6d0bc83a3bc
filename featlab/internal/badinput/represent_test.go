package badinput

import (
	"bytes"
	"context"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/synth"
	"github.com/featlab/course/featlab/viz"
)

// representEntries: featlab/represent's learned representations.
func representEntries() []*entry {
	return []*entry{
		custom("synth.PlantedDictionary", "params", []string{"synth.TokenDocuments", "synth.Wave"}, representSynthChecks),
		custom("viz.NewImageGrid", "params", []string{"viz.ImageGrid.WritePNG", "viz.ImageGrid.WriteSVG"}, imageGridChecks),
		xy("represent.LinearClassifier.Fit", func(X mat.Matrix, y []float64, c represent.LinearClassifier) (any, error) {
			p, err := c.Fit(X, y)
			if err != nil {
				return nil, err
			}
			return p.Predict(X)
		}, represent.LinearClassifier{Lambda: 0.1}, classif),
		tr("represent.PCA", represent.PCA{}, alsoCovers("represent.PCA.Encode", "represent.PCA.Decode")),
		tr("represent.KMeans", represent.KMeans{KMeansConfig: represent.KMeansConfig{K: 2, NInit: 2}},
			alsoCovers("represent.KMeans.Encode", "represent.KMeans.Decode", "represent.KMeans.Predict")),
		tr("represent.DictionaryLearning", represent.DictionaryLearning{DictionaryLearningConfig: represent.DictionaryLearningConfig{K: 2, S: 1, MaxIter: 3}},
			alsoCovers("represent.DictionaryLearning.Encode", "represent.DictionaryLearning.Decode")),
		// The results embed their config (Workers included): the suite
		// compares what was learned.
		xyCtx("represent.FitKMeans", func(X mat.Matrix, _ []float64, c represent.KMeansConfig) (any, error) {
			km, err := represent.FitKMeans(X, c)
			if err != nil {
				return nil, err
			}
			return []any{km.Centroids, km.Labels, km.Inertia, km.Convergence}, nil
		}, func(ctx context.Context, X mat.Matrix, _ []float64, c represent.KMeansConfig) (any, error) {
			return represent.FitKMeansContext(ctx, X, c)
		}, represent.KMeansConfig{K: 2, NInit: 3}, ignoresY),
		xy("represent.FitPCA", func(X mat.Matrix, _ []float64, c represent.PCAConfig) (*represent.PCA, error) {
			return represent.FitPCA(X, c)
		}, represent.PCAConfig{}, ignoresY, alsoCovers("represent.ReconstructionError")),
		xyCtx("represent.LearnDictionary", func(X mat.Matrix, _ []float64, c represent.DictionaryLearningConfig) (any, error) {
			dl, err := represent.LearnDictionary(X, c)
			if err != nil {
				return nil, err
			}
			return []any{dl.Atoms, dl.Codes, dl.Objective, dl.CodingObjective, dl.Convergence}, nil
		}, func(ctx context.Context, X mat.Matrix, _ []float64, c represent.DictionaryLearningConfig) (any, error) {
			return represent.LearnDictionaryContext(ctx, X, c)
		}, represent.DictionaryLearningConfig{K: 2, S: 1, MaxIter: 3}, ignoresY),
		// a dictionary of X's width (e_1 and the all-ones atom); width
		// mismatches are tested in represent
		xyCtx("represent.SparseEncode", func(X mat.Matrix, _ []float64, c represent.SparseCodeConfig) (*mat.Dense, error) {
			c.Atoms = atomsFor(X)
			return represent.SparseEncode(X, c)
		}, func(ctx context.Context, X mat.Matrix, _ []float64, c represent.SparseCodeConfig) (*mat.Dense, error) {
			c.Atoms = atomsFor(X)
			return represent.SparseEncodeContext(ctx, X, c)
		}, represent.SparseCodeConfig{S: 1}, ignoresY),
	}
}

// atomsFor returns two atoms of X's width, or nil for a nil or empty X.
func atomsFor(X mat.Matrix) *mat.Dense {
	if featlab.IsNil(X) {
		return nil
	}
	if _, d := X.Dims(); d > 0 {
		D := mat.NewDense(2, d, nil)
		D.Set(0, 0, 1)
		for j := 0; j < d; j++ {
			D.Set(1, j, 1)
		}
		return D
	}
	return nil
}

// representSynthChecks: the generators of notebooks 07 and 08 with
// nonsense and valid parameters.
func representSynthChecks() []failure {
	pe := &expectation{kinds: []error{featlab.ErrParam}}
	nan := math.NaN()
	planted := func(k, d, m, s int, sigma float64) func() (any, error) {
		return func() (any, error) { return synth.PlantedDictionary(k, d, m, s, sigma, 1) }
	}
	docs := func(m int, c synth.TokenDocumentsConfig) func() (any, error) {
		return func() (any, error) { d, y, err := synth.TokenDocuments(m, c, 1); return []any{d, y}, err }
	}
	return runCases("synth", "parameters", []outcome{
		{input: "PlantedDictionary valid", call: planted(5, 4, 20, 2, 0.1)},
		{input: "PlantedDictionary s > k", call: planted(2, 4, 20, 3, 0), want: pe},
		{input: "PlantedDictionary m = 0", call: planted(5, 4, 0, 2, 0), want: pe},
		{input: "PlantedDictionary sigma = NaN", call: planted(5, 4, 20, 2, nan), want: pe},
		{input: "PlantedDictionary sigma = -1", call: planted(5, 4, 20, 2, -1), want: pe},
		{input: "TokenDocuments valid", call: docs(20, synth.TokenDocumentsConfig{})},
		{input: "TokenDocuments m = -1", call: docs(-1, synth.TokenDocumentsConfig{}), want: pe},
		{input: "TokenDocuments Signal = NaN", call: docs(20, synth.TokenDocumentsConfig{Signal: nan}), want: pe},
		{input: "TokenDocuments one class", call: docs(20, synth.TokenDocumentsConfig{Classes: 1}), want: pe},
		{input: "TokenDocuments topics too large", call: docs(20, synth.TokenDocumentsConfig{Vocabulary: 10, Topic: 5}), want: pe},
		{input: "Wave valid", call: func() (any, error) { return synth.Wave(20, 1) }},
		{input: "Wave m = 0", call: func() (any, error) { return synth.Wave(0, 1) }, want: pe},
	})
}

// imageGridChecks: viz.NewImageGrid on hostile plain data, and a valid grid
// drawn.
func imageGridChecks() []failure {
	img := make([]float64, 4)
	grid := func(imgs [][]float64, w, h, cols int, caps []string) func() (any, error) {
		return func() (any, error) { return viz.NewImageGrid("t", imgs, w, h, cols, caps, false) }
	}
	draw := func(signed bool, imgs [][]float64) func() (any, error) {
		return func() (any, error) {
			g, err := viz.NewImageGrid("t", imgs, 2, 2, 0, nil, signed)
			if err != nil {
				return nil, err
			}
			var b strings.Builder
			if err := g.WriteSVG(&b); err != nil {
				return nil, err
			}
			var p bytes.Buffer
			return p.Len(), g.WritePNG(&p)
		}
	}
	return runCases("viz.NewImageGrid", "parameters", []outcome{
		{input: "no images", call: grid(nil, 2, 2, 0, nil), want: &expectation{kinds: []error{featlab.ErrEmpty}}},
		{input: "width 0", call: grid([][]float64{img}, 0, 2, 0, nil), want: &expectation{kinds: []error{featlab.ErrParam}}},
		{input: "wrong pixel count", call: grid([][]float64{img}, 3, 2, 0, nil), want: &expectation{kinds: []error{featlab.ErrShape}}},
		{input: "NaN pixel", call: grid([][]float64{{1, math.NaN(), 0, 0}}, 2, 2, 0, nil), want: &expectation{kinds: []error{featlab.ErrNotFinite}}},
		{input: "captions of the wrong count", call: grid([][]float64{img}, 2, 2, 0, []string{"a", "b"}), want: &expectation{kinds: []error{featlab.ErrShape}}},
		{input: "constant images drawn", call: draw(false, [][]float64{img, {1, 1, 1, 1}})},
		{input: "signed images near 1e300 drawn", call: draw(true, [][]float64{{1e300, -1e300, 0, 1}})},
	})
}
