# Golden values for linear.Multinomial / MultinomialPath from R glmnet 4.1-6.
# Regenerate (from featlab/linear/testdata):
#   Rscript golden_multinomial.R > golden_multinomial.json
# For wine and digits (datasets/*.csv, last column the class), types
# "ungrouped" and "grouped", alpha 1, 0.5 and 0: glmnet's own path
# (nlambda 100, standardize TRUE, thresh 1e-14), and at three of its
# lambdas: the objective
#   -(1/m) sum_i log p(y_i|x_i) + lambda [(1-alpha)/2 ||B_s||_F^2 + alpha P(B_s)]
# (B_s the coefficients in standardised units, P the sum of |b| or of the
# per-feature Euclidean norms), the mean log-loss, the probabilities of
# the first rows and the coefficients centred across classes (the part
# that is identified), in original units.
suppressMessages(library(glmnet))
stopifnot(packageVersion("glmnet") == "4.1.6")
js <- function(v) paste0("[", paste(sprintf("%.17g", v), collapse = ","), "]")
one <- function(name, type, alpha, idx, nrows, coefs) {
  d <- read.csv(file.path("..", "..", "..", "datasets", paste0(name, ".csv")))
  x <- as.matrix(d[, -ncol(d)]); y <- d[, ncol(d)]
  m <- nrow(x)
  # glmnet's default grid (from a quick fit), cut after the last lambda
  # reported, then refitted along it at thresh 1e-14.
  grid <- glmnet(x, factor(y), family = "multinomial", alpha = alpha,
                 type.multinomial = type)$lambda
  idx <- idx[idx <= length(grid)]
  fit <- glmnet(x, factor(y), family = "multinomial", alpha = alpha,
                type.multinomial = type, thresh = 1e-14, maxit = 1e7,
                lambda = grid[1:max(idx)])
  message(name, " ", type, " ", alpha)
  mu <- colMeans(x); sd <- sqrt(colMeans(sweep(x, 2, mu)^2))
  cls <- sort(unique(y)); yi <- match(y, cls)
  out <- c()
  for (k in idx) {
    lam <- fit$lambda[k]
    p <- predict(fit, x, s = lam, type = "response")[, , 1]
    loss <- -mean(log(p[cbind(1:m, yi)]))
    cf <- coef(fit, s = lam)
    B <- sapply(cf, function(b) as.numeric(b)[-1])   # d x K, original units
    a0 <- sapply(cf, function(b) as.numeric(b)[1])
    Bs <- B * sd
    pen1 <- if (type == "grouped") sum(sqrt(rowSums(Bs^2))) else sum(abs(Bs))
    obj <- loss + lam * ((1 - alpha) / 2 * sum(Bs^2) + alpha * pen1)
    Bc <- B - rowMeans(B)
    s <- sprintf('{"lambda":%.17g,"objective":%.17g,"loss":%.17g,"nonzero_features":%d,"proba":%s',
                 lam, obj, loss, sum(rowSums(B != 0) > 0), js(t(p[1:nrows, ])))
    if (coefs) s <- paste0(s, ',"centred_coef":', js(t(Bc)), ',"intercept":', js(a0 - mean(a0)))
    out <- c(out, paste0(s, "}"))
  }
  sprintf('{"data":"%s","type":"%s","alpha":%g,"nlambda":%d,"lambda_max":%.17g,"lambda_min":%.17g,"classes":%d,"fits":[%s]}',
          name, type, alpha, length(grid), grid[1], grid[length(grid)],
          length(cls), paste(out, collapse = ","))
}
cases <- c()
for (type in c("ungrouped", "grouped")) for (alpha in c(1, 0.5, 0)) {
  cases <- c(cases, one("wine", type, alpha, c(5, 20, 40), 5, TRUE))
  cases <- c(cases, one("digits", type, alpha, c(10, 30), 3, alpha == 1))
}
cat("[", paste(cases, collapse = ",\n"), "]\n", sep = "")
