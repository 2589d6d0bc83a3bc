package badinput

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/transform"
)

// Entries of the persistence of fitted values (issue 19): featlab.Save,
// Load and the helpers the packages' state codecs use, on hostile files
// (truncated, corrupted, unknown kinds, newer versions, inconsistent
// states, sizes meant to exhaust memory) and hostile values.

func init() {
	sentinels = append(sentinels, featlab.ErrFormat, featlab.ErrVersion)
	entrySets = append(entrySets, persistEntries)
	// The saved forms of values, shared between goroutines like the
	// rest.
	sharedSamples["featlab.Matrix"] = func() any { X, _ := good(); return featlab.NewMatrix(X) }
	sharedSamples["featlab.JSONFloat"] = func() any { return featlab.JSONFloat(math.Inf(1)) }
	sharedSamples["featlab.JSONFloats"] = func() any { return featlab.JSONFloats{1, math.NaN()} }
	sharedSamples["featlab.ConvergenceState"] = func() any {
		return featlab.NewConvergenceState(featlab.Convergence{Iterations: 3, Gap: math.Inf(1)})
	}
}

func persistEntries() []*entry {
	return []*entry{
		custom("featlab.Load", "file", []string{"featlab.LoadAs", "featlab.LoadFile", "featlab.DecodeValue", "featlab.DecodeState", "featlab.Kinds"}, loadChecks),
		custom("featlab.Save", "params", []string{"featlab.SaveFile", "featlab.EncodeValue", "featlab.RegisterKind"}, saveChecks),
		custom("featlab.CheckFinite", "params", []string{"featlab.CheckIndices", "featlab.NewMatrix", "featlab.Matrix.Dense", "featlab.Matrix.DenseMissing",
			"featlab.NewConvergenceState", "featlab.ConvergenceState.Convergence",
			"featlab.JSONFloat.MarshalJSON", "featlab.JSONFloat.UnmarshalJSON", "featlab.JSONFloats.MarshalJSON", "featlab.JSONFloats.UnmarshalJSON"}, stateHelperChecks),
	}
}

// savedPipeline returns the file of a fitted transform.Model (standardize,
// then ridge) and of a fitted Standardize on 3 columns.
func savedPipeline() (model, std []byte) {
	X, y := good()
	p, err := transform.Model{Steps: []featlab.Transformer{&transform.Standardize{}}, Learner: linear.RidgeConfig{Lambda: 0.1}}.Fit(X, y)
	if err != nil {
		panic(err)
	}
	var a, b bytes.Buffer
	if err := featlab.Save(&a, p); err != nil {
		panic(err)
	}
	s := &transform.Standardize{}
	if err := s.Fit(X); err != nil {
		panic(err)
	}
	if err := featlab.Save(&b, s); err != nil {
		panic(err)
	}
	return a.Bytes(), b.Bytes()
}

func envelope(kind, state string) string {
	return `{"format": "featlab", "format_version": 1, "kind": "` + kind + `", "kind_version": 1, "state": ` + state + `}`
}

func loadText(s string) func() (any, error) {
	return func() (any, error) { return featlab.Load(strings.NewReader(s)) }
}

// loadChecks: files that are not what they claim.
func loadChecks() []failure {
	model, std := savedPipeline()
	flipped := append([]byte(nil), model...)
	flipped[len(flipped)/3] ^= 0x80
	dir, err := os.MkdirTemp("", "badinput")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	return runCases("featlab.Load", "files", []outcome{
		{input: "a saved model", call: func() (any, error) { return featlab.LoadAs[featlab.Predictor](bytes.NewReader(model)) }},
		{input: "nil reader", call: func() (any, error) { return featlab.Load(nil) }, want: errKinds(featlab.ErrParam)},
		{input: "empty file", call: loadText(""), want: errSays(featlab.ErrFormat, "empty")},
		{input: "truncated file", call: loadText(string(model[:len(model)-40])), want: errSays(featlab.ErrFormat, "truncated")},
		{input: "a byte flipped to a non-UTF-8 one", call: func() (any, error) { return featlab.Load(bytes.NewReader(flipped)) }, noPanic: true},
		{input: "not JSON", call: loadText("\x00\x01binary"), want: errSays(featlab.ErrFormat, "not valid json")},
		{input: "a JSON number", call: loadText("42"), want: errSays(featlab.ErrFormat, "not a featlab file")},
		{input: "another format", call: loadText(strings.Replace(string(std), `"featlab"`, `"pickle"`, 1)), want: errSays(featlab.ErrFormat, `"pickle"`)},
		{input: "unknown kind", call: loadText(envelope("sklearn.Pipeline", "{}")), want: errSays(featlab.ErrFormat, `unknown kind "sklearn.Pipeline"`)},
		{input: "no kind", call: loadText(envelope("", "{}")), want: errSays(featlab.ErrFormat, "no kind")},
		{input: "newer format version", call: loadText(strings.Replace(string(std), `"format_version": 1`, `"format_version": 7`, 1)), want: errSays(featlab.ErrVersion, "format version 7")},
		{input: "newer kind version", call: loadText(strings.Replace(string(std), `"kind_version": 1`, `"kind_version": 3`, 1)), want: errSays(featlab.ErrVersion, "kind version 3")},
		{input: "null state", call: loadText(envelope("transform.Standardize", "null")), want: errSays(featlab.ErrFormat, "no state")},
		{input: "state of the wrong shape", call: loadText(envelope("transform.Center", `{"d": 3, "mean": [1, 2]}`)), want: errSays(featlab.ErrFormat, "2 values, want 3")},
		{input: "state with a NaN", call: loadText(envelope("linear.Model", `{"coef": [1, "NaN"], "intercept": 0}`)), want: errKinds(featlab.ErrFormat)},
		{input: "state with a number beyond float64", call: loadText(envelope("linear.Model", `{"coef": [1e309], "intercept": 0}`)), want: errKinds(featlab.ErrFormat)},
		{input: "state with an unknown field", call: loadText(envelope("linear.Model", `{"coef": [1], "intercept": 0, "bias": 2}`)), want: errSays(featlab.ErrFormat, "bias")},
		{input: "matrix of 2^62 cells holding 2", call: loadText(envelope("represent.KMeans", `{"K": 1, "centroids": {"rows": 2147483648, "cols": 2147483648, "data": [1, 2]}, "labels": [0], "inertia": 0, "convergence": {"iterations": 1, "converged": true, "gap": 0, "tol": 0}}`)), want: errSays(featlab.ErrFormat, "holds 2 values")},
		{input: "polynomial of degree 10^6", call: loadText(envelope("transform.Polynomial", `{"d": 3, "degree": 1000000, "outputs": 1}`)), want: errKinds(featlab.ErrFormat)},
		{input: "polynomial with a table over the memory limit", call: loadText(envelope("transform.Polynomial", `{"d": 400, "degree": 3, "outputs": 10827401, "max_cells": -1}`)), want: errSays(featlab.ErrFormat, "limit")},
		{input: "one-hot of 10^6 columns of categories, all empty", call: loadText(envelope("transform.OneHot", `{"d": 1000000, "unknown": 0, "categories": []}`)), want: errKinds(featlab.ErrFormat)},
		{input: "arrays nested 10^5 deep", call: loadText(strings.Repeat("[", 100000)), want: errSays(featlab.ErrFormat, "nested")},
		{input: "pipeline step that is not a transformer", call: loadText(envelope("transform.Pipeline", `{"d": 1, "steps": [{"kind": "linear.Model", "kind_version": 1, "state": {"coef": [1], "intercept": 0}}]}`)), want: errSays(featlab.ErrFormat, "not a transformer")},
		{input: "LoadAs of another kind", call: func() (any, error) { return featlab.LoadAs[*represent.PCA](bytes.NewReader(std)) }, want: errSays(featlab.ErrFormat, "*transform.Standardize")},
		{input: "LoadFile of a directory", call: func() (any, error) { return featlab.LoadFile(dir) }, want: errKinds(featlab.ErrFormat)},
		{input: "LoadFile of a missing file", call: func() (any, error) { return featlab.LoadFile(filepath.Join(dir, "none.json")) }, want: errSays(featlab.ErrMissing, "none.json")},
		{input: "DecodeValue of garbage", call: func() (any, error) { return featlab.DecodeValue(json.RawMessage(`{"kind": 3}`)) }, want: errKinds(featlab.ErrFormat)},
		{input: "DecodeState with trailing data", call: func() (any, error) {
			var v struct{ A int }
			return nil, featlab.DecodeState(json.RawMessage(`{"A": 1} {"A": 2}`), &v)
		}, want: errKinds(featlab.ErrFormat)},
		{input: "Kinds", call: func() (any, error) { return featlab.Kinds(), nil }},
	})
}

// saveChecks: values that cannot be saved.
func saveChecks() []failure {
	X, _ := good()
	pca, err := represent.FitPCA(X, represent.PCAConfig{})
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "badinput")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	var buf bytes.Buffer
	return runCases("featlab.Save", "values", []outcome{
		{input: "a fitted PCA", call: func() (any, error) { return nil, featlab.Save(&buf, pca) }},
		{input: "nil writer", call: func() (any, error) { return nil, featlab.Save(nil, pca) }, want: errKinds(featlab.ErrParam)},
		{input: "nil value", call: func() (any, error) { return nil, featlab.Save(&buf, nil) }, want: errKinds(featlab.ErrParam)},
		{input: "typed nil", call: func() (any, error) { return nil, featlab.Save(&buf, (*linear.Model)(nil)) }, want: errKinds(featlab.ErrParam)},
		{input: "unregistered type", call: func() (any, error) { return nil, featlab.Save(&buf, mat.NewDense(1, 1, nil)) }, want: errSays(featlab.ErrParam, "*mat.Dense")},
		{input: "unfitted PCA", call: func() (any, error) { return nil, featlab.Save(&buf, &represent.PCA{}) }, want: errKinds(featlab.ErrNotFitted)},
		{input: "unfitted step in a pipeline", call: func() (any, error) {
			return featlab.EncodeValue(&transform.Pipeline{Steps: []featlab.Transformer{&transform.Log{}}})
		}, want: errKinds(featlab.ErrNotFitted)},
		{input: "model with an infinite coefficient", call: func() (any, error) {
			return nil, featlab.Save(&buf, &linear.Model{Coef: []float64{math.Inf(1)}})
		}, want: errKinds(featlab.ErrNotFinite)},
		{input: "SaveFile into a missing directory", call: func() (any, error) {
			return nil, featlab.SaveFile(filepath.Join(dir, "missing", "m.json"), pca)
		}, want: errKinds(featlab.ErrMissing)},
		{input: "RegisterKind of a taken kind", call: func() (any, error) {
			featlab.RegisterKind("linear.Model", 1, func(*struct{}) (any, error) { return nil, nil }, func(int, json.RawMessage) (*struct{}, error) { return nil, nil })
			return nil, nil
		}, panics: []string{"RegisterKind", `"linear.Model"`, "twice"}},
		{input: "RegisterKind of version 0", call: func() (any, error) {
			featlab.RegisterKind("badinput.X", 0, func(*struct{ A int }) (any, error) { return nil, nil }, func(int, json.RawMessage) (*struct{ A int }, error) { return nil, nil })
			return nil, nil
		}, panics: []string{"RegisterKind", "version"}},
	})
}

// stateHelperChecks: the helpers that check loaded states.
func stateHelperChecks() []failure {
	var f featlab.JSONFloat
	var fs featlab.JSONFloats
	return runCases("featlab.CheckFinite", "states", []outcome{
		{input: "CheckFinite with a NaN", call: func() (any, error) { return nil, featlab.CheckFinite("w", []float64{1, math.NaN()}, 2) }, want: errSays(featlab.ErrFormat, "w[1]")},
		{input: "CheckFinite of the wrong length", call: func() (any, error) { return nil, featlab.CheckFinite("w", []float64{1}, 2) }, want: errSays(featlab.ErrFormat, "1 values, want 2")},
		{input: "CheckIndices with -1", call: func() (any, error) { return nil, featlab.CheckIndices("idx", []int{0, -1}, 3) }, want: errSays(featlab.ErrFormat, "-1")},
		{input: "NewMatrix(nil)", call: func() (any, error) { return featlab.NewMatrix(nil), nil }},
		{input: "Dense of a nil Matrix", call: func() (any, error) { return (*featlab.Matrix)(nil).Dense("A") }, want: errSays(featlab.ErrFormat, "missing")},
		{input: "Dense of -1 x 2", call: func() (any, error) { return (&featlab.Matrix{Rows: -1, Cols: 2}).Dense("A") }, want: errKinds(featlab.ErrFormat)},
		{input: "Dense of 2^32 x 2^32 with 1 value", call: func() (any, error) {
			return (&featlab.Matrix{Rows: 1 << 32, Cols: 1 << 32, Data: []float64{1}}).Dense("A")
		}, want: errKinds(featlab.ErrFormat)},
		{input: "Dense with an Inf", call: func() (any, error) {
			return (&featlab.Matrix{Rows: 1, Cols: 1, Data: []float64{math.Inf(-1)}}).Dense("A")
		}, want: errKinds(featlab.ErrFormat)},
		{input: "DenseMissing with a NaN", call: func() (any, error) {
			return (&featlab.Matrix{Rows: 1, Cols: 2, Data: []float64{math.NaN(), 1}}).DenseMissing("A")
		}, noPanic: true},
		{input: "DenseMissing with an Inf", call: func() (any, error) {
			return (&featlab.Matrix{Rows: 1, Cols: 2, Data: []float64{math.Inf(1), 1}}).DenseMissing("A")
		}, want: errSays(featlab.ErrFormat, "+Inf")},
		{input: "DenseMissing 3 x 3 with 2 values", call: func() (any, error) {
			return (&featlab.Matrix{Rows: 3, Cols: 3, Data: []float64{math.NaN(), 1}}).DenseMissing("A")
		}, want: errKinds(featlab.ErrFormat)},
		{input: "Imputer file whose KNN rows hold an Inf", call: loadText(envelope("transform.Imputer", `{"d": 1, "strategy": 4, "fill": [1], "train": {"rows": 1, "cols": 1, "data": ["+Inf"]}}`)), want: errKinds(featlab.ErrFormat)},
		{input: "ConvergenceState with -5 iterations", call: func() (any, error) {
			return featlab.ConvergenceState{Iterations: -5}.Convergence()
		}, want: errKinds(featlab.ErrFormat)},
		{input: "NewConvergenceState with an infinite gap", call: func() (any, error) {
			return json.Marshal(featlab.NewConvergenceState(featlab.Convergence{Gap: math.Inf(1)}))
		}},
		{input: "JSONFloat NaN", call: func() (any, error) { return featlab.JSONFloat(math.NaN()).MarshalJSON() }},
		{input: "JSONFloats with -Inf", call: func() (any, error) { return featlab.JSONFloats{1, math.Inf(-1)}.MarshalJSON() }},
		{input: "JSONFloat from a word", call: func() (any, error) { return nil, f.UnmarshalJSON([]byte(`"Infinity"`)) }, want: errKinds(featlab.ErrFormat)},
		{input: "JSONFloats from an object", call: func() (any, error) { return nil, fs.UnmarshalJSON([]byte(`{"a": 1}`)) }, want: errKinds(featlab.ErrFormat)},
		{input: "JSONFloats with a bad element", call: func() (any, error) { return nil, fs.UnmarshalJSON([]byte(`[1, "inf"]`)) }, want: errKinds(featlab.ErrFormat)},
	})
}

// TestEveryFittedTypeSaves: every exported type of the library with a
// Predict or Transform method (a fitted model or transformer) is a
// registered kind of featlab.Save, so a new one cannot escape
// persistence.
func TestEveryFittedTypeSaves(t *testing.T) {
	notSaved := map[string]string{
		"featlab.PredictorFunc": "a function",
	}
	kinds := map[string]bool{}
	for _, k := range featlab.Kinds() {
		kinds[k] = true
	}
	n := 0
	for _, id := range exportedIdentifiers(t) {
		parts := strings.Split(id, ".")
		if len(parts) != 3 || (parts[2] != "Predict" && parts[2] != "Transform") {
			continue
		}
		typ := parts[0] + "." + parts[1]
		if _, skip := exemptPackages[parts[0]]; skip || notSaved[typ] != "" {
			continue
		}
		n++
		if !kinds[typ] {
			t.Errorf("%s has a %s method but is not a kind featlab.Save knows: register it (featlab.RegisterKind in its package's persist.go)", typ, parts[2])
		}
	}
	t.Logf("figures: %d fitted types, %d kinds registered", n, len(kinds))
}
