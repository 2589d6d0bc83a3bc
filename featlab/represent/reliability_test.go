package represent

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/ctxtest"
)

func reliabilityData(m, d int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 11))
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
	}
	return X
}

// TestKMeansDecodeNaNCode: a NaN code is an error wrapping ErrNotFinite,
// not a NaN reconstruction with a nil error.
func TestKMeansDecodeNaNCode(t *testing.T) {
	X := reliabilityData(40, 3, 1)
	km, err := FitKMeans(X, KMeansConfig{K: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	V := mat.NewDense(2, 3, []float64{1, 0, 0, math.NaN(), 1, 0})
	if out, err := km.Decode(V); !errors.Is(err, featlab.ErrNotFinite) {
		t.Fatalf("Decode(NaN code) = %v, %v; want ErrNotFinite", out, err)
	}
}

// TestDictionaryLearningInitNaNSentinel: a NaN in Init wraps ErrNotFinite
// (and still ErrParam), not only as text.
func TestDictionaryLearningInitNaNSentinel(t *testing.T) {
	X := reliabilityData(30, 4, 2)
	init := mat.NewDense(2, 4, []float64{1, 0, 0, 0, 0, math.NaN(), 1, 0})
	_, err := LearnDictionary(X, DictionaryLearningConfig{K: 2, Init: init})
	if !errors.Is(err, featlab.ErrNotFinite) || !errors.Is(err, featlab.ErrParam) {
		t.Fatalf("err = %v, want ErrNotFinite and ErrParam", err)
	}
}

// TestBagOfWordsTransformTooLarge: an output over DefaultMaxCells values is
// refused with ErrTooLarge before it is allocated.
func TestBagOfWordsTransformTooLarge(t *testing.T) {
	words := make([]string, 1<<17+1)
	for i := range words {
		words[i] = fmt.Sprint("w", i)
	}
	var b BagOfWords
	if err := b.Fit([][]string{words}); err != nil {
		t.Fatal(err)
	}
	docs := make([][]string, 1025) // 1025 x 131073 > 2^27 values
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := b.Transform(docs)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, featlab.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Fatalf("allocated %d MB before refusing", grew>>20)
	}
}

// TestSparseEncodeCancelFineGrained: once cancelled, SparseEncodeContext
// codes no further sample with either coder (it used to finish a chunk of
// 64 samples, or a whole lasso).
func TestSparseEncodeCancelFineGrained(t *testing.T) {
	atoms := reliabilityData(30, 12, 3)
	for j := 0; j < 30; j++ {
		normalise(atoms.RawRowView(j))
	}
	X := reliabilityData(400, 12, 4)
	for _, coder := range []Coder{OMP, Lasso} {
		calls := ctxtest.New(1 << 40)
		if _, err := SparseEncodeContext(calls, X, SparseCodeConfig{Atoms: atoms, Coder: coder, S: 3, Lambda: 1e-3, Workers: 1}); err != nil {
			t.Fatal(err)
		}
		// at least once a sample; the lasso also within each sample
		want := int64(400)
		if coder == Lasso {
			want = 800
		}
		t.Logf("coder %d: %d context checks", coder, calls.Calls())
		if n := calls.Calls(); n < want {
			t.Errorf("coder %d: the context was looked at %d times for 400 samples, want at least %d", coder, n, want)
		}
		ctx := ctxtest.New(2)
		if _, err := SparseEncodeContext(ctx, X, SparseCodeConfig{Atoms: atoms, Coder: coder, S: 3, Lambda: 0.1, Workers: 1}); !errors.Is(err, context.Canceled) {
			t.Errorf("coder %d: err = %v, want context.Canceled", coder, err)
		}
	}
}

// TestDictionaryLearningPeakMemory: learning K = 256 atoms from m x 64 data
// keeps the heap under 5 times the input plus the dictionary and the codes
// (it peaked at 31 times the input: codes copied every alternation and two
// more m x K tables in the coding step). The heap is sampled while the fit
// runs, with the collector at GOGC = 10 so that garbage does not count.
func TestDictionaryLearningPeakMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("memory measurement")
	}
	m, d, k := 20000, 64, 256
	X := reliabilityData(m, d, 5)
	old := debug.SetGCPercent(10)
	defer debug.SetGCPercent(old)
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
		}
	}()
	dl, err := LearnDictionary(X, DictionaryLearningConfig{K: k, MaxIter: 2, Workers: 1})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	input := float64(m * d * 8)
	budget := 5*input + float64(k*d*8) + float64(m*k*8)
	used := float64(peak.Load()) - float64(base.HeapAlloc)
	t.Logf("peak heap above baseline %.1f MB = %.1f x input (budget %.1f MB)", used/1e6, used/input, budget/1e6)
	if used > budget {
		t.Fatalf("peak heap %.1f MB over the budget of 5 x input + dictionary + codes = %.1f MB", used/1e6, budget/1e6)
	}
	runtime.KeepAlive(dl)
}
