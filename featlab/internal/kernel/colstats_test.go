package kernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// momentsNaive returns the moments of Moments by plain loops, and the sums
// of |terms| that bound how far two summation orders may differ.
func momentsNaive(x []float64, stride int, shift, y []float64, lo, hi int) (acc, abs []float64) {
	n := len(shift)
	acc, abs = make([]float64, 3*n), make([]float64, 3*n)
	for i := lo; i < hi; i++ {
		for j := 0; j < n; j++ {
			t := x[i*stride+j] - shift[j]
			acc[j] += t
			abs[j] += math.Abs(t)
			acc[n+j] += t * t
			abs[n+j] += t * t
			if y != nil {
				acc[2*n+j] += t * y[i]
				abs[2*n+j] += math.Abs(t * y[i])
			}
		}
	}
	return acc, abs
}

// closeSums reports whether got and want, two sums of the same m terms in
// different orders (with and without fused multiply-adds), agree within
// the bound of recursive summation, 2 (m + 4) eps sum |terms|.
func closeSums(got, want, abs float64, m int) bool {
	return math.Abs(got-want) <= 2*float64(m+4)*0x1p-53*abs
}

func randMatrix(rng *rand.Rand, rows, stride int, scale, offset float64) []float64 {
	x := make([]float64, rows*stride)
	for i := range x {
		x[i] = offset + scale*rng.NormFloat64()
	}
	return x
}

// checkMoments runs Moments and MomentsGo on one input and compares them
// with each other (the sums of t bit for bit, the rest within the bound)
// and with the naive loops.
func checkMoments(t *testing.T, x []float64, stride int, shift, y []float64, lo, hi int) {
	t.Helper()
	n := len(shift)
	w := 2 * n
	if y != nil {
		w = 3 * n
	}
	fast, port := make([]float64, w), make([]float64, w)
	for k := range fast {
		fast[k], port[k] = 0.5, 0.5 // the kernels add to what is there
	}
	Moments(x, stride, shift, y, fast, lo, hi)
	MomentsGo(x, stride, shift, y, port, lo, hi)
	want, abs := momentsNaive(x, stride, shift, y, lo, hi)
	m := hi - lo
	for k := 0; k < w; k++ {
		if k < n && math.Float64bits(fast[k]) != math.Float64bits(port[k]) {
			t.Fatalf("n=%d rows [%d,%d): sum of t, column %d: %v (kernel) != %v (portable)", n, lo, hi, k, fast[k], port[k])
		}
		if !closeSums(fast[k], port[k], abs[k]+1, m) || !closeSums(port[k], want[k]+0.5, abs[k]+1, m) {
			t.Fatalf("n=%d rows [%d,%d): acc[%d]: kernel %v, portable %v, naive %v (sum |terms| %v)", n, lo, hi, k, fast[k], port[k], want[k]+0.5, abs[k])
		}
	}
}

// TestMomentsKernels covers every column remainder mod 4, row ranges that
// leave each remainder mod 4, strides wider than the columns, and both
// forms (with and without y).
func TestMomentsKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for n := 1; n <= 13; n++ {
		for _, rows := range []int{1, 3, 4, 5, 8, 11, 37} {
			stride := n + rng.IntN(3)
			x := randMatrix(rng, rows, stride, 3, 1)
			shift := append([]float64(nil), x[:n]...)
			y := randMatrix(rng, rows, 1, 2, 0)
			for _, lo := range []int{0, 1} {
				if lo >= rows {
					continue
				}
				checkMoments(t, x, stride, shift, y, lo, rows)
				checkMoments(t, x, stride, shift, nil, lo, rows)
			}
		}
	}
}

func TestShiftSqAndSumNonneg(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for n := 0; n <= 19; n++ {
		row := randMatrix(rng, 1, n, 2, 0.5)
		shift := randMatrix(rng, 1, n, 1, 0)
		s, q := randMatrix(rng, 1, n, 1, 0), randMatrix(rng, 1, n, 1, 5)
		s2, q2 := append([]float64(nil), s...), append([]float64(nil), q...)
		ShiftSq(row, shift, s, q)
		ShiftSqGo(row, shift, s2, q2)
		for j := range s {
			tt := row[j] - shift[j]
			if s[j] != s2[j] || math.Abs(q[j]-q2[j]) > 0x1p-52*(math.Abs(q2[j])+tt*tt) {
				t.Fatalf("ShiftSq n=%d column %d: (%v, %v) vs portable (%v, %v)", n, j, s[j], q[j], s2[j], q2[j])
			}
		}
		for bad := -1; bad < n; bad++ {
			for _, v := range []float64{-1e-300, math.NaN(), math.Copysign(0, -1)} {
				r := make([]float64, n)
				for j := range r {
					r[j] = math.Abs(row[j])
				}
				if bad >= 0 {
					r[bad] = v
				}
				a, b := make([]float64, n), make([]float64, n)
				okA, okB := SumNonneg(r, a), SumNonnegGo(r, b)
				want := bad < 0 || v == 0
				if okA != want || okB != want {
					t.Fatalf("SumNonneg n=%d, %v at %d: %v (kernel), %v (portable), want %v", n, v, bad, okA, okB, want)
				}
				for j := range a {
					if math.Float64bits(a[j]) != math.Float64bits(b[j]) && !(math.IsNaN(a[j]) && math.IsNaN(b[j])) {
						t.Fatalf("SumNonneg n=%d column %d: %v vs %v", n, j, a[j], b[j])
					}
				}
			}
		}
	}
}

// FuzzColumnStats compares the build's Moments (the AVX2 kernel on amd64)
// with the portable MomentsGo on random shapes and values, including
// values far from the shift and of very different sizes.
func FuzzColumnStats(f *testing.F) {
	f.Add(uint64(1), uint8(9), uint8(7), uint8(1), 1.0, 0.0, true)
	f.Add(uint64(2), uint8(4), uint8(4), uint8(0), 1e100, 1e-3, false)
	f.Add(uint64(3), uint8(31), uint8(17), uint8(3), 1e-200, 5.0, true)
	f.Fuzz(func(t *testing.T, seed uint64, rows, cols, lo uint8, scale, offset float64, withY bool) {
		if rows == 0 || cols == 0 || int(lo) >= int(rows) || math.IsNaN(scale) || math.IsInf(scale, 0) ||
			math.IsNaN(offset) || math.IsInf(offset, 0) || math.Abs(scale) > 1e150 || math.Abs(offset) > 1e150 {
			t.Skip()
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		n := int(cols)
		stride := n + int(seed%3)
		x := randMatrix(rng, int(rows), stride, scale, offset)
		shift := randMatrix(rng, 1, n, scale, offset)
		var y []float64
		if withY {
			y = randMatrix(rng, int(rows), 1, 1, 0)
		}
		checkMoments(t, x, stride, shift, y, int(lo), int(rows))
		// The row norms' kernels: the portable bits exactly.
		for i := int(lo); i < int(rows); i++ {
			row := x[i*stride : i*stride+n]
			if got, want := SumSq(row), Dot(row, row); math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Fatalf("SumSq row %d: %v, Dot %v", i, got, want)
			}
			d1, d2 := make([]float64, n), make([]float64, n)
			s := shift[0]
			DivScalar(d1, row, s)
			for j, v := range row {
				d2[j] = v / s
			}
			if !sameBits(d1, d2) {
				t.Fatalf("DivScalar row %d by %v: %v, loop %v", i, s, d1, d2)
			}
		}
	})
}

func TestSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for n := 0; n <= 70; n++ {
		x := randMatrix(rng, 1, n, 1, 0)
		want, abs := 0.0, 0.0
		for _, v := range x {
			want += v
			abs += math.Abs(v)
		}
		if got, gotGo := Sum(x), SumGo(x); !closeSums(got, want, abs, n) || !closeSums(gotGo, want, abs, n) {
			t.Fatalf("n=%d: Sum %v, SumGo %v, want %v", n, got, gotGo, want)
		}
	}
}

// TestColumnSetInvariance: a column's sums do not depend on which other
// columns share the call (callers split columns into blocks that depend on
// the number of workers), for Moments and ShiftSq, bit for bit.
func TestColumnSetInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	const rows, n = 23, 11
	x := randMatrix(rng, rows, n, 2, 3)
	y := randMatrix(rng, rows, 1, 1, 0)
	shift := append([]float64(nil), x[:n]...)
	full := make([]float64, 3*n)
	Moments(x, n, shift, y, full, 0, rows)
	fs, fq := make([]float64, n), make([]float64, n)
	for i := 0; i < rows; i++ {
		ShiftSq(x[i*n:(i+1)*n], shift, fs, fq)
	}
	for a := 0; a < n; a++ {
		for b := a + 1; b <= n; b++ {
			w := b - a
			part := make([]float64, 3*w)
			Moments(x[a:], n, shift[a:b], y, part, 0, rows)
			ps, pq := make([]float64, w), make([]float64, w)
			for i := 0; i < rows; i++ {
				ShiftSq(x[i*n+a:i*n+b], shift[a:b], ps, pq)
			}
			for j := 0; j < w; j++ {
				for k := 0; k < 3; k++ {
					if part[k*w+j] != full[k*n+a+j] {
						t.Fatalf("Moments columns [%d,%d): acc %d of column %d: %v, with all columns %v", a, b, k, a+j, part[k*w+j], full[k*n+a+j])
					}
				}
				if ps[j] != fs[a+j] || pq[j] != fq[a+j] {
					t.Fatalf("ShiftSq columns [%d,%d), column %d differs", a, b, a+j)
				}
			}
		}
	}
}

// TestScalerPasses: SumRows and CentredSums give the plain loops' bits
// in both builds, for every column and row remainder and a stride wider
// than the columns.
func TestScalerPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 23))
	for n := 1; n <= 11; n++ {
		for _, rows := range []int{1, 3, 4, 7, 8, 29} {
			stride := n + rng.IntN(2)
			x := randMatrix(rng, rows, stride, 1e3, 1e6)
			mean := randMatrix(rng, 1, n, 1e3, 1e6)
			for lo := 0; lo < min(rows, 2); lo++ {
				s, sg := make([]float64, n), make([]float64, n)
				c, cg := make([]float64, 2*n), make([]float64, 2*n)
				SumRows(x, stride, s, lo, rows)
				SumRowsGo(x, stride, sg, lo, rows)
				CentredSums(x, stride, mean, c, lo, rows)
				CentredSumsGo(x, stride, mean, cg, lo, rows)
				for j := 0; j < n; j++ {
					var plain, sd, ss float64
					for i := lo; i < rows; i++ {
						v := x[i*stride+j]
						plain += v
						d := v - mean[j]
						sd += d
						ss += d * d
					}
					if s[j] != plain || sg[j] != plain || c[j] != sd || cg[j] != sd || c[n+j] != ss || cg[n+j] != ss {
						t.Fatalf("n=%d rows=%d lo=%d column %d: sums %v %v (want %v), centred %v %v %v %v (want %v %v)",
							n, rows, lo, j, s[j], sg[j], plain, c[j], cg[j], c[n+j], cg[n+j], sd, ss)
					}
				}
			}
		}
	}
}
