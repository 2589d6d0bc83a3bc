package featlab

import (
	"errors"
	"fmt"
	"gonum.org/v1/gonum/mat"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
)

// Regression (issue 9): a numeric target column with one bad cell was read
// by gota as text and silently became K class labels, while the same cell
// in a feature column was rejected.
func TestNumericTargetBadCell(t *testing.T) {
	for _, bad := range []string{"1e400", "6..1", "?", "NA", "-inf"} {
		csv := "a,b,y\n1,2,3.5\n2,3,4.25\n3,5," + bad + "\n4,1,7\n"
		df := dataframe.ReadCSV(strings.NewReader(csv))
		ds, err := FromDataFrame(df, "y")
		if err == nil {
			t.Errorf("target cell %q: no error; Y = %v, Classes = %v", bad, ds.Y, ds.Classes)
			continue
		}
		if !errors.Is(err, ErrNotFinite) && !errors.Is(err, ErrNonNumeric) {
			t.Errorf("target cell %q: error %v wraps neither ErrNotFinite nor ErrNonNumeric", bad, err)
		}
		if !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), `"y"`) {
			t.Errorf("target cell %q: error %q does not name row 2 and the target", bad, err)
		}
	}
	// Text stays a class label, and the caller can ask for labels.
	df := dataframe.ReadCSV(strings.NewReader("a,y\n1,cat\n2,dog\n3,cat\n"))
	ds, err := FromDataFrame(df, "y")
	if err != nil || len(ds.Classes) != 2 {
		t.Errorf("text target: %v %v", ds, err)
	}
	df = dataframe.ReadCSV(strings.NewReader("a,y\n1,1\n2,2\n3,?\n"))
	ds, err = FromDataFrameClasses(df, "y", []string{"1", "2", "?"})
	if err != nil || ds.Y[2] != 2 {
		t.Errorf("labels asked for: %v %v", ds, err)
	}
}

// Regression (issue 9): a UTF-8 byte-order mark stayed in the first
// column's name.
func TestBOMStripped(t *testing.T) {
	df := dataframe.ReadCSV(strings.NewReader("\ufeffy,a,b\n1,2,3\n2,3,1\n3,1,2\n"))
	ds, err := FromDataFrame(df, "y")
	if err != nil {
		t.Fatalf("target after a BOM: %v", err)
	}
	if ds.Target != "y" {
		t.Errorf("target %q", ds.Target)
	}
	df = dataframe.ReadCSV(strings.NewReader("\ufeffa,b,y\n1,2,3\n2,3,1\n3,1,2\n"))
	ds, err = FromDataFrame(df, "y")
	if err != nil {
		t.Fatal(err)
	}
	if ds.Names[0] != "a" {
		t.Errorf("feature name %q", ds.Names[0])
	}
}

// panicMessage returns the message f panics with, or "" when it returns.
func panicMessage(f func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprint(p)
		}
	}()
	f()
	return ""
}

// Regression (issue 9): index methods with no error result panicked on a
// bad index with a message that named neither the method nor the length.
// They are programmer errors (documented), with a clear panic message.
func TestIndexPanicsNameIndexAndLength(t *testing.T) {
	ds, err := NewDataset(mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6}), []float64{1, 2, 3}, nil, "y")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		f    func()
		says []string
	}{
		{"Dataset.Rows", func() { ds.Rows([]int{0, 7}) }, []string{"Dataset.Rows", "7", "3 rows"}},
		{"Dataset.Rows negative", func() { ds.Rows([]int{-1}) }, []string{"Dataset.Rows", "-1", "3 rows"}},
		{"NewSelection", func() { NewSelection("m", []string{"a", "b"}, []int{1, 5}) }, []string{"NewSelection", "5", "2 features"}},
		{"Selection.Mask", func() { (&Selection{Names: []string{"a"}, Chosen: []int{4}}).Mask() }, []string{"Mask", "4", "1 feature"}},
		{"DefaultNames", func() { DefaultNames(-2) }, []string{"DefaultNames", "-2"}},
		{"Selection.DataFrame, Constant out of range", func() { (&Selection{Names: []string{"a"}, Constant: []int{9}}).DataFrame() }, []string{"DataFrame", "Constant", "9", "1 feature"}},
		{"Selection.String, short Scores", func() { _ = (&Selection{Names: []string{"a", "b"}, Scores: []float64{1}}).String() }, []string{"String", "1 scores", "2 features"}},
	}
	for _, c := range cases {
		msg := panicMessage(c.f)
		if msg == "" {
			t.Errorf("%s: no panic", c.name)
			continue
		}
		for _, s := range c.says {
			if !strings.Contains(msg, s) {
				t.Errorf("%s: panic %q does not say %q", c.name, msg, s)
			}
		}
	}
}

// FromDataFrameLike converts a test frame by name as the training Dataset
// was made: the frame-level counterpart of FrameEncoder.Dataset for
// frames without text features.
func TestFromDataFrameLike(t *testing.T) {
	train := dataframe.ReadCSV(strings.NewReader("age,bmi,y\n20,31,a\n30,22,b\n40,25,a\n"))
	ds, err := FromDataFrame(train, "y")
	if err != nil {
		t.Fatal(err)
	}
	test := dataframe.ReadCSV(strings.NewReader("y,bmi,age\nb,24,35\n"))
	got, err := FromDataFrameLike(test, ds)
	if err != nil {
		t.Fatal(err)
	}
	if got.X.At(0, 0) != 35 || got.X.At(0, 1) != 24 || got.Y[0] != 1 || strings.Join(got.Names, ",") != "age,bmi" {
		t.Errorf("reordered: X %v Y %v names %v", got.X.RawRowView(0), got.Y, got.Names)
	}
	for _, c := range []struct {
		csv  string
		kind error
		says string
	}{
		{"y,BMI,age\nb,24,35\n", ErrMissing, `"bmi"`},
		{"y,age\nb,35\n", ErrMissing, `"bmi"`},
		{"y,bmi,age,id\nb,24,35,7\n", ErrShape, `"id"`},
		{"y,bmi,age\nc,24,35\n", ErrLabels, `"c"`},
	} {
		_, err := FromDataFrameLike(dataframe.ReadCSV(strings.NewReader(c.csv)), ds)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v", c.csv, err)
		}
	}
}

// A feature column of numbers with one bad cell names the cell and does
// not advise one-hot encoding (it is not text).
func TestNumericFeatureBadCell(t *testing.T) {
	df := dataframe.ReadCSV(strings.NewReader("a,y\n1,3\n2,4\n6..1,5\n4,7\n"))
	_, err := FromDataFrame(df, "y")
	if !errors.Is(err, ErrNonNumeric) || !strings.Contains(err.Error(), `"6..1" at row 2`) || strings.Contains(err.Error(), "OneHot") {
		t.Errorf("%v", err)
	}
}
