package par

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/featlab/course/featlab"
)

func TestDoSameResultsAnyWorkers(t *testing.T) {
	for _, w := range []int{1, 2, 3, 0} {
		out := make([]int, 37)
		var calls []int
		err := Do(context.Background(), 37, w, func(done, total int) { calls = append(calls, done) }, func(i int) error {
			out[i] = i * i
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range out {
			if v != i*i {
				t.Fatalf("workers %d: out[%d] = %d", w, i, v)
			}
		}
		if len(calls) != 37 || calls[0] != 1 || calls[36] != 37 {
			t.Fatalf("workers %d: progress calls %v", w, calls)
		}
		for k := range calls {
			if calls[k] != k+1 {
				t.Fatalf("workers %d: progress out of order: %v", w, calls)
			}
		}
	}
}

func TestDoRecoversPanics(t *testing.T) {
	for _, w := range []int{1, 2, 4} {
		err := Do(context.Background(), 10, w, nil, func(i int) error {
			if i == 6 {
				panic("boom")
			}
			return nil
		})
		var pe *PanicError
		if !errors.Is(err, featlab.ErrPanic) || !errors.As(err, &pe) || pe.Index != 6 || pe.Value != "boom" {
			t.Fatalf("workers %d: err = %v", w, err)
		}
		if err.Error() != "piece 6 panicked: boom" {
			t.Fatalf("message %q", err.Error())
		}
	}
}

func TestDoLowestIndexErrorAndStop(t *testing.T) {
	var started atomic.Int32
	err := Do(context.Background(), 1000, 1, nil, func(i int) error {
		started.Add(1)
		if i == 3 {
			return fmt.Errorf("bad %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "bad 3" {
		t.Fatalf("err = %v", err)
	}
	if started.Load() != 4 {
		t.Fatalf("serial run went on after a failure: %d pieces started", started.Load())
	}
	err = Do(context.Background(), 100, 2, nil, func(i int) error {
		if i == 7 || i == 9 {
			return fmt.Errorf("bad %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "bad 7" {
		t.Fatalf("parallel err = %v, want the lowest failing index", err)
	}
}

func TestDoCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	err := Do(ctx, 100, 2, nil, func(i int) error {
		if ran.Add(1) == 5 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := ran.Load(); n >= 100 {
		t.Fatalf("all %d pieces ran after cancel", n)
	}
	// Cancelled after the last piece: no error.
	ctx2, cancel2 := context.WithCancel(context.Background())
	if err := Do(ctx2, 3, 1, nil, func(i int) error {
		if i == 2 {
			cancel2()
		}
		return nil
	}); err != nil {
		t.Fatalf("complete run reported %v", err)
	}
}

func TestDoProgressPanicStops(t *testing.T) {
	var ran atomic.Int32
	err := Do(context.Background(), 1000, 2, func(done, total int) {
		if done == 3 {
			panic("bar broke")
		}
	}, func(i int) error { ran.Add(1); return nil })
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Index != -1 || !errors.Is(err, featlab.ErrPanic) {
		t.Fatalf("err = %v", err)
	}
	if ran.Load() > 100 {
		t.Fatalf("%d pieces ran after the progress callback panicked", ran.Load())
	}
}

func TestDoEmpty(t *testing.T) {
	if err := Do(context.Background(), 0, 0, func(int, int) { t.Fatal("progress called") }, func(int) error { return nil }); err != nil {
		t.Fatal(err)
	}
}
