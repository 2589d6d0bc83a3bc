package transform

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// fuzzMatrix decodes bytes into a matrix: the first byte picks the number
// of columns (1..4); then each value is either a small number (one byte)
// or any float64 bit pattern (NaN, infinities, huge and tiny numbers).
func fuzzMatrix(b []byte) *mat.Dense {
	if len(b) == 0 {
		return nil
	}
	d := int(b[0]%4) + 1
	b = b[1:]
	var vals []float64
	for len(b) > 0 {
		if b[0]&1 == 0 || len(b) < 9 {
			vals = append(vals, float64(int8(b[0]))/4)
			b = b[1:]
			continue
		}
		vals = append(vals, math.Float64frombits(binary.LittleEndian.Uint64(b[1:9])))
		b = b[9:]
	}
	m := len(vals) / d
	if m == 0 {
		return nil
	}
	return mat.NewDense(m, d, vals[:m*d])
}

var sentinels = []error{featlab.ErrShape, featlab.ErrNotFinite, featlab.ErrEmpty, featlab.ErrParam, featlab.ErrNotFitted, ErrUnknownCategory}

func checkErr(t *testing.T, what string, err error) {
	t.Helper()
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("%s: error %v wraps no sentinel", what, err)
}

func checkFiniteOut(t *testing.T, what string, out *mat.Dense) {
	t.Helper()
	r, c := out.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := out.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("%s: output %v at (%d, %d)", what, v, i, j)
			}
		}
	}
}

// FuzzTransformers fits every transformer on one fuzzed matrix and
// transforms another: no panic, errors wrap a sentinel, and a successful
// output never holds a NaN or an infinity.
func FuzzTransformers(f *testing.F) {
	f.Add([]byte{1, 2, 4, 6, 8, 10, 12}, []byte{1, 3, 5, 7, 9})
	f.Add([]byte{0, 8, 8, 8}, []byte{0, 8})
	f.Add([]byte{2, 1, 0, 0, 0, 0, 0, 0, 0xf8, 0x7f, 4, 6}, []byte{2, 9, 9, 9})
	f.Add([]byte{0, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0x7f, 1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xff}, []byte{0, 1, 0, 0, 0, 0, 0, 0, 0xf0, 0x7f})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		X, Y := fuzzMatrix(a), fuzzMatrix(b)
		if X == nil || Y == nil {
			return
		}
		if r, _ := X.Dims(); r > 64 {
			return
		}
		for name, tr := range all() {
			if err := tr.Fit(X); err != nil {
				checkErr(t, name+" Fit", err)
				continue
			}
			out, err := tr.Transform(Y)
			if err != nil {
				checkErr(t, name+" Transform", err)
				continue
			}
			checkFiniteOut(t, name, out)
			if inv, ok := tr.(featlab.InverseTransformer); ok {
				back, err := inv.InverseTransform(out)
				if err != nil {
					checkErr(t, name+" InverseTransform", err)
					continue
				}
				checkFiniteOut(t, name+" inverse", back)
			}
		}
	})
}

// FuzzOneHotFrame encodes fuzzed text columns: no panic, errors wrap a
// sentinel, and each encoded row has at most one 1 per column block.
func FuzzOneHotFrame(f *testing.F) {
	f.Add("red,green,red", "blue,red,red", true)
	f.Add("a,,a", ",b,", false)
	f.Fuzz(func(t *testing.T, train, test string, ignore bool) {
		split := func(s string) []string {
			var out []string
			start := 0
			for i := 0; i <= len(s); i++ {
				if i == len(s) || s[i] == ',' {
					out = append(out, s[start:i])
					start = i + 1
				}
			}
			return out
		}
		tr, te := split(train), split(test)
		if len(tr) > 100 || len(te) > 100 {
			return
		}
		oh := &OneHot{}
		if ignore {
			oh.Unknown = UnknownIgnore
		}
		df := dataframe.New(series.New(tr, series.String, "c"))
		if err := FitFrame(oh, df); err != nil {
			checkErr(t, "FitFrame", err)
			return
		}
		out, err := TransformFrame(oh, dataframe.New(series.New(te, series.String, "c")))
		if err != nil {
			checkErr(t, "TransformFrame", err)
			return
		}
		X := frameDense(out)
		r, c := X.Dims()
		for i := 0; i < r; i++ {
			s := 0.0
			for j := 0; j < c; j++ {
				s += X.At(i, j)
			}
			if s > 1 || (!ignore && s != 1) {
				t.Fatalf("row %d has %v ones", i, s)
			}
		}
	})
}
