package kernel

// Sum returns the sum of x: on amd64 with AVX2 (without -tags noasm) in
// four 4-lane partial sums, sixteen values per step, so that a pass over
// memory is limited by the memory and not by the additions (peerbench
// measures the machine's read bandwidth with it); otherwise SumGo.
func Sum(x []float64) float64 {
	n16 := len(x) &^ 15
	if useAVX && n16 > 0 {
		return sumAVX(&x[0], n16) + SumGo(x[n16:])
	}
	return SumGo(x)
}

// SumGo is the portable Sum: four partial sums, (s0 + s1) + (s2 + s3).
func SumGo(x []float64) float64 {
	var s0, s1, s2, s3 float64
	n := len(x) &^ 3
	for i := 0; i < n; i += 4 {
		s0 += x[i]
		s1 += x[i+1]
		s2 += x[i+2]
		s3 += x[i+3]
	}
	for i := n; i < len(x); i++ {
		s0 += x[i]
	}
	return (s0 + s1) + (s2 + s3)
}
