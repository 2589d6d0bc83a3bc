package badinput

import (
	"math"
	"strings"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
	"github.com/featlab/course/featlab/nb"
	"github.com/featlab/course/featlab/synth"
)

// Entries the notebook pass on 00, 01, 02 and 10 added: the diagonal
// metric of Relief and the 1-NN accuracy that tests it (02), quantile
// groups and the standardized shift (00), and the drifting data with holes
// (10).

func init() { entrySets = append(entrySets, nbAEntries) }

func nbAEntries() []*entry {
	return []*entry{
		xy("filter.NearestNeighborAccuracy", filter.NearestNeighborAccuracy, filter.NearestNeighborConfig{}, classif),
		custom("filter.ReliefMetric", "params", []string{"filter.QuantileGroups", "filter.StandardizedShift"}, nbAFilter),
		custom("synth.DriftingMissing", "params", nil, nbASynth),
		custom("nb.WrapText", "params", []string{"nb.PrintWrapped"}, nbAWrap),
	}
}

func nbAFilter() []failure {
	X, _ := good()
	nan := math.NaN()
	labels := []float64{0, 1, 0, 1, 0, 1, 0, 1}
	if m, _ := X.Dims(); m != len(labels) {
		labels = make([]float64, m)
		for i := range labels {
			labels[i] = float64(i % 2)
		}
	}
	pe := func(says ...string) *expectation { return errSays(featlab.ErrParam, says...) }
	return runCases("filter", "metric and groups", []outcome{
		{input: "ReliefMetric(nil)", call: func() (any, error) { return filter.ReliefMetric(nil) }, want: pe()},
		{input: "ReliefMetric with every score <= 0", call: func() (any, error) {
			return filter.ReliefMetric(&filter.Scores{Values: []float64{-1, 0}})
		}, want: pe("positive")},
		{input: "ReliefMetric with NaN at 1", call: func() (any, error) {
			return filter.ReliefMetric(&filter.Scores{Values: []float64{1, nan}})
		}, want: pe("1")},
		{input: "ReliefMetric near 1e308", call: func() (any, error) {
			return filter.ReliefMetric(&filter.Scores{Values: []float64{1e308, 1e308, -1}})
		}},
		{input: "NearestNeighborAccuracy with 2 weights for 3 columns", call: func() (any, error) {
			return filter.NearestNeighborAccuracy(X, labels, filter.NearestNeighborConfig{Weights: []float64{1, 1}})
		}, want: errKinds(featlab.ErrShape)},
		{input: "NearestNeighborAccuracy with Weights[1] = -1", call: func() (any, error) {
			return filter.NearestNeighborAccuracy(X, labels, filter.NearestNeighborConfig{Weights: []float64{1, -1, 1}})
		}, want: pe("Weights[1]")},
		{input: "NearestNeighborAccuracy with every weight 0", call: func() (any, error) {
			return filter.NearestNeighborAccuracy(X, labels, filter.NearestNeighborConfig{Weights: []float64{0, 0, 0}})
		}, want: pe()},
		{input: "QuantileGroups k = 0", call: func() (any, error) { return filter.QuantileGroups([]float64{1, 2}, 0) }, want: pe("k")},
		{input: "QuantileGroups(nil)", call: func() (any, error) { return filter.QuantileGroups(nil, 3) }, want: errKinds(featlab.ErrEmpty)},
		{input: "QuantileGroups NaN", call: func() (any, error) { return filter.QuantileGroups([]float64{1, nan}, 3) }, want: errKinds(featlab.ErrNotFinite)},
		{input: "QuantileGroups near 1e308", call: func() (any, error) { return filter.QuantileGroups([]float64{1e308, -1e308, 0}, 3) }},
		{input: "StandardizedShift lengths 3 and 2", call: func() (any, error) {
			return filter.StandardizedShift([]float64{1, 2, 3}, []float64{0, 2}, 0, 2)
		}, want: errSays(featlab.ErrShape, "3", "2")},
		{input: "StandardizedShift empty group", call: func() (any, error) {
			return filter.StandardizedShift([]float64{1, 2, 3}, []float64{0, 0, 1}, 0, 2)
		}, want: pe("hi")},
		{input: "StandardizedShift constant v", call: func() (any, error) {
			return filter.StandardizedShift([]float64{4, 4, 4}, []float64{0, 1, 2}, 0, 2)
		}, want: errKinds(featlab.ErrConstant)},
		{input: "StandardizedShift near 1e308", call: func() (any, error) {
			return filter.StandardizedShift([]float64{-1.7e308, 0, 1.7e308}, []float64{0, 1, 2}, 0, 2)
		}},
	})
}

func nbASynth() []failure {
	return runCases("synth", "drifting", []outcome{
		{input: "DriftingMissing m = 1", call: func() (any, error) { return synth.DriftingMissing(1, 1) }, want: errSays(featlab.ErrParam, "m = 1")},
		{input: "DriftingMissing m = -3", call: func() (any, error) { return synth.DriftingMissing(-3, 1) }, want: errKinds(featlab.ErrParam)},
		{input: "DriftingMissing twice with seed 7", call: func() (any, error) {
			a, err1 := synth.DriftingMissing(40, 7)
			b, err2 := synth.DriftingMissing(40, 7)
			if err1 != nil || err2 != nil || digest(a.Y) != digest(b.Y) {
				return nil, errorString("the same seed gave different data")
			}
			return a.Y, nil
		}},
	})
}

func nbAWrap() []failure {
	return runCases("nb", "wrapped printing", []outcome{
		{input: "WrapText of an empty string, width -1", call: func() (any, error) { return nb.WrapText("", -1), nil }},
		{input: "WrapText of one long word", call: func() (any, error) {
			w := strings.Repeat("x", 300)
			if nb.WrapText(w, 100) != w {
				return nil, errorString("a word longer than the width was cut")
			}
			return nil, nil
		}},
		{input: "PrintWrapped with no operands", call: func() (any, error) { nb.PrintWrapped(); return nil, nil }},
	})
}
