package kernel

// SqDistRows sets out[r] = SqDist(a, rows[r]) for r < len(rows) (each row
// at least as long as a; out at least as long as rows): the squared
// distances from one point to several others, bit for bit those of
// SqDist, so that a caller may switch between the two freely.
//
// Summation order, per row, as SqDist's: element t of (a - b)^2 goes into
// partial sum t mod 8 (each in index order), the elements left over after
// the multiples of 8 into s0, then ((s0+s2) + (s4+s6)) + ((s1+s3) +
// (s5+s7)); a multiply and an add, never a fused multiply-add. On amd64
// with AVX2 and FMA (without -tags noasm) the rows go four at a time
// through sqDist4AVX, each four-element chunk of a loaded once for the
// four rows (two or three rows left over share a call with repeats of the
// last, one goes to SqDist); otherwise each row is one SqDist call.
func SqDistRows(a []float64, rows [][]float64, out []float64) {
	out = out[:len(rows)]
	if !useAVX || len(a) == 0 {
		for r, b := range rows {
			out[r] = SqDist(a, b)
		}
		return
	}
	n := len(a)
	r := 0
	for ; r+4 <= len(rows); r += 4 {
		b0, b1, b2, b3 := rows[r][:n], rows[r+1][:n], rows[r+2][:n], rows[r+3][:n]
		sqDist4AVX(&a[0], n, &b0[0], &b1[0], &b2[0], &b3[0], (*[4]float64)(out[r:r+4]))
	}
	switch len(rows) - r {
	case 1:
		out[r] = SqDist(a, rows[r])
	case 2, 3:
		var tmp [4]float64
		last := rows[len(rows)-1][:n]
		b0, b1 := rows[r][:n], rows[r+1][:n]
		b2 := last
		sqDist4AVX(&a[0], n, &b0[0], &b1[0], &b2[0], &last[0], &tmp)
		copy(out[r:], tmp[:len(rows)-r])
	}
}
