# Golden values for search.SizeCV's best subsets on the prostate data, from
# R's leaps::regsubsets (exhaustive, nbest = 1, intercept): the best subset
# of every size and its RSS, on ESL's 67 training rows and on all 97 rows.
# Subsets and RSS do not change when a column is standardized (there is an
# intercept), so the raw columns are used.
# Regenerate from the repository root with:
#   Rscript featlab/search/testdata/leaps_prostate.R
# Writes featlab/search/testdata/leaps_prostate.csv.
suppressMessages(library(leaps))
d <- read.csv("datasets/prostate.csv")
feats <- c("lcavol", "lweight", "age", "lbph", "svi", "lcp", "gleason", "pgg45")
lines <- character(0)
for (rows in c("train", "all")) {
  D <- if (rows == "train") d[d$train == 1, ] else d
  fit <- regsubsets(x = as.matrix(D[, feats]), y = D$lpsa, nvmax = 8, method = "exhaustive", intercept = TRUE)
  s <- summary(fit)
  for (k in seq_len(nrow(s$which))) {
    idx <- paste(which(s$which[k, -1]) - 1, collapse = ";")
    lines <- c(lines, sprintf("%s,%d,%s,%.17g", rows, k, idx, s$rss[k]))
  }
}
writeLines(c("rows,size,subset,rss", lines), "featlab/search/testdata/leaps_prostate.csv")
