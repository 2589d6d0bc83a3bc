package stream

import (
	"encoding/binary"
	"math"

	"github.com/featlab/course/featlab"
)

// The binary forms of ClassStats (kind 3) and Contingency (kind 4) start
// as the others do ("FLST", version 2, kind, target byte 1, d, the row
// count n, the names section). ClassStats then holds K (uint64) and, per
// class in label order, the label (int64), n_k (uint64) and the d means,
// M2, minima and maxima (float64). Contingency holds, per feature, the
// number of cut points (uint32) and the cut points (float64), then K
// (uint64) and, per class, the label (int64) and the counts of every bin
// of every feature (uint64).
const (
	kindClassStats  = 3
	kindContingency = 4
)

// MarshalBinary encodes the class statistics (see UnmarshalBinary).
func (c *ClassStats) MarshalBinary() ([]byte, error) {
	out := header(kindClassStats, &c.colNames, c.d, true, c.Count(), 0)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(c.labels)))
	if len(c.labels) > 0 {
		out = putFloats(out, c.shift)
	}
	for k, l := range c.labels {
		m := c.cls[k]
		out = binary.LittleEndian.AppendUint64(out, uint64(int64(l)))
		out = binary.LittleEndian.AppendUint64(out, uint64(m.n))
		out = putFloats(out, m.mean, m.m2, m.min, m.max)
	}
	return out, nil
}

// MarshalBinary encodes the counts (see UnmarshalBinary).
func (c *Contingency) MarshalBinary() ([]byte, error) {
	out := header(kindContingency, &c.colNames, c.d, true, c.Count(), 0)
	for _, t := range c.cuts {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(t)))
		out = putFloats(out, t)
	}
	out = binary.LittleEndian.AppendUint64(out, uint64(len(c.labels)))
	for k, l := range c.labels {
		out = binary.LittleEndian.AppendUint64(out, uint64(int64(l)))
		for _, v := range c.counts[k] {
			out = binary.LittleEndian.AppendUint64(out, uint64(v))
		}
	}
	return out, nil
}

// decodePrefix checks the common header of a kind with a target and
// returns d, n, the names and the bytes that follow them.
func decodePrefix(data []byte, kind byte, what string) (int, int64, colNames, []byte, error) {
	bad := func(format string, args ...any) error {
		return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: "+format, append([]any{what}, args...)...)
	}
	if len(data) < headerLen || string(data[:4]) != magic {
		return 0, 0, colNames{}, nil, bad("not a featlab stream encoding (%d bytes)", len(data))
	}
	if data[4] != version || data[5] != kind || data[6] != 1 {
		return 0, 0, colNames{}, nil, bad("version %d, kind %d, target byte %d (want version %d, kind %d, target 1)", data[4], data[5], data[6], version, kind)
	}
	ud, un := binary.LittleEndian.Uint64(data[7:]), binary.LittleEndian.Uint64(data[15:])
	if ud > featlab.DefaultMaxCells {
		return 0, 0, colNames{}, nil, featlab.Errorf(featlab.ErrTooLarge, "stream: decoding %s: %d features, over featlab.DefaultMaxCells", what, ud)
	}
	if ud == 0 || un > math.MaxInt64/2 {
		return 0, 0, colNames{}, nil, bad("%d features, %d rows", ud, un)
	}
	// every feature takes at least 8 bytes below: refuse before the names
	if uint64(len(data)-headerLen) < ud {
		return 0, 0, colNames{}, nil, bad("%d bytes for %d features", len(data), ud)
	}
	names, rest, err := decodeNames(data[headerLen:], int(ud), true, bad)
	if err != nil {
		return 0, 0, colNames{}, nil, err
	}
	return int(ud), int64(un), names, rest, nil
}

// readClasses reads K and checks that K records of size rec bytes
// follow exactly.
func readClasses(rest []byte, rec uint64, what string) (int, []byte, error) {
	if len(rest) < 8 {
		return 0, nil, featlab.Errorf(featlab.ErrParam, "stream: decoding %s: no class count", what)
	}
	k := binary.LittleEndian.Uint64(rest)
	rest = rest[8:]
	if k > DefaultMaxClasses {
		return 0, nil, featlab.Errorf(featlab.ErrTooLarge, "stream: decoding %s: %d classes, over DefaultMaxClasses", what, k)
	}
	if rec == 0 || uint64(len(rest))%rec != 0 || uint64(len(rest))/rec != k {
		return 0, nil, featlab.Errorf(featlab.ErrParam, "stream: decoding %s: %d bytes for %d classes of %d bytes", what, len(rest), k, rec)
	}
	return int(k), rest, nil
}

// readLabel reads a class label and checks it is in range and above prev.
func readLabel(rest []byte, k int, prev int, what string) (int, error) {
	l := int64(binary.LittleEndian.Uint64(rest))
	if l > 1<<30 || l < -(1<<30) || (k > 0 && int(l) <= prev) {
		return 0, featlab.Errorf(featlab.ErrParam, "stream: decoding %s: class label %d out of range or order", what, l)
	}
	return int(l), nil
}

// UnmarshalBinary decodes class statistics written by MarshalBinary,
// replacing c. A malformed encoding (wrong magic, version or length,
// labels out of order, counts that do not add up to n, a mean that is not
// finite, a negative M2, a minimum above the maximum) wraps ErrParam;
// sizes over featlab.DefaultMaxCells or DefaultMaxClasses wrap
// ErrTooLarge, checked against the bytes present before allocating.
func (c *ClassStats) UnmarshalBinary(data []byte) error {
	const what = "ClassStats"
	d, n, names, rest, err := decodePrefix(data, kindClassStats, what)
	if err != nil {
		return err
	}
	if err := featlab.CheckCells("stream: decoded "+what, "", 4, d, 0); err != nil {
		return err
	}
	var shift []float64
	if len(rest) >= 8 && binary.LittleEndian.Uint64(rest) > 0 {
		if uint64(len(rest)-8)/8 < uint64(d) {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: shifts truncated", what)
		}
		shift = make([]float64, d)
		for j := range shift {
			shift[j] = math.Float64frombits(binary.LittleEndian.Uint64(rest[8+8*j:]))
			if math.IsNaN(shift[j]) || math.IsInf(shift[j], 0) {
				return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: shift %d is %v", what, j, shift[j])
			}
		}
		rest = append(rest[:8:8], rest[8+8*d:]...)
	}
	K, rest, err := readClasses(rest, 16+32*uint64(d), what)
	if err != nil {
		return err
	}
	out := &ClassStats{colNames: names, d: d, shift: shift}
	var total int64
	for k := 0; k < K; k++ {
		l, err := readLabel(rest, k, 0, what)
		if k > 0 {
			l, err = readLabel(rest, k, out.labels[k-1], what)
		}
		if err != nil {
			return err
		}
		nk := binary.LittleEndian.Uint64(rest[8:])
		if nk == 0 || nk > math.MaxInt64/2 || total+int64(nk) > n {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: class %d has %d rows of %d", what, l, nk, n)
		}
		total += int64(nk)
		rest = rest[16:]
		m := newMoments(d, false, d)
		m.n = int64(nk)
		for i, dst := range [][]float64{m.mean, m.m2, m.min, m.max} {
			for j := range dst {
				dst[j] = math.Float64frombits(binary.LittleEndian.Uint64(rest[8*(i*d+j):]))
			}
		}
		rest = rest[32*d:]
		for j := 0; j < d; j++ {
			mean, m2, lo, hi := m.mean[j], m.m2[j], m.min[j], m.max[j]
			if math.IsNaN(mean) || math.IsInf(mean, 0) || !(m2 >= 0) || math.IsInf(m2, 0) || !(lo <= hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
				return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: class %d, feature %d has mean %v, M2 %v, min %v, max %v", what, l, j, mean, m2, lo, hi)
			}
		}
		out.labels = append(out.labels, l)
		out.cls = append(out.cls, m)
	}
	if total != n {
		return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: class counts add up to %d, header says %d", what, total, n)
	}
	*c = *out
	return nil
}

// UnmarshalBinary decodes counts written by MarshalBinary, replacing c. A
// malformed encoding (wrong magic, version or length, bad cut points,
// labels out of order, a feature's counts that do not add up to n) wraps
// ErrParam; sizes over featlab.DefaultMaxCells or DefaultMaxClasses wrap
// ErrTooLarge, checked against the bytes present before allocating.
func (c *Contingency) UnmarshalBinary(data []byte) error {
	const what = "Contingency"
	d, n, names, rest, err := decodePrefix(data, kindContingency, what)
	if err != nil {
		return err
	}
	cuts := make([][]float64, d)
	for j := range cuts {
		if len(rest) < 4 {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: cut points of feature %d truncated", what, j)
		}
		nc := binary.LittleEndian.Uint32(rest)
		rest = rest[4:]
		if uint64(nc) > uint64(len(rest))/8 {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: %d cut points of feature %d, %d bytes left", what, nc, j, len(rest))
		}
		cuts[j] = make([]float64, nc)
		for b := range cuts[j] {
			cuts[j][b] = math.Float64frombits(binary.LittleEndian.Uint64(rest[8*b:]))
		}
		rest = rest[8*int(nc):]
	}
	out, err := NewContingency(cuts)
	if err != nil {
		return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: %v", what, err)
	}
	out.colNames = names
	bins := out.off[d]
	K, rest, err := readClasses(rest, 8+8*uint64(bins), what)
	if err != nil {
		return err
	}
	for k := 0; k < K; k++ {
		l, err := readLabel(rest, k, 0, what)
		if k > 0 {
			l, err = readLabel(rest, k, out.labels[k-1], what)
		}
		if err != nil {
			return err
		}
		rest = rest[8:]
		row := make([]int64, bins)
		for i := range row {
			v := binary.LittleEndian.Uint64(rest[8*i:])
			if v > uint64(n) {
				return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: count %d over the %d rows", what, v, n)
			}
			row[i] = int64(v)
		}
		rest = rest[8*bins:]
		out.labels = append(out.labels, l)
		out.counts = append(out.counts, row)
	}
	for j := 0; j < d; j++ {
		var s int64
		for k := range out.counts {
			for _, v := range out.counts[k][out.off[j]:out.off[j+1]] {
				s += v
			}
		}
		if s != n {
			return featlab.Errorf(featlab.ErrParam, "stream: decoding %s: feature %d counts add up to %d, header says %d", what, j, s, n)
		}
	}
	*c = *out
	return nil
}
