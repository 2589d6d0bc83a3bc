# Golden lasso and elastic-net paths for featlab/linear from R glmnet
# (Debian r-cran-glmnet 4.1.6).
#
# Regenerate, from the repository root:
#
#     Rscript featlab/linear/testdata/golden_glmnet.R
#
# Reads diabetes.csv (written by golden_sklearn.py) and writes
# glmnet_diabetes.csv: one row per (alpha, lambda) with the y scale, the intercept and
# the 10 coefficients. glmnet's gaussian objective,
#   (1/2n) RSS + lambda * (alpha ||b||_1 + (1 - alpha)/2 ||b||^2),
# is ours with lambda1 = lambda*alpha, lambda2 = lambda*(1 - alpha); with
# standardize = FALSE the coefficients are on the original scale. glmnet
# scales y by its standard deviation internally and maps lambda and the
# coefficients back, so the reported numbers are for the unscaled problem.
# That mapping is exact for the lasso, whose solution scales with y; for the
# elastic net the ridge part does not scale with y, so glmnet's numbers
# solve the stated objective only when sd(y) = 1: the alpha = 0.5 path is
# therefore fitted to y / sy, sy = sqrt(mean((y - mean(y))^2)), and sy is
# written in column yscale (1 for the lasso) for the Go test to do the same.
# thresh = 1e-24 (convergence on the scaled deviance), fdev = 0 so that the
# path is not cut short; nlambda = 30, lambda.min.ratio = 1e-3 as in the
# sklearn golden path.
suppressMessages(library(glmnet))
here <- dirname(sub("--file=", "", grep("--file=", commandArgs(FALSE), value = TRUE)))
d <- read.csv(file.path(here, "diabetes.csv"))
X <- as.matrix(d[, 1:10])
y <- d$y
glmnet.control(fdev = 0)
out <- NULL
for (a in c(1, 0.5)) {
  sy <- if (a == 1) 1 else sqrt(mean((y - mean(y))^2))
  fit <- glmnet(X, y / sy, family = "gaussian", alpha = a, standardize = FALSE, intercept = TRUE,
                thresh = 1e-24, nlambda = 30, lambda.min.ratio = 1e-3, maxit = 1e7)
  B <- as.matrix(coef(fit))
  out <- rbind(out, cbind(alpha = a, yscale = sy, lambda = fit$lambda, a0 = B[1, ], t(B[-1, ])))
}
write.csv(format(out, digits = 17), file.path(here, "glmnet_diabetes.csv"), row.names = FALSE, quote = FALSE)
cat("wrote", nrow(out), "rows\n")
