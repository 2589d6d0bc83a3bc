package stability

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/synth"
	"gonum.org/v1/gonum/mat"
)

// topCorr is a simple deterministic selector: the k features with the
// largest |X_j^T (y - ybar)|.
// indices adapts a function returning column indices to featlab.Selector.
func indices(f func(X mat.Matrix, y []float64) ([]int, error)) featlab.Selector {
	return featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) {
		idx, err := f(X, y)
		if err != nil {
			return nil, err
		}
		return &featlab.Selection{Method: "test", Chosen: idx}, nil
	})
}

func topCorr(k int) featlab.Selector {
	return indices(func(X mat.Matrix, y []float64) ([]int, error) {
		m, d := X.Dims()
		ybar := 0.0
		for _, v := range y {
			ybar += v
		}
		ybar /= float64(m)
		score := make([]float64, d)
		for j := 0; j < d; j++ {
			for i := 0; i < m; i++ {
				score[j] += X.At(i, j) * (y[i] - ybar)
			}
			score[j] = math.Abs(score[j])
		}
		idx := make([]int, d)
		for j := range idx {
			idx[j] = j
		}
		sort.SliceStable(idx, func(a, b int) bool { return score[idx[a]] > score[idx[b]] })
		return idx[:k], nil
	})
}

func support(w []float64) []int {
	var s []int
	for j, v := range w {
		if v != 0 {
			s = append(s, j)
		}
	}
	return s
}

func sorted(s []int) []int {
	out := append([]int(nil), s...)
	sort.Ints(out)
	return out
}

// TestSelectKnownSupport: with independent features, stability selection
// around a lasso at fixed lambda (Sparse, 5 relevant of 50, noise 1)
// keeps exactly the support at threshold 0.9, while the union rule keeps
// noise features too.
func TestSelectKnownSupport(t *testing.T) {
	ds, w, err := synth.Sparse(200, synth.SparseConfig{Noise: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Select(ds.X, ds.Y, Config{Selector: Lasso(0.1, true), Rounds: 50, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sorted(res.Selection().Chosen), support(w); !reflect.DeepEqual(got, want) {
		t.Errorf("threshold rule %v, support %v (freq %v)", got, want, res.Frequency)
	}
	for _, j := range support(w) {
		if res.Frequency[j] != 1 {
			t.Errorf("relevant x%d selected in %.2f of rounds", j+1, res.Frequency[j])
		}
	}
	if len(res.Union) <= len(support(w)) {
		t.Errorf("union rule %v: expected noise features in it too", res.Union)
	}
	// the union is exactly the features with a nonzero count, the
	// threshold set a subset of it
	u := map[int]bool{}
	for _, j := range res.Union {
		u[j] = true
	}
	for j, n := range res.Counts {
		if (n > 0) != u[j] {
			t.Errorf("feature %d: count %d, in union %v", j, n, u[j])
		}
		if res.Frequency[j] != float64(n)/50 {
			t.Errorf("feature %d: frequency %v, count %d", j, res.Frequency[j], n)
		}
	}
	// MB's bound from q
	q := 0.0
	for _, s := range res.Selected {
		q += float64(len(s))
	}
	q /= 50
	if math.Abs(res.MeanSelected-q) > 1e-15 || math.Abs(res.FalsePositiveBound-q*q/(0.8*50)) > 1e-12 {
		t.Errorf("q = %v (want %v), bound %v", res.MeanSelected, q, res.FalsePositiveBound)
	}
}

// TestLassoPathCorrelated is the notebook's claim on the correlated design
// (Sparse, Rho = 0.5, m = 200, seed 1): the lasso at the cross-validated
// lambda_min selects many more than the 5 relevant features (22), but
// stability selection with the lasso over the default grid (T = 100,
// threshold 0.9, E[V] <= 1) selects exactly the support.
func TestLassoPathCorrelated(t *testing.T) {
	ds, w, err := synth.Sparse(200, synth.SparseConfig{Rho: 0.5, Noise: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	cv, err := linear.LassoCV(ds.X, ds.Y, linear.LassoCVConfig{Path: linear.LassoPathConfig{Intercept: true}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	lassoSet := cv.Path.Model(cv.IndexMin).Support()
	if len(lassoSet) != 22 {
		t.Errorf("lasso at lambda_min selects %d features, the notebook says 22", len(lassoSet))
	}
	p, err := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, Config: Config{Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sorted(p.Selection().Chosen), support(w); !reflect.DeepEqual(got, want) {
		t.Errorf("stable set %v, support %v", got, want)
	}
	if p.FalsePositiveBound > 1 {
		t.Errorf("bound %v > 1", p.FalsePositiveBound)
	}
	if p.Cut < 1 || p.Cut > len(p.Grid) || p.QPrefix[p.Cut-1] > math.Sqrt(0.8*50) {
		t.Errorf("cut %d with q %v", p.Cut, p.QPrefix)
	}
	if p.Cut < len(p.Grid) && p.QPrefix[p.Cut] <= math.Sqrt(0.8*50) {
		t.Errorf("cut %d is not the longest admissible prefix", p.Cut)
	}
	// q for prefixes never decreases
	for k := 1; k < len(p.QPrefix); k++ {
		if p.QPrefix[k] < p.QPrefix[k-1] {
			t.Fatalf("QPrefix decreases at %d", k)
		}
	}
	// the view at one grid value agrees with the path
	k := p.Cut - 1
	at, err := p.At(k)
	if err != nil {
		t.Fatal(err)
	}
	for j := range at.Frequency {
		if at.Frequency[j] != p.Frequency[j][k] {
			t.Fatalf("At(%d): frequency of %d = %v, path %v", k, j, at.Frequency[j], p.Frequency[j][k])
		}
	}
	if _, err := p.At(len(p.Grid)); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("At out of range: %v", err)
	}
	// the whole grid without the E[V] cut puts noise features in
	whole, err := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, Config: Config{Seed: 1, ExpectedFalse: math.Inf(1)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Selection().Chosen) <= 5 || whole.Cut != len(whole.Grid) {
		t.Errorf("whole grid: %d chosen, cut %d", len(whole.Selection().Chosen), whole.Cut)
	}
}

// TestRandomisedLasso: weakness changes the selections but not the
// subsamples; weakness 1 is the plain lasso.
func TestRandomisedLasso(t *testing.T) {
	ds, _, _ := synth.Sparse(120, synth.SparseConfig{Features: 20, Support: 4, Noise: 0.5}, 2)
	cfg := Config{Rounds: 20, Seed: 3}
	plain, err := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, NLambdas: 10, Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	one, _ := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, NLambdas: 10, Weakness: 1, Config: cfg})
	if !reflect.DeepEqual(plain.Frequency, one.Frequency) {
		t.Error("weakness 1 differs from the plain lasso")
	}
	rnd, _ := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, NLambdas: 10, Weakness: 0.5, Config: cfg})
	if reflect.DeepEqual(plain.Frequency, rnd.Frequency) {
		t.Error("weakness 0.5 gives the plain lasso's frequencies")
	}
	if !reflect.DeepEqual(plain.Samples, rnd.Samples) {
		t.Error("randomisation changed the subsamples")
	}
}

// TestDeterministicWorkers: results are identical whatever the number of
// workers, and progress is reported in order from the caller's goroutine.
func TestDeterministicWorkers(t *testing.T) {
	ds, _, _ := synth.Sparse(100, synth.SparseConfig{Features: 30, Noise: 1}, 4)
	var ref *Result
	var refP *PathResult
	for _, w := range []int{1, 2, 3, 8} {
		var calls []int
		res, err := Select(ds.X, ds.Y, Config{Selector: topCorr(4), Rounds: 40, Seed: 9, Workers: w,
			Progress: func(done, total int) {
				if total != 40 {
					t.Errorf("total %d", total)
				}
				calls = append(calls, done)
			}})
		if err != nil {
			t.Fatal(err)
		}
		if len(calls) == 0 || calls[len(calls)-1] != 40 || !sort.IntsAreSorted(calls) {
			t.Errorf("workers %d: progress calls %v", w, calls)
		}
		p, err := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, NLambdas: 8, Weakness: 0.6, Config: Config{Rounds: 12, Seed: 9, Workers: w}})
		if err != nil {
			t.Fatal(err)
		}
		if ref == nil {
			ref, refP = res, p
			continue
		}
		if !reflect.DeepEqual(res, ref) {
			t.Errorf("workers %d: Select result differs from one worker", w)
		}
		if !reflect.DeepEqual(p, refP) {
			t.Errorf("workers %d: LassoPath result differs from one worker", w)
		}
	}
}

// TestSampling checks the three subsampling schemes.
func TestSampling(t *testing.T) {
	m := 11
	for _, c := range []struct {
		s    Sampling
		size int
	}{{Halves, 5}, {ComplementaryPairs, 5}, {Bootstrap, 11}} {
		rows, err := subsamples(m, Config{Rounds: 6, Sampling: c.s, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for tt, r := range rows {
			if len(r) != c.size {
				t.Errorf("%v: round %d has %d rows, want %d", c.s, tt, len(r), c.size)
			}
			seen := map[int]bool{}
			dup := false
			for _, i := range r {
				if i < 0 || i >= m {
					t.Fatalf("%v: row %d", c.s, i)
				}
				dup = dup || seen[i]
				seen[i] = true
			}
			if dup && c.s != Bootstrap {
				t.Errorf("%v: repeated rows in %v", c.s, r)
			}
		}
		if c.s == ComplementaryPairs {
			for p := 0; p < 3; p++ {
				in := map[int]bool{}
				for _, i := range rows[2*p] {
					in[i] = true
				}
				for _, i := range rows[2*p+1] {
					if in[i] {
						t.Errorf("pair %d shares row %d", p, i)
					}
				}
			}
		}
	}
	// bootstrap repeats rows in some round (11 draws from 11)
	rows, _ := subsamples(m, Config{Rounds: 6, Sampling: Bootstrap, Seed: 1})
	rep := false
	for _, r := range rows {
		seen := map[int]bool{}
		for _, i := range r {
			rep = rep || seen[i]
			seen[i] = true
		}
	}
	if !rep {
		t.Error("bootstrap never repeated a row")
	}
}

// TestErrors: bad parameters and selector failures are reported.
func TestErrors(t *testing.T) {
	ds, _, _ := synth.Sparse(20, synth.SparseConfig{Features: 6, Support: 2}, 1)
	X, y := ds.X, ds.Y
	boom := errors.New("boom")
	for name, c := range map[string]struct {
		sel  featlab.Selector
		cfg  Config
		want error
	}{
		"nil selector":   {nil, Config{}, featlab.ErrParam},
		"rounds":         {topCorr(1), Config{Rounds: -1}, featlab.ErrParam},
		"odd pairs":      {topCorr(1), Config{Rounds: 3, Sampling: ComplementaryPairs}, featlab.ErrParam},
		"sampling":       {topCorr(1), Config{Sampling: 9}, featlab.ErrParam},
		"threshold":      {topCorr(1), Config{Threshold: 1.5}, featlab.ErrParam},
		"threshold < 0":  {topCorr(1), Config{Threshold: -0.1}, featlab.ErrParam},
		"expected false": {topCorr(1), Config{ExpectedFalse: -1}, featlab.ErrParam},
		"names":          {topCorr(1), Config{Names: []string{"a"}}, featlab.ErrShape},
		"selector error": {indices(func(mat.Matrix, []float64) ([]int, error) { return nil, boom }), Config{Rounds: 4}, boom},
		"bad index":      {indices(func(mat.Matrix, []float64) ([]int, error) { return []int{6}, nil }), Config{Rounds: 4}, featlab.ErrParam},
		"nil selection":  {featlab.SelectorFunc(func(mat.Matrix, []float64) (*featlab.Selection, error) { return nil, nil }), Config{Rounds: 4}, featlab.ErrParam},
	} {
		c.cfg.Selector = c.sel
		if _, err := Select(X, y, c.cfg); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", name, err, c.want)
		}
	}
	if _, err := Select(mat.NewDense(1, 2, []float64{1, 2}), []float64{1}, Config{Selector: topCorr(1)}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("m = 1: %v", err)
	}
	if _, err := Select(X, y[:5], Config{Selector: topCorr(1)}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	bad := mat.DenseCopyOf(X)
	bad.Set(3, 2, math.NaN())
	if _, err := Select(bad, y, Config{Selector: topCorr(1)}); !errors.Is(err, featlab.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	grid := []float64{1, 0.5}
	wrong := func(mat.Matrix, []float64) ([][]int, error) { return [][]int{{0}}, nil }
	if _, err := Path(X, y, Config{Grid: grid, PathSelector: wrong, Rounds: 2}); !errors.Is(err, featlab.ErrShape) {
		t.Errorf("path selector of wrong length: %v", err)
	}
	if _, err := Path(X, y, Config{Grid: nil, PathSelector: wrong}); !errors.Is(err, featlab.ErrEmpty) {
		t.Errorf("empty grid: %v", err)
	}
	if _, err := Path(X, y, Config{Grid: grid, PathSelector: nil}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("nil path selector: %v", err)
	}
	ok := func(mat.Matrix, []float64) ([][]int, error) { return [][]int{{0}, {0, 1}}, nil }
	if _, err := Path(X, y, Config{Grid: grid, PathSelector: ok, Threshold: 0.5}); !errors.Is(err, featlab.ErrParam) {
		t.Errorf("threshold 0.5 with the E[V] cut: %v", err)
	}
	if _, err := Path(X, y, Config{Grid: grid, PathSelector: ok, Threshold: 0.5, ExpectedFalse: math.Inf(1)}); err != nil {
		t.Errorf("threshold 0.5 on the whole grid: %v", err)
	}
	for name, lc := range map[string]LassoConfig{
		"weakness":   {Weakness: 1.5},
		"nlambdas":   {NLambdas: -2},
		"increasing": {Lambdas: []float64{0.1, 0.2}},
		"eps":        {Eps: 3},
		"selector":   {Config: Config{Selector: topCorr(1)}},
	} {
		lc.Rounds = 2
		if _, err := LassoPath(X, y, lc); !errors.Is(err, featlab.ErrParam) {
			t.Errorf("lasso %s: %v", name, err)
		}
	}
}

func FuzzSelect(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, uint8(3), uint8(0))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0}, uint8(2), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, rounds, sampling uint8) {
		if len(data) < 6 {
			return
		}
		m := len(data) / 3
		X := mat.NewDense(m, 3, nil)
		y := make([]float64, m)
		for i := 0; i < m; i++ {
			X.Set(i, 0, float64(data[3*i]))
			X.Set(i, 1, float64(data[3*i+1]))
			y[i] = float64(data[3*i+2])
		}
		res, err := Select(X, y, Config{Selector: topCorr(1), Rounds: int(rounds % 8), Sampling: Sampling(sampling % 4)})
		if err != nil {
			return
		}
		for _, f := range res.Frequency {
			if f < 0 || f > 1 || math.IsNaN(f) {
				t.Fatalf("frequency %v", f)
			}
		}
	})
}

func BenchmarkLassoPathStability(b *testing.B) {
	ds, _, _ := synth.Sparse(200, synth.SparseConfig{Rho: 0.5, Noise: 1}, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LassoPath(ds.X, ds.Y, LassoConfig{Intercept: true, Config: Config{Seed: 1, Workers: 1}}); err != nil {
			b.Fatal(err)
		}
	}
}

// Stability selection around a lasso at lambda = 0.1 on a problem whose
// support is {x1, x11, x21}: 50 subsamples of half the data.
func ExampleSelect() {
	ds, _, _ := synth.Sparse(100, synth.SparseConfig{Features: 30, Support: 3, Noise: 0.5}, 1)
	res, err := Select(ds.X, ds.Y, Config{Selector: Lasso(0.1, true), Rounds: 50, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range res.Selection().Chosen {
		fmt.Printf("%s %.2f\n", res.Selection().Names[j], res.Frequency[j])
	}
	fmt.Println("union:", len(res.Union), "features")
	// Output:
	// x1 1.00
	// x11 1.00
	// x21 1.00
	// union: 30 features
}

// A selector that panics on a worker goroutine must not kill the program:
// Select returns an error wrapping featlab.ErrPanic that names the round
// (issue 9).
func TestSelectorPanicIsAnError(t *testing.T) {
	ds, _, _ := synth.Sparse(40, synth.SparseConfig{Features: 6, Support: 2}, 1)
	var calls atomic.Int32
	sel := featlab.SelectorFunc(func(X mat.Matrix, y []float64) (*featlab.Selection, error) {
		if calls.Add(1) == 3 {
			panic("student bug")
		}
		return &featlab.Selection{Chosen: []int{0}}, nil
	})
	for _, w := range []int{1, 4} {
		calls.Store(0)
		_, err := Select(ds.X, ds.Y, Config{Selector: sel, Rounds: 10, Workers: w})
		if !errors.Is(err, featlab.ErrPanic) || !strings.Contains(err.Error(), "round ") || !strings.Contains(err.Error(), "student bug") {
			t.Errorf("workers %d: err = %v, want a panic error naming the round", w, err)
		}
	}
	psel := func(mat.Matrix, []float64) ([][]int, error) { panic("path bug") }
	if _, err := Path(ds.X, ds.Y, Config{Grid: []float64{1}, PathSelector: psel, Rounds: 4, Workers: 2}); !errors.Is(err, featlab.ErrPanic) || !strings.Contains(err.Error(), "round 0") {
		t.Errorf("path: err = %v", err)
	}
	// a Progress callback that panics stops the work
	_, err := Select(ds.X, ds.Y, Config{Selector: topCorr(1), Rounds: 10, Progress: func(done, total int) { panic("bar") }})
	if !errors.Is(err, featlab.ErrPanic) {
		t.Errorf("progress panic: %v", err)
	}
}

// Cancelled, SelectContext returns the frequencies over the rounds that
// finished with an error wrapping context.Canceled.
func TestSelectContextCancel(t *testing.T) {
	ds, _, _ := synth.Sparse(60, synth.SparseConfig{Features: 8, Support: 2}, 1)
	for _, w := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		res, err := SelectContext(ctx, ds.X, ds.Y, Config{Selector: topCorr(2), Rounds: 50, Workers: w, Seed: 1,
			Progress: func(done, total int) {
				if done == 5 {
					cancel()
				}
			}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("workers %d: err = %v, want context.Canceled", w, err)
		}
		if res == nil || res.Rounds < 5 || res.Rounds >= 50 || len(res.Selected) != res.Rounds {
			t.Fatalf("workers %d: partial result %+v", w, res)
		}
		sum := 0.0
		for _, f := range res.Frequency {
			sum += f
		}
		if math.Abs(sum-2) > 1e-12 { // two features per round
			t.Errorf("workers %d: frequencies sum to %v over %d rounds, want 2", w, sum, res.Rounds)
		}
	}
	// already cancelled: nothing ran, no result
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := SelectContext(ctx, ds.X, ds.Y, Config{Selector: topCorr(2)}); res != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before start: %v, %v", res, err)
	}
	if res, err := LassoPathContext(ctx, ds.X, ds.Y, LassoConfig{NLambdas: 5}); res != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("lasso path cancelled before start: %v, %v", res, err)
	}
}

// Config and LassoConfig are featlab.Selectors returning the stable set.
func TestConfigsAreSelectors(t *testing.T) {
	ds, _, _ := synth.Sparse(120, synth.SparseConfig{Features: 10, Support: 3, Noise: 0.5}, 2)
	var sel featlab.Selector = Config{Selector: topCorr(3), Rounds: 20, Seed: 4}
	got, err := sel.Select(ds.X, ds.Y)
	if err != nil {
		t.Fatal(err)
	}
	res, _ := Select(ds.X, ds.Y, Config{Selector: topCorr(3), Rounds: 20, Seed: 4})
	if !reflect.DeepEqual(got.Chosen, res.Selection().Chosen) || len(got.Chosen) == 0 {
		t.Errorf("Config.Select %v, Select %v", got.Chosen, res.Selection().Chosen)
	}
	lc := LassoConfig{Intercept: true, NLambdas: 10, Config: Config{Rounds: 10, Seed: 4}}
	sel = lc
	got, err = sel.Select(ds.X, ds.Y)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := LassoPath(ds.X, ds.Y, lc)
	if !reflect.DeepEqual(got.Chosen, p.Selection().Chosen) {
		t.Errorf("LassoConfig.Select %v, LassoPath %v", got.Chosen, p.Selection().Chosen)
	}
}
