package featlab

import "errors"

// Placeholder for the lead's shared foundation (deleted when main is
// merged).

// Convergence is the convergence record of an iterative fit.
type Convergence struct {
	Iterations int     // iterations / passes the solver ran (its doc says which)
	Converged  bool    // the stopping test passed within MaxIter
	Gap        float64 // final value of the stopping quantity (doc says which)
	Tol        float64 // the tolerance asked for
}

// ErrPanic: user code (Learner, Selector, callback) panicked.
var ErrPanic = errors.New("panic in user code")
