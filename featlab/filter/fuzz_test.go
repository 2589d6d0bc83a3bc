package filter

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// fuzzInput decodes a small matrix and target from fuzz bytes: the first
// two bytes give m in [1, 8] and d in [1, 4]; then come float64 values
// (8 bytes each; missing bytes read as small integers so that ties and
// constant columns are common). mode selects how the values are coarsened.
func fuzzInput(b []byte) (*mat.Dense, []float64) {
	if len(b) < 2 {
		b = append(b, 3, 2)
	}
	m, d := int(b[0]%8)+1, int(b[1]%4)+1
	b = b[2:]
	vals := make([]float64, m*d+m)
	for i := range vals {
		switch {
		case len(b) >= 8 && b[0]%3 == 0:
			vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(b))
			b = b[8:]
		case len(b) >= 1:
			vals[i] = float64(int(b[0]%7) - 3)
			b = b[1:]
		default:
			vals[i] = float64(i % 3)
		}
	}
	return mat.NewDense(m, d, vals[:m*d]), vals[m*d:]
}

var sentinels = []error{featlab.ErrShape, featlab.ErrNotFinite, featlab.ErrConstant, featlab.ErrEmpty, featlab.ErrParam, featlab.ErrLabels}

func checkFuzzResult(t *testing.T, name string, s *Scores, err error) {
	t.Helper()
	if err != nil {
		for _, k := range sentinels {
			if errors.Is(err, k) {
				return
			}
		}
		t.Fatalf("%s: error %v wraps no featlab sentinel", name, err)
	}
	for j, v := range s.Values {
		if math.IsNaN(v) {
			t.Fatalf("%s: value %d is NaN", name, j)
		}
	}
	for j, v := range s.PValues {
		if math.IsNaN(v) || v < 0 || v > 1 {
			t.Fatalf("%s: p-value %d = %v", name, j, v)
		}
	}
}

func fuzzSeeds(f *testing.F) {
	f.Add([]byte{4, 2, 1, 2, 3, 4, 5, 6, 0, 1, 1, 0})
	f.Add([]byte{7, 3})
	f.Add([]byte{2, 1, 5, 5, 5, 5})
	nan := make([]byte, 8)
	binary.LittleEndian.PutUint64(nan, math.Float64bits(math.NaN()))
	f.Add(append([]byte{3, 1, 0}, append(nan, 1, 2, 3, 4)...))
	big := make([]byte, 8)
	binary.LittleEndian.PutUint64(big, math.Float64bits(1e308))
	f.Add(append([]byte{5, 2, 3}, append(big, 3, 1, 2, 0, 1, 2, 1, 0, 1, 2, 3)...))
	// Inputs the fuzzer found (testdata/fuzz is not committed): y
	// overflowing var(y) with r = 1; a subnormal y underflowing sum y^2; a
	// subnormal gap between classes in the hinge bracket.
	f.Add([]byte("11Y11710000000a"))
	f.Add([]byte("1000000000000000010000000\x80B"))
	f.Add([]byte("C0000000 \x001B0CC"))
}

func FuzzPearson(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		X, y := fuzzInput(b)
		s, err := Pearson(X, y, Config{})
		checkFuzzResult(t, "Pearson", s, err)
		if err == nil {
			for j, v := range s.Values {
				if v < 0 || v > 1 {
					t.Fatalf("|r|[%d] = %v outside [0, 1]", j, v)
				}
			}
		}
		s, err = FRegression(X, y, Config{})
		checkFuzzResult(t, "FRegression", s, err)
		s, err = Spearman(X, y, Config{})
		checkFuzzResult(t, "Spearman", s, err)
		s, err = MinLoss(X, y, MinLossConfig{})
		checkFuzzResult(t, "MinLoss", s, err)
	})
}

func FuzzMutualInfo(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		X, y := fuzzInput(b)
		_, d := X.Dims()
		s, err := MutualInfo(X, y, MIConfig{K: 1})
		checkFuzzResult(t, "MutualInfo KSG", s, err)
		s, err = MutualInfo(X, y, MIConfig{K: 2, DiscreteTarget: true})
		checkFuzzResult(t, "MutualInfo Ross", s, err)
		disc := make([]bool, d)
		for j := range disc {
			disc[j] = j%2 == 0
		}
		s, err = MutualInfo(X, y, MIConfig{K: 1, DiscreteFeatures: disc})
		checkFuzzResult(t, "MutualInfo mixed", s, err)
		s, err = MutualInfo(X, y, MIConfig{DiscreteFeatures: disc, DiscreteTarget: true, Jitter: 1e-10})
		checkFuzzResult(t, "MutualInfo mixed/discrete", s, err)
		if err == nil {
			for j, v := range s.Values {
				if v < 0 || math.IsInf(v, 0) {
					t.Fatalf("MI[%d] = %v", j, v)
				}
			}
		}
	})
}

func FuzzStump(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		X, y := fuzzInput(b)
		s, err := Stump(X, y, Config{})
		checkFuzzResult(t, "Stump", s, err)
		if err == nil {
			for j, v := range s.Values {
				if v < 0.5 || v > 1 {
					t.Fatalf("stump accuracy[%d] = %v outside [0.5, 1]", j, v)
				}
			}
		}
		s, err = AUC(X, y, Config{})
		checkFuzzResult(t, "AUC", s, err)
		s, err = FClassif(X, y, Config{})
		checkFuzzResult(t, "FClassif", s, err)
		s, err = Chi2(X, y, Config{})
		checkFuzzResult(t, "Chi2", s, err)
		for _, l := range []Loss{HingeLoss, LogisticLoss} {
			s, err = MinLoss(X, y, MinLossConfig{Loss: l, MaxIter: 50})
			checkFuzzResult(t, "MinLoss "+l.String(), s, err)
		}
		if err == nil {
			_, d := X.Dims()
			for k := 0; k <= d+1; k++ {
				sel, err := s.TopK(k)
				if (k < 1 || k > d) != (err != nil) {
					t.Fatalf("TopK(%d) with d = %d: err = %v", k, d, err)
				}
				if err == nil && len(sel.Chosen) != k {
					t.Fatalf("TopK(%d) chose %d", k, len(sel.Chosen))
				}
			}
		}
	})
}
