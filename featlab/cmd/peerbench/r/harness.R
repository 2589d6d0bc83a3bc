# Times one R peer on data written by peerbench.
#
# usage: Rscript harness.R FILE.R FUNCTION DATADIR REPEATS
#
# Loads every <name>.f64 of DATADIR (row-major little-endian float64, shapes
# in shapes.json) as a matrix (m x 1 matrices become vectors), calls
# FUNCTION(data) from FILE.R to get a zero-argument function, runs it once to
# warm up, then REPEATS times, and prints the best elapsed time in seconds.
args <- commandArgs(trailingOnly = TRUE)
source(args[1])
fn <- get(args[2])
datadir <- args[3]
repeats <- as.integer(args[4])
shapes_txt <- paste(readLines(file.path(datadir, "shapes.json"), warn = FALSE), collapse = "")
# shapes.json is {"name":[r,c],...}; parse it without a JSON package.
entries <- regmatches(shapes_txt, gregexpr('"[^"]+":\\[[0-9]+,[0-9]+\\]', shapes_txt))[[1]]
data <- list()
for (e in entries) {
  name <- sub('^"([^"]+)".*$', "\\1", e)
  dims <- as.integer(strsplit(sub('^.*\\[([0-9]+,[0-9]+)\\]$', "\\1", e), ",")[[1]])
  con <- file(file.path(datadir, paste0(name, ".f64")), "rb")
  v <- readBin(con, "double", n = dims[1] * dims[2], size = 8, endian = "little")
  close(con)
  data[[name]] <- if (dims[2] == 1) v else matrix(v, nrow = dims[1], ncol = dims[2], byrow = TRUE)
}
run <- fn(data)
run()
best <- Inf
for (k in seq_len(repeats)) {
  t <- system.time(run())[["elapsed"]]
  best <- min(best, t)
}
cat(best, "\n")
