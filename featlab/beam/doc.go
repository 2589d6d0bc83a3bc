// Package beam computes featlab/stream's one-pass statistics with Apache
// Beam, so data sharded over many files (local, gs://, s3://) is read in
// parallel by a Flink, Spark or Dataflow cluster; the statistics (a few
// d x d matrices at most) are written to files in stream's binary encoding
// and the exact featlab solvers (linear.LassoPathFromStats, ...) run on
// them on one machine. No solver iterates on Beam.
//
// # The pipeline
//
//	files ──ReadCSV──▶ Rows ──Statistics (StatsFn)──▶ []byte ──Write──▶ <prefix>.<kind>
//
// ReadCSV matches a glob (fileio), and parses each CSV shard with
// stream's CSV reader (the datasets loaders' rules for cells, header and
// errors) into blocks of rows. Statistics is a global Beam Combine of
// StatsFn, a CombineFn whose accumulator (Stats) holds one
// stream accumulator per requested kind ("moments", "gram", or any kind
// added with RegisterKind), all fed the same rows: AddInput is the
// accumulator's Add, MergeAccumulators its Merge (Chan et al.'s pairwise
// update), ExtractOutput the binary encoding. Write stores each kind's
// stream encoding in its own file, readable with the accumulator's
// UnmarshalBinary.
//
// # Exactness
//
// Beam merges partial accumulators in an order of its choosing, so the
// result equals stream.Pass's to rounding, not bit for bit: the tests
// find the count identical and the means and centred cross products within
// 1e-12 relative (of √(C_jj C_kk) for C_jk) for 1, 3 and 7 uneven shards.
//
// # Coders
//
// Stats and Rows have Beam coders of their own (registered in init):
// Stats by the accumulators' MarshalBinary, Rows by a flat binary form, so
// no accumulator goes through Beam's JSON fallback.
package beam
