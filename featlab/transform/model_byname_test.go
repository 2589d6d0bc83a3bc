package transform_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
)

// New rows whose columns come in another order, without the target: the
// fitted model finds its features by name.
func ExampleFittedModel_PredictFrame() {
	train := dataframe.New(
		series.New([]float64{1, 2, 3, 4, 5}, series.Float, "a"),
		series.New([]float64{0, 1, 0, 2, 1}, series.Float, "b"),
		series.New([]float64{3, 2, 7, 3, 8}, series.Float, "y"), // y = 2a - 3b + 1
	)
	model := transform.Model{Steps: []featlab.Transformer{&transform.Standardize{}}, Learner: linear.LeastSquaresConfig{Intercept: true}}
	fit, err := model.FitFrame(train, "y")
	if err != nil {
		fmt.Println(err)
		return
	}
	newRows := dataframe.New(
		series.New([]float64{10, 0}, series.Float, "b"),
		series.New([]string{"x", "y"}, series.String, "id"), // ignored
		series.New([]float64{1, 10}, series.Float, "a"),
	)
	yhat, err := fit.PredictFrame(newRows)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.4g\n", yhat)
	_, err = fit.PredictFrame(newRows.Drop("a"))
	fmt.Println(errors.Is(err, featlab.ErrMissing), err)
	fit.RefuseExtra = true
	_, err = fit.PredictFrame(newRows)
	fmt.Println(errors.Is(err, featlab.ErrShape))
	// Output:
	// [-27 21]
	// true featlab: transform: feature "a" of the fitted model is not in the data frame (it has: b, id): missing column
	// true
}

// The silent wrong answer of issue 19: a frame with its columns in another
// order, converted to a matrix and passed by position, gave another
// prediction with no error (-525 instead of -0.26 there). By name it is
// the right one, from a frame or a Dataset in any order; a matrix of the
// wrong width is an error.
func TestPredictByNameRegression(t *testing.T) {
	ds := datasets.Diabetes()
	model := transform.Model{
		Steps:   []featlab.Transformer{&transform.Standardize{}},
		Learner: linear.LassoConfig{Lambda: 0.5, Intercept: true},
	}
	fit, err := model.FitDataset(ds)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fit.Predict(ds.X)
	if err != nil {
		t.Fatal(err)
	}
	// The frame of the same rows, columns reversed, target dropped.
	df := ds.DataFrame()
	names := df.Names()
	rev := make([]string, 0, len(names))
	for k := len(names) - 1; k >= 0; k-- {
		if names[k] != ds.Target {
			rev = append(rev, names[k])
		}
	}
	reordered := df.Select(rev)
	byName, err := fit.PredictFrame(reordered)
	if err != nil {
		t.Fatal(err)
	}
	// What the issue did: convert the reordered frame and predict by position.
	Xpos := mat.NewDense(len(ds.Y), len(rev), nil)
	for j, n := range rev {
		Xpos.SetCol(j, reordered.Col(n).Float())
	}
	byPos, err := fit.Predict(Xpos)
	if err != nil {
		t.Fatal(err)
	}
	maxDiff := 0.0
	for i := range want {
		if byName[i] != want[i] {
			t.Fatalf("row %d: by name %v, fitted order %v", i, byName[i], want[i])
		}
		maxDiff = math.Max(maxDiff, math.Abs(byPos[i]-want[i]))
	}
	if maxDiff < 10 {
		t.Errorf("the positional prediction should be wrong here (max difference %v)", maxDiff)
	}
	// A Dataset in another order is reordered.
	idx := make([]int, len(ds.Names))
	for k := range idx {
		idx[k] = len(idx) - 1 - k
	}
	dsRev, _ := ds.Columns(idx)
	got, err := fit.PredictDataset(dsRev)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("PredictDataset row %d: %v, want %v", i, got[i], want[i])
		}
	}
	// Missing, extra, wrong width, matrix fit.
	if _, err := fit.PredictFrame(reordered.Drop("bmi")); !errors.Is(err, featlab.ErrMissing) || !strings.Contains(err.Error(), `"bmi"`) {
		t.Errorf("missing bmi: %v", err)
	}
	dsLess, _ := ds.Columns([]int{0, 1})
	if _, err := fit.PredictDataset(dsLess); !errors.Is(err, featlab.ErrMissing) {
		t.Errorf("Dataset without features: %v", err)
	}
	withTarget := df // the target present is fine, even with RefuseExtra
	strict := *fit
	strict.RefuseExtra = true
	if _, err := strict.PredictFrame(withTarget); err != nil {
		t.Errorf("target present with RefuseExtra: %v", err)
	}
	extra := reordered.Mutate(series.New(make([]float64, len(ds.Y)), series.Float, "zip"))
	if _, err := fit.PredictFrame(extra); err != nil {
		t.Errorf("extra column ignored: %v", err)
	}
	if _, err := strict.PredictFrame(extra); !errors.Is(err, featlab.ErrShape) || !strings.Contains(err.Error(), `"zip"`) {
		t.Errorf("extra column refused: %v", err)
	}
	if _, err := fit.Predict(ds.X.Slice(0, 5, 0, 9)); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("wrong width: %v", err)
	}
	p, _ := model.Fit(ds.X, ds.Y)
	if _, err := p.(*transform.FittedModel).PredictFrame(df); !errors.Is(err, featlab.ErrNotFitted) {
		t.Errorf("matrix fit by name: %v", err)
	}
	// A missing cell is named.
	bad := reordered.Copy()
	bmi := bad.Col("bmi").Float()
	bmi[3] = math.NaN()
	bad = bad.Mutate(series.New(bmi, series.Float, "bmi"))
	if _, err := fit.PredictFrame(bad); !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "bmi") {
		t.Errorf("NaN cell: %v", err)
	}
}

// A categorical feature fitted as codes is read from text by level name.
func TestPredictFrameLevels(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{0, 1, 1, 2, 2, 3, 0, 4, 1, 5, 2, 6})
	y := []float64{1, 3, 5, 4, 6, 8}
	ds := &featlab.Dataset{X: X, Y: y, Names: []string{"size", "w"}, Target: "y", Levels: [][]string{{"s", "m", "l"}, nil}}
	fit, err := transform.Model{Learner: linear.LeastSquaresConfig{Intercept: true}}.FitDataset(ds)
	if err != nil {
		t.Fatal(err)
	}
	df := dataframe.New(series.New([]float64{2, 5}, series.Float, "w"), series.New([]string{"m", "l"}, series.String, "size"))
	got, err := fit.PredictFrame(df)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := fit.Predict(mat.NewDense(2, 2, []float64{1, 2, 2, 5}))
	if got[0] != want[0] || got[1] != want[1] {
		t.Errorf("by level %v, by code %v", got, want)
	}
	df = dataframe.New(series.New([]float64{2}, series.Float, "w"), series.New([]string{"xl"}, series.String, "size"))
	if _, err := fit.PredictFrame(df); !errors.Is(err, transform.ErrUnknownCategory) {
		t.Errorf("unseen level: %v", err)
	}
}

// Text categories end to end: OneHotDataset on the training frame, a model
// fitted on its Dataset, and new rows without a target, columns in another
// order, encoded with the same encoder and predicted by name.
func TestOneHotThenPredictFrame(t *testing.T) {
	train := dataframe.New(
		series.New([]string{"red", "blue", "red", "green", "blue", "green"}, series.String, "color"),
		series.New([]float64{1, 2, 3, 4, 5, 6}, series.Float, "size"),
		series.New([]float64{2.1, 5.9, 6.2, 9.8, 14.1, 13.9}, series.Float, "y"),
	)
	ds, enc, err := transform.OneHotDataset(train, "y", transform.UnknownError)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := transform.Model{Learner: linear.RidgeConfig{Lambda: 0.01}}.FitDataset(ds)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := fit.Predict(ds.X)
	newRows := dataframe.New(
		series.New([]float64{6, 5, 4, 3, 2, 1}, series.Float, "size"),
		series.New([]string{"green", "blue", "green", "red", "blue", "red"}, series.String, "color"),
	)
	encoded, err := transform.TransformFrame(enc.OneHot, newRows, enc.Columns...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := fit.PredictFrame(encoded)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != want[len(want)-1-i] {
			t.Fatalf("row %d: %v, the training row's %v", i, got[i], want[len(want)-1-i])
		}
	}
}
