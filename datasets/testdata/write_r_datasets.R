# Writes airquality.csv and mtcars.csv from R's datasets package.
# Regenerate (from datasets/): Rscript testdata/write_r_datasets.R
# R 4.2.2 (Debian r-base-core). mtcars keeps the car name as a column, "model".
write.csv(airquality, "airquality.csv", row.names = FALSE)
mt <- cbind(model = rownames(mtcars), mtcars)
write.csv(mt, "mtcars.csv", row.names = FALSE)
stopifnot(sum(is.na(airquality)) == 44, nrow(na.omit(airquality)) == 111)
