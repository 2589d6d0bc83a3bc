package featlab_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// TestBadCellSentinelRule: one bad cell in a column of numbers gives the
// same sentinel in a feature and in the target, through every reader
// (datasets.ReadCSV, featlab.FromDataFrame and FromDataFrameLike on a
// gota frame, transform.OneHotDataset): text is ErrNonNumeric; a missing marker, an
// infinity or an overflow is ErrNotFinite (the rule of ErrNonNumeric's
// doc). The message names the column and the row.
func TestBadCellSentinelRule(t *testing.T) {
	readers := map[string]func(csv string) error{
		"ReadCSV": func(csv string) error {
			_, err := datasets.ReadCSV(strings.NewReader(csv), "y")
			return err
		},
		"FromDataFrame": func(csv string) error {
			_, err := featlab.FromDataFrame(dataframe.ReadCSV(strings.NewReader(csv)), "y")
			return err
		},
		"FromDataFrameLike": func(csv string) error {
			like := &featlab.Dataset{Names: []string{"a", "b"}, Target: "y"}
			_, err := featlab.FromDataFrameLike(dataframe.ReadCSV(strings.NewReader(csv)), like)
			return err
		},
		"OneHotDataset": func(csv string) error {
			df, err := datasets.ReadFrame(strings.NewReader(csv))
			if err != nil {
				return err
			}
			_, _, err = transform.OneHotDataset(df, "y", transform.UnknownError)
			return err
		},
	}
	cases := map[string]error{
		"?": featlab.ErrNonNumeric, "6..1": featlab.ErrNonNumeric, "abc": featlab.ErrNonNumeric,
		"": featlab.ErrNotFinite, "NA": featlab.ErrNotFinite, "NaN": featlab.ErrNotFinite,
		"Inf": featlab.ErrNotFinite, "-Infinity": featlab.ErrNotFinite,
		"1e400": featlab.ErrNotFinite, "-1e999": featlab.ErrNotFinite,
	}
	for cell, want := range cases {
		for _, col := range []int{1, 2} { // feature b, target y
			rows := [][]string{{"a", "b", "y"}, {"1", "2", "3"}, {"4", "5", "6"}, {"7", "8", "9"}, {"1", "5", "2"}}
			rows[2][col] = cell
			var sb strings.Builder
			for _, r := range rows {
				sb.WriteString(strings.Join(r, ",") + "\n")
			}
			for name, read := range readers {
				err := read(sb.String())
				if !errors.Is(err, want) {
					t.Errorf("%s, %q in column %q: %v, want %v", name, cell, rows[0][col], err, want)
					continue
				}
				if !strings.Contains(err.Error(), `"`+rows[0][col]+`"`) || !strings.Contains(err.Error(), "row 1") {
					t.Errorf("%s, %q in column %q: the message does not name the column and row: %v", name, cell, rows[0][col], err)
				}
			}
		}
	}
}

// TestOneHotDatasetMissingTargetFirst: a frame without the target column
// is ErrMissing from OneHotDataset even when a feature has a missing or
// bad cell that would be reported otherwise.
func TestOneHotDatasetMissingTargetFirst(t *testing.T) {
	for _, csv := range []string{
		"a,b\n1,x\n2,\n3,y\n",       // NA in a text feature
		"a,b\n1,2\nNA,3\n4,5\n",     // NA in a numeric feature
		"a,b\n1,2\n?,3\n4,5\n6,7\n", // text in a column of numbers
	} {
		df, err := datasets.ReadFrame(strings.NewReader(csv))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = transform.OneHotDataset(df, "y", transform.UnknownError)
		if !errors.Is(err, featlab.ErrMissing) || !strings.Contains(err.Error(), `"y"`) {
			t.Errorf("%q: %v, want ErrMissing naming \"y\"", csv, err)
		}
	}
}
