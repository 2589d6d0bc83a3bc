// Package knockoff selects features with a guarantee on the false
// discovery rate: the knockoff filter of Barber and Candès (2015, fixed
// design) and its model-X form with Gaussian features (Candès, Fan, Janson
// and Lv 2018).
//
// A knockoff X~_j of each feature X_j mimics the correlations of the
// features among themselves while being, by construction, unrelated to y
// given X. With G = [[Sigma, Sigma - diag(s)], [Sigma - diag(s), Sigma]],
//
//   - fixed-X (FixedX; m >= 2d): the columns of X are scaled to unit norm,
//     Sigma = X^T X, and X~ = X (I - Sigma^-1 diag(s)) + U~ C with U~
//     orthonormal and orthogonal to the span of X, C^T C = 2 diag(s) -
//     diag(s) Sigma^-1 diag(s); then [X X~]^T [X X~] = G exactly;
//   - model-X Gaussian (ModelX): rows x ~ N(mu, Sigma) and x~ | x ~
//     N(x - diag(s) Sigma^-1 (x - mu), 2 diag(s) - diag(s) Sigma^-1
//     diag(s)), so the rows of [X X~] are N((mu, mu), G).
//
// The vector s (SMethod) is equicorrelated, s_j = min(2 lambda_min(R), 1)
// on the correlation scale R, or the solution of the SDP max sum s_j s.t.
// 0 <= s_j <= 1, 2R - diag(s) PSD, solved by SolveSDP, this package's own
// log-barrier Newton method (checked against CVXOPT).
//
// A statistic W_j (Statistic) is large and positive when X_j matters more
// than its knockoff: the lasso coefficient difference |b_j| - |b~_j| of a
// fit of y on [X X~] (linear.Lasso, lambda given or by linear.LassoCV), or
// the signed max max(Z_j, Z~_j) sign(Z_j - Z~_j) of the lambdas at which
// X_j and X~_j enter the lasso path (linear.LassoPath). Nulls have W_j
// symmetric about 0, so the negative W count the false positives among
// the positive ones, and the threshold (Threshold)
//
//	T = min{t > 0 : (offset + #{W_j <= -t}) / max(1, #{W_j >= t}) <= q}
//
// selects {j : W_j >= T} with FDR = E[#false/max(1, #selected)] <= q for
// knockoff+ (offset 1, the default) and a modified FDR
// E[#false/(#selected + 1/q)] <= q for the knockoff filter (offset 0).
//
// FixedXSelector and ModelXSelector are featlab.Selectors (pipeline steps,
// usable inside cross-validation); FilterFixedX and FilterModelX return
// the W, the threshold and the knockoffs as well. Simulate measures the
// FDR and the power over seeded simulations in parallel.
//
// References: R. F. Barber and E. J. Candès, Controlling the false
// discovery rate via knockoffs, Annals of Statistics 43 (2015) 2055-2085;
// E. Candès, Y. Fan, L. Janson and J. Lv, Panning for gold: model-X
// knockoffs for high dimensional controlled variable selection, JRSS B 80
// (2018) 551-577; S. Boyd and L. Vandenberghe, Convex Optimization (2004),
// chapter 11 (the barrier method).
package knockoff
