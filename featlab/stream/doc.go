// Package stream computes the statistics most of featlab's methods need in
// one pass over data larger than memory: rows arrive in blocks from a
// source (an in-memory matrix or a CSV file read in chunks), each block is
// summarised by a mergeable accumulator, and the summaries are merged.
//
// # Accumulators
//
// Moments keeps, for each column j, the count n, the mean x̄_j, the sum of
// squared deviations M2_j = Σ_i (x_ij − x̄_j)², the minimum and the maximum.
// Gram keeps, for the p = d+1 columns of [X y] (d without a target), the
// count, the means and the centred cross-product matrix
//
//	C_jk = Σ_i (x_ij − x̄_j)(x_ik − x̄_k),
//
// from which the covariance is C/(n−1), the correlation C_jk/√(C_jj C_kk),
// and, for least squares with an intercept, XᵀX and Xᵀy of the centred
// design (the lasso's covariance updates use exactly these).
//
// A block of rows is summarised by two passes over the block (its means,
// then the deviations from them), never by raw sums Σx and Σx², whose
// difference loses every digit when the mean is large against the spread.
// Two summaries A and B (counts n_A, n_B, n = n_A + n_B, δ = x̄_B − x̄_A) are
// merged by the pairwise update of Chan, Golub and LeVeque (1979):
//
//	x̄   = x̄_A + δ n_B / n
//	M2  = M2_A + M2_B + δ² n_A n_B / n
//	C   = C_A + C_B + (n_A n_B / n) δ δᵀ
//
// Every term is a deviation, so the relative error of the merged statistic
// is a few units of rounding whatever the means: columns with mean 1e6 and
// spread 1 keep their correlations to 1e-10 (TestGramLargeMeanCorrelations).
//
// Merging is exact arithmetic up to rounding but not associative in
// floating point, so Pass merges chunk summaries in chunk order: the result
// is bit-identical for any number of workers (not for another chunk size).
//
// Accumulators encode to a small binary form (MarshalBinary) so that
// summaries of shards computed elsewhere can be merged; UnmarshalBinary
// checks every size against the bytes present and against
// featlab.DefaultMaxCells before allocating.
//
// Names travel with the statistics: an accumulator records the feature
// and target names of its first block (or of SetNames), keeps them through
// Empty, Merge and the binary form, and refuses (ErrShape) a block or an
// accumulator whose columns differ, in another order included, so two
// shards written with reordered columns cannot be mixed silently. Unnamed
// columns (nil Names) match only unnamed ones.
//
// # Sources
//
// A Source yields Chunks in order; a Chunk parses itself into a Block, so
// Pass parses several chunks at once on its workers. MatrixSource cuts an
// in-memory matrix into blocks of rows; CSVSource reads a CSV file in
// chunks of about 1 MiB cut at line ends, so memory depends on the chunk
// size and the number of columns, never on the number of rows. Cells are
// read by the datasets loaders' rules: a missing-value text
// (featlab.DefaultNA), an infinity or a number beyond the float64 range is
// ErrNotFinite, other text ErrNonNumeric, each naming its row and column.
// Quoted cells may not hold line breaks (a chunk is cut at a line end).
//
// Package featlab/stream/pqsource reads one or several Parquet shards with
// apache/arrow-go's pure-Go reader, one row group per chunk (so memory
// follows the row-group size); columns are matched by name across shards,
// and a column missing from a shard, a type change or a file that is not
// Parquet is an error naming the file. It is a package of its own so that
// stream, and every package that takes its statistics (linear, search,
// ...), does not compile or link arrow-go.
//
// # Class statistics
//
// ClassStats keeps per-class counts, means (shifted by a first value per
// feature, so large means keep their digits), M2, minima and maxima, from
// which filter.FClassifFromStats and filter.Chi2FromStats compute the
// in-memory scores; Contingency counts rows per (bin of a discretised
// feature, class), exactly mergeable, for filter.InfoGainFromCounts.
package stream
