package transform

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// exactMeanVar returns the column's mean and population variance computed
// in 512-bit floating point, rounded to float64.
func exactMeanVar(col []float64) (float64, float64) {
	const prec = 512
	m := new(big.Float).SetPrec(prec).SetInt64(int64(len(col)))
	sum := new(big.Float).SetPrec(prec)
	for _, v := range col {
		sum.Add(sum, new(big.Float).SetPrec(prec).SetFloat64(v))
	}
	mean := new(big.Float).SetPrec(prec).Quo(sum, m)
	ss := new(big.Float).SetPrec(prec)
	for _, v := range col {
		t := new(big.Float).SetPrec(prec).SetFloat64(v)
		t.Sub(t, mean)
		t.Mul(t, t)
		ss.Add(ss, t)
	}
	ss.Quo(ss, m)
	mf, _ := mean.Float64()
	vf, _ := ss.Float64()
	return mf, vf
}

// twoPassMeanVar is the fit's former order: the column sums chunk by
// chunk, then the corrected two-pass sums around the global mean, row by
// row.
func twoPassMeanVar(col []float64) (float64, float64) {
	var s float64
	for _, v := range col {
		s += v
	}
	m := float64(len(col))
	mean := s / m
	var d, q float64
	for _, v := range col {
		c := v - mean
		d += c
		q += c * c
	}
	return mean, (q - d*d/m) / m
}

// hardColumns returns an m x d matrix whose columns are hard cases for a
// variance: large mean and small spread, huge and tiny scales, a
// constant column, a column with one outlier, sorted values (the chunk
// means differ most).
func hardColumns(m int) *mat.Dense {
	rng := rand.New(rand.NewPCG(25, 2))
	cols := []func(i int) float64{
		func(int) float64 { return 1e9 + rng.NormFloat64() },
		func(int) float64 { return -3e12 + 1e-3*rng.NormFloat64() },
		func(int) float64 { return 1e-8 * rng.NormFloat64() },
		func(int) float64 { return 4.25 },
		func(int) float64 { return 0.1 },
		func(i int) float64 { return float64(i) * 1e-3 },
		func(i int) float64 { return 1e6 + float64(i%97) },
		func(i int) float64 {
			if i == m/2 {
				return 1e8
			}
			return rng.Float64()
		},
		func(int) float64 { return rng.ExpFloat64() * 1e120 },
		func(int) float64 { return rng.NormFloat64() * 1e-120 },
		func(int) float64 { return 1 + 0x1p-40*rng.NormFloat64() },
	}
	d := len(cols) * 3
	X := mat.NewDense(m, d, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			X.Set(i, j, cols[j%len(cols)](i))
		}
	}
	return X
}

// TestColMeanVarOnePass checks the one-pass (chunk-merged) mean and
// variance against a 512-bit reference: the mean has the bits of the
// chunked column sums (as before the one-pass fit) and their rounding
// bound; the variance is within 1e-13 relative (or of the two-pass order's error) for the
// variance, on hard columns and several chunk counts; and identical for
// any number of workers.
func TestColMeanVarOnePass(t *testing.T) {
	for _, m := range []int{1, 3, 100, 3001, 9000} {
		X := hardColumns(m)
		_, d := X.Dims()
		var first []float64
		for _, w := range []int{1, 2, 5} {
			x, err := rawOf(X, w)
			if err != nil {
				t.Fatal(err)
			}
			mean, variance, err := colMeanVar(x)
			if err != nil {
				t.Fatalf("m=%d: %v", m, err)
			}
			sums, err := colSums(x)
			if err != nil {
				t.Fatal(err)
			}
			got := append(append([]float64{}, mean...), variance...)
			if first == nil {
				first = got
			} else {
				for k := range got {
					if math.Float64bits(got[k]) != math.Float64bits(first[k]) {
						t.Fatalf("m=%d workers=%d: value %d %v, with 1 worker %v", m, w, k, got[k], first[k])
					}
				}
				continue
			}
			for j := 0; j < d; j++ {
				col := mat.Col(nil, j, X)
				em, ev := exactMeanVar(col)
				_, tv := twoPassMeanVar(col)
				if e := math.Abs(mean[j] - em); e > meanBound(col) {
					t.Errorf("m=%d col %d: mean %v, exact %v (%.1f ulp)", m, j, mean[j], em, e/ulp(em))
				}
				if mean[j] != sums[j]/float64(m) {
					t.Errorf("m=%d col %d: mean %v, column sum / m %v", m, j, mean[j], sums[j]/float64(m))
				}
				bound := max(1e-13*ev, 2*math.Abs(tv-ev), 4*ulp(ev))
				if ev == 0 {
					// A constant column: its variance is 0 up to the
					// rounding of its mean, far below its square.
					bound = 1e-28 * em * em
				}
				if e := math.Abs(variance[j] - ev); e > bound {
					t.Errorf("m=%d col %d: variance %v, exact %v (relative error %.2g, two-pass %.2g)",
						m, j, variance[j], ev, e/ev, math.Abs(tv-ev)/ev)
				}
			}
		}
	}
}

// meanBound is the a-priori bound on the rounding of a column's mean
// summed in float64: m eps mean(|x|), plus an ulp for the division.
func meanBound(col []float64) float64 {
	var a float64
	for _, v := range col {
		a += math.Abs(v)
	}
	return float64(len(col))*0x1p-53*(a/float64(len(col))) + ulp(a/float64(len(col)))
}

func ulp(v float64) float64 {
	v = math.Abs(v)
	return math.Nextafter(v, math.Inf(1)) - v
}

// TestStandardizeOnePassExtremes: the fit through Standardize on data
// whose squares overflow or underflow (the scaled path) and NaN
// rejection, as before the one-pass fit.
func TestStandardizeOnePassExtremes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 150))
	m := 2000
	X := mat.NewDense(m, 3, nil)
	for i := 0; i < m; i++ {
		X.Set(i, 0, 1e200*(1+rng.Float64()))
		X.Set(i, 1, 1e-200*rng.NormFloat64())
		X.Set(i, 2, rng.NormFloat64())
	}
	var s Standardize
	if err := s.Fit(X); err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 3; j++ {
		em, ev := exactMeanVar(mat.Col(nil, j, X))
		if e := math.Abs(s.Mean()[j] - em); e > meanBound(mat.Col(nil, j, X)) {
			t.Errorf("col %d: mean %v, exact %v", j, s.Mean()[j], em)
		}
		if e := math.Abs(s.Var()[j]-ev) / ev; e > 1e-13 {
			t.Errorf("col %d: variance %v, exact %v (relative error %.2g)", j, s.Var()[j], ev, e)
		}
	}
	X.Set(1234, 2, math.NaN())
	err := (&Standardize{}).Fit(X)
	if !errors.Is(err, featlab.ErrNotFinite) {
		t.Fatalf("NaN at (1234, 2): %v, want ErrNotFinite", err)
	}
	var ce *CellError
	if !errors.As(err, &ce) || ce.Row != 1234 || ce.Col != 2 {
		t.Fatalf("NaN at (1234, 2): %v does not name the cell", err)
	}
}

// TestRowMapInPlace: the scalers' transforms give the same bits for a
// matrix with contiguous rows (the output copied by append, then mapped
// in place) and for a view with a wider stride (mapped into a new
// output), and the error for a bad cell names it and its input value
// either way.
func TestRowMapInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m, d := 1000, 9
	wide := mat.NewDense(m, d+3, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d+3; j++ {
			wide.Set(i, j, 5+3*rng.NormFloat64())
		}
	}
	view := wide.Slice(0, m, 0, d).(*mat.Dense)
	dense := mat.DenseCopyOf(view)
	for _, s := range []interface {
		Fit(mat.Matrix) error
		Transform(mat.Matrix) (*mat.Dense, error)
	}{&Standardize{}, &UnitRange{}} {
		if err := s.Fit(dense); err != nil {
			t.Fatal(err)
		}
		a, err := s.Transform(dense)
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.Transform(view)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < m; i++ {
			for j := 0; j < d; j++ {
				if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
					t.Fatalf("%T (%d, %d): contiguous %v, strided %v", s, i, j, a.At(i, j), b.At(i, j))
				}
			}
		}
		if dense.At(7, 2) != view.At(7, 2) {
			t.Fatalf("%T: the transform changed its input", s)
		}
		bad := mat.DenseCopyOf(dense)
		bad.Set(321, 4, math.Inf(1))
		for _, x := range []*mat.Dense{bad, bad.Grow(0, 2).(*mat.Dense).Slice(0, m, 0, d).(*mat.Dense)} {
			_, err := s.Transform(x)
			var ce *CellError
			if !errors.As(err, &ce) || ce.Row != 321 || ce.Col != 4 || !math.IsInf(ce.Value, 1) {
				t.Fatalf("%T: Inf at (321, 4): %v", s, err)
			}
		}
	}
}

// TestNormalizeRowsInPlace: RowNormalize gives the same bits for
// contiguous rows (mapped in place in a copy) and for a strided view, a
// row of signed zeros becomes +0, and a row needing the rescaled path
// (huge values) agrees too.
func TestNormalizeRowsInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	m, d := 500, 7
	wide := mat.NewDense(m, d+2, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < d+2; j++ {
			wide.Set(i, j, rng.NormFloat64())
		}
	}
	for j := 0; j < d; j++ {
		wide.Set(3, j, math.Copysign(0, -1))
		wide.Set(4, j, 1e300*float64(j+1))
	}
	view := wide.Slice(0, m, 0, d).(*mat.Dense)
	dense := mat.DenseCopyOf(view)
	for _, norm := range []Norm{L1, L2, LInf} {
		a, err := FitTransform(&RowNormalize{Norm: norm}, dense)
		if err != nil {
			t.Fatal(err)
		}
		b, err := FitTransform(&RowNormalize{Norm: norm}, view)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < m; i++ {
			for j := 0; j < d; j++ {
				if math.Float64bits(a.At(i, j)) != math.Float64bits(b.At(i, j)) {
					t.Fatalf("%v (%d, %d): contiguous %v, strided %v", norm, i, j, a.At(i, j), b.At(i, j))
				}
			}
		}
		if math.Signbit(a.At(3, 0)) {
			t.Fatalf("%v: a row of -0 gave %v, want +0", norm, a.At(3, 0))
		}
	}
}
