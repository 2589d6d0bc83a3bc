package exercise

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Running the cases in a child process (see Check).
//
// The parent starts its own executable again with childEnv set to the key
// of the Check call (the test it is in under go test, the call's position
// among this program's Check calls with the same key prefix, and the
// exercise's name and settings). In the child every Check call computes
// its key the same way; the others return at once, the matching one runs
// the cases in-process and writes messages, one JSON object a line, to
// file descriptor 3: "start", then "begin" with the reference's output
// before each call of the student's function, "done" after each passing
// case, and "result" with the Result; then it exits. The parent enforces
// the per-case timeout and the budget, kills the child at the end, and
// turns a child that died during case i into a failing Result for case i,
// naming the cause read from its standard error.

const (
	childEnv     = "FEATLAB_EXERCISE_CHILD"
	inProcessEnv = "FEATLAB_EXERCISE_INPROCESS"
	childExit    = 17 // the child's exit status after it reported its result
	// childMaxStack is the stack limit of a goroutine in the child.
	childMaxStack = 128 << 20
	// grace is how long past the per-case timeout the parent waits for the
	// child (which enforces the timeout itself) before killing it.
	grace = 3 * time.Second
)

// message is one line of the child's report.
type message struct {
	Kind   string  `json:"kind"` // start, begin, done, result
	Case   int     `json:"case,omitempty"`
	Want   string  `json:"want,omitempty"`
	Result *Result `json:"result,omitempty"`
}

var calls struct {
	sync.Mutex
	n       map[string]int
	results map[string]Result // what each Check call returned, by key
	prior   map[string]Result // in a child: what the parent's calls returned
	read    bool              // prior has been read
}

// recordResult remembers the result of a Check call, to be handed to the
// children of later calls.
func recordResult(key string, r Result) {
	if key == "" {
		return
	}
	calls.Lock()
	defer calls.Unlock()
	if calls.results == nil {
		calls.results = map[string]Result{}
	}
	calls.results[key] = r
}

// priorResult returns, in a child, the result the parent's Check call
// with this key returned.
func priorResult(key string) (Result, bool) {
	calls.Lock()
	defer calls.Unlock()
	if !calls.read {
		calls.read = true
		f := os.NewFile(4, "exercise-prior")
		if f != nil {
			_ = json.NewDecoder(f).Decode(&calls.prior)
			f.Close()
		}
	}
	r, ok := calls.prior[key]
	return r, ok
}

// nextCallKey returns the key of this Check call, or "" when the call
// cannot be found again by a child (under go test outside a Test
// function: examples, benchmarks, goroutines of a test).
func nextCallKey(name string, s settings) string {
	prefix := ""
	if testing.Testing() {
		prefix = currentTest()
		if prefix == "" {
			return ""
		}
	}
	// The call site (the caller of Check) keeps calls from different
	// places apart even when tests run in parallel.
	site := ""
	if _, file, line, ok := runtime.Caller(2); ok {
		site = fmt.Sprintf("%s:%d", file, line)
	}
	prefix += "#" + site
	calls.Lock()
	defer calls.Unlock()
	if calls.n == nil {
		calls.n = map[string]int{}
	}
	k := calls.n[prefix]
	calls.n[prefix] = k + 1
	return fmt.Sprintf("%s#%d#%q#%d#%g#%d", prefix, k, name, s.n, s.tol, s.timeout)
}

// currentTest returns the name of the top-level Test function on the
// calling goroutine's stack, or "".
func currentTest() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	prev := ""
	for {
		f, more := frames.Next()
		if f.Function == "testing.tRunner" {
			name := prev[strings.LastIndex(prev, "/")+1:]
			if k := strings.Index(name, "."); k >= 0 {
				name = name[k+1:]
			}
			if k := strings.Index(name, "."); k >= 0 {
				name = name[:k]
			}
			if strings.HasPrefix(name, "Test") {
				return name
			}
			return ""
		}
		prev = f.Function
		if !more {
			return ""
		}
	}
}

// childTarget returns the key a child process was started for.
func childTarget() (string, bool) {
	return os.LookupEnv(childEnv)
}

// isolationAvailable reports whether children can be started.
func isolationAvailable() bool {
	if os.Getenv(inProcessEnv) == "1" {
		return false
	}
	switch runtime.GOOS {
	case "js", "wasip1", "windows", "plan9", "ios", "android":
		return false
	}
	return true
}

// runChild checks the cases in this (child) process, reports on fd 3 and
// exits.
func runChild[F any](ex Exercise[F], student F, s settings) {
	out := os.NewFile(3, "exercise-report")
	enc := json.NewEncoder(out)
	var mu sync.Mutex
	send := func(m message) {
		mu.Lock()
		defer mu.Unlock()
		_ = enc.Encode(m)
	}
	// A function that recurses without end overflows a 128 MB stack in
	// well under a second, rather than growing to the default 1 GB.
	debug.SetMaxStack(childMaxStack)
	send(message{Kind: "start"})
	res := checkLoop(ex, student, s, caseHooks{
		begin: func(i int, want string) { send(message{Kind: "begin", Case: i, Want: want}) },
		done:  func(i int) { send(message{Kind: "done", Case: i}) },
	}, nil)
	send(message{Kind: "result", Result: &res})
	_ = out.Close()
	os.Exit(childExit)
}

// childArgs are the arguments the child is started with: the same as this
// program's, or under go test just the test that holds the call.
func childArgs(key string) []string {
	if !testing.Testing() {
		return os.Args[1:]
	}
	test := key[:strings.Index(key, "#")]
	args := []string{"-test.run=^" + regexp.QuoteMeta(test) + "$", "-test.count=1"}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	return args
}

// checkIsolated runs the check in a child process. ok is false when the
// child could not be started or never reached the Check call; the caller
// then runs the cases in-process.
func checkIsolated[F any](ex Exercise[F], s settings, key string) (res Result, ok bool) {
	start := time.Now()
	exe, err := os.Executable()
	if err != nil {
		return Result{}, false
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return Result{}, false
	}
	cmd := exec.Command(exe, childArgs(key)...)
	env := []string{childEnv + "=" + key}
	for _, e := range os.Environ() {
		// The child must not talk to the notebook (GoNB's pipes) nor
		// become a parent itself.
		if strings.HasPrefix(e, "GONB_PIPE") || strings.HasPrefix(e, childEnv+"=") {
			continue
		}
		env = append(env, e)
	}
	cmd.Env = env
	cmd.Stdin = nil
	cmd.Stdout = io.Discard
	stderr := &headBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	// fd 4: the results of this program's earlier Check calls.
	calls.Lock()
	prior, err := json.Marshal(calls.results)
	calls.Unlock()
	if err != nil {
		prior = []byte("{}")
	}
	qr, qw, err := os.Pipe()
	if err != nil {
		pr.Close()
		pw.Close()
		return Result{}, false
	}
	cmd.ExtraFiles = []*os.File{pw, qr}
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		qr.Close()
		qw.Close()
		return Result{}, false
	}
	pw.Close()
	qr.Close()
	go func() {
		_, _ = qw.Write(prior)
		qw.Close()
	}()
	msgs := make(chan message)
	go func() {
		defer close(msgs)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			var m message
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				msgs <- m
			}
		}
	}()
	// Wait reaps the child (and finishes copying its standard error)
	// whichever way it ends; the result is read when it died early.
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Kill()
		pr.Close()
		for range msgs {
		}
	}()

	rep := newReporter(ex.Name, ex.Progress, s, start)
	started := false
	current, want := -1, ""
	var began time.Time     // when the current case began
	var spent time.Duration // in the cases that passed
	budget := time.NewTimer(s.budget)
	defer budget.Stop()
	caseTimer := time.NewTimer(time.Hour)
	caseTimer.Stop()
	defer caseTimer.Stop()
	failCase := func(got, hint string) Result {
		r := Result{Name: ex.Name, Total: s.n, Ran: current + 1, Isolated: true}
		args, err := generate(ex, current)
		if err != nil {
			args = nil
		}
		return fail(r, ex, current, args, want, got, hint)
	}
	waitExit := func() error {
		select {
		case err := <-exited:
			return err
		case <-time.After(2 * time.Second):
			return nil
		}
	}
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ticker.C:
			if started && rep.tick != nil {
				rep.tick()
			}
		case m, open := <-msgs:
			if !open {
				// The child is gone without a result.
				werr := waitExit()
				if !started {
					return Result{}, false
				}
				if current < 0 {
					return Result{}, false
				}
				got, hint := crashReport(stderr.String(), werr)
				return failCase(got, hint), true
			}
			switch m.Kind {
			case "start":
				started = true
			case "begin":
				current, want = m.Case, m.Want
				began = time.Now()
				rep.begin(m.Case, m.Want)
				caseTimer.Reset(s.timeout + grace)
			case "done":
				caseTimer.Stop()
				spent += time.Since(began)
				rep.done(m.Case)
			case "result":
				if m.Result == nil {
					return Result{}, false
				}
				r := *m.Result
				r.Isolated = true
				return r, true
			}
		case <-caseTimer.C:
			return failCase("timed out after "+seconds(s.timeout),
				fmt.Sprintf("your function timed out after %s: it did not return (an infinite loop, or far too slow?)", seconds(s.timeout))), true
		case <-budget.C:
			if current < 0 {
				return Result{}, false
			}
			r := tooSlow(Result{Name: ex.Name, Total: s.n, Isolated: true}, s, current, spent)
			return r, true
		}
	}
}

// quietFor is how long a check runs before it reports on standard error
// (without ex.Progress), and quietEvery the least time between two lines.
// A check is normally done well within it, so notebook outputs stay the
// same from run to run; a slow one is never silent for long.
var (
	quietFor   = 10 * time.Second
	quietEvery = 5 * time.Second
)

// newReporter returns the hooks that report progress: ex.Progress when
// set, else, once the check has run for quietFor, a line on standard
// error as cases begin and while one runs (tick), at most one every
// quietEvery.
func newReporter(name string, progress func(done, total int), s settings, start time.Time) caseHooks {
	var last time.Time
	current := 0
	say := func(running bool) {
		now := time.Now()
		if now.Sub(start) < quietFor || now.Sub(last) < quietEvery {
			return
		}
		last = now
		state := "begins"
		if running {
			state = "still running"
		}
		fmt.Fprintf(os.Stderr, "exercise %q: case %d of %d %s, %s since the check started\n", name, current+1, s.n, state, seconds(now.Sub(start).Round(time.Second)))
	}
	return caseHooks{
		begin: func(i int, _ string) {
			current = i
			if progress != nil {
				safeProgress(progress, i, s.n)
				return
			}
			say(false)
		},
		tick: func() {
			if progress == nil {
				say(true)
			}
		},
		done: func(i int) {
			if progress != nil && i == s.n-1 {
				safeProgress(progress, s.n, s.n)
			}
		},
	}
}

// safeProgress calls a user's progress callback; a panic in it is
// ignored (the check's verdict does not depend on it).
func safeProgress(p func(done, total int), done, total int) {
	defer func() { _ = recover() }()
	p(done, total)
}

// crashReport names what ended a child that died without a result, from
// its standard error and exit status.
func crashReport(stderr string, werr error) (got, hint string) {
	switch {
	case strings.Contains(stderr, "stack overflow") || strings.Contains(stderr, "stack exceeds"):
		return "crashed: stack overflow",
			"your function calls itself without end (or recurses far too deep): the stack overflowed; check the base case of the recursion"
	case strings.Contains(stderr, "panic: "):
		msg := firstLine(stderr[strings.Index(stderr, "panic: ")+len("panic: "):])
		return "crashed: panic in a goroutine: " + msg,
			"a goroutine your function started panicked (" + msg + "); a panic outside the function's own goroutine ends the whole program: recover in that goroutine or do the work without one"
	case strings.Contains(stderr, "fatal error: "):
		msg := firstLine(stderr[strings.Index(stderr, "fatal error: ")+len("fatal error: "):])
		return "crashed: fatal error: " + msg, "your function crashed the program (fatal error: " + msg + ")"
	}
	code := -1
	if ee, ok := werr.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code >= 0 {
		return "ended the program (exit status " + strconv.Itoa(code) + ")",
			"your function ended the whole program (os.Exit or log.Fatal?): return a value instead"
	}
	return "crashed", "your function ended the program: " + firstLine(stderr)
}

func firstLine(s string) string {
	if k := strings.IndexByte(s, '\n'); k >= 0 {
		s = s[:k]
	}
	s = strings.TrimSpace(s)
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// headBuffer keeps the first max bytes written to it (a crash report
// starts with its cause; the goroutine dump after it can be long).
type headBuffer struct {
	mu  sync.Mutex
	max int
	buf bytes.Buffer
}

func (t *headBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := t.max - t.buf.Len(); room > 0 {
		t.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (t *headBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
