package exercise_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/featlab/course/featlab/exercise"
)

// Regression tests (issue 9): faulty student functions of every kind are
// reported, and none takes the test binary (in a notebook, the kernel)
// down. On the code before the fix the first three killed the process.

func recurse(n int) float64 { return recurse(n+1) + 1 }

func TestStudentStackOverflow(t *testing.T) {
	ex := pearsonEx()
	// Growing the stack to its limit takes seconds on a loaded machine (7.5 s
	// measured at load 20); the timeout only bounds a failure, a pass
	// returns as soon as the stack overflows.
	ex.Timeout = 60 * time.Second
	res := exercise.Check(ex, func(v, y []float64) float64 { return recurse(0) })
	if res.Passed || !res.Isolated || !strings.Contains(res.Got, "stack overflow") || !strings.Contains(res.Hint, "recursion") {
		t.Fatalf("endless recursion: %s (isolated %v)", res, res.Isolated)
	}
	if len(res.Inputs) != 2 || res.Want == "" {
		t.Errorf("the failing case is not described: %s", res)
	}
}

func TestStudentGoroutinePanic(t *testing.T) {
	res := exercise.Check(pearsonEx(), func(v, y []float64) float64 {
		done := make(chan float64)
		go func() {
			var a []float64
			done <- a[len(v)] // index out of range in the student's goroutine
		}()
		return <-done
	})
	if res.Passed || !strings.Contains(res.Got, "panic in a goroutine") || !strings.Contains(res.Hint, "index out of range") {
		t.Fatalf("panic in a goroutine: %s", res)
	}
}

func TestStudentExit(t *testing.T) {
	res := exercise.Check(pearsonEx(), func(v, y []float64) float64 {
		if len(v) > 0 {
			os.Exit(3)
		}
		return 0
	})
	if res.Passed || !strings.Contains(res.Got, "exit status 3") || !strings.Contains(res.Hint, "os.Exit") {
		t.Fatalf("os.Exit: %s", res)
	}
}

// A function that never returns: reported as a timeout in plain words
// (before the fix: got "panic"), and killed with its child process
// rather than left burning a core.
func TestStudentInfiniteLoop(t *testing.T) {
	ex := pearsonEx()
	ex.Timeout = 300 * time.Millisecond
	res := exercise.Check(ex, func(v, y []float64) float64 {
		s := 0.0
		for {
			s += v[0]
		}
	})
	if res.Passed || !res.Isolated || res.Got != "timed out after 0.3 s" || !strings.Contains(res.Hint, "timed out after 0.3 s") {
		t.Fatalf("infinite loop: %+v", res)
	}
	if strings.Contains(res.Got, "panic") {
		t.Errorf("a timeout reported as a panic: %s", res)
	}
	// In-process, the verdict is the same.
	ex.InProcess = true
	if res := exercise.Check(ex, func(v, y []float64) float64 { time.Sleep(time.Hour); return 0 }); res.Isolated || res.Got != "timed out after 0.3 s" {
		t.Errorf("in-process timeout: %+v", res)
	}
}

// The whole check has a budget, and reports as it goes.
func TestBudgetAndProgress(t *testing.T) {
	for _, inProcess := range []bool{false, true} {
		ex := pearsonEx()
		ex.Cases = 25
		ex.Timeout = 3 * time.Second
		ex.Budget = 400 * time.Millisecond
		ex.InProcess = inProcess
		var reports []int
		ex.Progress = func(done, total int) { reports = append(reports, done) }
		res := exercise.Check(ex, func(v, y []float64) float64 {
			time.Sleep(150 * time.Millisecond)
			return pearson(v, y)
		})
		if res.Passed || res.Case >= 25 || !strings.Contains(res.Hint, "whole check may take 0.4 s") {
			t.Errorf("in-process %v: budget not enforced: %s", inProcess, res)
		}
		if len(reports) == 0 || reports[0] != 0 {
			t.Errorf("in-process %v: progress %v", inProcess, reports)
		}
	}
	// A passing check reports completion.
	ex := pearsonEx()
	var last [2]int
	ex.Progress = func(done, total int) { last = [2]int{done, total} }
	if res := exercise.Check(ex, pearson); !res.Passed || last != [2]int{25, 25} {
		t.Errorf("progress at the end: %v, %s", last, res)
	}
}

// The generators' programmer errors panic with a message naming the
// argument; inside Check they are reported as a bug in the exercise.
func TestGeneratorPanics(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for name, f := range map[string]func(){
		"Labels k = 0":     func() { exercise.Labels(r, 5, 0) },
		"Normal n = -1":    func() { exercise.Normal(r, -1) },
		"NormalMatrix 0x3": func() { exercise.NormalMatrix(r, 0, 3) },
		"Size i = -3":      func() { exercise.Size(-3, 1, 4) },
	} {
		msg := func() (msg string) {
			defer func() { msg = fmt.Sprint(recover()) }()
			f()
			return
		}()
		if !strings.HasPrefix(msg, "exercise: ") {
			t.Errorf("%s: panic %q", name, msg)
		}
	}
	ex := pearsonEx()
	ex.Generate = func(r *rand.Rand, i int) []any { return []any{exercise.Labels(r, 3, 0), exercise.Labels(r, 3, 0)} }
	if res := exercise.Check(ex, pearson); res.Passed || !strings.Contains(res.Hint, "Labels: k = 0") {
		t.Errorf("generator panic in Check: %s", res)
	}
}

// Format of a function prints its type, never its address (which changes
// with every build and made notebook 03's stored output differ).
func TestFormatFunc(t *testing.T) {
	got := exercise.Format(func(s []int) (float64, error) { return 0, nil })
	if got != "func([]int) (float64, error)" {
		t.Errorf("Format(func) = %q", got)
	}
}

// A function that calls runtime.Goexit neither returns nor panics: it is
// reported as such (before: "timed out", as an endless loop), in a child
// process and in-process.
func TestStudentGoexit(t *testing.T) {
	for _, inProcess := range []bool{false, true} {
		ex := pearsonEx()
		ex.InProcess = inProcess
		res := exercise.Check(ex, func(v, y []float64) float64 {
			runtime.Goexit()
			return 0
		})
		if res.Passed || !strings.Contains(res.Got, "Goexit") || !strings.Contains(res.Hint, "runtime.Goexit") || strings.Contains(res.Got+res.Hint, "timed out") {
			t.Errorf("in-process %v: %s", inProcess, res)
		}
		if res.Isolated == inProcess {
			t.Errorf("in-process %v: Isolated %v", inProcess, res.Isolated)
		}
	}
}

// A correct function too slow for the check's budget is reported as too
// slow, with the cases that agreed and the time per call, not with an
// expected value and "timed out" as a wrong answer would be. The budget
// is shrunk (1 s for calls of 0.15 s, as 30 s for the calls of
// 3 s), in a child process and in-process.
func TestSlowCorrectFunction(t *testing.T) {
	for _, inProcess := range []bool{false, true} {
		ex := pearsonEx()
		ex.Cases = 25
		ex.Timeout = 2 * time.Second
		ex.Budget = time.Second
		ex.InProcess = inProcess
		res := exercise.Check(ex, func(v, y []float64) float64 {
			time.Sleep(150 * time.Millisecond)
			return pearson(v, y)
		})
		if res.Passed || !res.TooSlow || res.Case < 1 || res.Case >= 25 {
			t.Fatalf("in-process %v: %+v", inProcess, res)
		}
		if res.Want != "" || res.Got != "" || len(res.Inputs) != 0 {
			t.Errorf("in-process %v: a too-slow verdict shows a case as a wrong answer would: %s", inProcess, res)
		}
		// in a child process the time of a call is taken by the parent
		// between the child's "case started" and "case done" messages, so
		// it may read less than the sleep by the delivery delay of the
		// first message (142 ms seen on a loaded machine)
		if low := 150 * time.Millisecond * 3 / 4; res.PerCall < low {
			t.Errorf("in-process %v: %v per call, want about the 0.15 s each call sleeps (at least %v)", inProcess, res.PerCall, low)
		}
		text := res.String()
		for _, want := range []string{"TOO SLOW", "too slow, not wrong", "agree", "whole check may take 1 s"} {
			if !strings.Contains(text, want) {
				t.Errorf("in-process %v: %q not in\n%s", inProcess, want, text)
			}
		}
		if !strings.Contains(res.HTML(), "too slow") {
			t.Errorf("in-process %v: HTML %s", inProcess, res.HTML())
		}
	}
}
