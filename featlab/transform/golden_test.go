package transform

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// golden holds testdata/golden_sklearn.json, written by
// testdata/golden_sklearn.py with scikit-learn 1.2.1 (the command to
// regenerate it is in the script's header).
type golden struct {
	X, T     [][]float64
	Standard struct {
		Mean, Var, Scale []float64
		X, T             [][]float64
		InverseT         [][]float64 `json:"inverse_T"`
	}
	Center struct {
		Mean     []float64
		T        [][]float64
		InverseT [][]float64 `json:"inverse_T"`
	}
	Minmax []struct {
		Min, Max float64
		DataMin  []float64 `json:"data_min"`
		DataMax  []float64 `json:"data_max"`
		X, T     [][]float64
		InverseT [][]float64 `json:"inverse_T"`
	}
	Maxabs struct {
		Scale    []float64
		T        [][]float64
		InverseT [][]float64 `json:"inverse_T"`
	}
	R          [][]float64
	Normalizer map[string][][]float64
	Function   map[string][][]float64
	AbsT       [][]float64 `json:"absT"`
	Onehot     struct {
		C, Ct        [][]string
		NamesIn      []string `json:"names_in"`
		Categories   [][]string
		FeatureNames []string    `json:"feature_names"`
		COutRaw      [][]float64 `json:"C_out"`
		CtOutRaw     [][]float64 `json:"Ct_out"`
	}
	OnehotNum struct {
		N, Nt      [][]float64
		Categories [][]float64
		NOut       [][]float64 `json:"N_out"`
		NtOut      [][]float64 `json:"Nt_out"`
	} `json:"onehot_num"`
	P    [][]float64
	Poly []struct {
		Degree          int
		InteractionOnly bool `json:"interaction_only"`
		IncludeBias     bool `json:"include_bias"`
		Powers          [][]int
		Names           []string
		Out             [][]float64
	}
}

func loadGolden(t testing.TB) *golden {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_sklearn.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

func dense(rows [][]float64) *mat.Dense {
	m := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		m.SetRow(i, r)
	}
	return m
}

// near compares got with want to within tol relative to max(1, |want|) and
// reports the first difference.
func near(t *testing.T, what string, got mat.Matrix, want [][]float64, tol float64) {
	t.Helper()
	r, c := got.Dims()
	if r != len(want) || c != len(want[0]) {
		t.Fatalf("%s: got %dx%d, want %dx%d", what, r, c, len(want), len(want[0]))
	}
	for i := range want {
		for j, w := range want[i] {
			g := got.At(i, j)
			if math.Abs(g-w) > tol*math.Max(1, math.Abs(w)) {
				t.Fatalf("%s[%d][%d] = %.17g, sklearn %.17g (diff %.3g)", what, i, j, g, w, g-w)
			}
		}
	}
}

func nearVec(t *testing.T, what string, got, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: len %d, want %d", what, len(got), len(want))
	}
	for j := range want {
		if math.Abs(got[j]-want[j]) > tol*math.Max(1, math.Abs(want[j])) {
			t.Fatalf("%s[%d] = %.17g, sklearn %.17g", what, j, got[j], want[j])
		}
	}
}

func TestGoldenStandardize(t *testing.T) {
	g := loadGolden(t)
	s := &Standardize{}
	if err := s.Fit(dense(g.X)); err != nil {
		t.Fatal(err)
	}
	nearVec(t, "mean", s.Mean(), g.Standard.Mean, 1e-15)
	nearVec(t, "var", s.Var(), g.Standard.Var, 1e-13)
	nearVec(t, "scale", s.Scale(), g.Standard.Scale, 1e-13)
	for _, c := range []struct {
		name string
		in   [][]float64
		want [][]float64
		inv  bool
	}{{"X", g.X, g.Standard.X, false}, {"T", g.T, g.Standard.T, false}, {"inverse T", g.T, g.Standard.InverseT, true}} {
		var got *mat.Dense
		var err error
		if c.inv {
			got, err = s.InverseTransform(dense(c.in))
		} else {
			got, err = s.Transform(dense(c.in))
		}
		if err != nil {
			t.Fatal(err)
		}
		near(t, c.name, got, c.want, 1e-12)
	}
}

func TestGoldenCenter(t *testing.T) {
	g := loadGolden(t)
	c := &Center{}
	if err := c.Fit(dense(g.X)); err != nil {
		t.Fatal(err)
	}
	nearVec(t, "mean", c.Mean(), g.Center.Mean, 1e-15)
	got, err := c.Transform(dense(g.T))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "T", got, g.Center.T, 1e-15)
	inv, err := c.InverseTransform(dense(g.T))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "inverse T", inv, g.Center.InverseT, 1e-15)
}

func TestGoldenUnitRange(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Minmax {
		u := &UnitRange{Min: c.Min, Max: c.Max}
		if err := u.Fit(dense(g.X)); err != nil {
			t.Fatal(err)
		}
		nearVec(t, "data min", u.DataMin(), c.DataMin, 0)
		nearVec(t, "data max", u.DataMax(), c.DataMax, 0)
		// featlab maps a constant feature to 0 when 0 is in [Min, Max],
		// scikit-learn to Min (see UnitRange): shift scikit-learn's values
		// of constant columns by -Min in those ranges.
		if c.Min <= 0 && 0 <= c.Max {
			for j := range c.DataMin {
				if c.DataMax[j] != c.DataMin[j] {
					continue
				}
				for i := range c.X {
					if c.X[i][j] != c.Min {
						t.Fatalf("[%v, %v]: scikit-learn maps constant column %d to %v, expected Min", c.Min, c.Max, j, c.X[i][j])
					}
					c.X[i][j] = 0
				}
				for i := range c.T {
					c.T[i][j] -= c.Min
					c.InverseT[i][j] += c.Min / (c.Max - c.Min)
				}
			}
		}
		got, err := u.Transform(dense(g.X))
		if err != nil {
			t.Fatal(err)
		}
		near(t, "X", got, c.X, 1e-14)
		got, err = u.Transform(dense(g.T))
		if err != nil {
			t.Fatal(err)
		}
		near(t, "T", got, c.T, 1e-14)
		inv, err := u.InverseTransform(dense(g.T))
		if err != nil {
			t.Fatal(err)
		}
		near(t, "inverse T", inv, c.InverseT, 1e-14)
	}
}

func TestGoldenMaxAbs(t *testing.T) {
	g := loadGolden(t)
	a := &MaxAbs{}
	if err := a.Fit(dense(g.X)); err != nil {
		t.Fatal(err)
	}
	nearVec(t, "scale", a.Scale(), g.Maxabs.Scale, 0)
	got, err := a.Transform(dense(g.T))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "T", got, g.Maxabs.T, 1e-15)
	inv, err := a.InverseTransform(dense(g.T))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "inverse T", inv, g.Maxabs.InverseT, 1e-15)
}

func TestGoldenNormalizer(t *testing.T) {
	g := loadGolden(t)
	for name, norm := range map[string]Norm{"l1": L1, "l2": L2, "max": LInf} {
		got, err := FitTransform(&RowNormalize{Norm: norm}, dense(g.R))
		if err != nil {
			t.Fatal(err)
		}
		near(t, name, got, g.Normalizer[name], 1e-15)
	}
}

func TestGoldenFunctions(t *testing.T) {
	g := loadGolden(t)
	T4 := dense(g.T).Slice(0, len(g.T), 0, 4)
	for _, c := range []struct {
		key string
		tr  featlab.Transformer
		in  mat.Matrix
	}{
		{"log_b1", &Log{}, dense(g.AbsT)},
		{"log_b2.5", &Log{B: 2.5}, dense(g.AbsT)},
		{"sigmoid_b0.7", &Sigmoid{B: 0.7}, T4},
		{"sigmoid_book_b0.7", &Sigmoid{B: 0.7, Decreasing: true}, T4},
		{"clip_b1.5", &Clip{B: 1.5}, T4},
		{"clipsmall_b1.5", &Clip{B: 1.5, Mode: ClipSmall}, T4},
		{"clipbelow_-0.5", &Clip{B: -0.5, Mode: ClipBelow}, T4},
		{"clipabove_0.25", &Clip{B: 0.25, Mode: ClipAbove}, T4},
	} {
		got, err := FitTransform(c.tr, c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.key, err)
		}
		near(t, c.key, got, g.Function[c.key], 1e-15)
	}
}

func TestGoldenOneHotFrame(t *testing.T) {
	g := loadGolden(t)
	oh := g.Onehot
	df := textFrame(oh.NamesIn, oh.C)
	dt := textFrame(oh.NamesIn, oh.Ct)
	enc := &OneHot{Unknown: UnknownIgnore}
	out, err := ApplyFrame(enc, df)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]string, len(oh.FeatureNames))
	for k, n := range oh.FeatureNames {
		want[k] = strings.Replace(n, "_", "=", 1)
	}
	if got := out.Names(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("names %v, sklearn %v", got, want)
	}
	for j, c := range enc.Categories() {
		if strings.Join(c, ",") != strings.Join(oh.Categories[j], ",") {
			t.Fatalf("categories of %d: %v, sklearn %v", j, c, oh.Categories[j])
		}
	}
	near(t, "C", frameDense(out), oh.COutRaw, 0)
	tout, err := TransformFrame(enc, dt)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "Ct", frameDense(tout), oh.CtOutRaw, 0)
}

func TestGoldenOneHotMatrix(t *testing.T) {
	g := loadGolden(t)
	enc := &OneHot{Unknown: UnknownIgnore}
	got, err := FitTransform(enc, dense(g.OnehotNum.N))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "N", got, g.OnehotNum.NOut, 0)
	got, err = enc.Transform(dense(g.OnehotNum.Nt))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "Nt", got, g.OnehotNum.NtOut, 0)
	cats := enc.Categories()
	for j, c := range g.OnehotNum.Categories {
		if len(cats[j]) != len(c) {
			t.Fatalf("column %d: %v, sklearn %v", j, cats[j], c)
		}
	}
}

func TestGoldenPolynomial(t *testing.T) {
	g := loadGolden(t)
	for _, c := range g.Poly {
		p := &Polynomial{Degree: c.Degree, InteractionOnly: c.InteractionOnly, NoBias: !c.IncludeBias}
		got, err := FitTransform(p, dense(g.P))
		if err != nil {
			t.Fatal(err)
		}
		// Same products in the same order as scikit-learn: equal bits.
		near(t, "poly", got, c.Out, 0)
		pw := p.Powers()
		for k := range c.Powers {
			for j := range c.Powers[k] {
				if pw[k][j] != c.Powers[k][j] {
					t.Fatalf("degree %d: powers[%d] = %v, sklearn %v", c.Degree, k, pw[k], c.Powers[k])
				}
			}
		}
		names, err := p.OutputNames([]string{"a", "b", "c"})
		if err != nil {
			t.Fatal(err)
		}
		for k, n := range c.Names {
			if w := strings.ReplaceAll(n, " ", "*"); names[k] != w {
				t.Fatalf("name %d = %q, sklearn %q", k, names[k], w)
			}
		}
	}
}

// TestGoldenStandardizeSample compares Standardize{Sample: true} with R's
// scale() on diabetes (testdata/golden_r_scale.R says how to regenerate
// testdata/golden_r_scale.json).
func TestGoldenStandardizeSample(t *testing.T) {
	b, err := os.ReadFile("testdata/golden_r_scale.json")
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		TrainRows     int `json:"train_rows"`
		Center, Scale []float64
		X5, T5        [][]float64
	}
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	X := datasets.Diabetes().X
	m, d := X.Dims()
	train := mat.DenseCopyOf(X.Slice(0, g.TrainRows, 0, d))
	test := mat.DenseCopyOf(X.Slice(g.TrainRows, m, 0, d))
	s := &Standardize{Sample: true}
	if err := s.Fit(train); err != nil {
		t.Fatal(err)
	}
	nearVec(t, "center", s.Mean(), g.Center, 1e-15)
	nearVec(t, "scale", s.Scale(), g.Scale, 1e-14)
	out, _ := s.Transform(train)
	near(t, "scale(X)", out.Slice(0, 5, 0, d), g.X5, 1e-13)
	out, _ = s.Transform(test)
	near(t, "scale(T, center, scale)", out.Slice(0, 5, 0, d), g.T5, 1e-13)
	// The population form differs by sqrt(m/(m-1)) on every feature.
	p := &Standardize{}
	_ = p.Fit(train)
	r := math.Sqrt(float64(g.TrainRows) / float64(g.TrainRows-1))
	for j, v := range p.Scale() {
		if math.Abs(v*r-s.Scale()[j]) > 1e-12*v {
			t.Errorf("feature %d: population scale %v * %v != sample scale %v", j, v, r, s.Scale()[j])
		}
	}
	// One training row: no spread, every feature maps to 0, never NaN.
	one := &Standardize{Sample: true}
	if err := one.Fit(mat.NewDense(1, 2, []float64{3, 4})); err != nil {
		t.Fatal(err)
	}
	if out, _ := one.Transform(mat.NewDense(1, 2, []float64{3, 4})); out.At(0, 0) != 0 || out.At(0, 1) != 0 {
		t.Errorf("one row: %v", mat.Formatted(out))
	}
}
