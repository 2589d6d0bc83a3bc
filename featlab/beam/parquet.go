package beam

import (
	"context"
	"io"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/featlab/course/featlab"
	"github.com/featlab/course/featlab/stream/pqsource"
)

// ParquetConfig configures ReadParquet.
type ParquetConfig struct {
	// Target names the target column ("": every column is a feature).
	Target string
}

// ReadParquet returns the rows of the Parquet shards matching glob (a
// local path or, with the filesystem registered by an import, gs://,
// s3://, ...), one Rows per row group. Each matched file is read in a
// ParDo by pqsource (apache/arrow-go's pure-Go reader) with
// pqsource.Config{Target: cfg.Target}; a file on a remote filesystem is
// first copied to a local temporary file, since pqsource reads local
// paths. The errors are pqsource's, naming the shard: a file that is not
// Parquet wraps ErrParam, a Target that is not a column of a shard
// ErrMissing, a non-numeric column ErrNonNumeric, a null cell, a NaN or an
// infinity ErrNotFinite. Each shard is read on its own, so a shard whose
// feature columns differ from the others' (one missing, an extra one, a
// different number) is refused where its statistics meet the others'
// with an error wrapping ErrShape; columns in another order are read in
// the shard's own order and likewise refused unless their names agree. A
// shard without rows gives no Rows. A glob matching no file is an error.
func ReadParquet(s beam.Scope, glob string, cfg ParquetConfig) beam.PCollection {
	s = s.Scope("featlab.ReadParquet")
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob, fileio.MatchEmptyDisallow()))
	return beam.ParDo(s, &readParquetFn{Target: cfg.Target}, files)
}

type readParquetFn struct {
	Target string
}

func (f *readParquetFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(Rows)) error {
	path := file.Metadata.Path
	local := path
	if strings.Contains(path, "://") {
		tmp, err := copyToTemp(ctx, file)
		if err != nil {
			return featlab.Wrap(err, "beam: copying %s", path)
		}
		defer os.Remove(tmp)
		local = tmp
	}
	src, err := pqsource.New([]string{local}, pqsource.Config{Target: f.Target})
	if err != nil {
		return featlab.Wrap(err, "beam: shard %s", path)
	}
	return emitChunks(ctx, src, path, emit)
}

// copyToTemp copies a remote shard to a local temporary file and returns
// its path.
func copyToTemp(ctx context.Context, file fileio.ReadableFile) (string, error) {
	rc, err := file.Open(ctx)
	if err != nil {
		return "", err
	}
	defer rc.Close()
	tmp, err := os.CreateTemp("", "featlab-beam-*.parquet")
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(tmp, rc); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return "", err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

func init() {
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(Rows), error](&readParquetFn{})
}
