// Package linear holds the linear models of the sparsity chapter: least
// squares, ridge regression, the lasso solved three ways (proximal gradient
// as in Zhou 11.4, FISTA, and coordinate descent), the l1-ball constrained
// form of eq. 25.4, the elastic net, regularization paths with strong rules,
// and cross-validation over a path; and (files logistic*, svm*, classif*) the
// sparse linear classifiers.
//
// # Objectives and scalings
//
// m is the number of examples (rows of X) and d the number of features.
// Every regression objective here is an average over the examples, as in
// Shalev-Shwartz and Ben-David (eq. 25.8):
//
//	lasso        (1/2m) ||Xw - y||^2 + lambda ||w||_1
//	elastic net  (1/2m) ||Xw - y||^2 + alpha*rho ||w||_1 + (alpha*(1-rho)/2) ||w||^2
//	ridge        (1/2m) ||Xw - y||^2 + lambda ||w||^2   (RidgeHalfMean, default)
//
// The lasso lambda is scikit-learn's Lasso(alpha=lambda) and glmnet's lambda
// (family "gaussian", alpha = 1, standardize = FALSE). The elastic net is
// scikit-learn's ElasticNet(alpha, l1_ratio=rho). Zhou's formulas (11.5-11.7)
// use sums instead of averages and no 1/2, so Zhou's lambda is 2m times ours
// for the lasso and for ridge in the default scaling (RidgeSum takes Zhou's
// lambda as is).
//
// With an intercept (Intercept: true in a config) the columns of X and the
// target are centred before the fit and the intercept b = mean(y) - mean(X) w
// is not penalised, as in scikit-learn and glmnet.
//
// # Solvers
//
// Coordinate descent (the default) is the fast solver: glmnet-style
// covariance updates whose Gram columns Xc^T Xc_j are computed, in batches
// of one pass over X each, only for features that become (or are about to
// become) non-zero; sequential strong rules with a KKT check; active-set
// cycling; warm starts along a path (and a short continuation path for a
// single fit); and a duality-gap stopping rule with scikit-learn's
// tolerance semantics (gap <= Tol * ||y||^2 / m, y centred when there is an
// intercept).
// ProximalGradient is Zhou's eq. 11.8-11.14 with step 1/L, and FISTA its
// accelerated form; both record the objective at every iteration.
//
// # Where to start
//
//	SoftThreshold, SoftThresholdVec  eq. 25.7, the prox of lambda |.|
//	ProjectL1Ball                    exact projection onto {||w||_1 <= k1}
//	LeastSquares, Ridge              closed forms (QR / SVD, Cholesky)
//	Lasso, ElasticNet                one fit, three solvers (Result)
//	ConstrainedLasso                 eq. 25.4 by projected gradient
//	LassoPath, LassoGrid             regularization path (Path)
//	LassoCV                          K-fold CV over the path, lambda_min, lambda_1se
//
// The config types (LassoConfig, ElasticNetConfig, RidgeConfig,
// LeastSquaresConfig) are featlab.Learners; Result.Selection and
// Path.Selection give featlab.Selection views (support, order of entry).
//
// Every fit validates its input (errors wrap featlab's sentinels), gives a
// constant column the weight 0, and reports non-convergence in its result
// (Converged, Gap, Iter) rather than silently.
package linear
