# Writes prostate.csv: the prostate cancer data of Stamey et al. (1989) as
# ESL (Hastie, Tibshirani, Friedman 2009, sec. 3.2.1) uses it.
# Regenerate (from datasets/): Rscript testdata/write_prostate.R
# Source: R package lasso2 1.2-22 (Debian r-cran-lasso2), data(Prostate).
# Two changes make it ESL's file (prostate.data on the ESL web site):
#  - lweight of row 32 is 3.804438 (log 44.9 g), ESL's value; lasso2 has
#    6.107580 (log 449 g, the first printing's value). ESL's test errors
#    use 3.804438: least squares gives 0.521 (Table 3.3) with it, 0.586
#    with lasso2's value.
#  - train: ESL's train/test indicator (1 = one of the 67 training rows,
#    0 = one of the 30 test rows), the "train" column of prostate.data.
# Checked below: least squares on the training rows, with the features
# standardized by the mean and sd of all 97 rows as ESL did, gives
# Table 3.2 and the test error and standard error of Table 3.3.
data(Prostate, package = "lasso2")
P <- Prostate
stopifnot(nrow(P) == 97, abs(P$lweight[32] - 6.10758) < 1e-5)
P$lweight[32] <- 3.804438
test <- c(7, 9, 10, 15, 22, 25, 26, 28, 32, 34, 36, 42, 44, 48, 49, 50, 53, 54,
          55, 57, 62, 64, 65, 66, 73, 74, 80, 84, 95, 97)
P$train <- as.integer(!(seq_len(97) %in% test))
stopifnot(sum(P$train) == 67)
write.csv(P, "prostate.csv", row.names = FALSE)

tr <- P$train == 1
Z <- scale(as.matrix(P[, 1:8]))
f <- lm(P$lpsa[tr] ~ Z[tr, ])
b <- unname(coef(f))
stopifnot(all(abs(b - c(2.465, 0.680, 0.263, -0.141, 0.210, 0.305, -0.288,
                        -0.021, 0.267)) < 5e-4))
e <- (P$lpsa[!tr] - cbind(1, Z[!tr, ]) %*% b)^2
stopifnot(abs(mean(e) - 0.521) < 5e-4, abs(sd(e) / sqrt(30) - 0.179) < 5e-4)
