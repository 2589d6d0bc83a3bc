package stream

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestPlainDecimalIsParseFloat: the fast reader of plain decimals gives
// ParseFloat's double bit for bit, and declines what it does not read.
func TestPlainDecimalIsParseFloat(t *testing.T) {
	for _, s := range []string{"0", "-0", "+0.0", "1", "-1.5", ".5", "5.", "+.25", "0.1", "0.000001",
		"123456.789012", "-999999999999999", "0.123456789012345", "1234567890.12345",
		"000000000000000000001.5", "9007199254740993", "0.30000000000000004", "1e5", "1.2.3",
		"", "-", ".", " 1", "1 ", "1_0", "0x10", "NaN", "Inf", "1.0000000000000000000000001"} {
		v, ok := plainDecimal([]byte(s))
		w, err := strconv.ParseFloat(s, 64)
		if ok && (err != nil || math.Float64bits(v) != math.Float64bits(w)) {
			t.Errorf("%q: fast %v, ParseFloat %v (%v)", s, v, w, err)
		}
	}
	if _, ok := plainDecimal([]byte("1234567890123456")); ok {
		t.Error("16 significant digits must take the general path")
	}
}

// FuzzCSVFastPath: on any chunk, the fast path either declines or gives
// the general path's block and error exactly.
func FuzzCSVFastPath(f *testing.F) {
	f.Add("1,2,3\n4.5,-6,7e1\n", "NA")
	f.Add("1,,3\n\n\r\n-0,0.000001,+.5\r\n", "")
	f.Add("1,2\n3,4,5\n", "-999")
	f.Add("1,NA,3\n", "NA")
	f.Add("1, 2 ,3\n1,2,x\n", "?")
	f.Fuzz(func(t *testing.T, data, na string) {
		src, err := NewCSV(strings.NewReader("a,y,b\n"), CSVConfig{Target: "y", NA: []string{na}})
		if err != nil {
			t.Skip()
		}
		c := &csvChunk{s: src, data: []byte(data)}
		fb, ok, ferr := c.parseFast()
		if !ok {
			return
		}
		gb, gerr := c.parseGeneral()
		if (ferr == nil) != (gerr == nil) || (ferr != nil && ferr.Error() != gerr.Error()) {
			t.Fatalf("%q: fast error %v, general %v", data, ferr, gerr)
		}
		if ferr != nil {
			return
		}
		if (fb.X == nil) != (gb.X == nil) || len(fb.Y) != len(gb.Y) {
			t.Fatalf("%q: shapes differ", data)
		}
		for i := range fb.Y {
			if math.Float64bits(fb.Y[i]) != math.Float64bits(gb.Y[i]) {
				t.Fatalf("%q: y[%d] %v vs %v", data, i, fb.Y[i], gb.Y[i])
			}
		}
		if fb.X != nil {
			fr, gr := fb.X.RawMatrix().Data, gb.X.RawMatrix().Data
			if len(fr) != len(gr) {
				t.Fatalf("%q: X sizes differ", data)
			}
			for i := range fr {
				if math.Float64bits(fr[i]) != math.Float64bits(gr[i]) {
					t.Fatalf("%q: X[%d] %v vs %v", data, i, fr[i], gr[i])
				}
			}
		}
	})
}
