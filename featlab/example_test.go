package featlab_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

func ExampleFromDataFrame() {
	df := dataframe.New(
		series.New([]float64{0.697, 0.774, 0.243}, series.Float, "density"),
		series.New([]int{1, 2, 3}, series.Int, "batch"),
		series.New([]string{"yes", "yes", "no"}, series.String, "ripe"),
	)
	ds, err := featlab.FromDataFrame(df, "ripe")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ds)
	fmt.Println("classes:", ds.Classes, "y:", ds.Y)
	fmt.Println("row 0:", ds.X.RawRowView(0))

	// A text feature is refused, with the column named.
	df = dataframe.New(
		series.New([]string{"green", "dark", "light"}, series.String, "color"),
		series.New([]string{"yes", "yes", "no"}, series.String, "ripe"),
	)
	_, err = featlab.FromDataFrame(df, "ripe")
	fmt.Println(errors.Is(err, featlab.ErrNonNumeric), err)

	// So is a missing value, with its row and column.
	df = dataframe.New(
		series.New([]float64{0.697, math.NaN(), 0.243}, series.Float, "density"),
		series.New([]string{"yes", "yes", "no"}, series.String, "ripe"),
	)
	_, err = featlab.FromDataFrame(df, "ripe")
	fmt.Println(errors.Is(err, featlab.ErrNotFinite), err)
	// Output:
	// Dataset 3 examples x 2 features [density, batch], target "ripe" (2 classes)
	// classes: [no yes] y: [1 1 0]
	// row 0: [0.697 1]
	// true featlab: column "color" holds text ("green" at row 0); encode it with transform.OneHot or drop it: non-numeric column
	// true featlab: missing value at row 1, column "density": NaN or Inf in data
}

func ExampleToDataFrame() {
	X := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	ds, _ := featlab.NewDataset(X, []float64{1, 0}, []string{"a", "b"}, "label")
	ds.Classes = []string{"benign", "malignant"}
	df := featlab.ToDataFrame(ds)
	fmt.Println(df.Names(), df.Col("label").Records())

	back, _ := featlab.FromDataFrameClasses(df, "label", ds.Classes)
	fmt.Println(back.Y, back.Classes)
	// Output:
	// [a b label] [malignant benign]
	// [1 0] [benign malignant]
}

func ExampleSelection_String() {
	s := featlab.NewSelection("|r| with y, top 2", []string{"age", "bmi", "bp"}, []int{1, 2})
	s.Scores = []float64{0.188, 0.586, 0.441}
	s.Ranking = []int{1, 2, 0}
	fmt.Print(s)
	// Output:
	// |r| with y, top 2: chose 2 of 3: bmi, bp
	// feature  score  rank  chosen
	// -------  -----  ----  ------
	// bmi      0.586     1  *
	// bp       0.441     2  *
	// age      0.188     3
}

func ExampleCheckXY() {
	X := mat.NewDense(2, 2, []float64{1, 2, math.Inf(1), 4})
	_, _, err := featlab.CheckXY(X, []float64{0, 1}, []string{"age", "bmi"})
	fmt.Println(err)
	// Output:
	// featlab: value +Inf at row 1, column 0 ("age"): NaN or Inf in data
}
