package datasets

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"os"
	"reflect"
	"sort"
	"testing"

	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
)

// golden holds testdata/golden.json, written by testdata/golden_sklearn.py
// from scikit-learn 1.2.1's bundled copies of the data (which the script
// checks equal the CSV files number for number) and, for watermelon, from
// Python's csv module.
type golden struct {
	File        string      `json:"file"`
	SHA256      string      `json:"sha256"`
	Rows        int         `json:"rows"`
	Features    int         `json:"features"`
	Names       []string    `json:"names"`
	Target      string      `json:"target"`
	ColSums     []float64   `json:"col_sums"`
	XSum        float64     `json:"x_sum"`
	YSum        float64     `json:"y_sum"`
	ClassCounts []int       `json:"class_counts"`
	SKNames     []string    `json:"sklearn_target_names"`
	Levels      [][]string  `json:"levels"`
	Codes       [][]float64 `json:"codes"`
	// airquality and mtcars: NA counts per feature then the target, and
	// the rows R's na.omit keeps.
	Missing      []int `json:"missing"`
	CompleteRows int   `json:"complete_rows"`
}

func readGolden(t *testing.T) map[string]golden {
	t.Helper()
	b, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g map[string]golden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// exactSum returns the correctly rounded sum of v (as Python's math.fsum):
// the sum is accumulated exactly in a big.Float and rounded once.
// NaN (a missing value) is skipped.
func exactSum(v []float64) float64 {
	acc := new(big.Float).SetPrec(4096)
	for _, x := range v {
		if math.IsNaN(x) {
			continue
		}
		acc.Add(acc, new(big.Float).SetFloat64(x))
	}
	f, _ := acc.Float64()
	return f
}

func TestNames(t *testing.T) {
	want := []string{"airquality", "breast_cancer", "diabetes", "digits", "iris", "mtcars", "prostate", "watermelon", "watermelon_zh", "wine"}
	if got := Names(); !reflect.DeepEqual(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	if _, err := Load("nope"); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Load(nope): %v, want ErrParam", err)
	}
	if _, err := Frame("nope"); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Frame(nope): %v, want ErrParam", err)
	}
	if _, err := Raw("nope"); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("Raw(nope): %v, want ErrParam", err)
	}
}

func TestEmbeddedAgainstGolden(t *testing.T) {
	g := readGolden(t)
	if len(g) != len(Names()) {
		t.Fatalf("golden has %d sets, package %d", len(g), len(Names()))
	}
	for _, name := range Names() {
		want, ok := g[name]
		if !ok {
			t.Errorf("%s: no golden values", name)
			continue
		}
		raw, err := Raw(name)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(raw)
		if got := hex.EncodeToString(sum[:]); got != want.SHA256 {
			t.Errorf("%s: sha256 %s, want %s", name, got, want.SHA256)
		}
		ds, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		m, d := ds.Dims()
		if m != want.Rows || d != want.Features {
			t.Errorf("%s: %dx%d, want %dx%d", name, m, d, want.Rows, want.Features)
		}
		if !reflect.DeepEqual(ds.Names, want.Names) || ds.Target != want.Target {
			t.Errorf("%s: names %v target %q, want %v %q", name, ds.Names, ds.Target, want.Names, want.Target)
		}
		if want.Missing == nil {
			if _, _, err := featlab.CheckXY(ds.X, ds.Y, ds.Names); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		} else {
			got := ds.MissingCounts()
			nanY := 0
			for _, v := range ds.Y {
				if math.IsNaN(v) {
					nanY++
				}
			}
			got = append(got, nanY)
			if !reflect.DeepEqual(got, want.Missing) {
				t.Errorf("%s: missing counts %v, want %v", name, got, want.Missing)
			}
			cc, rep, err := ds.CompleteCases()
			if err != nil || rep.Kept != want.CompleteRows || cc.Y == nil || len(cc.Y) != want.CompleteRows {
				t.Errorf("%s: CompleteCases kept %v (%v), want %d", name, rep, err, want.CompleteRows)
			}
		}
		if want.Levels != nil && !reflect.DeepEqual(ds.Levels, want.Levels) {
			t.Errorf("%s: levels %q, want %q", name, ds.Levels, want.Levels)
		}
		var all []float64
		for j := 0; j < d; j++ {
			col := make([]float64, m)
			for i := range col {
				col[i] = ds.X.At(i, j)
			}
			if s := exactSum(col); s != want.ColSums[j] {
				t.Errorf("%s: column %q sums to %v, want %v", name, ds.Names[j], s, want.ColSums[j])
			}
			all = append(all, col...)
		}
		if s := exactSum(all); s != want.XSum {
			t.Errorf("%s: X sums to %v, want %v", name, s, want.XSum)
		}
		if s := exactSum(ds.Y); s != want.YSum {
			t.Errorf("%s: y sums to %v, want %v", name, s, want.YSum)
		}
		if want.ClassCounts != nil {
			counts := make([]int, len(ds.Classes))
			for _, v := range ds.Y {
				counts[int(v)]++
			}
			if !reflect.DeepEqual(counts, want.ClassCounts) {
				t.Errorf("%s: class counts %v, want %v", name, counts, want.ClassCounts)
			}
		} else if ds.Classes != nil {
			t.Errorf("%s: regression set has Classes %v", name, ds.Classes)
		}
		if want.SKNames != nil && name != "wine" && !reflect.DeepEqual(ds.Classes, want.SKNames) {
			t.Errorf("%s: Classes %v, want scikit-learn's %v", name, ds.Classes, want.SKNames)
		}
	}
}

// The class counts stated in README.md (PROVENANCE), checked separately
// from the golden file.
func TestClassCountsAsDocumented(t *testing.T) {
	count := func(y []float64, k int) []int {
		c := make([]int, k)
		for _, v := range y {
			c[int(v)]++
		}
		return c
	}
	for _, c := range []struct {
		ds      *featlab.Dataset
		classes []string
		counts  []int
	}{
		{BreastCancer(), []string{"malignant", "benign"}, []int{212, 357}},
		{Wine(), []string{"class_0", "class_1", "class_2"}, []int{59, 71, 48}},
		{Iris(), []string{"setosa", "versicolor", "virginica"}, []int{50, 50, 50}},
		{Watermelon(), []string{"no", "yes"}, []int{9, 8}},                          // Zhou table 4.3: 8 ripe of 17
		{Digits(), []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, nil}, // sum checked below
	} {
		if !reflect.DeepEqual(c.ds.Classes, c.classes) {
			t.Errorf("%s: Classes %v, want %v", c.ds.Target, c.ds.Classes, c.classes)
		}
		got := count(c.ds.Y, len(c.classes))
		if c.counts != nil && !reflect.DeepEqual(got, c.counts) {
			t.Errorf("%v: class counts %v, want %v", c.classes, got, c.counts)
		}
	}
	if m, d := Digits().Dims(); m != 1797 || d != 64 {
		t.Errorf("digits %dx%d, want 1797x64", m, d)
	}
	if m, d := Diabetes().Dims(); m != 442 || d != 10 {
		t.Errorf("diabetes %dx%d, want 442x10", m, d)
	}
}

func TestWatermelonCoding(t *testing.T) {
	g := readGolden(t)
	for _, name := range []string{"watermelon", "watermelon_zh"} {
		ds, _ := Load(name)
		want := g[name]
		m, d := ds.Dims()
		for i := 0; i < m; i++ {
			for j := 0; j < d; j++ {
				if ds.X.At(i, j) != want.Codes[i][j] {
					t.Errorf("%s: X[%d][%d] = %v, want %v", name, i, j, ds.X.At(i, j), want.Codes[i][j])
				}
			}
		}
		if !reflect.DeepEqual(ds.Levels, want.Levels) {
			t.Errorf("%s: Levels %v, want %v", name, ds.Levels, want.Levels)
		}
	}
	ds := Watermelon()
	// Zhou table 4.3, row 1: green, curly, muffled, clear, hollow, hard,
	// 0.697, 0.460, ripe; codes all 0 (first appearance), ripe = yes = 1.
	row := ds.X.RawRowView(0)
	if !reflect.DeepEqual(row, []float64{0, 0, 0, 0, 0, 0, 0.697, 0.460}) || ds.Y[0] != 1 {
		t.Errorf("watermelon row 1 = %v, y %v", row, ds.Y[0])
	}
	// Row 10: green, straight, crisp, clear, flat, soft, 0.243, 0.267, not ripe.
	row = ds.X.RawRowView(9)
	if !reflect.DeepEqual(row, []float64{0, 2, 2, 0, 2, 1, 0.243, 0.267}) || ds.Y[9] != 0 {
		t.Errorf("watermelon row 10 = %v, y %v", row, ds.Y[9])
	}
	for j, name := range []string{"color", "root", "sound", "texture", "umbilicus", "surface"} {
		if !ds.IsCategorical(j) || ds.Names[j] != name {
			t.Errorf("feature %d: %q categorical=%v, want categorical %q", j, ds.Names[j], ds.IsCategorical(j), name)
		}
	}
	if ds.IsCategorical(6) || ds.IsCategorical(7) {
		t.Error("density and sugar must be continuous")
	}
	if !reflect.DeepEqual(ds.Levels[0], []string{"green", "dark", "light"}) {
		t.Errorf("color levels %v", ds.Levels[0])
	}
	zh := WatermelonZh()
	if !reflect.DeepEqual(zh.X.RawMatrix().Data, ds.X.RawMatrix().Data) || !reflect.DeepEqual(zh.Y, ds.Y) {
		t.Error("Chinese and English watermelon tables code differently")
	}
	if !reflect.DeepEqual(zh.Classes, []string{"否", "是"}) || zh.Levels[0][0] != "青绿" || zh.Names[0] != "色泽" {
		t.Errorf("Chinese names: classes %v, levels %v, names %v", zh.Classes, zh.Levels[0], zh.Names)
	}
}

func TestFrameTypes(t *testing.T) {
	types := func(name string) map[string]series.Type {
		df, err := Frame(name)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]series.Type{}
		for _, c := range df.Names() {
			out[c] = df.Col(c).Type()
		}
		return out
	}
	w := types("watermelon")
	for _, c := range []string{"color", "root", "sound", "texture", "umbilicus", "surface", "ripe"} {
		if w[c] != series.String {
			t.Errorf("watermelon %s: %v, want string", c, w[c])
		}
	}
	if w["id"] != series.Int || w["density"] != series.Float || w["sugar"] != series.Float {
		t.Errorf("watermelon id/density/sugar types %v %v %v", w["id"], w["density"], w["sugar"])
	}
	dg := types("digits")
	for c, ty := range dg {
		if ty != series.Int {
			t.Errorf("digits %s: %v, want int", c, ty)
		}
	}
	db := types("diabetes")
	if db["age"] != series.Int || db["sex"] != series.Int || db["bmi"] != series.Float || db["y"] != series.Int {
		t.Errorf("diabetes types: %v", db)
	}
	frames := map[string][2]int{}
	for name, f := range map[string]func() (int, int){
		"watermelon":    func() (int, int) { return WatermelonFrame().Dims() },
		"watermelon_zh": func() (int, int) { return WatermelonZhFrame().Dims() },
		"diabetes":      func() (int, int) { return DiabetesFrame().Dims() },
		"breast_cancer": func() (int, int) { return BreastCancerFrame().Dims() },
		"wine":          func() (int, int) { return WineFrame().Dims() },
		"iris":          func() (int, int) { return IrisFrame().Dims() },
		"digits":        func() (int, int) { return DigitsFrame().Dims() },
	} {
		r, c := f()
		frames[name] = [2]int{r, c}
	}
	want := map[string][2]int{
		"watermelon": {17, 10}, "watermelon_zh": {17, 10}, "diabetes": {442, 11},
		"breast_cancer": {569, 31}, "wine": {178, 14}, "iris": {150, 5}, "digits": {1797, 65},
	}
	if !reflect.DeepEqual(frames, want) {
		t.Errorf("frame dims %v, want %v", frames, want)
	}
}

func TestNamedLoadersAgreeWithLoad(t *testing.T) {
	for name, f := range map[string]func() *featlab.Dataset{
		"watermelon": Watermelon, "watermelon_zh": WatermelonZh, "diabetes": Diabetes,
		"breast_cancer": BreastCancer, "wine": Wine, "iris": Iris, "digits": Digits,
	} {
		a, _ := Load(name)
		if b := f(); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: named loader differs from Load", name)
		}
	}
}

// Callers get copies: changing one result does not change the next.
func TestFreshCopies(t *testing.T) {
	a := Watermelon()
	a.X.Set(0, 0, 99)
	a.Y[0] = 7
	a.Names[0] = "changed"
	a.Levels[0][0] = "changed"
	a.Classes[0] = "changed"
	b := Watermelon()
	if b.X.At(0, 0) != 0 || b.Y[0] != 1 || b.Names[0] != "color" || b.Levels[0][0] != "green" || b.Classes[0] != "no" {
		t.Error("modifying a loaded dataset changed the cache")
	}
	f := IrisFrame()
	f.Elem(0, 0).Set(123.0)
	if g := IrisFrame(); g.Elem(0, 0).Float() != 5.1 { // iris.csv row 1
		t.Error("modifying a frame changed the cache")
	}
}

// ToDataFrame and back round trips every embedded set bit for bit.
func TestFramesRoundTrip(t *testing.T) {
	for _, name := range Names() {
		ds, _ := Load(name)
		if name == "airquality" {
			continue // NaN: see TestAirqualityRoundTrip
		}
		df := featlab.ToDataFrame(ds)
		var back *featlab.Dataset
		var err error
		if ds.Classes != nil {
			back, err = featlab.FromDataFrameClasses(df, ds.Target, ds.Classes)
		} else {
			back, err = featlab.FromDataFrame(df, ds.Target)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.X.RawMatrix().Data, ds.X.RawMatrix().Data) || !reflect.DeepEqual(back.Names, ds.Names) ||
			!reflect.DeepEqual(back.Y, ds.Y) || !reflect.DeepEqual(back.Classes, ds.Classes) {
			t.Errorf("%s: round trip changed the data", name)
		}
		// FromDataFrame gives the same coding when the names sort as the codes.
		if ds.Classes != nil && sort.StringsAreSorted(ds.Classes) {
			if plain, err := featlab.FromDataFrame(df, ds.Target); err != nil || !reflect.DeepEqual(plain.Y, ds.Y) {
				t.Errorf("%s: FromDataFrame coding differs (%v)", name, err)
			}
		}
	}
}

func TestDiabetesFirstRow(t *testing.T) {
	// diabetes.csv row 1 (Efron et al. 2004, raw units): 59,2,32.1,101,157,93.2,38,4,4.8598,87 -> 151
	ds := Diabetes()
	want := []float64{59, 2, 32.1, 101, 157, 93.2, 38, 4, 4.8598, 87}
	if got := ds.X.RawRowView(0); !reflect.DeepEqual(got, want) || ds.Y[0] != 151 {
		t.Errorf("row 0 = %v -> %v", got, ds.Y[0])
	}
	if math.Float64bits(ds.X.At(0, 8)) != math.Float64bits(4.8598) {
		t.Error("s5 not parsed to the nearest double")
	}
}
