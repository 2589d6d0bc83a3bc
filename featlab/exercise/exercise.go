// Package exercise checks the self-study exercises that close every featlab
// notebook.
//
// An exercise names a function the student writes (a Go function value of a
// fixed signature), a reference implementation (usually the featlab
// library's own function) and a generator of seeded random inputs. Check
// runs both on every generated case and returns a Result: a pass, or the
// first failing input with the expected and actual outputs and a one-line
// hint. A panic, a NaN, an error, an input modified in place or a function
// that never returns is reported as a failure; Check itself never panics on
// anything the student's function does. The cases run in a child process
// (the program started again; see Check), so that a stack overflow, a
// panic in a goroutine the student started or os.Exit is reported instead
// of killing the notebook kernel, and a function that never returns is
// stopped ("timed out after 10 s"); the whole check has a time budget and
// reports progress when it is slow.
//
// A Result prints as text (String) and as a small styled HTML block (HTML),
// so that in a notebook
//
//	nb.Display(exercise.Check(ex, myPearson))
//
// renders it green or red. The package does not depend on featlab/nb.
//
// The generic form is Exercise[F] with Check[F]; the constructors
// VecToScalar, VecVecToScalar, VecToVec, VecScalarToVec,
// ScalarScalarToScalar, MatToVec, MatVecToVec, MatVecScalarToVec and
// MatToMat fill in the plumbing for the common signatures.
package exercise

import (
	"fmt"
	"html"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"
)

// Defaults used when the corresponding Exercise field is zero.
const (
	DefaultCases   = 25
	DefaultTol     = 1e-6
	DefaultTimeout = 10 * time.Second
	DefaultBudget  = 30 * time.Second
)

// Exercise describes one self-checking exercise for a student function of
// type F.
//
// Case i (0-based) draws its inputs from Generate with a generator seeded
// by (Seed, i), so every case is reproducible on its own and the same
// exercise gives the same cases on every machine. Both the reference and
// the student get their own deep copy of the inputs.
type Exercise[F any] struct {
	// Name is shown in the result, e.g. "Pearson's r (eq. 25.2)".
	Name string
	// Reference is the correct implementation, usually the library's.
	Reference F
	// ArgNames names the arguments in failure reports, e.g. {"v", "y"}.
	// Default: arg1, arg2, ...
	ArgNames []string
	// Generate returns the arguments of case i. Required.
	Generate func(r *rand.Rand, i int) []any
	// Call applies f to the arguments and returns its output. A non-nil
	// error is an outcome like any other: the case passes when both the
	// reference and the student return an error, and fails when only one
	// does. Required.
	Call func(f F, args []any) (any, error)
	// Hint, when non-nil, gives an exercise-specific one-line hint for a
	// failing case; returning "" falls back to the generic hint (sign
	// flipped, wrong length, first differing index, ...).
	Hint func(args []any, want, got any) string
	// Equal, when non-nil, replaces the default comparison (Close with
	// Tol).
	Equal func(want, got any) bool
	// Cases is the number of random cases. Default DefaultCases (25).
	Cases int
	// Seed seeds the case generator. Default 0 (a fixed seed too).
	Seed uint64
	// Tol is the comparison tolerance for floating-point outputs: a value
	// passes when |got - want| <= Tol * max(1, |want|). Default
	// DefaultTol (1e-6).
	Tol float64
	// Timeout bounds the time one call of the student's function may take.
	// Default DefaultTimeout (10 s).
	Timeout time.Duration
	// Budget bounds the time of the whole check (all cases). Default
	// DefaultBudget (30 s).
	Budget time.Duration
	// Progress, when non-nil, is called with (done, total) as cases
	// finish; see Check for what happens without it.
	Progress func(done, total int)
	// InProcess runs the cases in this process instead of a child
	// process (see Check): quicker to start, but a student function that
	// overflows its stack, panics in a goroutine it started or calls
	// os.Exit ends the program, and one that never returns keeps running
	// after the verdict. The environment variable
	// FEATLAB_EXERCISE_INPROCESS=1 sets it for every exercise.
	InProcess bool
}

// Result is the outcome of Check.
type Result struct {
	Name   string // the exercise's name
	Passed bool   // every case passed
	Total  int    // number of cases the exercise has
	Ran    int    // cases run (up to and including the first failure)
	// The fields below describe the first failing case (empty on a pass).
	Case   int      // index of the failing case (0-based)
	Inputs []string // "name = value" per argument
	Want   string   // the reference's output, formatted
	Got    string   // the student's output, formatted
	Hint   string   // one line saying what is probably wrong
	// Isolated reports that the cases ran in a child process (see Check).
	Isolated bool
	// TooSlow reports that the check's time budget (Exercise.Budget) ran
	// out during case Case: the cases before it agree with the
	// reference, and the function is too slow rather than wrong. Inputs,
	// Want and Got are then empty; PerCall is the mean time of the
	// student's calls that finished (0 if none did).
	TooSlow bool
	PerCall time.Duration
}

// Check runs the student's function on every case of ex and compares it
// with the reference. It never panics because of the student's function:
// a panic, a NaN where a number is expected, an error, an input changed in
// place or a call that exceeds the timeout is reported as a failing case.
//
// Isolation. Unless ex.InProcess is set, the cases run in a child
// process, so that nothing the student's function does can take the
// notebook kernel (or the test binary) down: a function that recurses
// without end is reported as a stack overflow, a panic in a goroutine it
// started or a call of os.Exit as what it is, and one that never returns
// is killed when its time is up instead of burning a core after the
// verdict. The child is the running program itself, started again with an
// environment variable naming this Check call (its position among the
// program's Check calls, and under go test the test it is in): GoNB
// compiles a cell into a program, so the child re-runs the cell up to this
// call, checks the cases there and exits; its displays and output are
// discarded. Keep exercises in cells of their own, after any slow work. If
// the child cannot be started or does not reach the call (a program that
// behaves differently the second time, an Example function), Check runs
// the cases in this process, as with InProcess.
//
// Time. Each call of the student's function may take ex.Timeout (default
// 10 s); one that takes longer fails as "timed out after 10 s". The whole
// check may take ex.Budget (default DefaultBudget, 30 s); when it runs
// out the Result says the function is too slow (TooSlow, with the number
// of cases that agreed with the reference and the mean time per call),
// not that it gave a wrong answer. ex.Progress,
// when set, is called as cases finish; without it a check that runs for
// more than 10 s writes a line to standard error every 5 s or so (which
// case, how long so far), so a slow check is never silent for long.
func Check[F any](ex Exercise[F], student F) Result {
	s := ex.settings()
	key := nextCallKey(ex.Name, s)
	res := check(ex, student, s, key)
	recordResult(key, res)
	return res
}

func check[F any](ex Exercise[F], student F, s settings, key string) Result {
	res := Result{Name: ex.Name, Total: s.n}
	if ex.Generate == nil || ex.Call == nil {
		res.Hint = "the exercise is incomplete (no Generate or Call): this is a bug in the notebook"
		return res
	}
	if isNilFunc(student) {
		res.Hint = "the function is nil: write it first"
		return res
	}
	if target, ok := childTarget(); ok {
		if target == key {
			runChild(ex, student, s) // does not return
		}
		// An earlier Check call of the program: give back what it gave
		// the parent, so that the program takes the same path here.
		if r, ok := priorResult(key); ok {
			return r
		}
	} else if !ex.InProcess && isolationAvailable() && key != "" {
		if r, ok := checkIsolated(ex, s, key); ok {
			return r
		}
	}
	start := time.Now()
	left := func() time.Duration { return s.budget - time.Since(start) }
	return checkLoop(ex, student, s, newReporter(ex.Name, ex.Progress, s, start), left)
}

// settings are an exercise's parameters with the defaults filled in.
type settings struct {
	n       int
	tol     float64
	timeout time.Duration
	budget  time.Duration
}

func (ex Exercise[F]) settings() settings {
	s := settings{n: ex.Cases, tol: ex.Tol, timeout: ex.Timeout, budget: ex.Budget}
	if s.n <= 0 {
		s.n = DefaultCases
	}
	if s.tol <= 0 {
		s.tol = DefaultTol
	}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	if s.budget <= 0 {
		s.budget = DefaultBudget
	}
	return s
}

// caseHooks observe checkLoop: begin(i, want) before the student's
// function runs on case i (want is the reference's formatted outcome),
// done(i) after case i passed. Either may be nil.
type caseHooks struct {
	begin func(i int, want string)
	done  func(i int)
	tick  func() // called about once a second while a case runs (in a child)
}

// checkLoop runs the cases in this process. left, when non-nil, returns
// the time left in the budget: a call is cut short when it runs out.
func checkLoop[F any](ex Exercise[F], student F, s settings, hooks caseHooks, left func() time.Duration) Result {
	res := Result{Name: ex.Name, Total: s.n}
	var spent time.Duration // in the student's calls that returned
	for i := 0; i < s.n; i++ {
		res.Ran = i + 1
		args, err := generate(ex, i)
		if err != nil {
			res.Case = i
			res.Hint = "the exercise's input generator failed (a bug in the notebook): " + err.Error()
			return res
		}
		want, werr, wbad := run(ex.Call, ex.Reference, cloneArgs(args), s.timeout)
		if wbad != nil {
			return fail(res, ex, i, args, "", "", "the reference implementation "+wbad.hint(s.timeout)+": this is a bug in the exercise")
		}
		wantS := formatOutcome(want, werr)
		if hooks.begin != nil {
			hooks.begin(i, wantS)
		}
		timeout := s.timeout
		budgetCut := false
		if left != nil {
			if l := left(); l < timeout {
				timeout, budgetCut = max(l, time.Millisecond), true
			}
		}
		sargs := cloneArgs(args)
		t0 := time.Now()
		got, gerr, gbad := run(ex.Call, student, sargs, timeout)
		took := time.Since(t0)
		if gbad != nil {
			if gbad.timedOut && budgetCut {
				return tooSlow(res, s, i, spent)
			}
			return fail(res, ex, i, args, wantS, gbad.got(s.timeout), "your function "+gbad.hint(s.timeout))
		}
		gotS := formatOutcome(got, gerr)
		switch {
		case werr != nil && gerr != nil:
			// Both reject the input: agreement.
		case werr != nil:
			return fail(res, ex, i, args, wantS, gotS, "this input is invalid and should be rejected with an error")
		case gerr != nil:
			return fail(res, ex, i, args, wantS, gotS, "your function returned an error on a valid input")
		default:
			ok := false
			if ex.Equal != nil {
				ok = ex.Equal(want, got)
			} else {
				ok = Close(want, got, s.tol)
			}
			if !ok {
				hint := ""
				if ex.Hint != nil {
					hint = ex.Hint(args, want, got)
				}
				if hint == "" {
					hint = genericHint(args, ex.ArgNames, want, got, s.tol)
				}
				return fail(res, ex, i, args, wantS, gotS, hint)
			}
		}
		if k := changedArg(args, sargs); k >= 0 {
			return fail(res, ex, i, args, wantS, gotS,
				fmt.Sprintf("your function changed its input %s in place; work on a copy", argName(ex.ArgNames, k)))
		}
		spent += took
		if hooks.done != nil {
			hooks.done(i)
		}
	}
	res.Passed = true
	return res
}

// tooSlow is the Result of a check whose budget ran out during case i,
// the student's calls on cases 0..i-1 having taken spent in all.
func tooSlow(res Result, s settings, i int, spent time.Duration) Result {
	res.Passed, res.TooSlow = false, true
	res.Case, res.Ran = i, i+1
	res.Inputs, res.Want, res.Got = nil, "", ""
	if i > 0 {
		res.PerCall = spent / time.Duration(i)
	}
	res.Hint = budgetHint(s, i, res.PerCall)
	return res
}

// budgetHint says that the check's total budget ran out during case i,
// after i cases agreed with the reference at perCall per call.
func budgetHint(s settings, i int, perCall time.Duration) string {
	if i == 0 {
		return fmt.Sprintf("the whole check may take %s and that ran out during case 1 of %d, before your function returned once: it is too slow (or never returns)", seconds(s.budget), s.n)
	}
	return fmt.Sprintf("your function is too slow, not wrong: it agreed with the reference on %d of %d cases, taking %s per call, and the whole check may take %s, which ran out during case %d; make it faster (%d calls must fit in %s)",
		i, s.n, seconds(perCall), seconds(s.budget), i+1, s.n, seconds(s.budget))
}

// seconds formats a duration plainly: "3 s", "0.02 s", "1.5 min".
func seconds(d time.Duration) string {
	if d >= 2*time.Minute {
		return fmt.Sprintf("%.3g min", d.Minutes())
	}
	return fmt.Sprintf("%.3g s", d.Seconds())
}

func generate[F any](ex Exercise[F], i int) (args []any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	r := rand.New(rand.NewPCG(ex.Seed, uint64(i)))
	return ex.Generate(r, i), nil
}

// badCall describes a call that did not return normally.
type badCall struct {
	panicMsg string // the panic's value, formatted
	timedOut bool
	goexit   bool // the call ended its goroutine (runtime.Goexit)
}

func (b *badCall) got(timeout time.Duration) string {
	switch {
	case b.timedOut:
		return "timed out after " + seconds(timeout)
	case b.goexit:
		return "no result: runtime.Goexit"
	}
	return "panic: " + b.panicMsg
}

func (b *badCall) hint(timeout time.Duration) string {
	switch {
	case b.timedOut:
		return fmt.Sprintf("timed out after %s: it did not return (an infinite loop, or far too slow?)", seconds(timeout))
	case b.goexit:
		return "called runtime.Goexit (directly, or through t.FailNow, t.Fatal or t.SkipNow of a testing.T), which ends the goroutine without returning: return the result instead"
	}
	return "panicked: " + b.panicMsg
}

// run calls call(f, args) in its own goroutine, turning a panic into a
// badCall and giving up after timeout (in this process the goroutine is
// then abandoned; in a child process the process ends soon after).
func run[F any](call func(F, []any) (any, error), f F, args []any, timeout time.Duration) (out any, err error, bad *badCall) {
	type outcome struct {
		out any
		err error
		bad *badCall
	}
	done := make(chan outcome, 1)
	go func() {
		returned := false
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{bad: &badCall{panicMsg: fmt.Sprint(p)}}
			} else if !returned {
				// neither a return nor a panic: runtime.Goexit
				done <- outcome{bad: &badCall{goexit: true}}
			}
		}()
		o, e := call(f, args)
		returned = true
		done <- outcome{out: o, err: e}
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case o := <-done:
		return o.out, o.err, o.bad
	case <-t.C:
		return nil, nil, &badCall{timedOut: true}
	}
}

func fail[F any](res Result, ex Exercise[F], i int, args []any, want, got, hint string) Result {
	res.Passed = false
	res.Case = i
	res.Inputs = make([]string, len(args))
	for k, a := range args {
		res.Inputs[k] = argName(ex.ArgNames, k) + " = " + Format(a)
	}
	res.Want, res.Got, res.Hint = want, got, hint
	return res
}

func argName(names []string, k int) string {
	if k < len(names) && names[k] != "" {
		return names[k]
	}
	return fmt.Sprintf("arg%d", k+1)
}

func formatOutcome(v any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return Format(v)
}

// isNilFunc reports whether f is a nil function (or nil interface).
func isNilFunc(f any) bool {
	if f == nil {
		return true
	}
	return fmt.Sprintf("%p", f) == "0x0"
}

// String reports the result in plain text: one line for a pass; for a
// failure the case, its inputs, expected and actual outputs and the hint.
func (r Result) String() string {
	if r.Passed {
		return fmt.Sprintf("✔ PASS %s: all %d cases agree with the reference", r.Name, r.Total)
	}
	if r.TooSlow {
		return fmt.Sprintf("✘ TOO SLOW %s: %s\n  hint     %s", r.Name, r.slowLine(), r.Hint)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "✘ FAIL %s: case %d of %d\n", r.Name, r.Case+1, r.Total)
	for _, in := range r.Inputs {
		fmt.Fprintf(&b, "  input    %s\n", clip(in))
	}
	if r.Want != "" || r.Got != "" {
		fmt.Fprintf(&b, "  expected %s\n", clip(r.Want))
		fmt.Fprintf(&b, "  got      %s\n", clip(r.Got))
	}
	fmt.Fprintf(&b, "  hint     %s", wrapText(r.Hint, TextWidth-11, "\n           "))
	return b.String()
}

// TextWidth is the width, in characters, of the lines String writes, so
// that a report fits a projected notebook cell: a long value is cut with
// "..." (the HTML form keeps it whole) and the hint wraps.
const TextWidth = 100

// clip cuts s to the line width left after String's 11-character prefix.
func clip(s string) string {
	r := []rune(s)
	if n := TextWidth - 11; len(r) > n {
		return string(r[:n-4]) + " ..."
	}
	return s
}

// wrapText breaks s at spaces into lines of at most width runes, joined
// by sep.
func wrapText(s string, width int, sep string) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), sep)
}

// slowLine summarises a TooSlow result.
func (r Result) slowLine() string {
	if r.Case == 0 {
		return fmt.Sprintf("the time budget ran out during case 1 of %d, before the function returned once", r.Total)
	}
	return fmt.Sprintf("cases 1 to %d of %d agree with the reference (%s per call); the time budget ran out during case %d", r.Case, r.Total, seconds(r.PerCall), r.Case+1)
}

// Colours of the HTML block: the palette's bluish green and vermillion
// (Okabe-Ito, as in featlab/viz).
const (
	passColor = "#009E73"
	failColor = "#D55E00"
)

// HTML renders the result as a small styled block: a green bar for a pass,
// a red one with the failing case, expected and actual values and the hint
// for a failure. A notebook shows it with nb.Display.
func (r Result) HTML() string {
	esc := html.EscapeString
	var b strings.Builder
	color, bg, head := passColor, "#e6f5f0", "&#10004; PASS"
	if !r.Passed {
		color, bg, head = failColor, "#fbece6", "&#10008; FAIL"
	}
	fmt.Fprintf(&b, `<div style="border-left:6px solid %s;background:%s;padding:6px 10px;margin:4px 0;font-family:sans-serif;font-size:14px;color:#222">`, color, bg)
	fmt.Fprintf(&b, `<b style="color:%s">%s</b> <b>%s</b>`, color, head, esc(r.Name))
	if r.Passed {
		fmt.Fprintf(&b, `: all %d cases agree with the reference.</div>`, r.Total)
		return b.String()
	}
	if r.TooSlow {
		fmt.Fprintf(&b, `: too slow, not wrong: %s<div style="margin-top:4px"><b>Hint:</b> %s</div></div>`, esc(r.slowLine()), esc(r.Hint))
		return b.String()
	}
	fmt.Fprintf(&b, `: case %d of %d`, r.Case+1, r.Total)
	b.WriteString(`<table style="border-collapse:collapse;margin-top:4px;font-size:13px">`)
	row := func(k, v string) {
		fmt.Fprintf(&b, `<tr><td style="padding:1px 8px 1px 0;vertical-align:top;color:#555">%s</td><td style="padding:1px 0"><code style="white-space:pre-wrap">%s</code></td></tr>`, k, esc(v))
	}
	for _, in := range r.Inputs {
		row("input", in)
	}
	if r.Want != "" || r.Got != "" {
		row("expected", r.Want)
		row("got", r.Got)
	}
	b.WriteString(`</table>`)
	fmt.Fprintf(&b, `<div style="margin-top:4px"><b>Hint:</b> %s</div></div>`, esc(r.Hint))
	return b.String()
}

// Close reports whether got matches want within tol: floating-point values
// (float64, []float64, [][]float64, mat.Matrix, *mat.VecDense) agree when
// |got - want| <= tol * max(1, |want|) element by element, with NaN
// matching only NaN; shapes must agree; other types must be equal.
func Close(want, got any, tol float64) bool {
	wv, wr, wc, wok := asFloats(want)
	gv, gr, gc, gok := asFloats(got)
	if wok && gok {
		if wr != gr || wc != gc || len(wv) != len(gv) {
			return false
		}
		for k := range wv {
			if !closeFloat(wv[k], gv[k], tol) {
				return false
			}
		}
		return true
	}
	if wok != gok {
		return false
	}
	return equalPlain(want, got)
}

func closeFloat(w, g, tol float64) bool {
	if math.IsNaN(w) || math.IsNaN(g) {
		return math.IsNaN(w) && math.IsNaN(g)
	}
	if math.IsInf(w, 0) || math.IsInf(g, 0) {
		return w == g
	}
	return math.Abs(g-w) <= tol*math.Max(1, math.Abs(w))
}

// asFloats flattens a floating-point value (row-major for matrices) and
// returns its shape: rows r and columns c (a scalar is 0 x 0, a vector of
// length n is n x 1).
func asFloats(v any) (vals []float64, r, c int, ok bool) {
	switch x := v.(type) {
	case float64:
		return []float64{x}, 0, 0, true
	case []float64:
		return x, len(x), 1, true
	case [][]float64:
		r = len(x)
		if r > 0 {
			c = len(x[0])
		}
		for _, row := range x {
			if len(row) != c {
				return nil, -1, -1, true // ragged: never equal to anything
			}
			vals = append(vals, row...)
		}
		return vals, r, c, true
	case *mat.VecDense:
		if x == nil {
			return nil, 0, 0, false
		}
		n := x.Len()
		vals = make([]float64, n)
		for i := range vals {
			vals[i] = x.AtVec(i)
		}
		return vals, n, 1, true
	case mat.Matrix:
		if isNilMatrix(x) {
			return nil, 0, 0, false
		}
		r, c = x.Dims()
		vals = make([]float64, 0, r*c)
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				vals = append(vals, x.At(i, j))
			}
		}
		return vals, r, c, true
	}
	return nil, 0, 0, false
}

func isNilMatrix(m mat.Matrix) bool {
	if d, ok := m.(*mat.Dense); ok {
		return d == nil || d.IsEmpty()
	}
	return m == nil
}

func equalPlain(want, got any) bool {
	switch w := want.(type) {
	case []int:
		g, ok := got.([]int)
		return ok && slices.Equal(w, g)
	case []bool:
		g, ok := got.([]bool)
		return ok && slices.Equal(w, g)
	case []string:
		g, ok := got.([]string)
		return ok && slices.Equal(w, g)
	}
	defer func() { _ = recover() }() // uncomparable dynamic types
	return want == got
}

// genericHint guesses what went wrong from the shape of the disagreement.
// A uniform factor is described by factorHint with the failing case's m
// (caseSize): a cause is named only when that m explains the factor.
func genericHint(args []any, names []string, want, got any, tol float64) string {
	wv, wr, wc, wok := asFloats(want)
	gv, gr, gc, gok := asFloats(got)
	if m, isMat := got.(mat.Matrix); wok && isMat && isNilMatrix(m) {
		return fmt.Sprintf("your function returned %s, expected %s: is it still the stub?", Format(got), shapeString(wr, wc, len(wv)))
	}
	if !wok || !gok {
		return plainHint(want, got)
	}
	for _, g := range gv {
		if math.IsNaN(g) {
			return "your function returned NaN: look for 0/0 (a constant input?), the square root of a negative number or the log of 0"
		}
	}
	for _, g := range gv {
		if math.IsInf(g, 0) {
			return "your function returned an infinity: a division by zero?"
		}
	}
	if len(gv) == 0 && len(wv) > 0 {
		return fmt.Sprintf("your function returned nothing (%s), expected %s: is it still the stub?", Format(got), shapeString(wr, wc, len(wv)))
	}
	if isTranspose(wv, wr, wc, gv, gr, gc, tol) {
		return fmt.Sprintf("your result is the transpose of the expected one: a %dx%d matrix where a %dx%d one was expected (rows and columns swapped)", gr, gc, wr, wc)
	}
	if wr != gr || wc != gc || len(wv) != len(gv) {
		return fmt.Sprintf("wrong shape: returned %s, expected %s", shapeString(gr, gc, len(gv)), shapeString(wr, wc, len(wv)))
	}
	if k := sameAsInput(args, gv, gr, gc); k >= 0 {
		return fmt.Sprintf("your function returned its input %s unchanged: is it still the stub?", argName(names, k))
	}
	flipped, scaled := true, true
	ratio := math.NaN()
	for k := range wv {
		if !closeFloat(-wv[k], gv[k], tol) {
			flipped = false
		}
		if math.Abs(wv[k]) > 1e-12 {
			q := gv[k] / wv[k]
			if math.IsNaN(ratio) {
				ratio = q
			} else if math.Abs(q-ratio) > 1e-6*math.Max(1, math.Abs(ratio)) {
				scaled = false
			}
		} else if math.Abs(gv[k]) > tol {
			scaled = false
		}
	}
	if flipped {
		return "the sign is flipped"
	}
	if scaled && ratio == 0 && len(wv) > 1 {
		return "your function returned only zeros: is it still the stub?"
	}
	if len(wv) == 1 && gv[0] == 0 && wv[0] != 0 {
		return fmt.Sprintf("your function returned 0 where %s was expected: is it still the stub?", fmtFloat(wv[0]))
	}
	if scaled && !math.IsNaN(ratio) {
		// a scalar always has a ratio: mention it only when it is a cause
		// for this case's m or a small simple factor
		m := caseSize(args)
		if len(wv) > 1 || namedFactor(ratio, m) != "" || isSimpleFactor(ratio) {
			return factorHint(ratio, m)
		}
	}
	if len(wv) == 1 { // one value: its ratio is a fact worth giving
		if scaled && !math.IsNaN(ratio) {
			return fmt.Sprintf("your value is %.4g times the expected one (a difference of %.3g)", ratio, gv[0]-wv[0])
		}
		return fmt.Sprintf("differs from the expected value by %.3g", gv[0]-wv[0])
	}
	for k := range wv {
		if !closeFloat(wv[k], gv[k], tol) {
			if wc <= 1 {
				return fmt.Sprintf("first difference at index %d: expected %s, got %s", k, fmtFloat(wv[k]), fmtFloat(gv[k]))
			}
			return fmt.Sprintf("first difference at row %d, column %d: expected %s, got %s", k/wc, k%wc, fmtFloat(wv[k]), fmtFloat(gv[k]))
		}
	}
	return "the output differs from the reference"
}

// plainHint describes a disagreement between non-floating-point outputs.
func plainHint(want, got any) string {
	wt, gt := reflect.TypeOf(want), reflect.TypeOf(got)
	if w, ok := want.(int); ok {
		if g, ok := got.(int); ok {
			return intHint(w, g)
		}
	}
	if w, ok := want.([]int); ok {
		if g, ok := got.([]int); ok && len(w) == len(g) && len(w) > 0 {
			shift := g[0] - w[0]
			for k := range w {
				if g[k]-w[k] != shift {
					shift = 0
				}
			}
			if shift == 1 || shift == -1 {
				return fmt.Sprintf("every index is %+d from the expected one: off by one (indices are 0-based)", shift)
			}
		}
	}
	if wt != gt {
		return fmt.Sprintf("returned a %v, expected a %v", gt, wt)
	}
	if wt != nil && (wt.Kind() == reflect.Slice || wt.Kind() == reflect.Array) {
		w, g := reflect.ValueOf(want), reflect.ValueOf(got)
		if w.Len() != g.Len() {
			return fmt.Sprintf("wrong length: returned %s, expected %d", values(g.Len()), w.Len())
		}
		for k := 0; k < w.Len(); k++ {
			if !equalPlain(w.Index(k).Interface(), g.Index(k).Interface()) {
				return fmt.Sprintf("first difference at index %d: expected %v, got %v", k, w.Index(k), g.Index(k))
			}
		}
	}
	return "the output differs from the reference"
}

// caseSize returns the number of values m of a case: the common length of
// its []float64 arguments and row count of its matrix arguments, or 0 when
// there are none or they disagree (then no m-based cause can be named).
func caseSize(args []any) int {
	m := 0
	for _, a := range args {
		n := -1
		switch x := a.(type) {
		case []float64:
			n = len(x)
		case [][]float64:
			n = len(x)
		case mat.Matrix:
			if isNilMatrix(x) {
				continue
			}
			n, _ = x.Dims()
		}
		if n < 0 {
			continue
		}
		if m != 0 && n != m {
			return 0
		}
		m = n
	}
	return m
}

// isSimpleFactor reports whether q is close to a small ratio a/b or its
// square root: a factor worth reporting for a scalar output.
func isSimpleFactor(q float64) bool {
	q = math.Abs(q)
	for a := 1.0; a <= 4; a++ {
		for b := 1.0; b <= 4; b++ {
			if a == b {
				continue
			}
			if math.Abs(q-a/b) < 1e-6 || math.Abs(q-math.Sqrt(a/b)) < 1e-6 {
				return true
			}
		}
	}
	return false
}

func shapeString(r, c, n int) string {
	switch {
	case r == 0 && c == 0 && n == 1:
		return "a scalar"
	case c == 1:
		return values(r)
	default:
		return fmt.Sprintf("a %dx%d matrix", r, c)
	}
}

// Format renders a value compactly for a report: numbers with %.6g, long
// vectors and matrices truncated with their size noted.
func Format(v any) string {
	const maxVals, maxRows = 8, 6
	switch x := v.(type) {
	case nil:
		return "nil"
	case float64:
		return fmtFloat(x)
	case []float64:
		return fmtVec(x, maxVals)
	case [][]float64:
		rows := make([]string, 0, min(len(x), maxRows))
		for i, row := range x {
			if i == maxRows {
				break
			}
			rows = append(rows, fmtVec(row, maxVals))
		}
		s := "[" + strings.Join(rows, " ")
		if len(x) > maxRows {
			s += fmt.Sprintf(" ... (%d rows)", len(x))
		}
		return s + "]"
	case *mat.VecDense:
		if x == nil {
			return "nil"
		}
		return fmtVec(mat.Col(nil, 0, x), maxVals)
	case mat.Matrix:
		if isNilMatrix(x) {
			return "empty matrix"
		}
		r, c := x.Dims()
		rows := make([]string, 0, min(r, maxRows))
		for i := 0; i < r && i < maxRows; i++ {
			row := make([]float64, c)
			for j := range row {
				row[j] = x.At(i, j)
			}
			rows = append(rows, fmtVec(row, maxVals))
		}
		s := fmt.Sprintf("%dx%d [", r, c) + strings.Join(rows, " ")
		if r > maxRows {
			s += " ..."
		}
		return s + "]"
	case error:
		return "error: " + x.Error()
	}
	if st, ok := v.(fmt.Stringer); ok {
		return st.String()
	}
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Func || rv.Kind() == reflect.Chan || rv.Kind() == reflect.UnsafePointer {
		// %v would print an address, which changes from build to build
		// (and so would a stored notebook output): print the type.
		return fmt.Sprintf("%T", v)
	}
	return fmt.Sprintf("%v", v)
}

func fmtFloat(v float64) string { return fmt.Sprintf("%.6g", v) }

func fmtVec(x []float64, maxVals int) string {
	parts := make([]string, 0, min(len(x), maxVals))
	for k, v := range x {
		if k == maxVals {
			break
		}
		parts = append(parts, fmtFloat(v))
	}
	s := "[" + strings.Join(parts, " ")
	if len(x) > maxVals {
		s += fmt.Sprintf(" ... (%d values)", len(x))
	}
	return s + "]"
}

// cloneArgs deep-copies the argument types the constructors use, so that
// neither function can see what the other did to its inputs.
func cloneArgs(args []any) []any {
	out := make([]any, len(args))
	for k, a := range args {
		switch x := a.(type) {
		case []float64:
			out[k] = append([]float64(nil), x...)
		case []int:
			out[k] = append([]int(nil), x...)
		case [][]float64:
			c := make([][]float64, len(x))
			for i := range x {
				c[i] = append([]float64(nil), x[i]...)
			}
			out[k] = c
		case *mat.Dense:
			if x == nil || x.IsEmpty() {
				out[k] = x
			} else {
				out[k] = mat.DenseCopyOf(x)
			}
		case *mat.VecDense:
			if x == nil {
				out[k] = x
			} else {
				out[k] = mat.VecDenseCopyOf(x)
			}
		default:
			out[k] = a
		}
	}
	return out
}

// changedArg returns the index of the first argument the student's call
// modified, or -1.
func changedArg(orig, after []any) int {
	for k := range orig {
		ov, or, oc, ok := asFloats(orig[k])
		if !ok {
			continue
		}
		av, ar, ac, _ := asFloats(after[k])
		if or != ar || oc != ac || len(ov) != len(av) {
			return k
		}
		for i := range ov {
			if ov[i] != av[i] && !(math.IsNaN(ov[i]) && math.IsNaN(av[i])) {
				return k
			}
		}
	}
	return -1
}

func values(n int) string {
	if n == 1 {
		return "1 value"
	}
	return fmt.Sprintf("%d values", n)
}

// intHint describes an integer answer (an index, a count) g where w was
// expected.
func intHint(w, g int) string {
	switch {
	case g == w+1 || g == w-1:
		return fmt.Sprintf("expected %d, got %d: off by one (indices are 0-based)", w, g)
	case g == -w && w != 0:
		return fmt.Sprintf("expected %d, got %d: the sign is flipped", w, g)
	case g == 0 && w != 0:
		return fmt.Sprintf("expected %d, got 0: is it still the stub?", w)
	}
	return fmt.Sprintf("expected %d, got %d", w, g)
}

// isTranspose reports whether the r x c values g are the transpose of the
// wr x wc values w (a non-square, non-vector matrix).
func isTranspose(w []float64, wr, wc int, g []float64, gr, gc int, tol float64) bool {
	if wr < 2 || wc < 2 || wr == wc || gr != wc || gc != wr || len(w) != len(g) {
		return false
	}
	for i := 0; i < wr; i++ {
		for j := 0; j < wc; j++ {
			if !closeFloat(w[i*wc+j], g[j*gc+i], tol) {
				return false
			}
		}
	}
	return true
}

// sameAsInput returns the index of an argument whose values equal the
// output g exactly (a stub that hands its input back), or -1.
func sameAsInput(args []any, g []float64, gr, gc int) int {
	for k, a := range args {
		v, r, c, ok := asFloats(a)
		if !ok || r != gr || c != gc || len(v) != len(g) || len(v) < 2 {
			continue
		}
		if slices.Equal(v, g) {
			return k
		}
	}
	return -1
}
