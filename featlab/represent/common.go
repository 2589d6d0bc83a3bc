package represent

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/kernel"
	"github.com/featlab/course/featlab/internal/matx"
)

// AutoEncoder is a learned representation with an explicit encoder psi and
// decoder phi (25.3.1). Encode maps rows of X (m x d) to codes (m x k);
// Decode maps codes back to R^d. Both return errors wrapping
// featlab.ErrNotFitted before Fit and featlab.ErrShape on a wrong width.
type AutoEncoder interface {
	featlab.Transformer
	Encode(X mat.Matrix) (*mat.Dense, error)
	Decode(V mat.Matrix) (*mat.Dense, error)
}

// ReconstructionError returns sum_i ||x_i - phi(psi(x_i))||^2 over the rows
// of X, the reconstruction error of 25.3.1 (a plain sum, Zhou's scaling).
func ReconstructionError(ae AutoEncoder, X mat.Matrix) (float64, error) {
	if ae == nil {
		return 0, featlab.Errorf(featlab.ErrParam, "represent: nil auto-encoder")
	}
	V, err := ae.Encode(X)
	if err != nil {
		return 0, err
	}
	R, err := ae.Decode(V)
	if err != nil {
		return 0, err
	}
	x := matx.RowMajor(X)
	r := R.RawMatrix()
	s := 0.0
	for i := 0; i < x.Rows; i++ {
		xi := x.Data[i*x.Stride : i*x.Stride+x.Cols]
		ri := r.Data[i*r.Stride : i*r.Stride+r.Cols]
		s += kernel.SqDist(xi, ri)
	}
	return s, nil
}

// columnMeans returns the mean of each column of the m x d row-major x.
func columnMeans(x []float64, m, d int) []float64 {
	mean := make([]float64, d)
	for i := 0; i < m; i++ {
		axpy(1, x[i*d:(i+1)*d], mean)
	}
	for j := range mean {
		mean[j] /= float64(m)
	}
	return mean
}

// axpy does y += a x.
func axpy(a float64, x, y []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += a * v
	}
}

// checkData validates X for fitting or encoding: non-nil, non-empty,
// finite. what names the matrix in messages.
func checkData(X mat.Matrix, what string) (m, d int, err error) {
	if featlab.IsNil(X) {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "represent: %s: nil matrix", what)
	}
	m, d = X.Dims()
	if m == 0 || d == 0 {
		return 0, 0, featlab.Errorf(featlab.ErrEmpty, "represent: %s is %dx%d", what, m, d)
	}
	x := matx.RowMajor(X)
	for i := 0; i < m; i++ {
		for j, v := range x.Data[i*x.Stride : i*x.Stride+d] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, 0, featlab.Wrap(featlab.NotFiniteCell(v, i, fmt.Sprintf("column %d", j)), "represent: %s", what)
			}
		}
	}
	return m, d, nil
}

// checkWidth returns an error unless X (already non-nil) has d columns.
func checkWidth(X mat.Matrix, d int, what string) error {
	if featlab.IsNil(X) {
		return featlab.Errorf(featlab.ErrEmpty, "represent: %s: nil matrix", what)
	}
	_, c := X.Dims()
	if c != d {
		return featlab.Errorf(featlab.ErrShape, "represent: %s has %d columns, fitted with %d", what, c, d)
	}
	return nil
}

// safeProgress calls p(done, total) and turns a panic into an error
// wrapping featlab.ErrPanic.
func safeProgress(p featlab.Progress, done, total int) (err error) {
	if p == nil {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = featlab.Errorf(featlab.ErrPanic, "represent: the Progress callback panicked: %v", r)
		}
	}()
	p(done, total)
	return nil
}

// names returns prefix1..prefixK.
func names(prefix string, k int) []string {
	out := make([]string, k)
	for j := range out {
		out[j] = prefix + strconv.Itoa(j+1)
	}
	return out
}
