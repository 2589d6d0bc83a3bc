# Checks that search.BestSubsets returns the same subsets as
# leaps::regsubsets on the peerbench problems (d = 20 and 30, m = 1000).
# From the repository root:
#   mkdir -p /tmp/bench && BENCHDATA=/tmp/bench go test ./featlab/search -run WriteBenchData
#   Rscript featlab/search/testdata/leaps_bench.R /tmp/bench
# Last run (2026-11-22): 20 of 20 and 30 of 30 sizes identical.
suppressMessages(library(leaps))
dir <- commandArgs(trailingOnly = TRUE)[1]
for (d in c(20, 30)) {
  a <- as.matrix(read.csv(sprintf("%s/d%d.csv", dir, d), header = FALSE))
  f <- summary(regsubsets(x = a[, 1:d], y = a[, d + 1], nvmax = d, method = "exhaustive"))
  g <- readLines(sprintf("%s/go%d.txt", dir, d))
  same <- 0
  for (k in 1:d) {
    r <- paste(which(f$which[k, -1]) - 1, collapse = " ")
    if (r == g[k]) same <- same + 1 else cat("d", d, "size", k, "leaps", r, "featlab", g[k], "\n")
  }
  cat("d =", d, ":", same, "of", d, "sizes identical\n")
}
