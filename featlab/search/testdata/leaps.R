# Golden values for search.BestSubsets from R's leaps::regsubsets
# (exhaustive best subset of every size, nbest = 1, intercept).
# Regenerate from the repository root with:
#   Rscript featlab/search/testdata/leaps.R
# Writes featlab/search/testdata/random{1,2}.csv (the random problems,
# generated here) and featlab/search/testdata/leaps.csv.
suppressMessages(library(leaps))
out <- "featlab/search/testdata"
run <- function(name, X, y) {
  fit <- regsubsets(x = X, y = y, nvmax = ncol(X), method = "exhaustive", intercept = TRUE)
  s <- summary(fit)
  rows <- character(0)
  for (k in seq_len(nrow(s$which))) {
    w <- s$which[k, -1]
    idx <- paste(which(w) - 1, collapse = ";")
    rows <- c(rows, sprintf("%s,%d,%s,%.17g,%.17g,%.17g,%.17g,%.17g", name, k, idx,
                            s$rss[k], s$rsq[k], s$adjr2[k], s$cp[k], s$bic[k]))
  }
  rows
}
d <- read.csv("datasets/diabetes.csv")
lines <- run("diabetes", as.matrix(d[, 1:10]), d$y)
set.seed(20261122)
for (r in 1:2) {
  m <- 80; p <- 14
  X <- matrix(rnorm(m * p), m, p)
  X[, 2] <- X[, 2] + 0.7 * X[, 1]
  y <- drop(X[, c(1, 4, 7, 9)] %*% c(1.5, -1, 0.8, 0.5)) + rnorm(m)
  colnames(X) <- paste0("x", 1:p)
  f <- file.path(out, sprintf("random%d.csv", r))
  write.csv(data.frame(X, y = y), f, row.names = FALSE)
  D <- read.csv(f) # the rounded values Go reads
  lines <- c(lines, run(sprintf("random%d", r), as.matrix(D[, 1:p]), D$y))
}
writeLines(c("dataset,size,subset,rss,rsq,adjr2,cp,bic", lines), file.path(out, "leaps.csv"))
