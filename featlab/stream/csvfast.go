package stream

import "bytes"

// The CSV fast path. Parsing through encoding/csv, a string per cell and
// strconv.ParseFloat cost about 210 ns a cell (bench-scale: 47,000 rows of
// 100 columns per second per core), four times the cost of the Gram
// update. Most large numeric files hold no quotes and plain decimals
// ("-1.234567"): for a chunk without a quote character, parseFast splits
// lines and fields itself and reads a plain decimal with at most 15
// significant digits and 22 decimals as mantissa / 10^k, which is
// correctly rounded (both are exact doubles, and IEEE division rounds
// once: Clinger's fast path, the first case of strconv.ParseFloat), so
// the value is bit for bit ParseFloat's. Any other cell (an exponent,
// spaces, a missing-value text, garbage) goes through the general cell
// rule, and a chunk whose shape is not the header's (a wrong number of
// fields) is parsed again by the general path, so errors are the same.

// pow10 holds the exact powers 10^0 .. 10^22.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// plainDecimal parses [+-]digits[.digits] (at least one digit, at most 15
// significant ones after leading zeros, at most 22 after the point); ok is
// false for anything else, which then takes the general path.
func plainDecimal(b []byte) (v float64, ok bool) {
	i, neg := 0, false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		i = 1
	}
	var mant uint64
	digits, sig, frac := 0, 0, -1
	for ; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			if frac >= 0 {
				frac++
			}
			if mant == 0 && c == '0' {
				continue // a leading zero is not significant
			}
			sig++
			if sig > 15 {
				return 0, false
			}
			mant = mant*10 + uint64(c-'0')
		case c == '.' && frac < 0:
			frac = 0
		default:
			return 0, false
		}
	}
	if digits == 0 || frac > 22 {
		return 0, false
	}
	v = float64(mant)
	if frac > 0 {
		v /= pow10[frac]
	}
	if neg {
		v = -v
	}
	return v, true
}

// fastOK reports whether parseFast may be used: no missing-value text of
// the source reads as a plain decimal (a marker such as "-999" must stay
// missing).
func (s *CSVSource) fastOK() bool {
	for t := range s.na {
		if _, ok := plainDecimal(bytes.TrimSpace([]byte(t))); ok {
			return false
		}
	}
	return true
}

// parseFast parses a chunk without quotes; ok false means: use the
// general path (a quote, or a line with the wrong number of fields).
func (c *csvChunk) parseFast() (b *Block, ok bool, err error) {
	s := c.s
	data := c.data
	if !s.fast || bytes.IndexByte(data, '"') >= 0 {
		return nil, false, nil
	}
	d := len(s.names)
	rows := bytes.Count(data, []byte{'\n'}) + 1
	xs := make([]float64, 0, rows*d)
	var ys []float64
	if s.target >= 0 {
		ys = make([]float64, 0, rows)
	}
	i := c.row
	for len(data) > 0 {
		var line []byte
		if k := bytes.IndexByte(data, '\n'); k >= 0 {
			line, data = data[:k], data[k+1:]
		} else {
			line, data = data, nil
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if len(line) == 0 {
			continue // encoding/csv skips empty lines too
		}
		if bytes.Count(line, []byte{','})+1 != s.cols {
			return nil, false, nil
		}
		for j := 0; j < s.cols; j++ {
			var f []byte
			if k := bytes.IndexByte(line, ','); k >= 0 {
				f, line = line[:k], line[k+1:]
			} else {
				f, line = line, nil
			}
			v, ok := plainDecimal(f)
			if !ok {
				v, err = s.cell(string(f), i, s.colName(j))
				if err != nil {
					return nil, true, err
				}
			}
			if j == s.target {
				ys = append(ys, v)
			} else {
				xs = append(xs, v)
			}
		}
		i++
	}
	return c.block(xs, ys), true, nil
}

// colName is the name of CSV column j (the target's or a feature's).
func (s *CSVSource) colName(j int) string {
	if j == s.target {
		return s.cfg.Target
	}
	if s.target >= 0 && j > s.target {
		j--
	}
	return s.names[j]
}
