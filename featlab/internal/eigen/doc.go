// Package eigen computes every eigenvalue and eigenvector of a dense
// symmetric matrix, the covariance step of represent's PCA, faster than
// gonum's EigenSym (LAPACK's dsyev route: implicit QL/QR on the
// tridiagonal matrix, whose eigenvector updates are O(n^3) plane
// rotations) at the same accuracy.
//
// Sym takes three stages, as LAPACK's dsyevd does:
//
//  1. A = Q T Q^T, blocked Householder tridiagonalisation
//     (tridiagonalize, as LAPACK's dsytrd/dlatrd: A v by kernel.DotRows,
//     the trailing updates by kernel.MulABt); Q is kept as reflectors;
//  2. T = Z diag(w) Z^T by Cuppen's divide and conquer (Tridiag): T is
//     split at its middle off-diagonal entry beta into two halves, each
//     solved recursively (blocks of at most leafSize by gonum's Dsteqr),
//     and the halves' eigensystems merged through the eigensystem of a
//     diagonal plus rank-one matrix D + rho z z^T (merge): deflation of
//     negligible z_j and of close pairs of d_j by a plane rotation, one
//     root of the secular equation 1 + rho sum_j z_j^2 / (d_j - lambda)
//     per remaining eigenvalue (secularRoot), the z_j recomputed from the
//     roots (Gu and Eisenstat 1995) so the eigenvectors z_j / (d_j -
//     lambda_i) are orthogonal to working precision, and the halves'
//     eigenvectors updated by a matrix product (kernel.MulABt);
//  3. the eigenvectors of A, Q Z, with Q's reflectors applied in blocks
//     of qBlock in compact WY form (applyQ, two kernel.MulABt products
//     per block).
//
// Accuracy (tested on random, clustered, repeated, graded, diagonal,
// rank-deficient and tiny matrices, and fuzzed): ||A Z - Z diag(w)||_F
// <= c n eps ||A||_F and ||Z^T Z - I||_max <= c n eps, as for
// EigenSym; the eigenvalues agree with EigenSym's to a few n eps ||A||.
//
// Everything runs on the calling goroutine in a fixed order, so the
// results are the same bits whatever GOMAXPROCS is; they differ from the
// -tags noasm build's (kernel.DotRowsGo sums in another order) within
// the accuracy above.
package eigen
