// Package represent learns representations of data, the feature learning of
// Shalev-Shwartz and Ben-David section 25.3 and the sparse representation and
// dictionary learning of Zhou section 11.5: a bag of words over a fitted
// vocabulary, the k-means dictionary of "visual words", PCA as the optimal
// linear auto-encoder, sparse coding against a fixed dictionary (s-sparse by
// orthogonal matching pursuit, or l1-regularised by the lasso), and
// dictionary learning by alternating optimisation (eq. 11.15-11.18) with
// K-SVD, approximate K-SVD or MOD dictionary steps.
//
// Every learned representation of numeric data is an AutoEncoder: a
// featlab.Transformer (Fit on training data, Transform anything of the same
// width) with an explicit encoder psi (Encode) and decoder phi (Decode), so
// that its reconstruction error on data x_1..x_m,
//
//	sum_i ||x_i - phi(psi(x_i))||^2,
//
// is ReconstructionError(ae, X), the quantity 25.3.1 asks auto-encoders to
// make small.
//
// Orientation. Examples are rows. A dictionary of k atoms (centroids,
// principal directions, learned atoms) mu_1..mu_k in R^d is a k x d matrix
// whose rows are the atoms, as in scikit-learn; Zhou's dictionary matrix B
// (d x k, atoms as columns) is its transpose, and Zhou's sparse
// representation matrix A (k x m) is the transpose of our m x k codes V. The
// decoder of a code v in R^k is phi(v) = sum_j v_j mu_j, the row vector v D.
//
// Scalings. The texts write the l1 sparse code of one sample as
//
//	psi(x) = argmin_v ||x - D^T v||^2 + lambda ||v||_1          (25.3.1, Zhou 11.16)
//
// with plain sums and no 1/2; Lambda in this package is that lambda. The
// lasso of featlab/linear minimises (1/2n)||Xw - y||^2 + lambda'||w||_1 over
// n rows; here the "rows" are the d coordinates of x, so lambda' =
// lambda / (2d). scikit-learn's SparseCoder and DictionaryLearning minimise
// (1/2)||x - v D||^2 + alpha ||v||_1, so alpha = lambda / 2.
package represent
