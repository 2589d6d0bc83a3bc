// Package pqsource is a stream.Source of Parquet files (apache/arrow-go,
// pure Go): one chunk per row group, columns matched by name across
// shards. It lives apart from package stream so that the packages that
// only take statistics do not depend on arrow-go.
package pqsource

import (
	"io"
	"math"
	"os"
	"unsafe"

	"github.com/featlab/course/featlab/stream"

	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"gonum.org/v1/gonum/mat"

	"github.com/featlab/course/featlab"
)

// Config configures New. Its zero value reads every column
// as a feature and refuses a null cell.
type Config struct {
	// Target names the target column ("": none).
	Target string
	// Missing is the policy for a null cell (or a NaN in a floating
	// column): featlab.MissingError (default) refuses it with an error
	// wrapping ErrNotFinite naming the file, row and column;
	// featlab.MissingAsNaN reads it as NaN. The accumulators refuse NaN,
	// so MissingAsNaN is for callers that read the blocks themselves.
	Missing featlab.MissingPolicy
}

// Source reads one or several Parquet files (shards of one data
// set) with apache/arrow-go's pure-Go reader; each row group is a chunk,
// so stream.Pass decodes several row groups at once, and memory depends on the
// row-group size and the number of columns, never on the number of rows:
// a column chunk is read page by page through a 16 KiB buffer (not
// copied whole), one column at a time, the page buffers are recycled,
// and stream.Pass hands each block back (Release) for the next row group
// to reuse, so a pass holds about 2 x workers row groups of float64 and
// makes little garbage (about 2.5 MB a row group of 13 MB, mostly
// arrow-go's per-column read buffers); a shard's footer is scanned once
// through a 32 KiB buffer and only its schema and 24 bytes a row group
// are kept (see footer): each chunk reads and decodes its own row
// group's metadata. make bench-scale, 101 DOUBLE columns in row groups of
// 16384 rows: see the package's measurements in issue 22's notes.
//
// Columns are read by name. The first file fixes the feature names (its
// columns in schema order, without the target) and their physical types;
// every other file must hold the same set of columns with the same
// physical types, in any order (a reordered shard is read by name and
// yields the first file's order). A column missing from a shard wraps
// ErrMissing, an extra column or a type change ErrShape, a file that is
// not Parquet ErrParam; each error names the file. A shard with no rows
// (no row group, or only empty ones) is skipped after its schema is
// checked. Columns must be DOUBLE, FLOAT, INT32 or INT64 (logical
// annotations such as DATE are read as their integer values; integers
// beyond 2^53 are rounded to float64), not repeated; another type wraps
// ErrNonNumeric. A NaN in a floating column counts as missing, as the
// CSV loaders read "NaN"; an infinity wraps ErrNotFinite.
//
// A Source is not safe for concurrent use (its chunks are). Each
// chunk opens its file when parsed and closes it before returning.
type Source struct {
	paths  []string
	cfg    Config
	names  []string // feature names, first file's order
	cols   []string // every column: names with the target at its place
	types  map[string]pq.Type
	file   int // next file to open
	cur    *pqFile
	rg     int // next row group of cur
	row    int64
	alloc  *poolAlloc // page buffers, shared by the chunks
	floats floatPool  // the chunks' blocks and column buffers
}

// pqFile is an open shard. Its footer is scanned once and kept without
// its row groups' metadata (see footer): a chunk reads and decodes its
// own row group's, so what a shard keeps is 24 bytes a row group plus
// its schema, whatever its number of columns.
type pqFile struct {
	path string
	meta *footer
	idx  []int // file column of each of s.cols
}

// New opens the first of paths to read the schema and returns the
// source of the rows of every file, in the order given. A Target that is
// not a column wraps ErrMissing; no path wraps ErrEmpty.
func New(paths []string, cfg Config) (*Source, error) {
	if len(paths) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "pqsource: New without files")
	}
	if cfg.Missing != featlab.MissingError && cfg.Missing != featlab.MissingAsNaN {
		return nil, featlab.Errorf(featlab.ErrParam, "pqsource: Config.Missing = %v is not MissingError or MissingAsNaN", cfg.Missing)
	}
	s := &Source{paths: append([]string(nil), paths...), cfg: cfg, types: map[string]pq.Type{}, alloc: &poolAlloc{}}
	_, md, err := readFooter(paths[0])
	if err != nil {
		return nil, err
	}
	sc := md.Schema
	for i := 0; i < sc.NumColumns(); i++ {
		c := sc.Column(i)
		name := c.Path()
		if err := numericColumn(paths[0], c.PhysicalType(), c.MaxRepetitionLevel(), name); err != nil {
			return nil, err
		}
		if _, dup := s.types[name]; dup {
			return nil, featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s names column %q twice", paths[0], name)
		}
		s.types[name] = c.PhysicalType()
		s.cols = append(s.cols, name)
		if name != cfg.Target {
			s.names = append(s.names, name)
		}
	}
	if len(s.cols) == 0 {
		return nil, featlab.Errorf(featlab.ErrEmpty, "pqsource: Parquet file %s has no columns", paths[0])
	}
	if _, ok := s.types[cfg.Target]; cfg.Target != "" && !ok {
		return nil, featlab.Errorf(featlab.ErrMissing, "pqsource: Parquet file %s has no target column %q (columns %q)", paths[0], cfg.Target, s.cols)
	}
	return s, nil
}

// Names returns the feature names (the first file's columns without the
// target).
func (s *Source) Names() []string { return append([]string(nil), s.names...) }

func numericColumn(path string, t pq.Type, rep int16, name string) error {
	switch {
	case rep > 0:
		return featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s: column %q is repeated (a list), not one number per row", path, name)
	case t == pq.Types.Double || t == pq.Types.Float || t == pq.Types.Int32 || t == pq.Types.Int64:
		return nil
	}
	return featlab.Errorf(featlab.ErrNonNumeric, "pqsource: Parquet file %s: column %q has type %v, not DOUBLE, FLOAT, INT32 or INT64", path, name, t)
}

// readFooter scans the footer of a Parquet file (see footer) and decodes
// its schema; a file that is not Parquet (or that makes the reader
// panic) wraps ErrParam.
func readFooter(path string) (ft *footer, md *metadata.FileMetaData, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "pqsource: opening Parquet file %s: %v", path, err)
	}
	defer f.Close()
	defer func() {
		if r := recover(); r != nil {
			ft, md, err = nil, nil, featlab.Errorf(featlab.ErrParam, "pqsource: %s is not a readable Parquet file: %v", path, r)
		}
	}()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "pqsource: opening Parquet file %s: %v", path, err)
	}
	if ft, err = readShardFooter(f, st.Size(), path); err != nil {
		return nil, nil, err
	}
	if md, err = ft.schemaMeta(); err != nil {
		return nil, nil, featlab.Errorf(featlab.ErrParam, "pqsource: %s is not a readable Parquet file: %v", path, err)
	}
	return ft, md, nil
}

// openShard reads the footer of s.paths[s.file] and maps s.cols to its
// columns by name.
func (s *Source) openShard() (*pqFile, error) {
	path := s.paths[s.file]
	ft, md, err := readFooter(path)
	if err != nil {
		return nil, err
	}
	sc := md.Schema
	pf := &pqFile{path: path, meta: ft, idx: make([]int, len(s.cols))}
	at := map[string]int{}
	for i := 0; i < sc.NumColumns(); i++ {
		c := sc.Column(i)
		name := c.Path()
		t, ok := s.types[name]
		if !ok {
			return nil, featlab.Errorf(featlab.ErrShape, "pqsource: Parquet file %s has column %q, which %s has not", path, name, s.paths[0])
		}
		if err := numericColumn(path, c.PhysicalType(), c.MaxRepetitionLevel(), name); err != nil {
			return nil, err
		}
		if c.PhysicalType() != t {
			return nil, featlab.Errorf(featlab.ErrShape, "pqsource: column %q is %v in Parquet file %s, %v in %s (a type change between shards)", name, c.PhysicalType(), path, t, s.paths[0])
		}
		if _, dup := at[name]; dup {
			return nil, featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s names column %q twice", path, name)
		}
		at[name] = i
	}
	for k, name := range s.cols {
		i, ok := at[name]
		if !ok {
			return nil, featlab.Errorf(featlab.ErrMissing, "pqsource: Parquet file %s has no column %q (which %s has)", path, name, s.paths[0])
		}
		pf.idx[k] = i
	}
	return pf, nil
}

// Next returns the next row group (io.EOF after the last of the last
// file). Row groups without rows are skipped.
func (s *Source) Next() (stream.Chunk, error) {
	for {
		if s.cur == nil {
			if s.file >= len(s.paths) {
				return nil, io.EOF
			}
			pf, err := s.openShard()
			if err != nil {
				return nil, err
			}
			s.cur, s.rg = pf, 0
			s.file++
		}
		if s.rg >= len(s.cur.meta.groups) {
			s.cur = nil
			continue
		}
		n := s.cur.meta.groups[s.rg].rows
		c := &pqChunk{s: s, f: s.cur, rg: s.rg, rows: n, row: s.row}
		s.rg++
		if n <= 0 {
			continue
		}
		s.row += n
		return c, nil
	}
}

type pqChunk struct {
	s    *Source
	f    *pqFile
	rg   int
	rows int64
	row  int64 // data row of the chunk's first row in the whole source
}

// Parse decodes the chunk's row group into a stream.Block.
func (c *pqChunk) Parse() (b *stream.Block, err error) {
	s := c.s
	f, err := os.Open(c.f.path)
	if err != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "pqsource: opening Parquet file %s: %v", c.f.path, err)
	}
	defer f.Close()
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s, row group %d is malformed: %v", c.f.path, c.rg, r)
		}
	}()
	md, err := c.f.meta.rowGroupMeta(f, c.rg)
	if err != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s, row group %d: %v", c.f.path, c.rg, err)
	}
	rd, err := file.NewParquetReader(f, file.WithMetadata(md), file.WithReadProps(readerProps(s.alloc)))
	if err != nil {
		return nil, featlab.Errorf(featlab.ErrParam, "pqsource: %s is not a readable Parquet file: %v", c.f.path, err)
	}
	rg := rd.RowGroup(0)
	r := int(c.rows)
	d := len(s.names)
	if err := featlab.CheckCells("pqsource: Parquet row group", c.f.path, r, len(s.cols), 0); err != nil {
		return nil, err
	}
	b = &stream.Block{Names: s.names, Target: s.cfg.Target, Row: int(c.row)}
	var xs []float64
	if d > 0 {
		xs = s.floats.get(r * d)
	}
	if s.cfg.Target != "" {
		b.Y = s.floats.get(r)
	}
	col := s.floats.get(r)
	defer s.floats.put(col)
	def := make([]int16, r)
	var conv []byte // the values of a FLOAT, INT32 or INT64 column
	k := 0
	for j, name := range s.cols {
		if err := c.readColumn(rg, c.f.idx[j], name, col, def, &conv); err != nil {
			return nil, err
		}
		if name == s.cfg.Target {
			copy(b.Y, col)
			continue
		}
		for i, v := range col {
			xs[i*d+k] = v
		}
		k++
	}
	if d > 0 {
		b.X = mat.NewDense(r, d, xs)
	}
	return b, nil
}

// Release hands b's X and Y back to the source (stream.Pass calls it
// once the accumulator has added b), for a later row group to reuse.
func (c *pqChunk) Release(b *stream.Block) {
	if b == nil {
		return
	}
	if b.X != nil {
		c.s.floats.put(b.X.RawMatrix().Data)
		b.X = nil
	}
	if b.Y != nil {
		c.s.floats.put(b.Y)
		b.Y = nil
	}
}

// readColumn decodes column i of the row group into out (one value per
// row), applying the missing-value policy; *conv is the scratch of a
// column that is not DOUBLE, reused across columns.
func (c *pqChunk) readColumn(rg *file.RowGroupReader, i int, name string, out []float64, def []int16, conv *[]byte) error {
	cr, err := rg.Column(i)
	if err != nil {
		return featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s, row group %d, column %q: %v", c.f.path, c.rg, name, err)
	}
	defer cr.Close()
	maxDef := cr.Descriptor().MaxDefinitionLevel()
	r := int64(len(out))
	var got int64
	vals := 0
	// values arrive packed (nulls skipped); they are spread below.
	for got < r {
		var total int64
		var n int
		switch t := cr.(type) {
		case *file.Float64ColumnChunkReader:
			total, n, err = t.ReadBatch(r-got, out[vals:], def[got:], nil)
		case *file.Float32ColumnChunkReader:
			buf := scratch[float32](conv, r-got)
			total, n, err = t.ReadBatch(r-got, buf, def[got:], nil)
			for q := 0; q < n; q++ {
				out[vals+q] = float64(buf[q])
			}
		case *file.Int32ColumnChunkReader:
			buf := scratch[int32](conv, r-got)
			total, n, err = t.ReadBatch(r-got, buf, def[got:], nil)
			for q := 0; q < n; q++ {
				out[vals+q] = float64(buf[q])
			}
		case *file.Int64ColumnChunkReader:
			buf := scratch[int64](conv, r-got)
			total, n, err = t.ReadBatch(r-got, buf, def[got:], nil)
			for q := 0; q < n; q++ {
				out[vals+q] = float64(buf[q])
			}
		default:
			return featlab.Errorf(featlab.ErrNonNumeric, "pqsource: Parquet file %s: column %q is not numeric", c.f.path, name)
		}
		if err != nil {
			return featlab.Errorf(featlab.ErrParam, "pqsource: Parquet file %s, row group %d, column %q: %v", c.f.path, c.rg, name, err)
		}
		if total == 0 {
			return featlab.Errorf(featlab.ErrShape, "pqsource: Parquet file %s, row group %d, column %q holds %d values for %d rows", c.f.path, c.rg, name, got, r)
		}
		got += total
		vals += n
	}
	if maxDef > 0 && vals < len(out) {
		// spread the packed values to their rows, from the end
		v := vals - 1
		for i := len(out) - 1; i >= 0; i-- {
			if def[i] == maxDef {
				out[i] = out[v]
				v--
			} else {
				out[i] = math.NaN()
			}
		}
	}
	for i, v := range out {
		if math.IsNaN(v) {
			if c.s.cfg.Missing == featlab.MissingAsNaN {
				continue
			}
			return featlab.Errorf(featlab.ErrNotFinite, "pqsource: missing value (null or NaN) in Parquet file %s at data row %d (row %d of the source), column %q (a stream has no imputer: fill or drop missing cells first, or read them as NaN with MissingAsNaN)", c.f.path, c.fileRow(i), c.row+int64(i), name)
		}
		if math.IsInf(v, 0) {
			return featlab.Errorf(featlab.ErrNotFinite, "pqsource: column %q has %v in Parquet file %s at data row %d, not a finite number", name, v, c.f.path, c.fileRow(i))
		}
	}
	return nil
}

// fileRow returns the row of the file that row i of the chunk is.
func (c *pqChunk) fileRow(i int) int64 {
	var r int64
	for g := 0; g < c.rg; g++ {
		r += c.f.meta.groups[g].rows
	}
	return r + int64(i)
}

// scratch returns n elements of type T backed by *buf, grown when short
// (one buffer serves every non-DOUBLE column of a chunk).
func scratch[T float32 | int32 | int64](buf *[]byte, n int64) []T {
	size := int(unsafe.Sizeof(T(0)))
	if need := int(n) * size; cap(*buf) < need {
		*buf = make([]byte, need)
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(*buf))), int(n))
}
