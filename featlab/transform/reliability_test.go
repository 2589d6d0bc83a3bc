package transform

import (
	"errors"
	"fmt"
	"github.com/featlab/course/datasets"
	"gonum.org/v1/gonum/mat"
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
)

// Regression (issue 9): TransformFrame mapped columns by position, so a
// test frame with its columns in another order got another column's
// parameters, silently.
func TestTransformFrameByName(t *testing.T) {
	train := dataframe.New(
		series.New([]float64{20, 30, 40, 50}, series.Float, "age"),
		series.New([]float64{1000, 2000, 3000, 4000}, series.Float, "income"),
	)
	test := dataframe.New(
		series.New([]float64{2500}, series.Float, "income"),
		series.New([]float64{35}, series.Float, "age"),
	)
	for _, cols := range [][]string{nil, {"age", "income"}, {"income", "age"}} {
		s := &Standardize{}
		if err := FitFrame(s, train, cols...); err != nil {
			t.Fatal(err)
		}
		out, err := TransformFrame(s, test, cols...)
		if err != nil {
			t.Fatalf("cols %v: %v", cols, err)
		}
		if a, inc := out.Col("age").Float()[0], out.Col("income").Float()[0]; math.Abs(a) > 1e-12 || math.Abs(inc) > 1e-12 {
			t.Errorf("cols %v: standardized age %v, income %v; want 0, 0 (the training means)", cols, a, inc)
		}
		if got := strings.Join(out.Names(), ","); got != "income,age" {
			t.Errorf("cols %v: names %s", cols, got)
		}
	}
	// A missing or renamed column is an error naming it.
	s := &Standardize{}
	if err := FitFrame(s, train); err != nil {
		t.Fatal(err)
	}
	renamed := dataframe.New(
		series.New([]float64{35}, series.Float, "Age"),
		series.New([]float64{2500}, series.Float, "income"),
	)
	_, err := TransformFrame(s, renamed)
	if !errors.Is(err, featlab.ErrMissing) || !strings.Contains(err.Error(), `"age"`) {
		t.Errorf("renamed column: %v", err)
	}
	// Asking for other columns than the fitted ones is an error.
	_, err = TransformFrame(s, renamed, "Age", "income")
	if !errors.Is(err, featlab.ErrShape) || !strings.Contains(err.Error(), `"age"`) {
		t.Errorf("other columns: %v", err)
	}
	// Refitting on a matrix forgets the names.
	if err := s.Fit(frameDense(train)); err != nil {
		t.Fatal(err)
	}
	if _, err := TransformFrame(s, renamed); err != nil {
		t.Errorf("after Fit on a matrix: %v", err)
	}
}

// Regression (issue 9): FrameEncoder.Dataset accepted reordered, missing,
// extra and renamed numeric columns.
func TestFrameEncoderChecksNames(t *testing.T) {
	train := dataframe.New(
		series.New([]string{"red", "green", "red", "blue"}, series.String, "color"),
		series.New([]float64{1, 2, 3, 10}, series.Float, "weight"),
		series.New([]int{0, 5, 10, 5}, series.Int, "count"),
		series.New([]float64{1, 2, 3, 4}, series.Float, "y"),
	)
	ds, enc, err := OneHotDataset(train, "y", UnknownError)
	if err != nil {
		t.Fatal(err)
	}
	// Reordered: the same Dataset as for the training order.
	re := train.Select([]string{"count", "y", "weight", "color"})
	got, err := enc.Dataset(re)
	if err != nil {
		t.Fatalf("reordered: %v", err)
	}
	if strings.Join(got.Names, ",") != strings.Join(ds.Names, ",") || !equalDense(got.X, ds.X) {
		t.Errorf("reordered frame gave names %v X %v; want %v %v", got.Names, got.X, ds.Names, ds.X)
	}
	cases := []struct {
		name string
		df   dataframe.DataFrame
		kind error
		says string
	}{
		{"missing", train.Select([]string{"color", "weight", "y"}), featlab.ErrMissing, `"count"`},
		{"renamed", train.Rename("Count", "count"), featlab.ErrMissing, `"count"`},
		{"extra", train.Mutate(series.New([]float64{0, 0, 0, 0}, series.Float, "extra")), featlab.ErrShape, `"extra"`},
	}
	for _, c := range cases {
		_, err := enc.Dataset(c.df)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func equalDense(a, b interface {
	Dims() (int, int)
	At(i, j int) float64
}) bool {
	r, c := a.Dims()
	if r2, c2 := b.Dims(); r != r2 || c != c2 {
		return false
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if a.At(i, j) != b.At(i, j) {
				return false
			}
		}
	}
	return true
}

// Regression (issue 9): Polynomial bounded the number of output columns
// but not rows x columns; degree 17 on diabetes fitted for 19 s and 3.2 GB,
// then Transform asked for 30 GB and died out of memory.
func TestPolynomialMemoryBound(t *testing.T) {
	ds, err := datasets.Load("diabetes")
	if err != nil {
		t.Fatal(err)
	}
	p := &Polynomial{Degree: 17}
	err = p.Fit(ds.X)
	if !errors.Is(err, featlab.ErrTooLarge) || !strings.Contains(err.Error(), "Polynomial.MaxCells") {
		t.Fatalf("degree 17 on diabetes: %v", err)
	}
	if _, err := p.Transform(ds.X); !errors.Is(err, featlab.ErrNotFitted) {
		t.Errorf("Transform after a refused Fit: %v", err)
	}
	// Transform checks its own rows: fitted on 2 rows, 40 rows is over a
	// limit of 1000 cells (C(10+2, 2) = 66 columns; the table of terms needs 924).
	p = &Polynomial{Degree: 2, MaxCells: 1000}
	if err := p.Fit(ds.X.Slice(0, 2, 0, 10)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Transform(ds.X.Slice(0, 40, 0, 10)); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("Transform over MaxCells: %v", err)
	}
	// Raising the limit lets it through.
	p.MaxCells = 40 * 66
	if _, err := p.Transform(ds.X.Slice(0, 40, 0, 10)); err != nil {
		t.Errorf("Transform at MaxCells: %v", err)
	}
}

// OneHot's output (rows x categories) is bounded the same way: an id
// column with one category per row is the usual way to ask for m^2 cells.
func TestOneHotMemoryBound(t *testing.T) {
	m := 1000
	X := mat.NewDense(m, 1, nil)
	ids := make([]string, m)
	for i := 0; i < m; i++ {
		X.Set(i, 0, float64(i))
		ids[i] = fmt.Sprint("id", i)
	}
	o := &OneHot{MaxCells: 100000}
	if err := o.Fit(X); !errors.Is(err, featlab.ErrTooLarge) || !strings.Contains(err.Error(), "OneHot.MaxCells") {
		t.Errorf("matrix: %v", err)
	}
	df := dataframe.New(series.New(ids, series.String, "id"), series.New(ids, series.Float, "v"))
	if err := FitFrame(&OneHot{MaxCells: 100000}, df, "id"); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("frame: %v", err)
	}
	o = &OneHot{MaxCells: 1000}
	if err := o.Fit(X.Slice(0, 1, 0, 1)); err != nil {
		t.Fatal(err)
	}
	big := mat.NewDense(1001, 1, nil)
	if _, err := o.Transform(big); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("Transform over MaxCells: %v", err)
	}
}

// Found by the conformance suite: Standardize's variance underflowed for
// |x| below about 1e-154 (every output silently 0) and overflowed above
// about 1e154 (an error); it is scale-free now.
func TestStandardizeScaleFree(t *testing.T) {
	X := mat.NewDense(4, 2, []float64{1, -3, 2, 5, 4, 1, 8, 0})
	want, err := FitTransform(&Standardize{}, X)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []float64{0x1p-1000, 1e-300, 1e-160, 1e160, 1e300, 0x1p+1000} {
		Xs := mat.DenseCopyOf(X)
		Xs.Scale(c, Xs)
		got, err := FitTransform(&Standardize{}, Xs)
		if err != nil {
			t.Errorf("x %g: %v", c, err)
			continue
		}
		if !mat.EqualApprox(got, want, 1e-12) {
			t.Errorf("x %g: %v, want %v", c, mat.Formatted(got), mat.Formatted(want))
		}
	}
}

// Regression (issue 9): a UTF-8 byte-order mark before the first column
// name (a gota ReadCSV of Excel's "CSV UTF-8") made the frame functions
// miss the column or treat the target as a feature.
func TestFrameBOM(t *testing.T) {
	df := dataframe.ReadCSV(strings.NewReader("\ufeffy,color,w\n1,red,2\n2,blue,3\n3,red,5\n"))
	ds, enc, err := OneHotDataset(df, "y", UnknownError)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ds.Names, ",") != "color=blue,color=red,w" || ds.Target != "y" {
		t.Errorf("names %v target %q", ds.Names, ds.Target)
	}
	if _, err := enc.Dataset(df); err != nil {
		t.Errorf("FrameEncoder.Dataset: %v", err)
	}
	s := &Standardize{}
	if err := FitFrame(s, df, "y"); err != nil {
		t.Errorf("FitFrame naming the first column: %v", err)
	}
	out, err := TransformFrame(s, df)
	if err != nil || out.Names()[0] != "y" {
		t.Errorf("TransformFrame: %v %v", out.Names(), err)
	}
}

// Regression (issue 9, the feature side of the target defect): a numeric
// feature column with one bad cell is read by gota as text, and
// OneHotDataset encoded each of its numbers as a category, silently.
func TestOneHotDatasetNumericBadCell(t *testing.T) {
	for _, bad := range []string{"?", "6..1", "1e400"} {
		df := dataframe.ReadCSV(strings.NewReader("age,color,y\n31,red,1\n45,blue,2\n" + bad + ",red,3\n27,red,4\n"))
		ds, _, err := OneHotDataset(df, "y", UnknownError)
		if err == nil {
			t.Errorf("%q: no error; features %v", bad, ds.Names)
			continue
		}
		if !(errors.Is(err, featlab.ErrNotFinite) || errors.Is(err, featlab.ErrNonNumeric)) || !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), `"age"`) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	// MaxCells reaches the encoder through OneHotDatasetWith.
	df := dataframe.ReadCSV(strings.NewReader("id,y\na,1\nb,2\nc,3\n"))
	if _, _, err := OneHotDatasetWith(df, "y", &OneHot{MaxCells: 4}); !errors.Is(err, featlab.ErrTooLarge) {
		t.Errorf("MaxCells 4 for 3 x 3 indicators: %v", err)
	}
	if _, _, err := OneHotDatasetWith(df, "y", &OneHot{MaxCells: 9}); err != nil {
		t.Errorf("MaxCells 9: %v", err)
	}
}

// The same for FitFrame's default columns of a OneHot; naming the column
// encodes it as asked.
func TestOneHotDefaultColumnsNumericBadCell(t *testing.T) {
	df := dataframe.ReadCSV(strings.NewReader("age,color\n31,red\n45,blue\n?,red\n27,red\n"))
	err := FitFrame(&OneHot{}, df)
	if !errors.Is(err, featlab.ErrNonNumeric) || !strings.Contains(err.Error(), "row 2") {
		t.Errorf("default columns: %v", err)
	}
	if err := FitFrame(&OneHot{}, df, "age", "color"); err != nil {
		t.Errorf("named columns: %v", err)
	}
}

// scaleBy is a transformer from "another package": it multiplies column j
// by j+1 and has no place to remember frame names.
type scaleBy struct{ d int }

func (s *scaleBy) Fit(X mat.Matrix) error { _, s.d = X.Dims(); return nil }
func (s *scaleBy) Transform(X mat.Matrix) (*mat.Dense, error) {
	r, c := X.Dims()
	if c != s.d {
		return nil, featlab.Errorf(featlab.ErrShape, "fitted on %d columns, got %d", s.d, c)
	}
	out := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			out.Set(i, j, X.At(i, j)*float64(j+1))
		}
	}
	return out, nil
}

// Found by the suite (represent's transformers): a transformer from
// outside the package did not remember FitFrame's columns, so a
// reordered test frame was transformed by position.
func TestTransformFrameOutsideTransformer(t *testing.T) {
	train := dataframe.New(
		series.New([]float64{1, 2}, series.Float, "a"),
		series.New([]float64{10, 20}, series.Float, "b"),
	)
	s := &scaleBy{}
	if err := FitFrame(s, train); err != nil {
		t.Fatal(err)
	}
	out, err := TransformFrame(s, train.Select([]string{"b", "a"}))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := out.Col("a").Float()[0], out.Col("b").Float()[0]; a != 1 || b != 20 {
		t.Errorf("a = %v (want 1), b = %v (want 20)", a, b)
	}
	if _, err := TransformFrame(s, train.Rename("B", "b")); !errors.Is(err, featlab.ErrMissing) || !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("renamed: %v", err)
	}
}
