package transform

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// FitDataset fits the model on ds and remembers its feature names, target
// name and levels, so that the fitted model predicts from data frames and
// Datasets by column name (FittedModel.PredictFrame,
// FittedModel.PredictDataset).
func (m Model) FitDataset(ds *featlab.Dataset) (*FittedModel, error) {
	if ds == nil || ds.X == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "transform: Model.FitDataset: nil Dataset")
	}
	_, d := ds.X.Dims()
	if len(ds.Names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: Model.FitDataset: %d names for %d columns", len(ds.Names), d)
	}
	p, err := m.Fit(ds.X, ds.Y)
	if err != nil {
		return nil, err
	}
	f := p.(*FittedModel)
	f.Features = append([]string(nil), ds.Names...)
	f.Target = ds.Target
	if ds.Levels != nil {
		f.Levels = make([][]string, d)
		for j := 0; j < d && j < len(ds.Levels); j++ {
			f.Levels[j] = append([]string(nil), ds.Levels[j]...)
		}
	}
	return f, nil
}

// FitFrame fits the model on a data frame: the column target is y and
// every other column a feature (featlab.FromDataFrame: numeric columns;
// encode text columns first, with OneHotDataset or an encoder), and the
// feature names are remembered as by FitDataset.
func (m Model) FitFrame(df dataframe.DataFrame, target string) (*FittedModel, error) {
	ds, err := featlab.FromDataFrame(df, target)
	if err != nil {
		return nil, err
	}
	return m.FitDataset(ds)
}

// PredictFrame predicts the rows of df, taking the fitted features by
// name, whatever their order in df: the target column may be absent (it
// is ignored when present), other columns are ignored (an error wrapping
// featlab.ErrShape that names the first one when RefuseExtra is set), and
// a fitted feature missing from df is an error wrapping featlab.ErrMissing
// that names it. Numeric columns are read as numbers (bool as 0/1); a
// text column of a feature the model was fitted on with Levels (a
// categorical feature read as codes) is mapped to the codes by level name,
// an unseen level being an error wrapping ErrUnknownCategory. A missing
// value (gota's NA, NaN, or a featlab.DefaultNA text) reaches the model as
// NaN when its first step is an Imputer, and is otherwise an error naming
// its row and column. The model must have been
// fitted with FitDataset or FitFrame (else the error wraps
// featlab.ErrNotFitted: columns of a matrix fit have no names).
func (f *FittedModel) PredictFrame(df dataframe.DataFrame) ([]float64, error) {
	if err := f.checkNamed("PredictFrame"); err != nil {
		return nil, err
	}
	df = stripBOM(df)
	if df.Err != nil {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: PredictFrame: data frame carries an error: %v", df.Err)
	}
	if df.Nrow() == 0 || df.Ncol() == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "transform: PredictFrame: data frame is %dx%d", df.Nrow(), df.Ncol())
	}
	if err := f.matchNames(df.Names(), "data frame"); err != nil {
		return nil, err
	}
	rows := df.Nrow()
	X := mat.NewDense(rows, len(f.Features), nil)
	for j, name := range f.Features {
		s := df.Col(name)
		if s.Type() == series.String && j < len(f.Levels) && f.Levels[j] != nil {
			if err := f.levelCodes(X, j, s); err != nil {
				return nil, err
			}
			continue
		}
		var col *mat.Dense
		var err error
		if f.Pipeline != nil {
			// A model whose first step is an Imputer takes missing cells.
			col, err = frameMatrixOf(f.Pipeline, df, []string{name})
		} else {
			col, err = frameMatrix(df, []string{name})
		}
		if err != nil {
			if ce, ok := err.(*CellError); ok {
				ce.Col = j
			}
			return nil, fmt.Errorf("transform: PredictFrame: %w", err)
		}
		X.SetCol(j, col.RawMatrix().Data)
	}
	return f.Predict(X)
}

// levelCodes writes the codes of a text column of categorical feature j.
func (f *FittedModel) levelCodes(X *mat.Dense, j int, s series.Series) error {
	code := make(map[string]int, len(f.Levels[j]))
	for c, l := range f.Levels[j] {
		code[l] = c
	}
	for i, r := range s.Records() {
		if s.Elem(i).IsNA() {
			return &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Name: f.Features[j], Value: math.NaN(), Reason: "missing value"}
		}
		c, ok := code[r]
		if !ok {
			return fmt.Errorf("featlab: transform: PredictFrame: level %q at row %d, column %q was not a level at fit time (levels %q): %w", r, i, f.Features[j], f.Levels[j], ErrUnknownCategory)
		}
		X.Set(i, j, float64(c))
	}
	return nil
}

// PredictDataset predicts the rows of ds, taking the fitted features by
// name: a Dataset whose features come in another order is reordered,
// never used by position; a fitted feature it lacks is an error wrapping
// featlab.ErrMissing that names it; a feature the model was not fitted on
// is ignored (an error wrapping featlab.ErrShape when RefuseExtra is
// set). ds.Y is not used.
func (f *FittedModel) PredictDataset(ds *featlab.Dataset) ([]float64, error) {
	if err := f.checkNamed("PredictDataset"); err != nil {
		return nil, err
	}
	if ds == nil || ds.X == nil {
		return nil, featlab.Errorf(featlab.ErrParam, "transform: PredictDataset: nil Dataset")
	}
	if _, d := ds.X.Dims(); len(ds.Names) != d {
		return nil, featlab.Errorf(featlab.ErrShape, "transform: PredictDataset: %d names for %d columns", len(ds.Names), d)
	}
	if err := f.matchNames(ds.Names, "Dataset"); err != nil {
		return nil, err
	}
	idx := make([]int, len(f.Features))
	for k, name := range f.Features {
		j, err := ds.Index(name)
		if err != nil {
			return nil, err
		}
		idx[k] = j
	}
	sub, err := ds.Columns(idx)
	if err != nil {
		return nil, err
	}
	return f.Predict(sub.X)
}

func (f *FittedModel) checkNamed(who string) error {
	if f == nil || f.Predictor == nil {
		return featlab.Errorf(featlab.ErrNotFitted, "transform: %s on an unfitted model", who)
	}
	if f.Features == nil {
		return featlab.Errorf(featlab.ErrNotFitted, "transform: %s: the model was fitted on a matrix, whose columns have no names; fit it with Model.FitDataset or Model.FitFrame", who)
	}
	return nil
}

// matchNames checks that every fitted feature is among have, and, with
// RefuseExtra, that have holds nothing else but the target.
func (f *FittedModel) matchNames(have []string, what string) error {
	in := make(map[string]bool, len(have))
	for _, n := range have {
		in[n] = true
	}
	for _, n := range f.Features {
		if !in[n] {
			return featlab.Errorf(featlab.ErrMissing, "transform: feature %q of the fitted model is not in the %s (it has: %s)", n, what, strings.Join(have, ", "))
		}
	}
	if f.RefuseExtra {
		want := make(map[string]bool, len(f.Features))
		for _, n := range f.Features {
			want[n] = true
		}
		for _, n := range have {
			if !want[n] && n != f.Target {
				return featlab.Errorf(featlab.ErrShape, "transform: column %q of the %s is not a feature of the fitted model (features: %s; RefuseExtra is set)", n, what, strings.Join(f.Features, ", "))
			}
		}
	}
	return nil
}
