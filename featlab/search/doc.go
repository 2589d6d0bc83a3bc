// Package search is subset search for feature selection: a method is a
// search strategy crossed with a subset-evaluation criterion (Zhou 11.1),
// and the two are independent. A Strategy (Forward, Backward,
// Bidirectional, Floating, Exhaustive, LVW) only ever sees an Evaluator, a
// function from a subset of column indices to a score with a stated
// direction; a Criterion builds that function from data:
//
//	criterion      score of a subset S                              better
//	CV             CV (or hold-out) loss of any featlab.Learner      lower (Higher for accuracy)
//	InfoGain       Zhou's information gain Gain(S) in bits           higher
//	LeastSquares   RSS, R^2, adjusted R^2, Cp, AIC, BIC, k-fold CV    per LSScore
//	               MSE of least squares or ridge, from Gram matrices
//	*Evaluator     any function of the subset                        stated
//
//	strategy       moves                                      evaluations (d features)
//	Forward        add the best feature (Zhou, 25.1.2)        at most K d - K(K-1)/2
//	Backward       remove the least useful feature            1 + d + ... + 2 = d(d+1)/2
//	Bidirectional  both, selected kept, removed never back    about d(d+1)/2
//	Floating       SFFS / SBFS (Pudil et al. 1994)            varies
//	Exhaustive     all 2^d - 1 subsets (or up to MaxSize)     Count(d, MaxSize)
//	LVW            Las Vegas Wrapper, Zhou Algorithm 11.1     one per round
//	BestFirst      expand the best open subset (Kohavi and    d per expansion, at most;
//	               John 1997); stop after Stale idle ones     all 2^d - 1 with no limit
//
// BestSubsets is branch and bound for least squares: the best subset of
// every size without visiting all 2^d - 1 (leaps::regsubsets).
//
// Select runs Config{Strategy, Criterion} on X and y; Run runs a strategy
// on a ready Evaluator. Config implements featlab.Selector. Candidate
// subsets of a step are evaluated on all cores through the worker pool and
// the result is the same for any number of workers; every search is
// wrapped in a Memo, so a subset asked for twice (floating search) is
// evaluated once, and Result.Evaluations counts distinct evaluations.
// InfoGain reuses the previous round's partition: a strategy tells the
// evaluator the subset it moved to (Evaluator.Accept), and each candidate
// that subset plus one feature is scored by refining its cached
// filter.Partition, one pass over the data instead of |A|+1.
// Long searches take a context (SelectContext, Run): cancelled, they return
// the best result so far with an error wrapping context.Canceled.
//
// Categorical features one-hot encoded into several columns are searched
// as wholes by Grouped (GroupEvaluator): a subset of groups is scored as
// the union of their columns, so the columns of one feature enter and
// leave together in every strategy. Methods that choose columns one at a
// time (filters, lasso, OMP, BestSubsets, a search without Grouped) may
// split a group; featlab.Selection.ByGroup maps their selections back to
// features and names the split groups.
//
// Ties between candidates go to the lowest feature index (scikit-learn's
// SequentialFeatureSelector does the same); with Rule ExactK, Forward and
// Backward reproduce its selections and scores (golden test).
package search
