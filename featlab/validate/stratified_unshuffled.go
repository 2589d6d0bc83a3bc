package validate

// StratifiedKFoldUnshuffled is StratifiedKFold without shuffling, as
// scikit-learn's StratifiedKFold(n_splits=k) (shuffle False), which is what
// cv=k means for a classifier in cross_val_score, GridSearchCV and
// SequentialFeatureSelector. Each class gets the same number of test
// examples in fold f as in StratifiedKFold, and its examples, in index
// order, go to folds 0, 1, ..., k-1 in turn by blocks: the first
// alloc[0][c] examples of class c are tested in fold 0, the next
// alloc[1][c] in fold 1, and so on. Use it to reproduce a published
// cross-validation exactly; with a seed, StratifiedKFold is the safer
// default on data sorted by time or by a feature.
//
// y must hold class labels (whole numbers); k must be in [2, m] and not
// exceed the size of every class.
func StratifiedKFoldUnshuffled(y []float64, k int) ([]Fold, error) {
	return stratifiedKFold(y, k, nil)
}
