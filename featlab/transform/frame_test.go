package transform

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func fruitFrame() dataframe.DataFrame {
	return dataframe.New(
		series.New([]string{"red", "green", "red", "blue"}, series.String, "color"),
		series.New([]float64{1, 2, 3, 10}, series.Float, "weight"),
		series.New([]int{0, 5, 10, 5}, series.Int, "count"),
		series.New([]string{"yes", "no", "yes", "no"}, series.String, "sweet"),
	)
}

func TestApplyFramePassThrough(t *testing.T) {
	df := fruitFrame()
	out, err := ApplyFrame(&UnitRange{}, df, "weight")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out.Names(), ","); got != "color,weight,count,sweet" {
		t.Fatalf("names %s", got)
	}
	w := out.Col("weight").Float()
	if w[0] != 0 || w[3] != 1 || w[1] != 1.0/9 {
		t.Errorf("weight %v", w)
	}
	if got := out.Col("color").Records(); strings.Join(got, ",") != "red,green,red,blue" {
		t.Errorf("color changed: %v", got)
	}
	if out.Col("count").Type() != series.Int {
		t.Errorf("count type changed")
	}
	// Default columns: every float and int column.
	out, err = ApplyFrame(&Standardize{}, df)
	if err != nil {
		t.Fatal(err)
	}
	if c := out.Col("count").Float(); c[0] >= 0 || out.Col("count").Type() != series.Float {
		t.Errorf("count not standardized: %v", c)
	}
}

func TestFrameErrors(t *testing.T) {
	df := fruitFrame()
	if _, err := ApplyFrame(&Standardize{}, df, "color"); !errors.Is(err, featlab.ErrNonNumeric) {
		t.Errorf("string column: %v", err)
	}
	if _, err := ApplyFrame(&Standardize{}, df, "nope"); !errors.Is(err, featlab.ErrMissing) {
		t.Errorf("missing column: %v", err)
	}
	if _, err := ApplyFrame(&Standardize{}, df, "weight", "weight"); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("column twice: %v", err)
	}
	if _, err := TransformFrame(&Standardize{}, df, "weight"); !errors.Is(err, featlab.ErrNotFitted) {
		t.Errorf("not fitted: %v", err)
	}
	// Log with b + f <= 0: the error names the column by name.
	neg := dataframe.New(series.New([]float64{1, -3}, series.Float, "v"))
	_, err := ApplyFrame(&Log{B: 2}, neg)
	var ce *CellError
	if !errors.As(err, &ce) || ce.Name != "v" || ce.Row != 1 || !strings.Contains(err.Error(), `"v"`) {
		t.Errorf("log error: %v", err)
	}
	// A missing number names row and column.
	na := dataframe.New(series.New([]string{"1", "NaN", "3"}, series.Float, "z"))
	_, err = ApplyFrame(&Center{}, na)
	if !errors.Is(err, featlab.ErrNotFinite) || !errors.As(err, &ce) || ce.Row != 1 || ce.Name != "z" {
		t.Errorf("missing value: %v", err)
	}
	// Name clash between an output and a passed-through column.
	clash := dataframe.New(
		series.New([]string{"a", "b"}, series.String, "c"),
		series.New([]float64{1, 2}, series.Float, "c=a"),
	)
	if _, err := ApplyFrame(&OneHot{}, clash, "c"); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("name clash: %v", err)
	}
}

func TestOneHotFrameInPlace(t *testing.T) {
	df := fruitFrame()
	oh := &OneHot{}
	out, err := ApplyFrame(oh, df)
	if err != nil {
		t.Fatal(err)
	}
	want := "color=blue,color=green,color=red,weight,count,sweet=no,sweet=yes"
	if got := strings.Join(out.Names(), ","); got != want {
		t.Fatalf("names %s, want %s", got, want)
	}
	if got := out.Col("color=red").Float(); got[0] != 1 || got[1] != 0 || got[2] != 1 {
		t.Errorf("color=red %v", got)
	}
	test := dataframe.New(
		series.New([]string{"green", "purple"}, series.String, "color"),
		series.New([]float64{1, 2}, series.Float, "weight"),
		series.New([]int{0, 5}, series.Int, "count"),
		series.New([]string{"yes", "no"}, series.String, "sweet"),
	)
	_, err = TransformFrame(oh, test)
	if !errors.Is(err, ErrUnknownCategory) || !strings.Contains(err.Error(), `"purple" at row 1, column "color"`) {
		t.Errorf("unknown category error: %v", err)
	}
	ig := &OneHot{Unknown: UnknownIgnore}
	_ = FitFrame(ig, df)
	out, err = TransformFrame(ig, test)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"color=blue", "color=green", "color=red"} {
		if out.Col(n).Float()[1] != 0 {
			t.Errorf("unseen purple: %s = 1", n)
		}
	}
	// Numbers as text sort numerically: "10" after "5".
	num := dataframe.New(series.New([]int{5, 10, 0, 5}, series.Int, "count"))
	out, err = ApplyFrame(&OneHot{}, num, "count")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out.Names(), ","); got != "count=0,count=5,count=10" {
		t.Errorf("numeric categories %s", got)
	}
}

func TestPolynomialFrameBlock(t *testing.T) {
	df := fruitFrame()
	out, err := ApplyFrame(&Polynomial{NoBias: true}, df, "weight", "count")
	if err != nil {
		t.Fatal(err)
	}
	want := "color,weight,count,weight^2,weight*count,count^2,sweet"
	if got := strings.Join(out.Names(), ","); got != want {
		t.Fatalf("names %s, want %s", got, want)
	}
	if v := out.Col("weight*count").Float(); v[3] != 50 {
		t.Errorf("weight*count %v", v)
	}
}

func TestPipelineFrame(t *testing.T) {
	df := fruitFrame()
	p := &Pipeline{Steps: []featlab.Transformer{&OneHot{}, &Standardize{}}}
	out, err := ApplyFrame(p, df, "color")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out.Names(), ","); got != "color=blue,color=green,color=red,weight,count,sweet" {
		t.Fatalf("names %s", got)
	}
	// color=red is 1 on rows 0 and 2: mean 1/2, std 1/2.
	if v := out.Col("color=red").Float(); v[0] != 1 || v[1] != -1 {
		t.Errorf("standardized indicator %v", v)
	}
	lp := &Pipeline{Steps: []featlab.Transformer{&Log{}, &Standardize{}}}
	out, err = ApplyFrame(lp, df, "count", "weight")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(out.Names(), ","); got != "color,weight,count,sweet" {
		t.Fatalf("names %s", got)
	}
}

func TestOneHotDataset(t *testing.T) {
	df := fruitFrame()
	ds, enc, err := OneHotDataset(df, "sweet", UnknownIgnore)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(ds.Names, ","); got != "color=blue,color=green,color=red,weight,count" {
		t.Fatalf("names %s", got)
	}
	if strings.Join(ds.Classes, ",") != "no,yes" || ds.Y[0] != 1 || ds.Y[1] != 0 {
		t.Errorf("classes %v y %v", ds.Classes, ds.Y)
	}
	test := dataframe.New(
		series.New([]string{"purple", "red"}, series.String, "color"),
		series.New([]float64{1, 2}, series.Float, "weight"),
		series.New([]int{0, 5}, series.Int, "count"),
		series.New([]string{"yes", "yes"}, series.String, "sweet"),
	)
	ts, err := enc.Dataset(test)
	if err != nil {
		t.Fatal(err)
	}
	// Only class "yes" in the test frame: still index 1, as in training.
	if ts.Y[0] != 1 || !mat.Equal(ts.X, mat.NewDense(2, 5, []float64{0, 0, 0, 1, 0, 0, 0, 1, 2, 5})) {
		t.Errorf("test dataset %v %v", ts.Y, mat.Formatted(ts.X))
	}
	test2 := test.Copy()
	test2 = test2.Mutate(series.New([]string{"maybe", "yes"}, series.String, "sweet"))
	if _, err := enc.Dataset(test2); !errors.Is(err, featlab.ErrLabels) {
		t.Errorf("unseen class: %v", err)
	}
}
