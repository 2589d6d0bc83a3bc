package kernel

import "math"

// Moments adds the shifted moments of the rows [lo, hi) of the row-major
// matrix x (element (i, j) at x[i*stride+j], n = len(shift) columns) to
// acc: with t_ij = x_ij - shift_j,
//
//	acc[j]     += sum_i t_ij
//	acc[n+j]   += sum_i t_ij^2
//	acc[2n+j]  += sum_i t_ij y_i   (only when y is not nil; acc has 3n)
//
// (acc has 2n values when y is nil). The rows are taken four at a time,
// each group's four terms added as (a + b) + (c + d) before they reach the
// accumulator, the rows left over one at a time. Shifting by a value of
// the column (the first row's, say) keeps the sums of squares free of
// cancellation unless the column's mean is far from that value compared
// with its spread; callers test for that and recompute such columns.
//
// On amd64 with AVX2 and FMA (and without -tags noasm) the columns go four
// to a vector register; see the package comment for how the results
// differ from MomentsGo.
func Moments(x []float64, stride int, shift, y, acc []float64, lo, hi int) {
	n := len(shift)
	s1, s2 := acc[:n:n], acc[n:2*n:2*n]
	var sxy []float64
	if y != nil {
		sxy = acc[2*n : 3*n : 3*n]
	}
	if hi <= lo || n == 0 {
		return
	}
	groups := (hi - lo) / 4
	n4 := n &^ 3
	if useAVX && groups > 0 && n4 == 0 {
		// Too few columns for a vector: the lane's scalar form, so that
		// a column's sums are the same whatever columns share the call.
		var sxyTail []float64
		if y != nil {
			sxyTail = sxy
		}
		momentsFMA(x, stride, shift, y, s1, s2, sxyTail, lo, lo+4*groups)
		lo += 4 * groups
	}
	if useAVX && groups > 0 && n4 > 0 {
		// Bounds: the last row read is lo+4*groups-1, columns [0, n).
		_ = x[(lo+4*groups-1)*stride+n-1]
		if y != nil {
			_ = y[lo+4*groups-1]
			momentsAVX(&x[lo*stride], stride, groups, n4, &shift[0], &y[lo], &acc[0], n)
		} else {
			moments2AVX(&x[lo*stride], stride, groups, n4, &shift[0], &acc[0], n)
		}
		if n4 < n {
			var sxyTail []float64
			if y != nil {
				sxyTail = sxy[n4:]
			}
			momentsFMA(x[n4:], stride, shift[n4:], y, s1[n4:], s2[n4:], sxyTail, lo, lo+4*groups)
		}
		lo += 4 * groups
	}
	momentsGo(x, stride, shift, y, s1, s2, sxy, lo, hi)
}

// MomentsGo is the portable Moments (same arguments, same order of the
// additions).
func MomentsGo(x []float64, stride int, shift, y, acc []float64, lo, hi int) {
	n := len(shift)
	var sxy []float64
	if y != nil {
		sxy = acc[2*n : 3*n]
	}
	momentsGo(x, stride, shift, y, acc[:n], acc[n:2*n], sxy, lo, hi)
}

// momentsGo is Moments with the three accumulators apart (sxy nil when y
// is); the columns are those of shift.
func momentsGo(x []float64, st int, shift, y, s1, s2, sxy []float64, lo, hi int) {
	n := len(shift)
	if n == 0 {
		return
	}
	c := shift[:n]
	a1, a2 := s1[:n], s2[:n]
	i := lo
	for ; i+4 <= hi; i += 4 {
		r0 := x[i*st : i*st+n]
		r1 := x[(i+1)*st : (i+1)*st+n]
		r2 := x[(i+2)*st : (i+2)*st+n]
		r3 := x[(i+3)*st : (i+3)*st+n]
		r1, r2, r3 = r1[:len(r0)], r2[:len(r0)], r3[:len(r0)]
		cc := c[:len(r0)]
		b1, b2 := a1[:len(r0)], a2[:len(r0)]
		if sxy == nil {
			for j, x0 := range r0 {
				cj := cc[j]
				t0, t1, t2, t3 := x0-cj, r1[j]-cj, r2[j]-cj, r3[j]-cj
				b1[j] += (t0 + t1) + (t2 + t3)
				b2[j] += (t0*t0 + t1*t1) + (t2*t2 + t3*t3)
			}
			continue
		}
		y0, y1, y2, y3 := y[i], y[i+1], y[i+2], y[i+3]
		b3 := sxy[:len(r0)]
		for j, x0 := range r0 {
			cj := cc[j]
			t0, t1, t2, t3 := x0-cj, r1[j]-cj, r2[j]-cj, r3[j]-cj
			b1[j] += (t0 + t1) + (t2 + t3)
			b2[j] += (t0*t0 + t1*t1) + (t2*t2 + t3*t3)
			b3[j] += (t0*y0 + t1*y1) + (t2*y2 + t3*y3)
		}
	}
	for ; i < hi; i++ {
		row := x[i*st : i*st+n]
		cc := c[:len(row)]
		b1, b2 := a1[:len(row)], a2[:len(row)]
		if sxy == nil {
			for j, v := range row {
				t := v - cc[j]
				b1[j] += t
				b2[j] += t * t
			}
			continue
		}
		yi := y[i]
		b3 := sxy[:len(row)]
		for j, v := range row {
			t := v - cc[j]
			b1[j] += t
			b2[j] += t * t
			b3[j] += t * yi
		}
	}
}

// momentsFMA is the scalar form of one lane of momentsAVX, for the
// columns left over after the multiples of four: the same operations with
// the same fused multiply-adds, so that a column's sums do not depend on
// which columns share its call (the filter scores hand out column blocks
// that depend on the number of workers). hi - lo is a multiple of 4.
func momentsFMA(x []float64, st int, shift, y, s1, s2, sxy []float64, lo, hi int) {
	for i := lo; i+4 <= hi; i += 4 {
		for j, cj := range shift {
			t0, t1 := x[i*st+j]-cj, x[(i+1)*st+j]-cj
			t2, t3 := x[(i+2)*st+j]-cj, x[(i+3)*st+j]-cj
			s1[j] += (t0 + t1) + (t2 + t3)
			s2[j] += math.FMA(t1, t1, t0*t0) + math.FMA(t3, t3, t2*t2)
			if sxy != nil {
				sxy[j] += math.FMA(t1, y[i+1], t0*y[i]) + math.FMA(t3, y[i+3], t2*y[i+2])
			}
		}
	}
}

// ShiftSq adds t = row - shift to s and t^2 to q, column by column: the
// per-class pass of the ANOVA F score (one row at a time into its class's
// accumulators). s and q are at least as long as row.
func ShiftSq(row, shift, s, q []float64) {
	n := len(row)
	n4 := n &^ 3
	if useAVX {
		if n4 > 0 {
			_, _, _ = shift[n-1], s[n-1], q[n-1]
			shiftSqAVX(&row[0], &shift[0], &s[0], &q[0], n4)
		}
		// The columns left over as one lane of the vector code does them.
		for j := n4; j < n; j++ {
			t := row[j] - shift[j]
			s[j] += t
			q[j] = math.FMA(t, t, q[j])
		}
		return
	}
	shiftSqGo(row, shift, s, q)
}

// ShiftSqGo is the portable ShiftSq.
func ShiftSqGo(row, shift, s, q []float64) { shiftSqGo(row, shift, s, q) }

func shiftSqGo(row, shift, s, q []float64) {
	shift, s, q = shift[:len(row)], s[:len(row)], q[:len(row)]
	for j, v := range row {
		t := v - shift[j]
		s[j] += t
		q[j] += t * t
	}
}

// SumNonneg adds row to s (at least as long) and reports whether every
// value of row is >= 0 (false for a negative value or a NaN): the
// per-class totals of the chi-squared score.
func SumNonneg(row, s []float64) bool {
	n := len(row)
	n4 := n &^ 3
	if useAVX && n4 > 0 {
		_ = s[n-1]
		bad := sumNonnegAVX(&row[0], &s[0], n4)
		return sumNonnegGo(row[n4:], s[n4:]) && bad == 0
	}
	return sumNonnegGo(row, s)
}

// SumNonnegGo is the portable SumNonneg.
func SumNonnegGo(row, s []float64) bool { return sumNonnegGo(row, s) }

func sumNonnegGo(row, s []float64) bool {
	s = s[:len(row)]
	ok := true
	for j, v := range row {
		s[j] += v
		if !(v >= 0) {
			ok = false
		}
	}
	return ok
}

// SumRows adds the rows [lo, hi) of the row-major x (n = len(acc)
// columns) to acc, row after row in order: acc[j] += x_ij, the same bits as
// the plain loop (the vector lanes are columns; nothing is fused or
// reordered). It is the first pass of the scalers' mean and variance.
func SumRows(x []float64, stride int, acc []float64, lo, hi int) {
	n := len(acc)
	if hi <= lo || n == 0 {
		return
	}
	groups := (hi - lo) / 4
	n4 := n &^ 3
	if useAVX && groups > 0 && n4 > 0 {
		_ = x[(lo+4*groups-1)*stride+n-1]
		sumRowsAVX(&x[lo*stride], stride, groups, n4, &acc[0])
		sumRowsGo(x[n4:], stride, acc[n4:], lo, lo+4*groups)
		lo += 4 * groups
	}
	sumRowsGo(x, stride, acc, lo, hi)
}

// SumRowsGo is the portable SumRows.
func SumRowsGo(x []float64, stride int, acc []float64, lo, hi int) {
	sumRowsGo(x, stride, acc, lo, hi)
}

func sumRowsGo(x []float64, st int, acc []float64, lo, hi int) {
	n := len(acc)
	for i := lo; i < hi; i++ {
		row := x[i*st : i*st+n]
		for j, v := range row {
			acc[j] += v
		}
	}
}

// CentredSums adds, for the rows [lo, hi) in order, c = x_ij - mean_j to
// acc[j] and c*c (the product rounded, then added: no fused multiply-add)
// to acc[n+j], n = len(mean): the second pass of the corrected two-pass
// variance (Chan, Golub and LeVeque), the same bits as the plain loop.
func CentredSums(x []float64, stride int, mean, acc []float64, lo, hi int) {
	n := len(mean)
	if hi <= lo || n == 0 {
		return
	}
	groups := (hi - lo) / 4
	n4 := n &^ 3
	if useAVX && groups > 0 && n4 > 0 {
		_ = x[(lo+4*groups-1)*stride+n-1]
		_ = acc[2*n-1]
		centredAVX(&x[lo*stride], stride, groups, n4, &mean[0], &acc[0], n)
		centredGo(x[n4:], stride, mean[n4:], acc[n4:n], acc[n+n4:2*n], lo, lo+4*groups)
		lo += 4 * groups
	}
	centredGo(x, stride, mean, acc[:n], acc[n:2*n], lo, hi)
}

// CentredSumsGo is the portable CentredSums.
func CentredSumsGo(x []float64, stride int, mean, acc []float64, lo, hi int) {
	n := len(mean)
	centredGo(x, stride, mean, acc[:n], acc[n:2*n], lo, hi)
}

func centredGo(x []float64, st int, mean, sd, ss []float64, lo, hi int) {
	n := len(mean)
	sd, ss = sd[:n], ss[:n]
	for i := lo; i < hi; i++ {
		row := x[i*st : i*st+n]
		for j, v := range row {
			c := v - mean[j]
			sd[j] += c
			ss[j] += c * c
		}
	}
}
