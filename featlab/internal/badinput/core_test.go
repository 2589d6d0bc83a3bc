package badinput

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/exercise"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// Custom checks: parameters, index methods, frames and user callbacks.

// outcome is one case of a custom entry: a call and what it must do.
type outcome struct {
	input string
	call  func() (any, error)
	want  *expectation // nil: succeed with a finite result (or a sentinel error)
	// panics: a programmer error; the panic message must name all of these.
	panics []string
	// noPanic: any outcome but a panic (an error must wrap a sentinel).
	noPanic bool
}

// runCases runs the cases of a custom entry.
func runCases(id, check string, cases []outcome) []failure {
	ran("custom cases: parameters, indices, frames, callbacks", id)
	var out []failure
	e := &entry{id: id}
	for _, c := range cases {
		res, err, p := call(c.call)
		count(1)
		if c.panics != nil {
			if p == "" && err == nil {
				out = append(out, fails(id, check, c.input, "neither a panic nor an error"))
			}
			msg := strings.ToLower(p)
			if err != nil {
				msg = strings.ToLower(err.Error())
			}
			for _, s := range c.panics {
				if !containsAny(msg, s) {
					out = append(out, fails(id, check, c.input, "message %q does not name %q", msg, s))
					break
				}
			}
			continue
		}
		if c.noPanic {
			switch {
			case p != "":
				out = append(out, fails(id, check, c.input, "panicked: %s", p))
			case err != nil && !wrapsSentinel(err):
				out = append(out, fails(id, check, c.input, "error %q wraps no featlab sentinel", err))
			case err != nil:
				out = append(out, textOnlySentinel(id, check, c.input, err)...)
			}
			continue
		}
		out = append(out, checkOutcome(e, check, c.input, res, err, p, c.want)...)
	}
	return out
}

func errKinds(kinds ...error) *expectation { return &expectation{kinds: kinds} }

func errSays(kind error, says ...string) *expectation {
	return &expectation{kinds: []error{kind}, says: says}
}

func goodDataset() *featlab.Dataset {
	X, y := good()
	ds, err := featlab.NewDataset(X, y, []string{"a", "b", "c"}, "y")
	if err != nil {
		panic(err)
	}
	return ds
}

// datasetMethods: Dataset's index and name methods.
func datasetMethods() []failure {
	ds := goodDataset()
	return runCases("featlab.Dataset", "index and name methods", []outcome{
		{input: "Rows with index 8 of 8 rows", call: func() (any, error) { return ds.Rows([]int{1, 8}), nil }, panics: []string{"Dataset.Rows", "8", "8 rows"}},
		{input: "Rows with index -1", call: func() (any, error) { return ds.Rows([]int{-1}), nil }, panics: []string{"-1", "8 rows"}},
		{input: "Rows, valid", call: func() (any, error) { return ds.Rows([]int{0, 0, 7}), nil }},
		{input: "Columns with index 3 of 3", call: func() (any, error) { return ds.Columns([]int{0, 3}) }, want: errSays(featlab.ErrParam, "3")},
		{input: "Columns, none", call: func() (any, error) { return ds.Columns(nil) }, want: errKinds(featlab.ErrEmpty)},
		{input: "Index of an unknown name", call: func() (any, error) { return ds.Index("zz") }, want: errSays(featlab.ErrMissing, `"zz"`)},
		{input: "IsCategorical(-1)", call: func() (any, error) { return ds.IsCategorical(-1), nil }},
		{input: "NewDataset with 2 names for 3 columns", call: func() (any, error) {
			X, y := good()
			return featlab.NewDataset(X, y, []string{"a", "b"}, "y")
		}, want: errSays(featlab.ErrShape, "2", "3")},
		{input: "NewDataset with a repeated name", call: func() (any, error) {
			X, y := good()
			return featlab.NewDataset(X, y, []string{"a", "b", "a"}, "y")
		}, want: errSays(featlab.ErrShape, `"a"`)},
		{input: "Drop an unknown name", call: func() (any, error) { return ds.Drop("zz") }, want: errSays(featlab.ErrMissing, `"zz"`)},
		{input: "Drop every feature", call: func() (any, error) { return ds.Drop("a", "b", "c") }, want: errKinds(featlab.ErrEmpty)},
		{input: "Drop the target", call: func() (any, error) { return ds.Drop("y") }, want: errKinds(featlab.ErrParam, featlab.ErrMissing)},
		{input: "Where on an unknown name", call: func() (any, error) { return ds.Where("zz", func(float64) bool { return true }) }, want: errSays(featlab.ErrMissing, `"zz"`)},
		{input: "Where with a nil keep", call: func() (any, error) { return ds.Where("a", nil) }, want: errKinds(featlab.ErrParam)},
		{input: "Where keeping nothing", call: func() (any, error) { return ds.Where("a", func(float64) bool { return false }) }, want: errKinds(featlab.ErrEmpty)},
		{input: "Filter with a nil keep", call: func() (any, error) { return ds.Filter(nil) }, want: errKinds(featlab.ErrParam)},
		{input: "Filter keeping rows 0 and 7", call: func() (any, error) {
			return ds.Filter(func(i int, x []float64, y float64) bool { return i == 0 || i == 7 })
		}},
		{input: "DefaultNames(-1)", call: func() (any, error) { return featlab.DefaultNames(-1), nil }, panics: []string{"DefaultNames", "-1"}},
	})
}

// selectionMethods: Selection's index methods and its Apply family.
func selectionMethods() []failure {
	X, _ := good()
	sel := featlab.NewSelection("test", []string{"a", "b", "c"}, []int{2, 0})
	df := frameOf(X)
	return runCases("featlab.Selection", "index and frame methods", []outcome{
		{input: "NewSelection with index 3 of 3 names", call: func() (any, error) {
			return featlab.NewSelection("m", []string{"a", "b", "c"}, []int{3}), nil
		}, panics: []string{"NewSelection", "3", "3 features"}},
		{input: "Mask with Chosen 5 of 1 name", call: func() (any, error) {
			return (&featlab.Selection{Names: []string{"a"}, Chosen: []int{5}}).Mask(), nil
		}, panics: []string{"Mask", "5", "1 feature"}},
		{input: "DataFrame with Constant 9 of 1 name", call: func() (any, error) {
			return (&featlab.Selection{Names: []string{"a"}, Constant: []int{9}}).DataFrame(), nil
		}, panics: []string{"DataFrame", "9", "1 feature"}},
		{input: "String with 1 score for 2 names", call: func() (any, error) {
			return (&featlab.Selection{Names: []string{"a", "b"}, Scores: []float64{1}}).String(), nil
		}, panics: []string{"String", "1 scores", "2 features"}},
		{input: "Apply to 2 columns (chosen 2, 0)", call: func() (any, error) { return sel.Apply(mat.NewDense(2, 2, nil)) }, want: errKinds(featlab.ErrShape)},
		{input: "Apply to a nil matrix", call: func() (any, error) { return sel.Apply(nil) }, want: errKinds(featlab.ErrEmpty)},
		{input: "Apply to NaN at row 2, column 1 (not chosen)", call: func() (any, error) { return sel.Apply(with(2, 1, math.NaN())) }},
		{input: "ApplyDataset(nil)", call: func() (any, error) { return sel.ApplyDataset(nil) }, want: errKinds(featlab.ErrEmpty, featlab.ErrParam)},
		{input: "ApplyFrame, columns reordered", call: func() (any, error) {
			got, err := sel.ApplyFrame(df.Select([]string{"s", "c", "b", "a"}))
			if err != nil {
				return nil, err
			}
			// Columns that are not features (s) pass through.
			if strings.Join(got.Names(), ",") != "s,c,a" || got.Col("c").Float()[0] != 5 {
				return nil, fmt.Errorf("got columns %v", got.Names())
			}
			return nil, nil
		}},
		{input: "ApplyFrame, a byte-order mark before the first name", call: func() (any, error) {
			got, err := sel.ApplyFrame(df.Rename("\ufeffa", "a"))
			if err == nil && got.Names()[0] != "a" {
				return nil, fmt.Errorf("got columns %q", got.Names())
			}
			return nil, err
		}},
		{input: "ApplyFrame, chosen column c missing", call: func() (any, error) { return sel.ApplyFrame(df.Select([]string{"a", "b"})) }, want: errSays(featlab.ErrMissing, `"c"`)},
		{input: "ApplyFrame, chosen column c renamed C", call: func() (any, error) { return sel.ApplyFrame(df.Rename("C", "c")) }, want: errSays(featlab.ErrMissing, `"c"`)},
	})
}

// frameReaders: FromDataFrame and FrameEncoder.Dataset on frames whose
// columns are reordered, missing, renamed or extra.
func frameEncoder() []failure {
	train := dataframe.New(
		series.New([]string{"red", "green", "red", "blue"}, series.String, "color"),
		series.New([]float64{1, 2, 3, 10}, series.Float, "weight"),
		series.New([]int{0, 5, 10, 5}, series.Int, "count"),
		series.New([]float64{1, 2, 3, 4}, series.Float, "y"),
	)
	ds, enc, err := transform.OneHotDataset(train, "y", transform.UnknownError)
	if err != nil {
		return []failure{fails("transform.OneHotDataset", "valid input", "4-row frame", "%v", err)}
	}
	base := digest(ds)
	return runCases("transform.FrameEncoder", "frames", []outcome{
		{input: "reordered columns", call: func() (any, error) {
			got, err := enc.Dataset(train.Select([]string{"count", "y", "weight", "color"}))
			if err == nil && digest(got) != base {
				return nil, errors.New("a reordered frame gives another Dataset")
			}
			return nil, err
		}},
		{input: "column count missing", call: func() (any, error) { return enc.Dataset(train.Select([]string{"color", "weight", "y"})) }, want: errSays(featlab.ErrMissing, `"count"`)},
		{input: "column count renamed Count", call: func() (any, error) { return enc.Dataset(train.Rename("Count", "count")) }, want: errSays(featlab.ErrMissing, `"count"`)},
		{input: "extra column", call: func() (any, error) {
			return enc.Dataset(train.Mutate(series.New([]float64{0, 0, 0, 0}, series.Float, "extra")))
		}, want: errSays(featlab.ErrShape, `"extra"`)},
		{input: "text column color missing", call: func() (any, error) { return enc.Dataset(train.Select([]string{"weight", "count", "y"})) }, want: errSays(featlab.ErrMissing, `"color"`)},
		{input: "unseen category", call: func() (any, error) {
			return enc.Dataset(dataframe.New(
				series.New([]string{"pink"}, series.String, "color"),
				series.New([]float64{1}, series.Float, "weight"),
				series.New([]int{0}, series.Int, "count"),
				series.New([]float64{1}, series.Float, "y"),
			))
		}, want: errSays(transform.ErrUnknownCategory, `"pink"`)},
		{input: "nil encoder", call: func() (any, error) { return (*transform.FrameEncoder)(nil).Dataset(train) }, want: errKinds(featlab.ErrNotFitted)},
		{input: "OneHotDataset, a numeric feature with \"?\" at row 2", call: func() (any, error) {
			df := dataframe.ReadCSV(strings.NewReader("age,color,y\n31,red,1\n45,blue,2\n?,red,3\n27,red,4\n"))
			_, _, err := transform.OneHotDataset(df, "y", transform.UnknownError)
			return nil, err
		}, want: errSays(featlab.ErrNonNumeric, "row 2", `"age"`)},
		{input: "OneHotDatasetWith(nil encoder)", call: func() (any, error) {
			_, _, err := transform.OneHotDatasetWith(train, "y", nil)
			return nil, err
		}, want: errKinds(featlab.ErrParam)},
		{input: "OneHotDatasetWith MaxCells 1", call: func() (any, error) {
			_, _, err := transform.OneHotDatasetWith(train, "y", &transform.OneHot{MaxCells: 1})
			return nil, err
		}, want: errSays(featlab.ErrTooLarge, "MaxCells")},
		{input: "OneHotDataset, no target", call: func() (any, error) {
			_, _, err := transform.OneHotDataset(train, "zz", transform.UnknownError)
			return nil, err
		}, want: errSays(featlab.ErrMissing, `"zz"`)},
	})
}

// coreChecks: CheckMatrix, CheckVector, CheckXY, ClassLabels, CheckCells,
// FormatTable, ToDataFrame.
func coreChecks() []failure {
	return runCases("featlab", "checks", []outcome{
		{input: "CheckVector NaN at row 4", call: func() (any, error) {
			return nil, featlab.CheckVector([]float64{1, 2, 3, 4, math.NaN()}, "v")
		}, want: errSays(featlab.ErrNotFinite, "row 4")},
		{input: "CheckVector empty", call: func() (any, error) { return nil, featlab.CheckVector(nil, "v") }, want: errKinds(featlab.ErrEmpty)},
		{input: "ClassLabels 0.5 at row 1", call: func() (any, error) { return featlab.ClassLabels([]float64{0, 0.5, 1}, 2) }, want: errSays(featlab.ErrLabels, "row 1")},
		{input: "ClassLabels one class of 2", call: func() (any, error) { return featlab.ClassLabels([]float64{1, 1}, 2) }, want: errKinds(featlab.ErrLabels)},
		{input: "ClassLabels 1e300", call: func() (any, error) { return featlab.ClassLabels([]float64{0, 1e300}, 2) }, want: errKinds(featlab.ErrLabels)},
		{input: "CheckCells 2^40 x 2^40", call: func() (any, error) {
			return nil, featlab.CheckCells("x", "MaxCells", 1<<40, 1<<40, 0)
		}, want: errSays(featlab.ErrTooLarge, "MaxCells")},
		{input: "FormatTable with ragged rows", call: func() (any, error) {
			return featlab.FormatTable([]string{"a", "b"}, [][]string{{"1"}, {"1", "2", "3"}}), nil
		}},
		{input: "ToDataFrame(nil)", call: func() (any, error) { return featlab.ToDataFrame(nil), nil }, panics: []string{"nil"}},
		{input: "FormatFloat NaN", call: func() (any, error) { return featlab.FormatFloat(math.NaN()), nil }},
	})
}

// datasetsChecks: the embedded sets' loaders by name.
func datasetsChecks() []failure {
	return runCases("datasets", "names", []outcome{
		{input: "Load of an unknown name", call: func() (any, error) { return datasets.Load("nope") }, want: errSays(featlab.ErrParam, `"nope"`)},
		{input: "Frame of an unknown name", call: func() (any, error) { return datasets.Frame("nope") }, want: errSays(featlab.ErrParam, `"nope"`)},
		{input: "Raw of an unknown name", call: func() (any, error) { return datasets.Raw("nope") }, want: errSays(featlab.ErrParam, `"nope"`)},
		{input: "ReadCSV from a nil reader", call: func() (any, error) { return datasets.ReadCSV(nil, "y") }, want: errKinds(featlab.ErrParam)},
		{input: "Load diabetes", call: func() (any, error) { return datasets.Load("diabetes") }},
	})
}

// validateChecks: splits with nonsense parameters, and cross-validation
// with user callbacks that panic or misbehave.
func validateChecks() []failure {
	X, y := good()
	folds, err := validate.KFold(8, 2, 1)
	if err != nil {
		return []failure{fails("validate.KFold", "valid input", "8, 2", "%v", err)}
	}
	mean := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		s := 0.0
		for _, v := range y {
			s += v
		}
		s /= float64(len(y))
		return featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) {
			r, _ := X.Dims()
			p := make([]float64, r)
			for i := range p {
				p[i] = s
			}
			return p, nil
		}), nil
	})
	cv := func(l featlab.Learner, p featlab.Progress, workers int) func() (any, error) {
		return func() (any, error) {
			return validate.CrossValidate(X, y, validate.CVConfig{Learner: l, Folds: folds, Metric: validate.MSE, Progress: p, Workers: workers})
		}
	}
	panicky := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) { panic("learner panics") })
	nilPred := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) { return nil, nil })
	badPred := featlab.LearnerFunc(func(X mat.Matrix, y []float64) (featlab.Predictor, error) {
		return featlab.PredictorFunc(func(X mat.Matrix) ([]float64, error) { panic("predictor panics") }), nil
	})
	cases := []outcome{
		{input: "KFold k = 1", call: func() (any, error) { return validate.KFold(8, 1, 1) }, want: errSays(featlab.ErrParam, "1")},
		{input: "KFoldUnshuffled k = 0", call: func() (any, error) { return validate.KFoldUnshuffled(8, 0) }, want: errSays(featlab.ErrParam, "0")},
		{input: "KFoldUnshuffled k = 9 > m = 8", call: func() (any, error) { return validate.KFoldUnshuffled(8, 9) }, want: errSays(featlab.ErrParam, "9")},
		{input: "KFold k = 9 > m = 8", call: func() (any, error) { return validate.KFold(8, 9, 1) }, want: errSays(featlab.ErrParam, "9")},
		{input: "StratifiedKFold with NaN label at row 1", call: func() (any, error) { return validate.StratifiedKFold([]float64{0, math.NaN(), 1, 1}, 2, 1) }, want: errKinds(featlab.ErrNotFinite, featlab.ErrLabels)},
		{input: "Bootstrap 0 rounds", call: func() (any, error) { return validate.Bootstrap(8, 0, 1) }, want: errKinds(featlab.ErrParam)},
		{input: "Holdout fraction 1.5", call: func() (any, error) { a, b, err := validate.Holdout(8, 1.5, 1); return [][]int{a, b}, err }, want: errSays(featlab.ErrParam, "1.5")},
		{input: "TrainValTest fractions 0.6 + 0.6", call: func() (any, error) {
			a, b, c, err := validate.TrainValTest(8, 0.6, 0.6, 1)
			return [][]int{a, b, c}, err
		}, want: errKinds(featlab.ErrParam)},
		{input: "CheckFolds with index 8 of 8", call: func() (any, error) {
			return nil, validate.CheckFolds(8, []validate.Fold{{Train: []int{0, 1}, Test: []int{8}}})
		}, want: errSays(featlab.ErrParam, "8")},
		{input: "MeanStdErr(nil)", call: func() (any, error) {
			m, s, err := validate.MeanStdErr(nil)
			return []float64{m, s}, err
		}, want: errKinds(featlab.ErrEmpty)},
		{input: "CrossValidate, valid", call: cv(mean, nil, 0)},
		{input: "CrossValidate, nil Learner", call: cv(nil, nil, 0), want: errKinds(featlab.ErrParam)},
		{input: "CrossValidateContext, cancelled", call: func() (any, error) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return validate.CrossValidateContext(ctx, X, y, validate.CVConfig{Learner: mean, Folds: folds, Metric: validate.MSE})
		}, want: errKinds(context.Canceled)},
	}
	for _, w := range []int{1, 2} {
		cases = append(cases,
			outcome{input: fmt.Sprintf("CrossValidate, Learner panics (Workers %d)", w), call: cv(panicky, nil, w), want: errSays(featlab.ErrPanic, "fold")},
			outcome{input: fmt.Sprintf("CrossValidate, nil Predictor (Workers %d)", w), call: cv(nilPred, nil, w), want: errSays(featlab.ErrParam, "fold")},
			outcome{input: fmt.Sprintf("CrossValidate, Predictor panics (Workers %d)", w), call: cv(badPred, nil, w), want: errSays(featlab.ErrPanic, "fold")},
			outcome{input: fmt.Sprintf("CrossValidate, Progress panics (Workers %d)", w), call: cv(mean, panicProgress, w), want: errKinds(featlab.ErrPanic)},
		)
	}
	return runCases("validate", "parameters and callbacks", cases)
}

// exerciseChecks: Check with student functions that fail in every way
// that can be caught in-process (the child-process cases, stack overflow,
// os.Exit and panics in goroutines, are featlab/exercise's own tests), and
// the input generators' programmer errors.
func exerciseChecks() []failure {
	mean := func(v []float64) float64 {
		s := 0.0
		for _, x := range v {
			s += x
		}
		return s / float64(len(v))
	}
	ex := exercise.VecToScalar("mean", mean, nil)
	ex.InProcess = true
	ex.Timeout = 50 * time.Millisecond
	verdict := func(student func([]float64) float64, says string) func() (any, error) {
		return func() (any, error) {
			r := exercise.Check(ex, student)
			if r.Passed {
				return nil, errors.New("a faulty student passed")
			}
			if !strings.Contains(r.Got+" "+r.Hint, says) {
				return nil, fmt.Errorf("verdict %q does not say %q", r.Got+" "+r.Hint, says)
			}
			return nil, nil
		}
	}
	r := rand.New(rand.NewPCG(1, 1))
	return runCases("exercise", "student callbacks", []outcome{
		{input: "student panics", call: verdict(func(v []float64) float64 { panic("student") }, "panic")},
		{input: "student returns NaN", call: verdict(func(v []float64) float64 { return math.NaN() }, "NaN")},
		{input: "student never returns", call: verdict(func(v []float64) float64 { select {} }, "timed out after 0.05 s")},
		{input: "student changes its input", call: verdict(func(v []float64) float64 { m := mean(v); v[0] = 99; return m }, "in place")},
		{input: "nil student", call: verdict(nil, "nil")},
		{input: "correct student", call: func() (any, error) {
			if r := exercise.Check(ex, mean); !r.Passed {
				return nil, errors.New(r.String())
			}
			return nil, nil
		}},
		{input: "Labels with k = 0", call: func() (any, error) { return exercise.Labels(r, 3, 0), nil }, panics: []string{"Labels", "k = 0"}},
		{input: "Normal with n = -1", call: func() (any, error) { return exercise.Normal(r, -1), nil }, panics: []string{"Normal", "-1"}},
		{input: "Uniform with n = -1", call: func() (any, error) { return exercise.Uniform(r, -1, 0, 1), nil }, panics: []string{"Uniform", "-1"}},
		{input: "Signs with n = -1", call: func() (any, error) { return exercise.Signs(r, -1), nil }, panics: []string{"Signs", "-1"}},
		{input: "NormalMatrix 0 x 3", call: func() (any, error) { return exercise.NormalMatrix(r, 0, 3), nil }, panics: []string{"NormalMatrix", "0 x 3"}},
		{input: "Size with i = -1", call: func() (any, error) { return exercise.Size(-1, 1, 3), nil }, panics: []string{"Size", "-1"}},
		{input: "Close of ragged matrices", call: func() (any, error) {
			return exercise.Close([][]float64{{1}, {1, 2}}, [][]float64{{1}, {1, 2}}, 1e-9), nil
		}},
		{input: "Format of a nil matrix", call: func() (any, error) { return exercise.Format((*mat.Dense)(nil)), nil }},
	})
}

// exerciseConstructors: every constructor's exercise passes its own
// reference and fails a student that panics, in-process.
func exerciseConstructors() []failure {
	vv := func(v, y []float64) float64 { return v[0] + y[0] }
	v2v := func(v []float64) []float64 { return append([]float64(nil), v...) }
	vs := func(v []float64, a float64) []float64 { return []float64{v[0] * a} }
	ss := func(x, a float64) float64 { return x * a }
	mv := func(X *mat.Dense) []float64 { return mat.Col(nil, 0, X) }
	mvv := func(X *mat.Dense, y []float64) []float64 { return append([]float64(nil), y...) }
	mvs := func(X *mat.Dense, y []float64, a float64) []float64 { return []float64{a} }
	mm := func(X *mat.Dense) *mat.Dense { return mat.DenseCopyOf(X) }
	in := func(ex any) {
		reflect.ValueOf(ex).Elem().FieldByName("InProcess").SetBool(true)
		reflect.ValueOf(ex).Elem().FieldByName("Cases").SetInt(3)
	}
	var cases []outcome
	add := func(name string, good, bad func() exercise.Result) {
		cases = append(cases, outcome{input: name, call: func() (any, error) {
			if r := good(); !r.Passed {
				return nil, errors.New("its reference fails: " + r.String())
			}
			if r := bad(); r.Passed || !strings.Contains(r.Got, "panic") {
				return nil, errors.New("a panicking student: " + r.String())
			}
			return nil, nil
		}})
	}
	e1 := exercise.VecVecToScalar("vv", vv, nil)
	in(&e1)
	add("VecVecToScalar", func() exercise.Result { return exercise.Check(e1, vv) }, func() exercise.Result {
		return exercise.Check(e1, func(v, y []float64) float64 { panic("x") })
	})
	e2 := exercise.VecToVec("v2v", v2v, nil)
	in(&e2)
	add("VecToVec", func() exercise.Result { return exercise.Check(e2, v2v) }, func() exercise.Result {
		return exercise.Check(e2, func(v []float64) []float64 { panic("x") })
	})
	e3 := exercise.VecScalarToVec("vs", vs, nil)
	in(&e3)
	add("VecScalarToVec", func() exercise.Result { return exercise.Check(e3, vs) }, func() exercise.Result {
		return exercise.Check(e3, func(v []float64, a float64) []float64 { panic("x") })
	})
	e4 := exercise.ScalarScalarToScalar("ss", ss, nil)
	in(&e4)
	add("ScalarScalarToScalar", func() exercise.Result { return exercise.Check(e4, ss) }, func() exercise.Result {
		return exercise.Check(e4, func(x, a float64) float64 { panic("x") })
	})
	e5 := exercise.MatToVec("mv", mv, nil)
	in(&e5)
	add("MatToVec", func() exercise.Result { return exercise.Check(e5, mv) }, func() exercise.Result {
		return exercise.Check(e5, func(X *mat.Dense) []float64 { panic("x") })
	})
	e6 := exercise.MatVecToVec("mvv", mvv, nil)
	in(&e6)
	add("MatVecToVec", func() exercise.Result { return exercise.Check(e6, mvv) }, func() exercise.Result {
		return exercise.Check(e6, func(X *mat.Dense, y []float64) []float64 { panic("x") })
	})
	e7 := exercise.MatVecScalarToVec("mvs", mvs, nil)
	in(&e7)
	add("MatVecScalarToVec", func() exercise.Result { return exercise.Check(e7, mvs) }, func() exercise.Result {
		return exercise.Check(e7, func(X *mat.Dense, y []float64, a float64) []float64 { panic("x") })
	})
	e8 := exercise.MatToMat("mm", mm, nil)
	in(&e8)
	add("MatToMat", func() exercise.Result { return exercise.Check(e8, mm) }, func() exercise.Result {
		return exercise.Check(e8, func(X *mat.Dense) *mat.Dense { panic("x") })
	})
	return runCases("exercise", "constructors", cases)
}

// fromDataFrameLike: a test frame converted by name like the training set.
func fromDataFrameLike() []failure {
	X, y := good()
	df := frameOf(X).Drop("s").Mutate(series.New(y, series.Float, "y"))
	like, err := featlab.FromDataFrame(df, "y")
	if err != nil {
		return []failure{fails("featlab.FromDataFrame", "valid input", "frame a, b, c, y", "%v", err)}
	}
	base := digest(like)
	return runCases("featlab.FromDataFrameLike", "frames", []outcome{
		{input: "reordered columns", call: func() (any, error) {
			got, err := featlab.FromDataFrameLike(df.Select([]string{"y", "c", "a", "b"}), like)
			if err == nil && digest(got) != base {
				return nil, errors.New("a reordered frame gives another Dataset")
			}
			return nil, err
		}},
		{input: "column b missing", call: func() (any, error) { return featlab.FromDataFrameLike(df.Select([]string{"a", "c", "y"}), like) }, want: errSays(featlab.ErrMissing, `"b"`)},
		{input: "column b renamed B", call: func() (any, error) { return featlab.FromDataFrameLike(df.Rename("B", "b"), like) }, want: errSays(featlab.ErrMissing, `"b"`)},
		{input: "extra column", call: func() (any, error) {
			return featlab.FromDataFrameLike(df.Mutate(series.New(y, series.Float, "extra")), like)
		}, want: errSays(featlab.ErrShape, `"extra"`)},
		{input: "no target", call: func() (any, error) { return featlab.FromDataFrameLike(df.Drop("y"), like) }, want: errSays(featlab.ErrMissing, `"y"`)},
		{input: "nil reference", call: func() (any, error) { return featlab.FromDataFrameLike(df, nil) }, want: errKinds(featlab.ErrParam)},
	})
}

// isNilValue: featlab.IsNilValue on every kind of typed nil a user value
// can hold, and on non-nil values of the same kinds.
func isNilValue() []failure {
	type pred struct {
		name string
		v    any
		want bool
	}
	var (
		pm   *mat.Dense
		pf   func()
		pmap map[string]int
		ps   []int
		pc   chan int
		pl   featlab.Learner
	)
	cases := []pred{
		{"nil", nil, true}, {"nil *mat.Dense", pm, true}, {"nil func", pf, true}, {"nil map", pmap, true},
		{"nil slice", ps, true}, {"nil chan", pc, true}, {"nil Learner", pl, true},
		{"nil *featlab.Selection", (*featlab.Selection)(nil), true},
		{"nil *linear.Model as a Predictor", featlab.Predictor((*linear.Model)(nil)), true},
		{"non-nil *mat.Dense", mat.NewDense(1, 1, nil), false}, {"0", 0, false}, {"empty string", "", false},
		{"empty non-nil slice", []int{}, false}, {"struct value", featlab.Convergence{}, false},
		{"func value", func() {}, false},
	}
	var out []outcome
	for _, c := range cases {
		out = append(out, outcome{input: "IsNilValue(" + c.name + ")", call: func() (any, error) {
			if featlab.IsNilValue(c.v) != c.want {
				return nil, errorString("IsNilValue(" + c.name + ") is wrong")
			}
			return nil, nil
		}})
	}
	return runCases("featlab.IsNilValue", "typed nils", out)
}

// wrapChecks: featlab.Wrap keeps the sentinel, names the library once,
// and passes nil through.
func wrapChecks() []failure {
	inner := featlab.Errorf(featlab.ErrShape, "lasso: 2 rows, 3 targets")
	return runCases("featlab.Wrap", "error context", []outcome{
		{input: "Wrap(nil)", call: func() (any, error) {
			if featlab.Wrap(nil, "fold %d", 3) != nil {
				return nil, errorString("Wrap(nil) is not nil")
			}
			return nil, nil
		}},
		{input: "Wrap twice of a library error", call: func() (any, error) {
			return nil, featlab.Wrap(featlab.Wrap(inner, "fold %d", 3), "validate")
		}, want: errSays(featlab.ErrShape, "featlab: validate: fold 3: lasso: 2 rows")},
		{input: "Wrap of a plain error, a %v of NaN", call: func() (any, error) {
			err := featlab.Wrap(errorString("user: broke"), "x = %v", math.NaN())
			if strings.Count(err.Error(), "featlab: ") != 1 || !strings.Contains(err.Error(), "x = NaN: user: broke") {
				return nil, errorString("message " + err.Error())
			}
			return nil, nil
		}},
	})
}

// checkMatrixMissing: NaN cells pass, infinities, empty and nil matrices
// and wrong name counts do not.
func checkMatrixMissing() []failure {
	inf := math.Inf(1)
	return runCases("featlab.CheckMatrixMissing", "params", []outcome{
		{"NaN cell", func() (any, error) {
			return nil, featlab.CheckMatrixMissing(mat.NewDense(2, 2, []float64{1, math.NaN(), 3, 4}), nil)
		}, nil, nil, false},
		{"Inf cell", func() (any, error) {
			return nil, featlab.CheckMatrixMissing(mat.NewDense(2, 2, []float64{1, inf, 3, 4}), nil)
		}, errKinds(featlab.ErrNotFinite), nil, false},
		{"nil", func() (any, error) { return nil, featlab.CheckMatrixMissing(nil, nil) }, errKinds(featlab.ErrEmpty), nil, false},
		{"names", func() (any, error) {
			return nil, featlab.CheckMatrixMissing(mat.NewDense(1, 2, []float64{1, 2}), []string{"a"})
		}, errKinds(featlab.ErrShape), nil, false},
	})
}
