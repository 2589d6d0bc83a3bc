package par

import "runtime/debug"

// Report calls progress(done, total) outside Do (serial loops that report
// their own progress): a panic in it is returned as a *PanicError with
// Index -1, wrapping featlab.ErrPanic, exactly as Do reports one.
func Report(progress func(done, total int), done, total int) error {
	return callProgress(progress, done, total)
}

// Call runs f, returning a panic in it as a *PanicError with the given
// index (wrapping featlab.ErrPanic): for user code (a Learner, a
// Predictor, a callback) called outside Do.
func Call(index int, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Index: index, Value: r, Stack: debug.Stack()}
		}
	}()
	return f()
}
