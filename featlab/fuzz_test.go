package featlab

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// fuzzRecords splits data into at most 40 rows of at most 12
// comma-separated fields, padding short rows with empty fields.
func fuzzRecords(data string) [][]string {
	lines := strings.Split(data, "\n")
	if len(lines) > 40 {
		lines = lines[:40]
	}
	var recs [][]string
	width := 0
	for _, l := range lines {
		f := strings.Split(l, ",")
		if len(f) > 12 {
			f = f[:12]
		}
		width = max(width, len(f))
		recs = append(recs, f)
	}
	for i := range recs {
		for len(recs[i]) < width {
			recs[i] = append(recs[i], "")
		}
	}
	return recs
}

// gotaFrame runs a gota constructor, turning a gota panic into ok = false:
// gota's behaviour on odd input is not what this fuzz test checks.
func gotaFrame(build func() dataframe.DataFrame) (df dataframe.DataFrame, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return build(), true
}

// typedFrame builds a frame column by column with the gota types chosen by
// types (string, int, float, bool, cycling), the first record as names.
func typedFrame(recs [][]string, types []byte) dataframe.DataFrame {
	kinds := []series.Type{series.String, series.Int, series.Float, series.Bool}
	cols := make([]series.Series, len(recs[0]))
	for j := range cols {
		vals := make([]string, len(recs)-1)
		for i := range vals {
			vals[i] = recs[i+1][j]
		}
		kind := series.Float
		if len(types) > 0 {
			kind = kinds[int(types[j%len(types)])%len(kinds)]
		}
		cols[j] = series.New(vals, kind, recs[0][j])
	}
	return dataframe.New(cols...)
}

var sentinels = []error{ErrShape, ErrNotFinite, ErrConstant, ErrEmpty, ErrParam, ErrNonNumeric, ErrMissing, ErrLabels}

// checkConversion checks FromDataFrame on df: no panic (the fuzzer catches
// those), a sentinel error, or a valid Dataset that round-trips exactly.
func checkConversion(t *testing.T, df dataframe.DataFrame, target string) {
	ds, err := FromDataFrame(df, target)
	if err != nil {
		for _, s := range sentinels {
			if errors.Is(err, s) {
				return
			}
		}
		t.Fatalf("error %v wraps no sentinel", err)
	}
	m, d, err := CheckXY(ds.X, ds.Y, ds.Names)
	if err != nil {
		t.Fatalf("FromDataFrame returned an invalid dataset: %v", err)
	}
	if m != df.Nrow() || d != df.Ncol()-1 {
		t.Fatalf("dataset %dx%d from a %dx%d frame", m, d, df.Nrow(), df.Ncol())
	}
	if err := checkUnique(ds.Names); err != nil {
		t.Fatal(err)
	}
	if ds.Classes != nil && !classIndices(ds.Y, len(ds.Classes)) {
		t.Fatalf("y %v are not indices into %d classes", ds.Y, len(ds.Classes))
	}
	var back *Dataset
	if ds.Classes != nil {
		back, err = FromDataFrameClasses(ToDataFrame(ds), ds.Target, ds.Classes)
	} else {
		back, err = FromDataFrame(ToDataFrame(ds), ds.Target)
	}
	if err != nil {
		t.Fatalf("round trip: %v", err)
	}
	if !sameBits(back.X.RawMatrix().Data, ds.X.RawMatrix().Data) || !sameBits(back.Y, ds.Y) ||
		strings.Join(back.Names, "\x00") != strings.Join(ds.Names, "\x00") {
		t.Fatal("round trip changed the dataset")
	}
}

func FuzzFromDataFrame(f *testing.F) {
	f.Add("a,b,y\n1,2,3\n4,5,6", "y", []byte{2, 1, 2})
	f.Add("a,b,y\n1,x,yes\n4,NaN,no", "y", []byte{1, 0, 0})
	f.Add("a,y\ntrue,1\nfalse,0\n,1", "y", []byte{3, 3})
	f.Add("a,a,y\n1e999,-0,a\n0x1p-1074,2,", "y", []byte{0})
	f.Add(",y\n1,b\n2,a", "y", []byte{})
	f.Fuzz(func(t *testing.T, data, target string, types []byte) {
		recs := fuzzRecords(data)
		if df, ok := gotaFrame(func() dataframe.DataFrame { return dataframe.LoadRecords(recs) }); ok {
			checkConversion(t, df, target)
		}
		if len(recs) >= 2 {
			if df, ok := gotaFrame(func() dataframe.DataFrame { return typedFrame(recs, types) }); ok {
				checkConversion(t, df, target)
			}
		}
	})
}
