package badinput

import (
	"context"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/search"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// Issue 19's categorical encoding, grouped selection, prediction by name
// and the penalty on the sum of the losses.
func init() { entrySets = append(entrySets, encodeEntries) }

func encodeEntries() []*entry {
	return []*entry{
		tr("transform.Ordinal", transform.Ordinal{Unknown: transform.UnknownIgnore}),
		tr("transform.Dummies", transform.Dummies{Unknown: transform.UnknownOther}),
		custom("transform.DummiesOf", "params", []string{"transform.Dummies.Groups", "transform.OneHot.Groups", "transform.Pipeline.Groups", "transform.FrameEncoder.Groups"}, encoderChecks),
		custom("transform.Model.FitDataset", "frame", []string{"transform.Model.FitFrame", "transform.FittedModel.PredictFrame",
			"transform.FittedModel.PredictDataset"}, predictByNameChecks),
		custom("featlab.Selection.ByGroup", "params", []string{"featlab.CheckGroups", "featlab.GroupsFromNames"}, byGroupChecks),
		plainXY("search.Grouped.Search", func(X mat.Matrix, y []float64) (any, error) {
			g := search.Grouped{Config: search.Config{Strategy: search.Backward{}, Criterion: search.LeastSquares{}}, Groups: pairGroups(X)}
			return searchView(g.Search(X, y))
		}),
		plainXY("search.Grouped.Select", func(X mat.Matrix, y []float64) (any, error) {
			g := search.Grouped{Config: search.Config{Strategy: search.Floating{}, Criterion: search.LeastSquares{Score: search.Cp}}, Groups: pairGroups(X)}
			return g.Select(X, y)
		}),
		custom("search.GroupEvaluator", "callback", []string{"search.Grouped.SearchContext"}, groupedChecks),
		custom("validate.StratifiedKFoldUnshuffled", "params", nil, stratifiedUnshuffledChecks),
		xy("linear.Logistic (C)", linear.Logistic, linear.LogisticConfig{C: 1, Intercept: true, MaxIter: 100}, classif, as("linear.Logistic"),
			scaleDependent("a fixed C = 1/lambda penalizes coefficients, which scale as 1/c (as linear.Logistic)")),
		xy("linear.SparseSVM (C)", linear.SparseSVM, linear.SparseSVMConfig{C: 2, Intercept: true, MaxIter: 500}, classif, as("linear.SparseSVM"),
			scaleDependent("a fixed C = 1/lambda penalizes coefficients, which scale as 1/c (as linear.SparseSVM)")),
		custom("linear.Logistic", "params", []string{"linear.SparseSVM"}, penaltyCChecks),
	}
}

// pairGroups groups the first two columns of X, the others alone (one
// group for one column; nil for a nil or empty X, which the search refuses
// first).
func pairGroups(X mat.Matrix) []featlab.Group {
	if featlab.IsNil(X) {
		return nil
	}
	_, d := X.Dims()
	var g []featlab.Group
	for j := 0; j < d; j++ {
		if j == 1 {
			g[0].Columns = append(g[0].Columns, 1)
			continue
		}
		g = append(g, featlab.Group{Name: "g" + itoa(j), Columns: []int{j}})
	}
	return g
}

func encoderChecks() []failure {
	X := mat.NewDense(4, 2, []float64{1, 4, 2, 6, 1, 8, 2, 4})
	unseen := mat.NewDense(1, 2, []float64{3, 4})
	fitted := func(t featlab.Transformer) featlab.Transformer {
		if err := t.Fit(X); err != nil {
			panic(err)
		}
		return t
	}
	text := dataframe.New(series.New([]string{"a", "b", "a"}, series.String, "c"))
	withNA := dataframe.New(series.New([]string{"a", "NaN", "b"}, series.String, "c"))
	cases := []outcome{
		{input: "OneHot, unseen value, default policy", call: func() (any, error) {
			return fitted(&transform.OneHot{}).Transform(unseen)
		}, want: errSays(transform.ErrUnknownCategory, "row 0", "column 0")},
		{input: "Ordinal, unseen value, default policy", call: func() (any, error) {
			return fitted(&transform.Ordinal{}).Transform(unseen)
		}, want: errSays(transform.ErrUnknownCategory, "row 0", "column 0")},
		{input: "Dummies, unseen value, default policy", call: func() (any, error) {
			return fitted(&transform.Dummies{}).Transform(unseen)
		}, want: errSays(transform.ErrUnknownCategory, "row 0", "column 0")},
		{input: "OneHot MaxLevels 2", call: func() (any, error) { return nil, (&transform.OneHot{MaxLevels: 2}).Fit(X) },
			want: errSays(featlab.ErrTooLarge, "column 1", "maxlevels")},
		{input: "Ordinal MaxLevels 2", call: func() (any, error) { return nil, (&transform.Ordinal{MaxLevels: 2}).Fit(X) },
			want: errSays(featlab.ErrTooLarge, "column 1")},
		{input: "Dummies MaxLevels 2", call: func() (any, error) { return nil, (&transform.Dummies{MaxLevels: 2}).Fit(X) },
			want: errSays(featlab.ErrTooLarge, "column 1")},
		{input: "Ordinal, frame MaxLevels 1", call: func() (any, error) { return nil, transform.FitFrame(&transform.Ordinal{MaxLevels: 1}, text) },
			want: errSays(featlab.ErrTooLarge, `"c"`)},
		{input: "Ordinal, unknown policy 7", call: func() (any, error) { return nil, (&transform.Ordinal{Unknown: 7}).Fit(X) },
			want: errKinds(featlab.ErrParam)},
		{input: "Dummies, unknown policy -1", call: func() (any, error) { return nil, (&transform.Dummies{Unknown: -1}).Fit(X) },
			want: errKinds(featlab.ErrParam)},
		{input: "Dummies, Columns [5]", call: func() (any, error) { return nil, (&transform.Dummies{Columns: []int{5}}).Fit(X) },
			want: errSays(featlab.ErrParam, "5")},
		{input: "Dummies, Columns [0 0]", call: func() (any, error) { return nil, (&transform.Dummies{Columns: []int{0, 0}}).Fit(X) },
			want: errKinds(featlab.ErrParam)},
		{input: "Dummies, 1 Levels list for 2 columns", call: func() (any, error) { return nil, (&transform.Dummies{Levels: [][]string{{"a"}}}).Fit(X) },
			want: errKinds(featlab.ErrShape)},
		{input: "Dummies, a level named twice", call: func() (any, error) {
			return nil, (&transform.Dummies{Columns: []int{0}, Levels: [][]string{{"a", "b", "a"}}}).Fit(X)
		}, want: errKinds(featlab.ErrParam)},
		{input: "Dummies, fit code outside Levels", call: func() (any, error) {
			return nil, (&transform.Dummies{Columns: []int{1}, Levels: [][]string{{"a", "b"}}}).Fit(X)
		}, want: errSays(transform.ErrUnknownCategory, "row 0", "column 1")},
		{input: "Ordinal, Categories for 1 of 2 columns", call: func() (any, error) { return nil, (&transform.Ordinal{Categories: [][]string{{"1"}}}).Fit(X) },
			want: errKinds(featlab.ErrShape)},
		{input: "Ordinal, Categories with NaN", call: func() (any, error) {
			return nil, (&transform.Ordinal{Categories: [][]string{{"NaN"}, {"4"}}}).Fit(X)
		}, want: errKinds(featlab.ErrParam)},
		{input: "Ordinal, frame with NA", call: func() (any, error) { return nil, transform.FitFrame(&transform.Ordinal{}, withNA) },
			want: errSays(featlab.ErrNotFinite, "row 1", `"c"`)},
		{input: "Ordinal, frame fit then matrix", call: func() (any, error) {
			o := &transform.Ordinal{}
			if err := transform.FitFrame(o, text); err != nil {
				return nil, err
			}
			return o.Transform(mat.NewDense(1, 1, []float64{0}))
		}, want: errKinds(featlab.ErrNotFitted)},
		{input: "Ordinal.InverseTransform of code -1", call: func() (any, error) {
			return fitted(&transform.Ordinal{}).(*transform.Ordinal).InverseTransform(mat.NewDense(1, 2, []float64{-1, 0}))
		}, want: errSays(transform.ErrUnknownCategory, "row 0", "column 0")},
		{input: "Dummies.Groups before Fit", call: func() (any, error) { return (&transform.Dummies{}).Groups(nil) }, want: errKinds(featlab.ErrNotFitted)},
		{input: "OneHot.Groups before Fit", call: func() (any, error) { return (&transform.OneHot{}).Groups(nil) }, want: errKinds(featlab.ErrNotFitted)},
		{input: "OneHot.Groups, 3 names for 2 columns", call: func() (any, error) {
			return fitted(&transform.OneHot{}).(*transform.OneHot).Groups([]string{"a", "b", "c"})
		}, want: errKinds(featlab.ErrShape)},
		{input: "Dummies.Groups after Fit", call: func() (any, error) {
			return fitted(&transform.Dummies{}).(*transform.Dummies).Groups(nil)
		}},
		{input: "Pipeline.Groups before Fit", call: func() (any, error) {
			return (&transform.Pipeline{Steps: []featlab.Transformer{&transform.OneHot{}}}).Groups(nil)
		}, want: errKinds(featlab.ErrNotFitted)},
		{input: "Pipeline.Groups after Polynomial", call: func() (any, error) {
			p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Polynomial{Degree: 2}}}
			if err := p.Fit(X); err != nil {
				return nil, err
			}
			return p.Groups(nil)
		}, want: errKinds(featlab.ErrParam)},
		{input: "FrameEncoder.Groups of a nil encoder", call: func() (any, error) { return (*transform.FrameEncoder)(nil).Groups(), nil }},
		{input: "FrameEncoder.Groups of an encoder built by hand", call: func() (any, error) {
			return (&transform.FrameEncoder{Features: []string{"a", "b"}, Columns: []string{"c"}}).Groups(), nil
		}},
		{input: "DummiesOf(nil)", call: func() (any, error) { return transform.DummiesOf(nil, transform.UnknownError), nil }},
		{input: "DummiesOf(Dataset without Levels)", call: func() (any, error) {
			d := transform.DummiesOf(goodDataset(), transform.UnknownError)
			return d, d.Fit(goodDataset().X)
		}},
	}
	return runCases("transform.DummiesOf", "encoders: unseen categories, level limits, parameters", cases)
}

func predictByNameChecks() []failure {
	ds := goodDataset()
	model := transform.Model{Steps: []featlab.Transformer{&transform.Standardize{}}, Learner: linear.LeastSquaresConfig{Intercept: true}}
	fit, err := model.FitDataset(ds)
	if err != nil {
		return []failure{fails("transform.Model.FitDataset", "valid input", "8x3", "%v", err)}
	}
	df := ds.DataFrame()
	strict := *fit
	strict.RefuseExtra = true
	matFit, _ := model.Fit(ds.X, ds.Y)
	cases := []outcome{
		{input: "frame, columns reordered, no target", call: func() (any, error) { return fit.PredictFrame(df.Select([]string{"c", "a", "b"})) }},
		{input: "frame, column b missing", call: func() (any, error) { return fit.PredictFrame(df.Select([]string{"c", "a"})) },
			want: errSays(featlab.ErrMissing, `"b"`)},
		{input: "frame, column b renamed", call: func() (any, error) { return fit.PredictFrame(df.Rename("B", "b")) },
			want: errSays(featlab.ErrMissing, `"b"`)},
		{input: "frame, extra column, RefuseExtra", call: func() (any, error) {
			return strict.PredictFrame(df.Mutate(series.New(make([]float64, 8), series.Float, "zz")))
		}, want: errSays(featlab.ErrShape, `"zz"`)},
		{input: "frame, NaN at row 2 of b", call: func() (any, error) {
			v := df.Col("b").Float()
			v[2] = math.NaN()
			return fit.PredictFrame(df.Mutate(series.New(v, series.Float, "b")))
		}, want: errSays(featlab.ErrNotFinite, "row 2", "b")},
		{input: "frame, text in b", call: func() (any, error) {
			return fit.PredictFrame(df.Mutate(series.New([]string{"x", "y", "x", "y", "x", "y", "x", "y"}, series.String, "b")))
		}, want: errSays(featlab.ErrNonNumeric, "b")},
		{input: "empty frame", call: func() (any, error) { return fit.PredictFrame(dataframe.DataFrame{}) }, want: errKinds(featlab.ErrEmpty, featlab.ErrShape)},
		{input: "Dataset, columns reordered", call: func() (any, error) {
			r, _ := ds.Columns([]int{2, 0, 1})
			return fit.PredictDataset(r)
		}},
		{input: "Dataset without b", call: func() (any, error) {
			r, _ := ds.Columns([]int{2, 0})
			return fit.PredictDataset(r)
		}, want: errSays(featlab.ErrMissing, `"b"`)},
		{input: "nil Dataset", call: func() (any, error) { return fit.PredictDataset(nil) }, want: errKinds(featlab.ErrParam)},
		{input: "FitDataset(nil)", call: func() (any, error) { return model.FitDataset(nil) }, want: errKinds(featlab.ErrParam)},
		{input: "FitFrame, no target column", call: func() (any, error) { return model.FitFrame(df, "zz") }, want: errSays(featlab.ErrMissing, "zz")},
		{input: "FitFrame, valid", call: func() (any, error) { return model.FitFrame(df, "y") }},
		{input: "matrix fit, PredictFrame", call: func() (any, error) { return matFit.(*transform.FittedModel).PredictFrame(df) },
			want: errKinds(featlab.ErrNotFitted)},
		{input: "Predict, 2 columns for 3", call: func() (any, error) { return fit.Predict(ds.X.Slice(0, 8, 0, 2)) }, want: errSays(featlab.ErrShape, "3", "2")},
		{input: "nil FittedModel", call: func() (any, error) { return (*transform.FittedModel)(nil).PredictFrame(df) }, want: errKinds(featlab.ErrNotFitted)},
	}
	return runCases("transform.Model.FitDataset", "prediction by column name", cases)
}

func byGroupChecks() []failure {
	names := []string{"a=1", "a=2", "b"}
	sel := featlab.NewSelection("m", names, []int{1})
	cases := []outcome{
		{input: "valid groups", call: func() (any, error) { return sel.ByGroup(featlab.GroupsFromNames(names, "=")) }},
		{input: "nil groups", call: func() (any, error) { return sel.ByGroup(nil) }, want: errKinds(featlab.ErrParam)},
		{input: "column 2 in no group", call: func() (any, error) {
			return sel.ByGroup([]featlab.Group{{Name: "a", Columns: []int{0, 1}}})
		}, want: errSays(featlab.ErrParam, "column 2")},
		{input: "column 7 of 3", call: func() (any, error) {
			return sel.ByGroup([]featlab.Group{{Name: "a", Columns: []int{0, 1, 2, 7}}})
		}, want: errSays(featlab.ErrParam, "7")},
		{input: "column 1 twice", call: func() (any, error) {
			return sel.ByGroup([]featlab.Group{{Name: "a", Columns: []int{0, 1}}, {Name: "b", Columns: []int{1, 2}}})
		}, want: errSays(featlab.ErrParam, "column 1")},
		{input: "nil Selection", call: func() (any, error) { return (*featlab.Selection)(nil).ByGroup(nil) }, want: errKinds(featlab.ErrParam)},
		{input: "GroupsFromNames(nil)", call: func() (any, error) { return featlab.GroupsFromNames(nil, "="), nil }},
		{input: "GroupsFromNames, empty sep", call: func() (any, error) { return featlab.GroupsFromNames(names, ""), nil }},
		{input: "CheckGroups, d = -1", call: func() (any, error) { return nil, featlab.CheckGroups(nil, -1) }, want: errKinds(featlab.ErrParam)},
	}
	return runCases("featlab.Selection.ByGroup", "groups of columns", cases)
}

func groupedChecks() []failure {
	X, y := good()
	boom := search.Func("boom", 3, false, func([]int) (float64, error) { panic("evaluator panics") })
	two := []featlab.Group{{Name: "a", Columns: []int{0, 2}}, {Name: "b", Columns: []int{1}}}
	cancelled, stop := context.WithCancel(context.Background())
	stop()
	cases := []outcome{
		{input: "Eval panics", call: func() (any, error) {
			ev, err := search.GroupEvaluator(boom, two)
			if err != nil {
				return nil, err
			}
			return search.Run(context.Background(), ev, search.Config{})
		}, want: errKinds(featlab.ErrPanic)},
		{input: "nil evaluator", call: func() (any, error) { return search.GroupEvaluator(nil, two) }, want: errKinds(featlab.ErrParam)},
		{input: "groups over 2 of 3 columns", call: func() (any, error) {
			return search.GroupEvaluator(boom, two[:1])
		}, want: errSays(featlab.ErrParam, "column 1")},
		{input: "Grouped without Criterion", call: func() (any, error) { return search.Grouped{Groups: two}.Search(X, y) }, want: errKinds(featlab.ErrParam)},
		{input: "Grouped, Names of 2 for 3 columns", call: func() (any, error) {
			return search.Grouped{Config: search.Config{Criterion: search.LeastSquares{}, Names: []string{"a", "b"}}, Groups: two}.Search(X, y)
		}, want: errKinds(featlab.ErrShape)},
		{input: "Grouped, cancelled context", call: func() (any, error) {
			return search.Grouped{Config: search.Config{Criterion: search.LeastSquares{}}, Groups: two}.SearchContext(cancelled, X, y)
		}, want: errKinds(context.Canceled)},
		{input: "Grouped, an *Evaluator criterion, nil X", call: func() (any, error) {
			ev := search.Func("sum", 3, false, func(s []int) (float64, error) { return float64(len(s)), nil })
			return search.Grouped{Config: search.Config{Criterion: ev}, Groups: two}.Select(nil, nil)
		}},
	}
	return runCases("search.GroupEvaluator", "grouped search", cases)
}

func stratifiedUnshuffledChecks() []failure {
	y := []float64{0, 1, 0, 1, 0, 1}
	cases := []outcome{
		{input: "valid", call: func() (any, error) { return validate.StratifiedKFoldUnshuffled(y, 3) }},
		{input: "nil y", call: func() (any, error) { return validate.StratifiedKFoldUnshuffled(nil, 2) }, want: errKinds(featlab.ErrEmpty, featlab.ErrParam)},
		{input: "k = 1", call: func() (any, error) { return validate.StratifiedKFoldUnshuffled(y, 1) }, want: errSays(featlab.ErrParam, "k")},
		{input: "k = 7 > m", call: func() (any, error) { return validate.StratifiedKFoldUnshuffled(y, 7) }, want: errKinds(featlab.ErrParam)},
		{input: "label 0.5", call: func() (any, error) { return validate.StratifiedKFoldUnshuffled([]float64{0, 0.5, 1, 1}, 2) }, want: errSays(featlab.ErrLabels, "row 1")},
		{input: "NaN label", call: func() (any, error) { return validate.StratifiedKFoldUnshuffled([]float64{0, math.NaN(), 1, 1}, 2) }, want: errSays(featlab.ErrNotFinite, "row 1")},
	}
	return runCases("validate.StratifiedKFoldUnshuffled", "parameters", cases)
}

func penaltyCChecks() []failure {
	X, y := good()
	cases := []outcome{
		{input: "Logistic C = -1", call: func() (any, error) { return linear.Logistic(X, y, linear.LogisticConfig{C: -1}) }, want: errSays(featlab.ErrParam, "c")},
		{input: "Logistic C = NaN", call: func() (any, error) { return linear.Logistic(X, y, linear.LogisticConfig{C: math.NaN()}) }, want: errKinds(featlab.ErrParam)},
		{input: "Logistic C and Lambda", call: func() (any, error) { return linear.Logistic(X, y, linear.LogisticConfig{C: 1, Lambda: 0.1}) },
			want: errSays(featlab.ErrParam, "lambda", "c")},
		{input: "SparseSVM C = +Inf", call: func() (any, error) { return linear.SparseSVM(X, y, linear.SparseSVMConfig{C: math.Inf(1)}) }, want: errKinds(featlab.ErrParam)},
		{input: "SparseSVM C = 1e-320", call: func() (any, error) { return linear.SparseSVM(X, y, linear.SparseSVMConfig{C: 1e-320}) }, want: errKinds(featlab.ErrParam)},
		{input: "SparseSVM C and Lambda", call: func() (any, error) { return linear.SparseSVM(X, y, linear.SparseSVMConfig{C: 1, Lambda: 0.1}) }, want: errKinds(featlab.ErrParam)},
	}
	return runCases("linear.Logistic", "penalty on the sum of the losses", cases)
}
