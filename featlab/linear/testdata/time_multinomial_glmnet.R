# Times R glmnet 4.1-6's default multinomial path on digits, the peer of
# BenchmarkMultinomialPathDigits. Run from the repository root, in the
# same session as the benchmark:
#   Rscript featlab/linear/testdata/time_multinomial_glmnet.R
#   go test ./featlab/linear/ -run '^$' -bench MultinomialPathDigits -benchtime 1x
# glmnet stops its path early once the deviance settles (nlambda printed),
# and its thresh (1e-7) bounds the change of the objective, not the
# optimality measure featlab's Tol bounds.
suppressMessages(library(glmnet))
d <- read.csv("datasets/digits.csv"); x <- as.matrix(d[, -ncol(d)]); y <- factor(d[, ncol(d)])
for (type in c("ungrouped", "grouped")) {
  t <- system.time(f <- glmnet(x, y, family = "multinomial", type.multinomial = type))
  cat(type, "elapsed", t[["elapsed"]], "user", t[["user.self"]], "nlambda", length(f$lambda), "\n")
}
