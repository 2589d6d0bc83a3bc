# R peers of featlab/search.
suppressMessages(library(leaps))

leaps_exhaustive <- function(data) {
  X <- data$X
  y <- data$y
  function() regsubsets(x = X, y = y, nvmax = ncol(X), method = "exhaustive")
}
