package featlab_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"

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
