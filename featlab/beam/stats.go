package beam

import (
	"encoding/binary"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// Rows is a block of rows as it travels between Beam stages: the feature
// names, the target name ("" without a target), X row-major (r x d, d =
// len(Names)) and Y (length r, nil without a target).
type Rows struct {
	Names  []string
	Target string
	X      []float64
	Y      []float64
}

// Len returns the number of rows.
func (r Rows) Len() int {
	if len(r.Names) == 0 {
		return len(r.Y)
	}
	return len(r.X) / len(r.Names)
}

// block returns r as a stream.Block (nil X without features).
func (r Rows) block() (*stream.Block, error) {
	d := len(r.Names)
	n := r.Len()
	if (d > 0 && len(r.X) != n*d) || (d == 0 && len(r.X) != 0) {
		return nil, featlab.Errorf(featlab.ErrShape, "beam: Rows has %d values for %d features", len(r.X), d)
	}
	if r.Y != nil && len(r.Y) != n {
		return nil, featlab.Errorf(featlab.ErrShape, "beam: Rows has %d rows and %d targets", n, len(r.Y))
	}
	b := &stream.Block{Names: r.Names, Target: r.Target, Y: r.Y}
	if d > 0 && n > 0 {
		b.X = mat.NewDense(n, d, r.X)
	}
	return b, nil
}

// rowsFromBlock flattens a stream block (copying X when it is a view).
func rowsFromBlock(b *stream.Block) Rows {
	r := Rows{Names: b.Names, Target: b.Target, Y: b.Y}
	if b.X != nil && !b.X.IsEmpty() {
		n, d := b.X.Dims()
		raw := b.X.RawMatrix()
		if raw.Stride == d {
			r.X = raw.Data[:n*d]
		} else {
			r.X = make([]float64, 0, n*d)
			for i := 0; i < n; i++ {
				r.X = append(r.X, b.X.RawRowView(i)[:d]...)
			}
		}
	}
	return r
}

// Stats is StatsFn's accumulator: one stream accumulator per kind, all
// fed the same rows. Before the first row it holds only the kinds' names
// (its accumulators are made for the shape of the first block). Stats is
// not safe for concurrent use.
type Stats struct {
	kinds []string
	accs  []Accumulator // nil before the first row
}

// NewStats returns empty statistics of the given kinds.
func NewStats(kinds ...string) (Stats, error) {
	if err := checkKinds(kinds); err != nil {
		return Stats{}, err
	}
	return Stats{kinds: append([]string(nil), kinds...)}, nil
}

// KindNames returns the kinds' names in order.
func (s Stats) KindNames() []string { return append([]string(nil), s.kinds...) }

// Get returns the accumulator of kind name, or nil when s holds no rows
// or no such kind.
func (s Stats) Get(name string) Accumulator {
	for i, k := range s.kinds {
		if k == name && s.accs != nil {
			return s.accs[i]
		}
	}
	return nil
}

// Empty reports whether no row was added.
func (s Stats) Empty() bool { return s.accs == nil }

// Add folds the rows of r into every accumulator (the first non-empty
// block fixes the number of features and whether there is a target).
func (s Stats) Add(r Rows) (Stats, error) {
	b, err := r.block()
	if err != nil || r.Len() == 0 {
		return s, err
	}
	if s.accs == nil {
		accs := make([]Accumulator, len(s.kinds))
		for i, name := range s.kinds {
			k, err := lookup(name)
			if err != nil {
				return s, err
			}
			if accs[i], err = k.New(len(r.Names), r.Y != nil); err != nil {
				return s, err
			}
		}
		s.accs = accs
	}
	for i, a := range s.accs {
		if err := a.Add(b); err != nil {
			return s, featlab.Wrap(err, "beam: %s", s.kinds[i])
		}
	}
	return s, nil
}

// Merge folds o into s (as if o's rows had been added); the kinds must be
// the same, in the same order (ErrShape otherwise).
func (s Stats) Merge(o Stats) (Stats, error) {
	if len(s.kinds) != len(o.kinds) {
		return s, featlab.Errorf(featlab.ErrShape, "beam: merging statistics of kinds %q into %q", o.kinds, s.kinds)
	}
	for i := range s.kinds {
		if s.kinds[i] != o.kinds[i] {
			return s, featlab.Errorf(featlab.ErrShape, "beam: merging statistics of kinds %q into %q", o.kinds, s.kinds)
		}
	}
	switch {
	case o.accs == nil:
		return s, nil
	case s.accs == nil:
		s.accs = make([]Accumulator, len(o.accs))
		for i, a := range o.accs {
			s.accs[i] = a.Empty().(Accumulator)
		}
	}
	for i, a := range s.accs {
		if err := a.Merge(o.accs[i]); err != nil {
			return s, featlab.Wrap(err, "beam: %s", s.kinds[i])
		}
	}
	return s, nil
}

// The encoding of Stats: "FLBS", a version byte (1), a flag byte (1 when
// it holds rows), the number of kinds as a little-endian uint32, then per
// kind its name and (with the flag) its accumulator's MarshalBinary, each
// as a little-endian uint32 length and its bytes.
const (
	statsMagic   = "FLBS"
	statsVersion = 1
)

// MarshalBinary encodes s (see UnmarshalBinary).
func (s Stats) MarshalBinary() ([]byte, error) {
	out := append([]byte(statsMagic), statsVersion, 0)
	if s.accs != nil {
		out[5] = 1
	}
	out = binary.LittleEndian.AppendUint32(out, uint32(len(s.kinds)))
	for i, k := range s.kinds {
		out = appendBytes(out, []byte(k))
		if s.accs != nil {
			data, err := s.accs[i].MarshalBinary()
			if err != nil {
				return nil, err
			}
			out = appendBytes(out, data)
		}
	}
	return out, nil
}

// UnmarshalBinary decodes statistics written by MarshalBinary, replacing
// s. A malformed encoding, an unregistered kind or an accumulator that
// does not decode wraps ErrParam (ErrTooLarge for sizes over
// featlab.DefaultMaxCells), checked before allocating.
func (s *Stats) UnmarshalBinary(data []byte) error {
	bad := func(format string, args ...any) error {
		return featlab.Errorf(featlab.ErrParam, "beam: decoding Stats: "+format, args...)
	}
	if len(data) < 10 || string(data[:4]) != statsMagic || data[4] != statsVersion || data[5] > 1 {
		return bad("not a featlab beam encoding (%d bytes)", len(data))
	}
	full := data[5] == 1
	nk := binary.LittleEndian.Uint32(data[6:])
	data = data[10:]
	if uint64(nk) > uint64(len(data))/4 {
		return bad("%d kinds in %d bytes", nk, len(data))
	}
	out := Stats{kinds: make([]string, nk)}
	if full {
		out.accs = make([]Accumulator, nk)
	}
	for i := range out.kinds {
		var name, enc []byte
		var err error
		if name, data, err = readBytes(data); err != nil {
			return bad("kind %d: %v", i, err)
		}
		out.kinds[i] = string(name)
		k, err := lookup(out.kinds[i])
		if err != nil {
			return err
		}
		if !full {
			continue
		}
		if enc, data, err = readBytes(data); err != nil {
			return bad("kind %q: %v", name, err)
		}
		a := k.Zero()
		if err := a.UnmarshalBinary(enc); err != nil {
			return err
		}
		out.accs[i] = a
	}
	if len(data) != 0 {
		return bad("%d bytes after the last kind", len(data))
	}
	if err := checkKinds(out.kinds); err != nil {
		return err
	}
	*s = out
	return nil
}

func appendBytes(out, b []byte) []byte {
	out = binary.LittleEndian.AppendUint32(out, uint32(len(b)))
	return append(out, b...)
}

func readBytes(data []byte) (b, rest []byte, err error) {
	if len(data) < 4 {
		return nil, nil, fmt.Errorf("a length with %d bytes left", len(data))
	}
	l := binary.LittleEndian.Uint32(data)
	data = data[4:]
	if uint64(l) > uint64(len(data)) {
		return nil, nil, fmt.Errorf("length %d with %d bytes left", l, len(data))
	}
	return data[:l], data[l:], nil
}

// The encoding of Rows: "FLBR", a version byte (1), a target byte (1 when
// Y is present), d, r as little-endian uint64, the d names and the target
// name (uint32 length and bytes each), then X (r x d) and Y (r) as
// little-endian float64s.
const (
	rowsMagic   = "FLBR"
	rowsVersion = 1
)

// MarshalBinary encodes r (see UnmarshalBinary).
func (r Rows) MarshalBinary() ([]byte, error) {
	if _, err := r.block(); err != nil {
		return nil, err
	}
	out := append([]byte(rowsMagic), rowsVersion, 0)
	if r.Y != nil {
		out[5] = 1
	}
	out = binary.LittleEndian.AppendUint64(out, uint64(len(r.Names)))
	out = binary.LittleEndian.AppendUint64(out, uint64(r.Len()))
	for _, n := range r.Names {
		out = appendBytes(out, []byte(n))
	}
	out = appendBytes(out, []byte(r.Target))
	for _, v := range r.X {
		out = binary.LittleEndian.AppendUint64(out, math.Float64bits(v))
	}
	for _, v := range r.Y {
		out = binary.LittleEndian.AppendUint64(out, math.Float64bits(v))
	}
	return out, nil
}

// UnmarshalBinary decodes rows written by MarshalBinary, replacing r; a
// malformed encoding wraps ErrParam, checked before allocating.
func (r *Rows) UnmarshalBinary(data []byte) error {
	bad := func(format string, args ...any) error {
		return featlab.Errorf(featlab.ErrParam, "beam: decoding Rows: "+format, args...)
	}
	if len(data) < 22 || string(data[:4]) != rowsMagic || data[4] != rowsVersion || data[5] > 1 {
		return bad("not a featlab beam rows encoding (%d bytes)", len(data))
	}
	withY := data[5] == 1
	d, n := binary.LittleEndian.Uint64(data[6:]), binary.LittleEndian.Uint64(data[14:])
	data = data[22:]
	if d > uint64(len(data))/4 || n > uint64(len(data))/8 {
		return bad("%d features and %d rows in %d bytes", d, n, len(data))
	}
	out := Rows{}
	if d > 0 {
		out.Names = make([]string, d)
	}
	for i := range out.Names {
		var b []byte
		var err error
		if b, data, err = readBytes(data); err != nil {
			return bad("name %d: %v", i, err)
		}
		out.Names[i] = string(b)
	}
	t, data, err := readBytes(data)
	if err != nil {
		return bad("target name: %v", err)
	}
	out.Target = string(t)
	cols := d
	if withY {
		cols++
	}
	if cols == 0 || uint64(len(data))%8 != 0 || uint64(len(data))/8/cols != n || uint64(len(data))/8%cols != 0 {
		return bad("%d bytes of values for %d rows of %d columns", len(data), n, cols)
	}
	vals := make([]float64, len(data)/8)
	for i := range vals {
		vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
	}
	nd := int(n * d)
	if d > 0 {
		out.X = vals[:nd:nd]
	}
	if withY {
		out.Y = vals[nd:]
	}
	*r = out
	return nil
}
