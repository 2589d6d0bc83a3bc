// Package transform holds the feature transformations of Shalev-Shwartz and
// Ben-David section 25.2 and of the lecture slides: per-feature scalings
// (centering, unit range, standardization, division by the maximal absolute
// value), clipping, the sigmoid and logarithmic transformations, the unary
// (one-hot) representation of categorical features, row normalization and
// the Remark 25.5 scaling, the polynomial feature map of 25.3, and
// pipelines that chain them.
//
// Every transformer follows the fit-on-train rule. Fit learns the
// transformation's parameters (a mean, a range, the categories of a column)
// from training data only; Transform then maps any data with the same
// number of columns using only what Fit learned, so that test data never
// influences its own preprocessing. Each type implements
// featlab.Transformer; those with an inverse implement
// featlab.InverseTransformer, and those whose output columns differ from
// their input columns (OneHot, Polynomial, Pipeline) implement
// featlab.Namer.
//
// Notation: f = (f_1, ..., f_m) are the values of one feature over the m
// training examples, fbar = (1/m) sum_i f_i its mean, and
// v = (1/m) sum_i (f_i - fbar)^2 its population variance, as in 25.2.1
// (Standardize.Sample uses the sample variance with divisor m - 1 instead).
//
// Errors. Fit and Transform return errors, never panic, on bad data:
//
//   - Transform before Fit wraps featlab.ErrNotFitted;
//   - data whose column count differs from the one seen by Fit wraps
//     featlab.ErrShape;
//   - a NaN or an infinity wraps featlab.ErrNotFinite and names the row and
//     column (0-based), as does a value outside a transformation's domain
//     (log(b + f) with b + f <= 0);
//   - a parameter outside its documented range (b <= 0, degree < 1, an
//     empty range) wraps featlab.ErrParam.
//   - an output whose size a parameter or the data controls (Polynomial's
//     degree, OneHot's categories) larger than the config's MaxCells
//     (default featlab.DefaultMaxCells, 1 GiB of float64s) wraps
//     featlab.ErrTooLarge; it is estimated before anything is allocated.
//
// A constant feature is never turned into NaN: unit range maps it to the
// lower end of the range (0 for [0, 1]) and standardization to 0, as
// scikit-learn does.
//
// Selection inside pipelines. A feature selector is a step too: Select
// wraps any featlab.Selector (filter.TopKSelector and the other filter
// rules, a lasso's support, a search) as a SupervisedTransformer that is
// fitted with the targets of the training rows (Pipeline.FitXY) and keeps
// the chosen columns of later data. Model puts a learner after the steps
// and is itself a featlab.Learner, so validate.CrossValidate on a Model
// standardizes and selects inside each fold, as scikit-learn's Pipeline
// does; selecting on all the data first and cross-validating afterwards
// gives an optimistic error.
//
// Gota data frames. FitFrame, TransformFrame and ApplyFrame run any
// transformer on chosen columns of a dataframe.DataFrame, addressed by
// name; the other columns pass through unchanged and in place, and the
// names are kept (or, for one-hot and polynomial features, replaced by
// readable names such as "color=green" or "x1^2*x3"). OneHotDataset turns
// every string column of a frame into indicator columns and returns a
// featlab.Dataset that the rest of the library can use.
//
// Categorical features. OneHot (indicators of the categories of every
// column, text or numbers), Dummies (indicators of the code columns of a
// numeric matrix, with level names given or learned, the other columns
// passed through) and Ordinal (codes 0..k-1, sorted or in a given order)
// share one policy for a category unseen at fit time: UnknownError (the
// default, an error wrapping ErrUnknownCategory that names row, column and
// value), UnknownIgnore (all zeros; code -1 for Ordinal) or UnknownOther
// (an "(other)" indicator; code k for Ordinal); and one limit, MaxLevels
// (default DefaultMaxLevels), beyond which a column is refused by name
// (ErrTooManyLevels). OneHot.Groups and Dummies.Groups give the block of
// columns of each feature, which search.Grouped keeps together and
// featlab.Selection.ByGroup maps back to features.
//
// Prediction by name. Model.FitDataset and Model.FitFrame remember the
// feature names; the FittedModel's PredictFrame and PredictDataset take
// the features by name in any order (the target may be absent, other
// columns are ignored unless RefuseExtra, a missing feature is an error
// wrapping featlab.ErrMissing), and Predict refuses a matrix of another
// width (featlab.ErrShape).
package transform
