package filter_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/featlab/course/datasets"
	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/filter"
)

// MutualInfo reports one step per feature, in order, ending at d; a
// cancelled MutualInfoContext returns nil and an error wrapping
// context.Canceled; a panicking Progress stops the work with an error.
func TestMutualInfoProgressAndCancel(t *testing.T) {
	ds := datasets.Diabetes()
	_, d := ds.X.Dims()
	for _, w := range []int{1, 3} {
		var calls [][2]int
		if _, err := filter.MutualInfo(ds.X, ds.Y, filter.MIConfig{Workers: w, Progress: func(done, total int) {
			calls = append(calls, [2]int{done, total})
		}}); err != nil {
			t.Fatal(err)
		}
		if len(calls) != d {
			t.Fatalf("workers %d: %d progress calls, want %d", w, len(calls), d)
		}
		for k, c := range calls {
			if c != [2]int{k + 1, d} {
				t.Errorf("workers %d: call %d = %v, want [%d %d]", w, k, c, k+1, d)
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		s, err := filter.MutualInfoContext(ctx, ds.X, ds.Y, filter.MIConfig{Workers: w, Progress: func(done, total int) {
			if done == 2 {
				cancel()
			}
		}})
		cancel()
		if s != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("workers %d: cancelled: %v, %v", w, s, err)
		}
		_, err = filter.MutualInfo(ds.X, ds.Y, filter.MIConfig{Workers: w, Progress: func(int, int) { panic("bar") }})
		if !errors.Is(err, featlab.ErrPanic) {
			t.Errorf("workers %d: progress panic: %v", w, err)
		}
	}
}

// A cancelled ReliefFContext returns the statistic over the examples that
// finished, with an error wrapping context.Canceled.
func TestReliefFContextCancel(t *testing.T) {
	ds := datasets.Wine()
	full, err := filter.ReliefFDataset(ds, filter.ReliefConfig{Mean: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var last int
	s, err := filter.ReliefFContext(ctx, ds.X, ds.Y, filter.ReliefConfig{Names: ds.Names, Mean: true, Workers: 1, Progress: func(done, total int) {
		last = done
		if done >= 64 {
			cancel()
		}
	}})
	cancel()
	if !errors.Is(err, context.Canceled) || s == nil {
		t.Fatalf("cancelled: %v, %v", s, err)
	}
	// the chunk running when cancel is called may still finish; its
	// progress may be reported while the cancelled run, which checks
	// before every example, drops a chunk it sees cut short
	if !(strings.Contains(s.Method, "stopped after 64 of 178 examples") && (last == 64 || last == 96)) &&
		!(strings.Contains(s.Method, "stopped after 96 of 178 examples") && last == 96) {
		t.Errorf("method %q, last progress %d", s.Method, last)
	}
	same := 0
	for j := range s.Values {
		if s.Values[j] == full.Values[j] {
			same++
		}
	}
	if same == len(s.Values) {
		t.Error("the partial statistic equals the full one")
	}
	for _, w := range []int{1, 2} {
		_, err := filter.ReliefF(ds.X, ds.Y, filter.ReliefConfig{Workers: w, Progress: func(int, int) { panic("bar") }})
		if !errors.Is(err, featlab.ErrPanic) {
			t.Errorf("workers %d: a panicking Progress gives %v, want featlab.ErrPanic", w, err)
		}
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	if s, err := filter.ReliefFContext(ctx, ds.X, ds.Y, filter.ReliefConfig{}); s != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before start: %v, %v", s, err)
	}
}
