package badinput

import (
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/synth"
)

// synthChecks: the generators with nonsense sizes and parameters, and
// with valid ones (finite data, same seed same bytes).
func synthChecks() []failure {
	pe := func(says ...string) *expectation { return &expectation{kinds: []error{featlab.ErrParam}, says: says} }
	ds := func(d *featlab.Dataset, err error) (any, error) { return d, err }
	ds2 := func(d *featlab.Dataset, w []float64, err error) (any, error) { return []any{d, w}, err }
	nan := math.NaN()
	var cases []outcome
	gens := map[string]func(m int, seed uint64) (any, error){
		"BestSubset":     func(m int, s uint64) (any, error) { return ds2(synth.BestSubset(m, s)) },
		"ClipExample":    func(m int, s uint64) (any, error) { return ds(synth.ClipExample(m, 2, s)) },
		"Decoy":          func(m int, s uint64) (any, error) { return ds2(synth.Decoy(m, 5, 0.5, 0.1, s)) },
		"Documents":      func(m int, s uint64) (any, error) { return ds(synth.Documents(m, s)) },
		"Elongated":      func(m int, s uint64) (any, error) { return ds(synth.Elongated(m, s)) },
		"Example251":     func(m int, s uint64) (any, error) { return ds(synth.Example251(m, s)) },
		"Monotone":       func(m int, s uint64) (any, error) { return ds(synth.Monotone(m, s)) },
		"PearsonFailure": func(m int, s uint64) (any, error) { return ds(synth.PearsonFailure(m, s)) },
		"Regression":     func(m int, s uint64) (any, error) { return ds2(synth.Regression(m, synth.RegressionConfig{}, s)) },
		"RidgeScale":     func(m int, s uint64) (any, error) { return ds(synth.RidgeScale(m, s)) },
		"Sparse":         func(m int, s uint64) (any, error) { return ds2(synth.Sparse(m, synth.SparseConfig{}, s)) },
		"TwoFeature":     func(m int, s uint64) (any, error) { return ds(synth.TwoFeature(m, s)) },
		"XOR":            func(m int, s uint64) (any, error) { return ds(synth.XOR(m, s)) },
		"Relevance": func(m int, s uint64) (any, error) {
			d, r, err := synth.Relevance(m, synth.RelevanceConfig{}, s)
			return []any{d, r}, err
		},
	}
	for _, name := range sortedKeys(gens) {
		g := gens[name]
		cases = append(cases,
			outcome{input: name + " with m = 0", call: func() (any, error) { return g(0, 1) }, want: pe()},
			outcome{input: name + " with m = -5", call: func() (any, error) { return g(-5, 1) }, want: pe()},
			outcome{input: name + " with m = 40", call: func() (any, error) { return g(40, 1) }},
			outcome{input: name + " twice with seed 7", call: func() (any, error) {
				a, err1 := g(40, 7)
				b, err2 := g(40, 7)
				if err1 != nil || err2 != nil || digest(a) != digest(b) {
					return nil, errorString("the same seed gave different data")
				}
				return nil, nil
			}},
		)
	}
	cases = append(cases,
		outcome{input: "Decoy with rho = 2", call: func() (any, error) { return ds2(synth.Decoy(40, 5, 2, 0.1, 1)) }, want: pe("rho")},
		outcome{input: "Decoy with 10^6 x 10^6 (8 TB)", call: func() (any, error) { return ds2(synth.Decoy(1e6, 1e6, 0.5, 0.1, 1)) }, want: errKinds(featlab.ErrTooLarge)},
		outcome{input: "Sparse with 10^6 x 10^6", call: func() (any, error) { return ds2(synth.Sparse(1e6, synth.SparseConfig{Features: 1e6}, 1)) }, want: errKinds(featlab.ErrTooLarge)},
		outcome{input: "Regression with 10^6 x 10^6", call: func() (any, error) { return ds2(synth.Regression(1e6, synth.RegressionConfig{Features: 1e6}, 1)) }, want: errKinds(featlab.ErrTooLarge)},
		outcome{input: "Relevance with 10^6 x 10^6", call: func() (any, error) {
			d, r, err := synth.Relevance(1e6, synth.RelevanceConfig{Irrelevant: 1e6}, 1)
			return []any{d, r}, err
		}, want: errKinds(featlab.ErrTooLarge)},
		outcome{input: "Decoy with d = 0", call: func() (any, error) { return ds2(synth.Decoy(40, 0, 0.5, 0.1, 1)) }, want: pe()},
		outcome{input: "ClipExample with a = NaN", call: func() (any, error) { return ds(synth.ClipExample(40, nan, 1)) }, want: pe()},
		outcome{input: "ClipExampleOptimum with a = NaN", call: func() (any, error) { w, r, err := synth.ClipExampleOptimum(nan, 1); return []float64{w, r}, err }, want: pe()},
		outcome{input: "ClipExampleRisk with w = +Inf", call: func() (any, error) { return synth.ClipExampleRisk(2, 1, math.Inf(1)) }, want: pe("w")},
		outcome{input: "RidgeScaleMoments with 1 scale", call: func() (any, error) { c, b, err := synth.RidgeScaleMoments([]float64{1}); return []any{c, b}, err }, want: errKinds(featlab.ErrParam, featlab.ErrShape)},
		outcome{input: "RidgeScalePopulation with lambda = -1", call: func() (any, error) { return synth.RidgeScalePopulation(-1, []float64{1, 1}) }, want: pe()},
		outcome{input: "RidgeScaleRisk with NaN w", call: func() (any, error) { return synth.RidgeScaleRisk([]float64{nan, 1}, []float64{1, 1}) }, want: pe("w[0]")},
		outcome{input: "RidgeScaleWStar with a zero scale", call: func() (any, error) { return synth.RidgeScaleWStar([]float64{0, 1}) }, want: pe()},
	)
	return runCases("synth", "parameters", cases)
}

var synthIDs = []string{"synth.BestSubset", "synth.ClipExample", "synth.ClipExampleOptimum", "synth.ClipExampleRisk",
	"synth.Decoy", "synth.Documents", "synth.Elongated", "synth.Example251", "synth.Monotone", "synth.PearsonFailure",
	"synth.Regression", "synth.Relevance", "synth.RidgeScale", "synth.RidgeScaleMoments", "synth.RidgeScalePopulation",
	"synth.RidgeScaleRisk", "synth.RidgeScaleWStar", "synth.Sparse", "synth.TwoFeature", "synth.XOR"}

// synthGreedyChecks: the generators of the search and greedy chapters
// (issues 10 and 11), as synthChecks: nonsense sizes and parameters, a
// valid size (finite data), same seed same bytes.
func synthGreedyChecks() []failure {
	pe := func(says ...string) *expectation { return &expectation{kinds: []error{featlab.ErrParam}, says: says} }
	ds := func(d *featlab.Dataset, err error) (any, error) { return d, err }
	gens := map[string]func(m int, seed uint64) (any, error){
		"Cuboid":              func(m int, s uint64) (any, error) { return ds(synth.Cuboid(m, s)) },
		"GreedyPitfall":       func(m int, s uint64) (any, error) { return ds(synth.GreedyPitfall(m, s)) },
		"GreedyTrap":          func(m int, s uint64) (any, error) { return ds(synth.GreedyTrap(m, s)) },
		"MissedPair":          func(m int, s uint64) (any, error) { return ds(synth.MissedPair(m, s)) },
		"NoiseClassification": func(m int, s uint64) (any, error) { return ds(synth.NoiseClassification(m, 5, s)) },
		"Conditioned":         func(m int, s uint64) (any, error) { return synth.Conditioned(m, 3, 1e6, s) },
	}
	var cases []outcome
	for _, name := range sortedKeys(gens) {
		g := gens[name]
		cases = append(cases,
			outcome{input: name + " with m = 0", call: func() (any, error) { return g(0, 1) }, want: pe()},
			outcome{input: name + " with m = -5", call: func() (any, error) { return g(-5, 1) }, want: pe()},
			outcome{input: name + " with m = 40", call: func() (any, error) { return g(40, 1) }},
			outcome{input: name + " twice with seed 7", call: func() (any, error) {
				a, err1 := g(40, 7)
				b, err2 := g(40, 7)
				if err1 != nil || err2 != nil || digest(a) != digest(b) {
					return nil, errorString("the same seed gave different data")
				}
				return nil, nil
			}},
		)
	}
	cases = append(cases,
		outcome{input: "NoiseClassification with d = 0", call: func() (any, error) { return ds(synth.NoiseClassification(40, 0, 1)) }, want: pe()},
		outcome{input: "NoiseClassification with m = 3", call: func() (any, error) { return ds(synth.NoiseClassification(3, 2, 1)) }, want: pe()},
		outcome{input: "NoiseClassification with 10^6 x 10^6", call: func() (any, error) { return ds(synth.NoiseClassification(1e6, 1e6, 1)) }, want: errKinds(featlab.ErrTooLarge)},
		outcome{input: "Conditioned with cond = 0.5", call: func() (any, error) { return synth.Conditioned(10, 3, 0.5, 1) }, want: pe("cond")},
		outcome{input: "Conditioned with cond = NaN", call: func() (any, error) { return synth.Conditioned(10, 3, math.NaN(), 1) }, want: pe("cond")},
		outcome{input: "Conditioned with cond = +Inf", call: func() (any, error) { return synth.Conditioned(10, 3, math.Inf(1), 1) }, want: pe("cond")},
		outcome{input: "Conditioned with m = 2 < d = 3", call: func() (any, error) { return synth.Conditioned(2, 3, 10, 1) }, want: pe("m = 2", "d = 3")},
		outcome{input: "Conditioned with d = 1", call: func() (any, error) { return synth.Conditioned(5, 1, 10, 1) }},
		outcome{input: "Conditioned with 10^6 x 10^5", call: func() (any, error) { return synth.Conditioned(1e6, 1e5, 10, 1) }, want: errKinds(featlab.ErrTooLarge)},
	)
	return runCases("synth", "generators of the search and greedy chapters", cases)
}

var synthGreedyIDs = []string{"synth.Cuboid", "synth.GreedyPitfall", "synth.GreedyTrap", "synth.MissedPair",
	"synth.NoiseClassification", "synth.Conditioned"}
