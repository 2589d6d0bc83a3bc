package represent

import (
	"math"

	"github.com/featlab/course/featlab/transform"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
)

// PCAConfig configures PCA.
type PCAConfig struct {
	// K is the number of components kept, 1 <= K <= min(m, d): unlike
	// k-means, PCA's code cannot be wider than the data. Default (0): all
	// min(m, d) components.
	K int
	// Whiten scales each code to unit variance on the training data
	// (scikit-learn's whiten=True): psi_j(x) = w_j^T (x - xbar) /
	// sqrt(ExplainedVariance[j]), with the variance's m - 1 denominator,
	// and Decode multiplies back. Components stay orthonormal, as
	// scikit-learn's components_ do. A kept component of zero variance
	// (K above the rank of the centred data: a singular value at most
	// eps max(m, d) times the largest) is then an error. Default false.
	Whiten bool
}

// PCA is principal component analysis as a linear auto-encoder (25.3.1):
// with the training mean xbar and the K x d matrix W whose rows are the
// leading right singular vectors of the centred training data, the encoder
// and decoder are
//
//	psi(x) = W (x - xbar),    phi(v) = W^T v + xbar,
//
// the pair of linear maps with a K-dimensional code that minimises the
// reconstruction error sum_i ||x_i - phi(psi(x_i))||^2 on the training data.
// That minimum equals the sum of the discarded squared singular values
// (the discarded eigenvalues of the scatter matrix sum_i (x_i - xbar)(x_i -
// xbar)^T), i.e. (m - 1) times the sum of the discarded explained
// variances. With all components the round trip is exact.
//
// With Whiten the code is rescaled, psi(x) = S^{-1} W (x - xbar) and
// phi(v) = W^T S v + xbar with S = diag(sqrt(ExplainedVariance[:K])):
// the codes of the training rows have sample covariance I (m - 1
// denominator); the round trip is unchanged.
//
// It matches scikit-learn's PCA(n_components=K, svd_solver="full",
// whiten=Whiten):
// components_ = Components (up to the sign of each row; here the entry of
// largest magnitude of each component is positive), explained_variance_ =
// ExplainedVariance (s^2 / (m-1)).
type PCA struct {
	PCAConfig
	// FrameMemory lets transform.FitFrame / TransformFrame find the
	// fitted columns of a data frame by name.
	transform.FrameMemory
	// Samples is m, the number of training rows (scikit-learn's
	// n_samples_).
	Samples int
	// Mean is the column mean of the training data.
	Mean []float64
	// Components is the K x d matrix W (orthonormal rows).
	Components *mat.Dense
	// SingularValues holds all min(m, d) singular values of the centred
	// training data, decreasing.
	SingularValues []float64
	// ExplainedVariance[j] = SingularValues[j]^2 / (m - 1), all of them.
	ExplainedVariance []float64
	// ExplainedVarianceRatio[j] = ExplainedVariance[j] / total variance.
	ExplainedVarianceRatio []float64
}

// FitPCA fits PCA to the rows of X.
//
// Errors: K < 0 or K > min(m, d) (ErrParam); empty or non-finite X
// (ErrEmpty, ErrNotFinite); with Whiten, fewer than 2 rows or a kept
// component of zero variance (ErrConstant); the SVD failing to converge.
func FitPCA(X mat.Matrix, cfg PCAConfig) (*PCA, error) {
	p := &PCA{PCAConfig: cfg}
	if err := p.Fit(X); err != nil {
		return nil, err
	}
	return p, nil
}

// Fit computes the components of X (featlab.Transformer).
func (p *PCA) Fit(X mat.Matrix) error {
	p.SetFrameColumns(nil)
	m, d, err := checkData(X, "X")
	if err != nil {
		return err
	}
	r := min(m, d)
	k := p.K
	if k == 0 {
		k = r
	}
	if k < 1 || k > r {
		return featlab.Errorf(featlab.ErrParam, "represent: PCA: K = %d outside [1, min(m, d) = %d]", p.K, r)
	}
	x, _, _ := kernel.DenseRows(X)
	if err := kernel.CheckScale(x, "represent", "X"); err != nil {
		return err
	}
	mean := columnMeans(x, m, d)
	c := mat.NewDense(m, d, nil)
	cd := c.RawMatrix().Data
	for i := 0; i < m; i++ {
		row := cd[i*d : (i+1)*d]
		for j, v := range x[i*d : (i+1)*d] {
			row[j] = v - mean[j]
		}
	}
	// For tall data, the eigendecomposition of C^T C when it is well
	// conditioned (pcaCovariance, the cheaper path); else, for tall data,
	// the SVD of the triangular factor of a QR decomposition, which has
	// the same singular values and right vectors as C.
	if m > 2*d {
		if s, v, ok := pcaCovariance(c, m, d); ok {
			return p.finish(s, v, mean, m, d, k)
		}
	}
	var a mat.Matrix = c
	if m > 2*d {
		var qr mat.QR
		qr.Factorize(c)
		var rr mat.Dense
		qr.RTo(&rr)
		a = rr.Slice(0, d, 0, d)
	}
	return p.fromFactor(a, mean, m, d, k)
}

// fromFactor finishes a fit from a matrix a with the singular values and
// right singular vectors of the centred data (the data, the triangular
// factor of its QR, or that of the scatter matrix's Cholesky), the column
// means, m rows, d features and k components.
func (p *PCA) fromFactor(a mat.Matrix, mean []float64, m, d, k int) error {
	r := min(m, d)
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDThinV) {
		return featlab.Errorf(featlab.ErrNotConverged, "represent: PCA: SVD did not converge")
	}
	var v mat.Dense
	svd.VTo(&v)
	return p.finish(svd.Values(nil)[:r], &v, mean, m, d, k)
}

// finish sets the fitted PCA from the singular values s (min(m, d) of
// them, descending) and right singular vectors v of the centred data.
func (p *PCA) finish(s []float64, v *mat.Dense, mean []float64, m, d, k int) error {
	r := len(s)
	W := mat.NewDense(k, d, nil)
	for j := 0; j < k; j++ {
		big, sign := 0.0, 1.0
		for t := 0; t < d; t++ {
			if a := math.Abs(v.At(t, j)); a > big {
				big = a
				sign = math.Copysign(1, v.At(t, j))
			}
		}
		for t := 0; t < d; t++ {
			W.Set(j, t, sign*v.At(t, j))
		}
	}
	ev := make([]float64, r)
	ratio := make([]float64, r)
	tot := 0.0
	den := float64(m - 1)
	if m == 1 {
		den = 1
	}
	for j, sv := range s {
		ev[j] = sv * sv / den
		tot += ev[j]
	}
	for j := range ratio {
		if tot > 0 {
			ratio[j] = ev[j] / tot
		}
	}
	if p.Whiten {
		if m < 2 {
			return featlab.Errorf(featlab.ErrConstant, "represent: PCA: Whiten needs 2 rows or more (the variance of 1 row is undefined)")
		}
		// numerically zero: below the rank cut of numpy's lstsq
		cut := 2.220446049250313e-16 * float64(max(m, d)) * s[0]
		for j := 0; j < k; j++ {
			if s[j] <= cut {
				return featlab.Errorf(featlab.ErrConstant, "represent: PCA: Whiten: component %d of %d has zero variance (K above the rank of the centred data)", j+1, k)
			}
		}
	}
	p.Samples = m
	p.Mean, p.Components, p.SingularValues, p.ExplainedVariance, p.ExplainedVarianceRatio = mean, W, s, ev, ratio
	return nil
}

// whitenScale returns sqrt(ExplainedVariance[j]) = s_j / sqrt(m - 1) for
// the K kept components, computed from s_j so that it does not underflow
// where s_j^2 does.
func (p *PCA) whitenScale(k int) []float64 {
	sc := make([]float64, k)
	den := math.Sqrt(float64(max(p.Samples-1, 1)))
	for j := range sc {
		sc[j] = p.SingularValues[j] / den
	}
	return sc
}

// OutputNames names the K output columns pc1..pcK (featlab.Namer).
func (p *PCA) OutputNames([]string) ([]string, error) {
	if p == nil || p.Components == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: PCA used before Fit")
	}
	k, _ := p.Components.Dims()
	return names("pc", k), nil
}

// Encode returns psi(x) = W (x - mean) for each row: an m x K matrix.
func (p *PCA) Encode(X mat.Matrix) (*mat.Dense, error) {
	if p == nil || p.Components == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: PCA used before Fit")
	}
	k, d := p.Components.Dims()
	if err := checkWidth(X, d, "X"); err != nil {
		return nil, err
	}
	m, _, err := checkData(X, "X")
	if err != nil {
		return nil, err
	}
	c := mat.NewDense(m, d, nil)
	c.Copy(X)
	cd := c.RawMatrix().Data
	for i := 0; i < m; i++ {
		axpy(-1, p.Mean, cd[i*d:(i+1)*d])
	}
	out := mat.NewDense(m, k, nil)
	out.Mul(c, p.Components.T())
	if p.Whiten {
		sc := p.whitenScale(k)
		od := out.RawMatrix().Data
		for i := 0; i < m; i++ {
			row := od[i*k : (i+1)*k]
			for j := range row {
				row[j] /= sc[j]
			}
		}
	}
	return out, nil
}

// Transform is Encode (featlab.Transformer).
func (p *PCA) Transform(X mat.Matrix) (*mat.Dense, error) { return p.Encode(X) }

// Decode returns phi(v) = W^T v + mean for each row v of V (K columns).
func (p *PCA) Decode(V mat.Matrix) (*mat.Dense, error) {
	if p == nil || p.Components == nil {
		return nil, featlab.Errorf(featlab.ErrNotFitted, "represent: PCA used before Fit")
	}
	D := p.Components
	if p.Whiten {
		k, d := D.Dims()
		D = mat.NewDense(k, d, nil)
		D.Copy(p.Components)
		for j, v := range p.whitenScale(k) {
			row := D.RawRowView(j)
			for t := range row {
				row[t] *= v
			}
		}
	}
	out, err := decode(V, D, "PCA")
	if err != nil {
		return nil, err
	}
	m, d := out.Dims()
	od := out.RawMatrix().Data
	for i := 0; i < m; i++ {
		axpy(1, p.Mean, od[i*d:(i+1)*d])
	}
	return out, nil
}

// InverseTransform is Decode (featlab.InverseTransformer).
func (p *PCA) InverseTransform(V mat.Matrix) (*mat.Dense, error) { return p.Decode(V) }
