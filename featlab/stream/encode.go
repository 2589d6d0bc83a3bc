package stream

import (
	"encoding/binary"
	"math"

	"github.com/featlab/course/featlab"
)

// The binary form: "FLST", a version byte (2), a kind byte (1 Moments,
// 2 Gram), a target byte (0 or 1), d and n as little-endian uint64, a
// names byte (0 no names recorded, 1 unnamed columns, 2 named: then the d
// feature names and, with a target, the target name, each a little-endian
// uint32 length and its bytes), then float64s: Moments' mean, M2, min and max (p each); Gram's mean (p) and
// the upper triangle of C row by row (p(p+1)/2).
const (
	magic       = "FLST"
	version     = 2
	kindMoments = 1
	kindGram    = 2
	headerLen   = 4 + 3 + 16
)

func header(kind byte, c *colNames, d int, target bool, n int64, floats int) []byte {
	out := make([]byte, headerLen, headerLen+1+8*floats)
	copy(out, magic)
	out[4], out[5] = version, kind
	if target {
		out[6] = 1
	}
	binary.LittleEndian.PutUint64(out[7:], uint64(d))
	binary.LittleEndian.PutUint64(out[15:], uint64(n))
	switch {
	case !c.set:
		return append(out, 0)
	case c.names == nil:
		return append(out, 1)
	}
	out = append(out, 2)
	all := c.names
	if target {
		all = append(append([]string(nil), all...), c.tname)
	}
	for _, s := range all {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(s)))
		out = append(out, s...)
	}
	return out
}

// decodeNames reads the names section of an encoding of d features (and
// a target) from data, checking each length before allocating; it
// returns the names and the bytes that follow.
func decodeNames(data []byte, d int, target bool, bad func(string, ...any) error) (colNames, []byte, error) {
	if len(data) < 1 || data[0] > 2 {
		return colNames{}, nil, bad("missing or bad names byte")
	}
	flag := data[0]
	data = data[1:]
	if flag < 2 {
		return colNames{set: flag == 1}, data, nil
	}
	k := d
	if target {
		k++
	}
	if len(data)/4 < k {
		return colNames{}, nil, bad("%d bytes for %d names", len(data), k)
	}
	all := make([]string, k)
	for i := range all {
		if len(data) < 4 {
			return colNames{}, nil, bad("name %d truncated", i)
		}
		l := binary.LittleEndian.Uint32(data)
		data = data[4:]
		if uint64(l) > uint64(len(data)) {
			return colNames{}, nil, bad("name %d of %d bytes, %d left", i, l, len(data))
		}
		all[i], data = string(data[:l]), data[l:]
	}
	c := colNames{set: true, names: all[:d:d]}
	if target {
		c.tname = all[d]
	}
	return c, data, nil
}

func putFloats(out []byte, vs ...[]float64) []byte {
	for _, v := range vs {
		for _, x := range v {
			out = binary.LittleEndian.AppendUint64(out, math.Float64bits(x))
		}
	}
	return out
}

// MarshalBinary encodes the moments (see UnmarshalBinary).
func (m *Moments) MarshalBinary() ([]byte, error) {
	p := len(m.mean)
	return putFloats(header(kindMoments, &m.colNames, m.d, m.target, m.n, 4*p), m.mean, m.m2, m.min, m.max), nil
}

// MarshalBinary encodes the Gram (see UnmarshalBinary).
func (g *Gram) MarshalBinary() ([]byte, error) {
	p := len(g.mean)
	out := putFloats(header(kindGram, &g.colNames, g.d, g.target, g.n, p+p*(p+1)/2), g.mean)
	for j := 0; j < p; j++ {
		out = putFloats(out, g.c[j*p+j:j*p+p])
	}
	return out, nil
}

// decodeHeader checks the header and the length of data for kind; it
// returns d, target, n, the names and the floats that follow. cells is the number
// of float64s the decoder will allocate for p columns.
func decodeHeader(data []byte, kind byte, what string, floats func(p int) int) (d int, target bool, n int64, names colNames, vals []float64, err error) {
	bad := func(format string, args ...any) error {
		return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: "+format, append([]any{what}, args...)...)
	}
	if len(data) < headerLen || string(data[:4]) != magic {
		return 0, false, 0, colNames{}, nil, bad("not a featlab stream encoding (%d bytes)", len(data))
	}
	if data[4] != version || data[5] != kind || data[6] > 1 {
		return 0, false, 0, colNames{}, nil, bad("version %d, kind %d, target byte %d (want version %d, kind %d)", data[4], data[5], data[6], version, kind)
	}
	target = data[6] == 1
	ud, un := binary.LittleEndian.Uint64(data[7:]), binary.LittleEndian.Uint64(data[15:])
	if ud > featlab.DefaultMaxCells {
		return 0, false, 0, colNames{}, nil, featlab.Errorf(featlab.ErrTooLarge, "stream: decoding %s: %d features, over featlab.DefaultMaxCells", what, ud)
	}
	if un > math.MaxInt64/2 {
		return 0, false, 0, colNames{}, nil, bad("%d rows: out of range", un)
	}
	d, n = int(ud), int64(un)
	p, err := columns(d, target, 1)
	if err != nil {
		return 0, false, 0, colNames{}, nil, err
	}
	if err := featlab.CheckCells("stream: decoded "+what, "", 1, floats(p), 0); err != nil {
		return 0, false, 0, colNames{}, nil, err
	}
	k := floats(p)
	names, rest, err := decodeNames(data[headerLen:], d, target, bad)
	if err != nil {
		return 0, false, 0, colNames{}, nil, err
	}
	if len(rest)%8 != 0 || len(rest)/8 != k {
		return 0, false, 0, colNames{}, nil, bad("%d bytes of values, want %d float64s for %d columns", len(rest), k, p)
	}
	vals = make([]float64, k)
	for i := range vals {
		vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(rest[8*i:]))
	}
	return d, target, n, names, vals, nil
}

// UnmarshalBinary decodes moments written by MarshalBinary, replacing m.
// A malformed encoding (wrong magic, version or length, a NaN, a negative
// M2, min above max) wraps ErrParam; a size over featlab.DefaultMaxCells
// wraps ErrTooLarge, checked before allocating.
func (m *Moments) UnmarshalBinary(data []byte) error {
	d, target, n, names, v, err := decodeHeader(data, kindMoments, "Moments", func(p int) int { return 4 * p })
	if err != nil {
		return err
	}
	p := len(v) / 4
	out := &Moments{colNames: names, d: d, target: target, n: n, mean: v[:p], m2: v[p : 2*p], min: v[2*p : 3*p], max: v[3*p:]}
	for j := 0; j < p; j++ {
		mean, m2, lo, hi := out.mean[j], out.m2[j], out.min[j], out.max[j]
		ok := !math.IsNaN(mean) && !math.IsInf(mean, 0) && m2 >= 0 && !math.IsInf(m2, 0)
		if n == 0 {
			ok = mean == 0 && m2 == 0 && math.IsInf(lo, 1) && math.IsInf(hi, -1)
		} else {
			ok = ok && lo <= hi && !math.IsInf(lo, 0) && !math.IsInf(hi, 0)
		}
		if !ok {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding Moments: column %d has mean %v, M2 %v, min %v, max %v with %d rows", j, mean, m2, lo, hi, n)
		}
	}
	*m = *out
	return nil
}

// UnmarshalBinary decodes a Gram written by MarshalBinary, replacing g. A
// malformed encoding (wrong magic, version or length, a value that is not
// finite, a negative diagonal) wraps ErrParam; a size over
// featlab.DefaultMaxCells wraps ErrTooLarge, checked before allocating.
func (g *Gram) UnmarshalBinary(data []byte) error {
	d, target, n, names, v, err := decodeHeader(data, kindGram, "Gram", func(p int) int {
		if p > 1<<20 {
			return math.MaxInt32 // refused by CheckCells before any allocation
		}
		return p + p*(p+1)/2
	})
	if err != nil {
		return err
	}
	p := d
	if target {
		p++
	}
	if err := featlab.CheckCells("stream: decoded Gram", "", p, p, 0); err != nil {
		return err
	}
	out := newGram(d, target, p)
	out.n, out.colNames = n, names
	copy(out.mean, v[:p])
	v = v[p:]
	for j := 0; j < p; j++ {
		for k := j; k < p; k++ {
			out.c[j*p+k], out.c[k*p+j] = v[0], v[0]
			v = v[1:]
		}
	}
	for i, x := range append(out.mean, out.c...) {
		if math.IsNaN(x) || math.IsInf(x, 0) || (n == 0 && x != 0) {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding Gram: value %d is %v with %d rows", i, x, n)
		}
	}
	for j := 0; j < p; j++ {
		if out.c[j*p+j] < 0 {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding Gram: negative diagonal %v at %d", out.c[j*p+j], j)
		}
	}
	*g = *out
	return nil
}
