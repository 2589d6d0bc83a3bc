package transform_test

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

type encodeCase struct {
	Categories  [][]string
	Train, Test [][]float64
}

type encodeGolden struct {
	Sklearn string
	Cases   struct {
		TrainNum     [][]float64 `json:"train_num"`
		TestNumX     [][]float64 `json:"test_num"`
		TrainTxt     [][]string  `json:"train_txt"`
		TestTxt      [][]string  `json:"test_txt"`
		OneHotNum    encodeCase  `json:"onehot_num"`
		OneHotText   encodeCase  `json:"onehot_text"`
		OrdinalNum   encodeCase  `json:"ordinal_num"`
		OrdinalText  encodeCase  `json:"ordinal_text"`
		LevelsTrain  [][]float64 `json:"levels_train"`
		LevelsTest   [][]float64 `json:"levels_test"`
		OneHotLevels encodeCase  `json:"onehot_levels"`
		Other        struct {
			Train, Test, Names []string
			Out                [][]float64
		}
	}
}

func readEncodeGolden(t *testing.T) encodeGolden {
	t.Helper()
	b, err := os.ReadFile("testdata/encode_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g encodeGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func dense(rows [][]float64) *mat.Dense {
	m := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		m.SetRow(i, r)
	}
	return m
}

func textFrame(rows [][]string, names ...string) dataframe.DataFrame {
	var ss []series.Series
	for j, n := range names {
		col := make([]string, len(rows))
		for i, r := range rows {
			col[i] = r[j]
		}
		ss = append(ss, series.New(col, series.String, n))
	}
	return dataframe.New(ss...)
}

func frameMat(t *testing.T, df dataframe.DataFrame) *mat.Dense {
	t.Helper()
	m, d := df.Dims()
	X := mat.NewDense(m, d, nil)
	for j, n := range df.Names() {
		for i, v := range df.Col(n).Float() {
			X.Set(i, j, v)
		}
	}
	return X
}

func sameMat(t *testing.T, what string, got mat.Matrix, want [][]float64) {
	t.Helper()
	r, c := got.Dims()
	if r != len(want) || c != len(want[0]) {
		t.Fatalf("%s: %dx%d, scikit-learn %dx%d", what, r, c, len(want), len(want[0]))
	}
	for i := range want {
		for j := range want[i] {
			if got.At(i, j) != want[i][j] {
				t.Fatalf("%s: row %d: %v, scikit-learn %v", what, i, mat.Row(nil, i, got), want[i])
			}
		}
	}
}

// The encoders against scikit-learn 1.2.1 (testdata/encode_golden.py):
// OneHot and Dummies with UnknownIgnore = OneHotEncoder(handle_unknown=
// "ignore"), Dummies with Levels = OneHotEncoder(categories=...), Ordinal
// with UnknownIgnore = OrdinalEncoder(handle_unknown="use_encoded_value",
// unknown_value=-1), OneHot with UnknownOther = OneHotEncoder(
// handle_unknown="infrequent_if_exist") where the fit data's only
// infrequent category is absent from featlab's fit rows.
func TestEncodersMatchSklearn(t *testing.T) {
	g := readEncodeGolden(t)
	c := g.Cases
	Xtr, Xte := dense(c.TrainNum), dense(c.TestNumX)

	oh := &transform.OneHot{Unknown: transform.UnknownIgnore}
	got, err := transform.FitTransform(oh, Xtr)
	if err != nil {
		t.Fatal(err)
	}
	sameMat(t, "OneHot train", got, c.OneHotNum.Train)
	if got, err = oh.Transform(Xte); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "OneHot test", got, c.OneHotNum.Test)
	for j, cats := range oh.Categories() {
		for k, v := range cats {
			if w, _ := strconv.ParseFloat(c.OneHotNum.Categories[j][k], 64); strconv.FormatFloat(w, 'g', -1, 64) != v {
				t.Errorf("column %d category %d: %s, scikit-learn %s", j, k, v, c.OneHotNum.Categories[j][k])
			}
		}
	}

	dm := &transform.Dummies{Unknown: transform.UnknownIgnore}
	if got, err = transform.FitTransform(dm, Xtr); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Dummies train", got, c.OneHotNum.Train)
	if got, err = dm.Transform(Xte); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Dummies test", got, c.OneHotNum.Test)

	dl := &transform.Dummies{Unknown: transform.UnknownIgnore, Levels: [][]string{{"a", "b", "c"}}}
	if got, err = transform.FitTransform(dl, dense(c.LevelsTrain)); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Dummies Levels train", got, c.OneHotLevels.Train)
	if got, err = dl.Transform(dense(c.LevelsTest)); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Dummies Levels test", got, c.OneHotLevels.Test)

	or := &transform.Ordinal{Unknown: transform.UnknownIgnore}
	if got, err = transform.FitTransform(or, Xtr); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Ordinal train", got, c.OrdinalNum.Train)
	if got, err = or.Transform(Xte); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Ordinal test", got, c.OrdinalNum.Test)

	// text, through data frames
	dtr, dte := textFrame(c.TrainTxt, "color", "size"), textFrame(c.TestTxt, "color", "size")
	oht := &transform.OneHot{Unknown: transform.UnknownIgnore}
	f, err := transform.ApplyFrame(oht, dtr)
	if err != nil {
		t.Fatal(err)
	}
	sameMat(t, "OneHot text train", frameMat(t, f), c.OneHotText.Train)
	if f, err = transform.TransformFrame(oht, dte); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "OneHot text test", frameMat(t, f), c.OneHotText.Test)
	ort := &transform.Ordinal{Unknown: transform.UnknownIgnore}
	if f, err = transform.ApplyFrame(ort, dtr); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Ordinal text train", frameMat(t, f), c.OrdinalText.Train)
	if f, err = transform.TransformFrame(ort, dte); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "Ordinal text test", frameMat(t, f), c.OrdinalText.Test)

	// UnknownOther against infrequent_if_exist
	col := func(v []string) [][]string {
		r := make([][]string, len(v))
		for i, s := range v {
			r[i] = []string{s}
		}
		return r
	}
	oo := &transform.OneHot{Unknown: transform.UnknownOther}
	if err := transform.FitFrame(oo, textFrame(col(c.Other.Train), "col")); err != nil {
		t.Fatal(err)
	}
	if f, err = transform.TransformFrame(oo, textFrame(col(c.Other.Test), "col")); err != nil {
		t.Fatal(err)
	}
	sameMat(t, "OneHot UnknownOther", frameMat(t, f), c.Other.Out)
	names, _ := oo.OutputNames([]string{"col"})
	if len(names) != 4 || names[3] != "col="+transform.OtherLevel {
		t.Errorf("names %q", names)
	}
	_ = featlab.ErrShape
}
