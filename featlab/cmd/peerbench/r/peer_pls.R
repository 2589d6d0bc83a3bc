# R pls peers of featlab/represent's PLS and PCR (see cases_pls.go).
suppressMessages(library(pls))

plsr1 <- function(data) {
  d <- data.frame(y = as.vector(data$y), X = I(data$X))
  function() plsr(y ~ X, ncomp = 20, data = d, scale = TRUE, validation = "none")
}

pcr20 <- function(data) {
  d <- data.frame(y = as.vector(data$y), X = I(data$X))
  function() pcr(y ~ X, ncomp = 20, data = d, scale = TRUE, validation = "none")
}
