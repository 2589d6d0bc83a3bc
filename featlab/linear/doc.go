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
// The classifiers are averages too, with one alternative on the sum:
//
//	logistic     (1/m) sum_i log(1 + exp(-s_i (w.x_i + b))) + lambda R(w)
//	sparse SVM   (1/m) sum_i max(0, 1 - s_i (w.x_i + b)) + lambda ||w||_1
//
// A penalty per average loss means a relatively stronger penalty on fewer
// rows, so one lambda is a different model in folds of different sizes.
// LogisticConfig.C and SparseSVMConfig.C give the penalty as scikit-learn
// does, on the sum of the losses (R(w) + C sum_i loss_i), and are
// converted to lambda = 1/(C m) at each fit; the path, CV and regression
// configs take lambda (per average) only.
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
// become) non-zero, or, on wide data (d >= 500 and d > m), residual
// ("naive") updates of O(m) each; sequential strong rules with a KKT check; active-set
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
//	LeastSquares, Ridge              closed forms (QR / SVD, Cholesky); LeastSquaresResult.Stats and Table give R's summary.lm
//	Lasso, ElasticNet                one fit, three solvers (LassoResult)
//	ConstrainedLasso                 eq. 25.4 by projected gradient
//	ConstrainedRidge                 the l2-ball form, exact (Zhou's Fig. 11.1)
//	LassoPath, LassoGrid             regularization path (LassoPathResult)
//	LassoCV                          K-fold CV over the path, lambda_min, lambda_1se
//	Logistic, LogisticPath           l1/l2 logistic regression and its path
//	SparseSVM                        the l1 hinge-loss SVM (an LP)
//	SGDLeastSquares                  plain SGD, for the runtime claim of 25.2
//
// # One convention
//
// Every fit is Name(X, y, NameConfig) (*NameResult, error); the config is
// passed by value and its zero value is the documented default, field by
// field; shared fields are Names (feature names for Selection), Tol,
// MaxIter, Init (a warm start), Workers, Seed and Progress. Long work also
// has NameContext(ctx, X, y, cfg) (Lasso, ElasticNet, LassoPath, LassoCV,
// Logistic, LogisticPath, SparseSVM, SGDLeastSquares): cancelled, it
// returns what it has with an error wrapping ctx.Err(); a panic in a
// Progress callback stops the work with an error wrapping
// featlab.ErrPanic. Progress is proportional to the work: lambdas of a
// path, the K+1 paths of LassoCV, and for a single iterative fit the share
// (on a log scale) of the way from the first gap to the tolerance.
//
// The configs of the predictive fits (LassoConfig, ElasticNetConfig,
// RidgeConfig, LeastSquaresConfig, LogisticConfig, SparseSVMConfig) are
// featlab.Learners; the predictor they return is the result itself. Every
// result that implies a subset of features has Selection() (names from the
// config's Names) and Support(); every iterative result embeds
// featlab.Convergence (Iterations, Converged, Gap, Tol: each result's doc
// says what its iterations and gap are), and both paths share the Path
// record (Lambdas, Coefs, Intercepts, Fits, NonZeros, Order, Entry).
//
// L1Ratio means the l1 share rho of the penalty wherever it appears
// (ElasticNetConfig, LassoPathConfig); its zero value means 1, the lasso,
// and Ridge: true asks for an l1 share of exactly 0.
//
// Every fit validates its input (errors wrap featlab's sentinels), gives a
// constant column the weight 0, and reports non-convergence in its result
// rather than silently. The design-matrix core (raw view, centring, Gram
// columns, residuals, Lipschitz constants) is featlab/internal/design and
// the proximal-gradient loop featlab/internal/prox, shared with the other
// packages of the module.
package linear
