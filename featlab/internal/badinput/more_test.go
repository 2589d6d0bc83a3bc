package badinput

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stability"
	"github.com/featlab/course/featlab/transform"
)

// Entries of the APIs api-core and api-linear added: selectors inside
// pipelines, information gain, dataset variants, stability paths.

func moreEntries() []*entry {
	top2 := filter.TopKSelector(filter.Pearson, filter.Config{}, 2)
	selectStep := func() *transform.Select { return &transform.Select{Selector: top2} }
	grid := []float64{0.2, 0.1, 0.05}
	pathSel := func(X mat.Matrix, y []float64) ([][]int, error) {
		p, err := linear.LassoPath(X, y, linear.LassoPathConfig{Lambdas: grid, Intercept: true})
		if err != nil {
			return nil, err
		}
		out := make([][]int, len(grid))
		for k := range grid {
			out[k] = p.Support(k)
		}
		return out, nil
	}
	return []*entry{
		plainXY("filter.TopKSelector", func(X mat.Matrix, y []float64) (any, error) { return top2.Select(X, y) }),
		plainXY("filter.PercentileSelector", func(X mat.Matrix, y []float64) (any, error) {
			return filter.PercentileSelector(filter.FRegression, filter.Config{}, 50).Select(X, y)
		}),
		plainXY("filter.ThresholdSelector", func(X mat.Matrix, y []float64) (any, error) {
			return filter.ThresholdSelector(filter.Spearman, filter.Config{}, 0.1).Select(X, y)
		}),
		xy("filter.NewInfoGain", filter.NewInfoGain, filter.InfoGainConfig{}, classif),
		xy("filter.InfoGainEvaluator", filter.InfoGainEvaluator, filter.InfoGainConfig{}, classif),
		custom("filter.Entropy", "params", []string{"filter.InfoGain.Gain", "filter.InfoGain.Threshold", "filter.InfoGain.Entropy",
			"filter.InfoGain.Names", "filter.InfoGain.Scores", "filter.InfoGain.Partition", "filter.InfoGain.Root",
			"filter.Partition.Refine", "filter.Partition.Gain", "filter.Partition.Groups", "filter.Partition.Sizes",
			"filter.Partition.Subset", "filter.NewInfoGainDataset", "filter.MutualInfoDataset",
			"filter.ReliefDataset", "filter.ReliefFDataset", "filter.Scores.TopK", "filter.Scores.Percentile",
			"filter.Scores.Threshold", "filter.Scores.Ranking", "filter.Scores.Signed"}, filterMethods),
		plainXY("transform.Select.FitXY", func(X mat.Matrix, y []float64) (any, error) {
			s := selectStep()
			if err := s.FitXY(X, y); err != nil {
				return nil, err
			}
			return s.Transform(X)
		}, alsoCovers("transform.Select.Transform")),
		plainXY("transform.Pipeline.FitXY", func(X mat.Matrix, y []float64) (any, error) {
			p := &transform.Pipeline{Steps: []featlab.Transformer{&transform.Standardize{}, selectStep()}}
			if err := p.FitXY(X, y); err != nil {
				return nil, err
			}
			return p.Transform(X)
		}),
		learner("transform.Model.Fit", transform.Model{
			Steps:   []featlab.Transformer{&transform.Standardize{}, selectStep()},
			Learner: linear.LassoConfig{Lambda: 0.01, Intercept: true},
		}, alsoCovers("transform.FittedModel.Predict")),
		custom("transform.Select.Fit", "params", []string{"transform.Select.OutputNames"}, func() []failure {
			X, y := good()
			fitted := selectStep()
			_ = fitted.FitXY(X, y)
			return runCases("transform.Select", "supervised step", []outcome{
				{input: "Fit without targets", call: func() (any, error) { return nil, selectStep().Fit(X) }, want: errKinds(featlab.ErrParam)},
				{input: "Transform before FitXY", call: func() (any, error) { return selectStep().Transform(X) }, want: errKinds(featlab.ErrNotFitted)},
				{input: "nil Selector", call: func() (any, error) { return nil, (&transform.Select{}).FitXY(X, y) }, want: errKinds(featlab.ErrParam)},
				{input: "OutputNames of 2 names, fitted on 3", call: func() (any, error) { return fitted.OutputNames([]string{"a", "b"}) }, want: errKinds(featlab.ErrShape)},
				{input: "OutputNames", call: func() (any, error) { return fitted.OutputNames([]string{"a", "b", "c"}) }},
			})
		}),
		plainXY("stability.Lasso", func(X mat.Matrix, y []float64) (any, error) { return stability.Lasso(0.05, true).Select(X, y) }),
		plainXY("stability.Config.Select", func(X mat.Matrix, y []float64) (any, error) {
			return stability.Config{Selector: stability.Lasso(0.05, true), Rounds: 4, Seed: 1}.Select(X, y)
		}),
		plainXY("stability.LassoConfig.Select", func(X mat.Matrix, y []float64) (any, error) {
			return stability.LassoConfig{Lambdas: grid, Intercept: true, Config: stability.Config{Rounds: 4, Seed: 1}}.Select(X, y)
		}),
		xyCtx("stability.LassoPath", stability.LassoPath, stability.LassoPathContext,
			stability.LassoConfig{Lambdas: grid, Intercept: true, Config: stability.Config{Rounds: 4, Seed: 1}}),
		xyCtx("stability.Path", stability.Path, stability.PathContext,
			stability.Config{Grid: grid, PathSelector: pathSel, Rounds: 4, Seed: 1}),
		custom("stability.SelectContext", "callback", nil, func() []failure {
			X, y := good()
			boom := featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) { panic("selector panics") })
			none := featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) { return nil, nil })
			var cases []outcome
			for _, w := range []int{1, 2} {
				cfg := stability.Config{Rounds: 4, Seed: 1, Workers: w}
				cfg.Selector = boom
				c1 := cfg
				cfg.Selector = none
				c2 := cfg
				cases = append(cases,
					outcome{input: "Selector panics, Workers " + itoa(w), call: func() (any, error) { return stability.Select(X, y, c1) }, want: errSays(featlab.ErrPanic, "round")},
					outcome{input: "Selector returns a nil Selection, Workers " + itoa(w), call: func() (any, error) { return stability.Select(X, y, c2) }, want: errSays(featlab.ErrParam, "round")},
				)
			}
			cases = append(cases, outcome{input: "PathSelector panics", call: func() (any, error) {
				return stability.Path(X, y, stability.Config{Grid: grid, Rounds: 4, Workers: 2,
					PathSelector: func(X mat.Matrix, y []float64) ([][]int, error) { panic("path selector panics") }})
			}, want: errSays(featlab.ErrPanic, "round")})
			return runCases("stability", "user callbacks", cases)
		}),
		custom("stability.PathResult.At", "index", nil, func() []failure {
			X, y := good()
			p, err := stability.Path(X, y, stability.Config{Grid: grid, PathSelector: pathSel, Rounds: 4, Seed: 1})
			if err != nil {
				return []failure{fails("stability.Path", "valid input", "8x3", "%v", err)}
			}
			return runCases("stability.PathResult.At", "index", []outcome{
				{input: "At(3) of 3", call: func() (any, error) { return p.At(3) }, want: errSays(featlab.ErrParam, "3")},
				{input: "At(-1)", call: func() (any, error) { return p.At(-1) }, want: errSays(featlab.ErrParam, "-1")},
				{input: "At(0)", call: func() (any, error) { return p.At(0) }},
			})
		}),
	}
}

// filterMethods: entropy, information gain and the Scores rules.
func filterMethods() []failure {
	X, y := good()
	ds := goodDataset()
	g, err := filter.NewInfoGain(X, y, filter.InfoGainConfig{})
	if err != nil {
		return []failure{fails("filter.NewInfoGain", "valid input", "8x3", "%v", err)}
	}
	s, err := filter.Pearson(X, y, filter.Config{})
	if err != nil {
		return []failure{fails("filter.Pearson", "valid input", "8x3", "%v", err)}
	}
	return runCases("filter", "methods", []outcome{
		{input: "Entropy with NaN at row 1", call: func() (any, error) { return filter.Entropy([]float64{0, math.NaN(), 1}) }, want: errSays(featlab.ErrNotFinite, "row 1")},
		{input: "Entropy of nothing", call: func() (any, error) { return filter.Entropy(nil) }, want: errKinds(featlab.ErrEmpty)},
		{input: "Entropy of 0.5 labels", call: func() (any, error) { return filter.Entropy([]float64{0.5, 1}) }, want: errKinds(featlab.ErrLabels)},
		{input: "InfoGain.Gain of column 3 of 3", call: func() (any, error) { return g.Gain([]int{0, 3}) }, want: errSays(featlab.ErrParam, "3")},
		{input: "InfoGain.Gain of {}", call: func() (any, error) { return g.Gain(nil) }},
		{input: "InfoGain.Partition of column 3 of 3", call: func() (any, error) { return g.Partition([]int{0, 3}) }, want: errSays(featlab.ErrParam, "3")},
		{input: "InfoGain.Partition of column -1", call: func() (any, error) { return g.Partition([]int{-1}) }, want: errSays(featlab.ErrParam, "-1")},
		{input: "Partition.Refine(3) of 3", call: func() (any, error) { return g.Root().Refine(3) }, want: errSays(featlab.ErrParam, "3")},
		{input: "Partition.Refine(-1)", call: func() (any, error) { return g.Root().Refine(-1) }, want: errSays(featlab.ErrParam, "-1")},
		{input: "Partition.Refine(0) twice", call: func() (any, error) {
			p, err := g.Root().Refine(0)
			if err != nil {
				return nil, err
			}
			return p.Refine(0)
		}},
		{input: "Partition accessors", call: func() (any, error) {
			p, err := g.Partition([]int{0, 1, 2})
			if err != nil {
				return nil, err
			}
			return []any{p.Gain(), p.Groups(), p.Sizes(), p.Subset(), g.Root().Gain()}, nil
		}},
		{input: "InfoGain.Threshold(-1)", call: func() (any, error) { _, ok := g.Threshold(-1); return ok, nil }},
		{input: "InfoGain accessors", call: func() (any, error) { return []any{g.Entropy(), g.Names(), g.Scores()}, nil }},
		{input: "NewInfoGainDataset(nil)", call: func() (any, error) { return filter.NewInfoGainDataset(nil, filter.InfoGainConfig{}) }, want: errKinds(featlab.ErrEmpty, featlab.ErrParam)},
		{input: "MutualInfoDataset(nil)", call: func() (any, error) { return filter.MutualInfoDataset(nil, filter.MIConfig{}) }, want: errKinds(featlab.ErrEmpty, featlab.ErrParam)},
		{input: "ReliefDataset(nil)", call: func() (any, error) { return filter.ReliefDataset(nil, filter.ReliefConfig{}) }, want: errKinds(featlab.ErrEmpty, featlab.ErrParam)},
		{input: "ReliefFDataset(nil)", call: func() (any, error) { return filter.ReliefFDataset(nil, filter.ReliefConfig{}) }, want: errKinds(featlab.ErrEmpty, featlab.ErrParam)},
		{input: "NewInfoGainDataset", call: func() (any, error) { return filter.NewInfoGainDataset(ds, filter.InfoGainConfig{}) }},
		{input: "MutualInfoDataset", call: func() (any, error) { return filter.MutualInfoDataset(ds, filter.MIConfig{}) }},
		{input: "ReliefDataset", call: func() (any, error) { return filter.ReliefDataset(ds, filter.ReliefConfig{}) }},
		{input: "ReliefFDataset", call: func() (any, error) { return filter.ReliefFDataset(ds, filter.ReliefConfig{}) }},
		{input: "TopK(0)", call: func() (any, error) { return s.TopK(0) }, want: errSays(featlab.ErrParam, "0")},
		{input: "TopK(4) of 3", call: func() (any, error) { return s.TopK(4) }, want: errSays(featlab.ErrParam, "4")},
		{input: "Percentile(150)", call: func() (any, error) { return s.Percentile(150) }, want: errSays(featlab.ErrParam, "150")},
		{input: "Threshold(NaN)", call: func() (any, error) { return s.Threshold(math.NaN()) }, want: errKinds(featlab.ErrParam)},
		{input: "Ranking and Signed", call: func() (any, error) { return []any{s.Ranking(), s.Signed()}, nil }},
		{input: "Ranking of a Scores built by hand", call: func() (any, error) {
			return (&filter.Scores{Values: []float64{1, math.NaN()}}).Ranking(), nil
		}},
	})
}
