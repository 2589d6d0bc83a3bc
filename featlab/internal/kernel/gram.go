package kernel

// gramRows is the number of rows of x transposed at a time by Gram, and
// gramTile the number of columns per tile: two tiles of gramTile columns
// of gramRows values (256 KB) stay in a core's L2 cache while DotRows
// passes over them.
const (
	gramRows = 256
	gramTile = 64
)

// Gram sets the upper triangle (b >= a) of the d x d row-major g to
// x^T x, g[a d + b] = sum_i x[i d + a] x[i d + b], for the m x d
// row-major x; the lower triangle is left as it is. The rows are taken
// gramRows at a time, transposed, and each column pair's dot product over
// them comes from DotRows (four columns at a time); the partial sums are
// added in row-chunk order, so the result does not depend on anything but
// x. Each entry is within gamma_m sum_i |x_ia x_ib| of the exact sum
// (gamma_m = m u / (1 - m u), u = 2^-53), as a plain loop is.
//
// Cost: m d (d + 1) / 2 multiply-adds, at the speed of DotRows (on amd64
// with AVX2 and FMA several times gonum's Dsyrk in pure Go).
func Gram(x []float64, m, d int, g []float64) {
	GramScratch(x, m, d, g, new([]float64))
}

// GramScratch is Gram with its scratch space (d·256 + 67 values) in
// *scratch, grown when short and kept for the next call: a caller that
// adds many small blocks (stream.Gram) allocates it once.
func GramScratch(x []float64, m, d int, g []float64, scratch *[]float64) {
	g = g[:d*d]
	for a := 0; a < d; a++ {
		clear(g[a*d+a : (a+1)*d])
	}
	if need := d*gramRows + gramTile + 3; cap(*scratch) < need {
		*scratch = make([]float64, need)
	}
	buf := (*scratch)[:d*gramRows]
	out := (*scratch)[d*gramRows : d*gramRows+gramTile+3]
	for lo := 0; lo < m; lo += gramRows {
		rc := min(gramRows, m-lo)
		// buf: the chunk transposed, column a at buf[a rc : (a+1) rc],
		// eight rows at a time so that each write fills a cache line (a
		// row at a time, the writes 2 KiB apart conflict in L1 and the
		// transpose cost more than the dot products)
		i := 0
		for ; i+8 <= rc; i += 8 {
			r := x[(lo+i)*d : (lo+i+8)*d]
			for a := 0; a < d; a++ {
				dst := buf[a*rc+i : a*rc+i+8]
				dst[0], dst[1], dst[2], dst[3] = r[a], r[d+a], r[2*d+a], r[3*d+a]
				dst[4], dst[5], dst[6], dst[7] = r[4*d+a], r[5*d+a], r[6*d+a], r[7*d+a]
			}
		}
		for ; i < rc; i++ {
			row := x[(lo+i)*d : (lo+i+1)*d]
			for a, v := range row {
				buf[a*rc+i] = v
			}
		}
		for a0 := 0; a0 < d; a0 += gramTile {
			a1 := min(a0+gramTile, d)
			for b0 := a0; b0 < d; b0 += gramTile {
				b1 := min(b0+gramTile, d)
				for a := a0; a < a1; a++ {
					bs := max(a, b0)
					if bs >= b1 {
						continue
					}
					o := out[:b1-bs]
					DotRows(buf[a*rc:(a+1)*rc], buf[bs*rc:], rc, o)
					ga := g[a*d+bs : a*d+b1]
					for t, v := range o {
						ga[t] += v
					}
				}
			}
		}
	}
}
