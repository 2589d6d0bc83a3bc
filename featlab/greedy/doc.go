// Package greedy holds the linear-model-specific forward and backward greedy
// selection methods of Shalev-Shwartz & Ben-David section 25.1.2: forward
// greedy selection for least squares by exact refitting (Forward), its
// efficient form Orthogonal Matching Pursuit in two implementations (OMP,
// fast, with incremental orthogonalisation; OMPTextbook, the printed
// pseudocode with an SVD basis every round), batch OMP for many signals
// against one dictionary (OMPBatch, Rubinstein, Zibulevsky & Elad 2008), the
// two cheaper criteria of "More Efficient Greedy Selection Criteria" for a
// smooth risk (coordinate line search and largest gradient coordinate),
// AdaBoost as forward greedy selection on eq. 25.3 (Remark 25.3, exercise
// 25.3), and backward elimination for least squares.
//
// The generic forward and backward searches that wrap any learner and any
// subset evaluator live in featlab/search; this package is the fast family
// that exploits the structure of the linear model.
//
// # Which OMP
//
// The book's OMP (Example 25.2) adds, at round t,
//
//	j_t = argmax_{j: ||u_j|| > 0} <u_j, y>^2 / ||u_j||^2,   u_j = X_j - V V^T X_j,
//
// where V is an orthonormal basis of the columns already chosen. Since
// ||V theta - y||^2 - <u_j, y>^2/||u_j||^2 is the least-squares risk after
// adding j, this is exactly forward greedy selection for least squares
// (in the signal-processing literature it is also called orthogonal least
// squares or order-recursive matching pursuit). The OMP of Pati et al.
// (1993) and of scikit-learn's OrthogonalMatchingPursuit instead adds
// argmax_j |<X_j, r>|, the column most correlated with the residual r; since
// <X_j, r> = <u_j, y> it drops the division by ||u_j||^2. Both are
// available through Rule: Exact (the default, the book's) and Correlation
// (scikit-learn's). With columns of equal norm the two make the same first
// choice; later choices can differ, because ||u_j|| shrinks differently for
// different columns.
//
// # Teaching helpers
//
// OrthonormalBasis (classical and modified Gram-Schmidt, SVD) with
// OrthogonalityLoss shows why the book builds its basis by SVD;
// ExactCriterion is the book's criterion for one round; AdaBoostGradient
// and AdaBoostRisk evaluate eq. 25.3 for any matrix of base-hypothesis
// outputs; BestSubset is the exhaustive least-squares search the greedy
// methods approximate. Every config is a featlab.Selector, and OMPConfig
// also a featlab.Learner.
package greedy
