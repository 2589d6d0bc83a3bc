package featlab

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Typed gota columns: a float NaN is missing, a float column declared
// categorical gets level names without trailing zeros, a bool target
// becomes classes false/true.
func TestFromDataFrameWithTypedColumns(t *testing.T) {
	nan := math.NaN()
	df := dataframe.New(
		series.New([]float64{1.5, nan, 3}, series.Float, "f"),
		series.New([]float64{8, 4, 6}, series.Float, "cyl"),
		series.New([]int{1, 2, 3}, series.Int, "n"),
		series.New([]bool{true, false, true}, series.Bool, "ok"),
	)
	_, err := FromDataFrameWith(df, "ok", ReadConfig{Categorical: []string{"cyl"}})
	var me *MissingCellsError
	if !errors.As(err, &me) || me.Count != 1 || me.First[0] != (MissingCell{Row: 1, Column: "f", Text: "NaN"}) {
		t.Fatalf("err = %v", err)
	}
	ds, err := FromDataFrameWith(df, "ok", ReadConfig{Categorical: []string{"cyl"}, Missing: MissingAsNaN})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds.Levels[1], []string{"4", "6", "8"}) || ds.Levels[0] != nil || ds.X.At(0, 1) != 2 {
		t.Errorf("levels %q codes %v", ds.Levels, ds.X.RawMatrix().Data)
	}
	if !reflect.DeepEqual(ds.Classes, []string{"false", "true"}) || !reflect.DeepEqual(ds.Y, []float64{1, 0, 1}) {
		t.Errorf("classes %v y %v", ds.Classes, ds.Y)
	}
	if got := ds.MissingCounts(); !reflect.DeepEqual(got, []int{1, 0, 0}) {
		t.Errorf("MissingCounts %v", got)
	}
	// The old FromDataFrame still stops at the first missing cell.
	if _, err := FromDataFrame(df, "ok"); !errors.Is(err, ErrNotFinite) || errors.As(err, &me) {
		t.Errorf("FromDataFrame: %v", err)
	}
	// No target: every column a feature.
	all, err := FromDataFrameWith(df, "", ReadConfig{Missing: MissingAsNaN})
	if err != nil || all.Y != nil || len(all.Names) != 4 {
		t.Fatalf("no target: %v %v", all, err)
	}
	// Rows, Filter and CompleteCases keep "no target".
	if r := all.Rows([]int{2, 0}); r.Y != nil || r.X.At(0, 0) != 3 {
		t.Errorf("Rows without a target: %v", r)
	}
	if f, err := all.Filter(func(_ int, x []float64, y float64) bool { return x[2] > 1 && math.IsNaN(y) }); err != nil || f.Y != nil {
		t.Errorf("Filter without a target: %v %v", f, err)
	}
	if cc, rep, err := all.CompleteCases(); err != nil || cc.Y != nil || rep.Kept != 2 {
		t.Errorf("CompleteCases without a target: %v %v %v", cc, rep, err)
	}
	if _, err := FromDataFrameWith(df, "nope", ReadConfig{}); !errors.Is(err, ErrMissing) {
		t.Errorf("absent target: %v", err)
	}
}

// New rows coded like the training set: a class target given by name or
// by index, a missing class label read as NaN on request.
func TestFromDataFrameLikeWithClasses(t *testing.T) {
	train := dataframe.New(
		series.New([]float64{1, 2, 3}, series.Float, "a"),
		series.New([]string{"yes", "no", "yes"}, series.String, "y"),
	)
	like, err := FromDataFrameWith(train, "y", ReadConfig{})
	if err != nil {
		t.Fatal(err)
	}
	byIndex := dataframe.New(series.New([]float64{1, 0}, series.Float, "y"), series.New([]float64{5, 6}, series.Float, "a"))
	got, err := FromDataFrameLikeWith(byIndex, like, ReadConfig{})
	if err != nil || !reflect.DeepEqual(got.Y, []float64{1, 0}) || got.Target != "y" || !reflect.DeepEqual(got.Classes, like.Classes) {
		t.Errorf("by index: %v %v", got, err)
	}
	withNA := dataframe.New(series.New([]float64{5, 6}, series.Float, "a"), series.New([]string{"no", "NA"}, series.String, "y"))
	got, err = FromDataFrameLikeWith(withNA, like, ReadConfig{Missing: MissingAsNaN})
	if err != nil || got.Y[0] != 0 || !math.IsNaN(got.Y[1]) {
		t.Fatalf("NA label: %v %v", got, err)
	}
	cc, rep, err := got.CompleteCases()
	if err != nil || len(cc.Y) != 1 || !reflect.DeepEqual(rep.Columns, []string{"y"}) {
		t.Errorf("complete cases %v %v", rep, err)
	}
	bad := dataframe.New(series.New([]float64{5}, series.Float, "a"), series.New([]string{"maybe"}, series.String, "y"))
	if _, err := FromDataFrameLikeWith(bad, like, ReadConfig{}); !errors.Is(err, ErrLabels) || !strings.Contains(err.Error(), `"maybe"`) {
		t.Errorf("unseen class: %v", err)
	}
}

func TestReadingStrings(t *testing.T) {
	if MissingAsNaN.String() != "MissingAsNaN" || MissingPolicy(9).String() != "MissingPolicy(9)" {
		t.Error("MissingPolicy.String")
	}
	if (*DropReport)(nil).String() != "<nil DropReport>" {
		t.Error("nil DropReport")
	}
	err := NotFiniteCell(math.NaN(), 2, "column 0")
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), MissingHint) {
		t.Errorf("NotFiniteCell: %v", err)
	}
	if err := NotFiniteCell(math.Inf(-1), 2, "column 0"); strings.Contains(err.Error(), MissingHint) {
		t.Errorf("an infinity is not missing: %v", err)
	}
}
