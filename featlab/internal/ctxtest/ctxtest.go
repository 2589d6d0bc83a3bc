// Package ctxtest holds a context for cancellation tests that count work
// instead of timing it.
package ctxtest

import (
	"context"
	"sync/atomic"
)

// Countdown is a context whose Err reports context.Canceled from its
// (after+1)-th call on: a test first counts the checks a run makes
// (after huge), then cancels at a chosen check and counts the work done
// after it, with no dependence on wall time.
type Countdown struct {
	context.Context
	after int64
	calls atomic.Int64
}

// New returns a Countdown that allows after calls of Err.
func New(after int64) *Countdown {
	return &Countdown{Context: context.Background(), after: after}
}

// Err returns nil for the first after calls, then context.Canceled.
func (c *Countdown) Err() error {
	if c.calls.Add(1) > c.after {
		return context.Canceled
	}
	return nil
}

// Calls returns how many times Err was called.
func (c *Countdown) Calls() int64 { return c.calls.Load() }
