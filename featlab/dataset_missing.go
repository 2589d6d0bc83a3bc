package featlab

import (
	"fmt"
	"math"
	"strings"
)

// MissingCounts returns the number of missing values (NaN) in each
// feature column, in the order of Names. Read a table with
// ReadConfig{Missing: MissingAsNaN} to get NaN for its missing cells.
func (ds *Dataset) MissingCounts() []int {
	if ds == nil || IsNil(ds.X) {
		return nil
	}
	m, d := ds.X.Dims()
	counts := make([]int, d)
	for i := 0; i < m; i++ {
		for j, v := range ds.X.RawRowView(i) {
			if math.IsNaN(v) {
				counts[j]++
			}
		}
	}
	return counts
}

// DropReport says what Dataset.CompleteCases dropped and why.
type DropReport struct {
	Rows    int   // rows before
	Kept    int   // complete rows kept
	Dropped []int // the dropped rows (indices into the original data), in order
	// Columns and Counts: Counts[k] of the dropped rows miss a value in
	// Columns[k] (a feature, or the target); only columns with missing
	// values are listed, features in order, then the target. A row
	// missing several values counts for each of its columns.
	Columns []string
	Counts  []int
}

// String reports the drop in one line, as
// "dropped 42 of 153 rows (111 kept): missing Ozone 37, Solar.R 7".
func (r *DropReport) String() string {
	if r == nil {
		return "<nil DropReport>"
	}
	s := fmt.Sprintf("dropped %d of %d rows (%d kept)", len(r.Dropped), r.Rows, r.Kept)
	if len(r.Columns) == 0 {
		return s
	}
	parts := make([]string, len(r.Columns))
	for k, c := range r.Columns {
		parts[k] = fmt.Sprintf("%s %d", c, r.Counts[k])
	}
	return s + ": missing " + strings.Join(parts, ", ")
}

// CompleteCases returns a new Dataset holding copies of the complete rows
// (no NaN among the features and none in the target), in order, as R's
// na.omit does, and a report of the rows dropped and of the columns that
// caused it. A data set with no complete row is an error wrapping
// ErrEmpty that names the columns with missing values. An infinity is
// not missing: it is kept (and refused later by what meets it).
func (ds *Dataset) CompleteCases() (*Dataset, *DropReport, error) {
	if ds == nil || IsNil(ds.X) {
		return nil, nil, Errorf(ErrEmpty, "CompleteCases: nil dataset")
	}
	m, d := ds.X.Dims()
	if ds.Y != nil && len(ds.Y) != m {
		return nil, nil, Errorf(ErrShape, "CompleteCases: X has %d rows but Y has %d values", m, len(ds.Y))
	}
	counts := make([]int, d+1) // the target last
	rep := &DropReport{Rows: m}
	var keep []int
	for i := 0; i < m; i++ {
		complete := true
		for j, v := range ds.X.RawRowView(i) {
			if math.IsNaN(v) {
				counts[j]++
				complete = false
			}
		}
		if ds.Y != nil && math.IsNaN(ds.Y[i]) {
			counts[d]++
			complete = false
		}
		if complete {
			keep = append(keep, i)
		} else {
			rep.Dropped = append(rep.Dropped, i)
		}
	}
	for j, c := range counts {
		if c == 0 {
			continue
		}
		name := ds.Target
		if j < d {
			name = ds.Names[j]
		}
		rep.Columns = append(rep.Columns, name)
		rep.Counts = append(rep.Counts, c)
	}
	rep.Kept = len(keep)
	if len(keep) == 0 {
		return nil, rep, Errorf(ErrEmpty, "CompleteCases: no complete row among %d (%s); impute instead (transform.Imputer)", m, rep)
	}
	return ds.Rows(keep), rep, nil
}
