# R glmnet peers of featlab/linear (see cases_linear.go).
suppressMessages(library(glmnet))
glmnet.control(fdev = 0)

glmnet_path <- function(data) {
  X <- data$X
  y <- data$y
  lambdas <- data$lambdas
  function() glmnet(X, y, family = "gaussian", alpha = 1, standardize = FALSE, intercept = TRUE, lambda = lambdas)
}

glmnet_cv <- function(data) {
  X <- data$X
  y <- data$y
  lambdas <- data$lambdas
  function() cv.glmnet(X, y, family = "gaussian", alpha = 1, standardize = FALSE, intercept = TRUE,
                       lambda = lambdas, nfolds = 5)
}
