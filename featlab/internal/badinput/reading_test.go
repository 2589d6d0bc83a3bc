package badinput

import (
	"errors"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/transform"
)

// Reading policies for missing cells and categorical columns, complete
// cases, and the imputer (issue 19, "Missing values").
func init() {
	entrySets = append(entrySets, readingEntries)
	for _, n := range []string{"datasets.Airquality", "datasets.AirqualityFrame", "datasets.Mtcars", "datasets.MtcarsFrame"} {
		exempt[n] = "no input; datasets' tests check every value of the data compiled in (airquality holds NaN by design)"
	}
}

func readingEntries() []*entry {
	return []*entry{
		// The default policy refuses missing cells as ReadCSV does (every
		// hostile CSV), counting them all.
		csvReader("datasets.ReadCSVWith", true, func(text string) (any, error) {
			return datasets.ReadCSVWith(strings.NewReader(text), "y", featlab.ReadConfig{})
		}),
		csvReader("featlab.FromDataFrameWith", true, func(text string) (any, error) {
			return featlab.FromDataFrameWith(dataframe.ReadCSV(strings.NewReader(text)), "y", featlab.ReadConfig{})
		}),
		coversOnly(custom("datasets.ReadCSVWith (policies)", "params", nil, readPolicyChecks), "datasets.ReadCSVWith"),
		custom("featlab.FromDataFrameLikeWith", "frame", nil, fromDataFrameLikeWith),
		custom("featlab.Dataset.CompleteCases", "params", []string{"featlab.Dataset.MissingCounts", "featlab.NotFiniteCell"}, completeCasesChecks),
		coversOnly(custom("transform.Imputer", "imputer", nil, imputerChecks), "transform.Imputer.Fit", "transform.Imputer.Transform",
			"transform.Imputer.OutputNames", "transform.Imputer.Statistics", "transform.Imputer.MissingFeatures"),
	}
}

// coversOnly sets the exported identifiers a custom entry covers (its id
// names a group of cases, not one identifier).
func coversOnly(e *entry, ids ...string) *entry {
	e.covers = ids
	return e
}

// missingView returns the parts of a Dataset read with NaN that the
// finiteness check can look at.
func missingView(ds *featlab.Dataset, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return struct {
		Names   []string
		Missing []int
	}{ds.Names, ds.MissingCounts()}, nil
}

func readPolicyChecks() []failure {
	asNaN := featlab.ReadConfig{Missing: featlab.MissingAsNaN}
	read := func(text, target string, cfg featlab.ReadConfig) func() (any, error) {
		return func() (any, error) { return missingView(datasets.ReadCSVWith(strings.NewReader(text), target, cfg)) }
	}
	return runCases("datasets.ReadCSVWith (policies)", "params", []outcome{
		{input: "policy 7", call: read("a,y\n1,2\n", "y", featlab.ReadConfig{Missing: 7}), want: errSays(featlab.ErrParam, "Missing")},
		{input: "categorical column named twice", call: read("a,y\n1,2\n", "y", featlab.ReadConfig{Categorical: []string{"a", "a"}}), want: errSays(featlab.ErrParam, `"a"`)},
		{input: "categorical column not in the file", call: read("a,y\n1,2\n", "y", featlab.ReadConfig{Categorical: []string{"b"}}), want: errSays(featlab.ErrMissing, `"b"`)},
		{input: "levels over MaxLevels", call: read("a,y\nu,1\nv,2\nw,3\n", "y", featlab.ReadConfig{Categorical: []string{"a"}, MaxLevels: 2}), want: errSays(featlab.ErrTooLarge, `"a"`, "MaxLevels")},
		{input: "12 missing cells, default policy", call: read("a,b,y\n"+strings.Repeat("NA,?,1\n", 6), "y", featlab.ReadConfig{}), want: errSays(featlab.ErrNotFinite, "12 missing cells", `"a": 6`, `"b": 6`, "transform.Imputer")},
		{input: "missing cells as NaN", call: read("a,b,y\n1,NA,2\n?,3,4\n", "y", asNaN)},
		{input: "infinity under MissingAsNaN", call: read("a,y\n1e999,2\n1,2\n", "y", asNaN), want: errSays(featlab.ErrNotFinite, "row 0", `"a"`)},
		{input: "text not in the NA list", call: read("a,y\n1,2\n-,3\n4,5\n", "y", asNaN), want: errSays(featlab.ErrNonNumeric, "row 1", `"-"`, "ReadConfig.NA")},
		{input: "no target (rows to predict)", call: read("a,b\n1,NA\n3,4\n", "", asNaN)},
		{input: "every cell missing", call: read("a,y\nNA,NA\n", "y", asNaN), noPanic: true},
		{input: "nil reader", call: func() (any, error) { return datasets.ReadCSVWith(nil, "y", featlab.ReadConfig{}) }, want: errKinds(featlab.ErrParam)},
	})
}

func fromDataFrameLikeWith() []failure {
	text := "a,c,y\n1,u,3\n2,v,4\n3,u,5\n"
	cfg := featlab.ReadConfig{Categorical: []string{"c"}}
	like, err := datasets.ReadCSVWith(strings.NewReader(text), "y", cfg)
	if err != nil {
		return []failure{fails("datasets.ReadCSVWith", "valid input", text, "%v", err)}
	}
	df := dataframe.ReadCSV(strings.NewReader(text))
	asNaN := featlab.ReadConfig{Missing: featlab.MissingAsNaN}
	return runCases("featlab.FromDataFrameLikeWith", "frames", []outcome{
		{input: "reordered columns", call: func() (any, error) {
			got, err := featlab.FromDataFrameLikeWith(df.Select([]string{"y", "c", "a"}), like, cfg)
			if err == nil && (digest(got.X.RawMatrix().Data) != digest(like.X.RawMatrix().Data) || digest(got.Levels) != digest(like.Levels)) {
				return nil, errors.New("a reordered frame gives another Dataset")
			}
			return nil, err
		}},
		{input: "column a missing", call: func() (any, error) { return featlab.FromDataFrameLikeWith(df.Select([]string{"c", "y"}), like, cfg) }, want: errSays(featlab.ErrMissing, `"a"`)},
		{input: "column a renamed A", call: func() (any, error) { return featlab.FromDataFrameLikeWith(df.Rename("A", "a"), like, cfg) }, want: errSays(featlab.ErrMissing, `"a"`)},
		{input: "extra column", call: func() (any, error) {
			return featlab.FromDataFrameLikeWith(df.Mutate(series.New([]float64{1, 2, 3}, series.Float, "extra")), like, cfg)
		}, want: errSays(featlab.ErrShape, `"extra"`)},
		{input: "no target (rows to predict)", call: func() (any, error) {
			got, err := featlab.FromDataFrameLikeWith(df.Drop("y"), like, cfg)
			if err == nil && got.Y != nil {
				return nil, errors.New("Y is not nil without a target column")
			}
			return missingView(got, err)
		}},
		{input: "level w unseen in training", call: func() (any, error) {
			return featlab.FromDataFrameLikeWith(dataframe.ReadCSV(strings.NewReader("a,c\n1,w\n")), like, cfg)
		}, want: errSays(featlab.ErrLabels, `"w"`, `"c"`, "row 0")},
		{input: "NA under the default policy", call: func() (any, error) {
			return featlab.FromDataFrameLikeWith(dataframe.ReadCSV(strings.NewReader("a,c\nNA,u\n2,NA\n")), like, featlab.ReadConfig{})
		}, want: errSays(featlab.ErrNotFinite, "2 missing cells", `"a": 1`, `"c": 1`)},
		{input: "NA as NaN", call: func() (any, error) {
			return missingView(featlab.FromDataFrameLikeWith(dataframe.ReadCSV(strings.NewReader("a,c\nNA,u\n2,NA\n")), like, asNaN))
		}},
		{input: "nil reference", call: func() (any, error) { return featlab.FromDataFrameLikeWith(df, nil, cfg) }, want: errKinds(featlab.ErrParam)},
		{input: "frame with an error", call: func() (any, error) {
			return featlab.FromDataFrameLikeWith(dataframe.DataFrame{Err: errors.New("x")}, like, cfg)
		}, want: errKinds(featlab.ErrShape)},
	})
}

func completeCasesChecks() []failure {
	nan := math.NaN()
	ds := func(x []float64, y []float64) *featlab.Dataset {
		return &featlab.Dataset{X: mat.NewDense(len(x)/2, 2, x), Y: y, Names: []string{"a", "b"}, Target: "y"}
	}
	cc := func(d *featlab.Dataset) func() (any, error) {
		return func() (any, error) {
			out, rep, err := d.CompleteCases()
			if err != nil {
				return nil, err
			}
			return struct {
				X       *mat.Dense
				Dropped []int
				Missing []int
			}{out.X, rep.Dropped, d.MissingCounts()}, nil
		}
	}
	return runCases("featlab.Dataset.CompleteCases", "params", []outcome{
		{input: "nil dataset", call: cc(nil), want: errKinds(featlab.ErrEmpty)},
		{input: "no complete row", call: cc(ds([]float64{nan, 1, 2, nan}, []float64{1, 2})), want: errSays(featlab.ErrEmpty, "a 1", "b 1")},
		{input: "Y of another length", call: cc(ds([]float64{1, 2}, []float64{1, 2})), want: errKinds(featlab.ErrShape)},
		{input: "missing target", call: cc(ds([]float64{1, 2, 3, 4}, []float64{nan, 2}))},
		{input: "no target", call: cc(ds([]float64{1, 2, nan, 4}, nil))},
		{input: "MissingCounts of nil", call: func() (any, error) { return (*featlab.Dataset)(nil).MissingCounts(), nil }},
		{input: "NotFiniteCell(NaN)", call: func() (any, error) { return nil, featlab.NotFiniteCell(nan, 3, `column 1 ("b")`) }, want: errSays(featlab.ErrNotFinite, "row 3", `"b"`, "transform.Imputer")},
		{input: "NotFiniteCell(+Inf)", call: func() (any, error) { return nil, featlab.NotFiniteCell(math.Inf(1), 2, "column 0") }, want: errSays(featlab.ErrNotFinite, "row 2", "+Inf")},
	})
}

func imputerChecks() []failure {
	X, _ := good()
	nan := math.NaN()
	withNaN := mat.DenseCopyOf(X)
	withNaN.Set(2, 1, nan)
	withNaN.Set(5, 0, nan)
	huge := mat.DenseCopyOf(withNaN)
	huge.Scale(1e300, huge)
	fit := func(im *transform.Imputer, X mat.Matrix) func() (any, error) {
		return func() (any, error) {
			if err := im.Fit(X); err != nil {
				return nil, err
			}
			return im.Transform(X)
		}
	}
	var cases []outcome
	for _, s := range []transform.ImputeStrategy{transform.ImputeMean, transform.ImputeMedian, transform.ImputeMostFrequent, transform.ImputeConstant, transform.ImputeKNN} {
		name := s.String()
		cases = append(cases,
			outcome{input: name + " on NaN", call: fit(&transform.Imputer{Strategy: s, Indicator: true}, withNaN)},
			outcome{input: name + " nil matrix", call: fit(&transform.Imputer{Strategy: s}, nil), want: errKinds(featlab.ErrEmpty)},
			outcome{input: name + " empty matrix", call: fit(&transform.Imputer{Strategy: s}, &mat.Dense{}), want: errKinds(featlab.ErrEmpty)},
			outcome{input: name + " Inf at row 3, column 2", call: fit(&transform.Imputer{Strategy: s}, with(3, 2, math.Inf(-1))), want: errSays(featlab.ErrNotFinite, "row 3", "column 2")},
			outcome{input: name + " values near 1e300", call: fit(&transform.Imputer{Strategy: s, K: 2}, huge)},
			outcome{input: name + " one row", call: fit(&transform.Imputer{Strategy: s}, mat.NewDense(1, 2, []float64{1, 2}))},
		)
	}
	allNaN := mat.NewDense(3, 2, []float64{1, nan, 2, nan, 3, nan})
	fitted := &transform.Imputer{Indicator: true}
	_ = fitted.Fit(withNaN)
	cases = append(cases,
		outcome{input: "column 1 all missing", call: fit(&transform.Imputer{}, allNaN), want: errSays(featlab.ErrEmpty, "column 1", "ImputeConstant")},
		outcome{input: "constant on an all-missing column", call: fit(&transform.Imputer{Strategy: transform.ImputeConstant}, allNaN)},
		outcome{input: "strategy 9", call: fit(&transform.Imputer{Strategy: 9}, X), want: errSays(featlab.ErrParam, "Strategy")},
		outcome{input: "K = -1", call: fit(&transform.Imputer{Strategy: transform.ImputeKNN, K: -1}, X), want: errSays(featlab.ErrParam, "K")},
		outcome{input: "weights 3", call: fit(&transform.Imputer{Weights: 3}, X), want: errSays(featlab.ErrParam, "Weights")},
		outcome{input: "FillValue Inf", call: fit(&transform.Imputer{Strategy: transform.ImputeConstant, FillValue: math.Inf(1)}, X), want: errSays(featlab.ErrParam, "FillValue")},
		outcome{input: "Transform before Fit", call: func() (any, error) { return (&transform.Imputer{}).Transform(X) }, want: errKinds(featlab.ErrNotFitted)},
		outcome{input: "OutputNames before Fit", call: func() (any, error) { return (&transform.Imputer{}).OutputNames(nil) }, want: errKinds(featlab.ErrNotFitted)},
		outcome{input: "Transform of another width", call: func() (any, error) { return fitted.Transform(mat.NewDense(2, 2, nil)) }, want: errSays(featlab.ErrShape, "3", "2")},
		outcome{input: "OutputNames of another length", call: func() (any, error) { return fitted.OutputNames([]string{"a"}) }, want: errKinds(featlab.ErrShape)},
		outcome{input: "accessors", call: func() (any, error) {
			return struct {
				S []float64
				M []int
				U []float64
			}{fitted.Statistics(), fitted.MissingFeatures(), (&transform.Imputer{}).Statistics()}, nil
		}},
		outcome{input: "frame reordered, column missing", call: func() (any, error) {
			df := frameOf(withNaN)
			im := &transform.Imputer{}
			if err := transform.FitFrame(im, df, "a", "b"); err != nil {
				return nil, err
			}
			a, err := transform.TransformFrame(im, df.Select([]string{"s", "b", "c", "a"}))
			if err != nil {
				return nil, err
			}
			if v := a.Col("b").Elem(2).Float(); v != im.Statistics()[1] {
				return nil, errors.New("a reordered frame is imputed by position")
			}
			return transform.TransformFrame(im, df.Drop("b"))
		}, want: errSays(featlab.ErrMissing, `"b"`)},
	)
	return runCases("transform.Imputer", "transformer", cases)
}
