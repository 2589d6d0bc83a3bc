package filter

import (
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// ScoreFunc is the form shared by the score functions of this package:
// Pearson, FRegression and the others with a Config, MutualInfo with an
// MIConfig, Relief with a ReliefConfig, MinLoss with a MinLossConfig.
type ScoreFunc[C any] func(X mat.Matrix, y []float64, cfg C) (*Scores, error)

// TopKSelector returns a featlab.Selector that scores the columns of the
// data it is given with score(X, y, cfg) and keeps the k best
// (Scores.TopK), as scikit-learn's SelectKBest(score_func, k=k):
//
//	filter.TopKSelector(filter.FRegression, filter.Config{}, 5)
//
// As a step of a transform.Model (transform.Select) it is fitted on the
// training rows only. cfg.Names, when set, must name the columns the
// selector sees (leave it nil inside a pipeline: x1..xd). k outside [1, d]
// is an error at selection time.
func TopKSelector[C any](score ScoreFunc[C], cfg C, k int) featlab.Selector {
	return rule(score, cfg, func(s *Scores) (*featlab.Selection, error) { return s.TopK(k) })
}

// PercentileSelector is TopKSelector with the rule Scores.Percentile(p)
// (scikit-learn's SelectPercentile).
func PercentileSelector[C any](score ScoreFunc[C], cfg C, p float64) featlab.Selector {
	return rule(score, cfg, func(s *Scores) (*featlab.Selection, error) { return s.Percentile(p) })
}

// ThresholdSelector is TopKSelector with the rule Scores.Threshold(tau):
// every feature scoring at least tau.
func ThresholdSelector[C any](score ScoreFunc[C], cfg C, tau float64) featlab.Selector {
	return rule(score, cfg, func(s *Scores) (*featlab.Selection, error) { return s.Threshold(tau) })
}

func rule[C any](score ScoreFunc[C], cfg C, pick func(*Scores) (*featlab.Selection, error)) featlab.Selector {
	return featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) {
		if score == nil {
			return nil, featlab.Errorf(featlab.ErrParam, "filter: selector has a nil score function")
		}
		s, err := score(X, y, cfg)
		if err != nil {
			return nil, err
		}
		return pick(s)
	})
}
