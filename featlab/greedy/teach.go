package greedy

import (
	"fmt"
	"math"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/internal/matx"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Basis selects how OrthonormalBasis orthonormalises columns.
type Basis int

const (
	// ClassicalGS is classical Gram-Schmidt, one pass: each column minus
	// its projections on the earlier basis vectors, all computed from the
	// original column. The loss of orthogonality grows like eps kappa^2.
	ClassicalGS Basis = iota
	// ModifiedGS is modified Gram-Schmidt: the projections are removed one
	// at a time from the running remainder. Loss grows like eps kappa.
	ModifiedGS
	// SVDBasis takes the left singular vectors of the nonzero singular
	// values (the book's choice in the OMP pseudocode). Loss ~ eps.
	SVDBasis
)

// String names the method.
func (b Basis) String() string {
	switch b {
	case ClassicalGS:
		return "classical Gram-Schmidt"
	case ModifiedGS:
		return "modified Gram-Schmidt"
	case SVDBasis:
		return "SVD"
	}
	return fmt.Sprintf("Basis(%d)", int(b))
}

// OrthonormalBasis returns an m x k matrix whose columns are an orthonormal
// basis of the columns of A computed by the given method: the step the
// book's OMP performs every round ("use SVD to find an orthonormal basis
// of X_I") and the Gram-Schmidt procedure it warns against. For the
// Gram-Schmidt methods k is the number of columns (a zero remainder is an
// error, ErrConstant); for SVD it is the numerical rank.
func OrthonormalBasis(A mat.Matrix, method Basis) (*mat.Dense, error) {
	if err := featlab.CheckMatrix(A, nil); err != nil {
		return nil, fmt.Errorf("greedy.OrthonormalBasis: %w", err)
	}
	m, n := A.Dims()
	switch method {
	case ClassicalGS, ModifiedGS:
		Q := mat.NewDense(m, n, nil)
		cols := make([][]float64, 0, n)
		for j := 0; j < n; j++ {
			a := mat.Col(nil, j, A)
			u := append([]float64(nil), a...)
			for _, q := range cols {
				src := a // classical: project the original column
				if method == ModifiedGS {
					src = u // modified: project what remains
				}
				floats.AddScaled(u, -floats.Dot(q, src), q)
			}
			nu := floats.Norm(u, 2)
			if nu == 0 {
				return nil, featlab.Errorf(featlab.ErrConstant, "greedy.OrthonormalBasis: column %d lies in the span of the earlier ones", j)
			}
			for i := range u {
				u[i] /= nu // not Scale(1/nu): 1/nu overflows when nu is subnormal
			}
			cols = append(cols, u)
			Q.SetCol(j, u)
		}
		return Q, nil
	case SVDBasis:
		var svd mat.SVD
		if !svd.Factorize(A, mat.SVDThin) {
			return nil, featlab.Errorf(featlab.ErrNotConverged, "greedy.OrthonormalBasis: SVD failed")
		}
		s := svd.Values(nil)
		rank := 0
		for _, v := range s {
			if v > float64(max(m, n))*2.220446049250313e-16*s[0] {
				rank++
			}
		}
		if rank == 0 {
			return nil, featlab.Errorf(featlab.ErrConstant, "greedy.OrthonormalBasis: all columns are zero")
		}
		var U mat.Dense
		svd.UTo(&U)
		return mat.DenseCopyOf(U.Slice(0, m, 0, rank)), nil
	}
	return nil, featlab.Errorf(featlab.ErrParam, "greedy.OrthonormalBasis: unknown method %d", int(method))
}

// OrthogonalityLoss returns ||V^T V - I||_F, how far the columns of V are
// from orthonormal.
func OrthogonalityLoss(V mat.Matrix) float64 {
	if featlab.IsNil(V) {
		return 0 // no columns: the empty basis is orthonormal
	}
	if d, ok := V.(*mat.Dense); ok && d.IsEmpty() {
		return 0
	}
	_, k := V.Dims()
	var G mat.Dense
	G.Mul(V.T(), V)
	for i := 0; i < k; i++ {
		G.Set(i, i, G.At(i, i)-1)
	}
	return mat.Norm(&G, 2)
}

// ExactCriterion returns, for every feature j, the book's OMP criterion
// at the round where the features in chosen are already selected,
//
//	<u_j, y>^2 / ||u_j||^2,   u_j = X_j - V V^T X_j,
//
// V an orthonormal basis of X_chosen; 0 for chosen features and for
// columns with ||u_j||^2 <= DependenceTol ||X_j||^2. No intercept. It is
// the reference for the notebook's exercise and equals OMP's Trace scores
// (with 0 where those are NaN).
func ExactCriterion(X mat.Matrix, y []float64, chosen []int) ([]float64, error) {
	m, d, err := checkXY("ExactCriterion", X, y)
	if err != nil {
		return nil, err
	}
	if err := featlab.CheckMatrix(X, nil); err != nil {
		return nil, fmt.Errorf("greedy.ExactCriterion: %w", err)
	}
	in := make([]bool, d)
	for _, j := range chosen {
		if j < 0 || j >= d || in[j] {
			return nil, featlab.Errorf(featlab.ErrParam, "greedy.ExactCriterion: chosen feature %d out of range or repeated", j)
		}
		in[j] = true
	}
	var V *mat.Dense
	if len(chosen) > 0 {
		if V, err = OrthonormalBasis(matx.Cols(X, chosen), SVDBasis); err != nil {
			return nil, err
		}
	}
	out := make([]float64, d)
	u := make([]float64, m)
	var h []float64
	if V != nil {
		_, k := V.Dims()
		h = make([]float64, k)
	}
	for j := 0; j < d; j++ {
		if in[j] {
			continue
		}
		x := mat.Col(nil, j, X)
		projectOut(u, x, V, h)
		nu, nx := floats.Dot(u, u), floats.Dot(x, x)
		if nx == 0 || nu <= DependenceTol*nx {
			continue
		}
		c := floats.Dot(u, y)
		out[j] = c * c / nu
	}
	return out, nil
}

// AdaBoostGradient returns the gradient of eq. 25.3,
// R(w) = log sum_i exp(-y_i sum_j w_j h_j(x_i)), where H is the m x d
// matrix of base-hypothesis outputs H[i][j] = h_j(x_i):
//
//	dR/dw_j = -sum_i D_i y_i h_j(x_i),   D_i = exp(-y_i f_w(x_i)) / Z,
//
// which equals 2 eps_j - 1 with eps_j = sum_i D_i 1[h_j(x_i) != y_i] when
// the h_j and y_i are +-1 (exercise 25.3). The exponentials are shifted by
// their maximum, so large margins do not overflow.
func AdaBoostGradient(H mat.Matrix, y, w []float64) ([]float64, error) {
	m, d, err := checkXY("AdaBoostGradient", H, y)
	if err != nil {
		return nil, err
	}
	if err := checkAdaInputs("AdaBoostGradient", H, w, d); err != nil {
		return nil, err
	}
	D, _ := adaDistribution(H, y, w)
	g := make([]float64, d)
	for i := 0; i < m; i++ {
		for j := 0; j < d; j++ {
			g[j] -= D[i] * y[i] * H.At(i, j)
		}
	}
	return g, nil
}

// AdaBoostRisk returns R(w) of eq. 25.3 for hypothesis outputs H.
func AdaBoostRisk(H mat.Matrix, y, w []float64) (float64, error) {
	_, d, err := checkXY("AdaBoostRisk", H, y)
	if err != nil {
		return 0, err
	}
	if err := checkAdaInputs("AdaBoostRisk", H, w, d); err != nil {
		return 0, err
	}
	_, r := adaDistribution(H, y, w)
	return r, nil
}

// checkAdaInputs rejects NaN and infinite hypothesis outputs and weights,
// and weights whose number is not d (a NaN would otherwise come out as
// the risk with no error).
func checkAdaInputs(fn string, H mat.Matrix, w []float64, d int) error {
	if len(w) != d {
		return featlab.Errorf(featlab.ErrShape, "greedy.%s: %d weights for %d hypotheses", fn, len(w), d)
	}
	if err := featlab.CheckMatrix(H, nil); err != nil {
		return fmt.Errorf("greedy.%s: %w", fn, err)
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "greedy.%s: weight w[%d] = %v", fn, j, v)
		}
	}
	return nil
}

func adaDistribution(H mat.Matrix, y, w []float64) (D []float64, risk float64) {
	m, d := H.Dims()
	e := make([]float64, m)
	mx := math.Inf(-1)
	for i := 0; i < m; i++ {
		var f float64
		for j := 0; j < d; j++ {
			f += w[j] * H.At(i, j)
		}
		e[i] = -y[i] * f
		mx = math.Max(mx, e[i])
	}
	var Z float64
	for i := range e {
		e[i] = math.Exp(e[i] - mx)
		Z += e[i]
	}
	for i := range e {
		e[i] /= Z
	}
	return e, math.Log(Z) + mx
}

// BestSubset returns the k features whose least-squares fit has the
// smallest residual sum of squares, by exhaustive search over all
// C(d, k) subsets (ties to the lexicographically first), with that RSS.
// It is the reference the greedy methods approximate; d must be at most
// 30 and C(d, k) at most 10^7.
func BestSubset(X mat.Matrix, y []float64, k int, intercept bool) ([]int, float64, error) {
	m, d, err := checkXY("BestSubset", X, y)
	if err != nil {
		return nil, 0, err
	}
	if k < 1 || k > d {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "greedy.BestSubset: k = %d outside [1, %d]", k, d)
	}
	if k > m {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "greedy.BestSubset: k = %d exceeds the %d examples", k, m)
	}
	if c := binom(d, k); d > 30 || c > 1e7 {
		return nil, 0, featlab.Errorf(featlab.ErrParam, "greedy.BestSubset: C(%d, %d) = %.0f subsets is too many", d, k, c)
	}
	ds, err := newOMPDesign(X, y, intercept)
	if err != nil {
		return nil, 0, fmt.Errorf("greedy.BestSubset: %w", err)
	}
	cols := make([][]float64, d)
	for j := range cols {
		cols[j] = make([]float64, m)
		ds.Column(cols[j], j)
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i
	}
	var best []int
	bestRSS := math.Inf(1)
	for {
		A := mat.NewDense(m, k, nil)
		for c, j := range idx {
			A.SetCol(c, cols[j])
		}
		var qr mat.QR
		qr.Factorize(A)
		var w mat.VecDense
		if qr.SolveVecTo(&w, false, mat.NewVecDense(m, ds.Y)) == nil {
			r := append([]float64(nil), ds.Y...)
			for c, j := range idx {
				floats.AddScaled(r, -w.AtVec(c), cols[j])
			}
			if rss := floats.Dot(r, r); rss < bestRSS*(1-1e-12) {
				best, bestRSS = append([]int(nil), idx...), rss
			}
		}
		// next combination
		i := k - 1
		for i >= 0 && idx[i] == d-k+i {
			i--
		}
		if i < 0 {
			break
		}
		idx[i]++
		for l := i + 1; l < k; l++ {
			idx[l] = idx[l-1] + 1
		}
	}
	if best == nil {
		return nil, 0, featlab.Errorf(featlab.ErrConstant, "greedy.BestSubset: every %d-subset is rank deficient", k)
	}
	return best, bestRSS, nil
}

func binom(n, k int) float64 {
	c := 1.0
	for i := 0; i < k; i++ {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}
