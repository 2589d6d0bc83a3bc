package beam

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/featlab/course/featlab"
)

// StatsFn is the Beam CombineFn of featlab's statistics: its accumulator
// is a Stats of the kinds named in Kinds, its input Rows, its output the
// Stats' binary encoding (decode with Stats.UnmarshalBinary). A
// combination without any row fails with an error wrapping
// featlab.ErrEmpty, as stream.Pass does.
type StatsFn struct {
	// Kinds names the statistics, in order: "moments", "gram" or a kind
	// added with RegisterKind.
	Kinds []string
}

// CreateAccumulator returns empty statistics of the kinds.
func (f *StatsFn) CreateAccumulator() (Stats, error) { return NewStats(f.Kinds...) }

// AddInput adds a block of rows.
func (f *StatsFn) AddInput(a Stats, r Rows) (Stats, error) { return a.Add(r) }

// MergeAccumulators merges b into a.
func (f *StatsFn) MergeAccumulators(a, b Stats) (Stats, error) { return a.Merge(b) }

// ExtractOutput returns the encoding of a (ErrEmpty without rows).
func (f *StatsFn) ExtractOutput(a Stats) ([]byte, error) {
	if a.Empty() {
		return nil, featlab.Errorf(featlab.ErrEmpty, "beam: the input has no data rows")
	}
	return a.MarshalBinary()
}

func encodeStats(s Stats) ([]byte, error) { return s.MarshalBinary() }

func decodeStats(data []byte) (Stats, error) {
	var s Stats
	err := s.UnmarshalBinary(data)
	return s, err
}

func encodeRows(r Rows) ([]byte, error) { return r.MarshalBinary() }

func decodeRows(data []byte) (Rows, error) {
	var r Rows
	err := r.UnmarshalBinary(data)
	return r, err
}

func init() {
	register.Combiner3[Stats, Rows, []byte](&StatsFn{})
	beam.RegisterCoder(reflect.TypeOf(Stats{}), encodeStats, decodeStats)
	beam.RegisterCoder(reflect.TypeOf(Rows{}), encodeRows, decodeRows)
}
