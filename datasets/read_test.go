package datasets

import (
	"bytes"
	"encoding/csv"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
)

func TestReadCSV(t *testing.T) {
	ds, err := ReadCSV(strings.NewReader("a, b ,label\n1, 2.5 ,cat\n-4,0.125,dog\n7,1e-3, cat\n"), "label")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds.Names, []string{"a", "b"}) || ds.Target != "label" {
		t.Errorf("names %v target %q", ds.Names, ds.Target)
	}
	if !reflect.DeepEqual(ds.X.RawMatrix().Data, []float64{1, 2.5, -4, 0.125, 7, 1e-3}) {
		t.Errorf("X = %v", ds.X.RawMatrix().Data)
	}
	if !reflect.DeepEqual(ds.Classes, []string{"cat", "dog"}) || !reflect.DeepEqual(ds.Y, []float64{0, 1, 0}) {
		t.Errorf("classes %v y %v", ds.Classes, ds.Y)
	}
	ds, err = ReadCSV(strings.NewReader("x,ok\n1,true\n2,false\n"), "ok")
	if err != nil || !reflect.DeepEqual(ds.Classes, []string{"false", "true"}) || !reflect.DeepEqual(ds.Y, []float64{1, 0}) {
		t.Errorf("bool target: %v %v", ds, err)
	}
	ds, err = ReadCSV(strings.NewReader("x,y\n1,0.5\n2,-1.5\n"), "y")
	if err != nil || ds.Classes != nil || !reflect.DeepEqual(ds.Y, []float64{0.5, -1.5}) {
		t.Errorf("numeric target: %v %v", ds, err)
	}
}

// Reading an embedded file through ReadCSV gives the loader's dataset.
func TestReadCSVEmbedded(t *testing.T) {
	for _, name := range []string{"iris", "diabetes", "wine"} {
		raw, _ := Raw(name)
		want, _ := Load(name)
		got, err := ReadCSV(bytes.NewReader(raw), want.Target)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.X.RawMatrix().Data, want.X.RawMatrix().Data) || !reflect.DeepEqual(got.Y, want.Y) || !reflect.DeepEqual(got.Names, want.Names) {
			t.Errorf("%s: ReadCSV differs from Load", name)
		}
	}
}

func TestReadCSVErrors(t *testing.T) {
	cases := []struct {
		name, in, target string
		kind             error
		words            []string
	}{
		{"text feature", "a,colour,y\n1,red,0\n2,blue,1\n", "y", featlab.ErrNonNumeric, []string{`"colour"`, "OneHot"}},
		{"empty field", "a,b,y\n1,2,0\n3,,1\n", "y", featlab.ErrNotFinite, []string{"row 1", `"b"`}},
		{"NA", "a,b,y\n1,NA,0\n3,4,1\n", "y", featlab.ErrNotFinite, []string{"row 0", `"b"`}},
		{"NaN in floats", "a,b,y\n1.5,2,0\n3,NaN,1\n", "y", featlab.ErrNotFinite, []string{"row 1", `"b"`}},
		{"nan in floats", "a,b,y\n1.5,2,0\n3,nan,1\n", "y", featlab.ErrNotFinite, []string{"row 1", `"b"`}},
		{"Inf", "a,b,y\n1.5,-inf,0\n3,2,1\n", "y", featlab.ErrNotFinite, []string{"row 0", `"b"`, "-Inf"}},
		{"overflow", "a,b,y\n1.5,2,0\n3,1e400,1\n", "y", featlab.ErrNotFinite, []string{"row 1", `"b"`}},
		{"missing target value", "a,y\n1,\n2,3\n", "y", featlab.ErrNotFinite, []string{"row 0", `"y"`}},
		{"missing class label", "a,y\n1,cat\n2,\n", "y", featlab.ErrNotFinite, []string{"row 1", `"y"`}},
		{"no target", "a,b\n1,2\n", "y", featlab.ErrMissing, []string{`"y"`, "a, b"}},
		{"target only", "y\n1\n2\n", "y", featlab.ErrEmpty, nil},
		{"header only", "a,y\n", "y", featlab.ErrEmpty, nil},
		{"nothing", "", "y", featlab.ErrEmpty, nil},
		{"blank lines", "\n\n\n", "y", featlab.ErrEmpty, nil},
		{"ragged", "a,y\n1,2\n3\n", "y", featlab.ErrShape, []string{"line 3", "wrong number of fields"}},
		{"bare quote", "a,y\n1,2\"\n", "y", featlab.ErrShape, []string{"line 2"}},
	}
	for _, c := range cases {
		_, err := ReadCSV(strings.NewReader(c.in), c.target)
		if !errors.Is(err, c.kind) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.kind)
			continue
		}
		for _, w := range c.words {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: message %q does not mention %q", c.name, err, w)
			}
		}
	}
	_, err := ReadCSV(strings.NewReader("a,y\n1,2\n3\n"), "y")
	if !errors.Is(err, csv.ErrFieldCount) {
		t.Errorf("ragged: the csv error must be wrapped too: %v", err)
	}
	if _, err := ReadCSV(nil, "y"); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil reader: %v", err)
	}
}

func TestReadFrame(t *testing.T) {
	df, err := ReadFrame(strings.NewReader("n,f,s,b,,n\n1,2.5,x,true,7,8\nNA,3,y,false,8,9\n"))
	if err != nil {
		t.Fatal(err)
	}
	// Duplicate and empty names are renamed by gota.
	if got := df.Names(); !reflect.DeepEqual(got, []string{"n_0", "f", "s", "b", "X0", "n_1"}) {
		t.Errorf("names %v", got)
	}
	types := []series.Type{series.Int, series.Float, series.String, series.Bool, series.Int, series.Int}
	for j, ty := range types {
		if got := df.Col(df.Names()[j]).Type(); got != ty {
			t.Errorf("column %d type %v, want %v", j, got, ty)
		}
	}
	if !df.Col("n_0").Elem(1).IsNA() || df.Col("f").Float()[0] != 2.5 {
		t.Error("values")
	}
	if _, err := ReadFrame(strings.NewReader("a\n")); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("header only: %v", err)
	}
	// NaN values survive in the frame (they are data); ReadCSV refuses them.
	df, err = ReadFrame(strings.NewReader("a\nnan\n1.5\n"))
	if err != nil || !math.IsNaN(df.Col("a").Float()[0]) {
		t.Errorf("NaN in a frame: %v", err)
	}
}

// The fuzz targets check that no input makes the loaders panic, that every
// error wraps a featlab sentinel, and that a returned dataset is valid.
func FuzzReadCSV(f *testing.F) {
	f.Add("a,b,y\n1,2,3\n4,5,6\n", "y")
	f.Add("a, b ,label\n1, 2.5 ,cat\n-4,0.125,dog\n", "label")
	f.Add("a,b,y\n1,NA,0\n3,,1\n", "y")
	f.Add("a,\"b\ny\",y\n1,\"2,3\",4\n", "y")
	f.Add("x,ok\n1,true\n2,false\n", "ok")
	f.Add("a,a,,y\n1e400,-0,0x1p-3,a\n", "y")
	f.Fuzz(func(t *testing.T, data, target string) {
		ds, err := ReadCSV(strings.NewReader(data), target)
		if err != nil {
			if !isSentinel(err) {
				t.Fatalf("error %v wraps no featlab sentinel", err)
			}
			return
		}
		if _, _, err := featlab.CheckXY(ds.X, ds.Y, ds.Names); err != nil {
			t.Fatalf("ReadCSV returned an invalid dataset: %v", err)
		}
		if ds.Classes != nil {
			if _, err := featlab.ClassLabels(ds.Y, 1); err != nil {
				t.Fatal(err)
			}
			for _, v := range ds.Y {
				if int(v) >= len(ds.Classes) {
					t.Fatalf("class %v of %d", v, len(ds.Classes))
				}
			}
		}
	})
}

func FuzzReadFrame(f *testing.F) {
	f.Add("a,b\n1,2\n")
	f.Add("a,b\n1,x\nNA,true\n")
	f.Add("\"a\"\"\",b\n\"1\n2\",3\n")
	f.Add(",,\n,,\n")
	f.Add("a;b\n1;2\n")
	f.Fuzz(func(t *testing.T, data string) {
		df, err := ReadFrame(strings.NewReader(data))
		if err != nil {
			if !isSentinel(err) {
				t.Fatalf("error %v wraps no featlab sentinel", err)
			}
			return
		}
		if df.Err != nil || df.Nrow() == 0 || df.Ncol() == 0 {
			t.Fatalf("ReadFrame returned a bad frame: %v, %dx%d", df.Err, df.Nrow(), df.Ncol())
		}
		seen := map[string]bool{}
		for _, n := range df.Names() {
			if seen[n] {
				t.Fatalf("duplicate column name %q", n)
			}
			seen[n] = true
		}
	})
}

func isSentinel(err error) bool {
	for _, s := range []error{featlab.ErrShape, featlab.ErrNotFinite, featlab.ErrEmpty, featlab.ErrParam,
		featlab.ErrNonNumeric, featlab.ErrMissing, featlab.ErrLabels} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}
