package datasets

import (
	"errors"
	"strings"
	"testing"

	"github.com/featlab/course/featlab"
)

// Regression (issue 9): a UTF-8 byte-order mark (Excel's "CSV UTF-8")
// stayed in the first column's name.
func TestReadBOM(t *testing.T) {
	const csv = "\ufeffy,a,b\n1,2,3\n2,3,1\n3,1,2\n"
	df, err := ReadFrame(strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	if n := df.Names()[0]; n != "y" {
		t.Errorf("first column name %q", n)
	}
	ds, err := ReadCSV(strings.NewReader(csv), "y")
	if err != nil {
		t.Fatalf("target after a BOM: %v", err)
	}
	if ds.Names[0] != "a" {
		t.Errorf("names %q", ds.Names)
	}
}

// Regression (issue 9): a numeric target with one bad cell became class
// labels.
func TestReadCSVNumericTargetBadCell(t *testing.T) {
	for _, bad := range []string{"1e400", "6..1", "?"} {
		csv := "a,b,y\n1,2,3.5\n2,3,4.25\n3,5," + bad + "\n4,1,7\n"
		ds, err := ReadCSV(strings.NewReader(csv), "y")
		if err == nil {
			t.Errorf("%q: no error, classes %q", bad, ds.Classes)
			continue
		}
		if !(errors.Is(err, featlab.ErrNotFinite) || errors.Is(err, featlab.ErrNonNumeric)) ||
			!strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), bad) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
