package transform

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

// colSums returns the column sums of x. Rows are summed in fixed chunks
// whose partial sums are added in chunk order, so the result does not
// depend on the number of cores. A NaN or infinity in x is an error naming
// the first bad cell.
func colSums(x raw) ([]float64, error) {
	d := x.cols
	nc := numChunks(x.rows, d)
	part := make([]float64, nc*d)
	_ = forChunks(x.rows, d, x.workers, func(k, lo, hi int) error {
		kernel.SumRows(x.data, x.stride, part[k*d:(k+1)*d], lo, hi)
		return nil
	})
	sum := make([]float64, d)
	for k := 0; k < nc; k++ {
		for j, v := range part[k*d : (k+1)*d] {
			sum[j] += v
		}
	}
	for j, v := range sum {
		if !finite(v) {
			if err := checkFinite(x); err != nil {
				return nil, err
			}
			return nil, featlab.Errorf(featlab.ErrNotFinite, "transform: the sum of column %d overflows float64", j)
		}
	}
	return sum, nil
}

// colMeanVar returns the mean and the population variance (1/m) of each
// column, reading x from memory once: each fixed row chunk (256 KiB, it
// stays in the L2 cache) is summed, then centred on its own mean c_k =
// s_k / m_k by a second pass over the cached chunk, giving
//
//	s_k = sum_{i in k} x_ij,  d_k = sum_{i in k} (x_ij - c_k),  q_k = sum_{i in k} (x_ij - c_k)^2
//
// The chunks are then merged in chunk order (Chan, Golub and LeVeque
// 1983): with mean_j = (1/m) sum_k s_k (the same bits as summing the
// rows chunk by chunk) and e_k = c_k - mean_j,
//
//	D_j = sum_k (d_k + m_k e_k)
//	S_j = sum_k (q_k + 2 e_k d_k + m_k e_k^2)
//	var_j = (1/m) (S_j - D_j^2 / m)
//
// which is the corrected two-pass algorithm's sum of squared deviations
// from mean_j and correction, regrouped exactly (in exact arithmetic the
// two are equal). The rounding stays relative to the spread, not to the
// mean: e_k is a difference of nearby numbers and d_k carries the
// rounding of c_k. The result does not depend on the number of workers.
func colMeanVar(x raw) (mean, variance []float64, err error) {
	d := x.cols
	m := float64(x.rows)
	nc := numChunks(x.rows, d)
	// Per chunk: s_k, c_k, d_k, q_k (d values each).
	part := make([]float64, 4*nc*d)
	_ = forChunks(x.rows, d, x.workers, func(k, lo, hi int) error {
		p := part[4*k*d : 4*(k+1)*d]
		s, c, dq := p[:d], p[d:2*d], p[2*d:]
		kernel.SumRows(x.data, x.stride, s, lo, hi)
		mk := float64(hi - lo)
		for j, v := range s {
			c[j] = v / mk
		}
		kernel.CentredSums(x.data, x.stride, c, dq, lo, hi)
		return nil
	})
	mean = make([]float64, d)
	for k := 0; k < nc; k++ {
		for j, v := range part[4*k*d : 4*k*d+d] {
			mean[j] += v
		}
	}
	for j, v := range mean {
		if !finite(v) {
			if err := checkFinite(x); err != nil {
				return nil, nil, err
			}
			return nil, nil, featlab.Errorf(featlab.ErrNotFinite, "transform: the sum of column %d overflows float64", j)
		}
		mean[j] = v / m
	}
	size := chunkRows(d)
	dd := make([]float64, d)
	ss := make([]float64, d)
	for k := 0; k < nc; k++ {
		mk := float64(min(size, x.rows-k*size))
		p := part[4*k*d : 4*(k+1)*d]
		c, dk, qk := p[d:2*d], p[2*d:3*d], p[3*d:]
		for j, mu := range mean {
			e := c[j] - mu
			dd[j] += dk[j] + mk*e
			ss[j] += qk[j] + 2*e*dk[j] + mk*e*e
		}
	}
	variance = make([]float64, d)
	for j := range variance {
		v := (ss[j] - dd[j]*dd[j]/m) / m
		if !finite(v) {
			return nil, nil, featlab.Errorf(featlab.ErrNotFinite, "transform: the variance of column %d overflows float64", j)
		}
		variance[j] = max(v, 0)
	}
	return mean, variance, nil
}

// tinyVariance reports whether a column's squares may have underflowed:
// its variance is below 2^-900 (or 0) and so is the size of its mean (a
// constant column of ordinary numbers has variance 0 but a large mean).
func tinyVariance(mean, variance []float64) bool {
	for j, v := range variance {
		if v < 0x1p-900 && math.Abs(mean[j]) < 0x1p-400 {
			return true
		}
	}
	return false
}

// colMeanVarScaled is colMeanVar for data whose squares overflow or
// underflow: each column is multiplied by the power of two by[j] that
// brings its largest magnitude into [1/2, 1) (exactly, so nothing is
// lost), and mean (of the data, unscaled) and variance (of the scaled
// data) are returned with by. The variance of the data is variance[j] /
// by[j]^2, and its standard deviation sqrt(variance[j]) / by[j].
func colMeanVarScaled(x raw) (mean, variance, by []float64, err error) {
	lo, hi, err := colMinMax(x)
	if err != nil {
		return nil, nil, nil, err
	}
	by = make([]float64, x.cols)
	for j := range by {
		by[j] = 1
		if a := max(-lo[j], hi[j]); a > 0 {
			_, e := math.Frexp(a)
			by[j] = math.Ldexp(1, -e)
		}
	}
	scaled := mat.NewDense(x.rows, x.cols, nil)
	sr := scaled.RawMatrix()
	for i := 0; i < x.rows; i++ {
		dst := sr.Data[i*sr.Stride : i*sr.Stride+x.cols]
		for j, v := range x.row(i) {
			dst[j] = v * by[j]
		}
	}
	sx := raw{data: sr.Data, stride: sr.Stride, rows: x.rows, cols: x.cols, workers: x.workers}
	mean, variance, err = colMeanVar(sx)
	if err != nil {
		return nil, nil, nil, err
	}
	for j := range mean {
		mean[j] /= by[j]
	}
	return mean, variance, by, nil
}

// colMinMax returns the minimum and maximum of each column, rejecting NaN
// and infinities.
func colMinMax(x raw) (lo, hi []float64, err error) {
	d := x.cols
	nc := numChunks(x.rows, d)
	plo := make([]float64, nc*d)
	phi := make([]float64, nc*d)
	bad := make([]bool, nc)
	_ = forChunks(x.rows, d, x.workers, func(k, a, b int) error {
		l, h := plo[k*d:(k+1)*d], phi[k*d:(k+1)*d]
		copy(l, x.row(a))
		copy(h, x.row(a))
		for i := a; i < b; i++ {
			if !kernel.MinMax(x.row(i), l, h) {
				bad[k] = true
				return nil
			}
		}
		return nil
	})
	if slices.Contains(bad, true) {
		if err := checkFinite(x); err != nil {
			return nil, nil, err
		}
	}
	lo = append([]float64(nil), plo[:d]...)
	hi = append([]float64(nil), phi[:d]...)
	for k := 1; k < nc; k++ {
		for j := 0; j < d; j++ {
			lo[j] = min(lo[j], plo[k*d+j])
			hi[j] = max(hi[j], phi[k*d+j])
		}
	}
	return lo, hi, nil
}

// affine returns out = (x - shift) * mul or, when div is true,
// (x - shift) / mul, column by column, rejecting NaN and infinities.
func affine(x raw, shift, mul []float64, div bool) (*mat.Dense, error) {
	if div {
		return mapRowsChecked(x, func(dst, in []float64) bool {
			return kernel.AffineDiv(dst, in, shift, mul)
		})
	}
	return mapRows(x, func(dst, in []float64) {
		mulRow(dst, in, shift, mul)
	})
}

// mapRowsChecked is mapRows for a row map that reports whether its
// results are finite itself (the kernels of internal/kernel, which may
// map a row in place).
//
// When x's rows are contiguous and the map runs on one goroutine
// (copyInPlace, rowMapOutput), the output starts as a copy of x made by
// append, and fn maps each row of it in place: append does not zero the
// memory it copies into (make does, and the runtime zeroes a large
// allocation with ordinary stores, which cost about as much as the map's
// own writes), and its copy of a large block streams past the cache.
func mapRowsChecked(x raw, fn func(dst, in []float64) bool) (*mat.Dense, error) {
	out, inPlace := rowMapOutput(x)
	o := out.RawMatrix()
	err := forChunks(x.rows, x.cols, x.workers, func(_, lo, hi int) error {
		for i := lo; i < hi; i++ {
			in := x.row(i)
			dst := o.Data[i*o.Stride : i*o.Stride+len(in)]
			src := in
			if inPlace {
				src = dst
			}
			if !fn(dst, src) {
				return badCell(i, in, dst)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// mapRows returns out with fn(out row i, x row i) for every row, in
// parallel chunks, rejecting a row with NaN or an infinity in its result
// (the error names the cell of x, or the result, at fault).
func mapRows(x raw, fn func(dst, in []float64)) (*mat.Dense, error) {
	out := mat.NewDense(x.rows, x.cols, nil)
	o := out.RawMatrix()
	err := forChunks(x.rows, x.cols, x.workers, func(_, lo, hi int) error {
		for i := lo; i < hi; i++ {
			in := x.row(i)
			dst := o.Data[i*o.Stride : i*o.Stride+len(in)]
			fn(dst, in)
			if !finiteRow(dst) {
				return badCell(i, in, dst)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// divRow sets dst = (in - sh) / mu.
func divRow(dst, in, sh, mu []float64) {
	sh, mu, dst = sh[:len(in)], mu[:len(in)], dst[:len(in)]
	for j, v := range in {
		dst[j] = (v - sh[j]) / mu[j]
	}
}

// mulRow sets dst = (in - sh) * mu.
func mulRow(dst, in, sh, mu []float64) {
	sh, mu, dst = sh[:len(in)], mu[:len(in)], dst[:len(in)]
	for j, v := range in {
		dst[j] = (v - sh[j]) * mu[j]
	}
}

// finiteRow reports whether every value of r is finite, with four
// independent accumulators (v*0 is NaN exactly for NaN and infinite v) so
// that the check does not serialize the loop.
func finiteRow(r []float64) bool {
	var s0, s1, s2, s3 float64
	j := 0
	for ; j+4 <= len(r); j += 4 {
		s0 += r[j] * 0
		s1 += r[j+1] * 0
		s2 += r[j+2] * 0
		s3 += r[j+3] * 0
	}
	for ; j < len(r); j++ {
		s0 += r[j] * 0
	}
	return s0+s1+s2+s3 == 0
}

// badCell returns the error for the first non-finite input or output of a
// row.
func badCell(i int, in, out []float64) error {
	for j, v := range in {
		if !finite(v) {
			return notFinite(i, j, v)
		}
		if !finite(out[j]) {
			return &CellError{Kind: featlab.ErrNotFinite, Row: i, Col: j, Value: v, Reason: "the result overflows float64"}
		}
	}
	return nil
}

func ones(d int) []float64 {
	s := make([]float64, d)
	for j := range s {
		s[j] = 1
	}
	return s
}

// Center subtracts the training mean of each feature (25.2.1, centering):
//
//	f_i <- f_i - fbar
//
// It matches scikit-learn's StandardScaler(with_std=False). The zero value
// is ready to use.
type Center struct {
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	mean []float64
}

// Fit learns the mean of each column of X.
func (c *Center) Fit(X mat.Matrix) error {
	x, err := rawOf(X, c.Workers)
	if err != nil {
		return err
	}
	sum, err := colSums(x)
	if err != nil {
		return err
	}
	for j := range sum {
		sum[j] /= float64(x.rows)
	}
	c.mean = sum
	c.setFitted(x.cols)
	return nil
}

// Transform returns X minus the training means.
func (c *Center) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := c.check(X, "Center", c.Workers)
	if err != nil {
		return nil, err
	}
	return affine(x, c.mean, ones(c.d), false)
}

// InverseTransform adds the training means back.
func (c *Center) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := c.check(X, "Center", c.Workers)
	if err != nil {
		return nil, err
	}
	return mulAdd(x, ones(c.d), c.mean)
}

// Mean returns a copy of the learned means (nil before Fit).
func (c *Center) Mean() []float64 { return clone(c.mean) }

func clone(v []float64) []float64 {
	if v == nil {
		return nil
	}
	return append([]float64(nil), v...)
}

// Standardize gives every feature zero mean and unit variance on the
// training data (25.2.1, standardization), with the population variance
// v = (1/m) sum_i (f_i - fbar)^2 used by both texts:
//
//	f_i <- (f_i - fbar) / sqrt(v)
//
// It matches scikit-learn's StandardScaler() (which also divides by m, not
// m - 1). With Sample set it divides by the sample standard deviation
// instead, v = (1/(m-1)) sum_i (f_i - fbar)^2, as R's scale(), pandas'
// DataFrame.std(), numpy.std(ddof=1) and most statistics texts do.
// Which texts use which: Shalev-Shwartz and Ben-David (25.2.1), the Aalto
// lecture slides, scikit-learn and glmnet's internal standardization use
// 1/m; R's scale() and the statistics literature that computes in R (for
// example ESL's prostate tables, as one reproduces them in R) use
// 1/(m-1). The two differ by the factor sqrt(m/(m-1)) on every feature.
//
// A constant feature, or one whose variance is within rounding error of
// zero (v <= m eps v + (m fbar eps)^2, the bound scikit-learn uses), gets
// scale 1 and so maps to 0 on the training data: never NaN; with Sample
// so does every feature of a single training row. The zero value is ready
// to use.
type Standardize struct {
	// Sample divides by the sample standard deviation (divisor m - 1,
	// R's scale()) instead of the population one (divisor m, the texts'
	// and scikit-learn's). Default false.
	Sample bool
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	mean, variance, scale []float64
}

// Fit learns the mean and the variance (population, or sample with
// Sample) of each column of X, in fused passes over row chunks run on all
// cores.
func (s *Standardize) Fit(X mat.Matrix) error {
	x, err := rawOf(X, s.Workers)
	if err != nil {
		return err
	}
	mean, variance, err := colMeanVar(x)
	// by[j] is the power of two column j was multiplied by before its
	// variance was taken: 1, unless the squares would overflow or
	// underflow (|x| beyond about 1e150 or below 1e-150).
	var by []float64
	if err != nil || tinyVariance(mean, variance) {
		if err := checkFinite(x); err != nil {
			return err
		}
		if mean, variance, by, err = colMeanVarScaled(x); err != nil {
			return err
		}
	}
	s.finish(mean, variance, by, x.rows)
	return nil
}

// finish sets the scales from the column means and population variances
// of rows rows; by, when non-nil, holds the powers of two the variances
// were computed at (see colMeanVarScaled).
func (s *Standardize) finish(mean, variance, by []float64, rows int) {
	m := float64(rows)
	const eps = 0x1p-52
	scale := make([]float64, len(mean))
	for j, v := range variance {
		f := 1.0
		if by != nil {
			f = by[j]
		}
		mj := mean[j] * f
		tiny := v <= m*eps*v+(m*mj*eps)*(m*mj*eps)
		if s.Sample {
			if rows > 1 {
				v *= m / (m - 1)
			} else {
				v, tiny = 0, true
			}
		}
		if tiny {
			scale[j] = 1
		} else {
			scale[j] = math.Sqrt(v) / f
		}
		variance[j] = v / f / f
	}
	s.mean, s.variance, s.scale = mean, variance, scale
	s.setFitted(len(mean))
}

// Transform returns (X - mean) / scale with the training mean and scale.
func (s *Standardize) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := s.check(X, "Standardize", s.Workers)
	if err != nil {
		return nil, err
	}
	return affine(x, s.mean, s.scale, true)
}

// InverseTransform returns X * scale + mean.
func (s *Standardize) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := s.check(X, "Standardize", s.Workers)
	if err != nil {
		return nil, err
	}
	return mulAdd(x, s.scale, s.mean)
}

// Mean returns a copy of the learned means (nil before Fit).
func (s *Standardize) Mean() []float64 { return clone(s.mean) }

// Var returns a copy of the learned variances, population or (with Sample)
// sample (nil before Fit). For data beyond about 1e150 in magnitude (or
// below 1e-150) the variance itself overflows (underflows) float64 and
// reads +Inf (0), while the scale, computed from exactly rescaled data,
// stays right.
func (s *Standardize) Var() []float64 { return clone(s.variance) }

// Scale returns a copy of the learned scales sqrt(v), with 1 for constant
// features (nil before Fit).
func (s *Standardize) Scale() []float64 { return clone(s.scale) }

// UnitRange maps the training range [f_min, f_max] of every feature
// linearly onto [Min, Max] (25.2.1, unit range):
//
//	f_i <- Min + (Max - Min) (f_i - f_min) / (f_max - f_min)
//
// The zero value gives [0, 1]; {Min: -1, Max: 1} gives the text's
// 2 (f_i - f_min)/(f_max - f_min) - 1, and {Min: 0, Max: b} and
// {Min: -b, Max: b} the [0, b] and [-b, b] variants. It matches
// scikit-learn's MinMaxScaler(feature_range=(Min, Max)), computing
// f * scale + offset as it does. Data outside the training range maps
// outside [Min, Max] (no clipping). A constant feature (a range of at
// most 10 eps max(|f_min|, |f_max|), rounding noise on its values) gets
// range 1 and maps to 0 on the training data whenever 0 lies in [Min,
// Max] (so for [0, 1], [-1, 1], [0, b] and [-b, b]), else to Min: never
// NaN. Its values map as image + (f - f_min) (Max - Min) and back as
// f_min + (v - image) / (Max - Min), so that neither cancels whatever the
// magnitude of f_min.
//
// The range is taken on the column multiplied by a power of two that
// brings its largest magnitude near 1 (exact), so that it neither
// overflows (f_max - f_min beyond 1.8e308) nor loses digits in the
// subnormal range, and the result does not depend on the units: X scaled
// by 1e-300 or 1e300 maps as X does. A scale beyond the float64 range
// (a range below about 1e-308 (Max - Min)) is an error wrapping
// ErrNotFinite.
//
// featlab and scikit-learn differ in two places. For a range around 0:
// MinMaxScaler sends a constant feature to Min (-1 for [-1, 1]), an
// extreme value for a feature that says nothing; 0, the middle, is what a
// centred scale means by "no information". And MinMaxScaler's test for a
// constant feature is absolute (a range below 10 eps = 2.2e-15), so a
// feature measured in tiny units is constant there, and one with
// rounding-level variation on large values (1e6 + 1e-10) is stretched to
// [Min, Max]; the relative test here is that of Standardize.
type UnitRange struct {
	Min, Max float64 // target range; both 0 means [0, 1]; need Min < Max
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	dmin, dmax, scale, offset []float64
	// cimg[j] is the image of constant column j, NaN for the others
	// (nil: none constant)
	cimg []float64
}

// Fit learns the minimum and maximum of each column of X.
func (u *UnitRange) Fit(X mat.Matrix) error {
	lo, hi := u.Min, u.Max
	if lo == 0 && hi == 0 {
		hi = 1
	}
	if !(lo < hi) || !finite(lo) || !finite(hi) {
		return featlab.Errorf(featlab.ErrParam, "transform: UnitRange [Min, Max] = [%v, %v] needs finite Min < Max", u.Min, u.Max)
	}
	x, err := rawOf(X, u.Workers)
	if err != nil {
		return err
	}
	dmin, dmax, err := colMinMax(x)
	if err != nil {
		return err
	}
	d := x.cols
	scale := make([]float64, d)
	offset := make([]float64, d)
	cimg := make([]float64, d)
	for j := range scale {
		cimg[j] = math.NaN() // not constant
		// scale before subtracting: the column times 2^-e has its
		// largest magnitude in [0.5, 1); scale = (hi - lo) / r, with r
		// the range, is ldexp((hi - lo) / (r 2^-e), -e), bit for bit
		// when nothing overflows or underflows.
		_, e := math.Frexp(max(math.Abs(dmin[j]), math.Abs(dmax[j])))
		a, b := math.Ldexp(dmin[j], -e), math.Ldexp(dmax[j], -e)
		r := b - a
		target := lo // the image of dmin[j]
		if r <= 10*0x1p-52*max(math.Abs(a), math.Abs(b)) {
			scale[j] = hi - lo // range 1, as scikit-learn
			if lo <= 0 && 0 <= hi {
				target = 0
			}
			cimg[j] = target
		} else {
			scale[j] = math.Ldexp((hi-lo)/r, -e)
		}
		if !finite(scale[j]) || scale[j] == 0 {
			return featlab.Errorf(featlab.ErrNotFinite, "transform: UnitRange: the scale of column %d, (Max - Min) / (%v - %v), is beyond the float64 range", j, dmax[j], dmin[j])
		}
		offset[j] = target - dmin[j]*scale[j]
		if !finite(offset[j]) {
			return featlab.Errorf(featlab.ErrNotFinite, "transform: UnitRange: the offset of column %d overflows float64", j)
		}
	}
	u.dmin, u.dmax, u.scale, u.offset, u.cimg = dmin, dmax, scale, offset, cimg
	u.setFitted(d)
	return nil
}

// Transform returns X * scale + offset with the learned scale and offset.
func (u *UnitRange) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := u.check(X, "UnitRange", u.Workers)
	if err != nil {
		return nil, err
	}
	return u.apply(x, false)
}

// apply maps x column by column, v scale + offset, or with inverse (v -
// offset) / scale; a constant column maps as image + (v - f_min) scale,
// or back as f_min + (v - image) / scale.
func (u *UnitRange) apply(x raw, inverse bool) (*mat.Dense, error) {
	constant := false
	for _, c := range u.cimg {
		constant = constant || !math.IsNaN(c)
	}
	switch {
	case !constant && inverse:
		return affine(x, u.offset, u.scale, true)
	case !constant:
		return mulAdd(x, u.scale, u.offset)
	}
	return mapRows(x, func(dst, in []float64) {
		for j, v := range in {
			c := u.cimg[j]
			switch {
			case math.IsNaN(c) && inverse:
				dst[j] = (v - u.offset[j]) / u.scale[j]
			case math.IsNaN(c):
				dst[j] = v*u.scale[j] + u.offset[j]
			case inverse:
				dst[j] = u.dmin[j] + (v-c)/u.scale[j]
			default:
				dst[j] = c + (v-u.dmin[j])*u.scale[j]
			}
		}
	})
}

// InverseTransform returns (X - offset) / scale.
func (u *UnitRange) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := u.check(X, "UnitRange", u.Workers)
	if err != nil {
		return nil, err
	}
	return u.apply(x, true)
}

// DataMin returns a copy of the learned column minima (nil before Fit).
func (u *UnitRange) DataMin() []float64 { return clone(u.dmin) }

// DataMax returns a copy of the learned column maxima (nil before Fit).
func (u *UnitRange) DataMax() []float64 { return clone(u.dmax) }

// mulAdd returns x * mul + add column by column, rejecting NaN and
// infinities.
func mulAdd(x raw, mul, add []float64) (*mat.Dense, error) {
	return mapRowsChecked(x, func(dst, in []float64) bool {
		return kernel.MulAdd(dst, in, mul, add)
	})
}

// MaxAbs divides every feature by the largest absolute value it takes on
// the training data, so that it lies in [-1, 1]:
//
//	f_i <- f_i / max_k |f_k|
//
// This is the normalization of the ridge example of 25.2 ("divide each
// feature by the maximal value it attains"), and scikit-learn's
// MaxAbsScaler. It keeps zeros at zero (and so sparsity). A feature that
// is zero on all training rows gets scale 1. Any other feature is divided
// by its maximum, however small, so the result does not depend on the
// units (X scaled by 1e-300 maps as X does); scikit-learn leaves a feature
// whose maximum is below 10 eps = 2.2e-15 unscaled. The zero value is
// ready to use.
type MaxAbs struct {
	// Workers is the number of goroutines for the passes over row
	// chunks; 0 means all cores. The result does not depend on it.
	Workers int

	fitted
	scale []float64
}

// Fit learns max_i |x_ij| for each column j.
func (a *MaxAbs) Fit(X mat.Matrix) error {
	x, err := rawOf(X, a.Workers)
	if err != nil {
		return err
	}
	lo, hi, err := colMinMax(x)
	if err != nil {
		return err
	}
	scale := make([]float64, len(lo))
	for j := range scale {
		scale[j] = max(-lo[j], hi[j])
		if scale[j] == 0 {
			scale[j] = 1
		}
	}
	a.scale = scale
	a.setFitted(x.cols)
	return nil
}

// Transform returns X / scale.
func (a *MaxAbs) Transform(X mat.Matrix) (*mat.Dense, error) {
	x, err := a.check(X, "MaxAbs", a.Workers)
	if err != nil {
		return nil, err
	}
	return affine(x, make([]float64, a.d), a.scale, true)
}

// InverseTransform returns X * scale.
func (a *MaxAbs) InverseTransform(X mat.Matrix) (*mat.Dense, error) {
	x, err := a.check(X, "MaxAbs", a.Workers)
	if err != nil {
		return nil, err
	}
	return affine(x, make([]float64, a.d), a.scale, false)
}

// Scale returns a copy of the learned scales max_i |x_ij| (1 for an
// all-zero column; nil before Fit).
func (a *MaxAbs) Scale() []float64 { return clone(a.scale) }
