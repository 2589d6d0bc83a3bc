package sensing

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/featlab/course/featlab"
	"gonum.org/v1/gonum/mat"
)

// mustPanicWith runs f and requires a panic (if any) whose message holds
// "sensing:" (or "featlab: sensing:") and contains want (the package's own message naming the
// argument, not a runtime or gonum one).
func mustPanicWith(t *testing.T, name, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		p := recover()
		msg := fmt.Sprint(p)
		if p == nil {
			return // a safe value is fine too; callers check it
		}
		if !strings.Contains(msg, "sensing: ") || !strings.Contains(msg, want) {
			t.Errorf("%s: panic %q, want the package's message naming %q", name, msg, want)
		}
	}()
	f()
}

// TestSoftImputeProgressPanicIsError: a panicking Progress comes back as an
// error wrapping ErrPanic.
func TestSoftImputeProgressPanicIsError(t *testing.T) {
	_, o := lowRankObs(12, 10, 2, 0.6, 1)
	_, err := SoftImpute(o, SoftImputeConfig{NLambda: 3, Progress: func(int, int) { panic("boom") }})
	if !errors.Is(err, featlab.ErrPanic) {
		t.Fatalf("err = %v, want ErrPanic", err)
	}
}

// TestSVTHugeStepIsError: Delta = 100 makes the iterates blow up; SVT
// returns an error wrapping ErrNotFinite (and ErrNotConverged), no panic.
func TestSVTHugeStepIsError(t *testing.T) {
	_, o := lowRankObs(12, 10, 2, 0.6, 1)
	_, err := SVT(o, SVTConfig{Delta: 100})
	if !errors.Is(err, featlab.ErrNotFinite) || !errors.Is(err, featlab.ErrNotConverged) {
		t.Fatalf("err = %v, want ErrNotFinite and ErrNotConverged", err)
	}
}

// TestSVTDivergenceDetected: one observed entry of a 4 x 4 matrix makes
// the default step 19.2, far outside the stable range; SVT must stop with
// an error instead of returning residuals of 1e31 with a nil error (or
// never returning, with the default MaxIter).
func TestSVTDivergenceDetected(t *testing.T) {
	o, err := ObserveEntries(4, 4, []int{1}, []int{2}, []float64{3})
	if err != nil {
		t.Fatal(err)
	}
	for _, maxIter := range []int{25, 100, 0} {
		c, err := SVT(o, SVTConfig{AllowEmpty: true, MaxIter: maxIter})
		if err == nil {
			t.Fatalf("MaxIter %d: nil error, residual %g", maxIter, c.Residual)
		}
		if !errors.Is(err, featlab.ErrNotConverged) {
			t.Fatalf("MaxIter %d: err = %v, want ErrNotConverged", maxIter, err)
		}
	}
}

// TestSoftThresholdSVBadArgs: a NaN in the matrix panics with an error
// wrapping ErrNotFinite (the function has no error result), not gonum's
// "SVD failed"; an empty matrix and a negative tau with the package's
// message naming the argument.
func TestSoftThresholdSVBadArgs(t *testing.T) {
	X := mat.NewDense(3, 3, []float64{1, 2, 3, 4, math.NaN(), 6, 7, 8, 9})
	func() {
		defer func() {
			err, _ := recover().(error)
			if !errors.Is(err, featlab.ErrNotFinite) {
				t.Errorf("SoftThresholdSV(NaN) panicked with %v, want an error wrapping ErrNotFinite", err)
			}
		}()
		SoftThresholdSV(X, 1)
	}()
	mustPanicWith(t, "SoftThresholdSV(NaN)", "X", func() { SoftThresholdSV(X, 1) })
	mustPanicWith(t, "SoftThresholdSV(empty)", "X", func() { SoftThresholdSV(&mat.Dense{}, 1) })
	mustPanicWith(t, "SoftThresholdSV(tau<0)", "tau", func() { SoftThresholdSV(mat.NewDense(2, 2, nil), -1) })
}

// TestRefineBadStart: a start of another shape is ErrShape; a nil start
// is ErrParam.
func TestRefineBadStart(t *testing.T) {
	_, o := lowRankObs(12, 10, 2, 0.6, 1)
	_, o2 := lowRankObs(6, 5, 2, 0.8, 2)
	c, err := NuclearNorm(o2, NuclearNormConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Refine(o, c, RefineConfig{Rank: 1}); !errors.Is(err, featlab.ErrShape) {
		t.Fatalf("other shape: err = %v, want ErrShape", err)
	}
	if _, err := Refine(o, nil, RefineConfig{}); !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("nil start: err = %v, want ErrParam", err)
	}
}

// TestObserveEntriesSizes: negative sizes are ErrParam; a huge matrix with
// one entry is refused with ErrTooLarge before allocating (or stored
// proportionally to the entries).
func TestObserveEntriesSizes(t *testing.T) {
	if _, err := ObserveEntries(-3, 4, []int{0}, []int{0}, []float64{1}); !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("rows -3: err = %v, want ErrParam", err)
	}
	o, err := ObserveEntries(1e9, 1e9, []int{5}, []int{7}, []float64{1})
	if err != nil && !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("1e9 x 1e9: err = %v, want nil or ErrTooLarge", err)
	}
	if err == nil && o.Len() != 1 {
		t.Fatalf("1e9 x 1e9: %d entries", o.Len())
	}
}

// TestRIPLargeEnumerationRefused: MaxSubsets raised to C(200, 6) must not
// allocate per-chunk tables proportional to the count before enumerating.
func TestRIPLargeEnumerationBounded(t *testing.T) {
	A, _ := Gaussian(20, 200, 1)
	total := Binomial(200, 6)
	ctx, cancel := cancelledContext()
	defer cancel()
	var ms0, ms1 runtimeMem
	ms0.read()
	_, err := RIPContext(ctx, A, 6, RIPConfig{MaxSubsets: int(total)})
	ms1.read()
	if err == nil {
		t.Fatal("cancelled RIP returned nil error")
	}
	if grew := ms1.total - ms0.total; grew > 256<<20 {
		t.Fatalf("RIP allocated %d MB before enumerating", grew>>20)
	}
}

// TestHelpersPanicWithOwnMessage: helpers without an error result check
// their arguments and panic with a sensing message naming the argument, or
// return a safe value.
func TestHelpersPanicWithOwnMessage(t *testing.T) {
	mustPanicWith(t, "HardThreshold(k=-1)", "k", func() { HardThreshold(nil, []float64{1, 2}, -1) })
	A := mat.NewDense(3, 4, nil)
	mustPanicWith(t, "IHTStep(short y)", "y", func() { IHTStep(A, []float64{1}, make([]float64, 4), 1, 1) })
	mustPanicWith(t, "IHTStep(short s)", "s", func() { IHTStep(A, make([]float64, 3), []float64{1}, 1, 1) })
	_, o := lowRankObs(6, 5, 2, 0.8, 2)
	c, err := NuclearNorm(o, NuclearNormConfig{})
	if err != nil {
		t.Fatal(err)
	}
	mustPanicWith(t, "MissingError(nil)", "Observations", func() { MissingError(nil, c, mat.NewDense(6, 5, nil)) })
	mustPanicWith(t, "MissingError(shape)", "M", func() { MissingError(o, c, mat.NewDense(3, 3, nil)) })
	mustPanicWith(t, "CompletionPath{}.Last()", "Last", func() {
		if got := (&CompletionPath{}).Last(); got != nil {
			t.Errorf("empty path: Last = %v, want nil", got)
		}
	})
	mustPanicWith(t, "Completion.At(99, 99)", "At", func() { c.At(99, 99) })
}

// TestBasisMatrixNilIsParam: a nil basis is a bad argument.
func TestBasisMatrixNilIsParam(t *testing.T) {
	if _, err := BasisMatrix(nil); !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("err = %v, want ErrParam", err)
	}
}

// TestBasesSafeToShare: one DCT, Haar and Separable2D used from 8
// goroutines give the serial coefficients (run under -race as well).
func TestBasesSafeToShare(t *testing.T) {
	h, _ := NewHaar(64)
	h2, _ := Haar2(8, 16)
	for _, b := range []Basis{NewDCT(64), h, DCT2(8, 16), h2} {
		m := b.Len()
		inputs := make([][]float64, 16)
		want := make([][]float64, len(inputs))
		back := make([][]float64, len(inputs))
		for k := range inputs {
			inputs[k] = make([]float64, m)
			for i := range inputs[k] {
				inputs[k][i] = math.Sin(float64(k*m+i) * 0.37)
			}
			want[k] = b.Analyze(nil, inputs[k])
			back[k] = b.Synthesize(nil, want[k])
		}
		var wg sync.WaitGroup
		bad := make([]int, 8)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				for rep := 0; rep < 25; rep++ {
					for k := range inputs {
						s := b.Analyze(nil, inputs[k])
						x := b.Synthesize(nil, want[k])
						for i := range s {
							if s[i] != want[k][i] || x[i] != back[k][i] {
								bad[g]++
								break
							}
						}
					}
				}
			}(g)
		}
		wg.Wait()
		for g, n := range bad {
			if n > 0 {
				t.Fatalf("%T: goroutine %d got %d wrong transforms", b, g, n)
			}
		}
	}
}

// TestCompletionResidualFiniteNear1e300: values near 1e300 give a finite
// Residual, and finite numbers everywhere else (History's Change was NaN),
// with a nil error: the solvers run on the data scaled by a power of two.
func TestCompletionResidualFiniteNear1e300(t *testing.T) {
	_, o := lowRankObs(10, 8, 2, 0.7, 3)
	big := *o
	big.V = make([]float64, len(o.V))
	for t2, v := range o.V {
		big.V[t2] = v * 1e300
	}
	check := func(name string, c *Completion, err error) {
		t.Helper()
		if err != nil {
			if errors.Is(err, featlab.ErrNotFinite) {
				return
			}
			t.Fatalf("%s: %v", name, err)
		}
		vals := []float64{c.Residual, c.Nuclear, c.Gap}
		vals = append(vals, c.Sigma...)
		for _, h := range c.History {
			vals = append(vals, h.Residual, h.Nuclear, h.Change)
		}
		for k, v := range vals {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.Errorf("%s: value %d of the result (Residual, Nuclear, Gap, Sigma, History) is %v with a nil error", name, k, v)
				break
			}
		}
	}
	c, err := NuclearNorm(&big, NuclearNormConfig{})
	check("NuclearNorm", c, err)
	c, err = SVT(&big, SVTConfig{MaxIter: 30})
	check("SVT", c, err)
	p, err := SoftImpute(&big, SoftImputeConfig{NLambda: 3})
	if err == nil {
		for _, f := range p.Fits {
			check("SoftImpute", f, nil)
		}
	} else if !errors.Is(err, featlab.ErrNotFinite) {
		t.Fatalf("SoftImpute: %v", err)
	}
}

// TestRecoveryScaleFree: the supports of OMP, BasisPursuit, BPDN (with
// Lambda scaled alongside A, which keeps the problem the same), IHT and L0
// do not change when A is scaled by 1e+-150 and 1e+-300 (and L0 at
// 1e300), and the coefficients scale back by 1/c.
func TestRecoveryScaleFree(t *testing.T) {
	A, _ := Gaussian(24, 40, 5)
	_, y := sparseSignal(A, 3, 5)
	run := func(name string, A mat.Matrix, c float64) (*Result, error) {
		switch name {
		case "OMP":
			return OMP(A, y, OMPConfig{K: 3})
		case "BasisPursuit":
			return BasisPursuit(A, y, BasisPursuitConfig{})
		case "BPDN":
			return BPDN(A, y, BPDNConfig{Lambda: 1e-2 * c})
		case "IHT":
			return IHT(A, y, IHTConfig{K: 3})
		}
		r, err := L0(A, y, L0Config{MaxK: 3})
		if err != nil {
			return nil, err
		}
		return &r.Result, nil
	}
	for _, name := range []string{"OMP", "BasisPursuit", "BPDN", "IHT", "L0"} {
		ref, err := run(name, A, 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range []float64{1e-300, 1e-150, 1e150, 1e300} {
			Ac := mat.DenseCopyOf(A)
			Ac.Scale(c, Ac)
			r, err := run(name, Ac, c)
			if err != nil {
				t.Errorf("%s, A x %g: %v", name, c, err)
				continue
			}
			if fmt.Sprint(r.Support) != fmt.Sprint(ref.Support) {
				t.Errorf("%s, A x %g: support %v, unscaled %v", name, c, r.Support, ref.Support)
				continue
			}
			for _, j := range ref.Support {
				if got, want := r.Coef[j]*c, ref.Coef[j]; math.Abs(got-want) > 1e-6*math.Max(1, math.Abs(want)) {
					t.Errorf("%s, A x %g: coef %d = %g (x c = %g), unscaled %g", name, c, j, r.Coef[j], got, want)
					break
				}
			}
		}
	}
}

type runtimeMem struct{ total uint64 }

func (m *runtimeMem) read() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	m.total = ms.TotalAlloc
}

func cancelledContext() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx, cancel
}
