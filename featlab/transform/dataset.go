package transform

import (
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
}

// OneHotDataset one-hot encodes every string column of df except the
// target, with the given policy for categories unseen at fit time, and
// converts the result with featlab.FromDataFrame: numeric columns pass
// through in place and each string column becomes indicator columns named
// "column=value". It returns the Dataset and the fitted encoder, whose
// Dataset method encodes validation and test frames the same way.
func OneHotDataset(df dataframe.DataFrame, target string, policy Unknown) (*featlab.Dataset, *FrameEncoder, error) {
	if df.Err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrShape, "transform: data frame carries an error: %v", df.Err)
	}
	e := &FrameEncoder{Target: target}
	for _, n := range df.Names() {
		if n != target && df.Col(n).Type() == series.String {
			e.Columns = append(e.Columns, n)
		}
	}
	enc := df
	if len(e.Columns) > 0 {
		e.OneHot = &OneHot{Unknown: policy}
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
	return ds, e, nil
}

// Dataset encodes df with the fitted encoder and converts it to a Dataset.
// A text target is mapped to the training classes (an unseen class is an
// error wrapping featlab.ErrLabels), so class k means the same in the
// training and the test Dataset.
func (e *FrameEncoder) Dataset(df dataframe.DataFrame) (*featlab.Dataset, error) {
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
