# Golden values for featlab/linear LogisticPath, from R glmnet (binomial).
#
# Regenerate (from the repository root, Debian r-cran-glmnet 4.1-6):
#
#     Rscript featlab/linear/testdata/golden_logistic_glmnet.R
#
# Reads featlab/linear/testdata/logistic_breast_cancer.csv, standardises X
# with the population standard deviation (as the Go test does), and writes
# featlab/linear/testdata/logistic_glmnet.csv: one row per lambda with
# lambda, intercept, the 30 coefficients; the first row (lambda column
# holding glmnet's own lambda_max, other columns NA) is glmnet's default
# first lambda.
#
# glmnet's binomial objective with alpha = 1, standardize = FALSE is
#   -(1/m) loglik + lambda ||w||_1,
# exactly featlab's (1/m) sum log(1 + exp(-s_i (w.x_i + b))) + lambda ||w||_1.
suppressMessages(library(glmnet))
dir <- "featlab/linear/testdata"
d <- read.csv(file.path(dir, "logistic_breast_cancer.csv"))
X <- as.matrix(d[, 1:30])
y <- d[, 31]
m <- nrow(X)
mu <- colMeans(X)
sdp <- sqrt(colMeans(sweep(X, 2, mu)^2))
Xs <- sweep(sweep(X, 2, mu), 2, sdp, "/")

fit0 <- glmnet(Xs, y, family = "binomial", alpha = 1, standardize = FALSE)
lmax <- fit0$lambda[1]

# 20 lambdas geometric from lambda_max to 1e-2 lambda_max
lams <- lmax * 10^(-2 * (0:19) / 19)
fit <- glmnet(Xs, y, family = "binomial", alpha = 1, standardize = FALSE,
              lambda = lams, thresh = 1e-14, maxit = 1e7)
B <- as.matrix(coef(fit))  # 31 x 20, intercept first
out <- rbind(c(lmax, rep(NA, 31)), cbind(fit$lambda, t(B)))
colnames(out) <- c("lambda", "intercept", paste0("w", 1:30))
write.csv(out, file.path(dir, "logistic_glmnet.csv"), row.names = FALSE)
