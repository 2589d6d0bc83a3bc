package filter

import (
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// SuiteConfig configures RegressionScores and ClassificationScores.
type SuiteConfig struct {
	// Names are the feature names (default nil: x1, ..., xd).
	Names []string
	// Seed seeds the jitter of the mutual-information estimate of
	// RegressionScores (default 0); ClassificationScores does not use it.
	Seed uint64
	// Workers is passed to every score (<= 0, the default: one per core).
	Workers int
}

// RegressionScores computes, for a numeric target, the six univariate
// regression scores of the texts side by side, in this order and with
// these Method labels (short, for figures and tables):
//
//	"|r|"        Pearson's |r| (eq. 25.2)
//	"r²"         r^2, the fraction of var(y) a line on the feature explains
//	"−min loss"  minus the minimal squared loss (eq. 25.1), -var(y)(1 - r^2)
//	"|ρ|"        Spearman's |rho| (Pearson on ranks)
//	"MI (bits)"  the k-NN mutual information I(v; y) (k = 3) with a seeded
//	             relative jitter of 1e-10 against ties, as scikit-learn
//	"F"          the F statistic of the univariate regression
//
// |r|, r^2, the minimal loss and F are monotone functions of one another,
// so they rank the features identically. Errors are those of the scores.
func RegressionScores(X mat.Matrix, y []float64, cfg SuiteConfig) ([]*Scores, error) {
	c := Config{Names: cfg.Names, Workers: cfg.Workers}
	return suite([]func() (*Scores, error){
		func() (*Scores, error) { return Pearson(X, y, c) },
		func() (*Scores, error) { return RSquared(X, y, c) },
		func() (*Scores, error) {
			return MinLoss(X, y, MinLossConfig{Names: cfg.Names, Workers: cfg.Workers})
		},
		func() (*Scores, error) { return Spearman(X, y, c) },
		func() (*Scores, error) {
			return MutualInfo(X, y, MIConfig{Names: cfg.Names, Jitter: 1e-10, Seed: cfg.Seed,
				Workers: cfg.Workers})
		},
		func() (*Scores, error) { return FRegression(X, y, c) },
	}, "|r|", "r²", "−min loss", "|ρ|", "MI (bits)", "F")
}

// ClassificationScores computes, for class labels y, the seven univariate
// scores of the Guyon-Elisseeff panels, in this order and with these
// Method labels:
//
//	"|r|"        Pearson's |r| with the labels
//	"|ρ|"        Spearman's |rho|
//	"MI"         mutual information with the class (Ross's k-NN estimator)
//	"AUC"        the orientation-free ROC AUC, max(AUC, 1 - AUC)
//	"stump"      the training accuracy of the best decision stump
//	"F"          the ANOVA F statistic
//	"Relief"     Relief's eq. 11.3 averaged over the examples (two classes)
//
// Errors are those of the scores (Relief needs exactly two classes).
func ClassificationScores(X mat.Matrix, y []float64, cfg SuiteConfig) ([]*Scores, error) {
	c := Config{Names: cfg.Names, Workers: cfg.Workers}
	return suite([]func() (*Scores, error){
		func() (*Scores, error) { return Pearson(X, y, c) },
		func() (*Scores, error) { return Spearman(X, y, c) },
		func() (*Scores, error) {
			return MutualInfo(X, y, MIConfig{Names: cfg.Names, DiscreteTarget: true,
				Workers: cfg.Workers})
		},
		func() (*Scores, error) { return AUC(X, y, c) },
		func() (*Scores, error) { return Stump(X, y, c) },
		func() (*Scores, error) { return FClassif(X, y, c) },
		func() (*Scores, error) {
			return Relief(X, y, ReliefConfig{Names: cfg.Names, Mean: true, Workers: cfg.Workers})
		},
	}, "|r|", "|ρ|", "MI", "AUC", "stump", "F", "Relief")
}

// suite runs the score functions in order and labels their results.
func suite(fs []func() (*Scores, error), labels ...string) ([]*Scores, error) {
	out := make([]*Scores, len(fs))
	for k, f := range fs {
		s, err := f()
		if err != nil {
			return nil, err
		}
		s.Method = labels[k]
		out[k] = s
	}
	return out, nil
}

// RankTable puts the top k features of several scores of the same
// features side by side: row r (r = 1..k) holds, for each score, the name
// of the feature it ranks r-th (Scores.Ranking: higher first, ties to the
// lower index); the columns are named by the scores' Method. It is the
// narrow view of a comparison (k rows of names, not d rows of numbers).
// The scores must be non-empty, of one length d, with 1 <= k <= d.
func RankTable(k int, scores ...*Scores) (dataframe.DataFrame, error) {
	if len(scores) == 0 || scores[0] == nil {
		return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrEmpty, "filter: RankTable needs at least one score")
	}
	d := len(scores[0].Values)
	if k < 1 || k > d {
		return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrParam, "filter: RankTable k = %d must be in [1, %d]", k, d)
	}
	rank := make([]int, k)
	for r := range rank {
		rank[r] = r + 1
	}
	cols := []series.Series{series.New(rank, series.Int, "rank")}
	for i, s := range scores {
		if s == nil || len(s.Values) != d {
			return dataframe.DataFrame{}, featlab.Errorf(featlab.ErrShape, "filter: RankTable score %d does not have %d values", i, d)
		}
		names := s.Names
		if len(names) != d {
			names = featlab.DefaultNames(d)
		}
		top := make([]string, k)
		for r, j := range s.Ranking()[:k] {
			top[r] = names[j]
		}
		name := s.Method
		if name == "" {
			name = "score " + strconv.Itoa(i+1)
		}
		cols = append(cols, series.New(top, series.String, name))
	}
	return dataframe.New(cols...), nil
}
