package sensing

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// FuzzBasisPursuit throws arbitrary small matrices and targets at
// BasisPursuit: it must return a result or an error, never panic, and a
// converged result must satisfy its own certificate.
func FuzzBasisPursuit(f *testing.F) {
	f.Add(uint8(3), uint8(5), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add(uint8(4), uint8(2), []byte{0, 0, 0, 0, 255, 255})
	f.Fuzz(func(t *testing.T, n, m uint8, data []byte) {
		nn, mm := int(n%8)+1, int(m%12)+1
		if len(data) < nn*mm+nn {
			return
		}
		A := mat.NewDense(nn, mm, nil)
		for i := 0; i < nn; i++ {
			for j := 0; j < mm; j++ {
				A.Set(i, j, float64(int8(data[i*mm+j]))/16)
			}
		}
		y := make([]float64, nn)
		for i := range y {
			y[i] = float64(int8(data[nn*mm+i])) / 16
		}
		res, err := BasisPursuit(A, y, BasisPursuitConfig{})
		if err == nil && res.Converged && (res.DualInfeas > 1e-9 || res.Residual > 1e-6*math.Max(1, norm2(y))) {
			t.Fatalf("converged but certificate fails: %+v", res)
		}
	})
}

// FuzzObserveEntries: arbitrary triples give Observations or an error.
func FuzzObserveEntries(f *testing.F) {
	f.Add(uint8(3), uint8(3), []byte{0, 0, 1, 1, 2, 2, 0, 1})
	f.Fuzz(func(t *testing.T, r, c uint8, data []byte) {
		var I, J []int
		var V []float64
		for k := 0; k+2 < len(data); k += 3 {
			I = append(I, int(data[k])%(int(r)+2)-1)
			J = append(J, int(data[k+1])%(int(c)+2)-1)
			V = append(V, float64(int8(data[k+2])))
		}
		o, err := ObserveEntries(int(r), int(c), I, J, V)
		if err != nil {
			return
		}
		if o.Len() != len(V) {
			t.Fatal("lost entries")
		}
		if c, err := NuclearNorm(o, NuclearNormConfig{AllowEmpty: true, MaxIter: 200}); err == nil && c == nil {
			t.Fatal("nil completion")
		}
		if p, err := SoftImpute(o, SoftImputeConfig{AllowEmpty: true, MaxIter: 50, NLambda: 3, Refit: true}); err == nil && p.Last() == nil {
			t.Fatal("nil soft-impute")
		}
		if c, err := SVT(o, SVTConfig{AllowEmpty: true, MaxIter: 50}); err == nil && c == nil {
			t.Fatal("nil SVT")
		}
	})
}
