#!/usr/bin/Rscript
# Golden values for transform.Standardize{Sample: true} from R's scale(),
# which divides by the sample standard deviation (divisor m - 1).
#
# Regenerate (from the repository root) with:
#
#     Rscript featlab/transform/testdata/golden_r_scale.R > featlab/transform/testdata/golden_r_scale.json
#
# Made with Debian's r-base. Data: datasets/diabetes.csv (the ten features);
# the fit uses rows 1-300, the test matrix is rows 301-442 transformed with
# the training centre and scale. Only rows 1-5 of each output are stored.
d <- read.csv("datasets/diabetes.csv")
X <- as.matrix(d[, 1:10])
tr <- X[1:300, ]
te <- X[301:442, ]
s <- scale(tr)
ctr <- attr(s, "scaled:center")
scl <- attr(s, "scaled:scale")
t <- scale(te, center = ctr, scale = scl)
vec <- function(v) paste0("[", paste(sprintf("%.17g", v), collapse = ", "), "]")
rows <- function(M) paste0("[", paste(apply(M, 1, vec), collapse = ",\n  "), "]")
cat("{\n")
cat(' "train_rows": 300,\n')
cat(' "center": ', vec(ctr), ",\n", sep = "")
cat(' "scale": ', vec(scl), ",\n", sep = "")
cat(' "X5": ', rows(s[1:5, ]), ",\n", sep = "")
cat(' "T5": ', rows(t[1:5, ]), "\n", sep = "")
cat("}\n")
