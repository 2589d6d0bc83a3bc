# R glmnet peers of featlab/linear's sparse logistic regression (see
# cases_classif.go).
suppressMessages(library(glmnet))
glmnet.control(fdev = 0)

glmnet_logistic_path <- function(data) {
  X <- data$X
  y <- data$y
  lambdas <- data$lambdas
  function() glmnet(X, y, family = "binomial", alpha = 1, standardize = FALSE, intercept = TRUE, lambda = lambdas)
}
