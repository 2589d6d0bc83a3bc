package beam

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/typex"
)

// roundTrip encodes v with the coder Beam infers for its type and decodes
// it again.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	typ := reflect.TypeOf(v)
	if c := beam.NewCoder(typex.New(typ)); strings.Contains(strings.ToLower(c.String()), "json") {
		t.Errorf("Beam codes %v as %v, not with its registered coder", typ, c)
	}
	var buf bytes.Buffer
	if err := beam.NewElementEncoder(typ).Encode(v, &buf); err != nil {
		t.Fatal(err)
	}
	got, err := beam.NewElementDecoder(typ).Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func encoded(t *testing.T, m interface{ MarshalBinary() ([]byte, error) }) []byte {
	t.Helper()
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCoderRoundTrip: every registered kind, alone and together, empty and
// holding rows, and Rows with and without a target, come back from Beam's
// coder byte for byte.
func TestCoderRoundTrip(t *testing.T) {
	X, y, names := data(50, 4, 3)
	rows := Rows{Names: names, Target: "y", X: X.RawMatrix().Data, Y: y}
	sets := [][]string{{"gram", "moments"}}
	for _, k := range Kinds() {
		sets = append(sets, []string{k})
	}
	for _, kinds := range sets {
		empty, err := NewStats(kinds...)
		if err != nil {
			t.Fatal(err)
		}
		full, err := empty.Add(rows)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []Stats{empty, full} {
			got := roundTrip(t, s).(Stats)
			if !bytes.Equal(encoded(t, got), encoded(t, s)) || got.Empty() != s.Empty() {
				t.Errorf("%v: round trip changed the statistics", kinds)
			}
			for _, k := range kinds {
				if a := got.Get(k); (a == nil) != s.Empty() || (a != nil && !bytes.Equal(encoded(t, a), encoded(t, s.Get(k)))) {
					t.Errorf("%v: kind %s changed", kinds, k)
				}
			}
		}
	}
	for _, r := range []Rows{rows, {Names: names, X: rows.X}, {Target: "y", Y: y}} {
		got := roundTrip(t, r).(Rows)
		if !reflect.DeepEqual(got, r) {
			t.Errorf("rows round trip: %+v, want %+v", got, r)
		}
	}
}

// TestStatsDecodeMalformed: truncations and corruptions of an encoding are
// errors, never panics.
func TestStatsDecodeMalformed(t *testing.T) {
	X, y, names := data(20, 3, 4)
	s, _ := NewStats("moments", "gram")
	s, err := s.Add(Rows{Names: names, Target: "y", X: X.RawMatrix().Data, Y: y})
	if err != nil {
		t.Fatal(err)
	}
	b := encoded(t, s)
	for i := 0; i < len(b); i++ {
		var z Stats
		if z.UnmarshalBinary(b[:i]) == nil {
			t.Fatalf("truncated to %d bytes: decoded", i)
		}
	}
	r := encoded(t, Rows{Names: names, Target: "y", X: X.RawMatrix().Data, Y: y})
	for i := 0; i < len(r); i++ {
		var z Rows
		if z.UnmarshalBinary(r[:i]) == nil {
			t.Fatalf("rows truncated to %d bytes: decoded", i)
		}
	}
}

func FuzzStatsDecode(f *testing.F) {
	s, _ := NewStats("gram")
	s, _ = s.Add(Rows{Names: []string{"a"}, Target: "y", X: []float64{1, 2}, Y: []float64{3, 5}})
	b, _ := s.MarshalBinary()
	f.Add(b)
	r, _ := Rows{Names: []string{"a"}, X: []float64{1, 2}}.MarshalBinary()
	f.Add(r)
	f.Fuzz(func(t *testing.T, data []byte) {
		var s Stats
		if s.UnmarshalBinary(data) == nil {
			if _, err := s.MarshalBinary(); err != nil {
				t.Fatal(err)
			}
		}
		var r Rows
		_ = r.UnmarshalBinary(data)
	})
}
