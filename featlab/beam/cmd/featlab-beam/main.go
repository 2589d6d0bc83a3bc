// Command featlab-beam computes featlab's one-pass statistics of CSV or
// Parquet shards with Apache Beam and writes them as files in stream's binary
// encoding (<output>.moments, <output>.gram); with -lasso it then reads
// the Gram back (a local or gs:// path) and prints the lasso path computed from it on
// this machine.
//
// The runner and its options are Beam's flags, for example
//
//	featlab-beam -input 'data/part-*.csv' -target y -output stats/run1          # prism, in process
//	featlab-beam -input 'data/part-*.parquet' -target y -output stats/run1      # Parquet shards
//	featlab-beam -runner flink -endpoint localhost:8099 -environment_type LOOPBACK ...
//	featlab-beam -runner dataflow -project P -region R -staging_location gs://B/staging \
//	    -input 'gs://B/data/part-*.csv' -target y -output gs://B/stats/run1
//
// (see featlab/beam/README.md for what was tested).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs" // gs:// paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	fbeam "github.com/featlab/course/featlab/beam"
	"github.com/featlab/course/featlab/linear"
	"github.com/featlab/course/featlab/stream"
)

var (
	input  = flag.String("input", "", "glob of the CSV shards (each with a header row) or of the Parquet shards")
	format = flag.String("format", "", "csv or parquet (empty: parquet when -input ends in .parquet, csv otherwise)")
	output = flag.String("output", "", "prefix of the statistics' files: <output>.<kind>")
	target = flag.String("target", "", "name of the target column (empty: none)")
	kinds  = flag.String("kinds", "moments,gram", "comma-separated kinds of statistics: "+strings.Join(fbeam.Kinds(), ", "))
	chunk  = flag.Int("chunk_bytes", 0, "bytes of CSV text per block of rows (0: 1 MiB)")
	lasso  = flag.Bool("lasso", false, "after the pipeline, print the lasso path (with intercept) from <output>.gram")
)

func main() {
	flag.Parse()
	beam.Init()
	ctx := context.Background()
	p, err := fbeam.Pipeline(fbeam.Config{
		Input:   *input,
		Format:  *format,
		Output:  *output,
		Parquet: fbeam.ParquetConfig{Target: *target},
		Kinds:   strings.Split(*kinds, ","),
		CSV:     fbeam.CSVConfig{Target: *target, ChunkBytes: *chunk},
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := beamx.Run(ctx, p); err != nil {
		log.Fatalf("pipeline failed: %v", err)
	}
	fmt.Fprintf(os.Stderr, "statistics written to %s.{%s}\n", *output, *kinds)
	if *lasso {
		if err := printLasso(ctx, *output+".gram"); err != nil {
			log.Fatal(err)
		}
	}
}

func printLasso(ctx context.Context, path string) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	var g stream.Gram
	if err := g.UnmarshalBinary(data); err != nil {
		return err
	}
	res, err := linear.LassoPathFromStats(&g, linear.LassoPathConfig{Intercept: true, Names: g.Names()})
	if err != nil {
		return err
	}
	fmt.Printf("%d rows, %d features; lasso path of %d lambdas\n", g.Count(), g.Features(), len(res.Lambdas))
	fmt.Println(res.Selection())
	return nil
}
