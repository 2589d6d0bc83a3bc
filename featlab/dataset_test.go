package featlab

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
)

// special holds float64 values whose bit patterns a round trip must keep:
// signed zero, the smallest subnormal, the extremes, values with no short
// decimal form.
var special = []float64{
	0, math.Copysign(0, -1), math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	math.MaxFloat64, -math.MaxFloat64, 1.0 / 3, 0.1, 2.2250738585072014e-308, 1 << 53, (1 << 53) + 2, -7,
}

func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}

func specialDataset(t *testing.T) *Dataset {
	t.Helper()
	m := len(special)
	X := mat.NewDense(m, 3, nil)
	for i := 0; i < m; i++ {
		X.Set(i, 0, special[i])
		X.Set(i, 1, special[m-1-i])
		X.Set(i, 2, float64(i)*0.7)
	}
	y := append([]float64(nil), special...)
	ds, err := NewDataset(X, y, []string{"a b", "β (ratio)", "x,1"}, "target y")
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestRoundTripBits(t *testing.T) {
	ds := specialDataset(t)
	df := ToDataFrame(ds)
	if got := df.Names(); !reflect.DeepEqual(got, []string{"a b", "β (ratio)", "x,1", "target y"}) {
		t.Fatalf("frame names %v", got)
	}
	back, err := FromDataFrame(df, ds.Target)
	if err != nil {
		t.Fatal(err)
	}
	if !sameBits(back.X.RawMatrix().Data, ds.X.RawMatrix().Data) {
		t.Error("X changed bits in the round trip")
	}
	if !sameBits(back.Y, ds.Y) {
		t.Error("y changed bits in the round trip")
	}
	if !reflect.DeepEqual(back.Names, ds.Names) || back.Target != ds.Target || back.Classes != nil {
		t.Errorf("names %v target %q classes %v", back.Names, back.Target, back.Classes)
	}
	// Signed zero survives (checked on its own: the easiest bit to lose).
	if !math.Signbit(back.X.At(1, 0)) {
		t.Error("-0 lost its sign")
	}
	// The method form is the same conversion.
	if !reflect.DeepEqual(ds.DataFrame().Records(), df.Records()) {
		t.Error("ds.DataFrame() differs from ToDataFrame(ds)")
	}
}

func TestRoundTripClasses(t *testing.T) {
	X := mat.NewDense(4, 1, []float64{1, 2, 3, 4})
	for _, classes := range [][]string{
		{"no", "yes"},           // sorted: FromDataFrame gives it back too
		{"malignant", "benign"}, // not sorted: only FromDataFrameClasses
	} {
		ds, err := NewDataset(X, []float64{0, 1, 1, 0}, []string{"r"}, "t")
		if err != nil {
			t.Fatal(err)
		}
		ds.Classes = classes
		df := ToDataFrame(ds)
		if tc := df.Col("t"); tc.Type() != series.String || tc.Records()[1] != classes[1] {
			t.Fatalf("target written as %v %v, want class names", tc.Type(), tc.Records())
		}
		back, err := FromDataFrameClasses(df, "t", classes)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.Y, ds.Y) || !reflect.DeepEqual(back.Classes, classes) {
			t.Errorf("%v: FromDataFrameClasses gave y %v classes %v", classes, back.Y, back.Classes)
		}
		back, err = FromDataFrame(df, "t")
		if err != nil {
			t.Fatal(err)
		}
		sorted := classes[0] < classes[1]
		if same := reflect.DeepEqual(back.Y, ds.Y); same != sorted {
			t.Errorf("%v: FromDataFrame round trip exact = %v, want %v (classes sorted)", classes, same, sorted)
		}
	}
	// Y not holding class indices: written as numbers.
	ds, _ := NewDataset(X, []float64{0, 1, 2.5, 0}, []string{"r"}, "t")
	ds.Classes = []string{"a", "b"}
	if ToDataFrame(ds).Col("t").Type() != series.Float {
		t.Error("non-index y with Classes must be written as floats")
	}
	// Empty target name is written as "y".
	ds.Target = ""
	if n := ToDataFrame(ds).Names(); n[len(n)-1] != "y" {
		t.Errorf("empty target written as %q", n[len(n)-1])
	}
}

func frame(cols ...series.Series) dataframe.DataFrame { return dataframe.New(cols...) }

func TestFromDataFrameTypes(t *testing.T) {
	df := frame(
		series.New([]int{1, -2, 3}, series.Int, "i"),
		series.New([]bool{true, false, true}, series.Bool, "b"),
		series.New([]float64{0.5, 1.5, -2.5}, series.Float, "f"),
		series.New([]string{"cat", "dog", "cat"}, series.String, "y"),
	)
	ds, err := FromDataFrame(df, "y")
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1, 1, 0.5, -2, 0, 1.5, 3, 1, -2.5}
	if !reflect.DeepEqual(ds.X.RawMatrix().Data, want) {
		t.Errorf("X = %v, want %v", ds.X.RawMatrix().Data, want)
	}
	if !reflect.DeepEqual(ds.Classes, []string{"cat", "dog"}) || !reflect.DeepEqual(ds.Y, []float64{0, 1, 0}) {
		t.Errorf("string target: classes %v y %v", ds.Classes, ds.Y)
	}
	// The target may be any column; then the string column "y" is a
	// feature, which is an error.
	_, err = FromDataFrame(df, "i")
	errorCase(t, "string feature y", err, ErrNonNumeric, `"y"`)
	// Without it, features keep frame order around the target.
	ds, err = FromDataFrame(df.Drop("y"), "b")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds.Names, []string{"i", "f"}) || !reflect.DeepEqual(ds.Classes, []string{"false", "true"}) {
		t.Errorf("target b: names %v classes %v", ds.Names, ds.Classes)
	}
}

func TestFromDataFrameBoolTarget(t *testing.T) {
	df := frame(
		series.New([]float64{1, 2, 3}, series.Float, "x"),
		series.New([]bool{true, false, true}, series.Bool, "ok"),
	)
	ds, err := FromDataFrame(df, "ok")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds.Classes, []string{"false", "true"}) || !reflect.DeepEqual(ds.Y, []float64{1, 0, 1}) {
		t.Errorf("bool target: classes %v y %v", ds.Classes, ds.Y)
	}
}

// errorCase checks that err wraps kind and that its message mentions
// every one of the words.
func errorCase(t *testing.T, name string, err, kind error, words ...string) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Errorf("%s: error %v, want %v", name, err, kind)
		return
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: message %q does not mention %q", name, err, w)
		}
	}
}

func TestFromDataFrameErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	x := series.New([]float64{1, 2, 3}, series.Float, "x")
	y := series.New([]float64{0, 1, 0}, series.Float, "y")

	_, err := FromDataFrame(frame(series.New([]string{"a", "b", "c"}, series.String, "colour"), y), "y")
	errorCase(t, "string feature", err, ErrNonNumeric, `"colour"`, "OneHot", "row 0")

	_, err = FromDataFrame(frame(x, series.New([]float64{1, nan, 3}, series.Float, "f"), y), "y")
	errorCase(t, "NaN feature", err, ErrNotFinite, "row 1", `"f"`)

	_, err = FromDataFrame(frame(x, series.New([]float64{1, 2, -inf}, series.Float, "f"), y), "y")
	errorCase(t, "-Inf feature", err, ErrNotFinite, "row 2", `"f"`, "-Inf")

	_, err = FromDataFrame(frame(x, series.New([]float64{1, 2, inf}, series.Float, "y")), "y")
	errorCase(t, "Inf target", err, ErrNotFinite, "row 2", `"y"`)

	// gota's reading of an int column with a NaN in it: an int column
	// with a missing element (LoadRecords) ...
	df := dataframe.LoadRecords([][]string{{"n", "y"}, {"1", "0"}, {"NaN", "1"}, {"3", "0"}})
	if df.Col("n").Type() != series.Int {
		t.Fatalf("gota read the column as %v", df.Col("n").Type())
	}
	_, err = FromDataFrame(df, "y")
	errorCase(t, "int column with NaN", err, ErrNotFinite, "row 1", `"n"`)
	// ... or a string column of numbers and NaN.
	_, err = FromDataFrame(frame(series.New([]string{"1", "2", "NaN"}, series.String, "n"), y), "y")
	errorCase(t, "int-as-string column with NaN", err, ErrNotFinite, "row 2", `"n"`)
	_, err = FromDataFrame(frame(series.New([]string{"1", "", "x"}, series.String, "n"), y), "y")
	errorCase(t, "text after a missing value", err, ErrNonNumeric, `"n"`, `"x"`, "row 2")
	_, err = FromDataFrame(frame(series.New([]string{"1", "2", "3"}, series.String, "n"), y), "y")
	errorCase(t, "numbers typed as strings", err, ErrNonNumeric, `"n"`, "string type")
	_, err = FromDataFrame(frame(series.New([]string{"1", "1e999", "3"}, series.String, "n"), y), "y")
	errorCase(t, "number beyond float64", err, ErrNotFinite, `"n"`, "row 1", "1e999")

	_, err = FromDataFrame(dataframe.DataFrame{}, "y")
	errorCase(t, "zero frame", err, ErrEmpty)
	_, err = FromDataFrame(frame(series.New([]float64{}, series.Float, "x"), series.New([]float64{}, series.Float, "y")), "y")
	errorCase(t, "no rows", err, ErrEmpty)
	_, err = FromDataFrame(frame(y), "y")
	errorCase(t, "target only", err, ErrEmpty, `"y"`)
	_, err = FromDataFrame(frame(x, y), "label")
	errorCase(t, "missing target", err, ErrMissing, `"label"`, "x, y")
	_, err = FromDataFrame(dataframe.DataFrame{Err: errors.New("boom")}, "y")
	errorCase(t, "frame with error", err, ErrShape, "boom")

	_, err = FromDataFrame(frame(x, series.New([]string{"a", "", "b"}, series.String, "y")), "y")
	errorCase(t, "empty class label", err, ErrNotFinite, "row 1", `"y"`)
	_, err = FromDataFrame(frame(x, series.New([]string{"a", "NaN", "b"}, series.String, "y")), "y")
	errorCase(t, "missing class label", err, ErrNotFinite, "row 1")

	_, err = FromDataFrameClasses(frame(x, series.New([]string{"a", "c", "b"}, series.String, "y")), "y", []string{"a", "b"})
	errorCase(t, "label not in classes", err, ErrLabels, `"c"`, "row 1")
	_, err = FromDataFrameClasses(frame(x, series.New([]float64{0, 2, 1}, series.Float, "y")), "y", []string{"a", "b"})
	errorCase(t, "numeric label out of range", err, ErrLabels, "row 1")
	_, err = FromDataFrameClasses(frame(x, series.New([]float64{0, 0.5, 1}, series.Float, "y")), "y", []string{"a", "b"})
	errorCase(t, "fractional label", err, ErrLabels, "row 1")
	_, err = FromDataFrameClasses(frame(x, y), "y", nil)
	errorCase(t, "no classes", err, ErrParam)
	_, err = FromDataFrameClasses(frame(x, y), "y", []string{"a", "a"})
	errorCase(t, "duplicate classes", err, ErrParam, `"a"`)
	ds, err := FromDataFrameClasses(frame(x, y), "y", []string{"a", "b"})
	if err != nil || !reflect.DeepEqual(ds.Classes, []string{"a", "b"}) || !reflect.DeepEqual(ds.Y, []float64{0, 1, 0}) {
		t.Errorf("numeric class indices: %v %v", ds, err)
	}
}

func TestNewDataset(t *testing.T) {
	X := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	ds, err := NewDataset(X, []float64{1, 2}, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds.Names, []string{"x1", "x2"}) || ds.Target != "y" {
		t.Errorf("defaults: names %v target %q", ds.Names, ds.Target)
	}
	if ds.String() != `Dataset 2 examples x 2 features [x1, x2], target "y" (regression)` {
		t.Errorf("String() = %q", ds.String())
	}
	_, err = NewDataset(X, []float64{1, 2}, []string{"a", "a"}, "")
	errorCase(t, "duplicate names", err, ErrShape, `"a"`, "0", "1")
	_, err = NewDataset(X, []float64{1}, nil, "")
	errorCase(t, "short y", err, ErrShape)
	_, err = NewDataset(nil, nil, nil, "")
	errorCase(t, "nil X", err, ErrEmpty)
	if j, err := ds.Index("x2"); j != 1 || err != nil {
		t.Errorf("Index(x2) = %d, %v", j, err)
	}
	_, err = ds.Index("zz")
	errorCase(t, "Index unknown", err, ErrMissing, `"zz"`, "x1, x2")
	ds.Levels = [][]string{{"a", "b"}, nil}
	if !ds.IsCategorical(0) || ds.IsCategorical(1) || ds.IsCategorical(2) || ds.IsCategorical(-1) {
		t.Error("IsCategorical")
	}
	ds.Classes = []string{"p", "q", "r"}
	if !strings.HasSuffix(ds.String(), "(3 classes)") {
		t.Errorf("String() = %q", ds.String())
	}
}

func TestRowsColumns(t *testing.T) {
	X := mat.NewDense(3, 3, []float64{
		1, 2, 3,
		4, 5, 6,
		7, 8, 9,
	})
	ds, _ := NewDataset(X, []float64{10, 20, 30}, []string{"a", "b", "c"}, "t")
	ds.Classes = nil
	ds.Levels = [][]string{nil, {"u", "v"}, nil}
	r := ds.Rows([]int{2, 0, 2})
	if !reflect.DeepEqual(r.X.RawMatrix().Data, []float64{7, 8, 9, 1, 2, 3, 7, 8, 9}) || !reflect.DeepEqual(r.Y, []float64{30, 10, 30}) {
		t.Errorf("Rows: X %v y %v", r.X.RawMatrix().Data, r.Y)
	}
	r.X.Set(0, 0, -1)
	r.Y[0] = -1
	if ds.X.At(2, 0) != 7 || ds.Y[2] != 30 {
		t.Error("Rows shares memory with the original")
	}
	if e := ds.Rows(nil); len(e.Y) != 0 || e.Names == nil {
		t.Errorf("Rows(nil): %d values", len(e.Y))
	}
	c, err := ds.Columns([]int{2, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.X.RawMatrix().Data, []float64{3, 2, 6, 5, 9, 8}) || !reflect.DeepEqual(c.Names, []string{"c", "b"}) {
		t.Errorf("Columns: X %v names %v", c.X.RawMatrix().Data, c.Names)
	}
	if !reflect.DeepEqual(c.Levels, [][]string{nil, {"u", "v"}}) || !c.IsCategorical(1) {
		t.Errorf("Columns: levels %v", c.Levels)
	}
	c.Y[0] = -1
	if ds.Y[0] != 10 {
		t.Error("Columns shares y with the original")
	}
	_, err = ds.Columns(nil)
	errorCase(t, "no columns", err, ErrEmpty)
	_, err = ds.Columns([]int{0, 3})
	errorCase(t, "column out of range", err, ErrParam, "3")
	_, err = ds.Columns([]int{-1})
	errorCase(t, "negative column", err, ErrParam, "-1")
}

func TestCheckXY(t *testing.T) {
	X := mat.NewDense(2, 2, []float64{1, 2, 3, math.NaN()})
	_, _, err := CheckXY(X, []float64{1, 2}, []string{"a", "b"})
	errorCase(t, "NaN in X", err, ErrNotFinite, "row 1", `column 1 ("b")`)
	_, _, err = CheckXY(X, []float64{1, 2}, nil)
	errorCase(t, "NaN in X, no names", err, ErrNotFinite, "row 1", "column 1")
	// A matrix without raw access takes the At path: same message.
	_, _, err = CheckXY(X.T(), []float64{1, 2}, []string{"a", "b"})
	errorCase(t, "NaN in X^T", err, ErrNotFinite, "row 1", `column 1 ("b")`)
	X.Set(1, 1, 4)
	m, d, err := CheckXY(X, []float64{1, 2}, nil)
	if m != 2 || d != 2 || err != nil {
		t.Errorf("CheckXY = %d, %d, %v", m, d, err)
	}
	_, _, err = CheckXY(X, []float64{1}, nil)
	errorCase(t, "short y", err, ErrShape, "2 rows", "1 values")
	_, _, err = CheckXY(X, []float64{1, math.Inf(-1)}, nil)
	errorCase(t, "Inf in y", err, ErrNotFinite, "target", "row 1")
	_, _, err = CheckXY(X, []float64{1, 2}, []string{"a"})
	errorCase(t, "names", err, ErrShape, "1 feature names", "2 columns")
	_, _, err = CheckXY(nil, nil, nil)
	errorCase(t, "nil", err, ErrEmpty)
	_, _, err = CheckXY(&mat.Dense{}, nil, nil)
	errorCase(t, "0x0", err, ErrEmpty)
	err = CheckVector(nil, "weights")
	errorCase(t, "empty vector", err, ErrEmpty, "weights")
}

func TestClassLabels(t *testing.T) {
	l, err := ClassLabels([]float64{2, -1, 2, 0}, 2)
	if err != nil || !reflect.DeepEqual(l, []int{-1, 0, 2}) {
		t.Errorf("ClassLabels = %v, %v", l, err)
	}
	_, err = ClassLabels([]float64{0, 0.5}, 1)
	errorCase(t, "fraction", err, ErrLabels, "0.5", "row 1")
	_, err = ClassLabels([]float64{1, 1}, 2)
	errorCase(t, "one class", err, ErrLabels, "1 distinct")
	_, err = ClassLabels([]float64{1, math.NaN()}, 1)
	errorCase(t, "NaN", err, ErrNotFinite)
	_, err = ClassLabels([]float64{1e300}, 1)
	errorCase(t, "huge", err, ErrLabels)
}

func TestErrorf(t *testing.T) {
	err := Errorf(ErrParam, "lambda = %v must be >= 0", -1.0)
	if err.Error() != "featlab: lambda = -1 must be >= 0: invalid parameter" {
		t.Errorf("message %q", err)
	}
	if !errors.Is(err, ErrParam) || errors.Is(err, ErrShape) {
		t.Error("Errorf must wrap exactly its kind")
	}
	if DefaultNames(3)[2] != "x3" || len(DefaultNames(0)) != 0 {
		t.Error("DefaultNames")
	}
}

func TestLearnerFunc(t *testing.T) {
	var l Learner = LearnerFunc(func(X mat.Matrix, y []float64) (Predictor, error) {
		mean := 0.0
		for _, v := range y {
			mean += v / float64(len(y))
		}
		return PredictorFunc(func(X mat.Matrix) ([]float64, error) {
			r, _ := X.Dims()
			p := make([]float64, r)
			for i := range p {
				p[i] = mean
			}
			return p, nil
		}), nil
	})
	p, err := l.Fit(mat.NewDense(2, 1, []float64{0, 0}), []float64{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := p.Predict(mat.NewDense(3, 1, nil))
	if !reflect.DeepEqual(got, []float64{2, 2, 2}) {
		t.Errorf("predictions %v", got)
	}
}
