package transform_test

import (
	"errors"
	"fmt"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab/transform"
)

// mtcars' cyl is an integer column meant as a category: Dummies encodes
// it in place, with no cast to strings, and the other columns pass
// through. A cylinder count unseen at fit time gets the "(other)" column.
func ExampleDummies() {
	X := mat.NewDense(4, 2, []float64{ // cyl, mpg
		6, 21.0,
		4, 22.8,
		8, 18.7,
		6, 21.4,
	})
	d := &transform.Dummies{Columns: []int{0}, Unknown: transform.UnknownOther}
	if err := d.Fit(X); err != nil {
		fmt.Println(err)
		return
	}
	names, _ := d.OutputNames([]string{"cyl", "mpg"})
	fmt.Println(names)
	out, _ := d.Transform(mat.NewDense(2, 2, []float64{8, 15, 12, 9.5}))
	fmt.Println(mat.Formatted(out))
	groups, _ := d.Groups([]string{"cyl", "mpg"})
	fmt.Println(groups)
	// Output:
	// [cyl=4 cyl=6 cyl=8 cyl=(other) mpg]
	// ⎡  0    0    1    0   15⎤
	// ⎣  0    0    0    1  9.5⎦
	// [{cyl [0 1 2 3]} {mpg [4]}]
}

// Ordered levels keep their order with Categories; an unseen level is an
// error by default, or the code -1 with UnknownIgnore.
func ExampleOrdinal() {
	train := dataframe.New(series.New([]string{"low", "high", "mid", "low"}, series.String, "risk"))
	o := &transform.Ordinal{Categories: [][]string{{"low", "mid", "high"}}}
	out, err := transform.ApplyFrame(o, train)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.Col("risk").Float())
	test := dataframe.New(series.New([]string{"mid", "extreme"}, series.String, "risk"))
	_, err = transform.TransformFrame(o, test)
	fmt.Println(errors.Is(err, transform.ErrUnknownCategory))
	o2 := &transform.Ordinal{Categories: o.Categories, Unknown: transform.UnknownIgnore}
	transform.FitFrame(o2, train)
	out, _ = transform.TransformFrame(o2, test)
	fmt.Println(out.Col("risk").Float())
	// Output:
	// [0 2 1 0]
	// true
	// [1 -1]
}

// A column with too many levels to be a category is refused, naming it.
func ExampleOneHot_maxLevels() {
	ids := make([]string, 30)
	for i := range ids {
		ids[i] = fmt.Sprint("id", i)
	}
	df := dataframe.New(series.New(ids, series.String, "customer"))
	err := transform.FitFrame(&transform.OneHot{MaxLevels: 20}, df)
	fmt.Println(errors.Is(err, transform.ErrTooManyLevels))
	fmt.Println(err)
	// Output:
	// true
	// featlab: transform: column "customer" has 30 distinct values at fit time, over the limit of 20 levels (raise OneHot.MaxLevels, negative: no limit, if it is a categorical feature): too many category levels (too large for the memory limit)
}
