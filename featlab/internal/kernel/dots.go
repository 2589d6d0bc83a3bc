package kernel

// DotRows sets out[r] = a . b[r*stride : r*stride+len(a)] for r < len(out):
// the dot products of one row a with len(out) rows of a row-major block b
// (the cross terms of ||a - b_r||^2 = ||a||^2 + ||b_r||^2 - 2 a . b_r in a
// blocked distance computation). On amd64 with AVX2 and FMA (without
// -tags noasm) four rows at a time share each load of a, with fused
// multiply-adds into eight four-lane sums; otherwise DotRowsGo. The two
// differ in summation order and rounding only: each is within
// gamma_n sum_t |a_t b_rt| of the exact dot product (gamma_n = n u / (1 -
// n u), n = len(a), u = 2^-53), so they agree to twice that (FuzzDotRows).
// Callers that need exact decisions use the result as a filter and decide
// on SqDist (see represent's k-means).
func DotRows(a, b []float64, stride int, out []float64) {
	n := len(out)
	if n == 0 {
		return
	}
	n4 := len(a) &^ 3
	if !useAVX || n4 == 0 {
		DotRowsGo(a, b, stride, out)
		return
	}
	r := 0
	if n4 == len(a) {
		// no tail: the kernel writes out directly
		for ; r+4 <= n; r += 4 {
			_ = b[(r+3)*stride+n4-1] // the rows the kernel reads are in b
			dots4AVX(&a[0], &b[r*stride], n4, stride, (*[4]float64)(out[r:r+4]))
		}
	}
	var tmp [4]float64
	for ; r+4 <= n; r += 4 {
		_ = b[(r+3)*stride+len(a)-1] // the rows the kernel reads are in b
		dots4AVX(&a[0], &b[r*stride], n4, stride, &tmp)
		for q := 0; q < 4; q++ {
			s := tmp[q]
			row := b[(r+q)*stride : (r+q)*stride+len(a)]
			for t := n4; t < len(a); t++ {
				s += a[t] * row[t]
			}
			out[r+q] = s
		}
	}
	for ; r < n; r++ {
		out[r] = Dot(a, b[r*stride:r*stride+len(a)])
	}
}

// DotRowsGo is the portable DotRows: out[r] = Dot(a, b_r).
func DotRowsGo(a, b []float64, stride int, out []float64) {
	for r := range out {
		out[r] = Dot(a, b[r*stride:r*stride+len(a)])
	}
}
