// Package featlab holds the core types shared by every featlab package: the
// Dataset (a design matrix with its feature names and target), the Selection
// (the result of any feature selection method), the Learner, Predictor and
// Transformer interfaces, and the sentinel errors.
//
// Conventions, followed throughout the library:
//
//   - Numeric cores take a mat.Matrix X with one row per example and one
//     column per feature (m x d), and a []float64 target y of length m.
//   - Errors, not panics, for anything user data or parameters can cause;
//     each error wraps one of the sentinel values below and names the row,
//     column or parameter at fault.
//   - Parameters live in a config struct per algorithm whose zero value is a
//     sensible default.
//   - Randomness comes from an explicit seed; the same seed gives the same
//     result bit for bit.
//
// The numbering of sections refers to Shalev-Shwartz and Ben-David,
// Understanding Machine Learning (2014), chapter 25, and Zhou, Machine
// Learning (2016), chapter 11.
package featlab

import "gonum.org/v1/gonum/mat"

// Learner fits a model on training data and returns it as a Predictor.
// Implementations must not retain or modify X or y.
type Learner interface {
	Fit(X mat.Matrix, y []float64) (Predictor, error)
}

// Predictor makes one prediction per row of X.
type Predictor interface {
	Predict(X mat.Matrix) ([]float64, error)
}

// LearnerFunc adapts an ordinary function to the Learner interface.
type LearnerFunc func(X mat.Matrix, y []float64) (Predictor, error)

// Fit calls f(X, y).
func (f LearnerFunc) Fit(X mat.Matrix, y []float64) (Predictor, error) { return f(X, y) }

// PredictorFunc adapts an ordinary function to the Predictor interface.
type PredictorFunc func(X mat.Matrix) ([]float64, error)

// Predict calls f(X).
func (f PredictorFunc) Predict(X mat.Matrix) ([]float64, error) { return f(X) }

// Transformer learns its parameters from training data in Fit and then maps
// any data with the same number of columns in Transform, using only what it
// learned. Transform before Fit returns an error wrapping ErrNotFitted; a
// column count different from the one seen at fit time returns an error
// wrapping ErrShape.
type Transformer interface {
	Fit(X mat.Matrix) error
	Transform(X mat.Matrix) (*mat.Dense, error)
}

// InverseTransformer is a Transformer that can map transformed data back.
type InverseTransformer interface {
	Transformer
	InverseTransform(X mat.Matrix) (*mat.Dense, error)
}

// Namer is implemented by transformers whose output columns differ from
// their input columns (one-hot, polynomial features): given the input
// feature names it returns the names of the output columns.
type Namer interface {
	OutputNames(input []string) ([]string, error)
}

// Progress receives progress reports from long computations: done units of
// work out of total. It is called from a single goroutine, in order.
type Progress func(done, total int)

// Selector chooses a subset of features from labelled training data. Filter
// rankings with a selection rule, the support of a lasso fit and subset
// searches are Selectors; transform.Pipeline fits one on the training rows
// only and applies the returned Selection to later data.
// Implementations must not retain or modify X or y.
type Selector interface {
	Select(X mat.Matrix, y []float64) (*Selection, error)
}

// SelectorFunc adapts an ordinary function to the Selector interface.
type SelectorFunc func(X mat.Matrix, y []float64) (*Selection, error)

// Select calls f(X, y).
func (f SelectorFunc) Select(X mat.Matrix, y []float64) (*Selection, error) { return f(X, y) }
