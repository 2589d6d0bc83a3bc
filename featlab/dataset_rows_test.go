package featlab_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/featlab/course/featlab"
)

const prostateLike = `lcavol,lweight,age,train,lpsa
-0.58,2.77,50,1,-0.43
-0.99,3.32,58,1,-0.16
-0.51,2.69,74,0,-0.16
-1.20,3.28,58,1,-0.16
0.75,3.43,62,0,0.37
`

func TestWhereThenDropSplitsOnAnIndicator(t *testing.T) {
	df := dataframe.ReadCSV(strings.NewReader(prostateLike))
	ds, err := featlab.FromDataFrame(df, "lpsa")
	if err != nil {
		t.Fatal(err)
	}
	train, err := ds.Where("train", func(v float64) bool { return v == 1 })
	if err != nil {
		t.Fatal(err)
	}
	if train, err = train.Drop("train"); err != nil {
		t.Fatal(err)
	}
	test, _ := ds.Where("train", func(v float64) bool { return v == 0 })
	test, _ = test.Drop("train")
	if m, d := train.Dims(); m != 3 || d != 3 {
		t.Fatalf("train is %dx%d, want 3x3", m, d)
	}
	if m, d := test.Dims(); m != 2 || d != 3 {
		t.Fatalf("test is %dx%d, want 2x3", m, d)
	}
	if got := strings.Join(train.Names, ","); got != "lcavol,lweight,age" {
		t.Errorf("names %s", got)
	}
	if train.X.At(2, 2) != 58 || train.Y[2] != -0.16 || test.X.At(1, 0) != 0.75 || test.Y[1] != 0.37 {
		t.Errorf("wrong rows kept: train %v %v, test %v %v", train.X.RawRowView(2), train.Y, test.X.RawRowView(1), test.Y)
	}
	// the original is untouched
	if m, d := ds.Dims(); m != 5 || d != 4 {
		t.Errorf("original changed to %dx%d", m, d)
	}
	// a condition on the target
	pos, err := ds.Where("lpsa", func(v float64) bool { return v > 0 })
	if err != nil || len(pos.Y) != 1 || pos.Y[0] != 0.37 {
		t.Errorf("Where on the target: %v, %v", pos, err)
	}
	// Filter sees the row index, the features and the target
	odd, err := ds.Filter(func(i int, x []float64, y float64) bool { return i%2 == 1 && x[2] == 58 })
	if err != nil || len(odd.Y) != 2 {
		t.Errorf("Filter: %v, %v", odd, err)
	}
}

func TestWhereDropFilterErrors(t *testing.T) {
	ds, _ := featlab.FromDataFrame(dataframe.ReadCSV(strings.NewReader(prostateLike)), "lpsa")
	for _, c := range []struct {
		name string
		want error
		err  error
	}{
		{"Drop unknown", featlab.ErrMissing, second(ds.Drop("nope"))},
		{"Drop target", featlab.ErrParam, second(ds.Drop("lpsa"))},
		{"Drop all", featlab.ErrEmpty, second(ds.Drop("lcavol", "lweight", "age", "train"))},
		{"Where unknown", featlab.ErrMissing, second(ds.Where("nope", func(float64) bool { return true }))},
		{"Where nil", featlab.ErrParam, second(ds.Where("age", nil))},
		{"Where none", featlab.ErrEmpty, second(ds.Where("age", func(v float64) bool { return v > 100 }))},
		{"Filter nil", featlab.ErrParam, second(ds.Filter(nil))},
		{"nil dataset", featlab.ErrEmpty, second((*featlab.Dataset)(nil).Drop("x"))},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.want)
		}
	}
	if err := second(ds.Drop("nope")); !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("the message should name the column: %v", err)
	}
}

func second(_ *featlab.Dataset, err error) error { return err }

func ExampleDataset_Where() {
	df := dataframe.ReadCSV(strings.NewReader(prostateLike))
	ds, _ := featlab.FromDataFrame(df, "lpsa")
	train, _ := ds.Where("train", func(v float64) bool { return v == 1 })
	train, _ = train.Drop("train")
	m, d := train.Dims()
	fmt.Println(m, d, train.Names)
	// Output: 3 3 [lcavol lweight age]
}
