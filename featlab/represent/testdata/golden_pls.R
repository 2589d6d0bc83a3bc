# Golden values for represent's PCR and PLS: R pls 2.8 (Debian r-cran-pls),
# pcr() and plsr() with scale = TRUE, validation = "none".
# Regenerate (from the repository root):
#   Rscript featlab/represent/testdata/golden_pls.R > featlab/represent/testdata/golden_pls.json
# Cases:
#  - prostate: the 67 training rows of datasets/prostate.csv (ESL's split),
#    lpsa on the 8 features, pcr and plsr with ncomp = 8;
#  - pls2: a seeded synthetic set, 40 rows, 6 features, 3 correlated
#    targets, plsr with ncomp = 6 (PLS2), written out in full.
# For every k = 1..ncomp: coefficients in the original units of X (pls's
# coef() is for the scaled X, so it is divided by fit$scale) and the
# intercept (coef(..., intercept = TRUE)); both checked against predict().
suppressMessages(library(pls))
stopifnot(packageVersion("pls") >= "2.8")
num <- function(v) paste0("[", paste(sprintf("%.17g", v), collapse = ", "), "]")
mat <- function(M) paste0("[", paste(apply(M, 1, num), collapse = ",\n  "), "]")

path <- function(fit, X, K) {
  r <- dim(coef(fit))[2]
  out <- character(0)
  for (k in 1:K) {
    B <- matrix(coef(fit, ncomp = k)[, , 1], ncol = r) / fit$scale
    b0 <- coef(fit, ncomp = k, intercept = TRUE)[1, , 1]
    pr <- matrix(predict(fit, newdata = X, ncomp = k)[, , 1], ncol = r)
    stopifnot(max(abs(cbind(1, as.matrix(X)) %*% rbind(b0, B) - pr)) < 1e-10)
    out <- c(out, sprintf('{"k": %d, "coef": %s, "intercept": %s}', k, mat(B), num(b0)))
  }
  paste0("[", paste(out, collapse = ",\n "), "]")
}

P <- read.csv("datasets/prostate.csv")
tr <- P[P$train == 1, 1:9]
X <- tr[, 1:8]
stopifnot(nrow(tr) == 67)
fp <- pcr(lpsa ~ ., ncomp = 8, data = tr, scale = TRUE, validation = "none")
fl <- plsr(lpsa ~ ., ncomp = 8, data = tr, scale = TRUE, validation = "none")
stopifnot(max(abs(fp$scale - apply(X, 2, sd))) < 1e-14)

set.seed(20261128)
m <- 40; d <- 6
Xs <- matrix(rnorm(m * d), m, d) %*% matrix(runif(d * d, -1, 1), d, d)
Xs[, 2] <- 10 * Xs[, 2] + 3
Bt <- matrix(rnorm(d * 3), d, 3)
Ys <- Xs %*% Bt / 5 + matrix(rnorm(m * 3), m, 3)
Ys[, 3] <- Ys[, 1] + 0.5 * Ys[, 3]
dat <- data.frame(Y = I(Ys), X = I(Xs))
f2 <- plsr(Y ~ X, ncomp = d, data = dat, scale = TRUE, validation = "none")
Xn <- data.frame(X = I(Xs))

cat("{\n")
cat('"source": "R ', as.character(getRversion()), ', pls ', as.character(packageVersion("pls")), '",\n', sep = "")
cat('"prostate_pcr": ', path(fp, X, 8), ",\n", sep = "")
cat('"prostate_pls": ', path(fl, X, 8), ",\n", sep = "")
cat('"pls2_x": ', mat(Xs), ",\n", sep = "")
cat('"pls2_y": ', mat(Ys), ",\n", sep = "")
cat('"pls2": ', path(f2, Xn, d), "\n", sep = "")
cat("}\n")
