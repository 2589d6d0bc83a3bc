package beam

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // file paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream"
)

// CSVConfig configures ReadCSV: stream.CSVConfig's fields (the target
// column, the chunk size, the missing-value texts), applied to each shard.
type CSVConfig struct {
	Target     string
	ChunkBytes int
	NA         []string
}

// ReadCSV returns the rows of the CSV shards matching glob (a local path
// or, with the filesystem registered by an import, gs://, s3://, ...;
// .gz shards are decompressed), as Rows of about cfg.ChunkBytes of text
// each. Every shard has its own header; shards whose columns differ are
// refused where their statistics meet. A shard with no bytes at all is
// skipped, a header without rows gives no Rows; a cell that is missing,
// not finite or not a number fails the pipeline with the stream error
// naming the shard, row and column. A glob matching no file is an error.
func ReadCSV(s beam.Scope, glob string, cfg CSVConfig) beam.PCollection {
	s = s.Scope("featlab.ReadCSV")
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob, fileio.MatchEmptyDisallow()))
	return beam.ParDo(s, &readCSVFn{Target: cfg.Target, ChunkBytes: cfg.ChunkBytes, NA: cfg.NA}, files)
}

type readCSVFn struct {
	Target     string
	ChunkBytes int
	NA         []string
}

func (f *readCSVFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(Rows)) error {
	path := file.Metadata.Path
	rc, err := file.Open(ctx)
	if err != nil {
		return featlab.Wrap(err, "beam: opening %s", path)
	}
	defer rc.Close()
	src, err := stream.NewCSV(rc, stream.CSVConfig{Target: f.Target, ChunkBytes: f.ChunkBytes, NA: f.NA})
	if err != nil {
		if errors.Is(err, featlab.ErrEmpty) {
			return nil // a file with no bytes: an empty shard
		}
		return featlab.Wrap(err, "beam: shard %s", path)
	}
	return emitChunks(ctx, src, path, emit)
}

// emitChunks parses every chunk of the shard's source and emits its rows
// (empty blocks are skipped); errors name the shard.
func emitChunks(ctx context.Context, src stream.Source, path string, emit func(Rows)) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		c, err := src.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return featlab.Wrap(err, "beam: shard %s", path)
		}
		b, err := c.Parse()
		if err != nil {
			return featlab.Wrap(err, "beam: shard %s", path)
		}
		if r := rowsFromBlock(b); r.Len() > 0 {
			emit(r)
		}
	}
}

// Statistics combines all rows of col (a PCollection of Rows) into one
// element: the encoding of a Stats of the given kinds (see StatsFn).
func Statistics(s beam.Scope, col beam.PCollection, kinds ...string) beam.PCollection {
	s = s.Scope("featlab.Statistics")
	return beam.Combine(s, &StatsFn{Kinds: kinds}, col)
}

// Write stores each kind of the statistics in col (the output of
// Statistics) in the file prefix + "." + kind, in the stream
// accumulator's binary encoding (read it back with, for example,
// stream.Gram's UnmarshalBinary). prefix may be any path Beam's
// filesystems know (local, gs://, s3:// with their imports). The
// statistics reach the writer as a side input, so an input without any
// row (where Beam's global combine emits nothing) fails the pipeline with
// an error wrapping featlab.ErrEmpty instead of writing nothing silently.
func Write(s beam.Scope, prefix string, col beam.PCollection) {
	s = s.Scope("featlab.Write")
	beam.ParDo0(s, &writeFn{Prefix: prefix}, beam.Impulse(s), beam.SideInput{Input: col})
}

type writeFn struct{ Prefix string }

func (f *writeFn) ProcessElement(ctx context.Context, _ []byte, stats func(*[]byte) bool) error {
	var data []byte
	n := 0
	for stats(&data) {
		n++
		if n > 1 {
			return featlab.Errorf(featlab.ErrShape, "beam: Write got more than one set of statistics (give it the output of Statistics)")
		}
		var st Stats
		if err := st.UnmarshalBinary(data); err != nil {
			return err
		}
		if st.Empty() {
			break
		}
		for i, k := range st.kinds {
			enc, err := st.accs[i].MarshalBinary()
			if err != nil {
				return err
			}
			if err := writeFile(ctx, f.Prefix+"."+k, enc); err != nil {
				return err
			}
		}
	}
	if n == 0 {
		return featlab.Errorf(featlab.ErrEmpty, "beam: the input has no data rows: no statistics written to %s.*", f.Prefix)
	}
	return nil
}

func writeFile(ctx context.Context, path string, data []byte) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return featlab.Wrap(err, "beam: writing %s", path)
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return featlab.Wrap(err, "beam: writing %s", path)
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return featlab.Wrap(err, "beam: writing %s", path)
	}
	return featlab.Wrap(w.Close(), "beam: writing %s", path)
}

// Config configures Pipeline.
type Config struct {
	// Input is the glob of the shards.
	Input string
	// Format is "csv" (ReadCSV) or "parquet" (ReadParquet); "" chooses
	// "parquet" when Input ends in ".parquet" (any case), "csv" otherwise.
	Format string
	// CSV are the reading options of every CSV shard.
	CSV CSVConfig
	// Parquet are the reading options of every Parquet shard.
	Parquet ParquetConfig
	// Kinds are the statistics to compute (nil: "moments" and "gram").
	Kinds []string
	// Output is the prefix of the statistics' files: Output + "." + kind.
	Output string
}

// Pipeline builds the whole job: ReadCSV or ReadParquet, Statistics,
// Write. An unknown Format wraps ErrParam. Run it with
// beamx.Run (runner from the --runner flag) or a runner's Execute.
func Pipeline(cfg Config) (*beam.Pipeline, error) {
	if cfg.Input == "" || cfg.Output == "" {
		return nil, featlab.Errorf(featlab.ErrParam, "beam: Pipeline needs an Input glob and an Output prefix")
	}
	kinds := cfg.Kinds
	if kinds == nil {
		kinds = []string{"moments", "gram"}
	}
	if err := checkKinds(kinds); err != nil {
		return nil, err
	}
	format := cfg.Format
	if format == "" {
		format = "csv"
		if strings.HasSuffix(strings.ToLower(cfg.Input), ".parquet") {
			format = "parquet"
		}
	}
	if format != "csv" && format != "parquet" {
		return nil, featlab.Errorf(featlab.ErrParam, "beam: Pipeline Format %q (want \"csv\", \"parquet\" or \"\")", cfg.Format)
	}
	p, s := beam.NewPipelineWithRoot()
	var rows beam.PCollection
	if format == "parquet" {
		rows = ReadParquet(s, cfg.Input, cfg.Parquet)
	} else {
		rows = ReadCSV(s, cfg.Input, cfg.CSV)
	}
	Write(s, cfg.Output, Statistics(s, rows, kinds...))
	return p, nil
}

func init() {
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(Rows), error](&readCSVFn{})
	register.Emitter1[Rows]()
	register.DoFn3x1[context.Context, []byte, func(*[]byte) bool, error](&writeFn{})
	register.Iter1[[]byte]()
}
