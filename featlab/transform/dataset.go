package transform

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/featlab/course/featlab"
)

// FrameEncoder is a one-hot encoding of the string columns of a data frame,
// fitted on a training frame, that turns frames into featlab Datasets.
// Make one with OneHotDataset.
type FrameEncoder struct {
	Target  string   // the target column, never encoded
	Columns []string // the string feature columns that were one-hot encoded
	OneHot  *OneHot  // the fitted encoder (nil when there were none)
	Classes []string // the training classes of a text target, else nil
	// Features are the feature names of the training Dataset, in order;
	// Dataset finds them by name in later frames. Nil (an encoder built
	// by hand) skips that check.
	Features []string
}

// OneHotDataset one-hot encodes every string column of df except the
// target, with the given policy for categories unseen at fit time, and
// converts the result with featlab.FromDataFrame: numeric columns pass
// through in place and each string column becomes indicator columns named
// "column=value". It returns the Dataset and the fitted encoder, whose
// Dataset method encodes validation and test frames the same way.
//
// A string column whose cells are mostly numbers is a numeric column with
// a bad cell (gota reads "1e400", "6..1" or "?" among numbers as text): it
// is an error naming the row and the value (wrapping
// featlab.ErrNotFinite or featlab.ErrNonNumeric by the rule of
// featlab.ErrNonNumeric's doc), never a column of categories. A target
// column missing from df is an error wrapping featlab.ErrMissing, reported
// before any bad cell of a feature.
func OneHotDataset(df dataframe.DataFrame, target string, policy Unknown) (*featlab.Dataset, *FrameEncoder, error) {
	return OneHotDatasetWith(df, target, &OneHot{Unknown: policy})
}

// OneHotDatasetWith is OneHotDataset with the encoder's settings given by
// an unfitted OneHot (its Unknown policy and its MaxCells limit, which
// OneHotDataset leaves at the default); the FrameEncoder keeps it, fitted.
// A nil o is an error wrapping featlab.ErrParam.
func OneHotDatasetWith(df dataframe.DataFrame, target string, o *OneHot) (*featlab.Dataset, *FrameEncoder, error) {
	if o == nil {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "transform: nil OneHot")
	}
	df = stripBOM(df)
	if df.Err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrShape, "transform: data frame carries an error: %v", df.Err)
	}
	// The target first: a frame without it is refused before any cell
	// of a feature is looked at (as featlab.FromDataFrame does).
	if !slices.Contains(df.Names(), target) {
		return nil, nil, featlab.Errorf(featlab.ErrMissing, "transform: target column %q not in data frame (columns: %s)", target, strings.Join(df.Names(), ", "))
	}
	e := &FrameEncoder{Target: target}
	for _, n := range df.Names() {
		if n != target && df.Col(n).Type() == series.String {
			// A column of numbers with a bad cell is read as text by
			// gota: reject it rather than encode each number as a
			// category.
			if _, numeric, err := featlab.NumericText(df.Col(n).Records(), n); numeric && err != nil {
				return nil, nil, fmt.Errorf("transform: %w (not encoded as categories: fix or drop the cell)", err)
			}
			e.Columns = append(e.Columns, n)
		}
	}
	enc := df
	if len(e.Columns) > 0 {
		e.OneHot = o
		var err error
		if enc, err = ApplyFrame(e.OneHot, df, e.Columns...); err != nil {
			return nil, nil, err
		}
	}
	ds, err := featlab.FromDataFrame(enc, target)
	if err != nil {
		return nil, nil, err
	}
	e.Classes = ds.Classes
	e.Features = append([]string(nil), ds.Names...)
	return ds, e, nil
}

// Dataset encodes df with the fitted encoder and converts it to a Dataset.
// A text target is mapped to the training classes (an unseen class is an
// error wrapping featlab.ErrLabels), so class k means the same in the
// training and the test Dataset.
//
// Columns are matched by name, never by position: the features come out
// in the training order whatever their order in df; a training column
// missing from df (or renamed) is an error wrapping featlab.ErrMissing
// that names it, and a column the training frame did not have is an error
// wrapping featlab.ErrShape that names it (drop it first).
func (e *FrameEncoder) Dataset(df dataframe.DataFrame) (*featlab.Dataset, error) {
	df = stripBOM(df)
	if e == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "transform: nil FrameEncoder; make one with OneHotDataset")
	}
	if df.Err == nil && e.Features != nil {
		if err := e.checkColumns(df); err != nil {
			return nil, err
		}
	}
	enc := df
	if e.OneHot != nil {
		var err error
		if enc, err = TransformFrame(e.OneHot, df, e.Columns...); err != nil {
			return nil, err
		}
	}
	ds, err := featlab.FromDataFrame(enc, e.Target)
	if err != nil {
		return nil, err
	}
	if e.Features != nil {
		if ds, err = e.reorder(ds); err != nil {
			return nil, err
		}
	}
	if e.Classes != nil && ds.Classes != nil {
		idx := make(map[string]int, len(e.Classes))
		for k, c := range e.Classes {
			idx[c] = k
		}
		for i, v := range ds.Y {
			name := ds.Classes[int(v)]
			k, ok := idx[name]
			if !ok {
				return nil, featlab.Errorf(featlab.ErrLabels, "transform: class %q of target %q at row %d was not in the training frame (classes %v)", name, e.Target, i, e.Classes)
			}
			ds.Y[i] = float64(k)
		}
		ds.Classes = append([]string(nil), e.Classes...)
	}
	return ds, nil
}

// checkColumns checks the names of df's columns against the training
// frame's: every training column present, no other.
func (e *FrameEncoder) checkColumns(df dataframe.DataFrame) error {
	want := map[string]bool{e.Target: true}
	for _, c := range e.Columns {
		want[c] = true
	}
	encoded := map[string]bool{}
	if e.OneHot != nil {
		if names, err := e.OneHot.OutputNames(e.Columns); err == nil {
			for _, n := range names {
				encoded[n] = true
			}
		}
	}
	for _, f := range e.Features {
		if !encoded[f] {
			want[f] = true
		}
	}
	have := map[string]bool{}
	for _, n := range df.Names() {
		have[n] = true
	}
	var missing []string
	for _, c := range e.Columns {
		if !have[c] {
			missing = append(missing, c)
		}
	}
	for _, f := range e.Features {
		if !encoded[f] && !have[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		return featlab.Errorf(featlab.ErrMissing, "transform: column %q of the training frame is not in the data frame (columns: %s)", missing[0], strings.Join(df.Names(), ", "))
	}
	for _, n := range df.Names() {
		if !want[n] {
			return featlab.Errorf(featlab.ErrShape, "transform: column %q was not in the training frame (features: %s); drop it first", n, strings.Join(e.Features, ", "))
		}
	}
	return nil
}

// reorder returns ds with its features in the training order.
func (e *FrameEncoder) reorder(ds *featlab.Dataset) (*featlab.Dataset, error) {
	if slices.Equal(ds.Names, e.Features) {
		return ds, nil
	}
	idx := make([]int, len(e.Features))
	for k, f := range e.Features {
		j, err := ds.Index(f)
		if err != nil {
			return nil, featlab.Errorf(featlab.ErrMissing, "transform: feature %q of the training frame is not in the data frame", f)
		}
		idx[k] = j
	}
	if len(ds.Names) != len(e.Features) {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: data frame gives %d features, the training frame %d", len(ds.Names), len(e.Features))
	}
	return ds.Columns(idx)
}
