package datasets

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/featlab/course/featlab"
)

// R: sum(is.na(airquality)) = 44, colSums(is.na(airquality)) gives Ozone
// 37, Solar.R 7; nrow(na.omit(airquality)) = 111 (R 4.2.2, the figures
// testdata/write_r_datasets.R asserts).
func TestReadCSVWithAirqualityDefaultError(t *testing.T) {
	raw, _ := Raw("airquality")
	_, err := ReadCSVWith(bytes.NewReader(raw), "Ozone", featlab.ReadConfig{})
	var me *featlab.MissingCellsError
	if !errors.As(err, &me) || !errors.Is(err, featlab.ErrNotFinite) {
		t.Fatalf("err = %v, want a MissingCellsError wrapping ErrNotFinite", err)
	}
	if me.Count != 44 || !reflect.DeepEqual(me.Columns, []string{"Ozone", "Solar.R"}) || !reflect.DeepEqual(me.Counts, []int{37, 7}) {
		t.Errorf("count %d columns %v counts %v, want 44 [Ozone Solar.R] [37 7]", me.Count, me.Columns, me.Counts)
	}
	// R: which(is.na(airquality), arr.ind = TRUE), rows from 1: Ozone 5,
	// Solar.R 5, Solar.R 6, Ozone 10, Solar.R 11, Ozone 25, 26, 27,
	// Solar.R 27, Ozone 32.
	want := []featlab.MissingCell{{Row: 4, Column: "Ozone", Text: "NA"}, {Row: 4, Column: "Solar.R", Text: "NA"}, {Row: 5, Column: "Solar.R", Text: "NA"}, {Row: 9, Column: "Ozone", Text: "NA"}, {Row: 10, Column: "Solar.R", Text: "NA"},
		{Row: 24, Column: "Ozone", Text: "NA"}, {Row: 25, Column: "Ozone", Text: "NA"}, {Row: 26, Column: "Ozone", Text: "NA"}, {Row: 26, Column: "Solar.R", Text: "NA"}, {Row: 31, Column: "Ozone", Text: "NA"}}
	if !reflect.DeepEqual(me.First, want) {
		t.Errorf("first cells %v, want %v", me.First, want)
	}
	for _, s := range []string{"44 missing cells", `"Ozone": 37`, `"Solar.R": 7`, `row 4 column "Solar.R"`, "transform.Imputer", "CompleteCases"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("message %q lacks %q", err, s)
		}
	}
}

func TestReadCSVWithAirqualityAsNaN(t *testing.T) {
	raw, _ := Raw("airquality")
	ds, err := ReadCSVWith(bytes.NewReader(raw), "", featlab.ReadConfig{Missing: featlab.MissingAsNaN})
	if err != nil {
		t.Fatal(err)
	}
	if ds.Y != nil || len(ds.Names) != 6 {
		t.Fatalf("no target: Y %v, names %v", ds.Y, ds.Names)
	}
	if got := ds.MissingCounts(); !reflect.DeepEqual(got, []int{37, 7, 0, 0, 0, 0}) {
		t.Errorf("MissingCounts = %v", got)
	}
	cc, rep, err := ds.CompleteCases()
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := cc.Dims(); m != 111 || rep.Kept != 111 || len(rep.Dropped) != 42 || rep.Rows != 153 {
		t.Errorf("complete cases %d, report %v", m, rep)
	}
	if !reflect.DeepEqual(rep.Columns, []string{"Ozone", "Solar.R"}) || !reflect.DeepEqual(rep.Counts, []int{37, 7}) {
		t.Errorf("report columns %v %v", rep.Columns, rep.Counts)
	}
	if got := rep.String(); got != "dropped 42 of 153 rows (111 kept): missing Ozone 37, Solar.R 7" {
		t.Errorf("report %q", got)
	}
	// R: airquality[5, ] is NA NA 14.3 56 5 5; na.omit's first row 41 190 7.4 67 5 1.
	if r := ds.X.RawRowView(4); !math.IsNaN(r[0]) || !math.IsNaN(r[1]) || r[2] != 14.3 {
		t.Errorf("row 4 = %v", r)
	}
	if r := cc.X.RawRowView(0); !reflect.DeepEqual(r, []float64{41, 190, 7.4, 67, 5, 1}) {
		t.Errorf("complete row 0 = %v", r)
	}
	// The loader agrees with ReadCSVWith.
	a := Airquality()
	if m, d := a.Dims(); m != 153 || d != 5 || a.Target != "Ozone" {
		t.Errorf("Airquality() %v", a)
	}
}

func TestMtcarsCategorical(t *testing.T) {
	ds := Mtcars()
	j, _ := ds.Index("cyl")
	if !ds.IsCategorical(j) || !reflect.DeepEqual(ds.Levels[j], []string{"4", "6", "8"}) {
		t.Fatalf("cyl levels %v", ds.Levels)
	}
	// R: mtcars["Mazda RX4", "cyl"] = 6 (code 1), mtcars["Datsun 710", "cyl"] = 4 (code 0).
	if ds.X.At(0, j) != 1 || ds.X.At(2, j) != 0 {
		t.Errorf("cyl codes %v %v", ds.X.At(0, j), ds.X.At(2, j))
	}
	raw, _ := Raw("mtcars")
	// Too many levels for the limit; raising it reads them.
	_, err := ReadCSVWith(bytes.NewReader(raw), "mpg", featlab.ReadConfig{Categorical: []string{"model"}, MaxLevels: 10})
	if !errors.Is(err, featlab.ErrTooLarge) || !strings.Contains(err.Error(), `"model"`) || !strings.Contains(err.Error(), "MaxLevels") {
		t.Errorf("err = %v, want ErrTooLarge naming model and MaxLevels", err)
	}
	all, err := ReadCSVWith(bytes.NewReader(raw), "mpg", featlab.ReadConfig{Categorical: []string{"model", "cyl"}, MaxLevels: 32})
	if err != nil || len(all.Levels[0]) != 32 {
		t.Fatalf("%v", err)
	}
	// Undeclared text is refused, pointing to Categorical.
	_, err = ReadCSVWith(bytes.NewReader(raw), "mpg", featlab.ReadConfig{})
	if !errors.Is(err, featlab.ErrNonNumeric) || !strings.Contains(err.Error(), "Categorical") {
		t.Errorf("err = %v", err)
	}
	// New rows: another column order, no target, cyl as 8 and 4.0.
	newRows := "carb,gear,am,vs,qsec,wt,drat,hp,disp,cyl\n4,3,0,0,16,3.5,3.1,200,300,8\n1,4,1,1,19,2.2,4,70,80,4.0\n"
	like, err := featlab.FromDataFrameLikeWith(mustFrameFromCSV(t, newRows), ds, featlab.ReadConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if like.Y != nil || !reflect.DeepEqual(like.Names, ds.Names) || like.X.At(0, j) != 2 || like.X.At(1, j) != 0 {
		t.Errorf("like %v, cyl %v %v", like, like.X.At(0, j), like.X.At(1, j))
	}
	// A level not seen in training.
	_, err = featlab.FromDataFrameLikeWith(mustFrameFromCSV(t, strings.Replace(newRows, ",8\n", ",5\n", 1)), ds, featlab.ReadConfig{})
	if !errors.Is(err, featlab.ErrLabels) || !strings.Contains(err.Error(), `"5"`) {
		t.Errorf("err = %v", err)
	}
}

func mustFrameFromCSV(t *testing.T, s string) dataframe.DataFrame {
	t.Helper()
	df, err := ReadFrame(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return df
}

func TestReadCSVWithPolicy(t *testing.T) {
	text := "a,b,c,y\n1,?,x,1\n-999,2,y,NA\n3,4,,0\n"
	// A user NA list: "-999" and "?" missing, "NA" no longer.
	_, err := ReadCSVWith(strings.NewReader(text), "y", featlab.ReadConfig{NA: []string{"-999", "?", ""}, Missing: featlab.MissingAsNaN, Categorical: []string{"c"}})
	if !errors.Is(err, featlab.ErrNonNumeric) || !strings.Contains(err.Error(), `"NA"`) {
		t.Errorf("err = %v, want the NA cell of y named", err)
	}
	ds, err := ReadCSVWith(strings.NewReader(text), "y", featlab.ReadConfig{NA: []string{"-999", "?", "", "NA"}, Missing: featlab.MissingAsNaN, Categorical: []string{"c"}})
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(ds.X.At(1, 0)) || !math.IsNaN(ds.X.At(0, 1)) || !math.IsNaN(ds.X.At(2, 2)) || !math.IsNaN(ds.Y[1]) {
		t.Errorf("X %v y %v", ds.X.RawMatrix().Data, ds.Y)
	}
	if !reflect.DeepEqual(ds.Levels[2], []string{"x", "y"}) {
		t.Errorf("levels %v", ds.Levels)
	}
	// An infinity is not missing, under either policy.
	_, err = ReadCSVWith(strings.NewReader("a,y\n1e400,1\n2,2\n"), "y", featlab.ReadConfig{Missing: featlab.MissingAsNaN})
	if !errors.Is(err, featlab.ErrNotFinite) || !strings.Contains(err.Error(), "row 0") {
		t.Errorf("err = %v", err)
	}
	// A categorical target with int codes: classes sorted numerically.
	ds, err = ReadCSVWith(strings.NewReader("a,y\n1,10\n2,9\n3,10\n"), "y", featlab.ReadConfig{Categorical: []string{"y"}})
	if err != nil || !reflect.DeepEqual(ds.Classes, []string{"9", "10"}) || !reflect.DeepEqual(ds.Y, []float64{1, 0, 1}) {
		t.Errorf("classes %v y %v err %v", ds.Classes, ds.Y, err)
	}
	for _, bad := range []featlab.ReadConfig{{Missing: 7}, {Categorical: []string{"a", "a"}}, {Categorical: []string{"nope"}}} {
		if _, err := ReadCSVWith(strings.NewReader("a,y\n1,2\n"), "y", bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if _, err := ReadCSVWith(nil, "y", featlab.ReadConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil reader: %v", err)
	}
}

func FuzzReadCSVWith(f *testing.F) {
	f.Add("a,b,y\n1,NA,3\n4,5,6\n", "y", true, "b")
	f.Add("a,b,y\n?,x,NULL\nnan,y,1\n", "y", false, "b")
	f.Add("a,b\n1,2\n", "", true, "")
	f.Add("a,y\n1e400,1\n,\n", "y", true, "y")
	f.Fuzz(func(t *testing.T, data, target string, asNaN bool, cat string) {
		cfg := featlab.ReadConfig{}
		if asNaN {
			cfg.Missing = featlab.MissingAsNaN
		}
		if cat != "" {
			cfg.Categorical = []string{cat}
		}
		ds, err := ReadCSVWith(strings.NewReader(data), target, cfg)
		if err != nil {
			if !isSentinel(err) {
				t.Fatalf("error %v wraps no featlab sentinel", err)
			}
			return
		}
		m, d := ds.Dims()
		if len(ds.Names) != d || (target != "" && len(ds.Y) != m) || (target == "" && ds.Y != nil) {
			t.Fatalf("shape %dx%d names %d y %d", m, d, len(ds.Names), len(ds.Y))
		}
		for _, v := range ds.X.RawMatrix().Data {
			if math.IsInf(v, 0) || (!asNaN && math.IsNaN(v)) {
				t.Fatalf("value %v read (asNaN %v)", v, asNaN)
			}
		}
		for j := 0; j < d; j++ {
			if ds.IsCategorical(j) {
				for i := 0; i < m; i++ {
					if v := ds.X.At(i, j); !math.IsNaN(v) && (v != math.Trunc(v) || v < 0 || int(v) >= len(ds.Levels[j])) {
						t.Fatalf("code %v of %d levels", v, len(ds.Levels[j]))
					}
				}
			}
		}
		if _, _, err := ds.CompleteCases(); err != nil && !errors.Is(err, featlab.ErrEmpty) {
			t.Fatal(err)
		}
	})
}
