package kernel

// DotRows2 is DotRows for two rows at once: out0[r] = a0 . b_r and
// out1[r] = a1 . b_r for r < len(out0), with b_r = b[r*stride :
// r*stride+len(a0)] (len(a1) = len(a0), len(out1) >= len(out0)). On amd64
// with AVX2 and FMA (without -tags noasm) each four-element chunk of four
// rows b_r is loaded once for both a0 and a1 (dots2x4AVX: fused
// multiply-adds into one four-lane sum per pair, then summed across the
// lanes), which halves the loads per product against DotRows; the
// elements after the last multiple of 4 are added one at a time, and the
// rows after the last multiple of 4 go through Dot. Otherwise DotRowsGo
// on each. As for DotRows, each result is within gamma_n sum_t |a_t b_rt|
// of the exact dot product (n = len(a0), u = 2^-53), whatever the
// summation order (FuzzDotRows2 checks the two against each other).
func DotRows2(a0, a1, b []float64, stride int, out0, out1 []float64) {
	n := len(out0)
	out1 = out1[:n]
	a1 = a1[:len(a0)]
	n4 := len(a0) &^ 3
	if !useAVX || n4 == 0 || n == 0 {
		DotRowsGo(a0, b, stride, out0)
		DotRowsGo(a1, b, stride, out1)
		return
	}
	var tmp [8]float64
	r := 0
	for ; r+4 <= n; r += 4 {
		_ = b[(r+3)*stride+len(a0)-1] // the rows the kernel reads are in b
		dots2x4AVX(&a0[0], &a1[0], &b[r*stride], n4, stride, &tmp)
		for q := 0; q < 4; q++ {
			s0, s1 := tmp[q], tmp[4+q]
			row := b[(r+q)*stride : (r+q)*stride+len(a0)]
			for t := n4; t < len(a0); t++ {
				s0 += a0[t] * row[t]
				s1 += a1[t] * row[t]
			}
			out0[r+q], out1[r+q] = s0, s1
		}
	}
	for ; r < n; r++ {
		row := b[r*stride : r*stride+len(a0)]
		out0[r], out1[r] = Dot(a0, row), Dot(a1, row)
	}
}
