package featlab

import (
	"math"
	"strings"
)

// Drop returns a new Dataset without the named feature columns (copies of
// the others, in their order, with their names and levels). Dropping a
// column read from a file that is not a feature, such as a train/test
// indicator, after using it with Where is the typical use. An unknown name
// is an error wrapping ErrMissing that lists the names; dropping every
// feature is an error wrapping ErrEmpty; the target cannot be dropped
// (ErrParam).
func (ds *Dataset) Drop(names ...string) (*Dataset, error) {
	if ds == nil || IsNil(ds.X) {
		return nil, Errorf(ErrEmpty, "Drop: nil dataset")
	}
	_, d := ds.X.Dims()
	drop := make([]bool, d)
	for _, n := range names {
		j, err := ds.Index(n)
		if err != nil && n == ds.Target {
			return nil, Errorf(ErrParam, "Drop: %q is the target, not a feature", n)
		}
		if err != nil {
			return nil, Errorf(ErrMissing, "Drop: no feature named %q (have %s)", n, strings.Join(ds.Names, ", "))
		}
		drop[j] = true
	}
	var keep []int
	for j, dr := range drop {
		if !dr {
			keep = append(keep, j)
		}
	}
	if len(keep) == 0 {
		return nil, Errorf(ErrEmpty, "Drop: dropping %s leaves no feature", strings.Join(names, ", "))
	}
	return ds.Columns(keep)
}

// Where returns a new Dataset holding copies of the rows whose value in the
// named column satisfies keep, in their order: for a data set with a
// train/test indicator column (ESL's prostate data has one),
//
//	train, err := ds.Where("train", func(v float64) bool { return v == 1 })
//
// name may be a feature or the target (ds.Target). An unknown name is an
// error wrapping ErrMissing, a nil keep one wrapping ErrParam, and a
// condition that no row satisfies one wrapping ErrEmpty.
func (ds *Dataset) Where(name string, keep func(v float64) bool) (*Dataset, error) {
	if ds == nil || IsNil(ds.X) {
		return nil, Errorf(ErrEmpty, "Where: nil dataset")
	}
	if keep == nil {
		return nil, Errorf(ErrParam, "Where: nil condition")
	}
	j, err := ds.Index(name)
	target := false
	if err != nil {
		if name != ds.Target || ds.Target == "" {
			return nil, Errorf(ErrMissing, "Where: no feature or target named %q (have %s; target %q)", name, strings.Join(ds.Names, ", "), ds.Target)
		}
		target = true
	}
	out, err := ds.Filter(func(i int, x []float64, y float64) bool {
		if target {
			return keep(y)
		}
		return keep(x[j])
	})
	if err != nil {
		return nil, Errorf(ErrEmpty, "Where: no row satisfies the condition on %q", name)
	}
	return out, nil
}

// Filter returns a new Dataset holding copies of the rows i for which
// keep(i, x_i, y_i) is true, in their order. keep must not modify x (it
// is the dataset's own row; y is NaN for a Dataset without a target). A
// nil keep is an error wrapping ErrParam; no row kept, one wrapping
// ErrEmpty.
func (ds *Dataset) Filter(keep func(i int, x []float64, y float64) bool) (*Dataset, error) {
	if ds == nil || IsNil(ds.X) {
		return nil, Errorf(ErrEmpty, "Filter: nil dataset")
	}
	if keep == nil {
		return nil, Errorf(ErrParam, "Filter: nil condition")
	}
	m, _ := ds.X.Dims()
	if ds.Y != nil && len(ds.Y) != m {
		return nil, Errorf(ErrShape, "Filter: X has %d rows but Y has %d values", m, len(ds.Y))
	}
	var rows []int
	for i := 0; i < m; i++ {
		y := math.NaN() // no target: rows to predict
		if ds.Y != nil {
			y = ds.Y[i]
		}
		if keep(i, ds.X.RawRowView(i), y) {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 {
		return nil, Errorf(ErrEmpty, "Filter: no row satisfies the condition")
	}
	return ds.Rows(rows), nil
}
