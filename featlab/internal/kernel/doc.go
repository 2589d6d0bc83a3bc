// Package kernel is the one home of featlab's inner loops: the distance
// kernels represent's k-means, sparse coding and PCA use (SqDist, Dot,
// SqDistBelow; SqDistRows, one point against several rows with SqDist's
// bits; DotRows2, two rows against a block; SubClampMask, Elkan's bound
// update) with their row helpers (DenseRows, CheckScale); the fused
// column-statistics passes of the filter scores (Moments: sums, squares
// and cross products with y; ShiftSq and SumNonneg: per-class sums, the
// cross products with class indicators) and of the scalers (SumRows,
// CentredSums); the scalers' row maps (AffineDiv, MulAdd, MinMax, Finite)
// and the row norms' (SumSq, DivScalar); the dense products on DotRows
// (Gram, x^T x for PCA's covariance; MulABt, C = A B^T for the eigen
// package's divide and conquer, Householder updates and back-transform);
// and Sum, with which peerbench measures the memory bandwidth.
//
// Every kernel has a portable Go version (the ...Go functions, always
// compiled and tested) and, on amd64, an assembly version chosen at run
// time by CPU feature (golang.org/x/sys/cpu: AVX2 with FMA; SqDist falls
// back to SSE2, which every amd64 has, with the same bits). Building with -tags noasm uses the portable code only; make
// test runs this package and represent both ways.
//
// Summation order. SumRows, CentredSums, the row maps, SumSq (Dot(x, x)'s
// four partial sums as the lanes of one register), SubClampMask and SqDist
// give the portable loops' bits (SqDist: the SSE2 kernel's; SqDistRows:
// SqDist's). For Moments and
// ShiftSq the portable and the vectorised code add
// the same terms in the same order, column by column (the vector lanes are
// columns), and give the same sums of t; the sums of squares and cross
// products differ only where the vector code fuses a multiply and an add
// (one rounding instead of two), so the two agree to within a few units in
// the last place of sum_i |t_ij| |u_ij| (see FuzzColumnStats). Neither
// depends on the number of goroutines of the caller, which hands out fixed
// row chunks and adds their partial sums in chunk order.
//
// Indices and lengths are the caller's responsibility: this is internal
// plumbing, validated at the library's public edges.
package kernel
