package featlab_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/internal/persisttest"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/represent"
	"github.com/featlab/course/featlab/transform"
)

// persistData returns an m x d matrix of seeded values on very different
// scales, and a target that depends on the first columns.
func persistData(m, d int, seed uint64) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(seed, 7))
	X := mat.NewDense(m, d, nil)
	y := make([]float64, m)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, r.NormFloat64()*math.Pow(10, float64(j%4-1))+float64(j))
		}
		y[i] = 2*X.At(i, 0) - X.At(i, d-1) + 0.1*r.NormFloat64()
	}
	return X, y
}

// firstColumns is a Selector keeping the first k features.
func firstColumns(k int) featlab.Selector {
	return featlab.SelectorFunc(func(X mat.Matrix, _ []float64) (*featlab.Selection, error) {
		_, d := X.Dims()
		chosen := make([]int, k)
		for j := range chosen {
			chosen[j] = j
		}
		return featlab.NewSelection("first columns", featlab.DefaultNames(d), chosen), nil
	})
}

// fittedModel returns a fitted transform.Model: standardize, polynomial
// features, keep the first 6, lasso.
func fittedModel(t testing.TB) (*transform.FittedModel, *mat.Dense) {
	X, y := persistData(60, 4, 1)
	m := transform.Model{
		Steps: []featlab.Transformer{
			&transform.Standardize{},
			&transform.Polynomial{Degree: 2},
			&transform.Select{Selector: firstColumns(6)},
		},
		Learner: linear.LassoConfig{Lambda: 0.01, Intercept: true},
	}
	p, err := m.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	Xt, _ := persistData(20, 4, 2)
	return p.(*transform.FittedModel), Xt
}

func save(t testing.TB, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := featlab.Save(&buf, v); err != nil {
		t.Fatalf("Save(%T): %v", v, err)
	}
	return buf.Bytes()
}

func TestSaveLoadPipelineBits(t *testing.T) {
	fm, Xt := fittedModel(t)
	want, err := fm.Predict(Xt)
	if err != nil {
		t.Fatal(err)
	}
	data := save(t, fm)
	back, err := featlab.LoadAs[*transform.FittedModel](bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	got, err := back.Predict(Xt)
	if err != nil {
		t.Fatal(err)
	}
	if !persisttest.SameBits(got, want) {
		t.Fatalf("loaded model predicts %v, saved one %v", got, want)
	}
	if again := save(t, back); !bytes.Equal(again, data) {
		t.Fatalf("saving the loaded model gives another file")
	}
	if sel := back.Selection(); sel == nil || len(sel.Chosen) != 6 {
		t.Fatalf("the loaded model's selection is %v", sel)
	}
	// LoadAs as an interface, and SaveFile/LoadFile.
	path := filepath.Join(t.TempDir(), "model.json")
	if err := featlab.SaveFile(path, fm); err != nil {
		t.Fatal(err)
	}
	v, err := featlab.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := v.(featlab.Predictor).Predict(Xt); !persisttest.SameBits(got, want) {
		t.Fatal("LoadFile: other predictions")
	}
	if _, err := featlab.LoadAs[featlab.Predictor](bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
}

func TestSaveLoadSelectionBits(t *testing.T) {
	s := featlab.NewSelection("test", []string{"a", "b", "c"}, []int{2, 0})
	s.Scores = []float64{math.NaN(), math.Inf(-1), 0x1p-1074}
	s.Ranking = []int{2, 0, 1}
	s.Constant = []int{1}
	s.History = []featlab.Step{{Action: "add", Feature: 2, Name: "c", Score: math.Inf(1), Subset: []int{2}}, {Action: "start", Feature: -1, Score: math.Copysign(0, -1)}}
	data := save(t, s)
	back, err := featlab.LoadAs[*featlab.Selection](bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !persisttest.SameBits(back.Scores, s.Scores) || !persisttest.SameBits([]float64{back.History[0].Score, back.History[1].Score}, []float64{math.Inf(1), math.Copysign(0, -1)}) {
		t.Fatalf("scores %v, history %v", back.Scores, back.History)
	}
	if back.String() != s.String() {
		t.Fatalf("loaded selection prints\n%s\nwant\n%s", back, s)
	}
	if !strings.Contains(string(data), `"NaN"`) || !strings.Contains(string(data), `"format": "featlab"`) {
		t.Fatalf("file:\n%s", data)
	}
}

// TestSaveErrors: what Save refuses.
func TestSaveErrors(t *testing.T) {
	var buf bytes.Buffer
	for _, c := range []struct {
		name string
		v    any
		want error
	}{
		{"nil", nil, featlab.ErrParam},
		{"typed nil", (*transform.Standardize)(nil), featlab.ErrParam},
		{"unregistered", 3.5, featlab.ErrParam},
		{"unfitted", &transform.Standardize{}, featlab.ErrNotFitted},
		{"unfitted step", &transform.Pipeline{Steps: []featlab.Transformer{&transform.Center{}}}, featlab.ErrNotFitted},
		{"non-finite coefficient", &linear.Model{Coef: []float64{math.NaN()}}, featlab.ErrNotFinite},
	} {
		if err := featlab.Save(&buf, c.v); !errors.Is(err, c.want) {
			t.Errorf("%s: Save error %v, want %v", c.name, err, c.want)
		}
	}
	if err := featlab.Save(nil, &linear.Model{Coef: []float64{1}}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil writer: %v", err)
	}
	if err := featlab.SaveFile(filepath.Join(t.TempDir(), "no", "such", "dir"), &linear.Model{Coef: []float64{1}}); err == nil {
		t.Error("SaveFile into a missing directory: no error")
	}
}

// rewrite decodes a saved file into generic JSON, lets edit change it and
// encodes it again.
func rewrite(t *testing.T, data []byte, edit func(map[string]any)) []byte {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func state(doc map[string]any) map[string]any { return doc["state"].(map[string]any) }

// TestLoadErrors: a bad file is an error with the right sentinel, and the
// message says what is wrong.
func TestLoadErrors(t *testing.T) {
	fm, _ := fittedModel(t)
	good := save(t, fm)
	std := &transform.Standardize{}
	X, _ := persistData(10, 3, 3)
	if err := std.Fit(X); err != nil {
		t.Fatal(err)
	}
	goodStd := save(t, std)
	cases := []struct {
		name string
		data []byte
		want error
		says string
	}{
		{"empty", nil, featlab.ErrFormat, "empty"},
		{"truncated", good[:len(good)/2], featlab.ErrFormat, "truncated"},
		{"not JSON", []byte("PK\x03\x04 zip"), featlab.ErrFormat, "not valid JSON"},
		{"JSON array", []byte("[1, 2]"), featlab.ErrFormat, "not a featlab file"},
		{"other format", rewrite(t, goodStd, func(d map[string]any) { d["format"] = "onnx" }), featlab.ErrFormat, `"onnx"`},
		{"unknown kind", rewrite(t, goodStd, func(d map[string]any) { d["kind"] = "transform.Nope" }), featlab.ErrFormat, `unknown kind "transform.Nope"`},
		{"newer format", rewrite(t, goodStd, func(d map[string]any) { d["format_version"] = 2 }), featlab.ErrVersion, "format version 2"},
		{"newer kind", rewrite(t, goodStd, func(d map[string]any) { d["kind_version"] = 9 }), featlab.ErrVersion, "kind version 9"},
		{"kind version 0", rewrite(t, goodStd, func(d map[string]any) { d["kind_version"] = 0 }), featlab.ErrFormat, "kind version 0"},
		{"no state", rewrite(t, goodStd, func(d map[string]any) { delete(d, "state") }), featlab.ErrFormat, "no state"},
		{"unknown field", rewrite(t, goodStd, func(d map[string]any) { state(d)["colour"] = 1 }), featlab.ErrFormat, "colour"},
		{"wrong-shape mean", rewrite(t, goodStd, func(d map[string]any) { state(d)["mean"] = []float64{1, 2} }), featlab.ErrFormat, "mean has 2 values, want 3"},
		{"zero scale", rewrite(t, goodStd, func(d map[string]any) { state(d)["scale"] = []float64{1, 0, 1} }), featlab.ErrFormat, "scale[1] = 0"},
		{"d = 0", rewrite(t, goodStd, func(d map[string]any) { state(d)["d"] = 0 }), featlab.ErrFormat, "fitted on 0 columns"},
		{"number too large", bytes.Replace(goodStd, []byte(`"mean": [`), []byte(`"mean": [1e999, `), 1), featlab.ErrFormat, "1e999"},
		{"string for a number", rewrite(t, goodStd, func(d map[string]any) { state(d)["mean"] = []any{"NaN", 1, 2} }), featlab.ErrFormat, "mean"},
		{"pipeline step of another width", rewrite(t, good, func(d map[string]any) {
			p := state(d)["pipeline"].(map[string]any)
			steps := state(p)["steps"].([]any)
			state(steps[1].(map[string]any))["d"] = 5
		}), featlab.ErrFormat, "step 2"},
		{"predictor that is a transformer", rewrite(t, good, func(d map[string]any) {
			state(d)["predictor"] = state(d)["pipeline"].(map[string]any)["state"].(map[string]any)["steps"].([]any)[0]
		}), featlab.ErrFormat, "not a predictor"},
		{"data after the document", append(append([]byte{}, goodStd...), "{}"...), featlab.ErrFormat, "JSON"},
		{"too deep", []byte(strings.Repeat("[", 1000) + strings.Repeat("]", 1000)), featlab.ErrFormat, "nested"},
	}
	for _, c := range cases {
		_, err := featlab.Load(bytes.NewReader(c.data))
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: error %v, want %v saying %q", c.name, err, c.want, c.says)
		}
	}
	if _, err := featlab.LoadAs[*linear.Model](bytes.NewReader(goodStd)); !errors.Is(err, featlab.ErrFormat) || !strings.Contains(err.Error(), "*transform.Standardize") {
		t.Errorf("LoadAs of another kind: %v", err)
	}
	if _, err := featlab.Load(nil); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil reader: %v", err)
	}
	if _, err := featlab.LoadFile(filepath.Join(t.TempDir(), "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestLoadTruncatedAndFlipped: every prefix of a saved file and every
// single flipped byte gives an error wrapping ErrFormat or ErrVersion (or,
// for a flip that keeps the file valid, a value), never a panic; a
// truncated file always fails.
func TestLoadTruncatedAndFlipped(t *testing.T) {
	fm, Xt := fittedModel(t)
	good := save(t, fm)
	for n := 0; n < len(good)-1; n++ {
		_, err := featlab.Load(bytes.NewReader(good[:n]))
		if !errors.Is(err, featlab.ErrFormat) {
			t.Fatalf("file cut at byte %d of %d: error %v", n, len(good), err)
		}
	}
	loaded := 0
	for i := range good {
		for _, mask := range []byte{0x01, 0x20, 0x80} {
			bad := append([]byte(nil), good...)
			bad[i] ^= mask
			v, err := featlab.Load(bytes.NewReader(bad))
			if err != nil {
				if !errors.Is(err, featlab.ErrFormat) && !errors.Is(err, featlab.ErrVersion) {
					t.Fatalf("byte %d ^ %#x: error %v wraps neither ErrFormat nor ErrVersion", i, mask, err)
				}
				continue
			}
			loaded++
			if p, ok := v.(featlab.Predictor); ok {
				_, _ = p.Predict(Xt) // must not panic
			}
		}
	}
	t.Logf("%d bytes x 3 flips: %d still load (a changed digit of a coefficient, a changed name)", len(good), loaded)
}

// fuzzSeeds returns saved files of several kinds.
func fuzzSeeds(t testing.TB) [][]byte {
	fm, _ := fittedModel(t)
	X, y := persistData(30, 3, 5)
	oh := &transform.OneHot{Unknown: transform.UnknownIgnore}
	Xc := mat.NewDense(4, 2, []float64{1, 2, 1, 3, 0, 2, 1, 2})
	if err := oh.Fit(Xc); err != nil {
		t.Fatal(err)
	}
	lg, err := linear.Logistic(X, signs(y), linear.LogisticConfig{Lambda: 0.01, Intercept: true})
	if err != nil {
		t.Fatal(err)
	}
	pca, err := represent.FitPCA(X, represent.PCAConfig{K: 2})
	if err != nil {
		t.Fatal(err)
	}
	km, err := represent.FitKMeans(X, represent.KMeansConfig{K: 3, Seed: 1, Encoding: represent.Soft})
	if err != nil {
		t.Fatal(err)
	}
	pipe := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Log{B: 100}, &transform.Clip{B: 2}, &transform.RowNormalize{Norm: transform.L1}, &transform.MeanNormScale{}, &transform.Sigmoid{Decreasing: true}, &transform.UnitRange{}, &transform.MaxAbs{}, &transform.Center{}}}
	if err := pipe.Fit(X); err != nil {
		t.Fatal(err)
	}
	Xn := mat.DenseCopyOf(X)
	Xn.Set(0, 1, math.NaN())
	Xn.Set(3, 2, math.NaN())
	imp := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Imputer{Strategy: transform.ImputeKNN, K: 2, Indicator: true},
		&transform.Dummies{Columns: []int{0}, Unknown: transform.UnknownOther}}}
	Xr := mat.DenseCopyOf(Xn)
	for i := 0; i < 30; i++ {
		Xr.Set(i, 0, float64(i%3))
	}
	if err := imp.Fit(Xr); err != nil {
		t.Fatal(err)
	}
	ord := &transform.Ordinal{Unknown: transform.UnknownIgnore}
	if err := ord.Fit(Xc); err != nil {
		t.Fatal(err)
	}
	sv, err := linear.SparseSVM(X, signs(y), linear.SparseSVMConfig{Lambda: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	omp, err := greedy.OMPConfig{T: 2, Trace: true}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	dl, err := represent.LearnDictionary(X, represent.DictionaryLearningConfig{K: 3, S: 1, MaxIter: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	bow := &represent.BagOfWords{Weighting: represent.Counts}
	if err := bow.Fit([][]string{{"a", "b"}, {"b", "c"}}); err != nil {
		t.Fatal(err)
	}
	cls := make([]float64, len(y))
	for i, v := range y {
		cls[i] = float64(int(math.Abs(v)) % 3)
	}
	mn, err := linear.Multinomial(X, cls, linear.MultinomialConfig{Lambda: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	ovr, err := linear.OneVsRest(X, cls, linear.OneVsRestConfig{Learner: linear.LogisticConfig{Lambda: 0.05, Intercept: true}})
	if err != nil {
		t.Fatal(err)
	}
	pls, err := represent.FitPLS(X, y, represent.PLSConfig{Components: 2})
	if err != nil {
		t.Fatal(err)
	}
	return [][]byte{save(t, mn), save(t, ovr), save(t, pls), save(t, fm), save(t, oh), save(t, lg), save(t, pca), save(t, km), save(t, pipe),
		save(t, featlab.NewSelection("s", []string{"a", "b"}, []int{1})), save(t, imp), save(t, ord), save(t, sv),
		save(t, omp), save(t, dl), save(t, bow)}
}

func signs(y []float64) []float64 {
	s := make([]float64, len(y))
	for i, v := range y {
		s[i] = 1
		if v < 1 {
			s[i] = 0
		}
	}
	return s
}

// FuzzLoad: any bytes load or fail with ErrFormat or ErrVersion, never a
// panic; what loads saves again to a file that loads to the same file.
func FuzzLoad(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := featlab.Load(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, featlab.ErrFormat) && !errors.Is(err, featlab.ErrVersion) {
				t.Fatalf("error %v wraps neither ErrFormat nor ErrVersion", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := featlab.Save(&buf, v); err != nil {
			t.Fatalf("a loaded %T does not save: %v", v, err)
		}
		w, err := featlab.Load(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("a saved %T does not load: %v", v, err)
		}
		var again bytes.Buffer
		if err := featlab.Save(&again, w); err != nil || !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Fatalf("save, load, save changes the file (%v)", err)
		}
	})
}

// FuzzLoadPipeline: whatever loads also transforms and predicts (with an
// error or a result, never a panic) on matrices of every small width.
func FuzzLoadPipeline(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint8) {
		v, err := featlab.Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		for d := 1; d <= 8; d++ {
			X, _ := persistData(5, d, uint64(seed))
			if seed%4 == 0 {
				X.Set(0, 0, math.Inf(1))
			}
			if tr, ok := v.(featlab.Transformer); ok {
				_, _ = tr.Transform(X)
				if inv, ok := v.(featlab.InverseTransformer); ok {
					_, _ = inv.InverseTransform(X)
				}
			}
			if p, ok := v.(featlab.Predictor); ok {
				_, _ = p.Predict(X)
			}
			if s, ok := v.(*featlab.Selection); ok && len(s.Names) == d {
				_, _ = s.Apply(X)
			}
		}
	})
}

// endless is a reader that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

func TestLoadEndlessStream(t *testing.T) {
	defer featlab.SetMaxFileBytes(1 << 20)()
	_, err := featlab.Load(endless{})
	if !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("an endless stream: %v", err)
	}
}
