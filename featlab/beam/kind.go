package beam

import (
	"encoding"
	"sort"
	"sync"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// Accumulator is a stream accumulator with a binary encoding: what a kind
// of statistic must provide to run in StatsFn.
type Accumulator interface {
	stream.Accumulator
	encoding.BinaryMarshaler
	encoding.BinaryUnmarshaler
}

// Kind describes one kind of statistic: New returns an empty accumulator
// of d features (plus the target when target is true), Zero a value that
// UnmarshalBinary can fill in.
type Kind struct {
	New  func(d int, target bool) (Accumulator, error)
	Zero func() Accumulator
}

var (
	kindsMu sync.RWMutex
	kinds   = map[string]Kind{}
)

// RegisterKind makes a kind of statistic available to StatsFn under name
// (a later registration of the same name replaces the earlier). Register
// in an init function, so that every Beam worker has it. Moments and Gram
// are registered as "moments" and "gram"; a new stream accumulator plugs
// in with one call, for example
//
//	beam.RegisterKind("classes", beam.Kind{
//		New:  func(d int, t bool) (beam.Accumulator, error) { return stream.NewClassSums(d, t) },
//		Zero: func() beam.Accumulator { return new(stream.ClassSums) },
//	})
func RegisterKind(name string, k Kind) {
	if name == "" || k.New == nil || k.Zero == nil {
		panic("beam: RegisterKind needs a name, New and Zero")
	}
	kindsMu.Lock()
	defer kindsMu.Unlock()
	kinds[name] = k
}

// Kinds returns the registered kinds' names, sorted.
func Kinds() []string {
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func lookup(name string) (Kind, error) {
	kindsMu.RLock()
	defer kindsMu.RUnlock()
	k, ok := kinds[name]
	if !ok {
		return Kind{}, featlab.Errorf(featlab.ErrParam, "beam: unknown kind of statistic %q (registered: %v)", name, sortedKeys())
	}
	return k, nil
}

func sortedKeys() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func init() {
	RegisterKind("moments", Kind{
		New:  func(d int, t bool) (Accumulator, error) { return stream.NewMoments(d, t) },
		Zero: func() Accumulator { return new(stream.Moments) },
	})
	RegisterKind("gram", Kind{
		New:  func(d int, t bool) (Accumulator, error) { return stream.NewGram(d, t) },
		Zero: func() Accumulator { return new(stream.Gram) },
	})
}

// checkKinds verifies that names is a non-empty list of registered kinds,
// each once.
func checkKinds(names []string) error {
	if len(names) == 0 {
		return featlab.Errorf(featlab.ErrParam, "beam: no kind of statistic asked for")
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return featlab.Errorf(featlab.ErrParam, "beam: kind %q asked for twice", n)
		}
		seen[n] = true
		if _, err := lookup(n); err != nil {
			return err
		}
	}
	return nil
}
