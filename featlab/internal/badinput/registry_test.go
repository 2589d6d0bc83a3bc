package badinput

import (
	"strings"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/transform"
	"github.com/featlab/course/featlab/validate"
)

// entrySets holds the entry lists that files of this package add in init
// (one file per area, so that areas never edit the same lines); init runs in
// file-name order, so the registry's order is fixed.
var entrySets []func() []*entry

// registry lists every entry point the suite checks. Add a line here, or an
// entry list to entrySets from a file of its own, for each new exported
// function (see doc.go); TestEveryExportedFunction fails until you do.
func registry() []*entry {
	entries := append(moreEntries(), representEntries()...)
	for _, set := range entrySets {
		entries = append(entries, set()...)
	}
	entries = append(entries, sensingEntries()...)
	entries = append(entries, searchEntries()...)
	entries = append(entries, greedyEntries()...)
	entries = append(entries, teachingEntries()...)
	return append(entries, []*entry{
		// featlab core
		plainXY("featlab.CheckXY", func(X mat.Matrix, y []float64) (any, error) {
			m, d, err := featlab.CheckXY(X, y, nil)
			return []int{m, d}, err
		}),
		plainXY("featlab.CheckMatrix", func(X mat.Matrix, _ []float64) (any, error) { return nil, featlab.CheckMatrix(X, nil) }, ignoresY),
		custom("featlab.CheckMatrixMissing", "params", nil, checkMatrixMissing),
		plainXY("featlab.NewDataset", func(X mat.Matrix, y []float64) (any, error) {
			d, _ := X.(*mat.Dense)
			return featlab.NewDataset(d, y, nil, "y")
		}),
		csvReader("featlab.FromDataFrame", true, func(text string) (any, error) {
			return featlab.FromDataFrame(dataframe.ReadCSV(strings.NewReader(text)), "y")
		}, alsoCovers("featlab.NumericText", "featlab.StripFrameBOM")),
		csvReader("featlab.FromDataFrameClasses", false, func(text string) (any, error) {
			df := dataframe.ReadCSV(strings.NewReader(text))
			if df.Err == nil && df.Ncol() > 0 && df.Col("y").Err == nil {
				// The caller says the target holds labels: every distinct
				// text is a class, so a bad cell is a class too.
				return featlab.FromDataFrameClasses(df, "y", distinct(df.Col("y").Records()))
			}
			return featlab.FromDataFrameClasses(df, "y", []string{"0", "1"})
		}, alsoCovers("featlab.StripBOM")),
		custom("featlab.FromDataFrameLike", "frame", nil, fromDataFrameLike),
		custom("featlab.IsNilValue", "params", nil, isNilValue),
		custom("featlab.Wrap", "params", nil, wrapChecks),
		custom("featlab.CheckVector", "params", []string{"featlab.ClassLabels", "featlab.CheckCells", "featlab.FormatTable", "featlab.ToDataFrame", "featlab.FormatFloat"}, coreChecks),
		custom("featlab.Dataset.Rows", "index", []string{"featlab.Dataset.Drop", "featlab.Dataset.Where", "featlab.Dataset.Filter", "featlab.Dataset.Columns", "featlab.Dataset.Index", "featlab.Dataset.IsCategorical", "featlab.DefaultNames"}, datasetMethods),
		custom("featlab.NewSelection", "index", []string{"featlab.Selection.Mask", "featlab.Selection.Apply", "featlab.Selection.ApplyDataset", "featlab.Selection.ApplyFrame"}, selectionMethods),

		// datasets
		csvReader("datasets.ReadCSV", true, func(text string) (any, error) { return datasets.ReadCSV(strings.NewReader(text), "y") }),
		csvReader("datasets.ReadFrame", false, func(text string) (any, error) { return datasets.ReadFrame(strings.NewReader(text)) }),
		custom("datasets.Load", "params", []string{"datasets.Frame", "datasets.Raw"}, datasetsChecks),

		// transform
		tr("transform.Center", transform.Center{}),
		tr("transform.Standardize", transform.Standardize{}, invariant(values)),
		// UnitRange and MaxAbs treat a range below 10 eps as constant, as
		// scikit-learn does (documented): not scale-free below 1e-15.
		tr("transform.UnitRange", transform.UnitRange{Min: -1, Max: 1}),
		tr("transform.MaxAbs", transform.MaxAbs{}),
		tr("transform.Clip", transform.Clip{B: 1}),
		tr("transform.Sigmoid", transform.Sigmoid{B: 2}),
		tr("transform.Log", transform.Log{B: 1}),
		tr("transform.RowNormalize", transform.RowNormalize{}, invariant(values)),
		tr("transform.MeanNormScale", transform.MeanNormScale{}, invariant(values)),
		tr("transform.Polynomial", transform.Polynomial{Degree: 3}),
		tr("transform.OneHot", transform.OneHot{}),
		trFunc("transform.Pipeline", func() featlab.Transformer {
			return &transform.Pipeline{Steps: []featlab.Transformer{&transform.Log{B: 1}, &transform.Standardize{}}}
		}, alsoCovers("transform.FitFrame", "transform.TransformFrame", "transform.ApplyFrame", "transform.FitTransform")),
		plainXY("transform.Norms", func(X mat.Matrix, _ []float64) (any, error) { return transform.Norms(X, transform.L2) }, ignoresY),
		custom("transform.OneHotDataset", "frame", []string{"transform.FrameEncoder.Dataset", "transform.OneHotDatasetWith"}, frameEncoder),

		// validate
		vec("validate.MSE", validate.MSE),
		vec("validate.ROCAUC", validate.ROCAUC),
		vec("validate.Accuracy", validate.Accuracy),
		vec("validate.ZeroOneLoss", validate.ZeroOneLoss),
		vec("validate.LogLoss", validate.LogLoss),
		custom("validate.CrossValidate", "callback", []string{"validate.KFold", "validate.StratifiedKFold", "validate.Bootstrap",
			"validate.Holdout", "validate.TrainValTest", "validate.CheckFolds", "validate.MeanStdErr", "validate.CrossValidateContext", "validate.KFoldUnshuffled"}, validateChecks),

		// nb
		custom("nb.Show", "params", nbIDs, nbChecks),
		custom("nb.ErrorText", "params", nbTextIDs[1:], nbTextChecks),

		// viz
		custom("viz.Bars", "params", vizIDs, vizChecks),
		custom("viz.SearchTrace", "params", []string{"viz.CriterionRounds", "viz.EntryOrder"}, vizSearchChecks),

		// synth
		custom("synth.Example251", "params", synthIDs[:len(synthIDs):len(synthIDs)], synthChecks),
		custom("synth.Cuboid", "params", synthGreedyIDs[1:], synthGreedyChecks),

		// exercise
		custom("exercise.Check", "callback", []string{"exercise.Labels", "exercise.Normal", "exercise.Uniform", "exercise.Signs",
			"exercise.NormalMatrix", "exercise.Size", "exercise.Close", "exercise.Format", "exercise.VecToScalar"}, exerciseChecks),
		custom("exercise.VecVecToScalar", "callback", []string{"exercise.VecToVec", "exercise.VecScalarToVec", "exercise.ScalarScalarToScalar",
			"exercise.MatToVec", "exercise.MatVecToVec", "exercise.MatVecScalarToVec", "exercise.MatToMat"}, exerciseConstructors),

		// filter
		xy("filter.Pearson", filter.Pearson, filter.Config{}, invariant(scores)),
		xy("filter.RSquared", filter.RSquared, filter.Config{}, invariant(scores)),
		xy("filter.FRegression", filter.FRegression, filter.Config{}, allowInf),
		xy("filter.Spearman", filter.Spearman, filter.Config{}, invariant(scores)),
		xy("filter.AUC", filter.AUC, filter.Config{}, classif, invariant(scores)),
		// A constant feature's stump threshold is -Inf (every example on one side).
		xy("filter.Stump", filter.Stump, filter.Config{}, classif, invariant(scores), allowInf),
		xy("filter.FClassif", filter.FClassif, filter.Config{}, classif, allowInf),
		xy("filter.Chi2", filter.Chi2, filter.Config{}, classif),
		xy("filter.MinLoss", filter.MinLoss, filter.MinLossConfig{}),
		xyCtx("filter.MutualInfo", filter.MutualInfo, filter.MutualInfoContext, filter.MIConfig{}, invariant(scores)),
		xyCtx("filter.Relief", filter.Relief, filter.ReliefContext, filter.ReliefConfig{}, classif),
		xyCtx("filter.ReliefF", filter.ReliefF, filter.ReliefFContext, filter.ReliefConfig{}, classif),

		// linear
		xy("linear.LeastSquares", linear.LeastSquares, linear.LeastSquaresConfig{Intercept: true}),
		xy("linear.Ridge", linear.Ridge, linear.RidgeConfig{Lambda: 0.1, Intercept: true}),
		xyCtx("linear.Lasso", linear.Lasso, linear.LassoContext, linear.LassoConfig{Lambda: 0.01, Intercept: true}),
		xyCtx("linear.ElasticNet", linear.ElasticNet, linear.ElasticNetContext, linear.ElasticNetConfig{Alpha: 0.01, L1Ratio: 0.5}),
		xy("linear.ConstrainedLasso", linear.ConstrainedLasso, linear.ConstrainedLassoConfig{Radius: 1, MaxIter: 200}),
		xy("linear.ConstrainedRidge", linear.ConstrainedRidge, linear.ConstrainedRidgeConfig{Radius: 1}),
		xyCtx("linear.LassoPath", linear.LassoPath, linear.LassoPathContext, linear.LassoPathConfig{NLambdas: 5, Intercept: true}),
		xyCtx("linear.LassoCV", linear.LassoCV, linear.LassoCVContext, linear.LassoCVConfig{Path: linear.LassoPathConfig{NLambdas: 5}, Folds: 2}),
		xyCtx("linear.Logistic", linear.Logistic, linear.LogisticContext, linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100}, classif),
		xyCtx("linear.LogisticPath", linear.LogisticPath, linear.LogisticPathContext, linear.LogisticPathConfig{NLambdas: 5}, classif),
		xyCtx("linear.SparseSVM", linear.SparseSVM, linear.SparseSVMContext, linear.SparseSVMConfig{Lambda: 0.1, Intercept: true, MaxIter: 500}, classif),
		xyCtx("linear.SGDLeastSquares", linear.SGDLeastSquares, linear.SGDLeastSquaresContext, linear.SGDLeastSquaresConfig{MaxIter: 200}),
		plainXY("linear.LassoGrid", func(X mat.Matrix, y []float64) (any, error) { return linear.LassoGrid(X, y, 5, 1e-3, true) }),
		plainXY("linear.LogisticLambdaMax", func(X mat.Matrix, y []float64) (any, error) { return linear.LogisticLambdaMax(X, y, true) }, classif),
		learner("linear.LassoConfig.Fit", linear.LassoConfig{Lambda: 0.01, Intercept: true}),
		learner("linear.ElasticNetConfig.Fit", linear.ElasticNetConfig{Alpha: 0.01, L1Ratio: 0.5}),
		learner("linear.LeastSquaresConfig.Fit", linear.LeastSquaresConfig{Intercept: true}),
		learner("linear.RidgeConfig.Fit", linear.RidgeConfig{Lambda: 0.1, Intercept: true}),
		learner("linear.LogisticConfig.Fit", linear.LogisticConfig{Lambda: 0.01, Intercept: true, MaxIter: 100}, classif),
		learner("linear.SparseSVMConfig.Fit", linear.SparseSVMConfig{Lambda: 0.1, Intercept: true, MaxIter: 500}, classif),
		custom("linear.Path.Coef", "index", []string{"linear.Path.Support", "linear.LassoPathResult.Model", "linear.LogisticPathResult.Model",
			"linear.LogisticPathResult.Accuracy", "linear.Model.Predict", "linear.LogisticResult.Predict", "linear.LogisticResult.Decision",
			"linear.LogisticResult.Proba", "linear.SparseSVMResult.Predict", "linear.SparseSVMResult.Decision",
			"linear.ProjectL1Ball", "linear.SoftThreshold", "linear.SoftThresholdVec"}, linearMethods),

		// stability
		xyCtx("stability.Select", stability.Select, stability.SelectContext, stability.Config{Selector: stability.Lasso(0.05, true), Rounds: 4, Seed: 1}),
	}...)
}

// values returns a transformer's output values (for invariance).
func values(out any) []float64 {
	if d, ok := out.(*mat.Dense); ok && d != nil && !d.IsEmpty() {
		return mat.DenseCopyOf(d).RawMatrix().Data
	}
	return nil
}

// scores returns a filter's scores (for invariance).
func scores(out any) []float64 {
	if s, ok := out.(*filter.Scores); ok && s != nil {
		return s.Values
	}
	return nil
}

func distinct(recs []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range recs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}
