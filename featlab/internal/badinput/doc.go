// Package badinput is featlab's conformance suite, in the spirit of
// scikit-learn's check_estimator: one set of checks run over every
// exported entry point of the library, so that a new function, or a
// refactor of an old one, cannot quietly reintroduce a panic, a silent NaN
// or a message that names nothing. It holds only tests.
//
// What is checked, for each kind of entry point:
//
//   - (X, y) functions: nil, empty, NaN and +-Inf in X and in y, lengths
//     that disagree, non-integer labels for classifiers must give an error
//     wrapping the right sentinel (errors.Is) whose message names the
//     culprit (the row and column, the lengths); edge inputs (constant
//     column, all zeros, values near 1e300, 1e-300 and subnormal, one row,
//     constant y, labels -1/+1) must give a sentinel error or a result
//     with no NaN and no infinity anywhere in its exported fields; X and y
//     are never modified; the same result bit for bit for Workers 1, 2
//     and 4 and for two runs with the same Seed (fields set by name on
//     the config, when it has them); a Progress callback that panics gives
//     an error wrapping featlab.ErrPanic; where the method promises it,
//     the result is the same for X multiplied by 2^-1000 and 2^+1000.
//   - Transformers: the same hostile inputs at Fit; Transform before Fit
//     (featlab.ErrNotFitted), on a matrix of another width
//     (featlab.ErrShape) and on new data with a NaN (naming row and
//     column); accessors of learned parameters before and after Fit;
//     InverseTransform(Transform(X)) = X; worker counts; MaxCells
//     (featlab.ErrTooLarge); FitFrame then TransformFrame on frames whose
//     columns are reordered (same values by name), missing or renamed
//     (featlab.ErrMissing naming the column).
//   - Metrics (y, prediction): nil, lengths, NaN and Inf naming the row.
//   - CSV readers: a UTF-8 byte-order mark, a numeric target with one bad
//     cell ("1e400", "6..1", "?"), a text feature, a NaN feature, no
//     target, ragged rows, a stray quote, empty files.
//   - Custom entries: parameters out of range (featlab.ErrParam naming
//     the parameter), index methods (a programmer error: a panic naming
//     the method, the index and the length), frame consumers with
//     reordered, missing, renamed or extra columns, and user callbacks
//     (Learner, Predictor, Selector, student functions) that panic or
//     return nil.
//
// Issue 20 added, for every (X, y) entry: the kind of an edge input's
// error (allow lists in checks_test.go) and of every error (a sentinel's
// text without errors.Is finding it is a failure); the selection (a
// Selection() method or a Support field) at X x 1e+-150 and 1e+-300 against
// the unscaled one (an error may only wrap ErrNotFinite; scaleDependent or
// scaleByDesign say why an entry depends on scale; a selection that
// differs is excused only when the same rounded data c X, brought back to
// the ordinary range by an exact power of two, choose the same: a tie of
// the unscaled problem that the rounding of c X broke); every func and
// interface field of the config made to panic once, with Workers 1 and 2
// (panickers holds an implementation per interface: a new callback type
// fails until it has one); every size field (sizeFields, by name) set to
// DefaultMaxCells+1 in a child process under ulimit -v and an allocation
// monitor (sizes_test.go); every exported type with methods used on one
// value from 8 goroutines (shared_test.go; TestSharedTypes fails for a
// type not reached unless its doc says it is not safe for concurrent use;
// make race runs it under the race detector); and, opt-in because it is
// wall-clock, TestCancelLatency (make cancel-latency) cancels every Context
// entry point mid-run and prints its latency. TestChecksCatchToys proves
// each of these checks finds a deliberately broken toy entry.
//
// TestEveryExportedFunction walks the exported functions and methods of
// every package under featlab/ (internal ones aside) and datasets/ with
// go/doc and fails for each one that no registry entry covers and that is
// not exempt (exempt_test.go gives each exemption its reason), and for
// registry or exemption names that no longer exist.
//
// TestConformance runs the checks and logs the suite's figures: entries,
// exported identifiers covered, inputs thrown and failures found. A
// failure not fixed yet is listed in known (exempt_test.go) with its
// reason and owner: it is logged instead of failing the test, and the
// test fails as soon as it no longer happens, so the list stays true.
//
// Adding a package. Nothing to do for the walk: a new package under
// featlab/ (search, greedy, represent, sensing) is found automatically,
// and the test fails listing its exported functions. Register each with
// one line in registry() (registry_test.go):
//
//	xy("search.Forward", search.Forward, search.ForwardConfig{Evaluator: ...}),
//	tr("represent.PCA", represent.PCA{K: 2}, invariant(values)),
//	vec("validate.MSE", validate.MSE),
//	custom("sensing.RIP", "params", nil, sensingChecks),
//
// where xy takes any func(X mat.Matrix, y []float64, cfg C) (R, error)
// and its config (the suite finds the Workers, Seed and Progress fields
// itself), tr any transformer type by an unfitted value, and custom a
// function returning the failures of its own cases (see core_test.go for
// runCases). Options: classif (y holds labels), ignoresY, allowInf,
// invariant(f) (a scale-free result), alsoCovers(ids...) (Context
// variants and methods the entry exercises), as(id) (a variant of a
// function, with another config, strategy or criterion, registered under
// its own name), progressIgnored (the config's Progress field is
// documented as unused by this function). A result field whose doc says
// NaN marks "not applicable" (a feature already chosen, a size never
// reached) is blanked with nanMarked in a small view of the result (see
// searchView, ompView), so the finiteness check covers every other value.
package badinput
