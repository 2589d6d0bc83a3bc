// Package importance selects features by the importance a fitted model
// gives each of them: recursive feature elimination (RFE, RFECV),
// selection from a model's coefficients (FromModel) and permutation
// importance on held-out data (Permutation). It is beyond the texts; the
// methods are those of Guyon, Weston, Barnhill and Vapnik (2002) and
// Breiman (2001), with scikit-learn's semantics, which the golden tests
// reproduce.
//
// # Importance of a feature
//
// A Getter reads one importance a_j per feature from a fitted
// featlab.Predictor. For a linear model f(x) = w.x + b fitted on
// standardized features, the defaults are
//
//	RFE        a_j = w_j^2           (SquaredCoef; sum_k w_kj^2 for K classes)
//	FromModel  a_j = |w_j|           (AbsCoef;     sum_k |w_kj| for K classes)
//
// read from a Coefficients() method or a Coef field (every fitted model of
// package linear). Coefficients compare features only on a common scale:
// standardize first.
//
// # Recursive feature elimination
//
// RFE fits the learner, removes the step features with the smallest a_j,
// and repeats on the survivors until k remain. The ranking is
// scikit-learn's ranking_: 1 for the survivors, 2 for the last removed,
// and so on. RFECV runs the elimination inside every fold of a
// cross-validation, scores each intermediate model on the fold's test rows
// and keeps the number of features n* with the best mean score (the
// smallest n* on a tie), reporting the whole curve (mean and standard
// deviation per size). With PermutationGetter the elimination is driven by
// permutation importance on held-out rows instead of coefficients. A
// linear.LogisticConfig learner is warm-started from step to step.
//
// # Selection from a model
//
// FromModel keeps {j : a_j >= t} with t the mean or the median of the a_j,
// a multiple of them, or a number, optionally capped to the top k
// (scikit-learn's SelectFromModel).
//
// # Permutation importance
//
// Permutation measures, on data the model was not fitted on, the drop of a
// score s when column j is shuffled by permutation pi_r,
//
//	I_jr = s(y, f(X)) - s(y, f(X^(j, pi_r))),   r = 1..R,
//
// and reports the mean and the standard deviation over r (scikit-learn's
// permutation_importance). It uses any Predictor and any metric, runs in
// parallel over features and gives the same numbers for any number of
// workers.
//
// RFEConfig, RFECVConfig and FromModelConfig are featlab.Selectors, so they
// can be a step of a transform pipeline and sit inside cross-validation.
// mRMR, a redundancy-aware filter, is filter.MRMR.
package importance
