package kernel

// mulKC is the length of the row pieces MulABt takes at a time, and
// mulNC the number of rows of b per tile: a tile of mulNC x mulKC values
// (128 KB) stays in a core's L2 cache while every row of a passes over it.
const (
	mulKC = 256
	mulNC = 64
)

// MulABt sets the m x n block c = a b^T,
//
//	c[i ldc + j] = sum_{t < k} a[i lda + t] b[j ldb + t],
//
// for the row-major m x k block a and n x k block b (the product of a
// with b's rows, as a general matrix product C = A B takes it with B
// stored transposed). k is split into pieces of mulKC and b's rows into
// tiles of mulNC; each entry's piece sums come from DotRows and are added
// in piece order, so the result depends on nothing but a and b (the same
// bits for any caller's GOMAXPROCS). Each entry is within gamma_k sum_t
// |a_it b_jt| of the exact sum (gamma_k = k u / (1 - k u), u = 2^-53).
// With k = 0, c is set to zero.
//
// Cost: m n k multiply-adds at the speed of DotRows (AVX2 with FMA on
// amd64 unless built with -tags noasm; DotRowsGo otherwise).
func MulABt(m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	for i := 0; i < m; i++ {
		clear(c[i*ldc : i*ldc+n])
	}
	if k == 0 {
		return
	}
	out := make([]float64, mulNC)
	for k0 := 0; k0 < k; k0 += mulKC {
		k1 := min(k0+mulKC, k)
		for j0 := 0; j0 < n; j0 += mulNC {
			j1 := min(j0+mulNC, n)
			o := out[:j1-j0]
			bt := b[j0*ldb+k0:]
			for i := 0; i < m; i++ {
				DotRows(a[i*lda+k0:i*lda+k1], bt, ldb, o)
				ci := c[i*ldc+j0 : i*ldc+j1]
				for t, v := range o {
					ci[t] += v
				}
			}
		}
	}
}
