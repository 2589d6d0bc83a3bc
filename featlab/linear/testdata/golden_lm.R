# Golden values for linear.LeastSquares' statistics from R's lm.
# Regenerate (from featlab/linear/testdata): Rscript golden_lm.R
# Writes lm_prostate_style.csv (the generated data: ESL Table 3.1-3.2's
# shape, 67 training rows, 8 standardised predictors, lpsa-like target)
# and lm_golden.csv (one row per case and term: estimate, std error,
# t value, p-value; and per case RSS, sigma^2, df, R^2, adjusted R^2)
# and lm_golden_f.csv (per case summary.lm's F statistic, its numerator
# and denominator degrees of freedom and pf(F, df1, df2, lower.tail =
# FALSE)).
set.seed(20261122)
n <- 67
p <- 8
S <- 0.4^abs(outer(1:p, 1:p, "-"))
Z <- matrix(rnorm(n * p), n, p) %*% chol(S)
X <- scale(Z)  # ESL standardises the predictors (sample sd, as R's scale)
colnames(X) <- c("lcavol", "lweight", "age", "lbph", "svi", "lcp", "gleason", "pgg45")
beta <- c(0.68, 0.26, -0.14, 0.21, 0.31, -0.29, -0.02, 0.27)
y <- 2.45 + X %*% beta + rnorm(n, sd = 0.7)
d <- data.frame(X, lpsa = as.vector(y))
write.csv(format(d, digits = 17), "lm_prostate_style.csv", row.names = FALSE, quote = FALSE)

dia <- read.csv("diabetes.csv")
rows <- list()
frows <- list()
add <- function(case, fit) {
  s <- summary(fit)
  f <- s$fstatistic
  frows[[length(frows) + 1]] <<- data.frame(case = case, F = f[["value"]],
    numdf = f[["numdf"]], dendf = f[["dendf"]],
    p = pf(f[["value"]], f[["numdf"]], f[["dendf"]], lower.tail = FALSE))
  co <- s$coefficients
  for (k in seq_len(nrow(co))) {
    rows[[length(rows) + 1]] <<- data.frame(case = case, term = rownames(co)[k],
      estimate = co[k, 1], se = co[k, 2], t = co[k, 3], p = co[k, 4],
      rss = sum(residuals(fit)^2), sigma2 = s$sigma^2, df = fit$df.residual,
      r2 = s$r.squared, adjr2 = s$adj.r.squared)
  }
}
add("diabetes", lm(y ~ ., data = dia))
add("diabetes_nointercept", lm(y ~ 0 + ., data = dia))
pd <- read.csv("lm_prostate_style.csv")
add("prostate_style", lm(lpsa ~ ., data = pd))
out <- do.call(rbind, rows)
write.csv(format(out, digits = 17), "lm_golden.csv", row.names = FALSE, quote = FALSE)
write.csv(format(do.call(rbind, frows), digits = 17), "lm_golden_f.csv", row.names = FALSE, quote = FALSE)
