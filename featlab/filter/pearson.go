package filter

import (
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/mathext"

	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/matx"
	"github.com/featlab/course/featlab/internal/par"
)

// Pearson scores each feature by the absolute value of its Pearson
// correlation with the target (Shalev-Shwartz and Ben-David, eq. 25.2):
//
//	r_j = <v - mean(v), y - mean(y)> / (||v - mean(v)|| ||y - mean(y)||)
//
// where v is column j of X. Values[j] = |r_j|, Signs[j] = sign(r_j), so
// Signed() returns r_j as scikit-learn's r_regression does. Ranking by |r_j|
// is ranking by the minimal squared loss of eq. 25.1 (see MinLoss).
// PValues[j] is the two-sided p-value of the test of r = 0, the one of
// FRegression. A constant feature gets r = 0 (and p-value 1).
//
// The correlations of all features come from one fused pass over the rows
// of X, accumulating shifted sums per column; columns are split among the
// workers. y must be finite and not constant.
func Pearson(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	c, err := correlate(X, y, cfg.Names, cfg.Workers)
	if err != nil {
		return nil, err
	}
	return c.pearson(), nil
}

// pearson returns Pearson's scores of the correlations.
func (c *corr) pearson() *Scores {
	s := &Scores{Method: "pearson |r|", Names: c.in.names, Values: make([]float64, c.in.d), Signs: make([]float64, c.in.d), Constant: constantList(c.constant)}
	for j, r := range c.r {
		s.Values[j] = math.Abs(r)
		s.Signs[j] = sign(r)
	}
	s.PValues = c.pvalues()
	return s
}

// RSquared scores each feature by r^2, the squared Pearson correlation:
// the fraction of the variance of y explained by the best affine predictor
// a v + b on that feature alone (the Aalto lecture's variable-ranking score;
// 1 - r^2 = eq. 25.1's risk / var(y)). Signs[j] = sign(r_j); PValues as for
// Pearson. A constant feature scores 0.
func RSquared(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	c, err := correlate(X, y, cfg.Names, cfg.Workers)
	if err != nil {
		return nil, err
	}
	s := &Scores{Method: "r^2", Names: c.in.names, Values: make([]float64, c.in.d), Signs: make([]float64, c.in.d), Constant: constantList(c.constant)}
	for j, r := range c.r {
		s.Values[j] = r * r
		s.Signs[j] = sign(r)
	}
	s.PValues = c.pvalues()
	return s, nil
}

// FRegression scores each feature by the F statistic of the univariate
// linear regression of y on it, as scikit-learn's f_regression (center=True):
//
//	F_j = r_j^2 / (1 - r_j^2) * (m - 2)
//
// with its p-value from the F(1, m-2) distribution. F is a monotone function
// of |r|, so it ranks features as Pearson does. A constant feature gets
// F = 0 and p-value 1; a feature with |r| = 1 gets F = math.MaxFloat64 and
// p-value 0 (scikit-learn's force_finite convention). With m < 3 there are
// no residual degrees of freedom: every F is 0 and every p-value 1.
func FRegression(X mat.Matrix, y []float64, cfg Config) (*Scores, error) {
	c, err := correlate(X, y, cfg.Names, cfg.Workers)
	if err != nil {
		return nil, err
	}
	return c.fRegression(), nil
}

// fRegression returns the F-regression scores of the correlations.
func (c *corr) fRegression() *Scores {
	s := &Scores{Method: "F regression", Names: c.in.names, Values: make([]float64, c.in.d), Constant: constantList(c.constant)}
	df := float64(c.in.m - 2)
	for j, r := range c.r {
		s.Values[j] = fFromR(r, df)
	}
	s.PValues = c.pvalues()
	return s
}

// fFromR returns r^2/(1-r^2)*df, math.MaxFloat64 for |r| = 1 and 0 when
// df <= 0.
func fFromR(r, df float64) float64 {
	if df <= 0 {
		return 0
	}
	r2 := r * r
	if r2 >= 1 {
		return math.MaxFloat64
	}
	return r2 / (1 - r2) * df
}

// fSurvival returns P(F > f) for F ~ F(d1, d2), computed as the regularised
// incomplete beta function I_{d2/(d2+d1 f)}(d2/2, d1/2) so that tiny upper
// tail probabilities keep full relative accuracy (scipy's fdtrc does the
// same; 1 - CDF would round them to 0).
func fSurvival(f, d1, d2 float64) float64 {
	if f <= 0 {
		return 1
	}
	if math.IsInf(f, 1) || f == math.MaxFloat64 {
		return 0
	}
	return mathext.RegIncBeta(d2/2, d1/2, d2/(d2+d1*f))
}

// corr is the result of the fused correlation pass.
type corr struct {
	in       *input
	r        []float64
	constant []bool
}

// pvalues returns the two-sided p-values of r = 0 for every feature
// (F(1, m-2) survival of F = r^2/(1-r^2)(m-2)); 1 for constant features and
// when m < 3.
func (c *corr) pvalues() []float64 {
	p := make([]float64, len(c.r))
	df := float64(c.in.m - 2)
	for j, r := range c.r {
		if c.constant[j] || df <= 0 {
			p[j] = 1
			continue
		}
		p[j] = fSurvival(fFromR(r, df), 1, df)
	}
	return p
}

// correlate validates the input and computes the Pearson correlation of
// every column of X with y.
func correlate(X mat.Matrix, y []float64, names []string, workers int) (*corr, error) {
	in, err := prepare("", X, y, names, false)
	if err != nil {
		return nil, err
	}
	if err := checkRegressionTarget(y); err != nil {
		return nil, err
	}
	// An exact power-of-two scale per column brings columns near 1e+-300
	// into the range where the fused pass neither overflows nor
	// underflows: r is scale-free, so the scores are those of the unscaled
	// data bit for bit (the fallback for overflowing sums used to break
	// exact ties another way: PercentileSelector chose another feature at
	// X x 1e300). Columns in the ordinary range are left as they are.
	// The pass runs on the data as they are; only the columns whose sums
	// do not prove them in range are looked at again (rescaleColumns).
	r, constant, s2, bad := correlations(in, y, workers, 0)
	bad = in.rescaleColumns(y, workers, s2, r, constant) || bad
	if bad {
		if err := in.findNotFinite(); err != nil {
			return nil, err
		}
	}
	return &corr{in: in, r: r, constant: constant}, nil
}

// inRange reports whether the sums of the fused pass prove that column j's
// largest magnitude a = max_i |x_ij| lies where matx.Pow2Scale leaves it
// alone (2^-60 <= a < 2^60 is enough): with x0 the shift (row 0's value)
// and s2 = sum_i (x_ij - x0)^2 over m rows, |x0| <= a <= |x0| +
// sqrt(s2), and a >= sqrt(s2/m)/2; the bounds below leave a factor of two
// of room for rounding.
func inRange(x0, s2 float64, m int) bool {
	if !(s2 >= 0) || math.IsInf(s2, 0) {
		return false
	}
	const lo, hi = 0x1p-59, 0x1p59
	d := math.Sqrt(s2)
	upper := 2 * (math.Abs(x0) + d)
	lower := max(math.Abs(x0), d/math.Sqrt(float64(m))/2) / 2
	return upper < hi && lower >= lo
}

// rescaleColumns finds the columns whose fused sums do not prove them in
// the ordinary range (inRange), takes their exact max |x| and, for those
// matx.Pow2Scale would scale, recomputes r on a copy multiplied by that
// power of two, with the same row chunks as the full pass: the bits a pass
// over the prescaled matrix gives. It reports whether a recomputed column
// produced non-finite sums.
func (in *input) rescaleColumns(y []float64, workers int, s2, r []float64, constant []bool) bool {
	var cols []int
	var scale []float64
	for j := 0; j < in.d; j++ {
		if inRange(in.data[j], s2[j], in.m) {
			continue
		}
		big := 0.0
		for i := 0; i < in.m; i++ {
			if a := math.Abs(in.data[i*in.stride+j]); a > big {
				big = a
			}
		}
		if s := matx.Pow2Scale(big); s != 1 {
			cols = append(cols, j)
			scale = append(scale, s)
		}
	}
	if len(cols) == 0 {
		return false
	}
	k := len(cols)
	sub := &input{m: in.m, d: k, stride: k, data: make([]float64, in.m*k)}
	for i := 0; i < in.m; i++ {
		row := in.data[i*in.stride:]
		for c, j := range cols {
			sub.data[i*k+c] = row[j] * scale[c]
		}
	}
	rs, cs, _, bad := correlations(sub, y, workers, chunkCount(in.m, 3*in.d))
	for c, j := range cols {
		r[j], constant[j] = rs[c], cs[c]
	}
	return bad
}

// correlations computes r_j for all columns in one fused pass over the rows.
// bad reports that some column produced non-finite sums (a NaN or Inf in X,
// or an overflow); overflowing finite columns are recomputed with scaling.
//
// chunks is the number of row chunks (chunkCount(m, 3d) when 0); s2 holds
// the sums of squares of the shifted columns (x_ij - x_0j), for
// rescaleColumns.
func correlations(in *input, y []float64, workers, chunks int) (r []float64, constant []bool, s2 []float64, bad bool) {
	m, d := in.m, in.d
	// Centre y once, scaled by max|y| so that neither overflow nor
	// underflow can reach the sums (r does not depend on the scale of y).
	yc, syy, ycs := scaledCentre(y)
	r = make([]float64, d)
	constant = make([]bool, d)
	badCol := make([]bool, d)
	// The pass: shift each column by its value in row 0 (t = x - x0) and
	// accumulate sum t, sum t^2 and sum t*yc over fixed chunks of rows
	// (partial sums added in chunk order, so the result does not depend on
	// the number of workers, which take chunks as they come).
	shift := in.data[:d:d]
	if chunks == 0 {
		chunks = chunkCount(m, 3*d)
	}
	sums := chunkedSums(m, 3*d, chunks, workers, func(lo, hi int, acc []float64) {
		fusedSums(in, yc, shift, acc, lo, hi)
	})
	s1, s2, sxy := sums[:d], sums[d:2*d], sums[2*d:]
	fm := float64(m)
	for j := 0; j < d; j++ {
		sxx := s2[j] - s1[j]*s1[j]/fm
		cxy := sxy[j] - s1[j]*ycs/fm
		if !(sxx > 1e-4*s2[j]) || math.IsInf(s2[j], 0) {
			// A constant column (s2 = 0), possible cancellation (the
			// column's mean far from its row-0 value relative to its
			// spread), overflow, or a NaN/Inf: two scaled passes, which
			// also decide constancy exactly.
			rr, isConst, ok := columnCorr(in, j, yc, syy)
			r[j], constant[j], badCol[j] = rr, isConst, !ok
			continue
		}
		r[j] = clamp1(cxy / (math.Sqrt(sxx) * math.Sqrt(syy)))
	}
	for _, b := range badCol {
		bad = bad || b
	}
	return r, constant, s2, bad
}

// chunkCount is the number of row chunks of chunkedSums for m rows and
// accumulators of the given width: it depends only on them.
func chunkCount(m, width int) int {
	const minRows, maxChunks, budget = 256, 64, 1 << 22
	return min(max(m/minRows, 1), maxChunks, max(budget/width, 1))
}

// chunkedSums splits the rows [0, m) into n chunks (chunkCount: a number
// that depends only on m and width), calls fill(lo, hi, acc) for each chunk with
// a zeroed accumulator of the given width (chunks run on up to workers
// goroutines, handed out one at a time, so a slow core does less), and
// returns the sum of the accumulators taken in chunk order: the same bits
// for any number of workers.
func chunkedSums(m, width, n, workers int, fill func(lo, hi int, acc []float64)) []float64 {
	if par.Workers(workers, n) == 1 {
		// One worker: the same chunks in order into one buffer, added to
		// the total after each chunk exactly as below.
		total := make([]float64, width)
		acc := make([]float64, width)
		for c := 0; c < n; c++ {
			clear(acc)
			fill(c*m/n, (c+1)*m/n, acc)
			addTo(total, acc, c == 0)
		}
		return total
	}
	parts := make([]float64, n*width)
	par.For(n, workers, func(c int) {
		fill(c*m/n, (c+1)*m/n, parts[c*width:(c+1)*width])
	})
	total := make([]float64, width)
	for c := 0; c < n; c++ {
		addTo(total, parts[c*width:(c+1)*width], c == 0)
	}
	return total
}

// addTo adds acc to total (copies it when first, so that the first chunk's
// sums are taken as they are, without a 0 + x that could turn -0 into +0).
func addTo(total, acc []float64, first bool) {
	if first {
		copy(total, acc)
		return
	}
	acc = acc[:len(total)]
	for j, v := range acc {
		total[j] += v
	}
}

// fusedSums accumulates, for the rows [lo, hi) and all columns, s1 += t,
// s2 += t*t, sxy += t*yc[i] with t = x[i][j] - shift[j], four rows at a
// time (kernel.Moments: AVX2 on amd64, acc = s1 | s2 | sxy).
func fusedSums(in *input, yc, shift, acc []float64, lo, hi int) {
	kernel.Moments(in.data, in.stride, shift[:in.d], yc, acc, lo, hi)
}

// columnCorr computes r for column j by two passes with scaling (robust to
// overflow and cancellation). ok is false when the column holds a NaN or
// an Inf.
func columnCorr(in *input, j int, yc []float64, syy float64) (r float64, constant, ok bool) {
	col := in.column(j, make([]float64, in.m))
	for _, v := range col {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, false, false
		}
	}
	vc, sxx, _ := scaledCentre(col)
	if sxx == 0 {
		return 0, true, true
	}
	// yc may itself be scaled; r is scale-free.
	var sxy float64
	for i, v := range vc {
		sxy += v * yc[i]
	}
	return clamp1(sxy / (math.Sqrt(sxx) * math.Sqrt(syy))), false, true
}

// scaledCentre returns (v - mean(v))/s with s = max|v|, the sum of squares
// of the result and its sum. All values equal gives a zero vector.
func scaledCentre(v []float64) (c []float64, ss, sum float64) {
	var s float64
	for _, x := range v {
		s = math.Max(s, math.Abs(x))
	}
	c = make([]float64, len(v))
	if s == 0 {
		return c, 0, 0
	}
	var mean float64
	for _, x := range v {
		mean += x / s
	}
	mean /= float64(len(v))
	allEq := true
	for i, x := range v {
		c[i] = x/s - mean
		if x != v[0] {
			allEq = false
		}
	}
	if allEq {
		return make([]float64, len(v)), 0, 0
	}
	for _, x := range c {
		ss += x * x
		sum += x
	}
	return c, ss, sum
}

func clamp1(r float64) float64 {
	if r > 1 {
		return 1
	}
	if r < -1 {
		return -1
	}
	return r
}

// pearsonVec returns Pearson's r of two equal-length vectors (0 when either
// is constant), by two passes.
func pearsonVec(v, y []float64) float64 {
	n := float64(len(v))
	var mv, my float64
	for i := range v {
		mv += v[i]
		my += y[i]
	}
	mv /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range v {
		a, b := v[i]-mv, y[i]-my
		sxy += a * b
		sxx += a * a
		syy += b * b
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return clamp1(sxy / (math.Sqrt(sxx) * math.Sqrt(syy)))
}
