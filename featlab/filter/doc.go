// Package filter scores features one at a time and turns the scores into a
// selection: the filter methods of Shalev-Shwartz and Ben-David, section
// 25.1.1, of Zhou, sections 11.1-11.2, and of the two lectures.
//
// A filter assesses each feature independently of the others by a quality
// measure and keeps the best ones. Every score function here takes a design
// matrix X (m x d, one row per example) and a target y of length m, and
// returns a *Scores holding one value per feature, with the feature names
// attached and, where a standard test gives one, a p-value. All features are
// scored in parallel on a bounded pool of goroutines; the result does not
// depend on the number of workers.
//
// Every score has the library's one calling convention,
//
//	scores, err := filter.Pearson(X, y, filter.Config{Names: names})
//
// with a config passed by value whose zero value is the default, field by
// field (Config for the scores without parameters of their own; MIConfig,
// ReliefConfig, MinLossConfig for the others); the slow ones also come as
// MutualInfoContext, ReliefContext and ReliefFContext, which stop when
// their context is cancelled, and report progress through cfg.Progress.
// TopKSelector, PercentileSelector and ThresholdSelector turn a score and a
// rule into a featlab.Selector, for stability selection or for a
// transform.Select step fitted on training rows only.
//
// For every score in this package a higher value means a better feature, so
// the selection rules Scores.TopK, Scores.Threshold and Scores.Percentile
// need no per-score direction. Scores whose natural value is signed (the
// correlation r, the orientation of a ranker or a stump) report the
// orientation-free magnitude in Values and the orientation in Signs.
//
// The scores:
//
//	Pearson       |r|, eq. 25.2 (the text ranks by its absolute value)
//	RSquared      r^2, the fraction of var(y) explained (Aalto lecture)
//	MinLoss       -(1/m) min_{a,b} sum_i loss(a v_i + b, y_i), eq. 25.1
//	              (squared loss in closed form; hinge and logistic by a
//	              convex two-parameter minimisation)
//	Spearman      |rho|, Pearson's r on ranks (lecture 13)
//	MutualInfo    plug-in I(v; y) for discrete v and y; the Kraskov et al.
//	              (2004) k-NN estimator for continuous v and y; Ross (2014)
//	              for continuous v with discrete y
//	AUC           max(AUC, 1-AUC) of the feature as a ranker of two classes
//	Stump         accuracy of the best decision stump sgn(a v + theta),
//	              a in {-1, +1} (Aalto lecture)
//	FRegression   F statistic of the univariate linear regression, with
//	              p-value (scikit-learn f_regression)
//	FClassif      one-way ANOVA F, with p-value (scikit-learn f_classif)
//	Chi2          chi-squared statistic of non-negative features against
//	              the classes, with p-value (scikit-learn chi2)
//
// Classes: FClassif, Chi2, MutualInfo (discrete y), ReliefF and the
// information gain of a subset (NewInfoGain) are defined for any number
// k >= 2 of classes and accept k > 2; Relief, AUC, Stump and MinLoss
// with the hinge or logistic loss are two-class scores and refuse a
// third class with an error wrapping featlab.ErrLabels (Relief names
// ReliefF as the alternative; for AUC or a stump, score each class
// against the rest). Pearson, Spearman, RSquared and FRegression treat y
// as a number: on class codes they measure a trend in the codes, which
// means something only for ordered classes.
//
// A constant feature (all values equal) carries no information; it is
// listed in Scores.Constant and gets the lowest score the measure can give,
// which is 0 for every score except three whose value for a constant
// feature is well defined and exact: MinLoss (minus the risk of the best
// constant predictor), AUC (0.5) and Stump (the majority-class rate). No
// score is ever NaN.
//
// Bad input is reported as an error wrapping one of featlab's sentinel
// errors, naming the row, feature or parameter: NaN or Inf in X or y
// (featlab.ErrNotFinite), mismatched shapes (featlab.ErrShape), a constant
// target for a regression score (featlab.ErrConstant), non-integer labels or
// a single class for a classification score (featlab.ErrLabels), and
// parameters out of range (featlab.ErrParam).
package filter
