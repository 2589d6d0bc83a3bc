package featlab_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
)

// A fitted pipeline (standardize, then a lasso) is saved to a file by one
// program and loaded by another, which predicts exactly what the first
// one would have: a Go service need not refit at every start.
func ExampleSave() {
	// The training program.
	X := mat.NewDense(6, 2, []float64{
		1, 10,
		2, 40,
		3, 20,
		4, 60,
		5, 30,
		6, 50,
	})
	y := []float64{3.1, 6.9, 7.2, 11.8, 11.1, 14.9}
	model := transform.Model{
		Steps:   []featlab.Transformer{&transform.Standardize{}},
		Learner: linear.LassoConfig{Lambda: 0.05, Intercept: true},
	}
	fitted, err := model.Fit(X, y)
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "featlab")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "model.json")
	if err := featlab.SaveFile(path, fitted); err != nil {
		fmt.Println(err)
		return
	}

	// The file is JSON a person can read; it starts with its kind.
	text, _ := os.ReadFile(path)
	fmt.Printf("%s\n", bytes.Join(bytes.Split(text, []byte("\n"))[:5], []byte("\n")))

	// The serving program: load and predict new rows.
	f, err := os.Open(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	loaded, err := featlab.LoadAs[featlab.Predictor](f)
	if err != nil {
		fmt.Println(err)
		return
	}
	newRows := mat.NewDense(2, 2, []float64{2.5, 35, 7, 45})
	got, _ := loaded.Predict(newRows)
	want, _ := fitted.Predict(newRows)
	fmt.Printf("%T predicts %.4f\n", loaded, got)
	same := math.Float64bits(got[0]) == math.Float64bits(want[0]) && math.Float64bits(got[1]) == math.Float64bits(want[1])
	fmt.Println("same bits as before saving:", same)
	// Output:
	// {
	//   "format": "featlab",
	//   "format_version": 1,
	//   "kind": "transform.FittedModel",
	//   "kind_version": 1,
	// *transform.FittedModel predicts [7.4546 15.8853]
	// same bits as before saving: true
}

// A model fitted on a data frame is saved, loaded by another program and
// applied to new rows given as a frame with the columns in another order
// and no target column: they are matched by name.
func ExampleLoadAs() {
	train := dataframe.New(
		series.New([]float64{1, 2, 3, 4, 5, 6}, series.Float, "dose"),
		series.New([]float64{10, 40, 20, 60, 30, 50}, series.Float, "weight"),
		series.New([]float64{3.1, 6.9, 7.2, 11.8, 11.1, 14.9}, series.Float, "response"),
	)
	model := transform.Model{
		Steps:   []featlab.Transformer{&transform.Standardize{}},
		Learner: linear.RidgeConfig{Lambda: 0.01, Intercept: true},
	}
	fitted, err := model.FitFrame(train, "response")
	if err != nil {
		fmt.Println(err)
		return
	}
	var file bytes.Buffer // a file, a database column, an HTTP body
	if err := featlab.Save(&file, fitted); err != nil {
		fmt.Println(err)
		return
	}

	loaded, err := featlab.LoadAs[*transform.FittedModel](&file)
	if err != nil {
		fmt.Println(err)
		return
	}
	newRows := dataframe.New(
		series.New([]float64{35, 45}, series.Float, "weight"),
		series.New([]float64{2.5, 7}, series.Float, "dose"),
	)
	pred, err := loaded.PredictFrame(newRows)
	fmt.Printf("features %v, predictions %.4f, %v\n", loaded.Features, pred, err)
	// Output:
	// features [dose weight], predictions [7.4751 15.8401], <nil>
}
