package validate

import (
	le "encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/featlab/course/featlab"
)

// floats decodes b as little-endian float64s (at most 64).
func floats(b []byte) []float64 {
	n := min(len(b)/8, 64)
	v := make([]float64, n)
	for i := range v {
		v[i] = math.Float64frombits(le.LittleEndian.Uint64(b[8*i:]))
	}
	return v
}

func encode(v ...float64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		le.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return b
}

// FuzzMetrics feeds arbitrary vectors to every metric: no panic, errors
// wrap a featlab sentinel, and values stay in their ranges.
func FuzzMetrics(f *testing.F) {
	f.Add(encode(1, 0, 1), encode(0.5, 0.5, 0.9))
	f.Add(encode(-1, 1), encode(math.Inf(1), 0))
	f.Add(encode(0, 1, 2), encode(0, 1))
	f.Add(encode(1, 0), encode(math.NaN(), 1e-300))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		y, p := floats(a), floats(b)
		for name, metric := range map[string]Metric{"MSE": MSE, "Accuracy": Accuracy, "ZeroOneLoss": ZeroOneLoss, "ROCAUC": ROCAUC, "LogLoss": LogLoss} {
			v, err := metric(y, p)
			if err != nil {
				ok := false
				for _, s := range []error{featlab.ErrShape, featlab.ErrEmpty, featlab.ErrNotFinite, featlab.ErrLabels, featlab.ErrParam} {
					ok = ok || errors.Is(err, s)
				}
				if !ok {
					t.Fatalf("%s: error %v wraps no sentinel", name, err)
				}
				continue
			}
			switch name {
			case "Accuracy", "ZeroOneLoss", "ROCAUC":
				if !(v >= 0 && v <= 1) {
					t.Fatalf("%s = %v outside [0, 1]", name, v)
				}
			case "LogLoss":
				if !(v >= 0 && v <= 52*math.Ln2+1e-9) {
					t.Fatalf("LogLoss = %v outside [0, -log Eps]", v)
				}
			case "MSE":
				if !(v >= 0) {
					t.Fatalf("MSE = %v", v)
				}
			}
		}
	})
}
