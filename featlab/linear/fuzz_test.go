package linear

import (
	"encoding/binary"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// fuzzProblem decodes bytes into a small problem: m in [1, 8], d in [1, 5],
// then float64 values (8 bytes each, any bit pattern, so NaN and Inf
// occur) for X and y, missing values being 0.
func fuzzProblem(data []byte) (*mat.Dense, []float64) {
	if len(data) < 2 {
		return nil, nil
	}
	m, d := 1+int(data[0]%8), 1+int(data[1]%5)
	data = data[2:]
	next := func() float64 {
		if len(data) < 8 {
			data = nil
			return 0
		}
		v := math.Float64frombits(binary.LittleEndian.Uint64(data))
		data = data[8:]
		return v
	}
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, next())
		}
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = next()
	}
	return X, y
}

func fuzzSeeds(f *testing.F) {
	put := func(m, d byte, vals ...float64) []byte {
		b := []byte{m, d}
		for _, v := range vals {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
		return b
	}
	f.Add(put(2, 1, 1, 2, 3, 4, 5, 6, 1, 2, 3), 0.1, true)
	f.Add(put(3, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 2, 3, 4), 0.0, false)
	f.Add(put(1, 0, math.NaN(), 1), 1.0, true)
	f.Add(put(4, 3, 1e300, -1e300, 5, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 2.0, false)
	// Inputs the fuzzer found, kept as regressions:
	// y whose sum of squares overflows (now ErrNotFinite);
	f.Add([]byte("220000000000000000000000001\x00\x00\x00\x00\x00\x00a"), 0.03333333333333333, true)
	// a weight of 1e196 whose square overflows (0*Inf in the objective);
	f.Add([]byte("0200000000000000\xffX"), 0.1, false)
	// columns constant up to rounding, lambda 0 (indefinite Gram matrix);
	f.Add([]byte("C90000000A000000000000000000000000000000000000000000000000000000000000000000000000000000071000000000000000"), 0.0, true)
	// columns with |mean| ~ 1e11 sd, lambda 0 (and gonum's Dsterf on tiny entries);
	f.Add([]byte("200010000000000000000000000000000000000000X000000000000000000000000000000000000000000000000070000000000000"), 0.0, true)
	// a least-squares weight that overflows (now ErrNotFinite).
	f.Add([]byte("0200000\x00\x00\x000000000A"), 0.0, false)
}

// FuzzLasso: any data and lambda give an error or a result without NaN
// whose objective is no worse than that of w = 0. (KKT conditions are
// checked on real data elsewhere; on fuzzed data with values from 1e-300
// to 1e250 the checker's own rounding dominates.)
func FuzzLasso(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, lam float64, intercept bool) {
		X, y := fuzzProblem(data)
		if X == nil {
			return
		}
		for _, solver := range []Solver{CoordinateDescent, FISTA} {
			r, err := Lasso(X, y, LassoConfig{Lambda: lam, Intercept: intercept, MaxIter: 2000, Solver: solver})
			if err != nil {
				return
			}
			for _, v := range append(r.Coef, r.Intercept, r.Gap, r.Objective) {
				if math.IsNaN(v) {
					t.Fatalf("%v: NaN in result %+v", solver, r)
				}
			}
			// Never worse than the trivial model w = 0 (b = mean(y) with
			// an intercept), whose objective is (1/2m)||y - b||^2. (FISTA
			// is not monotone, but is compared at its last iterate, which
			// for these tiny problems has converged or nearly.)
			var b, f0 float64
			if intercept {
				for _, v := range y {
					b += v
				}
				b /= float64(len(y))
			}
			for _, v := range y {
				f0 += (v - b) * (v - b)
			}
			f0 /= 2 * float64(len(y))
			if r.Converged && r.Objective > f0*(1+1e-9)+1e-300 {
				t.Fatalf("%v: objective %v above that of w = 0, %v", solver, r.Objective, f0)
			}
		}
	})
}

// FuzzRidge: any data and lambda give an error or a finite solution.
func FuzzRidge(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, lam float64, intercept bool) {
		X, y := fuzzProblem(data)
		if X == nil {
			return
		}
		md, err := Ridge(X, y, RidgeConfig{Lambda: lam, Intercept: intercept})
		if err != nil {
			return
		}
		if moderate(X, y) {
			for _, v := range append(md.Coef, md.Intercept) {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("non-finite ridge solution %v", md)
				}
			}
		}
	})
}

// moderate reports values within [-1e100, 1e100], where sums of squares
// cannot overflow.
func moderate(X *mat.Dense, y []float64) bool {
	for _, v := range append(X.RawMatrix().Data, y...) {
		if math.Abs(v) > 1e100 {
			return false
		}
	}
	return true
}
