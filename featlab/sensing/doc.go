// Package sensing holds compressed sensing and matrix completion (Zhou 2016,
// section 11.6; the l1-sparsity remark of Shalev-Shwartz and Ben-David 2014,
// section 25.1.3 and 25.5).
//
// # Notation
//
// The package follows Zhou's letters, which differ from the rest of featlab:
// a signal x has length m, it is measured n << m times, y = Phi x (eq. 11.19)
// with Phi an n x m measurement matrix, and when x = Psi s with s sparse in a
// basis Psi (m x m, columns the atoms), y = Phi Psi s = A s (eq. 11.20). A has
// n rows (measurements) and m columns (unknowns); results report s as Coef and
// its nonzero positions as Support.
//
// # Sensing
//
//	Gaussian, Bernoulli, PartialDCT, RandomRows   measurement matrices, seeded
//	DCT, Haar, DCT2, Haar2 (Basis)                orthonormal sparse bases as fast transforms
//	BasisMatrix                                   a basis as the matrix Psi (x = Psi s); any
//	                                              other dictionary is used as A = Phi Psi too:
//	                                              a featlab/represent dictionary D (K x d, atoms
//	                                              as rows, e.g. DictionaryLearning.Atoms) is Psi = D^T
//	Coherence, CoherenceBound                     mu(A) and the guarantee k < (1 + 1/mu)/2
//	RIP                                           delta_k exactly (tiny problems) or a Monte Carlo lower bound
//
// # Recovery
//
// Every result (Result) reports Coef (s), Support, Residual = ||A s - y||,
// L1 and Selection(); iterative ones embed featlab.Convergence.
//
//	L0             min ||s||_0 s.t. As = y (eq. 11.22) by exhaustive support search, counted first
//	BasisPursuit   min ||s||_1 s.t. As = y (eq. 11.23), solved exactly, with a dual certificate
//	BPDN           basis pursuit de-noising, through featlab/linear's lasso (ZhouLambda converts lambda)
//	OMP            orthogonal matching pursuit, through featlab/greedy's OMP
//	IHT, IHTStep   iterative hard thresholding (HardThreshold is H_k)
//	LeastNorm      the minimum l2-norm solution, for comparison
//	PhaseTransition, L1PhaseTransition   Donoho-Tanner: empirical and theoretical
//
// # Matrix completion (eq. 11.24-11.26)
//
//	ObserveEntries, ObserveMatrix   observed entries: (i, j, value) triples or a matrix with NaN
//	NuclearNorm      min ||X||_* s.t. X_ij = A_ij on Omega (11.26), exactly, with a dual certificate
//	CheckCertificate proves a completion optimal for 11.26
//	SVT              singular value thresholding (Cai, Candes and Shen 2010)
//	SoftImpute       the noisy form (Mazumder, Hastie and Tibshirani 2010) on a lambda grid,
//	                 warm starts, partial SVDs; Refine: the rank-constrained refit
//	SoftThresholdSV  the singular value thresholding operator D_tau
//	MissingError     error of a completion on the unobserved entries
//
// Bad input: more measurements than unknowns is solved anyway with a Note
// (not compressed sensing); inconsistent constraints give ErrInfeasible; a
// sparsity k above n is an ErrParam; a row or column with no observation is
// an ErrEmpty unless AllowEmpty (then it is filled with 0, the
// minimum-nuclear-norm value); NaN observations in triples are
// ErrNotFinite (NaN in a matrix means missing).
//
// # What cannot be computed
//
// The restricted isometry constant delta_k of eq. 11.21 is a maximum over all
// C(m, k) column subsets; computing it is NP-hard in general, so RIP gives it
// exactly only for tiny problems (the count of subsets is checked first) and
// otherwise a Monte Carlo lower bound over random supports. l0 recovery is
// NP-hard too: L0 enumerates supports and refuses when there are too many.
//
// # Zhou's nuclear-norm sentence
//
// Zhou writes that the nuclear norm is the convex hull of rank(X) on
// {||X||_F^2 <= 1}. That is a slip: ||X||_* is the convex envelope (the
// largest convex function below) of rank(X) on the spectral-norm ball
// {||X||_2 <= 1} (Fazel 2002). On the Frobenius ball the envelope is larger.
// The 2 x 2 example X = diag(c, c), c = 1/sqrt(2): ||X||_F = 1, so X lies on
// the sphere of the Frobenius ball, a strictly convex set, where every point
// is extreme and the envelope equals rank(X) = 2; yet ||X||_* = sqrt(2). On
// the spectral ball, X = (2c-1) I + (1-c) diag(1,0) + (1-c) diag(0,1) is a
// convex combination of points of the ball (I is in it, not in the Frobenius
// ball) whose ranks average 2(2c-1) + 2(1-c) = 2c = sqrt(2) = ||X||_*.
package sensing
