package badinput

import (
	"context"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Deliberately broken toy entries: each new check of issue 20 must find
// its toy's defect, so a check that silently stops checking fails here.

type toyConfig struct {
	K       int
	Workers int
	Metric  func(y, p []float64) (float64, error)
	Learner featlab.Learner
}

type toyResult struct {
	Chosen []int
	Inner  struct{ Fit *mat.Dense }
	ByName map[string]float64
}

func (r *toyResult) Selection() *featlab.Selection {
	return featlab.NewSelection("toy", []string{"a", "b", "c"}, r.Chosen)
}

// toy is wrong in every way the new checks look for: a wrong sentinel for
// an all-zero X, ErrNotFinite kept as text, NaN deep in the result at
// 1e-150, a selection that underflows at 1e-300, callbacks called with no
// recover, and K floats allocated with no CheckCells.
func toy(X mat.Matrix, y []float64, c toyConfig) (*toyResult, error) {
	if _, _, err := featlab.CheckXY(X, y, nil); err != nil {
		return nil, err
	}
	if c.K > 0 {
		buf := make([]float64, c.K)
		buf[len(buf)-1] = 1
	}
	if c.Metric != nil {
		_, _ = c.Metric(y, y)
	}
	if c.Learner != nil {
		_, _ = c.Learner.Fit(X, y)
	}
	m, d := X.Dims()
	r := &toyResult{Inner: struct{ Fit *mat.Dense }{mat.NewDense(1, 1, []float64{1})}, ByName: map[string]float64{"a": 1}}
	if mat.Norm(X, math.Inf(1)) == 0 {
		return nil, featlab.Errorf(featlab.ErrShape, "toy: zero X")
	}
	if X.At(0, 1) < 1e-140 && X.At(0, 1) > 1e-160 {
		r.ByName["a"] = math.NaN()
	}
	if X.At(0, 1) < 1e-10 && X.At(0, 1) > 0 {
		return nil, featlab.Errorf(featlab.ErrParam, "toy: %v at row 0", featlab.ErrNotFinite)
	}
	for j := 0; j < d; j++ {
		s := 0.0
		for i := 0; i < m; i++ {
			s += X.At(i, j) * X.At(i, j) // underflows to 0 at 1e-300
		}
		if s > 0 && j < 2 {
			r.Chosen = append(r.Chosen, j)
		}
	}
	return r, nil
}

func toyEntries() []*entry {
	return []*entry{
		xy("toy", toy, toyConfig{Metric: func(y, p []float64) (float64, error) { return 0, nil }}),
		// the same function at scales that pass its other branches
		xy("toy (selection)", func(X mat.Matrix, y []float64, c toyConfig) (*toyResult, error) {
			r, err := toy(X, y, c)
			if err != nil && strings.Contains(err.Error(), "toy:") {
				err = nil
				r = &toyResult{Chosen: []int{}}
			}
			return r, err
		}, toyConfig{}),
	}
}

// racyToy keeps scratch space in the value (as DCT did).
type racyToy struct{ buf []float64 }

func (t *racyToy) Reverse(x []float64) []float64 {
	for i := range x {
		t.buf[len(x)-1-i] = x[i]
	}
	runtime.Gosched() // let another goroutine overwrite the scratch
	out := make([]float64, len(x))
	for i := range out {
		for k := 0; k < 50; k++ {
			out[i] += t.buf[i] / 50
		}
	}
	return out
}

func TestChecksCatchToys(t *testing.T) {
	e := toyEntries()
	has := func(fs []failure, check, input string) bool {
		for _, f := range fs {
			if strings.Contains(f.check, check) && strings.Contains(f.input, input) {
				return true
			}
		}
		return false
	}
	xyFails := checkXY(e[0])
	strict := checkStrict(e[0])
	sel := checkStrict(e[1])
	for _, c := range []struct {
		name        string
		fs          []failure
		check, item string
	}{
		{"1. sentinel kind of an edge input", xyFails, "sentinel kind", "all-zero X"},
		{"1. sentinel kept as text", xyFails, "sentinel as text", "x 1e-300"},
		{"2. NaN in a map of the result", xyFails, "hostile input", "x 1e-150"},
		{"3. selection at 1e-300", sel, "selection at extreme scale", "1e-300"},
		{"4. Metric panics through", strict, "callback panics", "Metric panics"},
		{"4. Learner panics through", strict, "callback panics", "Learner panics"},
	} {
		if !has(c.fs, c.check, c.item) {
			t.Errorf("%s: not caught (failures: %v)", c.name, c.fs)
		} else {
			t.Logf("caught: %s", c.name)
		}
	}
	// 7. K allocated without CheckCells: in a child process.
	sizes := checkSizes(e[:1])
	if !has(sizes, "size parameter", "K = ") {
		t.Errorf("7. size parameter: not caught (%v)", sizes)
	} else {
		t.Logf("caught: 7. size parameter: %s", sizes[0].what)
	}
	// 5. A value with scratch space, shared (not under -race, where the
	// detector itself reports it and ends the binary).
	if !raceEnabled {
		caught := false
		for try := 0; try < 5 && !caught; try++ {
			sharedSamples["toy.racy"] = func() any { return &racyToy{buf: make([]float64, 64)} }
			fs := checkShared(nil)
			delete(sharedSamples, "toy.racy")
			for _, f := range fs {
				caught = caught || f.entry == "toy.racy"
			}
		}
		if !caught {
			t.Errorf("5. a value with scratch space shared by 8 goroutines: not caught in 5 tries")
		} else {
			t.Logf("caught: 5. a value with scratch space shared by 8 goroutines")
		}
	}
}

// toyCancel ignores its context for 2.5 s of wall time from its start
// (TestCancelLatency's toy: cancelled at 50 or 300 ms it returns more
// than 1 s after the cancel on a quiet or a loaded machine alike; a
// fixed amount of work finished in under 1.3 s on a quiet machine).
func toyCancel(ctx context.Context) (any, error) {
	start := time.Now()
	s := 0.0
	for i := 0; time.Since(start) < 2500*time.Millisecond && ctx != nil; i++ {
		s += math.Sqrt(float64(i % 1000))
	}
	return s, ctx.Err()
}
