package transform

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
)

// imputeGolden is testdata/golden_impute.json, written by
// testdata/golden_impute.py with scikit-learn 1.2.1 (null is NaN).
type imputeGolden struct {
	Data map[string]struct {
		Train [][]*float64 `json:"train"`
		Test  [][]*float64 `json:"test"`
	} `json:"data"`
	Cases []struct {
		Name   string `json:"name"`
		Data   string `json:"data"`
		Params struct {
			Strategy  string  `json:"strategy"`
			Indicator bool    `json:"indicator"`
			Fill      float64 `json:"fill"`
			K         int     `json:"k"`
			Weights   string  `json:"weights"`
		} `json:"params"`
		TrainOut   [][]*float64 `json:"train_out"`
		TestOut    [][]*float64 `json:"test_out"`
		Statistics []float64    `json:"statistics"`
		Features   []int        `json:"features"`
	} `json:"cases"`
}

func nullMatrix(rows [][]*float64) *mat.Dense {
	if len(rows) == 0 {
		return nil
	}
	X := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		for j, v := range r {
			if v == nil {
				X.Set(i, j, math.NaN())
			} else {
				X.Set(i, j, *v)
			}
		}
	}
	return X
}

// closeTo: sklearn sums with numpy (pairwise) and computes nan_euclidean
// distances by the expansion x.x - 2x.y + y.y, so the last bits differ.
func closeTo(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-12*max(1, math.Abs(b))
}

func sameMatrix(t *testing.T, what string, got, want *mat.Dense) {
	t.Helper()
	gr, gc := got.Dims()
	wr, wc := want.Dims()
	if gr != wr || gc != wc {
		t.Errorf("%s: %dx%d, want %dx%d", what, gr, gc, wr, wc)
		return
	}
	for i := 0; i < gr; i++ {
		for j := 0; j < gc; j++ {
			if g, w := got.At(i, j), want.At(i, j); !closeTo(g, w) {
				t.Errorf("%s: [%d][%d] = %v, want %v", what, i, j, g, w)
				return
			}
		}
	}
}

func readImputeGolden(t *testing.T) imputeGolden {
	t.Helper()
	b, err := os.ReadFile("testdata/golden_impute.json")
	if err != nil {
		t.Fatal(err)
	}
	var g imputeGolden
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestImputerGolden(t *testing.T) {
	g := readImputeGolden(t)
	t.Logf("%d cases from scikit-learn 1.2.1", len(g.Cases))
	strategies := map[string]ImputeStrategy{"mean": ImputeMean, "median": ImputeMedian, "most_frequent": ImputeMostFrequent, "constant": ImputeConstant, "knn": ImputeKNN, "indicator": ImputeMean}
	for _, c := range g.Cases {
		p := c.Params
		im := &Imputer{Strategy: strategies[p.Strategy], Indicator: p.Indicator, FillValue: p.Fill, K: p.K}
		if p.Weights == "distance" {
			im.Weights = KNNDistance
		}
		d := g.Data[c.Data]
		train, test := nullMatrix(d.Train), nullMatrix(d.Test)
		if err := im.Fit(train); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if p.Strategy == "indicator" { // MissingIndicator(features="missing-only")
			if fmt.Sprint(im.MissingFeatures()) != fmt.Sprint(c.Features) {
				t.Errorf("%s: MissingFeatures %v, want %v", c.Name, im.MissingFeatures(), c.Features)
			}
			im.Indicator = true
			out, _ := im.Transform(test)
			_, dd := test.Dims()
			ind := out.Slice(0, len(d.Test), dd, dd+len(c.Features)).(*mat.Dense)
			sameMatrix(t, c.Name+" test", mat.DenseCopyOf(ind), nullMatrix(c.TestOut))
			continue
		}
		if c.Statistics != nil {
			for j, s := range im.Statistics() {
				if !closeTo(s, c.Statistics[j]) {
					t.Errorf("%s: statistic %d = %v, want %v", c.Name, j, s, c.Statistics[j])
				}
			}
		}
		out, err := im.Transform(test)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		sameMatrix(t, c.Name+" test", out, nullMatrix(c.TestOut))
		if c.TrainOut != nil {
			out, _ := im.Transform(train)
			sameMatrix(t, c.Name+" train", out, nullMatrix(c.TrainOut))
		}
	}
}

// Properties: observed values pass through untouched; mean imputation
// keeps the column means of the training data; Transform on new data
// uses only what Fit learned; the worker count does not change KNN.
func TestImputerProperties(t *testing.T) {
	g := readImputeGolden(t)
	train := nullMatrix(g.Data["cont"].Train)
	test := nullMatrix(g.Data["cont"].Test)
	im := &Imputer{}
	out, err := FitTransform(im, train)
	if err != nil {
		t.Fatal(err)
	}
	m, d := train.Dims()
	for j := 0; j < d; j++ {
		s := 0.0
		for i := 0; i < m; i++ {
			if v := train.At(i, j); !math.IsNaN(v) && out.At(i, j) != v {
				t.Fatalf("observed [%d][%d] changed", i, j)
			}
			s += out.At(i, j)
		}
		if !closeTo(s/float64(m), im.Statistics()[j]) {
			t.Errorf("column %d mean %v after imputation, want %v", j, s/float64(m), im.Statistics()[j])
		}
	}
	before := im.Statistics()
	if _, err := im.Transform(test); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(before) != fmt.Sprint(im.Statistics()) {
		t.Error("Transform changed the fitted statistics")
	}
	var ref *mat.Dense
	for _, w := range []int{1, 2, 4} {
		k := &Imputer{Strategy: ImputeKNN, K: 3, Weights: KNNDistance, Workers: w}
		o, err := FitTransform(k, train)
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref = o
		} else if !mat.Equal(ref, o) {
			t.Errorf("Workers %d changed the result", w)
		}
	}
}

func TestImputerErrors(t *testing.T) {
	nan := math.NaN()
	allMissing := mat.NewDense(3, 2, []float64{1, nan, 2, nan, 3, nan})
	err := (&Imputer{}).Fit(allMissing)
	if !errors.Is(err, featlab.ErrEmpty) || !strings.Contains(err.Error(), "column 1") || !strings.Contains(err.Error(), "ImputeConstant") {
		t.Errorf("all-missing column: %v", err)
	}
	im := &Imputer{Strategy: ImputeConstant, FillValue: -1, Indicator: true}
	out, err := FitTransform(im, allMissing)
	if err != nil || out.At(0, 1) != -1 || out.At(0, 2) != 1 {
		t.Errorf("constant on an all-missing column: %v %v", out, err)
	}
	names, _ := im.OutputNames([]string{"a", "Ozone"})
	if fmt.Sprint(names) != "[a Ozone missing(Ozone)]" {
		t.Errorf("names %v", names)
	}
	inf := mat.NewDense(2, 1, []float64{1, math.Inf(1)})
	if err := (&Imputer{}).Fit(inf); !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "row 1") {
		t.Errorf("Inf: %v", err)
	}
	for _, bad := range []Imputer{{Strategy: 9}, {K: -1}, {Weights: 5}, {FillValue: nan}} {
		if err := bad.Fit(allMissing); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if _, err := (&Imputer{}).Transform(inf); !errors.Is(err, featlab.ErrNotFitted) {
		t.Errorf("before Fit: %v", err)
	}
}

// A learner that meets a NaN without an imputer names the cell and points
// to the imputer; with one in the Model it fits.
func TestMissingHintWithoutImputer(t *testing.T) {
	ds := datasets.Airquality()
	cc, _, _ := ds.CompleteCases()
	_ = cc
	// Solar.R (column 0) is missing in 7 rows; keep the rows with Ozone.
	obs, err := ds.Filter(func(_ int, _ []float64, y float64) bool { return !math.IsNaN(y) })
	if err != nil {
		t.Fatal(err)
	}
	_, err = FitTransform(&Standardize{}, obs.X)
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "transform.Imputer") || !strings.Contains(err.Error(), "row 4") {
		t.Errorf("Standardize on NaN: %v", err)
	}
	if err := featlab.CheckMatrix(obs.X, obs.Names); err == nil || !strings.Contains(err.Error(), `"Solar.R"`) || !strings.Contains(err.Error(), featlab.MissingHint) {
		t.Errorf("CheckMatrix: %v", err)
	}
	p := &Pipeline{Steps: []featlab.Transformer{&Imputer{Strategy: ImputeMedian}, &Standardize{}}}
	if _, err := FitTransform(p, obs.X); err != nil {
		t.Errorf("with an imputer: %v", err)
	}
}

// Frames: the imputer reads gota's NA cells as missing and finds its
// columns by name in a reordered frame.
func TestImputerFrame(t *testing.T) {
	df := datasets.AirqualityFrame()
	im := &Imputer{Strategy: ImputeMedian, Indicator: true}
	out, err := ApplyFrame(im, df, "Ozone", "Solar.R")
	if err != nil {
		t.Fatal(err)
	}
	// R: median(airquality$Ozone, na.rm = TRUE) = 31.5, Solar.R 205.
	if s := im.Statistics(); s[0] != 31.5 || s[1] != 205 {
		t.Errorf("medians %v, want R's 31.5 205", s)
	}
	if v := out.Col("Ozone").Elem(4).Float(); v != 31.5 {
		t.Errorf("Ozone[4] = %v", v)
	}
	if v := out.Col("missing(Solar.R)").Elem(4).Float(); v != 1 {
		t.Errorf("missing(Solar.R)[4] = %v", v)
	}
	re := df.Select([]string{"Day", "Solar.R", "Temp", "Ozone"})
	out2, err := TransformFrame(im, re)
	if err != nil {
		t.Fatal(err)
	}
	if v := out2.Col("Ozone").Elem(4).Float(); v != 31.5 {
		t.Errorf("reordered Ozone[4] = %v", v)
	}
	if _, err := TransformFrame(im, df.Drop("Ozone")); !errors.Is(err, featlab.ErrMissing) || !strings.Contains(err.Error(), "Ozone") {
		t.Errorf("missing column: %v", err)
	}
}

// A Pipeline that starts with an Imputer reads missing cells of a frame
// too, and the steps after it see the filled values.
func TestImputerPipelineFrame(t *testing.T) {
	df := datasets.AirqualityFrame()
	p := &Pipeline{Steps: []featlab.Transformer{&Imputer{Indicator: true}, &Standardize{}}}
	out, err := ApplyFrame(p, df, "Ozone", "Solar.R", "Wind")
	if err != nil {
		t.Fatal(err)
	}
	names := out.Names()
	if fmt.Sprint(names) != "[Ozone Solar.R Wind missing(Ozone) missing(Solar.R) Temp Month Day]" {
		t.Errorf("names %v", names)
	}
	s := 0.0
	for _, v := range out.Col("Ozone").Float() {
		if math.IsNaN(v) {
			t.Fatal("NaN left")
		}
		s += v
	}
	if math.Abs(s) > 1e-9 {
		t.Errorf("standardized Ozone sums to %v", s)
	}
	// Without the imputer first, the frame's NA is refused, naming it.
	_, err = ApplyFrame(&Pipeline{Steps: []featlab.Transformer{&Standardize{}}}, df, "Ozone")
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), `"Ozone"`) || !strings.Contains(err.Error(), "transform.Imputer") {
		t.Errorf("without an imputer: %v", err)
	}
}

// FuzzImputer: any matrix (NaN, infinities, huge values), any strategy:
// an error wrapping a sentinel, or a result with no NaN whose observed
// cells are the input's.
func FuzzImputer(f *testing.F) {
	f.Add([]byte{1, 2, 3, 255, 4, 5, 6, 7, 8}, uint8(0), uint8(3), uint8(2))
	f.Add([]byte{255, 255, 3, 4}, uint8(4), uint8(2), uint8(1))
	f.Add([]byte{9, 254, 255, 7, 1, 0}, uint8(2), uint8(2), uint8(0))
	f.Fuzz(func(t *testing.T, cells []byte, strategy, width, k uint8) {
		d := int(width%4) + 1
		m := len(cells) / d
		if m == 0 {
			return
		}
		X := mat.NewDense(m, d, nil)
		for i := 0; i < m; i++ {
			for j := 0; j < d; j++ {
				v := float64(cells[i*d+j]) - 100
				switch cells[i*d+j] {
				case 255:
					v = math.NaN()
				case 254:
					v = math.Inf(1)
				case 253:
					v = 1e308
				}
				X.Set(i, j, v)
			}
		}
		im := &Imputer{Strategy: ImputeStrategy(strategy % 5), K: int(k % 4), Weights: KNNWeights(k % 2), Indicator: k%3 == 0}
		out, err := FitTransform(im, X)
		if err != nil {
			if !errors.Is(err, featlab.ErrNotFinite) && !errors.Is(err, featlab.ErrEmpty) {
				t.Fatalf("error %v wraps no expected sentinel", err)
			}
			return
		}
		for i := 0; i < m; i++ {
			for j := 0; j < d; j++ {
				v, o := X.At(i, j), out.At(i, j)
				if math.IsNaN(o) || (!math.IsNaN(v) && o != v) {
					t.Fatalf("[%d][%d]: %v -> %v", i, j, v, o)
				}
			}
		}
	})
}
